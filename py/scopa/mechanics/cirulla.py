"""Cirulla, the Genoese Scopa (RULES R21–R27, rulings SB80–SB86): its own rules, in one module.

The rule set plays captures by 15 beside R4 (`capture` "match+fifteen", R22) and the piccola as
O8's napola (R27); this mechanic, turned on by the `cirulla` option, adds the rest:

- the Asso pigliatutto (R23, SB82): an Asso played when no Asso lies on the table takes it all;
- the deal's table (R24, SB83): four cards adding up to 15 or 30 go to the dealer, who declares
  them for 1 or 2 points;
- the declarations of the hand dealt (R25, SB84), the set `buone` of the declaration machinery
  (accuse.py), where the matta, the 7 of Coppe, stands for the value that makes them (R26, SB85);
- the grande (R27, SB86): Re, Cavallo and Fante of denari taken together, 5 points.

    >>> from scopa.cards import parse_cards
    >>> [(a.kind, a.points) for a in accuse_of("buone", 0, parse_cards(["7C", "2D", "2S"]))]
    [('buona-dieci', 10)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..cards import SUIT, VALUE, Card, card, cards_str
from ..options import OptionSpec
from ..plays import Play, new_play
from ..result import HandResult
from .accuse import Accusa, AccusaKind, Declared, accuse_of, register
from .base import Exclusion, Mechanic

MATTA = card(7, "C")  # R26: the 7 of Coppe (Cuori), wild in a declaration
MATTA_LOW = 1  # SB85: what the matta counts in a poor hand
GRANDE = (card(8, "D"), card(9, "D"), card(10, "D"))  # R27: Fante, Cavallo and Re of denari
GRANDE_POINTS = 5
TABLE_SUMS = {15: "quindici", 30: "trenta"}  # R24: the deal's table and the points it scores


@dataclass(frozen=True)
class WildKind(AccusaKind):
    """A declaration in which the matta stands for any value (R26, SB85): as `MATTA_LOW` in a sum,
    as the others' value in cards alike. `exact_sum` is a table's sum (R24) instead of a pattern."""

    exact_sum: int | None = None

    def matches(self, cards: Sequence[Card]) -> bool:
        """Whether these cards make the kind, the matta given the value that makes it."""
        if self.exact_sum is not None:
            return len(cards) == self.size and sum(VALUE[c] for c in cards) == self.exact_sum
        return self.wild_value(cards) is not None or AccusaKind.matches(self, cards)

    def wild_value(self, cards: Sequence[Card]) -> int | None:
        """The value the matta takes to make this kind with `cards`, or None (no matta, or no value)."""
        if MATTA not in cards or len(cards) != self.size:
            return None
        rest = [VALUE[c] for c in cards if c != MATTA]
        if self.equal == "all":
            return rest[0] if rest and len(set(rest)) == 1 else None
        if self.max_sum is not None:
            return MATTA_LOW if sum(rest) + MATTA_LOW <= self.max_sum else None
        return None

    def wild(self, cards: Sequence[Card]) -> tuple[Card, int] | None:
        """(the matta, the value it takes) in a declaration of these cards, or None."""
        value = self.wild_value(cards)
        return None if value is None else (MATTA, value)


# R25: the buona da tre (three cards of 9 or less) and da dieci (three alike); R24: the table's.
BUONA_TRE = WildKind("buona-tre", "Buona da tre", 3, 3, max_sum=9)
BUONA_DIECI = WildKind("buona-dieci", "Buona da dieci", 3, 10, equal="all")
QUINDICI = WildKind("quindici", "Quindici in tavola", 4, 1, exact_sum=15)
TRENTA = WildKind("trenta", "Trenta in tavola", 4, 2, exact_sum=30)
register("buone", (BUONA_DIECI, BUONA_TRE), (QUINDICI, TRENTA))


def wild_value(accusa: Accusa) -> int | None:
    """The value the matta took in a declaration made (SB85), or None when it holds none."""
    kind = {k.id: k for k in (BUONA_TRE, BUONA_DIECI)}.get(accusa.kind)
    return None if kind is None else kind.wild_value(accusa.cards)


def table_declaration(dealer: int, table: Sequence[Card]) -> Accusa | None:
    """R24, SB83: the dealer's declaration of the table dealt, when its four cards make 15 or 30."""
    kind = {15: QUINDICI, 30: TRENTA}.get(sum(VALUE[c] for c in table))
    if kind is None or len(table) != kind.size:
        return None
    return Accusa(dealer, kind.id, tuple(sorted(table)), kind.points)


