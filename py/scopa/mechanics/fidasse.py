"""Scopa a fidasse (RULES §4 Phase 2, [002]): a scopa claimed face down, "vi fidate?", SB60–SB66.

On their turn, with cards on the table and not at the hand's last play (R5), a player may lay any
card face down and claim a scopa (a `Claim`, SB60). The next player, always of another side,
answers for every other side (an `Answer`: trust or doubt, SB61): while the answer is pending the
match is in an answer step, that seat to move and its only plays the two answers. Trusted, the
claimer's side takes the table and the card, which nobody else ever sees, as a scopa (SB62).
Doubted, the card is shown: a false claim leaves it laid on the table and costs the claimer's side
a point (SB63); a true one takes the table as a scopa and costs the doubter's side a point (SB64).
The points lost are the hand's category `fidasse` (SB65). A record writes a claim with its answer
on one line, `5B?trust`, `5B?doubt`, or `5B?` while the answer is pending (SB66).

The engine's `Match` keeps this hand's claims (`Match.claims`, each a `Claimed`, real cards) and
asks this module for the plays, the steps and the views; without the rule-set field `fidasse`
none of this is ever reached.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import replace
from typing import Any, Mapping, NamedTuple, Sequence

from ..cards import VALUE, Card, card_str, parse_card
from ..errors import IllegalPlayError
from ..inputs import brief
from ..options import OptionSpec
from ..plays import Move
from ..result import HandResult
from .base import Exclusion, Mechanic, json_int

TRUST = "trust"
DOUBT = "doubt"
ANSWERS = (TRUST, DOUBT)


class Claim(NamedTuple):
    """A claimed scopa (SB60): `card` laid face down; `answer` is None for the play itself (what
    `legal_plays` offers), or the answer it got, as the hand's log and a record keep it (SB66).
    `card` is None in the view of a seat that may not see it (SB62). It names no cards taken."""

    card: Card | None
    answer: str | None = None

    @property
    def presa(self) -> tuple[Card, ...]:
        """A claim names no cards taken: when it takes, it takes the whole table (SB62, SB64)."""
        return ()

    @property
    def tops(self) -> tuple[Card, ...]:
        """A claim takes no pile's top (SB20): none of its cards is written after a mark."""
        return ()

    def __str__(self) -> str:
        """The record notation (SB66): `5B?` and the answer, `5B?trust`, `5B?doubt`; `?trust` hidden."""
        return ("" if self.card is None else card_str(self.card)) + "?" + (self.answer or "")

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: a play's keys (`card` null when hidden), with `claim` its answer (null: pending)."""
        return {"card": None if self.card is None else card_str(self.card), "presa": [], "notation": str(self),
                "claim": {"answer": self.answer}}


class Answer(NamedTuple):
    """The answer to a claim (SB61): `trust` or `doubt`; the answering seat's only plays."""

    answer: str

    # Generic code that asks whether a play takes reads an answer as taking nothing.
    presa = ()
    tops = ()

    def __str__(self) -> str:
        """The notation: `trust` or `doubt`."""
        return self.answer

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: a play's keys (no card), with `answer`."""
        return {"card": None, "presa": [], "notation": self.answer, "answer": self.answer}


TRUST_PLAY = Answer(TRUST)
DOUBT_PLAY = Answer(DOUBT)
PLAY_TYPES = (Claim, Answer)


class Claimed(NamedTuple):
    """One claim of the hand: who made it, the card (None where hidden from a view), the answer
    (None while pending), whether it was true (None where hidden) and who answered."""

    seat: int
    card: Card | None
    answer: str | None = None
    true: bool | None = None
    by: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: {seat, card, answer, true, by} (card and true null where hidden)."""
        return {"seat": self.seat, "card": None if self.card is None else card_str(self.card),
                "answer": self.answer, "true": self.true, "by": self.by}


class ClaimStep(NamedTuple):
    """What a play event did with a claim: the claim as it then stood, whether the event starts
    with the card going face down from the hand (the claim itself, or a whole claim of the log or
    a record), and the table cards it took (trusted, or doubted and true)."""

    claimed: Claimed
    from_hand: bool
    taken: tuple[Card, ...] = ()


def sweeps(rule: "CaptureRule", table: Sequence[Card], card: Card) -> bool:
    """SB60: whether one of `card`'s legal captures on this sorted table takes every table card."""
    n = len(table)
    return n > 0 and any(len(pos) == n for pos in rule.positions(tuple([VALUE[c] for c in table]))[VALUE[card]])


