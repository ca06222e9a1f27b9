"""Play with people on other devices (issue 41, docs/PEOPLE.md): the message protocol, the remote
seats of the host's session and the fair deal both sides can check.

Pure Python, standard library only; the page moves the messages (static/js/people.js, a WebRTC
data channel) and never reads them. `PeopleHost` is the host's side: its `Session` plays the
match, each remote seat gets only its own seat's view and sends plays the host's engine checks.
`PeopleGuest` is the other device's side. A message is JSON text ``{"v": 1, "t": type, "n": k,
...}``; every one a peer sends is bounded, typed, versioned and numbered, and a refused one
changes nothing (`PeopleError`, its `reason` one of ``people.*`` or the engine's).

The deal (each hand's): the host commits to a nonce (sha256), each guest commits and reveals its
own, the deck's seed is derived from all of them (`deal_seed`); the host reveals its nonce once
the hand is over, with the hand's record, and the guest checks the deck (`check_deal`).
`verify_deals(record)` checks a finished record's deals the same way.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import random
import re
import secrets
from typing import Any, Callable, Iterator

from scopa.cards import card_str, shuffled_deck
from scopa.errors import ScopaError
from scopa.inputs import brief, read_json
from scopa.record import FORMAT, from_record
from scopa.rules import PRESETS_REVISION, RuleSet, preset

from .errors import SessionError, is_whole
from .clock import ClockConfig
from .game import Game
from .invitation import table_summary

PROTOCOL_VERSION = 1
MAX_GUEST_CHARS = 2_000  # a guest's message: a play, a nonce, a name
MAX_GUEST_DEPTH = 3
MAX_HOST_CHARS = 1_500_000  # the host's: a view (a finished match's story is the largest)
MAX_HOST_DEPTH = 24
MAX_NAME = 24
SEED_BYTES = 6  # 48 bits: a seed JavaScript holds exactly (saves cross the page as JSON)
DEAL_DOMAIN = b"settebello-deal/1"
PHRASES = ("bravo", "scopa", "well_played", "thanks", "one_moment", "good_game")  # the table's phrases: no free text
MAX_PHRASES_PER_HAND = 20  # a seat's phrases in one hand; more are refused
# A remote seat whose device dropped (its connection closed, or the host's page reloaded): its
# clock is not charged for this long after the drop, then runs again as RULES §5 says (move time,
# then BankTime, then the forfeit) until the seat is back.
DROP_GRACE_MS = 60_000
MAX_SAVED_CHARS = 200_000  # the host's saved table with people (a match's deals and seats)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class PeopleError(SessionError):
    """A peer's message refused, with the reason; nothing changed."""


def new_nonce() -> str:
    """A fresh secret of 32 bytes as hex (the operating system's randomness)."""
    return secrets.token_hex(32)


def commitment(nonce: str) -> str:
    """The commitment to a nonce: sha256 of its bytes, as hex."""
    return hashlib.sha256(bytes.fromhex(nonce)).hexdigest()


def deal_seed(deal: int, reveals: dict[str, str]) -> int:
    """The deck's seed of deal `deal` from every party's nonce (parties in sorted order): nobody
    who committed before seeing the others' nonces can choose it."""
    h = hashlib.sha256(DEAL_DOMAIN + b"|" + str(deal).encode())
    for party in sorted(reveals):
        h.update(b"|" + party.encode() + b"=" + bytes.fromhex(reveals[party]))
    return int.from_bytes(h.digest()[:SEED_BYTES], "big")


def unpaid_ms(mark_ms: float, now_ms: float, dropped_ms: float, back_ms: float | None,
              grace_ms: int = DROP_GRACE_MS) -> int:
    """The part of a running turn's time from `mark_ms` to `now_ms` that is not charged to a seat
    that dropped at `dropped_ms` (and came back at `back_ms`, None: not yet): its absence, up to
    the grace time after the drop. The rest is charged as RULES §5 says."""
    start = max(mark_ms, dropped_ms)
    end = min(now_ms, dropped_ms + grace_ms, now_ms if back_ms is None else back_ms)
    return max(0, int(end - start))


def party(seat: int | None) -> str:
    """A party's name in the deal's record: "host", or "seat2" for the remote seat 2."""
    return "host" if seat is None else f"seat{seat}"


# -- messages ---------------------------------------------------------------------------------------
def _is_hex64(value: Any) -> bool:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def _text(limit: int, optional: bool = False) -> Callable[[Any], bool]:
    return lambda v: (optional and v is None) or (isinstance(v, str) and 0 < len(v) <= limit)


_WHOLE = lambda v: is_whole(v) and 0 <= v < 2**31  # noqa: E731
# each type a guest may send: its fields and what each must be (all required)
GUEST_TYPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "hello": {"seat": _WHOLE, "token": lambda v: isinstance(v, str) and _TOKEN.fullmatch(v) is not None,
              "name": _text(MAX_NAME, optional=True)},
    "commit": {"deal": _WHOLE, "digest": _is_hex64},
    "reveal": {"deal": _WHOLE, "nonce": _is_hex64},
    "play": {"play": _text(200)},
    "sync": {},
    "phrase": {"phrase": lambda v: v in PHRASES},
}
HOST_TYPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    "welcome": {"seat": _WHOLE, "players": lambda v: isinstance(v, list), "started": lambda v: isinstance(v, bool)},
    "state": {"view": lambda v: isinstance(v, dict), "event": lambda v: v is None or isinstance(v, dict),
              "ack": lambda v: v is None or _WHOLE(v)},
    "refused": {"ack": lambda v: v is None or _WHOLE(v), "error": _text(2_000), "reason": _text(64, optional=True)},
    "commit": {"deal": _WHOLE, "digest": _is_hex64},
    "reveals": {"deal": _WHOLE, "commits": lambda v: isinstance(v, dict), "reveals": lambda v: isinstance(v, dict),
                "hands": lambda v: isinstance(v, list)},
    "phrase": {"seat": _WHOLE, "phrase": lambda v: v in PHRASES},
    "presence": {"seat": _WHOLE, "away": lambda v: isinstance(v, bool)},
    "rematch": {"match": _WHOLE},  # another match at the same table, with the same people: its deal comes next
}


