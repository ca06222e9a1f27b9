"""The coach's word on what an opponent probably holds (issue 46, item 5), from the master's belief.

    probable(view)   # Reason("coach.belief.none.sweep", name="Bruno", value=7, sum=7, card="3C")
                     # "Bruno probably holds no card of value 7: one would have swept 7 from the
                     #  table, and they played the Three of Cups instead." — or None

The belief (beliefs.py) weighs every hand each opponent may hold by how likely a competent player
holding it was to make the plays it made this round, from the seat's own view only. For each value
still unseen, the chance the opponent holds at least one card of it is compared with the chance
the cards alone give (every hand of its size from the unseen cards alike): the coach speaks only
when the belief is confident and learnt it from the plays: "holds" at `LIKELY` or more, at least
`LEARNT` above the cards' chance; "holds none" at `UNLIKELY` or less, at most `SHRUNK` of the
cards' chance (there the cards' chance is already small: what counts is how far the plays cut it).
Of several, it says the one the plays moved furthest.
It names the play that said most (the one whose own chance, among the hands weighed, differs most
between hands with and without the value) when that play's table shows why: a sweep or a take the
value would have made and the play passed up ("none"), or a table left that the value sweeps or
takes ("holds"; ".laid" when the card it laid is one of those: that card is named once). Speaks
where the principles do (`principles.speaks`) and the model is defined.
"""

from __future__ import annotations

from itertools import combinations
from math import comb, log
from typing import Sequence

from scopa.cards import VALUE, Card
from scopa.state import Play, PlayerView
from .beliefs import MAX_HANDS, MAX_WORK, Belief, PlayModel, defined, reading, round_plays, unknown_before
from .heuristics import knowledge, table_after
from .inference import tables_before
from .principles import Reason, speaks
from .styles import view_before

__all__ = ["LEARNT", "LIKELY", "SHRUNK", "UNLIKELY", "chances", "probable"]

# The coach says "probably holds" a value at this chance or more of holding a card of it, and only
# when the plays raised that chance by at least `LEARNT` over what the unseen cards alone give ...
LIKELY = 0.5
LEARNT = 0.25
# ... and "probably holds none" at this chance or less, and only when the plays cut it to
# `SHRUNK` or less of the unseen cards' chance.
UNLIKELY = 0.1
SHRUNK = 1 / 3


def chances(view: PlayerView, seat: int, belief: Belief) -> dict[int, tuple[float, float]]:
    """Per value with an unseen card, (the belief's chance that `seat` holds at least one card of
    it, the chance the unseen cards alone give); empty where the belief did not weigh the seat."""
    if seat not in belief.seats:
        return {}
    hands, cum = belief.seats[seat]
    unseen = view.unseen()
    n, held = len(unseen), view.hand_counts[seat]
    count: dict[int, int] = {}
    for c in unseen:
        count[VALUE[c]] = count.get(VALUE[c], 0) + 1
    having = dict.fromkeys(count, 0.0)
    prev = 0.0
    for hand, c in zip(hands, cum):
        for v in {VALUE[x] for x in hand}:
            having[v] += c - prev
        prev = c
    total = comb(n, held)
    return {v: (having[v] / cum[-1], 1.0 - comb(n - k, held) / total) for v, k in sorted(count.items())}


def _telling(view: PlayerView, seat: int, value: int, holds: bool) -> int | None:
    """The index in `view.plays` of `seat`'s play this round that says most that it `holds` a card
    of `value` (or none): the highest (lowest) ratio of its chance over the hands with a card of it
    to its chance over the hands without; None if no play points that way."""
    idx = round_plays(view).get(seat, [])
    unseen = sorted(view.unseen())
    held = view.hand_counts[seat]
    if not idx or comb(len(unseen), held) > MAX_HANDS or comb(len(unseen), held) * len(idx) > MAX_WORK:
        return None
    tables = tables_before(view)
    best, strength = None, 0.0
    for i in idx:
        play = view.plays[i][1]
        later = tuple(p.card for s, p in view.plays[i:] if s == seat)
        model = PlayModel(view_before(view, i, tables[i]), unknown_before(view, i))
        sums, counts = [0.0, 0.0], [0, 0]
        for hand in combinations(unseen, held):
            has = int(any(VALUE[c] == value for c in hand))
            sums[has] += model.chance(tuple(sorted((*hand, *later))), play)[0]
            counts[has] += 1
        if not (counts[0] and counts[1]):
            continue
        without, with_ = sums[0] / counts[0], sums[1] / counts[1]
        ratio = with_ / without if without > 0 else float("inf")
        told = _log(ratio) if holds else -_log(ratio)
        if told > strength:
            best, strength = i, told
    return best


def _log(x: float) -> float:
    """log(x), bounded for 0 and infinity (a ratio's strength)."""
    return log(min(1e9, max(1e-9, x)))


def _takes(view: PlayerView, table: Sequence[Card], value: int) -> tuple[Card, ...] | None:
    """What a card of `value` would take from `table`: the whole table if it sweeps, else the
    most cards it may take; None when it takes nothing."""
    options = knowledge(view.rules).takes(list(table), value)
    if not options:
        return None
    return max(options, key=len)


def _why(view: PlayerView, seat: int, value: int, holds: bool) -> tuple[str, dict]:
    """The key's ending and params that say which of `seat`'s plays told it (none if none shows)."""
    i = _telling(view, seat, value, holds)
    if i is None:
        return "", {}
    play: Play = view.plays[i][1]
    before = sorted(tables_before(view)[i])
    table = sorted(table_after(before, play)) if holds else before
    if holds and VALUE[play.card] == value:
        return "", {}
    took = _takes(view, table, value)
    if not took:
        return "", {}
    if len(took) == len(table):
        return ".sweep", {"sum": sum(VALUE[c] for c in table), "card": play.card}
    if play.card in took:
        # the card laid is among those the value would take: named once, the others beside it
        others = [c for c in took if c != play.card]
        return (".laid", {"card": play.card, "cards": others}) if others else (".laidOne", {"card": play.card})
    return ".take", {"cards": list(took), "card": play.card}


def probable(view: PlayerView) -> Reason | None:
    """What the coach says an opponent probably holds (a value it holds, or holds none of), or
    None when the belief is not confident or learnt nothing this round, or when the seat has but
    one play (what another holds changes nothing it can do)."""
    if len(view.legal) <= 1 or not speaks(view.rules) or not defined(view):
        return None
    belief = Belief(view, reading(view))
    sides = view.rules.sides
    said: tuple[float, int, int, bool] | None = None
    for seat in sorted(belief.seats):
        if seat % sides == view.side:
            continue  # a partner is not an opponent
        for value, (post, prior) in chances(view, seat, belief).items():
            holds = post >= LIKELY and post - prior >= LEARNT
            if not (holds or (post <= UNLIKELY and post <= SHRUNK * prior)):
                continue
            if said is None or abs(post - prior) > said[0]:
                said = (abs(post - prior), seat, value, holds)
    if said is None:
        return None
    _, seat, value, holds = said
    ending, params = _why(view, seat, value, holds)
    key = f"coach.belief.{'holds' if holds else 'none'}{ending}"
    return Reason.of(key, name=view.names[seat], value=value, **params)
