"""The last round when every unseen card is in one known place: solved exactly by minimax.

In two-player Scopa, once the deck is empty the unseen cards are exactly the opponent's hand, so
the rest of the hand is a game of perfect information ("a carte scoperte"): a short minimax over
`push` on clones gives the exact best play. Values are the hand's points for our side minus the
others' (negated in misère); several plays can tie, and the caller breaks ties.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from scopa.state import Match, Play, PlayerView, sample_match

# A hand's final points per side -> what they are worth to the side searching.
Value = Callable[[Sequence[int]], float]
# How the other side chooses at a position (a Match, that side to move), for plays in the order of
# `legal_plays()`: the weight of its best reply (a player who solves the round too) and the chance
# of each play otherwise (a player who does not); None where it always finds its best reply.
Opponent = Callable[[Match], "tuple[float, Sequence[float]] | None"]


def solvable(view: PlayerView) -> bool:
    """Whether the hidden cards of this view can only be in one arrangement."""
    if view.phase != "play" or view.deck_left or not view.legal:
        return False
    if any(c.card is None for c in view.claims):
        return False  # SB62: a card claimed face down is somewhere this view cannot tell
    holders = [s for s, c in enumerate(view.hand_counts) if c and s != view.seat]
    return len(holders) <= 1 and sum(view.hand_counts) <= 8


def _value(tot, side: int, sides: int, sign: float) -> float:
    mine = tot[side]
    other = tot[1 - side] if sides == 2 else (sum(tot) - mine) / (sides - 1)
    return sign * (mine - other)


def _search(m: Match, side: int, value: Value, opponent: Opponent | None = None) -> float:
    maximise = m.side_of[m.turn] == side
    best = None
    plays = m.legal_plays()
    mix = None if maximise or opponent is None else opponent(m)
    mean = 0.0
    for i, p in enumerate(plays):
        c = m.clone()
        ev = c.push(p)
        if ev.hand_result is not None:
            v = value(ev.hand_result.totals)
        else:
            v = _search(c, side, value, opponent)
        if mix is not None:
            mean += mix[1][i] * v
        if best is None or (v > best if maximise else v < best):
            best = v
    return best if mix is None else mix[0] * best + mean


def solve(view: PlayerView, value: Value | None = None,
          opponent: Opponent | None = None) -> list[tuple[Play, float]]:
    """Each legal play with its exact minimax value (for a `solvable` view): by default the hand's
    points for our side minus the others', or `value` of the hand's points per side (the master
    gives its match equity: at the end of a match, winning it is what counts). With `opponent`, the
    other side's choices are weighed as it says (the master against a player that may not solve
    the round: the chance of each of its plays) instead of always its best reply."""
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
        v = value(ev.hand_result.totals) if ev.hand_result is not None else _search(c, view.side, value, opponent)
        out.append((p, v))
    return out
