"""How the master reads an opponent: the weight of each kind of player (styles.py: careful, greedy,
novice) it gives the other seat at its moves, by hand of the match.

The master's rollouts, reply model, last round and match equity all play the other seat as the
kind it reads; a strong player read as a novice is expected to blunder. This prints what it reads
for a level, whole two-player Scopa matches seeded `kinds:{i}` (the master's search budget does not
change the reading, so a small one keeps this quick).

Usage: PYTHONPATH=py python benchmarks/ai_kinds.py LEVEL MATCHES [ITERATIONS]
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

from scopa import loop
from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.styles import CAREFUL, GREEDY, NOVICE


class ReadingMaster(MasterPlayer):
    """The master, noting the weights it reads for the other seat at each of its searches."""

    def __init__(self, rng: random.Random, settings: MasterSettings, readings: list) -> None:
        super().__init__(rng, settings)
        self.readings = readings

    def kinds(self, view):
        weights = super().kinds(view)
        other = weights.get(1 - view.seat)
        if other is not None:
            self.readings.append((len(view.results), other))
        return weights


def main(argv: list[str]) -> None:
    try:
        level, matches = argv[0], int(argv[1])
        iterations = int(argv[2]) if len(argv) > 2 else 30
        make_player(level, random.Random(0))  # an unknown level fails here, before any match
    except (IndexError, ValueError) as err:
        raise SystemExit(f"{err}\n{__doc__.strip().splitlines()[-1]}") from None
    rules = rules_for("scopa")
    readings: list = []
    for i in range(matches):
        match = Match.new(rules, random.Random(f"kinds:{i}"))
        settings = MasterSettings(iterations=iterations, max_ms=float("inf"))
        master = ReadingMaster(random.Random(f"kinds:{i}:m"), settings, readings)
        players = [master, make_player(level, random.Random(f"kinds:{i}:o"))]
        if i % 2:
            players.reverse()
        for _ in loop.play_match(match, players, 200):
            pass
    by_hand = defaultdict(list)
    for hand, w in readings:
        by_hand[min(hand, 3)].append(w)
    print(f"the master's reading of {level}, {matches} matches (mean weight careful / greedy / novice;"
          " share of moves where each weighs most)")
    for hand, ws in sorted(by_hand.items()):
        n = len(ws)
        mean = [sum(w[k] for w in ws) / n for k in (CAREFUL, GREEDY, NOVICE)]
        top = [sum(1 for w in ws if max(range(3), key=lambda k: w[k]) == k) / n for k in range(3)]
        label = f"hand {hand + 1}" if hand < 3 else "hand 4+"
        print(f"  {label:8} {n:4} moves  mean {mean[0]:.2f} / {mean[1]:.2f} / {mean[2]:.2f}"
              f"  most {top[0]:.2f} / {top[1]:.2f} / {top[2]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
