"""Quick strength checks, once unit tests (issue 40 moved them here: a win rate is a benchmark).

Usage: PYTHONPATH=py python benchmarks/strength.py [NAME ...]

Each check plays a small seeded arena and prints its report with the bar it used to be held to;
the exit code is 1 if a check falls below its bar. A change to a level that moves these is
measured properly on duplicate deals (benchmarks/ai_duplicate.py) and long arenas
(benchmarks/ai_run.py), with the figures in benchmarks/ai_results.md.
"""

from __future__ import annotations

import json
import sys
import time

from scopa.rules import rules_for
from scopa_ai.arena import run_arena


def pimc_beats_the_beginner_clearly() -> tuple[dict, str, bool]:
    """Two-player Scopa, pimc vs beginner, 24 matches of seed 26."""
    report = run_arena(rules_for("scopa"), ["pimc", "beginner"], 24, seed=26)
    return report, "pimc wins >= 18 of 24", report["levels"]["pimc"]["wins"] >= 18


def expert_beats_beginner_in_a_quick_arena() -> tuple[dict, str, bool]:
    """Scopa a fidasse, expert vs beginner, 40 matches of seed 1 (the 200-match arena is in
    benchmarks/ai_results.md)."""
    report = run_arena(rules_for("fidasse"), ["expert", "beginner"], 40, seed=1)
    return report, "expert wins >= 26 of 40", report["levels"]["expert"]["wins"] >= 26


CHECKS = {f.__name__: f for f in (pimc_beats_the_beginner_clearly, expert_beats_beginner_in_a_quick_arena)}


def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in CHECKS]
    if unknown:
        print(f"unknown check(s): {', '.join(unknown)}; known: {', '.join(CHECKS)}", file=sys.stderr)
        return 2
    failed = 0
    for name in names or list(CHECKS):
        check = CHECKS[name]
        start = time.perf_counter()
        report, bar, ok = check()
        levels = {lab: {k: s[k] for k in ("wins", "matches", "win_rate", "ci95", "points_per_hand")}
                  for lab, s in report["levels"].items()}
        print(json.dumps({"check": name, "bar": bar, "held": ok,
                          "levels": levels, "seconds": round(time.perf_counter() - start, 1)}))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
