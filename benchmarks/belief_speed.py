"""The master's ms a move with and without its belief (issue 46), on the same positions, in one run.

Collects the positions of seat 0 in HANDS hands of VARIANT played by pimc against itself (seeds
`speed46:I`), then times the master's choice from each position with `belief` off and on, turn
about (process time, so the machine's other load counts less), each from the same seed.

Usage: PYTHONPATH=py python benchmarks/belief_speed.py VARIANT HANDS
Prints one JSON object: per setting the median, p95 and max ms, and the positions.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time

from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for
from scopa.state import Match


def main(argv: list[str]) -> None:
    variant, hands = argv[0], int(argv[1])
    rules = rules_for(variant)
    views = []
    for i in range(hands):
        m = Match.new(rules, random.Random(f"speed46:{i}"))
        players = [make_player("pimc", random.Random(f"speed46:{i}:{s}")) for s in range(m.n)]
        m.deal_until_played()
        while m.phase == "play":
            view = m.observe(m.turn)
            if m.turn == 0 and len(view.legal) > 1:
                views.append(view)
            m.apply(players[m.turn].choose(view))
    times: dict[str, list[float]] = {"off": [], "on": []}
    for n, view in enumerate(views):
        for name, on in (("off", False), ("on", True)):
            player = MasterPlayer(random.Random(n), MasterSettings(max_ms=math.inf, belief=on))
            t0 = time.process_time()
            player.choose(view)
            times[name].append((time.process_time() - t0) * 1000.0)
    out = {name: {"median": round(statistics.median(ts), 1), "p95": round(sorted(ts)[int(0.95 * len(ts))], 1),
                  "max": round(max(ts), 1)} for name, ts in times.items()}
    print(json.dumps({"variant": variant, "hands": hands, "positions": len(views), **out}))


if __name__ == "__main__":
    main(sys.argv[1:])
