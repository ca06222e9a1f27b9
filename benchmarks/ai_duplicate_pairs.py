"""Duplicate hands for any number of seats (ai_duplicate.py plays two seats only): a master
configuration (or a level) on one side, the opponent level on the other, each deal played twice as
one hand from 0-0 with the sides swapped; the figure is the tested side's hand points minus the
other's, summed over both plays of a deal.

Usage: PYTHONPATH=py python benchmarks/ai_duplicate_pairs.py CONFIG DEALS [FIRST_SEED] [VARIANT] [OPPONENT]
CONFIG as in ai_duplicate.py (e.g. max_ms=inf, or iterations=125,max_ms=inf). VARIANT is cicera
unless given. With ENGINE_ROLLOUTS=1 in the environment, the 52 cards' rollouts go through the
engine's greedy rollout as before 2026-11-27 (rollout.by_engine), to reproduce that master.
Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time

from ai_duplicate import build
from scopa_ai import make_player
from scopa_ai import rollout
from scopa.cards import DECKS
from scopa.rules import rules_for
from scopa.state import Match

if os.environ.get("ENGINE_ROLLOUTS"):
    rollout.by_engine = lambda rules: rules.deck != 40 or rules.maresciallo


def one_hand(rules, deck, tested: str, side: int, seed: str, times: list[float], opponent: str) -> int:
    """The tested side's hand points minus the other's, the tested players at the seats of `side`."""
    m = Match(rules, first_dealer=1)
    assert m.deal(list(deck))
    players = [build(tested, random.Random(f"{seed}:t{s}")) if s % rules.sides == side
               else make_player(opponent, random.Random(f"{seed}:e{s}")) for s in range(rules.players)]
    ev = None
    while m.phase == "play":
        view = m.observe(m.turn)
        t0 = time.perf_counter()
        play = players[m.turn].choose(view)
        if m.turn % rules.sides == side:
            times.append((time.perf_counter() - t0) * 1000.0)
        ev = m.apply(play)
    tot = ev.hand_result.totals
    return tot[side] - tot[1 - side]


def main(argv: list[str]) -> None:
    tested, deals = argv[0], int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    variant = argv[3] if len(argv) > 3 else "cicera"
    opponent = argv[4] if len(argv) > 4 else "expert"
    rules = rules_for(variant)
    diffs, times = [], []
    for d in range(first, first + deals):
        deck = list(DECKS[rules.deck])
        shuffler = random.Random(f"dup:{d}")
        shuffler.shuffle(deck)
        while not Match(rules, first_dealer=1).deal(list(deck)):  # a void deal (R3): shuffle again
            shuffler.shuffle(deck)
        diffs.append(sum(one_hand(rules, deck, tested, side, f"dup:{d}:{side}", times, opponent)
                         for side in (0, 1)))
    times.sort()
    print(json.dumps({"config": tested, "opponent": opponent, "deals": deals, "first": first, "variant": variant,
                      "engine_rollouts": bool(os.environ.get("ENGINE_ROLLOUTS")),
                      "diff_per_deal": round(statistics.fmean(diffs), 3),
                      "se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 3) if len(diffs) > 1 else None,
                      "ms_median": round(times[len(times) // 2], 2),
                      "ms_p95": round(times[int(0.95 * len(times))], 2), "diffs": diffs}))


if __name__ == "__main__":
    main(sys.argv[1:])