def pending(m: "Match") -> Claimed | None:
    """The claim waiting for its answer, if any (SB61)."""
    return m.claims[-1] if m.claims and m.claims[-1].answer is None else None


def claims(m: "Match") -> list[Claim]:
    """SB60: the claims the player to move may make: any card, with cards on the table, unless this
    is the hand's last play (R5: it could be no scopa)."""
    if not m.table:
        return []
    nxt = (m.turn + 1) % m.n
    if not m.mazzo and not m.hands[nxt]:
        return []
    return [Claim(c) for c in m.hands[m.turn]]


def parse(m: "Match", text: str) -> Claim | Answer:
    """Read `5B?`, `5B?trust`, `5B?doubt`, `trust` or `doubt` for the player to move (SB66);
    IllegalPlayError saying what is wrong."""
    low = text.lower()
    if low in ANSWERS:
        play: Claim | Answer = Answer(low)
        if play not in m.legal_plays():
            raise IllegalPlayError(why_illegal(m, play))
        return play
    head, _, tail = text.partition("?")
    c = parse_card(head)
    answer = tail.strip(" \t").lower() or None
    if answer is not None and answer not in ANSWERS:
        raise IllegalPlayError(f"{text}: a claim is answered trust or doubt, not {tail.strip(' ')!r} (SB66)")
    if Claim(c) not in m.legal_plays():
        raise IllegalPlayError(why_illegal(m, Claim(c)))
    return Claim(c, answer)


def why_illegal(m: "Match", play: Any) -> str:
    """Why a claim, an answer, or (with a claim pending) any other play is not allowed here."""
    waiting = pending(m)
    if waiting is not None:
        if type(play) is Answer:
            return f"a claim is answered trust or doubt, not {brief(play.answer)} (SB61)"
        return (f"{m.names[m.turn]} must first answer {m.names[waiting.seat]}'s claim: trust or doubt "
                f"(SB61)")
    if type(play) is Answer:
        return "no claim is waiting for an answer"
    if not m.rules.fidasse:
        return f"{play}: a claim (`?`) is made only with fidasse on (SB60)"
    if play.answer is not None and play.answer not in ANSWERS:
        return f"{play}: a claim is answered trust or doubt, not {brief(play.answer)} (SB66)"
    if play.card not in m.hands[m.turn]:
        return f"{card_str(play.card)} is not in {m.names[m.turn]}'s hand"
    if not m.table:
        return "a scopa is claimed only with cards on the table to sweep (SB60)"
    return "no scopa can be claimed with the hand's last play (R5, SB60)"


def claim(m: "Match", play: Claim) -> "PlayEvent":
    """Make a claim on `m` (trusted: it is legal): the card goes face down, the next seat answers."""
    seat = m.turn
    c = play.card
    m.hands[seat].remove(c)
    claimed = Claimed(seat, c, None, sweeps(m.capture_rule, m.table, c))
    m.claims.append(claimed)
    log = m.log[-1]
    log.plays.append(Claim(c))
    m.turn = (seat + 1) % m.n
    m.forget_legal()
    event = m.event(seat, Claim(c), False, claim=ClaimStep(claimed, True))
    log.events.append(event)
    return event


