"""Duplicate deals, paired (issue 46): two master configurations on the same deals, in one process.

Each deal (seeded `dup:D`, as benchmarks/ai_duplicate.py deals them) is played as a single hand
from 0-0 from both seats against OPPONENT, once by configuration A and once by B, with the same
seeds for the players (common random numbers); the figure per configuration is its hand points less
the opponent's summed over the deal's two hands, and the paired figure is B's less A's on the same
deal, with its standard error (each deal's pair is also written to stderr as it ends). Both run in the same process, turn about, so their ms a move (process
time, CPython) are measured under the same load.

Usage: PYTHONPATH=py:benchmarks python benchmarks/belief_duplicate.py A B DEALS [FIRST] [OPPONENT]
A and B as ai_duplicate.py's CONFIG (e.g. belief=0,max_ms=inf and max_ms=inf). Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time

from ai_duplicate import duplicate_deck, play_hand, settings_of
from scopa_ai import make_player
from scopa_ai.master import MasterPlayer
from scopa.rules import rules_for
from scopa.state import Match


def hand(rules, deck: list[int], config: str, seat: int, seed: str, opponent: str, times: list[float]) -> int:
    """The tested configuration's hand points less the opponent's on `deck`, tested at `seat`."""
    m = Match(rules, first_dealer=1)
    players = [None, None]
    players[seat] = MasterPlayer(random.Random(f"{seed}:t"), settings_of(config))
    players[1 - seat] = make_player(opponent, random.Random(f"{seed}:e"))
    assert m.deal(list(deck))
    tot = play_hand(m, players, seat, times, clock=time.process_time).hand_result.totals
    return tot[seat] - tot[1 - seat]


def summary(xs: list[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    return round(statistics.fmean(xs), 3), round(statistics.stdev(xs) / math.sqrt(len(xs)), 3) if len(xs) > 1 else 0.0


def main(argv: list[str]) -> None:
    a, b, deals = argv[0], argv[1], int(argv[2])
    first = int(argv[3]) if len(argv) > 3 else 0
    opponent = argv[4] if len(argv) > 4 else "pimc2"
    settings_of(a), settings_of(b)  # a bad CONFIG fails before any deal
    rules = rules_for("scopa")
    diffs: dict[str, list[int]] = {a: [], b: []}
    times: dict[str, list[float]] = {a: [], b: []}
    for d in range(first, first + deals):
        deck = duplicate_deck(rules, d)
        for config in (a, b):
            diffs[config].append(sum(hand(rules, deck, config, seat, f"dup:{d}:{seat}", opponent, times[config])
                                     for seat in (0, 1)))
        # One line a deal on stderr, so that a run stopped early still gives its deals.
        print(json.dumps({"deal": d, a: diffs[a][-1], b: diffs[b][-1]}), file=sys.stderr, flush=True)
    paired = [y - x for x, y in zip(diffs[a], diffs[b])]
    out = {"a": a, "b": b, "opponent": opponent, "deals": deals, "first": first,
           "per_deal": {c: summary(diffs[c]) for c in (a, b)}, "paired_b_minus_a": summary(paired),
           "ms_median": {c: round(statistics.median(times[c]), 1) for c in (a, b)},
           "ms_p95": {c: round(sorted(times[c])[int(0.95 * len(times[c]))], 1) for c in (a, b)},
           "diffs": diffs}
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
