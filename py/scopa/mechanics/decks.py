"""Decks other than the 40 cards (SB37): Cicera's 52 and the 80 cards of two decks, whose twins
take each other only alone (SB42).

With 52 cards the three courts are valued 11 to 13 and need not take (SB38: the core's); with 80,
a card takes its twin (the same card of the other deck) only when the twin is alone on the table,
and otherwise takes as if the twin were not there. The other decks play with the capture rule
`match` only, without sums counted by residue (SB5), steals, builds or declarations; the 52 cards are scored the way
of Cicera, and only they are (SB50).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..cards import FACE, VALUE, Card, twin_of
from ..cards import DECKS as CARD_DECKS
from ..options import OptionSpec
from ..plays import LAY, Play
from .base import Exclusion, Mechanic

GEMELLE = "gemelle"  # SB42: a card sweeping its own twin, alone on the table, among the 80 cards
GEMELLE_POINTS = 3


def options_among_twins(rule: "CaptureRule", rules: Any, table: Sequence[Card], card: Card) -> list[tuple[Card, ...]]:
    """SB42: among the 80 cards a card takes its twin only when the twin is alone on the table
    (sweeping it); otherwise it takes as if its twin were not there. The Asso that takes all (S5)
    takes the table as it is."""
    twin = twin_of(card)
    if len(table) < 2 or twin not in table or (rules.ace_takes_all and VALUE[card] == 1):
        return rule.options(table, card)
    return rule.options([t for t in table if t != twin], card)


def without_twins(m: "Match", plays: list) -> list:
    """The plays once SB42 is applied (`options_among_twins`)."""
    table = m.table
    if len(table) < 2:
        return plays
    out: list = []
    done: set[Card] = set()
    for p in plays:
        c = p.card
        if twin_of(c) not in table:
            out.append(p)
        elif c not in done:
            done.add(c)
            options = options_among_twins(m.capture_rule, m.rules, table, c)
            out.extend([Play(c, o) for o in options] or [LAY[c]])
    return out


class Decks(Mechanic):
    """The 52 and the 80 cards (SB37, SB42, SB50)."""

    name = "decks"
    order = 50  # a deck's sweeps scored before the Re di picche's (60)
    check_order = 40
    option = "deck"
    excludes = (Exclusion("deck", "the {value} cards are played with the capture rule match only, without {residues}, "
                          "steals, builds or declarations (SB37)", "option.deck",
                          off=("capture",), off_traits=("residues", "piles", "builds", "declarations")),)

    def specs(self) -> dict[str, Any]:
        """SB37: the deck, and the French look of its cards."""
        return {"deck": OptionSpec(int, choices=tuple(CARD_DECKS), help="the deck: 40 cards, 52 (courts take only courts) or 80 (two of 40) (SB37)",
                                   house_rule=False),
                "french": OptionSpec(bool, help="French-suited cards: Quadri, Cuori, Fiori, Picche (SB37)")}

    def check(self, rules: Any, mechanics: Iterable[Mechanic] = ()) -> tuple[str, str] | None:
        """The exclusions, then SB50: the 52 cards go with Cicera's scoring, both ways."""
        broken = super().check(rules, mechanics)
        if broken is None and (rules.scoring == "cicera") != (rules.deck == 52):
            return "the 52 cards are scored the way of Cicera, and only they are (SB50)", "option.deck"
        return broken

    examples = {
        # SB38: among the 52 cards a Knave takes the other Knave, never 5 + 6, or is laid
        "court": (("5C", "6B", "11S"), "11D"),
        # SB42: among the 80 cards a Five takes the other Five, never its twin ...
        "twin": (("5C", "5S'"), "5S"),
        # ... and sweeps its twin when it lies alone
        "twin_alone": (("5S'",), "5S"),
    }

    def scenes(self, rules: Any) -> tuple[str, ...]:
        """The 52 cards' courts (SB38), the 80 cards' twins (SB42)."""
        return {52: ("court",), 80: ("twin", "twin_alone")}.get(rules.deck, ())

    def example_takes(self, rule: Any, rules: Any, table: Sequence[Card], tops: Sequence[Card],
                      card: Card) -> list[tuple[Card, ...]]:
        return options_among_twins(rule, rules, table, card)  # SB42

    def more_plays(self, m: "Match", plays: list) -> list:
        return without_twins(m, plays) if m.rules.deck == 80 else plays

    def sweeps(self, rules: Any) -> dict[str, int]:
        """SB42: among the 80 cards a card sweeping its twin scores 3, and no scopa."""
        return {GEMELLE: GEMELLE_POINTS} if rules.deck == 80 else {}

    def sweep_kind(self, rules: Any, card: Card, presa: Sequence[Card]) -> str | None:
        """SB42: the sweep of a card's lone twin."""
        twin = len(presa) == 1 and presa[0] != card and FACE[presa[0]] == FACE[card]
        return GEMELLE if twin else None


DECKS = Decks()
MECHANIC = DECKS  # found by the package (`mechanics._discover`), not listed by hand