def read_message(text: Any, types: dict[str, dict[str, Callable[[Any], bool]]], max_chars: int,
                 max_depth: int) -> dict[str, Any]:
    """A peer's message checked: JSON text within the bounds, this protocol's version, a known
    type with exactly its fields, each of its kind; PeopleError naming what is wrong."""
    try:
        msg = read_json(text, "the message", PeopleError, max_chars=max_chars, max_depth=max_depth)
    except PeopleError as err:
        raise PeopleError(str(err), reason={"input.size": "people.size", "input.depth": "people.size"}.get(
            err.reason or "", "people.json")) from None
    if not isinstance(msg, dict):
        raise PeopleError("a message is a JSON object", reason="people.type")
    if msg.get("v") != PROTOCOL_VERSION:
        raise PeopleError(f"this is protocol version {PROTOCOL_VERSION}, the message's is {msg.get('v')!r}",
                          reason="people.version")
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in types:
        raise PeopleError("unknown message type", reason="people.type")
    if not _WHOLE(msg.get("n")):
        raise PeopleError("a message's number n is a whole number", reason="people.type")
    fields = types[kind]
    extra = sorted(k for k in msg if k not in ("v", "t", "n", *fields))
    if extra:
        raise PeopleError(f"a {kind} message has no field {extra[0][:32]!r}", reason="people.type")
    for key, ok in fields.items():
        if key not in msg or not ok(msg[key]):
            raise PeopleError(f"a {kind} message's {key} is missing or of the wrong kind", reason="people.type")
    return msg


def message(kind: str, n: int, **fields: Any) -> str:
    """A message as JSON text."""
    return json.dumps({"v": PROTOCOL_VERSION, "t": kind, "n": n, **fields}, separators=(",", ":"))


# -- the deal both sides check ----------------------------------------------------------------------
def check_deal(deal: int, commits: dict[str, str], reveals: dict[str, str], decks: list[list[str]],
               size: int, players: int | None) -> str | None:
    """Why deal `deal` does not hold, or None: each reveal matches its commitment, and the decks
    dealt (its void deals, then the one played) are the shuffles of the seed (the first deal also
    drew the first dealer from it: `players`, else None)."""
    if sorted(commits) != sorted(reveals) or "host" not in commits:
        return f"deal {deal}: the parties that committed and revealed differ"
    for who, nonce in reveals.items():
        if not (_is_hex64(nonce) and _is_hex64(commits[who])) or commitment(nonce) != commits[who]:
            return f"deal {deal}: {who}'s reveal does not match its commitment"
    rng = random.Random(deal_seed(deal, reveals))
    if players is not None:
        rng.randrange(players)  # Match.new: the first player is drawn first (R1)
    for deck in decks:
        if [card_str(c) for c in shuffled_deck(rng, size)] != deck:
            return f"deal {deal}: the deck is not the one its seed shuffles"
    return None


def verify_deals(record: dict[str, Any]) -> dict[str, Any]:
    """A finished record's deals checked against its `fair_deal` (commitments and reveals):
    {"verified": true} or {"verified": false, "why": ...}."""
    fair = record.get("fair_deal") if isinstance(record, dict) else None
    if not isinstance(fair, dict) or not isinstance(fair.get("deals"), list):
        return {"verified": False, "why": "the record has no commitments and reveals"}
    try:
        match = from_record(record)
    except ScopaError as err:
        return {"verified": False, "why": f"the record is not legal: {err}"}
    groups: list[list[list[str]]] = [[]]
    for hand in match.log:
        groups[-1].append([card_str(c) for c in hand.deck])
        if not hand.redeal:
            groups.append([])
    groups = [g for g in groups if g]
    deals = fair["deals"]
    if len(deals) < len(groups):
        return {"verified": False, "why": f"{len(groups)} deals, {len(deals)} with commitments"}
    for k, (decks, entry) in enumerate(zip(groups, deals), start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("commits"), dict) \
                or not isinstance(entry.get("reveals"), dict):
            return {"verified": False, "why": f"deal {k}: no commitments or reveals"}
        why = check_deal(k, entry["commits"], entry["reveals"], decks, match.rules.deck,
                         match.rules.players if k == 1 else None)
        if why:
            return {"verified": False, "why": why}
        if k == 1 and match.first_dealer != _first_dealer(k, entry["reveals"], match.rules.players):
            return {"verified": False, "why": "deal 1: the first dealer is not the one its seed draws"}
    return {"verified": True}


def _first_dealer(deal: int, reveals: dict[str, str], players: int) -> int:
    first = random.Random(deal_seed(deal, reveals)).randrange(players)
    return (first - 1) % players


# -- the host ---------------------------------------------------------------------------------------
@contextlib.contextmanager
def _as_if_alone(game: Game, seat: int) -> Iterator[None]:
    """The game as a device with only the person of `seat` at it would show it (its view, its
    turn), for the length of the block; the host's own seats come back after it."""
    saved = game.shown, game.handed, game.local
    game.shown, game.handed, game.local = seat, True, [seat]
    try:
        yield
    finally:
        game.shown, game.handed, game.local = saved


