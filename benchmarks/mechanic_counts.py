#!/usr/bin/env python3
"""How many source files name each special mechanic (issue 42's measure, re-made on demand).

The files counted are the code of the three Python floors (`py/**/*.py`), the page's scripts
(`static/js/**/*.js`, `.mjs`) and the bridge (`static/bridge.py`); the words (i18n), the tests
and the documents are left aside. A file names a mechanic when the mechanic's word appears in it
as a whole word, in any case (`Cascina`, `cascina`; `steals` is not `steal`). The goal is at
most 5 files per mechanic.

Usage:  python3 benchmarks/mechanic_counts.py            # a table, one mechanic a line, with the
                                                         # count on each floor (engine, AI, app, page)
        python3 benchmarks/mechanic_counts.py --files    # with the files named
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# mechanic → its word: builds, claims, steals, declarations, special sweeps, modulo, the 80-card twins
MECHANICS = {"cascina": "cascina", "fidasse": "fidasse", "steal": "steal", "accuse": "accuse",
             "maresciallo": "maresciallo", "modulo": "modulo", "twins": "twin", "cirulla": "cirulla"}


def source_files(root: Path = ROOT) -> list[Path]:
    """The files counted: the Python floors, the page's scripts and the bridge."""
    files = sorted((root / "py").rglob("*.py"))
    files += sorted(p for p in (root / "static" / "js").rglob("*") if p.suffix in (".js", ".mjs"))
    return files + [root / "static" / "bridge.py"]


def naming(word: str, files: list[Path]) -> list[Path]:
    """The files in which `word` appears as a whole word, in any case."""
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return [p for p in files if pattern.search(p.read_text(encoding="utf-8", errors="replace"))]


def counts(root: Path = ROOT) -> dict[str, list[Path]]:
    """Mechanic → the source files that name it."""
    files = source_files(root)
    return {m: naming(w, files) for m, w in MECHANICS.items()}


FLOORS = (("engine", "py/scopa/"), ("ai", "py/scopa_ai/"), ("app", "py/settebello/"), ("page", "static/"))


def floor_counts(files: list[Path], root: Path = ROOT) -> dict[str, int]:
    """How many of `files` lie on each floor (the bridge is the page's)."""
    rel = [p.relative_to(root).as_posix() for p in files]
    return {name: sum(1 for r in rel if r.startswith(prefix)) for name, prefix in FLOORS}


def main(argv: list[str]) -> int:
    print(f"{'mechanic':12} {'files':>5}   " + " ".join(f"{name:>6}" for name, _ in FLOORS))
    for mechanic, files in counts().items():
        floors = floor_counts(files)
        print(f"{mechanic:12} {len(files):5}   " + " ".join(f"{floors[name]:6}" for name, _ in FLOORS))
        if "--files" in argv:
            for p in files:
                print(f"    {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
