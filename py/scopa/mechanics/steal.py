"""Rubamazzo (RULES §4 Phase 2, [002]): a side's pile stolen by a card equal to its top (SB20–SB25).

With `RuleSet.steal` every side's pile (mazzetto) lies face up, the card that made the side's last
capture on top (SB20). The top of each other side's non-empty pile is taken as a card would be taken
from the table, by the capture rule of the rule set (SB21: `equal` for Rubamazzo, `match` for
Rubamazzetto a somme, where a top counts in a sum, SB22); a capture that takes a top takes that
whole pile. The engine asks this module for the choices and for which cards of a presa are tops;
the piles' order is the engine's: a stealing side puts the stolen pile, then the table cards taken,
then the card played, on top of its own.
"""

from __future__ import annotations

from typing import Sequence

from .captures import CaptureRule
from .cards import VALUE, Card


def pile_top(pile: Sequence[Card]) -> Card | None:
    """The face-up top card of a pile (SB20): its last card; None for an empty pile."""
    return pile[-1] if pile else None


def stealable(prese: Sequence[Sequence[Card]], side: int) -> dict[Card, int]:
    """The tops `side` may steal, with the side whose pile each tops: every other side's non-empty
    pile (SB25: never one's own, so never a partner's, who shares it)."""
    return {pile[-1]: s for s, pile in enumerate(prese) if s != side and pile}


def capture_choices(rule: CaptureRule, table: Sequence[Card], tops: Sequence[Card],
                    hand: Sequence[Card]) -> list[tuple[Card, tuple[Card, ...], tuple[Card, ...]]]:
    """(card, presa, tops taken) for every legal play of `hand`: the capture rule applied to the
    sorted table and pile tops together (SB21, SB22), so R4's compulsion and priority hold for a
    steal as for any capture; a card that can take nothing is laid, `presa` empty."""
    pool = sorted([*table, *tops])
    entry = rule.positions(tuple([VALUE[c] for c in pool]))
    return _choices(entry, pool, frozenset(tops), hand)


def _choices(entry, pool: Sequence[Card], tops, hand: Sequence[Card]) -> list[tuple[Card, tuple[Card, ...], tuple[Card, ...]]]:
    out = []
    for c in hand:
        options = entry[VALUE[c]]
        if not options:
            out.append((c, (), ()))
            continue
        for pos in options:
            presa = tuple([pool[i] for i in pos])
            out.append((c, presa, tuple([t for t in presa if t in tops])))
    return out


def split_presa(prese: Sequence[Sequence[Card]], side: int, table: Sequence[Card],
                presa: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[tuple[int, Card], ...]]:
    """The cards of a legal `presa` that come from the table, and (side, top) for each pile it
    steals: a card is on the table or tops one pile, never both."""
    on_table = set(table)
    tops = stealable(prese, side)
    from_table = tuple([t for t in presa if t in on_table])
    stolen = tuple([(tops[t], t) for t in presa if t not in on_table and t in tops])
    return from_table, stolen