class _Deal:
    """One deal's commitments and reveals, the host's nonce kept until the hand is over."""

    def __init__(self, number: int, host_nonce: str) -> None:
        self.number = number
        self.host_nonce = host_nonce
        self.commits: dict[str, str] = {"host": commitment(host_nonce)}
        self.reveals: dict[str, str] = {}
        self.published = False

    def to_json(self) -> dict[str, Any]:
        """What the record keeps: commitments, and the reveals once published."""
        reveals = {**self.reveals, "host": self.host_nonce} if self.published else {}
        return {"deal": self.number, "commits": dict(self.commits), "reveals": reveals}


class _Remote:
    """A remote seat: its invitation's token, whether it said hello, its last message number."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.joined = False
        self.name: str | None = None
        self.last_n = -1
        self.sent_view: str | None = None  # the last view sent, to send only a changed one
        self.sent_events = 0
        self.phrases: dict[int, int] = {}  # hand number -> phrases said in it


class PeopleHost:
    """The host's side: the session plays the match; each remote seat joins by its invitation,
    takes part in each deal and plays its own seat only."""

    def __init__(self, session: Any, nonce: Callable[[], str] = new_nonce,
                 token: Callable[[], str] = lambda: secrets.token_urlsafe(24)) -> None:
        """Around the host page's Session; `nonce` and `token` draw secrets (tests pass seeded ones)."""
        self.session = session
        self._nonce = nonce
        self._token = token
        self.config: dict[str, Any] | None = None
        self.remote: dict[int, _Remote] = {}
        self.deals: list[_Deal] = []
        self.started = False
        self._n = 0  # the number of the host's next message
        self.absent: dict[int, list[float | None]] = {}  # a dropped seat: [when it dropped, when it came back]
        self.match_no = 1  # the matches played at this table with these people (a rematch: the next)

    # -- opening the table
    def open(self, config: Any) -> dict[str, Any]:
        """A table for `config` (new_game's, some person seats with remote: true): one invitation
        per remote seat, the first deal's commitment drawn. Nothing is dealt until every remote
        seat has joined and revealed its part of the deal."""
        if not isinstance(config, dict) or not isinstance(config.get("seats"), list):
            raise PeopleError("a table with people needs the game's settings and its seats", reason="people.config")
        checked = Game.new({k: v for k, v in config.items() if k != "clock"} | {"seed": 0})  # refuses bad settings
        remote = [i for i, s in enumerate(checked.seats) if s.get("remote")]
        if not remote:
            raise PeopleError("mark at least one seat as a person on another device", reason="people.none")
        self.session.check_game(config)  # the clock and the rest, as new_game checks them
        self.config = {k: v for k, v in config.items() if k != "seed"}
        self.remote = {s: _Remote(self._token()) for s in remote}
        self.deals = [_Deal(1, self._nonce())]
        self.started = False
        return {"invites": [{"seat": s, "token": r.token, "name": checked.seats[s]["name"]}
                            for s, r in self.remote.items()],
                "commit": self.deals[0].commits["host"],
                "table": table_summary(checked, ClockConfig.parse(config.get("clock")))}

    def rematch(self, config: Any) -> dict[str, Any]:
        """Another match at this table with the same people (the finished match's Rematch, or a New
        game with the same seats on other devices), over the channels they are on: each joined
        seat is told, and the new match's first deal drawn as the first was. Refused (nothing
        changed) while a match is under way, a seat is away, or the seats on other devices differ."""
        game = self.session.game
        if not self.started or game is None or (game.match.phase != "over" and self.session.time.forfeit is None):
            raise PeopleError("a rematch comes once the match is over", reason="people.rematch")
        if not isinstance(config, dict) or not isinstance(config.get("seats"), list):
            raise PeopleError("a table with people needs the game's settings and its seats", reason="people.config")
        checked = Game.new({k: v for k, v in config.items() if k != "clock"} | {"seed": 0})
        if [i for i, s in enumerate(checked.seats) if s.get("remote")] != sorted(self.remote):
            raise PeopleError("a rematch seats the same people on other devices", reason="people.rematch")
        if any(not r.joined for r in self.remote.values()):
            raise PeopleError("a person on another device is not at the table", reason="people.rematch")
        self.session.check_game(config)
        self.config = {k: v for k, v in config.items() if k != "seed"}
        self.deals, self.started, self.absent = [_Deal(1, self._nonce())], False, {}
        self.match_no += 1
        for r in self.remote.values():
            r.sent_view, r.sent_events, r.phrases = None, 0, {}
        digest = self.deals[0].commits["host"]
        return {"send": [[s, text] for s in self.remote for text in (
            message("rematch", self._next(), match=self.match_no),
            message("commit", self._next(), deal=1, digest=digest))]}

    def _next(self) -> int:
        self._n += 1
        return self._n

    def _deal(self) -> _Deal:
        return self.deals[-1]

    # -- a guest's message
    def receive(self, seat: Any, text: Any) -> dict[str, Any]:
        """A message from the channel of `seat`'s invitation: {send: [[seat, text]...], host:
        {what changed for the host's page} | None}. A refused one is answered with a `refused`
        message and changes nothing."""
        if not (is_whole(seat) and seat in self.remote):
            raise PeopleError("no invitation for that seat", reason="people.seat")
        try:
            msg = read_message(text, GUEST_TYPES, MAX_GUEST_CHARS, MAX_GUEST_DEPTH)
            return self._handle(seat, msg)
        except ScopaError as err:  # PeopleError, SessionError, the engine's: nothing has changed
            n = None
            with contextlib.suppress(Exception):
                n = json.loads(text).get("n") if isinstance(text, str) and len(text) <= MAX_GUEST_CHARS else None
            ack = n if _WHOLE(n) else None
            reply = message("refused", self._next(), ack=ack, error=str(err)[:2_000], reason=err.reason)
            return {"send": [[seat, reply]], "host": None, "refused": {"error": str(err), "reason": err.reason}}

    def _handle(self, seat: int, msg: dict[str, Any]) -> dict[str, Any]:
        """A checked message: every check first, then the change."""
        r = self.remote[seat]
        kind = msg["t"]
        if kind == "hello":
            if msg["seat"] != seat or not hmac.compare_digest(msg["token"], r.token):
                raise PeopleError("this invitation is not for that seat", reason="people.token")
            r.joined, r.last_n, r.sent_view, r.sent_events = True, msg["n"], None, 0
            back = []
            if seat in self.absent and self.absent[seat][1] is None:  # it had dropped: back now
                self.absent[seat][1] = self.session.time.now()
                back = self._presence(seat, away=False)
            if msg["name"] and not self.started:
                r.name = msg["name"].strip()[:MAX_NAME] or None
            send = [[seat, message("welcome", self._next(), seat=seat, players=self._players(), started=self.started)]]
            if not self._deal().published and party(seat) not in self._deal().reveals:
                send.append([seat, message("commit", self._next(), deal=self._deal().number,
                                           digest=self._deal().commits["host"])])
            return {"send": send + back + self._updates(), "host": {"joined": seat}}
        if not r.joined:
            raise PeopleError("say hello with the invitation first", reason="people.hello")
        if msg["n"] <= r.last_n:
            raise PeopleError(f"message {msg['n']} was already received or is out of order", reason="people.replayed")
        if kind == "sync":
            r.last_n, r.sent_view = msg["n"], None
            return {"send": self._updates(), "host": None}
        if kind in ("commit", "reveal"):
            return self._deal_message(seat, r, msg)
        if kind == "phrase":
            hand = self._hand_number()
            if r.phrases.get(hand, 0) >= MAX_PHRASES_PER_HAND:
                raise PeopleError(f"at most {MAX_PHRASES_PER_HAND} phrases a hand", reason="people.phrases")
            r.last_n = msg["n"]
            r.phrases = {hand: r.phrases.get(hand, 0) + 1}
            return {"send": self._phrase(seat, msg["phrase"]), "host": {"phrase": {"seat": seat, "phrase": msg["phrase"]}}}
        return self._play(seat, r, msg)

    def _deal_message(self, seat: int, r: _Remote, msg: dict[str, Any]) -> dict[str, Any]:
        deal, who = self._deal(), party(seat)
        if msg["deal"] != deal.number or deal.published:
            raise PeopleError(f"deal {msg['deal']} is not the one being drawn", reason="people.deal")
        if msg["t"] == "commit":
            if who in deal.commits:
                raise PeopleError("this seat has committed to this deal already", reason="people.deal")
            r.last_n = msg["n"]
            deal.commits[who] = msg["digest"]
            return {"send": [], "host": None}
        if who not in deal.commits or who in deal.reveals:
            raise PeopleError("commit first, and reveal once", reason="people.deal")
        if commitment(msg["nonce"]) != deal.commits[who]:
            raise PeopleError("the nonce does not match its commitment", reason="people.reveal")
        r.last_n = msg["n"]
        deal.reveals[who] = msg["nonce"]
        host: dict[str, Any] | None = None
        if deal.number == 1 and self.ready():
            host = {"started": self._start()}
        return {"send": self._updates(), "host": host}

    def _play(self, seat: int, r: _Remote, msg: dict[str, Any]) -> dict[str, Any]:
        game = self.session.game
        if not self.started or game is None:
            raise PeopleError("the match has not started", reason="people.turn")
        if game.match.phase != "play" or game.match.turn != seat:
            raise PeopleError("it is not your turn", reason="people.turn")
        with _as_if_alone(game, seat):
            result = self.session.play(msg["play"])
        if "error" in result:
            raise PeopleError(result["error"], reason=result.get("reason") or "people.play")
        r.last_n = msg["n"]
        event = game.match.log[-1].events[-1] if result.get("event") else None
        host = {"event": None if event is None else game.event_json(event), "view": self.session.view()}
        view = result["view"]
        sent = json.dumps(view, separators=(",", ":"), sort_keys=True)
        r.sent_view, r.sent_events = sent, self._events()
        reply = message("state", self._next(), view=view, event=result.get("event"), ack=msg["n"])
        return {"send": [[seat, reply]] + self._updates(), "host": host}

    # -- the table's phrases
    def _hand_number(self) -> int:
        game = self.session.game
        return 0 if game is None else len(game.match.log)

    def _phrase(self, seat: int, phrase: str) -> list[list[Any]]:
        """A phrase said at `seat`, sent to every other joined seat."""
        return [[s, message("phrase", self._next(), seat=seat, phrase=phrase)]
                for s, r in self.remote.items() if r.joined and s != seat]

    def say(self, phrase: Any) -> dict[str, Any]:
        """The host's person says a table phrase (one of PHRASES): sent to every joined seat."""
        game = self.session.game
        if phrase not in PHRASES:
            raise PeopleError("that is not one of the table's phrases", reason="people.type")
        seat = game.local[0] if game is not None else 0
        return {"send": self._phrase(seat, phrase), "phrase": {"seat": seat, "phrase": phrase}}

    # -- a seat that dropped, and the clock
    def _presence(self, seat: int, away: bool) -> list[list[Any]]:
        """Tell every other joined seat that `seat` dropped (away) or is back."""
        return [[s, message("presence", self._next(), seat=seat, away=away)]
                for s, r in self.remote.items() if r.joined and s != seat]

    def drop(self, seat: Any) -> dict[str, Any]:
        """`seat`'s connection is gone: it is sent nothing until it says hello again, the others
        are told it is reconnecting, and its clock waits DROP_GRACE_MS before it runs again."""
        if not (is_whole(seat) and seat in self.remote):
            raise PeopleError("no invitation for that seat", reason="people.seat")
        r = self.remote[seat]
        if not r.joined:
            return {"send": [], "away": seat}
        r.joined = False
        self.absent[seat] = [self.session.time.now(), None]
        return {"send": self._presence(seat, away=True), "away": seat}

    def away(self) -> list[int]:
        """The remote seats that dropped and have not said hello again."""
        return sorted(s for s, (_, back) in self.absent.items() if back is None)

    def tick(self) -> dict[str, Any]:
        """The host page's clock reading (Session.tick), a dropped seat's grace time not charged."""
        clock = self.session.time.clock
        if clock is not None and clock.running in self.absent and clock.mark is not None:
            dropped, back = self.absent[clock.running]
            clock.mark += unpaid_ms(clock.mark, self.session.time.now(), dropped, back)
        return self.session.tick()

    # -- the host's reload: what its page keeps beside the match's save
    def save(self) -> dict[str, Any]:
        """The table with people as the host's page keeps it (restore() takes it back)."""
        return {"v": 1, "config": self.config, "started": self.started, "n": self._n, "match": self.match_no,
                "remote": {str(s): {"token": r.token, "name": r.name, "last_n": r.last_n,
                                    "phrases": {str(h): c for h, c in r.phrases.items()}}
                           for s, r in self.remote.items()},
                "deals": [{"number": d.number, "host_nonce": d.host_nonce, "commits": d.commits,
                           "reveals": d.reveals, "published": d.published} for d in self.deals]}

    def restore(self, saved: Any) -> dict[str, Any]:
        """The table with people of the match the host's page restored, after a reload: every
        remote seat away until it says hello again (by its invitation), its clock's grace time
        running from now. A save that is damaged or of another match is refused, changing nothing."""
        game = self.session.game
        try:
            if isinstance(saved, str):
                saved = read_json(saved, "the table with people", PeopleError, max_chars=MAX_SAVED_CHARS)
            if not isinstance(saved, dict) or saved.get("v") != 1 or not isinstance(saved.get("config"), dict):
                raise ValueError("not a saved table with people")
            remote = {int(s): _Remote(str(v["token"])) for s, v in saved["remote"].items()}
            for s, v in saved["remote"].items():
                r = remote[int(s)]
                if not _TOKEN.fullmatch(r.token) or not _WHOLE(v["last_n"] + 1):
                    raise ValueError("a seat's invitation is damaged")
                r.name, r.last_n = v["name"] if isinstance(v["name"], str) else None, v["last_n"]
                r.phrases = {int(h): int(c) for h, c in v["phrases"].items()}
            deals = []
            for d in saved["deals"]:
                deal = _Deal(int(d["number"]), str(d["host_nonce"]))
                if not (_is_hex64(deal.host_nonce) and isinstance(d["commits"], dict) and isinstance(d["reveals"], dict)):
                    raise ValueError("a deal is damaged")
                deal.commits, deal.reveals, deal.published = dict(d["commits"]), dict(d["reveals"]), bool(d["published"])
                deals.append(deal)
            started, n, match_no = bool(saved["started"]), saved["n"], saved.get("match", 1)
            if not deals or not _WHOLE(n) or not _WHOLE(match_no):
                raise ValueError("the deals are missing")
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise PeopleError(f"the saved table with people is damaged ({err})", reason="people.saved") from None
        if game is None or not started or sorted(remote) != [i for i, s in enumerate(game.seats) if s.get("remote")] \
                or game.seed != deal_seed(1, {**deals[0].reveals, "host": deals[0].host_nonce}):
            raise PeopleError("the saved table with people is not the match on this page", reason="people.saved")
        now = self.session.time.now()
        # the host's messages go on numbered past any it sent after its last save (a guest refuses
        # a number it has seen): the page saves after it sends, so a few may be missing there
        self.config, self.remote, self.deals, self.started, self._n = saved["config"], remote, deals, True, n + 10_000
        self.match_no = max(1, match_no)
        self.absent = {s: [now, None] for s in remote}
        return {"invites": [{"seat": s, "token": r.token, "name": r.name or game.seats[s]["name"]}
                            for s, r in remote.items()], "away": self.away(),
                "table": table_summary(game, self.session.time.clock.config if self.session.time.clock else None)}

    # -- the match
    def ready(self) -> bool:
        """Whether every remote seat has revealed its part of the deal being drawn."""
        return all(party(s) in self._deal().reveals for s in self.remote)

    def _players(self) -> list[dict[str, Any]]:
        seats = self.config["seats"] if self.config else []
        return [{"seat": i, "name": (self.remote[i].name if i in self.remote and self.remote[i].name else s.get("name")),
                 "remote": i in self.remote, "human": bool(s.get("human"))} for i, s in enumerate(seats)]

    def _start(self) -> dict[str, Any]:
        """Deal the match's first hand from the first deal's seed; the host page's view."""
        deal = self._deal()
        reveals = {**deal.reveals, "host": deal.host_nonce}
        seats = [dict(s, name=p["name"]) if p["name"] else dict(s) for s, p in zip(self.config["seats"], self._players())]
        view = self.session.new_game({**self.config, "seats": seats, "seed": deal_seed(1, reveals)})
        if "error" in view:
            raise PeopleError(view["error"], reason=view.get("reason") or "people.config")
        self.started = True
        return view

    def next_hand(self) -> dict[str, Any]:
        """The host page's Next hand: the next deal from its seed, once every remote seat revealed."""
        game = self.session.game
        if not self.started or game is None or game.match.phase != "deal":
            raise PeopleError("the hand is not finished", reason="people.deal")
        deal = self._deal()
        if deal.number != len([h for h in game.match.log if not h.redeal]) + 1 or not self.ready():
            raise PeopleError("the other devices have not yet drawn their part of the next deal",
                              reason="people.waiting")
        game.rng.seed(deal_seed(deal.number, {**deal.reveals, "host": deal.host_nonce}))
        view = self.session.next_hand()
        if "error" in view:
            raise PeopleError(view["error"], reason=view.get("reason"))
        return {"view": view, "send": self._updates()}

    def _events(self) -> int:
        game = self.session.game
        return sum(len(h.events) for h in game.match.log) if game is not None else 0

    def updates(self) -> dict[str, Any]:
        """After anything the host's page did (its own play, a computer's, a new hand): what each
        remote seat must be sent ({send: [[seat, text]...]})."""
        return {"send": self._updates()}

    def _updates(self) -> list[list[Any]]:
        """Each joined seat's view when it changed (with the play that changed it, when one did),
        and at a hand's end the deal's reveals with the hand's record and the next deal's
        commitment."""
        out: list[list[Any]] = []
        game = self.session.game
        if not self.started or game is None:
            return out
        out += self._hand_over(game)
        events = self._events()
        for seat, r in self.remote.items():
            if not r.joined:
                continue
            with _as_if_alone(game, seat):
                view = self.session.view()
                last = game.match.log[-1].events[-1] if game.match.log and game.match.log[-1].events else None
                event = game.event_json(last) if last is not None and events == r.sent_events + 1 else None
            text = json.dumps(view, separators=(",", ":"), sort_keys=True)
            if text == r.sent_view:
                continue
            r.sent_view, r.sent_events = text, events
            out.append([seat, message("state", self._next(), view=view, event=event, ack=None)])
        return out

    def _hand_over(self, game: Game) -> list[list[Any]]:
        """Once the hand of the deal being drawn is over: its reveals and record to every seat, and
        (unless the match is over) the next deal's commitment."""
        deal = self._deal()
        played = [h for h in game.match.log if not h.redeal]
        if deal.published or len(played) != deal.number or game.match.phase == "play":
            return []
        deal.published = True
        hands = self._deal_hands(game.record(), deal.number)
        pub = deal.to_json()
        out = [[s, message("reveals", self._next(), deal=deal.number, commits=pub["commits"],
                           reveals=pub["reveals"], hands=hands)] for s, r in self.remote.items() if r.joined]
        if game.match.phase == "deal":
            nxt = _Deal(deal.number + 1, self._nonce())
            self.deals.append(nxt)
            out += [[s, message("commit", self._next(), deal=nxt.number, digest=nxt.commits["host"])]
                    for s, r in self.remote.items() if r.joined]
        return out

    @staticmethod
    def _deal_hands(record: dict[str, Any], number: int) -> list[dict[str, Any]]:
        """The record's hands of deal `number`: its void deals, then the hand played."""
        groups: list[list[dict[str, Any]]] = [[]]
        for hand in record["hands"]:
            groups[-1].append(hand)
            if hand["plays"]:
                groups.append([])
        return groups[number - 1] if number - 1 < len(groups) else []

    def record(self) -> dict[str, Any]:
        """The session's record with the deals' commitments and reveals (`fair_deal`)."""
        record = self.session.record()
        if "error" in record:
            return record
        record["fair_deal"] = {"version": 1, "deals": [d.to_json() for d in self.deals if d.published]}
        return record


