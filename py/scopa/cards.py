"""The decks: cards as small ints, their notation (RULES §1) and their values.

A card of the 40-card deck is an int 0..39 equal to (rank - 1) * 4 + suit index, so sorting cards
sorts them by capture value; suits are indexed in the order D, C, B, S. The other decks (SB37) add
cards after those: 40..79 are the second copies of the 80-card double deck (`7D'`), 80..91 the
courts of the 52-card deck (`11D` Fante, `12D` Cavallo, `13D` Re), whose 8, 9 and 10 are the
numerals that the 40-card deck's Fante, Cavallo and Re share codes and values with.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from .errors import CardError
from .inputs import ascii_text, brief

Card = int

SUITS = "DCBS"
SUIT_NAMES = ("Denari", "Coppe", "Bastoni", "Spade")
FRENCH_SUIT_NAMES = ("Quadri", "Cuori", "Fiori", "Picche")
RANK_NAMES = ("Asso", "Due", "Tre", "Quattro", "Cinque", "Sei", "Sette", "Fante", "Cavallo", "Re")

DECK: tuple[Card, ...] = tuple(range(40))
VALUES = range(1, 14)  # every capture value: 1..10, and 11..13 the 52 cards' courts (SB38)
TWIN_OFFSET = 40  # SB37: card c + 40 is the second copy of card c in the 80-card deck
COURT_BASE = 80  # SB37: the 52-card deck's courts, ranks 11 (Fante), 12 (Cavallo), 13 (Re)
ALL_CARDS: tuple[Card, ...] = tuple(range(COURT_BASE + 12))
# SB37: the decks by their size, each card once, in the order a fresh deck is shuffled from.
DECKS: dict[int, tuple[Card, ...]] = {
    40: DECK,
    52: DECK + tuple(range(COURT_BASE, COURT_BASE + 12)),
    80: DECK + tuple(range(TWIN_OFFSET, TWIN_OFFSET + 40)),
}


def _rank(c: Card) -> int:
    return c // 4 - 9 if c >= COURT_BASE else (c % TWIN_OFFSET) // 4 + 1


VALUE: tuple[int, ...] = tuple(_rank(c) for c in ALL_CARDS)  # a court of the 52 cards counts 11..13 (SB38)
SUIT: tuple[int, ...] = tuple(c % 4 for c in ALL_CARDS)
# Primiera values (RULES §1): 7→21, 6→18, Asso→16, 5→15, 4→14, 3→13, 2→12, figures→10.
_PRIMIERA_BY_RANK = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10, 10, 10, 10)
PRIMIERA: tuple[int, ...] = tuple(_PRIMIERA_BY_RANK[VALUE[c] - 1] for c in ALL_CARDS)
# SB37: the first copy of each card (itself outside the 80-card deck's second half).
FACE: tuple[Card, ...] = tuple(c - TWIN_OFFSET if TWIN_OFFSET <= c < COURT_BASE else c for c in ALL_CARDS)

def twin_of(c: Card) -> Card:
    """SB37: the other copy of a card among the 80 cards."""
    return c + TWIN_OFFSET if c < TWIN_OFFSET else c - TWIN_OFFSET


_TEXT: tuple[str, ...] = tuple(f"{VALUE[c]}{SUITS[SUIT[c]]}" + ("'" if FACE[c] != c else "") for c in ALL_CARDS)
_PARSE: dict[str, Card] = {t: c for c, t in enumerate(_TEXT)}


def card(rank: int, suit: str, second: bool = False) -> Card:
    """The card of this rank (1..10; 11..13 the 52-card deck's courts) and suit letter (D, C, B, S);
    `second` is its second copy in the 80-card deck."""
    if not (type(rank) is int and 1 <= rank <= 13) or type(suit) is not str or suit not in SUITS or len(suit) != 1 or (
            type(second) is not bool) or (second and rank > 10):
        raise CardError(f"no card of rank {brief(rank)} and suit {brief(suit)}: ranks are 1 to 10 (11 to 13 the courts of "
                        f"the 52 cards), suits D, C, B, S")
    c = (rank - 1) * 4 + SUITS.index(suit) if rank <= 10 else COURT_BASE + (rank - 11) * 4 + SUITS.index(suit)
    return c + TWIN_OFFSET if second else c


SETTEBELLO = card(7, "D")
RE_BELLO = card(10, "D")
ROSMARINO = card(8, "S")


def parse_card(text: str) -> Card:
    """Read a card written as rank then suit (`7D`, `10S`); raise CardError naming the text.

    Only ASCII is read, stripped of spaces and tabs, its letters in either case (`7d`): no other
    character is folded into a card (RULES §1, §6: `'1ſ'` is not `1S`, a record is never fixed)."""
    clean = ascii_text(text, 16)
    if clean is not None:
        found = _PARSE.get(clean.upper())
        if found is not None:
            return found
    raise CardError(f"{brief(text)} is not a card: write the rank 1-10 then the suit D, C, B or S (e.g. 7D, 10S; "
                    f"11D-13D the courts of the 52 cards, 7D' a second copy of the 80 cards)")


def _not_a_card(c: object) -> CardError:
    return CardError(f"{brief(c)} is not a card: cards are whole numbers 0 to {len(ALL_CARDS) - 1}")


def card_str(c: Card) -> str:
    """The notation of a card (`7D`); CardError for anything but a card's int."""
    if type(c) is int and c >= 0:
        try:
            return _TEXT[c]
        except IndexError:
            pass
    raise _not_a_card(c)


def cards_str(cards: Iterable[Card]) -> list[str]:
    """The notation of several cards, in the order given."""
    n = len(_TEXT)
    return [_TEXT[c] if type(c) is int and 0 <= c < n else _fail(c) for c in cards]


def _fail(c: object) -> str:
    raise _not_a_card(c)


def parse_cards(texts: Sequence[str]) -> list[Card]:
    """Read a list of card notations."""
    return [parse_card(t) for t in texts]


_NUMERALS = ("Otto", "Nove", "Dieci")  # the 52-card deck's 8, 9, 10 (SB37)
_FRENCH_FIGURES = ("Fante", "Donna", "Re")  # French suits: the 9 (the 52 cards' 12) is a Donna


def card_name(c: Card, french: bool = False, size: int = 40) -> str:
    """The Italian name of a card ("Sette di Denari"; with French suits "Sette di Quadri"), in the
    deck of `size` cards: its 8, 9 and 10 are numerals in the 52 cards."""
    card_str(c)  # CardError unless a card
    suits = FRENCH_SUIT_NAMES if french else SUIT_NAMES
    rank = VALUE[c]
    if size == 52 and 8 <= rank <= 10:
        name = _NUMERALS[rank - 8]
    else:
        figure = rank - 3 if rank > 10 else rank  # the courts 11..13 are the figures 8..10
        name = _FRENCH_FIGURES[figure - 8] if french and figure >= 8 else RANK_NAMES[figure - 1]
    second = " (secondo mazzo)" if FACE[c] != c else ""
    return f"{name} di {suits[SUIT[c]]}{second}"


def shuffled_deck(rng: random.Random, size: int = 40) -> list[Card]:
    """A fresh deck of `size` cards (SB37) shuffled with the given generator (never the global one)."""
    deck = list(DECKS[size])
    rng.shuffle(deck)
    return deck


def check_deck(deck: Sequence[Card], size: int = 40) -> None:
    """Raise CardError unless the deck holds each of the `size` cards (SB37) exactly once."""
    cards = DECKS[size]
    if not all(type(c) is int for c in deck):  # 7.0 == 7 and True == 1, but neither is a card
        wrong = next(c for c in deck if type(c) is not int)
        raise CardError(f"the deck must be cards (whole numbers 0 to {len(ALL_CARDS) - 1}), not {brief(wrong)}")
    if len(deck) != size or set(deck) != set(cards):
        seen: set[Card] = set()
        dupes = sorted({c for c in deck if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        missing = sorted(set(cards) - set(deck))
        strange = sorted({c for c in deck if c not in cards})
        parts = [f"has {len(deck)} cards"]
        if dupes:
            parts.append("repeats " + ", ".join(cards_str(dupes)))
        if missing:
            parts.append("lacks " + ", ".join(cards_str(missing)))
        if strange:
            parts.append("holds " + ", ".join(cards_str(strange)) + f", not of the {size} cards")
        raise CardError(f"the deck must hold the {size} cards once each, but it " + " and ".join(parts))
