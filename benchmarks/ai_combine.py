"""Sum the chunks of one long arena run into the report of the whole run.

Usage: PYTHONPATH=py python benchmarks/ai_combine.py OUT.json CHUNK.json [CHUNK.json ...]
Each chunk is a finished benchmarks/ai_run.py report (FIRST gives the chunk's first match); the
chunks must play the same variant, levels and master settings and must not overlap. A report
written before the arena kept points and hands has them worked out from its moves (every seat
plays the same number of cards a hand) and checked against its rounded points a hand.
"""

from __future__ import annotations

import json
import pathlib
import sys

from scopa.rules import rules_for
from scopa_ai.arena import combine

KEPT = ("master_cap", "master_iterations", "master_settings")  # must agree between chunks


def with_points(report: dict) -> dict:
    """The report with each level's points and hands, worked out when it predates them."""
    rules = rules_for(report["variant"])
    per_side = (rules.deck - rules.table_cards) // rules.players * (rules.players // rules.sides)
    for lab, lv in report["levels"].items():
        if "hands" in lv:
            continue
        hands, rest = divmod(lv["ms_per_move"]["moves"], per_side)
        points = round(lv["points_per_hand"] * hands)
        if rest or round(points / hands, 3) != lv["points_per_hand"]:
            raise SystemExit(f"{lab}: cannot work out points and hands from {lv}")
        lv.update(points=points, hands=hands)
    return report


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    out, chunks = pathlib.Path(argv[0]), [with_points(json.loads(pathlib.Path(p).read_text())) for p in argv[1:]]
    for key in KEPT:
        if len({json.dumps(c.get(key)) for c in chunks}) > 1:
            raise SystemExit(f"the chunks differ in {key}: {[c.get(key) for c in chunks]}")
    report = combine(chunks)
    report.update({k: chunks[0][k] for k in KEPT if k in chunks[0]})
    out.write_text(json.dumps(report, indent=1) + "\n")
    lv = report["levels"]
    print(", ".join(f"{k} {v['wins']}/{v['matches']} = {v['win_rate']:.1%} {v['ci95']}, "
                    f"{v['points_per_hand']} pts/hand" for k, v in lv.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
