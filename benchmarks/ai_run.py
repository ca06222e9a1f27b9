"""One arena run that keeps its partial report on disk while it plays (for long runs).

Usage: PYTHONPATH=py python benchmarks/ai_run.py VARIANT LEVELS MATCHES SEED OUT.json [EVERY]
The report is the same JSON as `python -m scopa arena --variant VARIANT --levels LEVELS
--matches MATCHES --seed SEED --jobs 1`; until the run ends, OUT.json holds the summary of the
first matches played (its `matches` says how many) and `"partial": true`.
"""

from __future__ import annotations

import json
import pathlib
import sys

from scopa.ai.arena import run_arena
from scopa.rules import rules_for


def main(argv: list[str]) -> None:
    variant, levels, matches, seed, out = argv[0], argv[1].split(","), int(argv[2]), int(argv[3]), argv[4]
    every = int(argv[5]) if len(argv) > 5 else 10
    path = pathlib.Path(out)

    def save(report: dict, partial: bool) -> None:
        report = dict(report, partial=partial, planned_matches=matches)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(report, indent=1) + "\n")
        tmp.replace(path)

    report = run_arena(rules_for(variant), levels, matches, seed, 1, variant,
                       progress=lambda r: save(r, True), every=every)
    save(report, False)


if __name__ == "__main__":
    main(sys.argv[1:])
