"""Tournament speed: how long simulating the computers' matches of a knock-out takes (CPython).

    PYTHONPATH=py python benchmarks/tournament_speed.py [--levels beginner,easy,expert] [--seeds 3]

For each level, a 64-seat knock-out of that level alone (63 matches) is simulated from several
seeds, and the time per simulated match (median and worst) is printed as JSON, with the whole
tournament's time. A target of the page (issue 7): a computer match simulated in well under a
second at beginner/easy/expert, so that "skip" feels instant; master searches every move and is
reported separately (one 8-seat tournament), since its moves are capped by wall time.
Pyodide in the worker is roughly 2-3x slower than CPython here.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from settebello.tournament import Tournament  # noqa: E402


def run(level: str, seats: int, seed: int, variant: str) -> tuple[float, list[float]]:
    """Simulate a whole computer tournament; return (total seconds, seconds per match)."""
    t = Tournament(variant, {}, [{"kind": "computer", "level": level}] * seats, seed)
    per_match = []
    start = time.perf_counter()
    while (nxt := t.next_table()) is not None:
        t0 = time.perf_counter()
        t.simulate(*nxt)
        per_match.append(time.perf_counter() - t0)
    return time.perf_counter() - start, per_match


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="random,beginner,easy,expert")
    ap.add_argument("--variant", default="scopa")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--master", action="store_true", help="also time an 8-seat master tournament")
    args = ap.parse_args()
    jobs = [(lvl, 64) for lvl in args.levels.split(",")] + ([("master", 8)] if args.master else [])
    for level, seats in jobs:
        totals, matches = [], []
        for seed in range(1, args.seeds + 1):
            total, per = run(level, seats, seed, args.variant)
            totals.append(total)
            matches.extend(per)
        print(json.dumps({
            "variant": args.variant, "level": level, "seats": seats, "tournaments": args.seeds,
            "tournament_s_median": round(statistics.median(totals), 2),
            "match_ms_median": round(statistics.median(matches) * 1000, 1),
            "match_ms_max": round(max(matches) * 1000, 1),
        }), flush=True)


if __name__ == "__main__":
    main()
