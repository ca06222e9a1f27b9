"""How long `json_depth` (py/scopa/inputs.py) takes on adversarial text up to the 4 MB record limit
(issue 44: an unterminated string of `\\"` made it quadratic, 32k characters in 11 s). Prints the
figures; the unit tests (tests/unit/test_holes44.py) check the counts, never the time.

    PYTHONPATH=py python benchmarks/json_depth_speed.py
"""

from __future__ import annotations

import time

from scopa.inputs import RECORD_CHARS, json_depth

CASES = {
    'escaped quotes \\"': lambda n: '\\"' * (n // 2),
    "one string left open": lambda n: '"' + '\\"' * (n // 2 - 1),
    'quote, backslash "\\': lambda n: '"\\' * (n // 2),
    "open brackets [": lambda n: "[" * n,
    "pairs []": lambda n: "[]" * (n // 2),
    'empty strings ""': lambda n: '""' * (n // 2),
}


def main() -> None:
    """Time each case at 32k, 512k and 4M characters (the best of three runs)."""
    for name, make in CASES.items():
        row = []
        for n in (32_000, 512_000, RECORD_CHARS):
            text = make(n)
            best = min(_timed(text) for _ in range(3))
            row.append(f"{n:>9,} chars {best * 1000:8.1f} ms")
        print(f"{name:24} " + " | ".join(row))


def _timed(text: str) -> float:
    start = time.perf_counter()
    json_depth(text)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
