"""The tradition's principles of play ([002] Strategia), each a fact about one play seen from one seat.

A principle is a function of a seat's `PlayerView` and one of its legal plays (some also of the
play it is weighed against); it returns a `Reason` when it speaks for that play, else None. A
reason is the key of the page's words (static/i18n/*.json, under "coach.") and the facts of the
position that fill them: the page words it in the player's language (static/js/coach.js).

Every principle reads the view only: what the seat holds, the table, the piles and the plays made
in the open. What the other hands and the mazzo hold is never read: "could sweep" means a card
that sweeps has not been seen yet (it may be in the next player's hand), so scrambling the hidden
cards changes no reason (tests/unit/test_principles.py).

    scopa(view, play)             sweeping the table (R5)
    settebello(view, play)        taking the Settebello (R7)
    sevens(view, play)            taking sevens, the primiera's best cards (R7)
    denari(view, play)            taking denari (R7)
    cards(view, play)             taking more cards than any other play (R7)
    counted(view, play)           a small table left that nobody can sweep: its sweepers are all seen
    mula(view, play)              a card left that only this seat can take: it commands the round
    twice(view, play)             laying a card of a value held twice
    safe(view, play, other)       the table left sums so that the next player cannot sweep it,
                                  where `other` would let them
    guard(view, play, other)      `other` would lay the Settebello, a seven or a denaro where the
                                  next player could take it; `play` does not
    leaves_scopa(view, play)      the coach's warning: the next player could sweep the table left
    gives_settebello(view, play)  the coach's warning: the Settebello left where it can be taken

The principles speak for the games whose points are the tradition's (`speaks`): 40 cards, the
standard points, no misère, no builds, claims or steals. Sums and sweeps are the engine's own
(`Knowledge.takes`: sums, fifteens and the ace that takes all alike), never worked out here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from scopa.cards import SETTEBELLO, SUIT, VALUE, Card, card, card_str
from scopa.rules import RuleSet
from scopa.mechanics import counting, judges, special_sweeps
from scopa.scoring import DENARI, PROFILES, card_points
from scopa.state import Play, PlayerView
from .heuristics import Knowledge, is_last_play, knowledge, table_after
from .parts import parts

__all__ = ["Reason", "speaks", "scopa", "settebello", "sevens", "denari", "cards", "counted", "mula", "twice",
           "safe", "guard", "leaves_scopa", "gives_settebello"]

# The params a reason names a card by (the page says "the Three of Coins"); a list param is cards.
CARD_PARAMS = ("card", "other")
# The capture values of the 40 cards (`speaks` asks for them).
VALUES = range(1, 11)


@dataclass(frozen=True)
class Reason:
    """Why a play is good (or, for the coach's warnings, risky): the page's words' key and the
    position's facts that fill them. Cards are codes ("7D") under `card`, `other` or as a list;
    `margin` is a number of points; a name is a player's name; every other param is a number."""

    key: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def of(cls, key: str, **params: Any) -> "Reason":
        """A reason with its params, cards given as the engine's ints and written as codes."""
        out = []
        for name, value in params.items():
            if name in CARD_PARAMS:
                value = card_str(value)
            elif isinstance(value, (list, tuple)):
                value = [card_str(c) for c in value]
            out.append((name, value))
        return cls(key, tuple(out))

    def to_json(self) -> dict[str, Any]:
        """{key, params}: what crosses to the page."""
        return {"key": self.key, "params": {k: (list(v) if isinstance(v, list) else v) for k, v in self.params}}


def speaks(rules: RuleSet) -> bool:
    """Whether the principles speak for this rule set: the tradition's game of 40 cards and the
    standard points (any capture rule, table or target), where taking is good and a scopa a point:
    sums counted the core's way (no mechanic's own count, SB5), every sweep a scopa (no traditional
    one told apart, SB6), no card costs its taker (SB40), no sweep is worth other points (SB41,
    SB42), and every special
    mechanic played leaves the principles their say (`Part.principles`: not steals, builds or claims)."""
    return (rules.deck == 40 and rules.scoring == "standard" and not rules.misere and counting(rules) is None
            and not judges(rules) and not special_sweeps(rules) and all(p >= 0 for t in card_points(rules).values() for p in t.values())
            and all(part.principles for part in parts(rules)))


# -- what the seat sees ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Sight:
    """What one seat knows that the principles ask: the rule set's knowledge, how many cards of
    each value it has not seen, the next player and whether that player's play could be a scopa."""

    view: PlayerView
    k: Knowledge
    unseen: Counter
    next_seat: int
    next_name: str
    next_scores: bool  # the next player is of another side and plays before the hand's last play

    @classmethod
    def of(cls, view: PlayerView) -> "Sight":
        """The seat's sight of its view."""
        n = len(view.names)
        nxt = (view.seat + 1) % n
        left_after = view.deck_left + sum(view.hand_counts) - 1  # cards still to play after this one
        plays_next = view.hand_counts[nxt] > 0 or view.deck_left > 0
        # R5: the hand's last play is no scopa; the next player's play is the last when one card is left
        scores = plays_next and left_after > 1 and nxt % view.rules.sides != view.side
        return cls(view, knowledge(view.rules), Counter(VALUE[c] for c in view.unseen()), nxt, view.names[nxt],
                   scores)

    def sweepers(self, rest: Sequence[Card]) -> list[int]:
        """The values that would sweep `rest` for a scopa on the next player's turn, seen or not."""
        if not rest or not self.next_scores:
            return []
        k = self.k
        out = []
        for v in VALUES:
            for presa in k.takes(rest, v):
                if len(presa) == len(rest) and k.is_scopa(_a_card(v), presa, len(rest), False):
                    out.append(v)
                    break
        return out

    def threats(self, rest: Sequence[Card]) -> list[int]:
        """The values that sweep `rest` of which a card is still unseen: the next player may hold it."""
        return [v for v in self.sweepers(rest) if self.unseen[v] > 0]

    def exposed(self, rest: Sequence[Card], target: Card) -> bool:
        """Whether the next player (of another side) could take `target` from `rest` with a card this
        seat has not seen."""
        nxt = self.next_seat
        view = self.view
        if nxt % view.rules.sides == view.side or not (view.hand_counts[nxt] or view.deck_left):
            return False
        return self.takeable(rest, target)

    def takeable(self, rest: Sequence[Card], target: Card) -> bool:
        """Whether a card this seat has not seen could take `target` from `rest` (by its value or in
        a sum)."""
        return any(self.unseen[v] > 0 and any(target in presa for presa in self.k.takes(rest, v)) for v in VALUES)


def _a_card(value: int) -> Card:
    """A card of this value of a suit that is never special (Bastoni): the sweeper's own card."""
    return card(value, "B")


def table_sum(table: Sequence[Card]) -> int:
    """The table's cards added up by value."""
    return sum(VALUE[c] for c in table)


def _primiera_counts(rules: RuleSet) -> bool:
    """Whether sevens win something: the primiera (any kind) or the point for most sevens (O7)."""
    return PROFILES[rules.scoring].primiera and rules.primiera != "none"


# -- the principles -------------------------------------------------------------------------------

def scopa(view: PlayerView, play: Play) -> Reason | None:
    """Sweeping (R5): the play takes the whole table for a scopa, a point."""
    k = knowledge(view.rules)
    if k.is_scopa(play.card, play.presa, len(view.table), is_last_play(view)):
        return Reason.of("coach.scopa", card=play.card)
    return None


def settebello(view: PlayerView, play: Play) -> Reason | None:
    """Taking the Settebello (R7): a point on its own, from the table or played to take."""
    if not play.presa or not PROFILES[view.rules.scoring].settebello:
        return None
    if SETTEBELLO in play.presa:
        return Reason.of("coach.settebello", card=play.card)
    if play.card == SETTEBELLO:
        return Reason.of("coach.settebelloHome", cards=play.presa)
    return None


def sevens(view: PlayerView, play: Play) -> Reason | None:
    """Taking sevens from the table (R7): the primiera's best cards, or the point for most sevens."""
    taken = [c for c in play.presa if VALUE[c] == 7]
    if not taken or not _primiera_counts(view.rules):
        return None
    key = "coach.sevensMost" if view.rules.primiera == "sevens" else "coach.sevens"
    return Reason.of(key, card=play.card, cards=taken)


def denari(view: PlayerView, play: Play) -> Reason | None:
    """Taking denari (R7): the most denari win a point (the card played counts when it takes)."""
    if not play.presa or not PROFILES[view.rules.scoring].denari:
        return None
    count = sum(1 for c in (play.card, *play.presa) if SUIT[c] == DENARI)
    return Reason.of("coach.denari", card=play.card, count=count) if count else None


def cards(view: PlayerView, play: Play) -> Reason | None:
    """Taking the most cards (R7): the play puts more cards in the pile than any other play."""
    if not play.presa or not PROFILES[view.rules.scoring].carte:
        return None
    count = len(play.presa) + 1
    if all(len(p.presa) + 1 < count for p in view.legal if p.presa and p != play):
        return Reason.of("coach.cards", card=play.card, count=count)
    return None


def counted(view: PlayerView, play: Play) -> Reason | None:
    """Counting what is gone: the play leaves a table some value would sweep, but every card of
    that value is in this seat's hand or already played, so the next player cannot sweep it."""
    sight = Sight.of(view)
    rest = table_after(view.table, play)
    if sight.sweepers(rest) and not sight.threats(rest):
        return Reason.of("coach.counted", card=play.card, sum=table_sum(rest), name=sight.next_name)
    return None


def mula(view: PlayerView, play: Play) -> Reason | None:
    """The carta mula ([002]: "comanda il giro"): after the play a card lies on the table that only
    this seat can take (every other card of its value is seen, this seat still holds one, and no
    unseen card takes it in a sum), so this seat commands the round. Taking by equal value (O3
    `match`), without the ace that takes all."""
    rules = view.rules
    if rules.capture != "match" or rules.ace_takes_all:
        return None
    sight = Sight.of(view)
    rest = table_after(view.table, play)
    mine = Counter(VALUE[c] for c in view.hand)
    mine[VALUE[play.card]] -= 1
    for c in rest:
        v = VALUE[c]
        if sight.unseen[v] == 0 and mine[v] > 0 and not sight.takeable(rest, c):
            return Reason.of("coach.mula", card=c)
    return None


def twice(view: PlayerView, play: Play) -> Reason | None:
    """Playing a card held twice ([002]): laying a card whose value this seat holds again leaves
    fewer cards of that value unseen to take it."""
    if play.presa:
        return None
    v = VALUE[play.card]
    held = sum(1 for c in view.hand if VALUE[c] == v)
    sight = Sight.of(view)
    unseen = sight.unseen[v]
    if held >= 2 and unseen > 0:
        return Reason.of("coach.twice", card=play.card, count=unseen, name=sight.next_name)
    return None


def safe(view: PlayerView, play: Play, other: Play) -> Reason | None:
    """Leave the table so the next player cannot sweep it ([002]: leave 11 or more): `play` leaves
    no sweep a card still unseen could make, where `other` would leave one."""
    sight = Sight.of(view)
    rest, risky = table_after(view.table, play), table_after(view.table, other)
    if sight.threats(rest) or not sight.threats(risky):
        return None
    return Reason.of("coach.safe", card=play.card, left=table_sum(rest), other=other.card, sum=table_sum(risky),
                     name=sight.next_name)


def _guarded(rules: RuleSet, c: Card) -> str | None:
    """The kind of precious card `c` is under these rules ("settebello", "seven", "denari"), or None."""
    profile = PROFILES[rules.scoring]
    if c == SETTEBELLO and profile.settebello:
        return "settebello"
    if VALUE[c] == 7 and _primiera_counts(rules):
        return "seven"
    if SUIT[c] == DENARI and profile.denari:
        return "denari"
    return None


def guard(view: PlayerView, play: Play, other: Play) -> Reason | None:
    """Guard the Settebello, the sevens and the denari ([002]): `other` would lay one where the next
    player could take it with a card still unseen; `play` lays none so."""
    if other.presa:
        return None
    kind = _guarded(view.rules, other.card)
    if kind is None:
        return None
    sight = Sight.of(view)
    if not sight.exposed(table_after(view.table, other), other.card):
        return None
    if not play.presa and _guarded(view.rules, play.card) and sight.exposed(table_after(view.table, play), play.card):
        return None
    return Reason.of(f"coach.guard.{kind}", card=other.card, name=sight.next_name)


# -- the coach's warnings -------------------------------------------------------------------------

def leaves_scopa(view: PlayerView, play: Play) -> Reason | None:
    """The play leaves a table the next player could sweep with a card still unseen."""
    sight = Sight.of(view)
    rest = table_after(view.table, play)
    if sight.threats(rest):
        return Reason.of("coach.warn.scopa", card=play.card, sum=table_sum(rest), name=sight.next_name)
    return None


def gives_settebello(view: PlayerView, play: Play) -> Reason | None:
    """After the play the Settebello lies on the table where the next player could take it."""
    if not PROFILES[view.rules.scoring].settebello:
        return None
    sight = Sight.of(view)
    rest = table_after(view.table, play)
    if SETTEBELLO in rest and sight.exposed(rest, SETTEBELLO):
        return Reason.of("coach.warn.settebello", card=play.card, name=sight.next_name)
    return None
