"""The 40-card Italian deck: cards as small ints, their notation (RULES §1) and their values.

A card is an int 0..39 equal to (rank - 1) * 4 + suit index, so sorting cards sorts them by
capture value; suits are indexed in the order D, C, B, S.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from .errors import CardError

Card = int

SUITS = "DCBS"
SUIT_NAMES = ("Denari", "Coppe", "Bastoni", "Spade")
FRENCH_SUIT_NAMES = ("Quadri", "Cuori", "Fiori", "Picche")
RANK_NAMES = ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Fante", "Cavallo", "Re")

DECK: tuple[Card, ...] = tuple(range(40))
VALUE: tuple[int, ...] = tuple(c // 4 + 1 for c in DECK)
SUIT: tuple[int, ...] = tuple(c % 4 for c in DECK)
# Primiera values (RULES §1): 7→21, 6→18, Asso→16, 5→15, 4→14, 3→13, 2→12, figures→10.
_PRIMIERA_BY_RANK = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
PRIMIERA: tuple[int, ...] = tuple(_PRIMIERA_BY_RANK[VALUE[c] - 1] for c in DECK)

_TEXT: tuple[str, ...] = tuple(f"{VALUE[c]}{SUITS[SUIT[c]]}" for c in DECK)
_PARSE: dict[str, Card] = {t: c for c, t in enumerate(_TEXT)}


def card(rank: int, suit: str) -> Card:
    """The card of this rank (1..10) and suit letter (D, C, B, S)."""
    if not (isinstance(rank, int) and 1 <= rank <= 10) or suit not in SUITS or len(suit) != 1:
        raise CardError(f"no card of rank {rank!r} and suit {suit!r}: ranks are 1 to 10, suits D, C, B, S")
    return (rank - 1) * 4 + SUITS.index(suit)


SETTEBELLO = card(7, "D")
RE_BELLO = card(10, "D")
ROSMARINO = card(8, "S")


def parse_card(text: str) -> Card:
    """Read a card written as rank then suit (`7D`, `10S`); raise CardError naming the text."""
    if isinstance(text, str):
        found = _PARSE.get(text.strip().upper())
        if found is not None:
            return found
    raise CardError(f"{text!r} is not a card: write the rank 1-10 then the suit D, C, B or S (e.g. 7D, 10S)")


def card_str(c: Card) -> str:
    """The notation of a card (`7D`)."""
    return _TEXT[c]


def cards_str(cards: Iterable[Card]) -> list[str]:
    """The notation of several cards, in the order given."""
    return [_TEXT[c] for c in cards]


def parse_cards(texts: Sequence[str]) -> list[Card]:
    """Read a list of card notations."""
    return [parse_card(t) for t in texts]


def card_name(c: Card, french: bool = False) -> str:
    """The Italian name of a card ("Sette di Denari"; with French suits "Sette di Quadri")."""
    suits = FRENCH_SUIT_NAMES if french else SUIT_NAMES
    return f"{RANK_NAMES[VALUE[c] - 1]} di {suits[SUIT[c]]}"


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A fresh deck shuffled with the given generator (never the global one)."""
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def check_deck(deck: Sequence[Card]) -> None:
    """Raise CardError unless the deck holds each of the 40 cards exactly once."""
    if len(deck) != 40 or set(deck) != set(DECK):
        seen: set[Card] = set()
        dupes = sorted({c for c in deck if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        missing = sorted(set(DECK) - set(deck))
        parts = [f"has {len(deck)} cards"]
        if dupes:
            parts.append("repeats " + ", ".join(cards_str(dupes)))
        if missing:
            parts.append("lacks " + ", ".join(cards_str(missing)))
        raise CardError("the deck must hold the 40 cards once each, but it " + " and ".join(parts))
