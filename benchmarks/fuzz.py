"""The fuzz at full size: random and mutated inputs to the engine, records, the session and the bridge.

    nice -n 5 .venv/bin/python benchmarks/fuzz.py                       # the counts of issue 25
    .venv/bin/python benchmarks/fuzz.py --engine 10000 --records 1000 --session 1000 --bridge 1000

The inputs and their oracles are tests/fuzzkit.py's (the unit tests, tests/unit/test_fuzz.py, run
a few hundred of each). Each input is counted as accepted (and then checked: a play is exactly a
legal play of the engine's types, a record replays to a legal game, a session answer is JSON),
refused (the engine's own error, and nothing changed), wrongly accepted or refused with a change
("wrong"), or escaped (any other exception, or a bug envelope from the bridge). The figures are
printed as a Markdown table; the exit status is 1 if anything was wrong or escaped. One process
(the machine is shared): no parallel jobs.
"""

from __future__ import annotations

import argparse
import collections
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzzkit as fk  # noqa: E402


def run(kind: str, count: int, seed: int, progress: bool) -> tuple[collections.Counter, list[str], float]:
    """Run `count` inputs of one kind; the verdict counts, the first problems, the seconds taken."""
    rng = random.Random(seed)
    if kind == "engine":
        table = fk.EngineTable(seed)
        case = lambda: fk.engine_case(rng, table)  # noqa: E731
    elif kind == "records":
        records = fk.real_records(seed, 40)
        case = lambda: fk.record_case(rng, records)  # noqa: E731
    elif kind == "session":
        bench = fk.SessionBench(seed)
        case = lambda: fk.session_case(rng, bench)  # noqa: E731
    else:
        records, bench, bridge = fk.real_records(seed, 20), fk.SessionBench(seed + 1), fk.load_bridge()
        case = lambda: fk.bridge_case(rng, bridge, records, bench)  # noqa: E731
    counts: collections.Counter = collections.Counter()
    problems: list[str] = []
    start = time.perf_counter()
    step = max(1, count // 20)
    for i in range(1, count + 1):
        outcome = case()
        counts[outcome.verdict] += 1
        if outcome.verdict in ("wrong", "escaped") and len(problems) < 20:
            problems.append(f"{outcome.verdict}: {outcome.detail}")
        if progress and i % step == 0:
            print(f"  {kind}: {i:,}/{count:,} {dict(counts)} {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    return counts, problems, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", type=int, default=1_000_000, help="inputs to Match.apply / Match.play")
    parser.add_argument("--records", type=int, default=100_000, help="mutated records to from_record")
    parser.add_argument("--session", type=int, default=100_000, help="bad requests to Session.call")
    parser.add_argument("--bridge", type=int, default=20_000, help="request texts to the bridge's game and replay")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args()
    if min(args.engine, args.records, args.session, args.bridge) < 0 or not 0 <= args.seed < 2**32:
        parser.error("counts must be >= 0 and the seed 0 to 2**32 - 1")
    rows, failed = [], False
    for kind, count in (("engine", args.engine), ("records", args.records), ("session", args.session),
                        ("bridge", args.bridge)):
        if not count:
            continue
        counts, problems, seconds = run(kind, count, args.seed, not args.quiet)
        rows.append((kind, count, counts, seconds))
        for p in problems:
            print(f"{kind}: {p}")
        failed = failed or bool(counts["wrong"] or counts["escaped"])
    print(f"Python {platform.python_version()}, seed {args.seed}\n")
    print("| inputs | count | accepted | refused | wrongly accepted or changed | escaped | seconds | µs each |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    what = {"engine": "engine plays (`Match.apply`, `Match.play`)", "records": "mutated records (`from_record`)",
            "session": "bad session requests (`Session.call`)", "bridge": "request texts to the bridge"}
    for kind, count, counts, seconds in rows:
        print(f"| {what[kind]} | {count:,} | {counts['accepted']:,} | {counts['refused']:,} | {counts['wrong']:,} "
              f"| {counts['escaped']:,} | {seconds:,.0f} | {seconds / count * 1e6:,.0f} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
