"""One arena run that keeps its partial report on disk while it plays (for long runs).

Usage: PYTHONPATH=py python benchmarks/ai_run.py VARIANT LEVELS MATCHES SEED OUT.json [EVERY] [nocap] [JOBS]
The report is the same JSON as `python -m settebello arena --variant VARIANT --levels LEVELS
--matches MATCHES --seed SEED --jobs JOBS` (1 unless given; every match has its own seed, so the
result is the same for any JOBS); until the run ends, OUT.json holds the summary of the first
matches played (its `matches` says how many) and `"partial": true`.
With `nocap`, the master plays its shipped iteration budget without its wall-clock stop
(`max_ms`), so that the result does not depend on how loaded the machine is; the report then
says `"master_cap": null`.
"""

from __future__ import annotations

import json
import pathlib
import random
import sys

from scopa_ai import base
from scopa_ai.arena import run_arena
from scopa_ai.master import MasterPlayer
from scopa.rules import rules_for


def main(argv: list[str]) -> None:
    variant, levels, matches, seed, out = argv[0], argv[1].split(","), int(argv[2]), int(argv[3]), argv[4]
    every = int(argv[5]) if len(argv) > 5 else 10
    cap = MasterPlayer(random.Random(0)).max_ms
    if len(argv) > 6 and argv[6] == "nocap":
        cap = None
        base.LEVELS["master"] = lambda rng: MasterPlayer(rng, max_ms=float("inf"))
    path = pathlib.Path(out)

    def save(report: dict, partial: bool) -> None:
        report = dict(report, partial=partial, planned_matches=matches, master_cap=cap,
                      master_iterations=MasterPlayer(random.Random(0)).iterations)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(report, indent=1) + "\n")
        tmp.replace(path)

    jobs = int(argv[7]) if len(argv) > 7 else 1
    report = run_arena(rules_for(variant), levels, matches, seed, jobs, variant,
                       progress=lambda r: save(r, True), every=every)
    save(report, False)


if __name__ == "__main__":
    main(sys.argv[1:])
