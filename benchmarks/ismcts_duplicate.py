"""Duplicate deals (issue 46, item 3): a level against OPPONENT, each deal from both seats.

Each deal (seeded `dup:D`, as benchmarks/ai_duplicate.py and belief_duplicate.py deal them) is
played as a single hand from 0-0 twice, LEVEL at seat 0 and then at seat 1, OPPONENT in the other
seat (the same player seeds as ai_duplicate.py); the figure is LEVEL's hand points less OPPONENT's
summed over the two (the deal's luck cancels), its mean over the deals with its standard error.
Each deal's figure goes to stderr as it ends, so a run stopped early still gives its deals.

Usage: PYTHONPATH=py:benchmarks python benchmarks/ismcts_duplicate.py LEVEL DEALS [FIRST] [OPPONENT] [ITERATIONS]
ITERATIONS, if given, is the ISMCTS level's budget (IsmctsSettings.iterations). Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from ai_duplicate import duplicate_deck, play_hand
from belief_duplicate import summary
from scopa_ai import make_player
from scopa_ai.ismcts import IsmctsPlayer, IsmctsSettings
from scopa.rules import rules_for
from scopa.state import Match


def player(level: str, rng: random.Random, iterations: int | None):
    """The level, ISMCTS at `iterations` if given."""
    if level == "ismcts" and iterations is not None:
        return IsmctsPlayer(rng, IsmctsSettings(iterations=iterations))
    return make_player(level, rng)


def main(argv: list[str]) -> None:
    level, deals = argv[0], int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    opponent = argv[3] if len(argv) > 3 else "pimc2"
    iterations = int(argv[4]) if len(argv) > 4 else None
    rules = rules_for("scopa")
    diffs, times = [], []
    for d in range(first, first + deals):
        deck = duplicate_deck(rules, d)
        total = 0
        for seat in (0, 1):
            m = Match(rules, first_dealer=1)
            assert m.deal(list(deck))
            players = [None, None]
            players[seat] = player(level, random.Random(f"dup:{d}:{seat}:t"), iterations)
            players[1 - seat] = make_player(opponent, random.Random(f"dup:{d}:{seat}:e"))
            ev = play_hand(m, players, seat, times, clock=time.process_time)
            total += ev.hand_result.totals[seat] - ev.hand_result.totals[1 - seat]
        diffs.append(total)
        print(json.dumps({"deal": d, "diff": total}), file=sys.stderr, flush=True)
    print(json.dumps({"level": level, "iterations": iterations, "opponent": opponent, "deals": deals, "first": first,
                      "per_deal": summary(diffs), "ms_median": round(statistics.median(times), 1), "diffs": diffs}))


if __name__ == "__main__":
    main(sys.argv[1:])
