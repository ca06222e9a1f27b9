"""A match in progress: dealing, playing, scoring hands and deciding the winner (R1–R8, O10–O12).

`Match` is the one mutable state that the page, the computer players, the records and the tests
all use. `apply` checks a play and raises with the reason; `push` trusts its caller (search code
that only plays what `legal_plays` returned). What a seat may see is `observe(seat)`, a frozen
`PlayerView` that never holds another player's hand or the order of the deck.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple, Sequence

from . import mechanics
from .captures import SCOPA, TRADIZIONALE, CaptureRule, scopa_kind
from .cards import ALL_CARDS, DECKS, VALUE, Card, card_str, cards_str, check_deck, parse_card, shuffled_deck
from .errors import IllegalPlayError, RuleError
from .inputs import ascii_text, brief
from .mechanics import Mechanic
from .mechanics.base import Shown
from .mechanics.cascina import Build, Cascina
from .mechanics.fidasse import Claimed, ClaimStep, hidden_counts
from .plays import LAY, TAKE_ONE, Move, Play, cards_tuple, new_play
from .result import HandResult
from .rules import RuleSet
from .scoring import PROFILES, score_hand

__all__ = ["HandLog", "Match", "Move", "Play", "PlayerView", "PlayEvent", "match_winner", "plays_on",
           "sample_match", "well_typed"]


_DECK_SETS = {size: frozenset(cards) for size, cards in DECKS.items()}
# The mechanics' plays written as the core writes its own, a mark inside (SB26), with the marks
# and their mechanics; and those never named among a card's options in a message (a claim, face
# down: SB60).
_PLAIN = frozenset(k for mech in mechanics.ORDER for k in mech.plain_kinds)
_PLAIN_MARKS = tuple(mech for mech in mechanics.ORDER if mech.plain_kinds and mech.mark)
_UNOFFERED = frozenset(k for mech in mechanics.ORDER if not mech.offered for k in mech.play_kinds)


MAX_NAME = 64  # characters of a player's name (the page cuts them at 24)
MAX_NOTATION = 256  # characters of a play's notation (the longest capture is some 60)


def _unmark(text: str) -> tuple[str, Any]:
    """A card of a capture as written, without the mark before it (SB26), and the mechanic whose
    mark it was (None: unmarked)."""
    for mech in _PLAIN_MARKS:
        if text.startswith(mech.mark):
            return text[len(mech.mark):], mech
    return text, None


def well_typed(play: Any) -> bool:
    """Whether `play` is one of the engine's plays made of its own types (cards are ints: a float
    or a bool equal to a card is no card), before it is compared with the legal plays."""
    t = type(play)
    if t is Play:
        return type(play.card) is int and cards_tuple(play[1])
    owner = mechanics.OWNER.get(t)
    return owner is not None and owner.well_typed(play)


@dataclass(frozen=True)
class PlayEvent:
    """What one play did: for the page to animate and the log to print.

    `moves` lists each card's move in order. The event keeps only what the moves are made of (the
    seats' sides, the cards dealt after the play) and spells them out when asked, so search code
    that pushes millions of plays does not build them.
    """

    seat: int
    play: Play
    scopa: bool
    dealt: bool = False  # fresh cards were dealt to the hands after this play
    sweep: tuple[int | None, tuple[Card, ...]] | None = None  # (seat, cards) taken at hand end (R6)
    hand_result: HandResult | None = None
    winner: int | None = None  # the winning side, when this play ended the match
    sides: int = 1  # how many sides the match has: seat S's captures go to pile S % sides
    deals: tuple[tuple[int, Card], ...] = ()  # (seat, card) dealt after the play, in dealing order
    # SB6: a traditional scopa (a sweep classic Scopa allows too, where a mechanic's counting tells
    # it apart): it scores `mechanics.traditional_points` and is no `scopa`.
    tradizionale: bool = False
    # SB41, SB42: a sweep worth other points than a scopa's, a mechanic's own kind
    # (`mechanics.special_sweeps`); it is no `scopa` either.
    special: str | None = None
    declarations: tuple[Shown, ...] = ()  # SB10: those `seat` made before this play, its first of the deal
    # SB20: (side, cards bottom first) of each pile the play stole, in the order they were taken
    stolen: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    claim: ClaimStep | None = None  # SB60-SB64: what the play did with a claim (`seat` is the claimer's)

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Each card's move, in order: the cards shown in a declaration (SB10), the play (a lay, or
        a take of the played and the taken cards), the last taker's remainder at the hand's end,
        then any fresh deal."""
        c, presa = self.play.card, self.play.presa
        hand = f"hand:{self.seat}"
        moves = [mv for mech in mechanics.ORDER for mv in mech.moves_before(self)]  # SB10
        own = next((mv for mech in mechanics.ORDER if (mv := mech.moves(self)) is not None), None)
        if own is not None:
            moves += own  # a mechanic's own (SB20, SB30, SB60-SB64)
        elif presa:
            pile = f"pile:{self.seat % self.sides}"
            moves += [Move(c, hand, pile, "take")] + [Move(t, "table", pile, "take") for t in presa]
        else:
            moves.append(Move(c, hand, "table", "lay"))
        if self.sweep is not None and self.sweep[0] is not None:
            pile = f"pile:{self.sweep[0] % self.sides}"
            moves += [Move(t, "table", pile, "rest") for t in self.sweep[1]]
        moves += [Move(card, "deck", f"hand:{s}", "deal") for s, card in self.deals]
        return tuple(moves)

    def shows_card_to(self, viewer: int | None) -> bool:
        """Whether the card played shows to `viewer` (None: nobody in particular): not a card
        claimed face down and kept so (SB62), whoever else's it is."""
        return not any(mech.hides_card(self, viewer) for mech in mechanics.ORDER)

    def to_json(self, viewer: int | None = None, face_up: bool = False) -> dict[str, Any]:
        """JSON-able form as seat `viewer` may see it (default: nobody): cards dealt to other
        hands are `null` in `moves`; each mechanic adds its part (the declarations made with the
        play, SB10, whose cards are public); `claim`, the claim the play made or answered (SB60,
        null for any other play), its card `null` unless the viewer may see it (SB62) or
        `face_up` (a replay)."""
        out = {
            "seat": self.seat,
            **self.play.to_json(),
            "scopa": self.scopa,
            "tradizionale": self.tradizionale,
            "special": self.special,
            "dealt": self.dealt,
            "sweep": None if self.sweep is None else {"seat": self.sweep[0], "cards": cards_str(self.sweep[1])},
            "hand_result": None if self.hand_result is None else self.hand_result.to_json(),
            "winner": self.winner,
            "stolen": [{"side": side, "cards": cards_str(cards)} for side, cards in self.stolen],
            "moves": [m.to_json(viewer, viewer if face_up else self.seat) for m in self.moves],
            "claim": None,
        }
        for mech in mechanics.ORDER:
            mech.event_json(self, viewer, face_up, out)  # SB62-SB64: a claim as the viewer may know it
        return out