def answer(m: "Match", play: Answer) -> "PlayEvent":
    """Answer the pending claim on `m` (trusted: it is legal) and carry it out (SB62–SB64); the
    answering seat then plays on, after a fresh deal if the hands are empty (R2)."""
    waiting = m.claims[-1]
    seat, c = waiting.seat, waiting.card
    side = m.side_of[seat]
    table = m.table
    taken: tuple[Card, ...] = ()
    scopa = False
    if play.answer == TRUST or waiting.true:
        # SB62, SB64: the table and the card to the claimer's side, a scopa (never the last play).
        taken = tuple(table)
        pile = m.prese[side]
        pile.append(c)
        pile.extend(taken)
        table.clear()
        m.last_capturer = seat
        if m.sweeps:
            scopa = True
            m.scope[side] += 1
    else:
        insort(table, c)  # SB63: shown, and laid
    claimed = waiting._replace(answer=play.answer, by=m.turn)
    m.claims[-1] = claimed
    log = m.log[-1]
    log.plays[-1] = Claim(c, play.answer)
    m.forget_legal()
    deals: tuple[tuple[int, Card], ...] = ()
    if not m.hands[m.turn] and m.mazzo:
        first = m.dealer + 1
        deals = tuple(((first + i) % m.n, d) for i, d in enumerate(m.deal_round()))
    event = m.event(seat, Claim(c, play.answer), scopa, bool(deals), deals=deals,
                    claim=ClaimStep(claimed, False, taken))
    # The log keeps one event per play, the whole claim: the one it replaces, if any, said only
    # that the card went down.
    whole = replace(event, claim=ClaimStep(claimed, True, taken))
    if log.events and log.events[-1].claim is not None and log.events[-1].claim.claimed.answer is None:
        log.events[-1] = whole
    else:
        log.events.append(whole)
    return event


def apply_whole(m: "Match", play: Claim) -> "PlayEvent":
    """Make a claim together with its answer, as a record writes it (`5B?trust`, SB66): both checked
    before anything changes; the event is the whole claim's, as the hand's log keeps it."""
    if play.answer not in ANSWERS:
        raise IllegalPlayError(why_illegal(m, play))
    if Claim(play.card) not in m.legal_plays():
        raise IllegalPlayError(why_illegal(m, Claim(play.card)))
    m.push(Claim(play.card))
    m.push(Answer(play.answer))
    return m.log[-1].events[-1]


def moves(step: ClaimStep, seat: int, sides: int) -> list[Move]:
    """The moves of a claim's event: the card face down from the hand to the table (`claim`), and
    once answered: trusted, the card (still face down, `claim`) and the table to the pile; doubted,
    the card shown (`reveal`, on the table), then if true the card and the table to the pile."""
    c = step.claimed.card
    pile = f"pile:{seat % sides}"
    out = [Move(c, f"hand:{seat}", "table", "claim")] if step.from_hand else []
    answer_ = step.claimed.answer
    if answer_ == TRUST:
        out.append(Move(c, "table", pile, "claim"))
    elif answer_ == DOUBT:
        out.append(Move(c, "table", "table", "reveal"))
        if step.claimed.true:
            out.append(Move(c, "table", pile, "take"))
    out += [Move(t, "table", pile, "take") for t in step.taken]
    return out


def seen_by(claimed: Claimed, viewer: int | None) -> bool:
    """Whether `viewer` may see the claimed card: the claimer, or anyone once it was doubted
    (SB63, SB64); a pending or trusted claim's card is nobody else's, partners' neither (SB62)."""
    return viewer == claimed.seat or claimed.answer == DOUBT


def masked(claimed: Claimed, viewer: int | None) -> Claimed:
    """The claim as `viewer` may know it: card and truth hidden unless `seen_by`."""
    if seen_by(claimed, viewer):
        return claimed
    return claimed._replace(card=None, true=None)


def event_json(event: "PlayEvent", viewer: int | None, face_up: bool, out: dict[str, Any]) -> None:
    """Hide a claim event's card from a viewer who may not see it (in the play's keys) and add the
    claim as that viewer may know it (`claim`); `face_up` (a replay) shows everything."""
    claimed = event.claim.claimed
    if not face_up and not seen_by(claimed, viewer):
        out.update(Claim(None, claimed.answer).to_json())
        claimed = masked(claimed, viewer)
    out["claim"] = claimed.to_json()


