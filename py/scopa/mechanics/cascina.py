"""Scopa a cascina (RULES §4 Phase 2, [002]): builds (*cascine*) on the table, SB30–SB36.

A player whose card would take nothing may instead play it onto a loose table card, or raise
another player's build, so that the cards add up to a value it still holds a card of (SB30,
SB31); at its next turn it must take its build with that card (SB32), unless someone took or
raised it first. A build is taken only by a card of its value, whole, with every loose card of
that value (SB33). The engine's `Match` keeps the builds (`Match.cascine`) and asks this module
for the plays they allow; without the rule-set field `cascina` none of this is ever reached.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from ..cards import VALUE, Card, card_str, cards_str, parse_card
from ..errors import IllegalPlayError
from ..options import OptionSpec
from ..plays import Move, Play, cards_tuple
from .base import Exclusion, Mechanic, Taken, json_cards, json_int


class Cascina(NamedTuple):
    """A build on the table: its cards (sorted, all public), the value that takes it, its owner's seat."""

    cards: tuple[Card, ...]
    value: int
    owner: int

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: `{cards, value, owner}`."""
        return {"cards": cards_str(self.cards), "value": self.value, "owner": self.owner}


class Build(NamedTuple):
    """A build play (SB30, SB31): `card` from the hand onto `onto` — one loose table card, or every
    card of a build being raised — making a build worth `value`. It takes nothing (`presa` is empty),
    so code that only asks whether a play takes reads it as a card put on the table."""

    card: Card
    onto: tuple[Card, ...]
    value: int

    @property
    def presa(self) -> tuple[Card, ...]:
        """A build takes nothing."""
        return ()

    @property
    def tops(self) -> tuple[Card, ...]:
        """A build takes no pile (the tops of the piles a play takes, SB20: none)."""
        return ()

    def __str__(self) -> str:
        """The record notation: `3B>4C` (a build on the 4C), `2D>3B+4C` (raising the build 3B+4C)."""
        return card_str(self.card) + ">" + "+".join(card_str(c) for c in self.onto)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: a play's keys, with `build` saying onto what and for what value."""
        return {"card": card_str(self.card), "presa": [], "notation": str(self),
                "build": {"onto": cards_str(self.onto), "value": self.value}}


def is_build(play: Any) -> bool:
    """Whether `play` is a build (not a capture or a lay)."""
    return type(play) is Build


def built_cards(cascine: Sequence[Cascina]) -> list[Card]:
    """Every card lying in a build."""
    return [c for b in cascine for c in b.cards]


def presa_of(build: Cascina, table: Sequence[Card]) -> tuple[Card, ...]:
    """SB33: what taking `build` takes: its cards and every loose table card of its value."""
    return tuple(sorted((*build.cards, *(t for t in table if VALUE[t] == build.value))))


def legal_plays(m: "Match", play_type: type = Play) -> list:
    """Every legal play of the player to move with builds in the game (SB30–SB33): the captures of
    R4 among the loose cards and of whole builds; a card that can take must take (R4); a card
    that cannot may be laid, build on a loose card or raise another's build. A seat that owns a
    build must take it now (SB32)."""
    seat = m.turn
    hand = m.hands[seat]
    table = m.table
    cascine = m.cascine
    entry = m.capture_rule.positions(tuple([VALUE[c] for c in table]))
    own = [b for b in cascine if b.owner == seat]
    if own:
        b = own[0]
        plays = [play_type(c, presa_of(b, table)) for c in hand if VALUE[c] == b.value]
        if plays:
            return plays  # SB32; a hand without its value cannot happen in a real game
    held = [VALUE[c] for c in hand]
    plays = []
    for i, c in enumerate(hand):
        v = VALUE[c]
        takes = [play_type(c, tuple([table[j] for j in pos])) for pos in entry[v]]
        takes += [play_type(c, presa_of(b, table)) for b in cascine if b.value == v]
        if takes:
            plays.extend(takes)  # R4: a possible capture is compulsory
            continue
        plays.append(play_type(c, ()))
        rest = held[:i] + held[i + 1:]
        for t in table:
            total = v + VALUE[t]
            if total <= 10 and total in rest:  # SB30
                plays.append(Build(c, (t,), total))
        for b in cascine:
            total = v + b.value
            if b.owner != seat and total <= 10 and total in rest:  # SB31
                plays.append(Build(c, b.cards, total))
    return plays