def pigliatutto(table: Sequence[Card]) -> bool:
    """R23: whether an Asso played now takes the whole table (cards on it, none an Asso)."""
    return bool(table) and all(VALUE[c] != 1 for c in table)


def grande_sides(piles: Sequence[Sequence[Card]]) -> list[int]:
    """R27: the sides whose pile holds all three cards of the grande."""
    return [side for side, pile in enumerate(piles) if set(GRANDE) <= set(pile)]


def with_grande(result: HandResult, piles: Sequence[Sequence[Card]]) -> HandResult:
    """The hand's result with the category `grande` (SB86): 5 to the side that took it, its cards
    in that side's detail."""
    points = [dict(p) for p in result.points]
    detail = [dict(d) for d in result.detail]
    won = grande_sides(piles)
    for side in range(len(points)):
        points[side]["grande"] = GRANDE_POINTS if side in won else 0
        if side in won:
            detail[side]["grande"] = cards_str(GRANDE)
    return replace(result, categories=result.categories + ("grande",), points=tuple(points), detail=tuple(detail))


class Cirulla(Mechanic):
    """Cirulla's own rules beside the declarations and the 15-captures its rule set names (R21–R27)."""

    name = "cirulla"
    order = 80  # last: its Asso reads every other mechanic's play
    check_order = 70
    option = "cirulla"
    words = {"napola": "piccola"}  # R27: O8's napola, as Cirulla's players call it
    excludes = (
        Exclusion("cirulla", "cirulla plays its own Asso pigliatutto (R23) on 40 cards: it is not played with "
                  "ace_takes_all, {piles}, {builds}, {claims} or another deck", "option.cirulla",
                  off=("ace_takes_all", "deck"), off_traits=("piles", "builds", "claims")),
    )

    def specs(self) -> dict[str, Any]:
        """R21–R27: Cirulla's own rules."""
        return {"cirulla": OptionSpec(bool, help="an Asso takes the whole table when none lies there; a table of 15 or 30 "
                                                 "goes to the dealer; the grande of denari scores 5 (R23, R24, R27)")}

    def new_hand(self, m: "Match") -> None:
        """R24, SB83: a table dealt of 15 or 30 goes to the dealer's pile, declared for 1 or 2 points."""
        if not self.active(m.rules) or not m.table or m.rules.accuse == "none":
            return
        declared = table_declaration(m.dealer, m.table)
        if declared is None:
            return
        m.prese[m.side_of[m.dealer]].extend(m.table)
        m.table = []
        m.last_capturer = m.dealer
        m.accuse.append(declared)

    def more_plays(self, m: "Match", plays: list) -> list:
        """R23, SB82: with no Asso on the table, each Asso's only play takes the whole table."""
        table = m.table
        if not pigliatutto(table):
            return plays
        out: list = []
        for p in plays:
            if VALUE[p.card] != 1:
                out.append(p)
                continue
            whole = (Declared(p.card, tuple(table), p.accuse) if type(p) is Declared
                     else new_play(Play, (p.card, tuple(table))))
            if whole not in out:
                out.append(whole)
        return out

    def score(self, m: "Match", result: HandResult) -> HandResult:
        return with_grande(result, m.prese)  # R27, SB86

    def sets(self, rules: Any) -> tuple[tuple[tuple[Card, ...], int], ...]:
        return ((GRANDE, GRANDE_POINTS),)  # R27: the grande, all three for 5


CIRULLA = Cirulla()
MECHANIC = CIRULLA  # found by the package (`mechanics._discover`), not listed by hand

__all__ = ["BUONA_DIECI", "BUONA_TRE", "CIRULLA", "GRANDE", "MATTA", "QUINDICI", "TRENTA", "WildKind",
           "grande_sides", "pigliatutto", "table_declaration", "wild_value", "with_grande"]