# -- the guest --------------------------------------------------------------------------------------
class PeopleGuest:
    """The other device's side: says hello with its invitation, takes part in each deal, keeps
    the view the host sends (its seat's only) and checks each deal once its hand is over."""

    def __init__(self, seat: int, token: str, name: str | None = None, nonce: Callable[[], str] = new_nonce) -> None:
        """A guest for the invitation (`seat`, `token`); `nonce` draws its secrets (tests pass a seeded one)."""
        if not (_WHOLE(seat) and isinstance(token, str) and _TOKEN.fullmatch(token)):
            raise PeopleError("this invitation link is damaged", reason="people.link")
        if name is not None and not _text(MAX_NAME)(name):
            raise PeopleError(f"a name is at most {MAX_NAME} characters", reason="people.name")
        self.seat, self.token, self.name = seat, token, name
        self._nonce = nonce
        self._n = 0
        self.last_n = -1
        self.view: dict[str, Any] | None = None
        self.players: list[Any] = []
        self.host_commits: dict[int, str] = {}
        self.mine: dict[int, tuple[str, str]] = {}  # deal -> (nonce, commitment)
        self.verified: dict[int, str | None] = {}  # deal -> None (verified) or why not
        # the match's record as this device keeps it: each deal over (its commitments, reveals and
        # hands, as the host published them) and the first dealer its seat was shown
        self.done: list[dict[str, Any]] = []
        self.first_dealer: int | None = None
        self.match_no = 1  # the host's matches at this table (a rematch: the next)

    def _next(self) -> int:
        self._n += 1
        return self._n

    def kept(self) -> dict[str, Any]:
        """What this device keeps of the deals while the page is closed (a reload): the host's
        commitments and its own nonces, so a deal drawn before the reload is still checked."""
        return {"seat": self.seat, "host_commits": {str(k): v for k, v in self.host_commits.items()},
                "mine": {str(k): list(v) for k, v in self.mine.items()},
                "done": self.done, "first_dealer": self.first_dealer, "match": self.match_no}

    def keep_again(self, kept: Any) -> None:
        """Take back what `kept` gave before a reload (for this seat only); damaged: PeopleError, nothing changed."""
        def deal_key(k: Any) -> bool:
            return isinstance(k, str) and k.isdigit() and len(k) < 10
        if not (isinstance(kept, dict) and kept.get("seat") == self.seat
                and isinstance(kept.get("host_commits"), dict) and isinstance(kept.get("mine"), dict)
                and len(kept["host_commits"]) <= 1_000 and len(kept["mine"]) <= 1_000
                and all(deal_key(k) and _is_hex64(v) for k, v in kept["host_commits"].items())
                and all(deal_key(k) and isinstance(v, list) and len(v) == 2 and _is_hex64(v[0])
                        and v[1] == commitment(v[0]) for k, v in kept["mine"].items())):
            raise PeopleError("this device's saved part of the deals is damaged", reason="people.kept")
        done, first, match_no = kept.get("done", []), kept.get("first_dealer"), kept.get("match", 1)
        if not (isinstance(done, list) and len(done) <= 1_000 and all(
                isinstance(d, dict) and _WHOLE(d.get("deal")) and isinstance(d.get("commits"), dict)
                and isinstance(d.get("reveals"), dict) and isinstance(d.get("hands"), list) for d in done)
                and (first is None or _WHOLE(first)) and _WHOLE(match_no)):
            raise PeopleError("this device's saved record of the match is damaged", reason="people.kept")
        self.host_commits = {int(k): v for k, v in kept["host_commits"].items()}
        self.mine = {int(k): (v[0], v[1]) for k, v in kept["mine"].items()}
        self.done, self.first_dealer, self.match_no = done, first, max(1, match_no)

    def hello(self) -> str:
        """The first message on a new channel."""
        return message("hello", self._next(), seat=self.seat, token=self.token, name=self.name)

    def say(self, phrase: Any) -> str:
        """A table phrase of this seat (one of PHRASES)."""
        if phrase not in PHRASES:
            raise PeopleError("that is not one of the table's phrases", reason="people.type")
        return message("phrase", self._next(), phrase=phrase)

    def play(self, play: Any) -> str:
        """A play of this seat, as the host's engine will check it; the message's number."""
        if not _text(200)(play):
            raise PeopleError("a play is a notation like 9C:4B+5S", reason="people.type")
        return message("play", self._next(), play=play)

    def receive(self, text: Any) -> dict[str, Any]:
        """A message from the host: {send: [texts], view?, event?, ack?, refused?, verified?}."""
        msg = read_message(text, HOST_TYPES, MAX_HOST_CHARS, MAX_HOST_DEPTH)
        if msg["n"] <= self.last_n:
            raise PeopleError(f"message {msg['n']} was already received or is out of order", reason="people.replayed")
        kind = msg["t"]
        out: dict[str, Any] = {"type": kind, "send": []}
        if kind == "welcome":
            if msg["seat"] != self.seat:
                raise PeopleError("the host seated this device elsewhere", reason="people.seat")
            self.players = msg["players"]
            out["players"] = self.players
        elif kind == "state":
            view = msg["view"]
            if view.get("seat") != self.seat:
                raise PeopleError("the host sent another seat's view", reason="people.seat")
            self.view = view
            if self.first_dealer is None and not view.get("results") and _WHOLE(view.get("hand_dealer")):
                self.first_dealer = view["hand_dealer"]  # the match's first hand, as this seat was shown it
            out.update(view=view, event=msg["event"], ack=msg["ack"])
        elif kind == "refused":
            out.update(ack=msg["ack"], refused={"error": msg["error"], "reason": msg["reason"]})
        elif kind == "commit":
            deal = msg["deal"]
            if deal in self.host_commits:
                raise PeopleError(f"deal {deal} was committed to already", reason="people.deal")
            nonce = self._nonce()
            self.host_commits[deal] = msg["digest"]
            self.mine[deal] = (nonce, commitment(nonce))
            out["send"] = [message("commit", self._next(), deal=deal, digest=commitment(nonce)),
                           message("reveal", self._next(), deal=deal, nonce=nonce)]
            out["kept"] = self.kept()
        elif kind == "reveals":
            out["verified"] = self._check(msg)
            if all(d["deal"] != msg["deal"] for d in self.done):
                self.done.append({"deal": msg["deal"], "commits": msg["commits"], "reveals": msg["reveals"],
                                  "hands": msg["hands"]})
            out["kept"] = self.kept()
        elif kind == "phrase":
            out["phrase"] = {"seat": msg["seat"], "phrase": msg["phrase"]}
        elif kind == "presence":
            out["presence"] = {"seat": msg["seat"], "away": msg["away"]}
        elif kind == "rematch":  # another match: its deals and record start afresh (the last one's is kept)
            if msg["match"] <= self.match_no:
                raise PeopleError(f"match {msg['match']} was played already", reason="people.rematch")
            self.match_no = msg["match"]
            self.host_commits, self.mine, self.verified, self.done = {}, {}, {}, []
            self.first_dealer, self.view = None, None
            out["match"] = self.match_no
            out["kept"] = self.kept()
        self.last_n = msg["n"]
        return out

    def _check(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A deal's reveals checked: the host's nonce is the one it committed to before this
        device revealed, this device's own part is in it unchanged, and the decks are the seed's."""
        deal = msg["deal"]
        me = party(self.seat)
        why = None
        if deal not in self.host_commits and deal not in self.mine:
            why = f"deal {deal}: this device did not keep that deal's commitments (it was reloaded without them)"
        elif deal not in self.host_commits or msg["commits"].get("host") != self.host_commits[deal]:
            why = f"deal {deal}: the host's commitment is not the one it sent before the deal"
        elif deal not in self.mine or msg["reveals"].get(me) != self.mine[deal][0] \
                or msg["commits"].get(me) != self.mine[deal][1]:
            why = f"deal {deal}: this device's part of the deal is missing or changed"
        else:
            try:
                decks = [[str(c) for c in h["deck"]] for h in msg["hands"]]
                players = len(self.players) if deal == 1 else None
                size = len(decks[0]) if decks else 0
                why = check_deal(deal, msg["commits"], msg["reveals"], decks, size, players) if decks \
                    else f"deal {deal}: the hand's record is missing"
            except (TypeError, KeyError, ValueError):
                why = f"deal {deal}: the hand's record is damaged"
        self.verified[deal] = why
        return {"deal": deal, "verified": why is None, "why": why}

    def record(self) -> dict[str, Any]:
        """The match's record as this device keeps it (RULES §6): the hands of every deal over, as
        the host published them with their commitments and reveals (`fair_deal`), under this
        seat's view of the game (variant, rules, players, first dealer); the replay viewer checks
        its deals (`verify_deals`). Refused until a hand is over."""
        view = self.view
        if not self.done or not isinstance(view, dict) or self.first_dealer is None:
            raise PeopleError("no hand of this match has ended yet", reason="record.unfinished")
        try:
            variant = view["variant"]
            rules = RuleSet().with_options(view["rules"])
            options = rules.diff(preset(variant).rules)
        except (KeyError, TypeError, ScopaError) as err:
            raise PeopleError(f"this seat's view does not say the game ({err})", reason="people.view") from None
        done = sorted(self.done, key=lambda d: d["deal"])
        return {"format": FORMAT, "variant": variant, "options": options, "rules_revision": PRESETS_REVISION,
                "players": list(view["players"]), "first_dealer": self.first_dealer,
                "hands": [h for d in done for h in d["hands"]],
                "fair_deal": {"version": 1, "deals": [{"deal": d["deal"], "commits": d["commits"],
                                                       "reveals": d["reveals"]} for d in done]}}


# -- the page's requests (static/bridge.py's `people`) ----------------------------------------------
class PeopleCalls:
    """The page's requests about people on other devices, by name; a refusal is {"error", ...}."""

    def __init__(self, session: Any) -> None:
        """Beside the page's Session (the host's match)."""
        self.session = session
        self.host: PeopleHost | None = None
        self.guest: PeopleGuest | None = None

    def call(self, op: Any, arg: Any) -> dict[str, Any]:
        """One request: host side open, receive, updates, next_hand, record; guest side join,
        guest_receive, guest_play, guest_hint, guest_coach; verify a record's deals (verify)."""
        from .errors import refusal
        try:
            if arg is not None and not isinstance(arg, dict):
                raise PeopleError(f"a people request's argument is an object, not {brief(arg)}", reason="people.type")
            return self._call(op, arg if arg is not None else {})
        except ScopaError as err:
            return refusal(err)

    def _need_host(self) -> PeopleHost:
        if self.host is None:
            raise PeopleError("no table with people is open", reason="people.none")
        return self.host

    def _need_guest(self) -> PeopleGuest:
        if self.guest is None:
            raise PeopleError("this page has joined no table", reason="people.none")
        return self.guest

    def _call(self, op: Any, arg: dict[str, Any]) -> dict[str, Any]:
        if op == "open":
            host = PeopleHost(self.session)
            opened = host.open(arg.get("config"))
            self.host = host
            return opened
        if op == "receive":
            return self._need_host().receive(arg.get("seat"), arg.get("text"))
        if op == "drop":
            return self._need_host().drop(arg.get("seat"))
        if op == "tick":
            return self._need_host().tick()
        if op == "save":
            return {"saved": self._need_host().save(), "away": self._need_host().away()}
        if op == "resume":
            host = PeopleHost(self.session)
            resumed = host.restore(arg.get("saved"))
            self.host = host
            return resumed
        if op == "updates":
            return self._need_host().updates() if self.host is not None else {"send": []}
        if op == "next_hand":
            return self._need_host().next_hand()
        if op == "rematch":
            return self._need_host().rematch(arg.get("config"))
        if op == "record":
            return self._need_host().record()
        if op == "join":
            guest = PeopleGuest(arg.get("seat"), arg.get("token"), arg.get("name") or None)
            if arg.get("kept") is not None:  # a reload: the deals drawn before it
                guest.keep_again(arg["kept"])
            self.guest = guest
            return {"hello": guest.hello()}
        if op == "guest_receive":
            return self._need_guest().receive(arg.get("text"))
        if op == "guest_play":
            guest = self._need_guest()
            text = guest.play(arg.get("play"))
            return {"text": text, "n": guest._n}
        if op == "say":
            return self._need_host().say(arg.get("phrase"))
        if op == "guest_say":
            return {"text": self._need_guest().say(arg.get("phrase")), "phrases": list(PHRASES)}
        if op == "phrases":
            return {"phrases": list(PHRASES)}
        if op == "guest_hello":
            return {"hello": self._need_guest().hello()}
        if op == "guest_record":
            return self._need_guest().record()
        if op == "guest_hint":  # the guest's own hint and coach, from its seat's view (seatview.py)
            from .seatview import hint
            return hint(self._need_guest().view, arg.get("level"))
        if op == "guest_coach":
            from .seatview import coach
            return coach(self._need_guest().view, arg.get("play"))
        if op == "verify":
            record = arg.get("record")
            if isinstance(record, str):  # the replay viewer's file, as text: bounded before it is read
                from scopa.inputs import RECORD_CHARS
                record = read_json(record, "the record", PeopleError, max_chars=RECORD_CHARS)
            return verify_deals(record)
        raise PeopleError("unknown request about people", reason="people.type")
