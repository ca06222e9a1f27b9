"""Rubamazzo (RULES §4 Phase 2, [002]): a side's pile stolen by a card equal to its top (SB20–SB25).

With `RuleSet.steal` every side's pile (mazzetto) lies face up, the card that made the side's last
capture on top (SB20). The top of each other side's non-empty pile is taken as a card would be taken
from the table, by the capture rule of the rule set (SB21: `equal` for Rubamazzo, `match` for
Rubamazzetto a somme, where a top counts in a sum, SB22); a capture that takes a top takes that
whole pile. The engine asks this module for the choices and for which cards of a presa are tops;
the piles' order is the engine's: a stealing side puts the stolen pile, then the table cards taken,
then the card played, on top of its own.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..cards import VALUE, Card, card_str, cards_str, parse_card
from ..options import OptionSpec
from ..plays import Move, Play, cards_tuple, new_play
from .base import Exclusion, Mechanic, Taken, json_cards


def pile_top(pile: Sequence[Card]) -> Card | None:
    """The face-up top card of a pile (SB20): its last card; None for an empty pile."""
    return pile[-1] if pile else None


def stealable(prese: Sequence[Sequence[Card]], side: int) -> dict[Card, int]:
    """The tops `side` may steal, with the side whose pile each tops: every other side's non-empty
    pile (SB25: never one's own, so never a partner's, who shares it)."""
    return {pile[-1]: s for s, pile in enumerate(prese) if s != side and pile}


def capture_choices(rule: "CaptureRule", table: Sequence[Card], tops: Sequence[Card],
                    hand: Sequence[Card]) -> list[tuple[Card, tuple[Card, ...], tuple[Card, ...]]]:
    """(card, presa, tops taken) for every legal play of `hand`: the capture rule applied to the
    sorted table and pile tops together (SB21, SB22), so R4's compulsion and priority hold for a
    steal as for any capture; a card that can take nothing is laid, `presa` empty."""
    pool = sorted([*table, *tops])
    entry = rule.positions(tuple([VALUE[c] for c in pool]))
    return _choices(entry, pool, frozenset(tops), hand)


def _choices(entry, pool: Sequence[Card], tops, hand: Sequence[Card]) -> list[tuple[Card, tuple[Card, ...], tuple[Card, ...]]]:
    out = []
    for c in hand:
        options = entry[VALUE[c]]
        if not options:
            out.append((c, (), ()))
            continue
        for pos in options:
            presa = tuple([pool[i] for i in pos])
            out.append((c, presa, tuple([t for t in presa if t in tops])))
    return out


def split_presa(prese: Sequence[Sequence[Card]], side: int, table: Sequence[Card],
                presa: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[tuple[int, Card], ...]]:
    """The cards of a legal `presa` that come from the table, and (side, top) for each pile it
    steals: a card is on the table or tops one pile, never both."""
    on_table = set(table)
    tops = stealable(prese, side)
    from_table = tuple([t for t in presa if t in on_table])
    stolen = tuple([(tops[t], t) for t in presa if t not in on_table and t in tops])
    return from_table, stolen


class Steal(Play):
    """A capture that takes whole piles (Rubamazzo, SB20): `tops` are the top cards of the piles
    it steals, each also in `presa` (a card is on the table or tops a pile, never both). It equals
    the plain `Play` of the same card and presa, so either is found among the legal plays."""

    mark = "^"  # SB26: each top taken written after it, `4C:^4S`

    def __new__(cls, card: Card, presa: tuple[Card, ...] = (), tops: tuple[Card, ...] = ()) -> "Steal":
        self = tuple.__new__(cls, (card, presa))
        self.tops = tuple(tops)
        return self

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: a capture's, with `steal` the tops of the piles it steals (SB20), also in
        `presa` (read back by `Steals.read_play`)."""
        return {**Play.to_json(self), "steal": cards_str(self.tops)}


