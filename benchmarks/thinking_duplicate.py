"""Duplicate deals, paired (issue 46, item 4): the master's reply with more searches (the strength
the person's thinking time buys, py/scopa_ai/thinking.py) against today's, on the same deals.

Each deal (seeded `dup:D`, as benchmarks/belief_duplicate.py deals them) is played as a single hand
from 0-0 from both seats against OPPONENT, once by the master with 1 search a move (A: today's
master) and once with SEARCHES searches a move (B: every move as if the person had thought
(SEARCHES - 1) × THINK_MS), the same seeds for the players; the figure is the hand points less the
opponent's over the deal's two hands, and the paired figure B − A with its standard error (each
deal's pair also on stderr as it ends). ms a move: process time, CPython.

Usage: PYTHONPATH=py:benchmarks python benchmarks/thinking_duplicate.py SEARCHES DEALS [FIRST] [OPPONENT]
Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from ai_duplicate import duplicate_deck
from belief_duplicate import summary
from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.thinking import think
from scopa.rules import rules_for
from scopa.state import Match


def hand(rules, deck: list[int], searches: int, seat: int, seed: str, opponent: str, times: list[float]) -> int:
    """The master's hand points less the opponent's on `deck`, at `seat`, `searches` searches a move."""
    m = Match(rules, first_dealer=1)
    master = MasterPlayer(random.Random(f"{seed}:t"), MasterSettings(max_ms=float("inf")))
    other = make_player(opponent, random.Random(f"{seed}:e"))
    assert m.deal(list(deck))
    ev = None
    while m.phase == "play":
        view = m.observe(m.turn)
        if m.turn == seat:
            t0 = time.process_time()
            play = think(master, view, searches)
            times.append((time.process_time() - t0) * 1000.0)
        else:
            play = other.choose(view)
        ev = m.apply(play)
    tot = ev.hand_result.totals
    return tot[seat] - tot[1 - seat]


def main(argv: list[str]) -> None:
    searches, deals = int(argv[0]), int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    opponent = argv[3] if len(argv) > 3 else "pimc2"
    rules = rules_for("scopa")
    diffs: dict[int, list[int]] = {1: [], searches: []}
    times: dict[int, list[float]] = {1: [], searches: []}
    for d in range(first, first + deals):
        deck = duplicate_deck(rules, d)
        for n in (1, searches):
            diffs[n].append(sum(hand(rules, deck, n, seat, f"dup:{d}:{seat}", opponent, times[n]) for seat in (0, 1)))
        print(json.dumps({"deal": d, "a": diffs[1][-1], "b": diffs[searches][-1]}), file=sys.stderr, flush=True)
    paired = [y - x for x, y in zip(diffs[1], diffs[searches])]
    print(json.dumps({"a": 1, "b": searches, "opponent": opponent, "deals": deals, "first": first,
                      "per_deal": {str(n): summary(diffs[n]) for n in (1, searches)},
                      "paired_b_minus_a": summary(paired),
                      "ms_median": {str(n): round(statistics.median(times[n]), 1) for n in (1, searches)}}))


if __name__ == "__main__":
    main(sys.argv[1:])