def place(m: "Match", seat: int, play: Build) -> None:
    """Make a build play on `m` (trusted: it was legal): the new build replaces what it was built on."""
    onto = play.onto
    if len(onto) == 1:
        m.table.remove(onto[0])
    else:
        m.cascine = [b for b in m.cascine if b.cards != onto]
    m.cascine.append(Cascina(tuple(sorted((*onto, play.card))), play.value, seat))
    m.cascine.sort()


def take(m: "Match", presa: Sequence[Card]) -> None:
    """Remove the taken cards from the table: loose cards, and any build whose cards are taken."""
    taken = set(presa)
    m.cascine = [b for b in m.cascine if b.cards[0] not in taken]  # a build is taken whole (SB33)
    table = m.table
    for t in presa:
        if t in table:
            table.remove(t)


def parse_build(m: "Match", text: str) -> Build:
    """Read a build written `3B>4C` or `2D>3B+4C` for the player to move; IllegalPlayError if not legal."""
    head, _, tail = text.partition(">")
    c = parse_card(head)
    onto = tuple(sorted(parse_card(t) for t in tail.split("+")))
    for p in m.legal_plays():
        if type(p) is Build and p.card == c and p.onto == onto:
            return p
    raise IllegalPlayError(why_illegal(m, Build(c, onto, 0)))


def why_illegal(m: "Match", play: Build) -> str:
    """Why a build is not allowed here (SB30–SB32)."""
    seat = m.turn
    name = m.names[seat]
    c, onto = play.card, play.onto
    if c not in m.hands[seat]:
        return f"{card_str(c)} is not in {name}'s hand"
    own = [b for b in m.cascine if b.owner == seat]
    if own:
        return f"{name} must take the cascina {'+'.join(cards_str(own[0].cards))} now (SB32)"
    if any(p.card == c and p.presa for p in m.legal_plays()):
        return f"{card_str(c)} can take, and a possible capture is compulsory (R4): it cannot build"
    target = next((b for b in m.cascine if b.cards == onto), None)
    if len(onto) == 1 and onto[0] in m.table:
        total = VALUE[c] + VALUE[onto[0]]
    elif target is not None:
        if target.owner == seat:
            return f"{name} cannot raise a cascina of their own (SB31)"
        total = VALUE[c] + target.value
    else:
        return f"{'+'.join(cards_str(onto))} is neither a loose table card nor a cascina"
    if total > 10:
        return f"a cascina is worth at most 10, not {total} (SB30)"
    return f"{name} holds no other card of value {total} to take the cascina with (SB30)"