@dataclass
class HandLog:
    """One dealt hand as a record keeps it (RULES §6): the deck in dealing order and the plays;
    `events` keeps what each play did (not written to records: a replay makes them again)."""

    deck: tuple[Card, ...]
    plays: list[Play] = field(default_factory=list)
    redeal: bool = False
    events: list[PlayEvent] = field(default_factory=list)


@dataclass(frozen=True)
class PlayerView:
    """Everything one seat may know: its own hand and all that was played in the open."""

    rules: RuleSet
    seat: int
    names: tuple[str, ...]
    phase: str
    dealer: int
    turn: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    table: tuple[Card, ...]
    deck_left: int
    prese: tuple[tuple[Card, ...], ...]
    scope: tuple[int, ...]
    last_capturer: int | None
    plays: tuple[tuple[int, Play], ...]  # this hand's plays in order, by seat
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    winner: int | None
    legal: tuple[Play, ...]
    # who dealt the hand on the table: `dealer` once it is being played; after its last play the
    # deal has passed on (R2), and this still names the hand's own dealer (e.g. for a score sheet)
    hand_dealer: int | None = None
    # SB6: each side's traditional scope this hand, where a mechanic tells them apart
    tradizionali: tuple[int, ...] = ()
    declarations: tuple[Shown, ...] = ()  # SB10: this hand's so far; their cards are public
    # SB20: with piles face up, each side's pile top (None for an empty pile); empty otherwise
    pile_tops: tuple[Card | None, ...] = ()
    cascine: tuple[Cascina, ...] = ()  # SB30: the builds on the table, beside the loose `table`
    # SB41, SB42: each side's sweeps of other worth this hand, by kind
    speciali: tuple[dict[str, int], ...] = ()
    # SB60-SB62: this hand's claims, a card and its truth None where this seat may not see them;
    # the last one's answer None while it waits for it (the seat to move answers)
    claims: tuple[Claimed, ...] = ()

    @property
    def side(self) -> int:
        """This seat's side."""
        return self.seat % self.rules.sides

    def hidden_counts(self) -> tuple[int, ...]:
        """Per side, the cards face down in its pile that this view does not see (SB62)."""
        return hidden_counts(self.claims, self.rules.sides)

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: in other hands or still in the deck (a card shown in a
        declaration has been seen, SB10)."""
        seen = set(self.hand) | set(self.table)
        for b in self.cascine:
            seen.update(b.cards)
        for pile in self.prese:
            seen.update(pile)
        for a in self.declarations:
            seen.update(a.cards)
        seen.update(c.card for c in self.claims if c.card is not None)  # SB62: its own face-down card
        return [c for c in DECKS[self.rules.deck] if c not in seen]

    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Per other seat, the cards it showed in a declaration this hand and still holds (SB10):
        known to be in that hand (every card played is on the table or in a pile)."""
        if not self.declarations:
            return {}
        out: dict[int, list[Card]] = {}
        gone = set(self.table)
        for b in self.cascine:
            gone.update(b.cards)
        for pile in self.prese:
            gone.update(pile)
        for a in self.declarations:
            if a.seat != self.seat:
                held = out.setdefault(a.seat, [])
                held.extend(c for c in a.cards if c not in gone and c not in held)
        return {s: tuple(sorted(cs)) for s, cs in out.items() if cs}

    def to_json(self) -> dict[str, Any]:
        """JSON-able form, the only shape of the game that crosses to the page."""
        sides = self.rules.sides
        return {
            "seat": self.seat,
            "side": self.side,
            "players": list(self.names),
            "sides": [[s for s in range(len(self.names)) if s % sides == side] for side in range(sides)],
            "rules": self.rules.options(),
            "phase": self.phase,
            "dealer": self.dealer,
            "hand_dealer": self.dealer if self.hand_dealer is None else self.hand_dealer,
            "turn": self.turn,
            "hand": cards_str(self.hand),
            "hand_counts": list(self.hand_counts),
            "table": cards_str(self.table),
            "deck_left": self.deck_left,
            "prese": [cards_str(p) for p in self.prese],
            "scope": list(self.scope),
            "tradizionali": list(self.tradizionali) or [0] * sides,
            "last_capturer": self.last_capturer,
            "plays": [{"seat": s, **p.to_json()} for s, p in self.plays],
            "totals": list(self.totals),
            "results": [r.to_json() for r in self.results],
            "winner": self.winner,
            # why another hand is played with the target reached (R8, O11): the sheet says it
            "plays_on": plays_on(self.rules, self.totals) if self.results and self.winner is None else None,
            "legal": [p.to_json() for p in self.legal],
            "speciali": [dict(k) for k in self.speciali] or [{} for _ in range(sides)],  # SB41, SB42
            # each special rule's part, under its name: declarations, pile tops, builds, claims
            "mechanics": {m.name: m.view_json(self) for m in mechanics.active(self.rules) if m.view_keys},
            "words": mechanics.words(self.rules),  # the game's own words (the page's categories)
        }


