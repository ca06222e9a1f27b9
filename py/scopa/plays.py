"""The core's plays and card moves: a card played and what it takes; one card going somewhere.

A mechanic's own plays (a build, a claim, a steal, a declared play: py/scopa/mechanics/) are
values of the same shape (`card`, `presa`, `tops`, `str`, `to_json`), so the page, the records and
the computer players read any play alike.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import ALL_CARDS, Card, card_str, cards_str


class Play(NamedTuple):
    """A card played and the table cards it takes (`presa`, sorted; empty when it takes nothing)."""

    card: Card
    presa: tuple[Card, ...] = ()

    # SB20: the top cards of the piles this play steals (a `Steal`'s); none for any other play.
    tops = ()

    def __str__(self) -> str:
        """The record notation: `9C:4B+5S`, or `5B` when nothing is taken; a stolen pile's top is
        marked `^` (`4C:^4S`, SB26)."""
        if not self.presa:
            return card_str(self.card)
        tops = self.tops
        return card_str(self.card) + ":" + "+".join(("^" if c in tops else "") + card_str(c) for c in self.presa)

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
    the hand's end, R6), `deal`, `accusa` (a card shown from `hand:S` in a declaration and kept
    there: src and dst are the same hand, SB10), `steal` (a card of a stolen pile going, in
    order, from `pile:K` to the stealer's pile, SB20) or `build` (a card played from the hand onto
    a table card or a build, which stay on the table: SB30, SB31; the play's `build` names them),
    `claim` (a card claimed face down, SB60: from `hand:S` to the table, and trusted from there to
    the pile, SB62) or `reveal` (a doubted claim's card turned face up on the table, SB63, SB64)."""

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
