"""How well the belief (py/scopa_ai/beliefs.py, issue 46) finds a hidden hand: cheap, no search.

Plays two-player Scopa matches between OPPONENT and itself (seeds `acc:I`); at each choice of a seat
whose opponent has played in the round and still holds cards, every hand the opponent may hold is
weighed four ways and the log-probability each gives the opponent's true hand is added up: a
uniform deal (today's sampler without likely deals), today's master's likely deals (its kinds of
player, inference.play_likelihood, as importance weights), the belief, and both (their product). The gain over uniform in
nats a position says how much of the hand the plays reveal to each; the true hand is read here on
purpose, to score the guesses, never by a player.

Usage: PYTHONPATH=py python benchmarks/belief_accuracy.py OPPONENT MATCHES
Prints one JSON object (per opponent hand size: positions, mean log-probability of the true hand
under each, and the mean probability the belief and today's give each true card against uniform).
"""

from __future__ import annotations

import json
import math
import random
import sys
from itertools import combinations

from scopa_ai import make_player
from scopa_ai.beliefs import Belief, reading
from scopa_ai.inference import play_likelihood
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for
from scopa.state import Match, Play, sample_match


def main(argv: list[str]) -> None:
    opponent, matches = argv[0], int(argv[1])
    rules = rules_for("scopa")
    stats: dict[int, dict[str, float]] = {}
    for i in range(matches):
        m = Match.new(rules, random.Random(f"acc:{i}"))
        players = [make_player(opponent, random.Random(f"acc:{i}:{s}")) for s in range(2)]
        readers = [MasterPlayer(random.Random(0), MasterSettings()) for _ in range(2)]
        hands = 0
        while m.phase != "over" and hands < 40:
            m.deal_until_played()
            while m.phase == "play":
                seat = m.turn
                view = m.observe(seat)
                other = 1 - seat
                readers[seat].watch(view)
                held = view.hand_counts[other]
                if held and all(type(p) is Play for p in view.legal) and any(
                        s == other for s, _ in view.plays[(len(view.plays) // 6) * 6:]):
                    true = tuple(sorted(m.hands[other]))
                    unseen = sorted(view.unseen())
                    hands_all = list(combinations(unseen, held))
                    belief = Belief(view, reading(view, readers[seat]._competent))
                    bh, cum = belief.seats[other]
                    weights = dict(zip(bh, [c - p for c, p in zip(cum, [0.0, *cum[:-1]])]))
                    total_b = cum[-1]
                    lik = play_likelihood(view, readers[seat].styles, readers[seat].kinds(view))
                    probe = sample_match(view, random.Random(1))
                    today = {}
                    for h in hands_all:
                        probe.hands[other] = list(h)
                        today[h] = lik(probe) if lik is not None else 1.0
                    total_t = sum(today.values())
                    both = {h: today[h] * weights.get(h, 0.0) for h in hands_all}
                    total_both = sum(both.values())
                    st = stats.setdefault(held, {"positions": 0, "uniform": 0.0, "today": 0.0, "belief": 0.0, "both": 0.0})
                    st["positions"] += 1
                    st["uniform"] += -math.log(len(hands_all))
                    st["today"] += math.log(max(1e-300, today[true] / total_t))
                    st["belief"] += math.log(max(1e-300, weights.get(true, 0.0) / total_b))
                    st["both"] += math.log(max(1e-300, both[true] / total_both))
                m.apply(players[seat].choose(view))
            hands += 1
    out = {str(h): {"positions": int(st["positions"]),
                    **{k: round(st[k] / st["positions"], 3) for k in ("uniform", "today", "belief", "both")},
                    "true_hand_vs_uniform": {k: round(math.exp((st[k] - st["uniform"]) / st["positions"]), 2)
                                             for k in ("today", "belief", "both")}}
           for h, st in sorted(stats.items())}
    print(json.dumps({"opponent": opponent, "matches": matches, "by_hand_size": out}))


if __name__ == "__main__":
    main(sys.argv[1:])
