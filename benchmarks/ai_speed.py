"""Milliseconds per move of each computer level, in whatever Python runs this file.

Plays a few seeded 11-point matches of a variant (the level against the expert) and times every
`choose`. Run it in CPython (`PYTHONPATH=py python benchmarks/ai_speed.py`) or in Pyodide under
Node (`node benchmarks/ai_speed_pyodide.mjs`), which is a proxy for the browser's worker.
Prints one JSON object: level -> {median, p95, max, moves}, and for the master how many searches
it ran and how many of them its safety valve cut (`capped`: then a move depended on the machine).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from scopa_ai import make_player
from scopa.rules import rules_for
from scopa.state import Match


def measure(level: str, variant: str = "scopa", matches: int = 2, seed: int = 1) -> dict:
    """Time every move of `level` over `matches` matches against the expert."""
    rules = rules_for(variant)
    times = []
    searches = capped = 0
    for i in range(matches):
        rng = random.Random(f"speed:{seed}:{i}")
        m = Match.new(rules, rng)
        players = [make_player(level if s % rules.sides == i % 2 else "expert", random.Random(f"{seed}:{i}:{s}"))
                   for s in range(m.n)]
        while m.phase != "over":
            m.deal_until_played()
            while m.phase == "play":
                view = m.observe(m.turn)
                t0 = time.perf_counter()
                play = players[m.turn].choose(view)
                dt = (time.perf_counter() - t0) * 1000
                if m.turn % rules.sides == i % 2:
                    times.append(dt)
                m.apply(play)
        tested = [p for s, p in enumerate(players) if s % rules.sides == i % 2]
        searches += sum(getattr(p, "searches", 0) for p in tested)
        capped += sum(getattr(p, "capped", 0) for p in tested)
    times.sort()
    out = {"median": round(statistics.median(times), 2), "p95": round(times[int(0.95 * len(times))], 2),
           "max": round(times[-1], 2), "moves": len(times)}
    if searches:
        out.update(searches=searches, capped=capped)
    return out


def main(argv: list[str]) -> None:
    variant = argv[0] if argv else "scopa"
    matches = int(argv[1]) if len(argv) > 1 else 2
    levels = argv[2].split(",") if len(argv) > 2 else ["beginner", "easy", "expert", "master"]
    out = {"variant": variant, "python": sys.version.split()[0], "platform": sys.platform}
    for level in levels:
        out[level] = measure(level, variant, matches)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
