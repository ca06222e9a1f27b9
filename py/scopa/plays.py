"""The core's plays and card moves: a card played and what it takes; one card going somewhere.

A mechanic's own plays (py/scopa/mechanics/) are values of the same shape (`card`, `presa`,
`tops`, `str`, `to_json`), so the page, the records and the computer players read any play alike.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import ALL_CARDS, Card, card_str, cards_str


class Play(NamedTuple):
    """A card played and the table cards it takes (`presa`, sorted; empty when it takes nothing)."""

    card: Card
    presa: tuple[Card, ...] = ()

    # the cards of `presa` that lie elsewhere than on the table (a pile's top, SB20), written after
    # the play kind's `mark` (SB26); none for the core's plays.
    tops = ()
    mark = ""

    def __str__(self) -> str:
        """The record notation: `9C:4B+5S`, or `5B` when nothing is taken; a card of `tops` after
        the kind's mark (`4C:^4S`, SB26)."""
        if not self.presa:
            return card_str(self.card)
        tops, mark = self.tops, self.mark
        return card_str(self.card) + ":" + "+".join((mark if c in tops else "") + card_str(c) for c in self.presa)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: the card, what it takes and the notation (a mechanic's own play kind adds
        its own keys)."""
        return {"card": card_str(self.card), "presa": cards_str(self.presa), "notation": str(self)}


new_play = tuple.__new__  # builds a Play without the Python-level namedtuple constructor
LAY: tuple[Play, ...] = tuple(Play(c, ()) for c in ALL_CARDS)  # the plays that take nothing
# The plays that take one card, by played card then taken card: the commonest capture, made once.
TAKE_ONE: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(c, (t,)) for t in ALL_CARDS) for c in ALL_CARDS)


def cards_tuple(value: Any) -> bool:
    """Whether `value` is a tuple of cards made of the engine's own type (ints)."""
    return type(value) is tuple and all(type(c) is int for c in value)


class Move(NamedTuple):
    """One card going from one place to another (`deck`, `table`, `hand:S` for seat S, `pile:K` for
    side K), as the page animates it; `kind` is `lay`, `take`, `rest` (the last taker's remainder at
    the hand's end, R6), `deal`, or a mechanic's own kind, which its module
    describes (`Mechanic.moves`: a card shown in a declaration, a pile taken whole, a build, a claim)."""

    card: Card
    src: str
    dst: str
    kind: str

    def to_json(self, viewer: int | None = None, claimer: int | None = -1) -> dict[str, Any]:
        """JSON-able form; a card dealt to a hand other than `viewer`'s is `null` (face down), and so
        is a card claimed face down by a seat other than `viewer` (`claimer`, SB62)."""
        hidden = (self.kind == "deal" and self.dst.startswith("hand:") and self.dst != f"hand:{viewer}") or \
            (self.kind == "claim" and viewer != claimer)
        return {"card": None if hidden else card_str(self.card), "from": self.src, "to": self.dst,
                "kind": self.kind}