def view_parts(m: "Match", seat: int | None, prese: tuple[tuple[Card, ...], ...],
               plays: tuple[tuple[int, Any], ...]) -> tuple[tuple, tuple, tuple[Claimed, ...]]:
    """What `seat` may see of the piles, the hand's plays and its claims: a card claimed face down
    and trusted, or still pending, is hidden from every other seat, its partners too (SB62);
    `seat` None is nobody (a hot-seat pass screen)."""
    hidden = [(m.side_of[c.seat], c.card) for c in m.claims if c.answer == TRUST and c.seat != seat]
    if hidden:
        piles = [list(p) for p in prese]
        for side, card in hidden:
            piles[side].remove(card)
        prese = tuple(tuple(p) for p in piles)
    plays = tuple((s, Claim(None, p.answer)) if type(p) is Claim and s != seat and p.answer != DOUBT else (s, p)
                  for s, p in plays)
    return prese, plays, tuple(masked(c, seat) for c in m.claims)


def hidden_counts(claims_: Sequence[Claimed], sides: int) -> tuple[int, ...]:
    """Per side, the cards face down in its pile that a view does not see (trusted claims, SB62)."""
    out = [0] * sides
    for c in claims_:
        if c.card is None and c.answer == TRUST:
            out[c.seat % sides] += 1
    return tuple(out)


def sample(view: "PlayerView", m: "Match", unseen: list[Card], known: dict[int, list[Card]]) -> dict[int, list[Card]]:
    """For `sample_match`: give each card hidden from `view` an identity from the `unseen` cards
    (shuffled; the cards used are taken out): a trusted claim's card goes to its side's pile; a
    pending claim's card is drawn with the claimer's hand, as one who holds a card that sweeps
    claims with it: the claimer's cards and the claimed one are drawn together, and the claimed one
    is a sweeping card if any of them is, else any (SB60). Returns `known` with the claimer's
    other cards added (they go to its hand); `m.claims` gets the claims with their cards."""
    out: list[Claimed] = []
    for c in view.claims:
        if c.card is not None:
            out.append(c)
        elif c.answer == TRUST:
            card = unseen.pop()
            m.prese[m.side_of[c.seat]].append(card)
            out.append(c._replace(card=card))
        else:
            size = view.hand_counts[c.seat] - len(known.get(c.seat, ()))
            drawn = unseen[:size + 1]
            del unseen[:size + 1]
            card = next((d for d in drawn if sweeps(m.capture_rule, m.table, d)), drawn[0])
            drawn.remove(card)
            known = {**known, c.seat: [*known.get(c.seat, ()), *drawn]}
            out.append(c._replace(card=card, true=sweeps(m.capture_rule, m.table, card)))
    m.claims = out
    return known


def read_claimed(value: Any, players: int) -> Claimed:
    """A claim of the hand read back from its JSON (`Claimed.to_json`, its card and truth null
    where hidden) in a game of `players` seats; ValueError when damaged."""
    if not isinstance(value, dict) or value.get("answer") not in (None, *ANSWERS) \
            or not (value.get("true") is None or type(value["true"]) is bool):
        raise ValueError("a claim is damaged")
    card, by = value["card"], value["by"]
    return Claimed(json_int(value["seat"], 0, players - 1), None if card is None else parse_card(card),
                   value["answer"], value["true"], None if by is None else json_int(by, 0, players - 1))


def read_play(p: Mapping[str, Any]) -> Claim | Answer | None:
    """A claim (its card null where hidden, its answer null while pending) or an answer read back
    from its JSON, or None for any other play; ValueError when damaged (SB60, SB61)."""
    if "answer" in p:
        if p["answer"] not in ANSWERS:
            raise ValueError("an answer is trust or doubt")
        return Answer(p["answer"])
    if "claim" not in p:
        return None
    claimed = p["claim"]
    if not isinstance(claimed, dict) or claimed.get("answer") not in (None, *ANSWERS):
        raise ValueError("a claim's answer is damaged")
    return Claim(None if p["card"] is None else parse_card(p["card"]), claimed["answer"])


