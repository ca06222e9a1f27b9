"""One arena run that keeps its partial report on disk while it plays (for long runs).

Usage: PYTHONPATH=py python benchmarks/ai_run.py VARIANT LEVELS MATCHES SEED OUT.json [EVERY] [shipped|nocap|CONFIG] [JOBS] [FIRST]
The report is the same JSON as `python -m settebello arena --variant VARIANT --levels LEVELS
--matches MATCHES --seed SEED --jobs JOBS` (1 unless given; every match has its own seed, so the
result is the same for any JOBS); until the run ends, OUT.json holds the summary of the first
matches played (its `matches` says how many) and `"partial": true`.
The master plays its shipped iteration budget: the same play on any machine unless its safety
valve (`MasterSettings.max_ms`, a few seconds) cuts a search. With `nocap` it has no valve at all
(`"master_cap": null` in the report), as the runs of benchmarks/ai_results.md were made; a CONFIG
(field=value of `MasterSettings`, as in benchmarks/ai_duplicate.py, e.g. `max_ms=inf,sharp=100`)
plays the master with those settings instead (the report names them in `master_settings`).
FIRST (0 unless given) starts at that match of SEED's sequence: a long run played in chunks, each
chunk its own report, summed by benchmarks/ai_combine.py into the run it is part of.
"""

from __future__ import annotations

import json
import math
import pathlib
import sys
from dataclasses import asdict

from ai_duplicate import settings_of
from scopa_ai import base
from scopa_ai.arena import run_arena
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for


def main(argv: list[str]) -> None:
    variant, levels, matches, seed, out = argv[0], argv[1].split(","), int(argv[2]), int(argv[3]), argv[4]
    every = int(argv[5]) if len(argv) > 5 else 10
    settings = MasterSettings()
    changed = {}
    if len(argv) > 6 and argv[6] != "shipped":
        config = "max_ms=inf" if argv[6] == "nocap" else argv[6]
        settings = settings_of(config)
        changed = {k: v for k, v in asdict(settings).items() if v != getattr(MasterSettings(), k) and k != "max_ms"}
        base.LEVELS["master"] = lambda rng: MasterPlayer(rng, settings)
    cap = None if settings.max_ms == math.inf else settings.max_ms
    path = pathlib.Path(out)

    def save(report: dict, partial: bool) -> None:
        report = dict(report, partial=partial, planned_matches=matches, master_cap=cap,
                      master_iterations=settings.iterations,
                      **({"master_settings": changed} if changed else {}))
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(report, indent=1) + "\n")
        tmp.replace(path)

    jobs = int(argv[7]) if len(argv) > 7 else 1
    first = int(argv[8]) if len(argv) > 8 else 0
    report = run_arena(rules_for(variant), levels, matches, seed, jobs, variant,
                       progress=lambda r: save(r, True), every=every, first=first)
    save(report, False)


if __name__ == "__main__":
    main(sys.argv[1:])
