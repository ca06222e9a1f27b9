"""`python -m scopa variants`: the engine's presets (RULES §4), one per line, id and description.

The engine's own listing, with nothing but the standard library; the full command line (records,
arenas) is `python -m settebello`.
"""

from __future__ import annotations

import sys

from .rules import PRESETS


def main(argv: list[str]) -> int:
    """List the variants; any other command is refused with what the command line offers."""
    if argv != ["variants"]:
        print("usage: python -m scopa variants   (the full command line is python -m settebello)", file=sys.stderr)
        return 2
    width = max(len(v) for v in PRESETS)
    for p in PRESETS.values():
        print(f"{p.id:<{width}}  {p.name}: {p.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