def with_fidasse(result: HandResult, claims_: Sequence[Claimed], sides: int) -> HandResult:
    """SB65: the hand's result with the points claims lost, category `fidasse` (0 or less per side:
    a doubted false claim costs the claimer's side 1, a doubted true one the doubter's), and in
    each side's detail its claims as everyone may know them (a trusted card stays hidden)."""
    points = [dict(p) for p in result.points]
    detail = [dict(d) for d in result.detail]
    lost = [0] * sides
    for c in claims_:
        if c.answer == DOUBT:
            lost[(c.by if c.true else c.seat) % sides] -= 1
    for side in range(sides):
        points[side]["fidasse"] = lost[side]
        detail[side]["fidasse"] = [masked(c, None).to_json() for c in claims_ if c.seat % sides == side]
    return replace(result, categories=result.categories + ("fidasse",), points=tuple(points),
                   detail=tuple(detail))


def position_json(m: "Match") -> dict[str, Any]:
    """For a replay's position (every card face up): the pending claim's card, or None."""
    waiting = pending(m)
    return {"claim": None if waiting is None else {"seat": waiting.seat, "card": card_str(waiting.card)},
            "claims": [c.to_json() for c in m.claims]}



class Fidasse(Mechanic):
    """A scopa claimed face down, trusted or doubted (SB60–SB66): `5B?` claims, `5B?trust` and
    `5B?doubt` are a claim with its answer, `trust` and `doubt` the answers alone."""

    name = "fidasse"
    order = 70  # after the tables' mechanics: a claim adds to every other play
    check_order = 50
    view_keys = ("claims", "claim", "hidden")
    option = "fidasse"
    traits = ("claims",)  # SB60: a scopa claimed with a card face down
    # SB60: what a claimed scopa is worth, or hides, is nowhere said with these (docs/RULINGS.md).
    excludes = (Exclusion("fidasse", "fidasse claims a scopa worth a point, its card face down: it cannot be played "
                          "with {piles} or mazzetto scoring (no scopa, piles face up), {builds} (builds on the table), "
                          "ace_takes_all or {residues} (sweeps that are no scopa or cost), misere or {declarations} "
                          "(a declared card face down), other decks or {sweeps} (sweeps of other worth)",
                          "option.fidasse", off=("ace_takes_all", "misere", "deck"), refuse={"scoring": ("mazzetto",)},
                          off_traits=("piles", "builds", "declarations", "sweeps", "residues")),)
    play_kinds = PLAY_TYPES
    mark = "?"
    offered = False  # a claim is any card, face down: never one of a card's options (SB60)
    state = ("claims",)  # Match.claims: this hand's claims, the last one maybe awaiting its answer (SB60)

    def specs(self) -> dict[str, Any]:
        """SB60: the claims."""
        return {"fidasse": OptionSpec(bool, help="a scopa may be claimed with any card face down; the next player trusts or "
                                                 "doubts it, and a doubt proved wrong costs a point (§4, SB60)")}

    def record_only(self, play: Any) -> tuple[str, str] | None:
        """SB61, SB66: `5B?trust` is how a record writes a claim with the answer the next player
        gave; at the table the claim is made alone (`5B?`) and only the next player answers it."""
        if type(play) is Claim and play.answer is not None:
            return (f"{play}: a claim and its answer are written together only in a record; claim with '?' "
                    "and the next player answers (SB61)", "play.answered")
        return None

    def well_typed(self, play: Any) -> bool:
        """A Claim of an int card (its answer a text or None), or an Answer of a text."""
        if type(play) is Claim:
            return type(play.card) is int and (play.answer is None or type(play.answer) is str)
        return type(play.answer) is str

    def plays_instead(self, m: "Match") -> list | None:
        if m.claims and m.claims[-1].answer is None:
            return [TRUST_PLAY, DOUBT_PLAY]  # SB61: the answer step
        return None

    def more_plays(self, m: "Match", plays: list) -> list:
        return plays + claims(m)  # SB60

    def parse(self, m: "Match", text: str) -> Any:
        """SB66: `5B?`, `5B?trust`, `trust`; with a claim pending, nothing else."""
        if "?" in text or text.lower() in ANSWERS:
            if m.phase != "play":
                raise IllegalPlayError("no hand is being played")
            return parse(m, text)
        if pending(m) is not None:
            raise IllegalPlayError(why_illegal(m, text))
        return None

    def why_illegal(self, m: "Match", play: Any) -> str | None:
        if type(play) in PLAY_TYPES or pending(m) is not None:
            return why_illegal(m, play)  # SB60, SB61
        return None

    def apply(self, m: "Match", play: Any) -> Any:
        if type(play) is Claim and play.answer is not None:
            return apply_whole(m, play)  # SB66: a claim with its answer, as records write it
        return None

    def push(self, m: "Match", play: Any) -> Any:
        if type(play) is Answer:
            return answer(m, play)  # SB61-SB64
        if type(play) is Claim:
            return claim(m, play)  # SB60
        return None

    def score(self, m: "Match", result: HandResult) -> HandResult:
        return with_fidasse(result, m.claims, m.sides)  # SB65: the points claims lost

    def view(self, m: "Match", seat: int | None, parts: dict[str, Any]) -> None:
        if m.claims:  # SB62: face down
            parts["prese"], parts["plays"], parts["claims"] = view_parts(m, seat, parts["prese"], parts["plays"])

    def view_json(self, view: Any) -> dict[str, Any]:
        # SB60-SB62: the hand's claims, the one awaiting an answer, and per side the cards face
        # down in its pile that this seat does not see
        claims = view.claims
        return {"claims": [c.to_json() for c in claims],
                "claim": claims[-1].to_json() if claims and claims[-1].answer is None else None,
                "hidden": list(hidden_counts(claims, view.rules.sides))}

    def read_view(self, part: Mapping[str, Any], parts: dict[str, Any]) -> None:
        """SB60-SB62: the hand's claims (`claim` and `hidden` are made from them)."""
        if not isinstance(part["claims"], list) or len(part["claims"]) > 40:
            raise ValueError("the claims are damaged")
        parts["claims"] = tuple(read_claimed(c, len(parts["names"])) for c in part["claims"])

    def read_play(self, p: Mapping[str, Any], parts: dict[str, Any]) -> Any:
        return read_play(p)  # SB60, SB61

    def position(self, m: "Match", out: dict[str, Any]) -> None:
        out.update(position_json(m))  # SB60-SB66: the pending claim's card face up, the hand's claims

    def sample(self, view: Any, m: "Match", unseen: list[Card], shown: dict[int, Any]) -> dict[int, Any]:
        m.claims = []
        if view.claims:
            shown = sample(view, m, unseen, shown)  # SB62: a card face down gets a likely identity
        return shown

    def moves(self, event: Any) -> list | None:
        if event.claim is None:
            return None
        return moves(event.claim, event.seat, event.sides)  # SB60-SB64

    def hides_card(self, event: Any, viewer: int | None) -> bool:
        return event.claim is not None and not seen_by(event.claim.claimed, viewer)  # SB62

    def event_json(self, event: Any, viewer: int | None, face_up: bool, out: dict[str, Any]) -> None:
        """SB62-SB64: a card claimed face down shows to its claimer, and to everyone once doubted."""
        if event.claim is None:
            return
        if face_up or seen_by(event.claim.claimed, viewer):
            out["moves"] = [mv.to_json(viewer, viewer) for mv in event.moves]
        event_json(event, viewer, face_up, out)


FIDASSE = Fidasse()
MECHANIC = FIDASSE  # found by the package (`mechanics._discover`), not listed by hand
