"""The last round when every unseen card is in one known place: solved exactly by minimax.

In two-player Scopa, once the deck is empty the unseen cards are exactly the opponent's hand, so
the rest of the hand is a game of perfect information ("a carte scoperte"): a short minimax over
`push` on clones gives the exact best play. Values are the hand's points for our side minus the
others' (negated in misère); several plays can tie, and the caller breaks ties.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..state import Match, Play, PlayerView, sample_match

# A hand's final points per side -> what they are worth to the side searching.
Value = Callable[[Sequence[int]], float]


def solvable(view: PlayerView) -> bool:
    """Whether the hidden cards of this view can only be in one arrangement."""
    if view.phase != "play" or view.deck_left or not view.legal:
        return False
    holders = [s for s, c in enumerate(view.hand_counts) if c and s != view.seat]
    return len(holders) <= 1 and sum(view.hand_counts) <= 8


def _value(tot, side: int, sides: int, sign: float) -> float:
    mine = tot[side]
    other = tot[1 - side] if sides == 2 else (sum(tot) - mine) / (sides - 1)
    return sign * (mine - other)


def _search(m: Match, side: int, value: Value) -> float:
    maximise = m.side_of[m.turn] == side
    best = None
    for p in m.legal_plays():
        c = m.clone()
        ev = c.push(p)
        if ev.hand_result is not None:
            v = value(ev.hand_result.totals)
        else:
            v = _search(c, side, value)
        if best is None or (v > best if maximise else v < best):
            best = v
    return best


def solve(view: PlayerView, value: Value | None = None) -> list[tuple[Play, float]]:
    """Each legal play with its exact minimax value (for a `solvable` view): by default the hand's
    points for our side minus the others', or `value` of the hand's points per side (the master
    gives its match equity: at the end of a match, winning it is what counts)."""
    m = sample_match(view, random.Random(0))  # one arrangement only: the generator is irrelevant
    if value is None:
        sign = -1.0 if view.rules.misere else 1.0
        side, sides = view.side, view.rules.sides

        def value(tot: Sequence[int]) -> float:
            return _value(tot, side, sides, sign)
    out = []
    for p in view.legal:
        c = m.clone()
        ev = c.push(p)
        v = value(ev.hand_result.totals) if ev.hand_result is not None else _search(c, view.side, value)
        out.append((p, v))
    return out
