"""How often the coach's word on an opponent's hand is true (py/scopa_ai/holds.py, issue 46 item 5).

Plays single seeded hands of two-player Scopa (seeds 0..HANDS-1) between LEVEL and itself; at every
choice asks the coach (`probable`, from the seat's own view) and, when it speaks, checks the
opponent's real hand: "holds a card of value V" is true when the hand holds one, "holds none"
when it holds none. The real hand is read here on purpose, to score the sentence, never by a player.

Usage: PYTHONPATH=py python benchmarks/belief_coach.py LEVEL HANDS
Prints one JSON object: positions, and per kind of sentence how often it was said and true.
"""

from __future__ import annotations

import json
import random
import sys

from scopa.cards import VALUE
from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai import make_player
from scopa_ai.holds import probable


def main(level: str, hands: int) -> dict:
    """Play the hands and count the coach's sentences and how many were true."""
    rules = rules_for("scopa", {})
    said = {"holds": [0, 0], "none": [0, 0]}
    positions = 0
    for seed in range(hands):
        m = Match.new(rules, random.Random(seed))
        m.deal_until_played()
        players = [make_player(level, random.Random(seed * 2 + s)) for s in range(2)]
        while m.phase == "play":
            view = m.observe(m.turn)
            positions += 1
            reason = probable(view)
            if reason is not None:
                params = dict(reason.params)
                kind = reason.key.split(".")[2]
                has = any(VALUE[c] == params["value"] for c in m.hands[1 - m.turn])
                said[kind][0] += 1
                said[kind][1] += has == (kind == "holds")
            m.apply(players[m.turn].choose(view))
    return {"level": level, "hands": hands, "positions": positions,
            **{kind: {"said": s, "true": t} for kind, (s, t) in said.items()}}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]))))