class Match:
    """A whole match (partita) and the hand (mano) being played.

    The core: dealing (R2, R3), the captures of R4, turns, the scopa (R5) and the hand's end (R6,
    R7). A rule set's special mechanics (`mechanics.ORDER`: declarations, steals, builds, other
    decks, claims) keep their state in the attributes they declare (each one's `state`: its
    declarations, builds, claims) and play through their hooks, called here in that fixed order.
    """

    def __init__(self, rules: RuleSet, names: Sequence[str] | None = None, first_dealer: int = 0,
                 rng: random.Random | None = None):
        """A match about to deal its first hand; `rng` shuffles the decks when none is given."""
        if not isinstance(rules, RuleSet):
            raise RuleError(f"a match is played by a RuleSet, not {brief(rules)}")
        rules.validate()
        n = rules.players
        if names is None:
            names = [f"Player {i + 1}" for i in range(n)]
        if not isinstance(names, (list, tuple)) or not all(type(x) is str and len(x) <= MAX_NAME for x in names):
            raise RuleError(f"the players' names must be a list of texts of at most {MAX_NAME} characters")
        if len(names) != n:
            raise RuleError(f"{n} players need {n} names, not {len(names)}")
        if not (type(first_dealer) is int and 0 <= first_dealer < n):
            raise RuleError(f"first_dealer must be a seat from 0 to {n - 1}, not {brief(first_dealer)}")
        self.rules = rules
        self.names = tuple(str(x) for x in names)
        self.n = n
        self.sides = rules.sides
        self.side_of = tuple(s % self.sides for s in range(n))
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.hand_dealer = first_dealer  # the dealer of the hand dealt last (PlayerView.hand_dealer)
        self.rng = rng
        self.capture_rule = CaptureRule.of(rules)
        self.mechanics = mechanics.active(rules)  # the special rules this match plays, in their order
        self._instead = tuple(m for m in self.mechanics if type(m).plays_instead is not Mechanic.plays_instead)
        self._more = tuple(m for m in self.mechanics if type(m).more_plays is not Mechanic.more_plays)
        self._take = next((m for m in self.mechanics if type(m).take is not Mechanic.take), None)
        self.sweeps = PROFILES[rules.scoring].sweeps  # R5; SB24: no scopa in Rubamazzo
        self.totals = [0] * self.sides
        self.results: list[HandResult] = []
        self.log: list[HandLog] = []
        self.winner: int | None = None
        self.phase = "deal"  # "deal", "play" or "over"
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.table: list[Card] = []
        self.mazzo: list[Card] = []  # cards still to deal, next first
        self.prese: list[list[Card]] = [[] for _ in range(self.sides)]
        self.scope = [0] * self.sides
        self.tradizionali = [0] * self.sides  # SB6: traditional scope
        self.speciali: list[dict[str, int]] = [{} for _ in range(self.sides)]  # SB41, SB42
        self.last_capturer: int | None = None
        self.turn = (first_dealer + 1) % n
        self._legal: list[Play] | None = None
        for mech in mechanics.ORDER:  # every mechanic's state, empty where it is not played
            mech.new_hand(self)

    @classmethod
    def new(cls, rules: RuleSet, rng: random.Random, names: Sequence[str] | None = None) -> "Match":
        """A match whose first player is drawn at random (R1) with the given generator."""
        first_player = rng.randrange(rules.players)
        return cls(rules, names, (first_player - 1) % rules.players, rng)

    # -- dealing ----------------------------------------------------------------------------
    def deal(self, deck: Sequence[Card] | None = None) -> bool:
        """Deal a hand from `deck` (dealing order, first dealt first) or a fresh shuffle.

        Returns False when the deal is void by the kings redeal (R3): call `deal` again.
        """
        if self.phase != "deal":
            raise IllegalPlayError("the match is over" if self.phase == "over" else "a hand is already being played")
        if deck is None:
            if self.rng is None:
                raise IllegalPlayError("no deck given and no random generator to shuffle one")
            deck = shuffled_deck(self.rng, self.rules.deck)
        else:
            if not isinstance(deck, (list, tuple)):
                raise IllegalPlayError(f"a deck is a list of cards, not {brief(deck)}")
            deck = list(deck)
            check_deck(deck, self.rules.deck)
        rules, n = self.rules, self.n
        table = deck[rules.hand_size * n: rules.hand_size * n + rules.table_cards]
        if rules.kings_redeal and sum(1 for c in table if VALUE[c] == rules.king_value) >= 3:
            self.log.append(HandLog(tuple(deck), [], redeal=True))
            return False  # S2: the same dealer deals again
        self.log.append(HandLog(tuple(deck)))
        self.mazzo = deck
        self.hands = [[] for _ in range(n)]
        self.deal_round()
        self.table = sorted(self.mazzo[: rules.table_cards])
        del self.mazzo[: rules.table_cards]
        self.prese = [[] for _ in range(self.sides)]
        self.scope = [0] * self.sides
        self.tradizionali = [0] * self.sides
        self.speciali = [{} for _ in range(self.sides)]
        self.last_capturer = None
        for mech in mechanics.ORDER:
            mech.new_hand(self)
        self.turn = (self.dealer + 1) % n
        self.hand_dealer = self.dealer
        self.phase = "play"
        self._legal = None
        return True

    def deal_until_played(self) -> None:
        """Deal with the match's generator until a deal is not void."""
        while not self.deal():
            pass

    def deal_round(self) -> list[Card]:
        """R2: one card at a time from the player after the dealer until each has a full hand;
        returns the cards dealt, in dealing order."""
        n, k = self.n, self.rules.hand_size
        first = self.dealer + 1
        cards = self.mazzo[: n * k]
        del self.mazzo[: n * k]
        for i, c in enumerate(cards):
            self.hands[(first + i) % n].append(c)
        for h in self.hands:
            h.sort()
        return cards

    def forget_legal(self) -> None:
        """The position changed: the legal plays are found again when next asked."""
        self._legal = None

    def event(self, seat: int, play: Any, scopa: bool, dealt: bool = False, **parts: Any) -> "PlayEvent":
        """A PlayEvent of this match (its sides filled in), for a mechanic that makes its own play."""
        return PlayEvent(seat, play, scopa, dealt, sides=self.sides, **parts)

    # -- playing ----------------------------------------------------------------------------
    def current_player(self) -> int | None:
        """The seat to play, or None when no hand is being played."""
        return self.turn if self.phase == "play" else None

    def legal_plays(self) -> list[Play]:
        """Every legal play of the player to move, each capture choice spelled out, sorted."""
        plays = self._legal
        if plays is None:
            if self.phase != "play":
                return []
            for mech in self._instead:  # an answer step (SB61), builds (SB30–SB33), steals (SB21)
                plays = mech.plays_instead(self)
                if plays is not None:
                    self._legal = plays
                    return plays
            table = self.table
            entry = self.capture_rule.positions(tuple([VALUE[c] for c in table]))
            plays = []
            for c in self.hands[self.turn]:
                options = entry[VALUE[c]]
                if not options:
                    plays.append(LAY[c])
                else:
                    for pos in options:
                        if len(pos) == 1:
                            plays.append(TAKE_ONE[c][table[pos[0]]])
                        else:
                            plays.append(new_play(Play, (c, tuple([table[i] for i in pos]))))
                    if VALUE[c] > 10:
                        plays.append(LAY[c])  # SB38: a court need not take
            for mech in self._more:  # SB42's twins, SB60's claims, SB14's declared plays
                plays = mech.more_plays(self, plays)
            self._legal = plays
        return plays

    def apply(self, play: Play) -> PlayEvent:
        """Check and make a play; raise IllegalPlayError saying why, changing nothing."""
        if not well_typed(play):
            raise IllegalPlayError(f"{brief(play)} is not a play: a Play of a card and the cards it takes (ints)")
        if self.phase != "play":
            raise IllegalPlayError("the match is over" if self.phase == "over" else "no hand is being played: deal first")
        owner = mechanics.OWNER.get(type(play))
        if owner is not None:
            event = owner.apply(self, play)  # SB66: a claim with its answer, as records write it
            if event is not None:
                return event
        if play not in self.legal_plays():
            raise IllegalPlayError(self._why_illegal(play))
        return self.push(play)

    def play(self, notation: str) -> PlayEvent:
        """Make a play written in record notation (`9C:4B+5S`, or `5B` where the capture is forced)."""
        return self.apply(self.parse_play(notation))

    def parse_play(self, notation: str) -> Play:
        """Read a play in record notation for the player to move; raise IllegalPlayError if not legal."""
        text = ascii_text(notation, MAX_NOTATION)
        if not text:  # None: not ASCII text of a bounded length (RULES §6: nothing is folded into a play)
            raise IllegalPlayError(f"{brief(notation)} is not a play: write a card, then optionally ':' and the "
                                   f"cards taken (ASCII, at most {MAX_NOTATION} characters)")
        for mech in mechanics.ASKED:  # a mechanic's mark: `5B?` (SB66), `3B>4C` (SB30), `7C!` (SB14)
            play = mech.parse(self, text)
            if play is not None:
                return play
        return self.parse_plain(text, Play)

    def parse_plain(self, text: str, kind: type = Play) -> Play:
        """Read a play written as the core writes it (`9C:4B+5S`, `5B`; a card taken from elsewhere
        than the table after its mechanic's mark, SB26) as a play of `kind` (`Play`, or a
        mechanic's kind written so); checked."""
        declared = kind is not Play
        head, sep, tail = text.partition(":")
        c = parse_card(head)
        if sep:
            written = [_unmark(t.strip(" \t")) for t in tail.split("+")]  # (card, the mark's mechanic)
            marked = {parse_card(t) for t, by in written if by is not None}  # SB26: e.g. a pile's top
            presa = tuple(sorted(parse_card(t) for t, _ in written))
            if len(set(presa)) != len(presa):
                raise IllegalPlayError(f"{text}: a card is taken twice")
            play = kind(c, presa)
            legal = self.legal_plays()
            if play not in legal:
                raise IllegalPlayError(self._why_illegal(play))
            play = legal[legal.index(play)]
            if set(play.tops) != marked:
                marking = {by for _, by in written if by is not None}
                why = next((w for mech in _PLAIN_MARKS if mech in marking or type(play) in mech.plain_kinds
                            if (w := mech.misread(text, play, marked)) is not None), None)
                raise IllegalPlayError(why or f"{text}: its marked cards are not the play's, {play}")
            return play
        if self.phase != "play":
            raise IllegalPlayError("no hand is being played")
        # a mechanic's plays written with a mark of their own (a build's `>`, a claim's `?`) are not these
        options = [p for p in self.legal_plays() if p.card == c and (type(p) is kind if declared else
                                                                     type(p) is Play or type(p) in _PLAIN)]
        lay = kind(c, ())
        if not options:
            raise IllegalPlayError(self._why_illegal(lay))
        if len(options) > 1 and lay in options:
            return options[options.index(lay)]  # SB38: a court that could take is laid as written
        if len(options) > 1:
            choices = ", ".join(str(p) for p in options)
            raise IllegalPlayError(f"{text} can take in more than one way; say which: {choices}")
        return options[0]

    def _why_illegal(self, play: Play) -> str:
        for mech in mechanics.ASKED:  # a claim pending (SB61), a build (SB30), a declared play (SB14)
            why = mech.why_illegal(self, play)
            if why is not None:
                return why
        if not isinstance(play, Play) or not isinstance(play.card, int) or not 0 <= play.card < len(ALL_CARDS):
            return f"{brief(play)} is not a play"
        name = self.names[self.turn]
        if play.card not in _DECK_SETS[self.rules.deck]:
            return f"{card_str(play.card)} is not a card of the {self.rules.deck}-card deck this game plays with (SB37)"
        if play.card not in self.hands[self.turn]:
            return f"{card_str(play.card)} is not in {name}'s hand"
        reachable = {c for mech in self.mechanics for c in mech.reachable(self)}  # pile tops, built cards
        missing = [c for c in play.presa if c not in self.table and c not in reachable]
        if missing:
            return f"{', '.join(cards_str(missing))} {'is' if len(missing) == 1 else 'are'} not on the table"
        options = [p for p in self.legal_plays() if p.card == play.card and type(p) not in _UNOFFERED]
        if options == [Play(play.card, ())]:
            return f"{card_str(play.card)} takes nothing from this table"
        allowed = ", ".join(str(p) for p in options)
        if not play.presa:
            return f"{card_str(play.card)} must take (a possible capture is compulsory): {allowed}"
        return f"{card_str(play.card)} cannot take {'+'.join(cards_str(play.presa))}; the rules allow {allowed}"

    def push(self, play: Play) -> PlayEvent:
        """Make a play without checking it: only for plays taken from `legal_plays()`."""
        owner = mechanics.OWNER.get(type(play))
        if owner is not None:
            event = owner.push(self, play)  # a claim, an answer (SB60-SB64)
            if event is not None:
                return event
        seat = self.turn
        c = play.card
        presa = play.presa
        hand = self.hands[seat]
        declarations: tuple[Shown, ...] = ()
        for mech in self.mechanics:  # SB10, SB14: the declarations made with a first play
            declarations += mech.declare(self, seat, play, hand)
        hand.remove(c)
        n = self.n
        nxt = (seat + 1) % n
        last_play = not self.mazzo and not self.hands[nxt]
        scopa = tradizionale = False
        special: str | None = None
        table = self.table
        stolen: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        if presa:
            side = self.side_of[seat]
            taken = self._take.take(self, seat, play, presa) if self._take is not None else None
            if taken is None:
                for t in presa:
                    table.remove(t)
                pile = self.prese[side]
                pile.append(c)
                pile.extend(presa)
                swept, judged = not table, True
            else:  # a mechanic's own take (piles, SB20; builds, SB33)
                play, swept, judged, stolen = taken
            self.last_capturer = seat
            if swept and not last_play and self.sweeps:
                # R5; S5: the Asso's sweep only with ace_scopa; SB6: a traditional one.
                kind = scopa_kind(self.rules, c, presa) if judged else SCOPA
                if kind == TRADIZIONALE:
                    tradizionale = True
                    self.tradizionali[side] += 1
                elif kind is not None and kind != SCOPA:
                    special = kind  # SB41, SB42: a mechanic's own sweep
                    won = self.speciali[side] = dict(self.speciali[side])
                    won[kind] = won.get(kind, 0) + 1
                elif kind is not None:
                    scopa = True
                    self.scope[side] += 1
        elif not any(mech.lay(self, seat, play) for mech in self.mechanics):  # a build (SB30, SB31)
            insort(table, c)
        log = self.log[-1]
        log.plays.append(play)
        self.turn = nxt
        self._legal = None
        if not self.hands[nxt]:
            if not self.mazzo:
                event = self._end_hand(seat, play, scopa, tradizionale, declarations, stolen, special)
                log.events.append(event)
                return event
            first = self.dealer + 1
            deals = tuple(((first + i) % n, c) for i, c in enumerate(self.deal_round()))
            event = PlayEvent(seat, play, scopa, True, sides=self.sides, deals=deals, tradizionale=tradizionale,
                              declarations=declarations, stolen=stolen, special=special)
        else:
            event = PlayEvent(seat, play, scopa, sides=self.sides, tradizionale=tradizionale,
                              declarations=declarations, stolen=stolen, special=special)
        log.events.append(event)
        return event

    # -- end of hand and match ---------------------------------------------------------------
    def _end_hand(self, seat: int, play: Play, scopa: bool, tradizionale: bool,
                  declarations: tuple[Shown, ...] = (), stolen: tuple[tuple[int, tuple[Card, ...]], ...] = (),
                  special: str | None = None) -> PlayEvent:
        swept = tuple(self.table)
        left = [c for mech in self.mechanics for c in mech.left_on_table(self)]  # SB35: builds left
        if left:
            swept = tuple(sorted((*swept, *left)))
        taker = self.last_capturer
        if swept and taker is not None:
            self.prese[self.side_of[taker]].extend(swept)  # R6; S8: nobody captured, nobody takes
        self.table = []
        result = score_hand(self.rules, self.prese, self.scope, self.tradizionali, self.speciali)
        for mech in self.mechanics:  # SB10's declarations, SB65's claims
            result = mech.score(self, result)
        self.results.append(result)
        for side, pts in enumerate(result.totals):
            self.totals[side] += pts
        self.winner = self._match_winner(result)
        self.dealer = (self.dealer + 1) % self.n
        self.turn = (self.dealer + 1) % self.n
        self.phase = "over" if self.winner is not None else "deal"
        return PlayEvent(seat, play, scopa, False, (taker, swept), result, self.winner, self.sides,
                         tradizionale=tradizionale, declarations=declarations, stolen=stolen, special=special)

    def _match_winner(self, result: HandResult) -> int | None:
        """R8, O10–O12, S7: the side that has won the match after this hand, if any."""
        # O8 napola_wins; SB54: Cicera's thirteen spade win outright too
        if result.napoleone is not None and (self.rules.napola_wins or PROFILES[self.rules.scoring].napula):
            return result.napoleone
        return match_winner(self.rules, self.totals)

    # -- views, copies, records -------------------------------------------------------------------
    def observe(self, seat: int, hidden_from_all: bool = False) -> PlayerView:
        """What `seat` may see; other hands and the deck order are left out. `hidden_from_all`:
        what the mechanics hide (a card claimed face down, SB62) is hidden from `seat` too, as
        from nobody in particular (a hot-seat pass screen: the next person is handed the device)."""
        if not (type(seat) is int and 0 <= seat < self.n):
            raise RuleError(f"no seat {brief(seat)}: seats are 0 to {self.n - 1}")
        current = self.log[-1].plays if self.log and self.phase == "play" else []
        first = (self.dealer + 1) % self.n
        parts: dict[str, Any] = {
            "plays": tuple(((first + i) % self.n, p) for i, p in enumerate(current)),
            "prese": tuple(tuple(p) for p in self.prese),
        }
        for mech in self.mechanics:  # each mechanic's part: declarations, pile tops, builds, claims
            mech.view(self, None if hidden_from_all else seat, parts)
        return PlayerView(
            rules=self.rules, seat=seat, names=self.names, phase=self.phase, dealer=self.dealer,
            turn=self.turn, hand=tuple(self.hands[seat]), hand_counts=tuple(len(h) for h in self.hands),
            table=tuple(self.table), deck_left=len(self.mazzo),
            scope=tuple(self.scope), last_capturer=self.last_capturer,
            totals=tuple(self.totals), results=tuple(self.results), winner=self.winner,
            legal=tuple(self.legal_plays()) if self.turn == seat and self.phase == "play" else (),
            hand_dealer=self.hand_dealer, tradizionali=tuple(self.tradizionali),
            speciali=tuple(self.speciali), **parts,
        )

    def clone(self) -> "Match":
        """An independent copy for search; it shares the rule set and capture cache, not the generator."""
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.hands = [h[:] for h in self.hands]
        m.table = self.table[:]
        m.mazzo = self.mazzo[:]
        m.prese = [p[:] for p in self.prese]
        m.scope = self.scope[:]
        m.tradizionali = self.tradizionali[:]
        m.speciali = self.speciali[:]
        for mech in mechanics.ORDER:
            mech.copy_state(self, m)
        m.totals = self.totals[:]
        m.results = self.results[:]
        m.log = [HandLog(h.deck, h.plays[:], h.redeal, h.events[:]) for h in self.log[-1:]]
        m.rng = None
        m._legal = None
        return m

    def __repr__(self) -> str:
        return (f"<Match {self.phase} turn={self.turn} table={cards_str(self.table)} "
                f"hands={[cards_str(h) for h in self.hands]} totals={self.totals}>")


