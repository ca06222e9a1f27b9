"""Declarations (accuse): combinations in a hand as dealt that score points (RULES §4, [002]).

Bàzzica, Tuzzulicchio and Cocchiaundici score the cards a player is dealt, not only those taken.
A declaration kind (`AccusaKind`) is data: its name, the pattern its cards make and its points.
A rule set's `accuse` option names a set of kinds (`ACCUSE_SETS`); the engine finds them in each
hand as dealt (`accuse_of`) and the match makes them at that player's first play after the deal
(SB10, docs/RULINGS.md), showing the cards to everyone; their points are the hand's `accuse` category.

    >>> from scopa.cards import parse_cards
    >>> [(a.kind, a.points) for a in accuse_of("tuzzulicchio", 0, parse_cards(["1C", "2C", "3C"]))]
    [('napoli-3', 7)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping, NamedTuple, Sequence

from ..cards import SUIT, VALUE, Card, card_str, cards_str, parse_card
from ..errors import IllegalPlayError
from ..options import OptionSpec
from ..plays import Move, Play, cards_tuple
from ..result import HandResult
from .base import Exclusion, Mechanic, json_cards, json_int

EQUAL_MODES = ("any", "all", "some", "none")


@dataclass(frozen=True)
class AccusaKind:
    """One kind of declaration: `size` cards whose values are all in `ranks`, that are `equal` in
    value ("all" one value, "some" at least two alike, "none" all different, "any"), all of one
    suit when `same_suit`, adding up to at most `max_sum` when it is given; worth `points`."""

    id: str
    name: str  # as the players call it at the table
    size: int
    points: int
    ranks: tuple[int, ...] = tuple(range(1, 11))
    equal: str = "any"
    same_suit: bool = False
    max_sum: int | None = None

    def matches(self, cards: Sequence[Card]) -> bool:
        """Whether these cards (exactly `size` of them) make this kind."""
        if len(cards) != self.size:
            return False
        values = [VALUE[c] for c in cards]
        if any(v not in self.ranks for v in values):
            return False
        if self.same_suit and len({SUIT[c] for c in cards}) != 1:
            return False
        if self.max_sum is not None and sum(values) > self.max_sum:
            return False
        distinct = len(set(values))
        if self.equal == "all":
            return distinct == 1
        if self.equal == "some":
            return distinct < len(values)
        if self.equal == "none":
            return distinct == len(values)
        return True

    def wild(self, cards: Sequence[Card]) -> tuple[Card, int] | None:
        """(a wild card, the value it stands for) in a declaration of these cards, or None: none
        here; a mechanic's own kinds may have one (the matta of R26)."""
        return None


_LOW = (1, 2, 3)  # Asso, Due, Tre: the cards of Tuzzulicchio's declarations ([002], as in Tressette)

# [002] Tuzzulicchio (and Cocchiaundici): two equal cards among Asso, Due and Tre are a Buongioco
# of 3 points, three of them 6; two of one suit among Asso, Due and Tre a Napoli of 3, all three
# 7 ("two tuzzilicchi and a scopa"). A hand with both, such as Asso + (Asso and Due of one suit),
# scores both (SB11): the "ibrido" of 6 points.
BUONGIOCO_2 = AccusaKind("buongioco-2", "Buongioco", 2, 3, ranks=_LOW, equal="all")
BUONGIOCO_3 = AccusaKind("buongioco-3", "Buongioco", 3, 6, ranks=_LOW, equal="all")
NAPOLI_2 = AccusaKind("napoli-2", "Napoli", 2, 3, ranks=_LOW, same_suit=True)
NAPOLI_3 = AccusaKind("napoli-3", "Napoli", 3, 7, ranks=_LOW, same_suit=True)

# [002] Bàzzica: three equal cards 7 points; three cards adding up to nine or less 2 points when
# all different, 3 when at least two are equal.
TRE_UGUALI = AccusaKind("tre-uguali", "Tre uguali", 3, 7, equal="all")
NOVE_DIVERSE = AccusaKind("nove-diverse", "Nove o meno", 3, 2, equal="none", max_sum=9)
NOVE_COPPIA = AccusaKind("nove-coppia", "Nove o meno con coppia", 3, 3, equal="some", max_sum=9)

# The declarations a rule set's `accuse` option may name, each a tuple of kinds.
ACCUSE_SETS: dict[str, tuple[AccusaKind, ...]] = {
    "bazzica": (TRE_UGUALI, NOVE_COPPIA, NOVE_DIVERSE),
    "tuzzulicchio": (BUONGIOCO_3, NAPOLI_3, BUONGIOCO_2, NAPOLI_2),
}

ACCUSA_KINDS: dict[str, AccusaKind] = {k.id: k for kinds in ACCUSE_SETS.values() for k in kinds}