class Steals(Mechanic):
    """Piles face up, another side's pile taken by a card that takes its top (SB20–SB26): a steal
    is written as a capture, the tops it takes marked `^` (SB26)."""

    name = "steal"
    order = 30
    check_order = 20
    # SB20-SB22: with piles to steal, a Five takes the Five on top of the other side's pile (no
    # Five on the table) and so steals that whole pile (issue 45: Rubamazzo's page shows a steal)
    examples = {"steal": (("2D", "4C"), "5S", ("5B",))}
    view_keys = ("pile_tops",)
    option = "steal"
    traits = ("piles",)  # SB20: piles face up, taken whole
    excludes = (Exclusion("steal", "steal cannot be played with ace_takes_all: whether the Asso would take the "
                          "piles too is nowhere said", "option.steal", off=("ace_takes_all",)),)
    play_kinds = (Steal,)
    plain_kinds = (Steal,)  # written as the core's captures, with `^` before a top taken
    mark = Steal.mark

    def specs(self) -> dict[str, Any]:
        """SB20: the steals, a game's own machinery."""
        return {"steal": OptionSpec(bool, help="piles face up; a card equal to another side's pile top takes that pile (§4, SB20)",
                                    house_rule=False)}

    def example_takes(self, rule: Any, rules: Any, table: Sequence[Card], tops: Sequence[Card],
                      card: Card) -> list[tuple[Card, ...]]:
        """SB21: the tops are taken as table cards are, a top taken steals its pile."""
        return [presa for _, presa, _ in capture_choices(rule, table, tops, [card]) if presa]

    def well_typed(self, play: Any) -> bool:
        """A Steal made of ints."""
        return type(play.card) is int and cards_tuple(play[1]) and cards_tuple(play.tops)

    def plays_instead(self, m: "Match") -> list | None:
        """SB21, SB22: with piles to steal, the tops are taken as table cards are; taking one
        steals its pile. Without any, the core's plays."""
        tops = stealable(m.prese, m.side_of[m.turn])
        if not tops:
            return None
        return [Steal(c, presa, taken) if taken else new_play(Play, (c, presa))
                for c, presa, taken in capture_choices(m.capture_rule, m.table, tuple(tops), m.hands[m.turn])]

    def misread(self, text: str, play: Any, marked: set[Card]) -> str | None:
        """SB26: a top taken is written after `^`, a table card never."""
        wrong = sorted(marked - set(play.tops))
        if wrong:
            return f"{text}: {', '.join(cards_str(wrong))} is on the table, no pile's top: write it without {self.mark}"
        return (f"{text}: {', '.join(cards_str(sorted(set(play.tops) - marked)))} tops a pile: write {self.mark} "
                f"before it to steal the pile (SB26), as in {play}")

    def reachable(self, m: "Match") -> Iterable[Card]:
        return stealable(m.prese, m.side_of[m.turn])

    def take(self, m: "Match", seat: int, play: Any, presa: tuple[Card, ...]) -> Taken:
        """SB20: the stolen piles, the table cards taken, then the card played on top; a sweep of
        the table part is a scopa where the scoring has scope (R5)."""
        side = m.side_of[seat]
        table = m.table
        from_table, steals = split_presa(m.prese, side, table, presa)
        pile = m.prese[side]
        stolen = tuple((s, tuple(m.prese[s])) for s, _ in steals)
        for s, cards in stolen:
            pile.extend(cards)
            m.prese[s].clear()
        for t in from_table:
            table.remove(t)
        pile.extend(from_table)
        c = play.card
        pile.append(c)
        if steals:
            play = Steal(c, presa, tuple(t for _, t in steals))  # the record writes the ^ (SB26)
        return Taken(play, not table and bool(from_table), False, stolen)

    def view(self, m: "Match", seat: int | None, parts: dict[str, Any]) -> None:
        parts["pile_tops"] = tuple(pile_top(p) for p in m.prese)

    def view_json(self, view: Any) -> dict[str, Any]:
        # SB20: each side's pile top, face up (null for an empty pile)
        return {"pile_tops": [None if c is None else card_str(c) for c in view.pile_tops]}

    def read_view(self, part: Mapping[str, Any], parts: dict[str, Any]) -> None:
        """SB20: each side's pile top (null: an empty pile), one per side."""
        tops = part["pile_tops"]
        if not isinstance(tops, list) or len(tops) != parts["rules"].sides:
            raise ValueError("the piles' tops are not one per side")
        parts["pile_tops"] = tuple(None if c is None else parse_card(c) for c in tops)

    def read_play(self, p: Mapping[str, Any], parts: dict[str, Any]) -> Any:
        """A steal (SB20): a capture whose `steal` names the tops it takes, each also in its presa."""
        if not p.get("steal"):
            return None
        presa, tops = tuple(sorted(json_cards(p["presa"]))), json_cards(p["steal"])
        if not set(tops) <= set(presa):
            raise ValueError("a steal takes a top its presa does not name")
        return Steal(parse_card(p["card"]), presa, tops)

    def play_moments(self, hand: int, event: Any, sides: int) -> list[dict[str, Any]]:
        """SB20: each pile a play stole, a moment of the match's story (in Rubamazzo, where every
        point is a card, the steals are what decide it): who stole how many cards, with which card,
        from which side, and the top it took."""
        return [{"hand": hand, "kind": "steal", "seat": event.seat, "side": event.seat % sides, "from": side,
                 "card": card_str(event.play.card), "top": card_str(cards[-1]), "count": len(cards)}
                for side, cards in event.stolen]

    def position(self, m: "Match", out: dict[str, Any]) -> None:
        out["pile_tops"] = [card_str(p[-1]) if p else None for p in m.prese]  # SB20: face up (null: empty)

    def moves(self, event: Any) -> list | None:
        """SB20: the stolen piles (each card a move of kind `steal`, in order, from its pile to the
        stealer's), then the table cards, then the card played, face up on top."""
        if not event.stolen:
            return None
        c, presa = event.play.card, event.play.presa
        pile = f"pile:{event.seat % event.sides}"
        out = []
        for side, cards in event.stolen:
            out += [Move(t, f"pile:{side}", pile, "steal") for t in cards]
        tops = event.play.tops or tuple(cards[-1] for _, cards in event.stolen)
        out += [Move(t, "table", pile, "take") for t in presa if t not in tops]
        out.append(Move(c, f"hand:{event.seat}", pile, "take"))
        return out


STEAL = Steals()
MECHANIC = STEAL  # found by the package (`mechanics._discover`), not listed by hand