def match_winner(rules: RuleSet, totals: Sequence[int]) -> int | None:
    """R8, O10–O12, S7: the side that has won the match with these totals at the end of a hand
    (a napola that wins outright aside), or None while the match plays on."""
    need = max(rules.lead, 1)  # S7: by at least 1 point when no lead is asked
    reached = rules.target == 0 or max(totals) >= rules.target  # 0: a single-hand match
    if not reached:
        return None
    ranked = sorted(totals)
    if rules.misere:
        loser = match_loser(rules, totals)
        return None if loser is None else misere_winner(totals, loser)
    return list(totals).index(ranked[-1]) if ranked[-1] - ranked[-2] >= need else None


def plays_on(rules: RuleSet, totals: Sequence[int]) -> str | None:
    """R8, S7, O11, O12: why the match goes on though the target is reached (the score sheet says
    it): "level", sides level at the top; "lead", the leader short of the lead asked (O11); None
    when the target is not reached or the match is decided."""
    if rules.target and max(totals) < rules.target:
        return None
    decided = match_loser(rules, totals) if rules.misere else match_winner(rules, totals)
    if decided is not None:
        return None
    ranked = sorted(totals)
    return "level" if ranked[-1] == ranked[-2] else "lead"


def match_loser(rules: RuleSet, totals: Sequence[int]) -> int | None:
    """O12, SB71: in misère, the side that has lost the match with these totals at the end of a
    hand, or None while it plays on (and always None out of misère).

    The first side to reach the target loses: once a side has reached it (in a single-hand match,
    at the end of the hand), the side with the highest total loses when it is alone at the top, by
    the lead (S7, read for the loser: at least 1 point). Two or more sides level at the top, at or
    past the target, have not lost alone, and another hand is played (R8's "a tie plays on", read
    for the loser); the other sides' totals never keep the match going."""
    if not rules.misere:
        return None
    if rules.target and max(totals) < rules.target:
        return None
    ranked = sorted(totals)
    if ranked[-1] - ranked[-2] < max(rules.lead, 1):
        return None
    return list(totals).index(ranked[-1])


