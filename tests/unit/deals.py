"""Build decks that deal chosen cards, so a test can set up any position of RULES §2 literally."""

from __future__ import annotations

import random

from scopa import DECK, Match, RuleSet, parse_card, rules_for
from scopa.cards import DECKS


def cards(text: str) -> list[int]:
    """`"7D 3C"` → the cards."""
    return [parse_card(t) for t in text.split()]


def make_deck(rules: RuleSet, dealer: int, hands: dict[int, str], table: str, rest: str = "") -> list[int]:
    """A deck whose first deal gives `hands[seat]` to each seat and `table` to the table (R2).

    Seats not named get cards from what is left; `rest` fixes the order of the cards after that.
    """
    n, k = rules.players, rules.hand_size
    named = {s: cards(h) for s, h in hands.items()}
    used = {c for h in named.values() for c in h} | set(cards(table)) | set(cards(rest))
    spare = [c for c in DECKS[rules.deck] if c not in used]
    for s in range(n):
        named.setdefault(s, [])
        while len(named[s]) < k:
            named[s].append(spare.pop(0))
    deck: list[int] = []
    for i in range(n * k):
        seat = (dealer + 1 + i) % n
        deck.append(named[seat][i // n])
    deck += cards(table)
    deck += cards(rest)
    deck += spare
    assert sorted(deck) == sorted(DECKS[rules.deck]), "test deal uses a card twice"
    return deck


def dealt(variant: str = "scopa", hands: dict[int, str] | None = None, table: str = "", rest: str = "",
          dealer: int = 1, **options) -> Match:
    """A match of `variant` (with option overrides) whose first hand is dealt as asked."""
    rules = rules_for(variant, options)
    m = Match(rules, first_dealer=dealer)
    assert m.deal(make_deck(rules, dealer, hands or {}, table, rest))
    return m


def played_into(rules: RuleSet, seed: int, plies: int) -> Match:
    """A match dealt from `seed` and played `plies` random legal plays into its first hand (fewer
    when the hand ends first), the same generator drawing the deal and the plays."""
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    m.deal_until_played()
    for _ in range(plies):
        if m.phase != "play":
            break
        legal = m.legal_plays()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def legal(m: Match) -> set[str]:
    """The legal plays of the player to move, in record notation."""
    return {str(p) for p in m.legal_plays()}


def takes(m: Match, card: str) -> set[str]:
    """The notations of the legal plays of one card."""
    c = parse_card(card)
    return {str(p) for p in m.legal_plays() if p.card == c}


def set_table(m: Match, table: str) -> None:
    """Lay exactly these cards on the table, swapping them with cards still in the deck."""
    wanted = cards(table)
    for c in wanted:
        if c not in m.table:
            assert c in m.mazzo, f"{c} must still be in the deck to be laid on the table"
    back = [c for c in m.table if c not in wanted]
    m.mazzo = [c for c in m.mazzo if c not in wanted] + back
    m.table = sorted(wanted)
    m._legal = None
