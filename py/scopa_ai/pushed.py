"""A hand played to its end through the engine's own `legal_plays` and `push`: the rollout of the
games whose plays the fast rollout (rollout.playout) does not know, each with its own policy."""

from __future__ import annotations

import random
from typing import Callable, Sequence

from scopa.cards import Card
from scopa.state import Match, Play


def pushed_playout(m: Match, card: Card, presa: tuple[Card, ...], rng: random.Random,
                   eps: float | Sequence[float], score: Callable[[Match, Play], float],
                   record: list | None = None,
                   reply: tuple[Card, tuple[Card, ...]] | None = None) -> tuple[int, ...]:
    """Play (card, presa) on `m` (a clone: it is used up), then for every seat the legal play
    `score` rates best, or a random one with chance `eps` (one for all or one per seat); `reply`,
    if legal, is the next seat's play, and `record` gets every play. The hand's points per side."""
    eps_of = tuple(eps) if isinstance(eps, (tuple, list)) else (eps,) * m.n
    play: Play = Play(card, presa)
    while True:
        if record is not None:
            record.append((play.card, play.presa))
        ev = m.push(play)
        if ev.hand_result is not None:
            return ev.hand_result.totals
        legal = m.legal_plays()
        if reply is not None:
            chosen = Play(*reply)
            reply = None
            if chosen in legal:
                play = chosen
                continue
        e = eps_of[m.turn]
        if len(legal) == 1 or (e and rng.random() < e):
            play = legal[rng.randrange(len(legal))]
            continue
        play = max(legal, key=lambda p: score(m, p))
