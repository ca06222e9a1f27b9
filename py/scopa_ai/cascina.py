"""How the computer players read builds (Scopa a cascina, SB30–SB36): what a build is worth to
the expert's score, and the master's simple search when builds are in the game.

The master's usual search (rollout.py's fast policy, inference.py's reading of past tables) knows
loose table cards only; with builds it plays this flat Monte Carlo instead: each of the expert's
best plays tried on deals sampled from the view (`sample_match` keeps the builds and gives each
other owner a card of its build's value, SB32), each hand finished by `rollout.playout_legal`
through the engine's own `legal_plays` and `push`. A modest player, and always a legal one.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from scopa.cards import VALUE, Card
from scopa.cascina import Build
from scopa.state import Play, PlayerView, sample_match
from .heuristics import Knowledge, p_holds
from .rollout import playout_legal


def on_table(view: PlayerView) -> int:
    """How many cards lie on the table, loose or in builds: a capture of them all is a sweep."""
    return len(view.table) + sum(len(b.cards) for b in view.cascine)


def build_score(k: Knowledge, view: PlayerView, play: Build, p_other: float) -> float:
    """SB30–SB33: what a build is worth to its side: the cards it will take at the next turn (the
    build, the card held for it, every loose card of its value), if nobody takes it first (or
    raises it) — `p_other`, the chance an opponent to play before then holds its value — less what
    it hands them when they do."""
    w = k.worth
    loose = sum(w[c] for c in view.table if VALUE[c] == play.value)
    held = max((w[c] for c in view.hand if c != play.card and VALUE[c] == play.value), default=0.0)
    cards = sum(w[c] for c in play.onto) + w[play.card] + loose
    return (1.0 - p_other) * (cards + held) - p_other * cards


def p_opponent_holds(view: PlayerView, value: int, unseen: Sequence[Card]) -> float:
    """The chance that some opponent who plays before our next turn holds a card of `value`."""
    n = len(view.names)
    total = len(unseen)
    have = sum(1 for c in unseen if VALUE[c] == value)
    miss = 1.0
    for step in range(1, n):
        seat = (view.seat + step) % n
        if seat % view.rules.sides == view.side:
            continue
        miss *= 1.0 - p_holds(have, total, view.hand_counts[seat])
    return 1.0 - miss


def master_choose(view: PlayerView, candidates: Sequence[Play], rng: random.Random, rollouts: int,
                  k: Knowledge, prior: Sequence[float], max_ms: float = 10000.0) -> Play:
    """The candidate with the best mean hand result over `rollouts` sampled deals each (the
    hand's points of our side minus the others', negated in misère), the expert's `prior` added."""
    sign = -1.0 if view.rules.misere else 1.0
    side, sides = view.side, view.rules.sides
    start = time.perf_counter()
    best, best_v = candidates[0], float("-inf")
    for cand, pr in zip(candidates, prior):
        total = 0.0
        done = 0
        for _ in range(rollouts):
            m = sample_match(view, rng)
            tot = playout_legal(m, cand, k, rng)
            mine = tot[side]
            others = (sum(tot) - mine) / (sides - 1)
            total += sign * (mine - others)
            done += 1
            if (time.perf_counter() - start) * 1000.0 > max_ms:
                break
        v = total / max(done, 1) + pr
        if v > best_v:
            best, best_v = cand, v
    return best