def register(mode: str, kinds: tuple[AccusaKind, ...], others: tuple[AccusaKind, ...] = ()) -> None:
    """A mechanic's own declaration set `mode` (made from the hand dealt, as the sets above) and
    the `others` it declares its own way, by their ids; called as its module is imported, which
    `scopa.mechanics` does before the rule sets read `ACCUSE_SETS`."""
    if mode in ACCUSE_SETS:
        raise ValueError(f"the declaration set {mode} is already registered")
    ACCUSE_SETS[mode] = kinds
    ACCUSA_KINDS.update({k.id: k for k in (*kinds, *others)})


class Accusa(NamedTuple):
    """A declaration made: who made it, its kind's id, the cards shown (sorted) and its points."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        """The kind's name, as the players call it."""
        return ACCUSA_KINDS[self.kind].name

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: {seat, kind, name, cards, points}."""
        out = {"seat": self.seat, "kind": self.kind, "name": self.name, "cards": cards_str(self.cards),
               "points": self.points}
        wild = ACCUSA_KINDS[self.kind].wild(self.cards)
        if wild is not None:  # R26: the value a wild card stands for in it (the matta)
            out["wild"] = {"card": card_str(wild[0]), "value": wild[1]}
        return out


@lru_cache(maxsize=8192)
def _found(mode: str, hand: tuple[Card, ...]) -> tuple[tuple[str, tuple[Card, ...], int], ...]:
    """The declarations of a sorted hand under the set `mode`: (kind id, cards, points).

    SB11: every combination of a kind counts, except one whose cards all belong to a combination
    already counted that is bigger, or as big and worth more: three Assi are one Buongioco of 6,
    not three of 3; Asso, Asso and Due of one suit are a Buongioco and a Napoli ([002]'s "ibrido",
    6 points); three Due in Bàzzica are three alike (7), not nine or less with a pair (3).
    """
    kinds = ACCUSE_SETS.get(mode, ())
    found = [(k, combo) for k in kinds for combo in combinations(hand, k.size) if k.matches(combo)]
    found.sort(key=lambda f: (-f[0].size, -f[0].points))  # stable: the set's order, then the hand's
    kept: list[tuple[AccusaKind, tuple[Card, ...]]] = []
    for k, combo in found:
        if not any(set(combo) <= set(other) for _, other in kept):
            kept.append((k, combo))
    return tuple((k.id, combo, k.points) for k, combo in kept)


def read_accusa(value: Any, players: int) -> Accusa:
    """A declaration read back from its JSON (`Accusa.to_json`) in a game of `players` seats;
    ValueError when damaged (a kind no set declares, cards that do not make it, other points)."""
    if not isinstance(value, dict) or value.get("kind") not in ACCUSA_KINDS:
        raise ValueError("a declaration is damaged")
    kind = ACCUSA_KINDS[value["kind"]]
    cards = json_cards(value["cards"])
    if value["points"] != kind.points or not kind.matches(cards):
        raise ValueError(f"a declaration of {kind.name} does not say its cards and points")
    return Accusa(json_int(value["seat"], 0, players - 1), kind.id, cards, kind.points)


def accuse_of(mode: str, seat: int, hand: Sequence[Card]) -> tuple[Accusa, ...]:
    """The declarations `seat` makes with `hand` (as dealt) under the declaration set `mode`
    ("none" or a key of ACCUSE_SETS); empty when the hand holds none."""
    if mode not in ACCUSE_SETS:
        return ()
    return tuple(Accusa(seat, kind, cards, points) for kind, cards, points in _found(mode, tuple(sorted(hand))))


def accuse_points(mode: str, hand: Sequence[Card]) -> int:
    """The points of the declarations a hand as dealt makes (for the AI's simulations)."""
    if mode not in ACCUSE_SETS:
        return 0
    return sum(points for _, _, points in _found(mode, tuple(sorted(hand))))


def example(mode: str, kind: AccusaKind) -> tuple[Card, ...]:
    """The first cards, in deck order, that make exactly one declaration and of this kind under
    the set `mode` (for the rules page: an example the engine itself scores)."""
    for combo in combinations(range(40), kind.size):
        if kind.matches(combo) and [a.kind for a in accuse_of(mode, 0, combo)] == [kind.id]:
            return combo
    raise ValueError(f"no hand makes {kind.id} alone")


def shown_cards(accuse: Sequence[Accusa]) -> tuple[Card, ...]:
    """The cards a player's declarations show, each once, in the order declared."""
    out: list[Card] = []
    for a in accuse:
        out.extend(c for c in a.cards if c not in out)
    return tuple(out)


def with_accuse(result: HandResult, accuse: Sequence[Accusa], sides: int) -> HandResult:
    """The hand's result with the declarations made in it: the category `accuse`, each side's
    points, and in each side's detail the list of its declarations (`Accusa.to_json`)."""
    points = [dict(p) for p in result.points]
    detail = [dict(d) for d in result.detail]
    for side in range(sides):
        mine = [a for a in accuse if a.seat % sides == side]
        points[side]["accuse"] = sum(a.points for a in mine)
        detail[side]["accuse"] = [a.to_json() for a in mine]
    return replace(result, categories=result.categories + ("accuse",), points=tuple(points),
                   detail=tuple(detail))


class Declared(Play):
    """A play made with the declarations of the hand dealt (SB14, where declaring is a choice):
    `accuse` are the declarations it makes, their cards shown. Written with a `!` after the play
    (`7C!`, `9C:4B+5S!`); it differs from the plain play of the same card and presa, which keeps
    them hidden."""

    def __new__(cls, card: Card, presa: tuple[Card, ...] = (), accuse: tuple[Accusa, ...] = ()) -> "Declared":
        self = tuple.__new__(cls, (card, presa))
        self.accuse = tuple(accuse)
        return self

    def __eq__(self, other: object) -> bool:
        return type(other) is Declared and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(("!", tuple(self)))

    def __str__(self) -> str:
        """The record notation of the play, then `!` (SB14)."""
        return Play.__str__(self) + "!"

    def to_json(self) -> dict[str, Any]:
        """As a Play's, with `declare`: each declaration it makes, its points and cards (SB14)."""
        return {**Play.to_json(self), "declare": [a.to_json() for a in self.accuse]}


def declarable(m: "Match") -> tuple[Accusa, ...]:
    """The declarations the player to move may make with this play: its hand's, at its first
    play of a round (SB10); empty at any other play."""
    if m.phase != "play" or m.rules.accuse == "none":
        return ()
    hand = m.hands[m.turn]
    if len(hand) != m.rules.hand_size:
        return ()
    return accuse_of(m.rules.accuse, m.turn, hand)


class Accuse(Mechanic):
    """Declarations from the hand as dealt (SB10–SB14): made at a player's first play of a round,
    or by choice with a `!` play (SB14); their points are the hand's category `accuse`."""

    name = "accuse"
    order = 20  # its declarations before the cards they show move (the tables' mechanics: 30-60)
    check_order = 60
    view_keys = ("accuse", "held")
    option = "accuse"
    traits = ("declarations",)  # SB10: cards shown from the hand
    excludes = (
        # SB14: a declared play is one of the plain plays with its declarations; a pile taken or
        # a build declared is nowhere said, and without declarations there is nothing to choose
        Exclusion("accuse_choice", "accuse_choice lets a player keep its declarations hidden: it needs accuse, and "
                  "is not played with {piles} or {builds}", "option.needs", off_traits=("piles", "builds"),
                  refuse={"accuse": ("none",)}),
    )
    play_kinds = (Declared,)
    mark = "!"

    def specs(self) -> dict[str, Any]:
        """SB10: the declaration set scored (the sets registered by then: a mechanic's own too); SB14: by choice."""
        return {"accuse": OptionSpec(str, choices=("none", *ACCUSE_SETS), help="declarations scored from the hand dealt (§4, SB10)"),
                "accuse_choice": OptionSpec(bool, help="declaring is each player's choice: the points, or the cards kept "
                                                       "hidden (SB14)", house_rule=False)}

    def deal_moments(self, hand: int, events: Sequence[Any], result: Any, sides: int) -> list[dict[str, Any]]:
        """The declarations no play made, the deal's own (the dealer's table of 15 or 30, R24, SB83),
        as the hand's sheet lists them."""
        made = {(a.seat, a.kind, tuple(cards_str(a.cards))) for event in events for a in event.declarations}
        return [{"hand": hand, "kind": "accusa", "seat": a["seat"], "side": a["seat"] % sides, "accusa": a["kind"],
                 "cards": list(a["cards"]), "points": a["points"]}
                for d in result.detail for a in d.get("accuse", ())
                if (a["seat"], a["kind"], tuple(a["cards"])) not in made]

    def play_moments(self, hand: int, event: Any, sides: int) -> list[dict[str, Any]]:
        """SB10: each declaration made with the play."""
        return [{"hand": hand, "kind": "accusa", "seat": a.seat, "side": a.seat % sides, "accusa": a.kind,
                 "cards": [card_str(c) for c in a.cards], "points": a.points} for a in event.declarations]

    def declared(self, view: Any) -> list[tuple[int, int, str]]:
        return [(a.seat, a.points, a.kind) for a in view.declarations]

    def rules_page(self, rules: Any) -> dict[str, Any]:
        """SB10, SB11: each declaration the game scores as {kind, name, size, points, example}, with
        an example hand of it (none where the game scores none)."""
        return {"accuse": [{"kind": k.id, "name": k.name, "size": k.size, "points": k.points,
                            "example": [card_str(c) for c in example(rules.accuse, k)]} for k in rules.accuse_kinds]}
    state = ("accuse",)  # Match.accuse: this hand's declarations so far (SB10)

    def well_typed(self, play: Any) -> bool:
        """A Declared made of ints."""
        return type(play.card) is int and cards_tuple(play[1])

    def more_plays(self, m: "Match", plays: list) -> list:
        """SB14: where declaring is a choice, each play with the declarations, or without them."""
        if m.rules.accuse_choice:
            declare = declarable(m)
            if declare:
                return plays + [Declared(p.card, p[1], declare) for p in plays]
        return plays

    def parse(self, m: "Match", text: str) -> Any:
        """`7C!`, `9C:4B+5S!`: the play with its declarations (SB14)."""
        if not text.endswith("!"):
            return None
        if not m.rules.accuse_choice:
            raise IllegalPlayError(f"{text}: `!` declares by choice, and in this game declarations are made "
                                   f"{'by themselves (SB10)' if m.rules.accuse != 'none' else 'nowhere'}: "
                                   f"write the play without it")
        return m.parse_plain(text[:-1], Declared)

    def why_illegal(self, m: "Match", play: Any) -> str | None:
        if type(play) is Declared and m.phase == "play" and not declarable(m):
            return (f"{play}: {m.names[m.turn]} has nothing to declare now: declarations are made at the "
                    f"first play of a round, from a hand that holds one (SB14)")
        return None

    def declare(self, m: "Match", seat: int, play: Any, hand: list[Card]) -> tuple:
        """SB10: a player's first play after a deal makes the declarations of the hand dealt;
        SB14: where declaring is a choice, only a Declared play makes them."""
        if len(hand) == m.rules.hand_size and (not m.rules.accuse_choice or type(play) is Declared):
            accuse = accuse_of(m.rules.accuse, seat, hand)
            m.accuse.extend(accuse)
            return accuse
        return ()

    def score(self, m: "Match", result: HandResult) -> HandResult:
        return with_accuse(result, m.accuse, m.sides)  # SB10: the hand's declarations

    def view(self, m: "Match", seat: int | None, parts: dict[str, Any]) -> None:
        parts["declarations"] = tuple(m.accuse) if m.phase == "play" else ()

    def view_json(self, view: Any) -> dict[str, Any]:
        # SB10: this hand's, their cards public; `held`, per other seat, the cards it declared and
        # still holds (R25, SB84: they stay shown face up for the hand)
        return {"accuse": [a.to_json() for a in view.declarations],
                "held": {str(s): cards_str(cs) for s, cs in view.shown().items()}}

    def read_view(self, part: Mapping[str, Any], parts: dict[str, Any]) -> None:
        """SB10: this hand's declarations (`held` is made from them and the cards gone)."""
        if not isinstance(part["accuse"], list) or len(part["accuse"]) > 40:
            raise ValueError("the declarations are damaged")
        parts["declarations"] = tuple(read_accusa(a, len(parts["names"])) for a in part["accuse"])

    def read_play(self, p: Mapping[str, Any], parts: dict[str, Any]) -> Any:
        """A play made with the declarations of the hand dealt (SB14): `declare` names them."""
        if "declare" not in p:
            return None
        declared = p["declare"]
        if not isinstance(declared, list) or len(declared) > 40:
            raise ValueError("a declared play's declarations are damaged")
        return Declared(parse_card(p["card"]), tuple(sorted(json_cards(p["presa"]))),
                        tuple(read_accusa(a, len(parts["names"])) for a in declared))

    def sample(self, view: Any, m: "Match", unseen: list[Card], shown: dict[int, Any]) -> dict[int, Any]:
        """The declarations made stay made; the cards shown and still held stay in their hands (SB10)."""
        m.accuse = list(view.declarations)
        return view.shown() if view.declarations else shown

    def moves_before(self, event: Any) -> list:
        """The cards shown in the declarations made with the play, kept in the hand (SB10): moves of
        kind `accusa` whose src and dst are the same hand."""
        if not event.declarations:
            return []
        hand = f"hand:{event.seat}"
        return [Move(s, hand, hand, "accusa") for s in shown_cards(event.declarations)]

    def event_json(self, event: Any, viewer: int | None, face_up: bool, out: dict[str, Any]) -> None:
        """SB10: `accuse`, the declarations made with the play (an empty list in every game, so
        the event's keys stay the same)."""
        out["accuse"] = [a.to_json() for a in event.declarations]


ACCUSE = Accuse()
MECHANIC = ACCUSE  # found by the package (`mechanics._discover`), not listed by hand
