"""Diagnostic, not a level: how much the master would win if it knew the hidden cards.

The shipped master (`MasterPlayer`, 250 iterations, no time cap) plays 11-point Scopa matches
against a level as in benchmarks/ai_run.py (seeds `1:I`, the master on side I % 2), but its
determinisations are not sampled from its view: with `deal` each one is the true state (the
opponent's hand and the deck in its real order), with `hand` the opponent's true hand and the deck
shuffled; with `seen` the opponent's true hand only once it has played in this round (the master
leads a round knowing nothing of the new hand, as in a real game, and samples as it always does);
with `view` nothing is told (the shipped master on the same seeds and seats, the baseline).
The gap between these and the real master says how much of its distance to a target is
what it cannot know, and how much better inference of the opponent's hand could give at most.
This reads hidden cards on purpose (the true state is handed to the sampler here, never to a level).

Usage: PYTHONPATH=py python benchmarks/ai_oracle.py deal|hand|seen|view OPPONENT MATCHES [FIRST] [belief]
With `belief` the master draws its own deals from its belief (MasterSettings.belief, issue 46).
Prints one JSON object (win rate with its 95 % interval, points per hand of each side).
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import replace

from scopa_ai import make_player
from scopa_ai.arena import wilson
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for
from scopa.state import Match, PlayerView


def _opponent_played(view: PlayerView) -> bool:
    """Whether another seat has played in this round of dealing (the master does not lead it)."""
    per_round = len(view.names) * view.rules.hand_size
    start = (len(view.plays) // per_round) * per_round
    return any(s != view.seat for s, _ in view.plays[start:])


class OracleMaster(MasterPlayer):
    """The master with its determinisations taken from the true match (`true`, set by the
    caller): `deal` the true state, `hand` the opponent's true hand with the deck shuffled, `seen`
    that only once the opponent has played in this round (else the master's own deal), `view`
    never (the master's own deal always)."""

    def __init__(self, rng: random.Random, settings: MasterSettings, mode: str):
        super().__init__(rng, settings)
        if mode not in ("deal", "hand", "seen", "view"):
            raise SystemExit(f"mode is deal, hand, seen or view, not {mode!r}")
        self.mode = mode
        self.true: Match | None = None

    def deal(self, view: PlayerView, unlikely, keep) -> Match:
        """The truth, as far as the mode tells it."""
        if self.mode == "view" or (self.mode == "seen" and not _opponent_played(view)):
            return super().deal(view, unlikely, keep)
        m = self.true.clone()
        if self.mode != "deal":
            self.rng.shuffle(m.mazzo)
        return m


def main(argv: list[str]) -> None:
    mode, opponent, matches = argv[0], argv[1], int(argv[2])
    first = int(argv[3]) if len(argv) > 3 else 0
    settings = replace(MasterSettings(), max_ms=math.inf, belief=len(argv) > 4 and argv[4] == "belief")
    rules = rules_for("scopa")
    wins = hands = 0
    points = [0, 0]
    for i in range(first, first + matches):
        m = Match.new(rules, random.Random(f"1:{i}"))
        side = i % 2
        players = [None, None]
        master = players[side] = OracleMaster(random.Random(f"1:{i}:{side}"), settings, mode)
        players[1 - side] = make_player(opponent, random.Random(f"1:{i}:{1 - side}"))
        master.true = m
        played = 0
        while m.phase != "over" and played < 40:
            m.deal_until_played()
            while m.phase == "play":
                m.apply(players[m.turn].choose(m.observe(m.turn)))
            played += 1
        wins += m.winner == side
        points[0] += m.totals[side]
        points[1] += m.totals[1 - side]
        hands += played
    print(json.dumps({"mode": mode, "opponent": opponent, "matches": matches, "first": first,
                      "wins": wins, "win_rate": round(wins / matches, 4), "ci95": wilson(wins, matches),
                      "pts_per_hand": [round(p / hands, 3) for p in points]}))


if __name__ == "__main__":
    main(sys.argv[1:])