class Cascine(Mechanic):
    """Builds on the table (SB30–SB36): `3B>4C` builds, `2D>3B+4C` raises; a build is taken whole."""

    name = "cascina"
    order = 40
    check_order = 30
    view_keys = ("cascine",)
    option = "cascina"
    traits = ("builds",)  # SB30: builds on the table
    excludes = (Exclusion("cascina", "cascina builds for a card of the build's value: it plays with the capture rule "
                          "match only, without {residues}, an Asso that takes all or steals", "option.cascina",
                          off=("capture", "ace_takes_all"), off_traits=("piles", "residues")),)
    play_kinds = (Build,)
    mark = ">"
    state = ("cascine",)  # Match.cascine: the builds on the table, sorted (SB30)

    def specs(self) -> dict[str, Any]:
        """SB30, SB36: the builds and the 2 of denari."""
        return {"cascina": OptionSpec(bool, help="a card may build on a table card for a value held (§4, SB30)", house_rule=False),
                "due_denari": OptionSpec(bool, help="the 2D scores 1 (SB36)", house_rule=False)}

    def well_typed(self, play: Any) -> bool:
        """A Build made of ints."""
        return type(play.card) is int and cards_tuple(play.onto) and type(play.value) is int

    def plays_instead(self, m: "Match") -> list | None:
        return legal_plays(m)  # SB30–SB33

    def parse(self, m: "Match", text: str) -> Any:
        """`3B>4C`, `2D>3B+4C` (SB30, SB31)."""
        if ">" not in text:
            return None
        if not m.rules.cascina:
            raise IllegalPlayError(f"{text}: a build (`>`) is played only with cascina on (SB30)")
        if m.phase != "play":
            raise IllegalPlayError("no hand is being played")
        return parse_build(m, text)

    def why_illegal(self, m: "Match", play: Any) -> str | None:
        return why_illegal(m, play) if type(play) is Build else None

    def table_after(self, table: Sequence[Card], play: Any) -> list[Card] | None:
        """A build (SB30): its cards leave the loose table."""
        return [c for c in table if c not in play.onto] if type(play) is Build else None

    def reachable(self, m: "Match") -> Iterable[Card]:
        return built_cards(m.cascine)

    def take(self, m: "Match", seat: int, play: Any, presa: tuple[Card, ...]) -> Taken:
        """SB33: a build goes whole; no scopa while builds stay on the table."""
        take(m, presa)
        pile = m.prese[m.side_of[seat]]
        pile.append(play.card)
        pile.extend(presa)
        return Taken(play, not m.table and not m.cascine)

    def lay(self, m: "Match", seat: int, play: Any) -> bool:
        if type(play) is not Build:
            return False
        place(m, seat, play)  # SB30, SB31
        return True

    def left_on_table(self, m: "Match") -> list[Card]:
        """SB35: never in a real game (SB32); a build left counts as its cards."""
        cards = built_cards(m.cascine)
        m.cascine = []
        return cards

    def view(self, m: "Match", seat: int | None, parts: dict[str, Any]) -> None:
        parts["cascine"] = tuple(m.cascine)

    def view_json(self, view: Any) -> dict[str, Any]:
        return {"cascine": [b.to_json() for b in view.cascine]}  # SB30: builds, each {cards, value, owner}

    def read_view(self, part: Mapping[str, Any], parts: dict[str, Any]) -> None:
        """SB30: the builds on the table, each {cards, value, owner}."""
        builds = part["cascine"]
        if not isinstance(builds, list) or len(builds) > 20:
            raise ValueError("the builds are damaged")
        parts["cascine"] = tuple(Cascina(json_cards(b["cards"]), json_int(b["value"], 1, 10),
                                         json_int(b["owner"], 0, len(parts["names"]) - 1)) for b in builds)

    def read_play(self, p: Mapping[str, Any], parts: dict[str, Any]) -> Any:
        """A build (SB30, SB31): its card onto a table card or a build, for a value."""
        if "build" not in p:
            return None
        build = p["build"]
        return Build(parse_card(p["card"]), json_cards(build["onto"]), json_int(build["value"], 1, 10))

    def position(self, m: "Match", out: dict[str, Any]) -> None:
        out["cascine"] = [b.to_json() for b in m.cascine]  # SB30: the builds, beside the loose table

    def sample(self, view: Any, m: "Match", unseen: list[Card], shown: dict[int, Any]) -> dict[int, Any]:
        """SB30, SB32: another seat that owns a build holds a card of its value."""
        m.cascine = list(view.cascine)
        if not view.cascine:
            return shown
        shown = {s: list(cs) for s, cs in shown.items()}
        for b in view.cascine:
            if b.owner != view.seat and not any(VALUE[c] == b.value for c in shown.get(b.owner, ())):
                card = next((c for c in unseen if VALUE[c] == b.value), None)
                if card is not None:
                    unseen.remove(card)
                    shown.setdefault(b.owner, []).append(card)
        return shown

    def moves(self, event: Any) -> list | None:
        if type(event.play) is not Build:
            return None
        # SB30, SB31: a `build` move, the card from the hand onto a table card or a build, which
        # stay on the table (the play's `build` names them)
        return [Move(event.play.card, f"hand:{event.seat}", "table", "build")]


CASCINA = Cascine()
MECHANIC = CASCINA  # found by the package (`mechanics._discover`), not listed by hand