def misere_winner(totals: Sequence[int], loser: int) -> int:
    """SB71: the side named winner when `loser` has lost a misère match: with two sides the other;
    with more, the lowest total, a tie going to the side that plays soonest after the loser (as a
    forfeit's winner with three or more sides, settebello/timing.py)."""
    sides = len(totals)
    order = [(loser + k) % sides for k in range(1, sides)]
    low = min(totals[s] for s in order)
    return next(s for s in order if totals[s] == low)


def sample_match(view: PlayerView, rng: random.Random) -> Match:
    """A full match state consistent with everything `view` shows (a determinisation for search).

    The unseen cards are dealt at random to the other hands (by their counts) and to the deck,
    the cards a seat showed in a declaration and still holds staying in its hand (SB10), a card
    claimed face down given a likely identity (SB62, `fidasse.sample`); nothing
    but the view is read, so a player built on this cannot see hidden cards.
    """
    if view.phase != "play":
        raise IllegalPlayError("a view can be sampled only while a hand is being played")
    unseen = view.unseen()
    rng.shuffle(unseen)
    m = Match(view.rules, view.names, view.dealer)
    m.dealer = view.dealer
    m.turn = view.turn
    m.phase = "play"
    m.totals = list(view.totals)
    m.results = list(view.results)
    m.table = list(view.table)
    m.prese = [list(p) for p in view.prese]
    m.scope = list(view.scope)
    m.tradizionali = list(view.tradizionali) or [0] * m.sides
    m.speciali = list(view.speciali) or [{} for _ in range(m.sides)]
    m.last_capturer = view.last_capturer
    shown: dict[int, Any] = {}
    for mech in m.mechanics:  # declarations shown (SB10), builds' owners (SB32), claims (SB62)
        shown = mech.sample(view, m, unseen, shown)
    i = 0
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            m.hands[seat] = sorted(view.hand)
        else:
            known = shown.get(seat, ())
            count -= len(known)
            m.hands[seat] = sorted([*known, *unseen[i: i + count]])
            i += count
    m.mazzo = unseen[i:]
    m.log = [HandLog(tuple(), [p for _, p in view.plays])]
    return m


