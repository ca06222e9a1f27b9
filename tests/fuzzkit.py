"""Random and mutated inputs for the engine, records, the session and the bridge, with their oracles.

Shared by the property-based tests (tests/unit/test_fuzz.py, a modest number of examples) and the
benchmark that runs the big counts (benchmarks/fuzz.py). Every `*_case(rng, ...)` function makes
one input from a `random.Random`, gives it to the code under test and returns an `Outcome`:

- `accepted`: the input was taken; the oracle then checked it was right to take it (a play that
  is exactly one of the legal plays, of the engine's own types, with the same effect as that play;
  a record whose every play is legal when played again and whose text is what the engine writes,
  up to ASCII case and blanks; a session answer that is JSON-able);
- `refused`: the engine's own error (a `ScopaError`, or a session refusal `{"error": ...}`) and
  nothing changed;
- `wrong`: accepted wrongly, or refused with something changed (the message says what);
- `escaped`: any other exception (its type and message).

No case raises: the caller counts.
"""

from __future__ import annotations

import copy
import json
import random
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))

from scopa import PRESETS, Match, ScopaError, from_record, rules_for, to_record  # noqa: E402
from scopa.cards import ALL_CARDS, card_str, parse_card  # noqa: E402
from scopa.mechanics.cascina import Build  # noqa: E402
from scopa.mechanics.fidasse import Answer, Claim  # noqa: E402
from scopa.mechanics.steal import Steal  # noqa: E402
from scopa.state import Play  # noqa: E402


@dataclass
class Outcome:
    """What one input did: "accepted", "refused", "wrong" or "escaped", and why for the last two."""

    verdict: str
    detail: str = ""


ACCEPTED, REFUSED = Outcome("accepted"), Outcome("refused")


def escaped(err: BaseException, what: str) -> Outcome:
    return Outcome("escaped", f"{what}: {type(err).__name__}: {str(err)[:200]}")


# -- building blocks ---------------------------------------------------------------------------------
# characters that look like notation to str.upper()/strip()/int(): the Unicode traps
TRAPS = ["ſ", "ı", "ｓ", "Ｄ", "７", "²", "١", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2028", "\u3000",
         "\n", "\r", "\v", "\f", "\x00", "K", "ß", "İ", "é", "🂡"]
NOTATION_CHARS = "0123456789DCBSdcbs:+^'?> \t" + "trustdoub"


def random_text(rng: random.Random, longest: int = 12) -> str:
    """A short text of notation characters, traps and printable ASCII."""
    pool = rng.choice([NOTATION_CHARS, string.printable, "".join(TRAPS) + NOTATION_CHARS])
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, longest)))


def random_scalar(rng: random.Random) -> Any:
    """Any JSON-like scalar, and a few that are not (big ints, non-finite floats)."""
    roll = rng.randrange(14)
    if roll == 0:
        return None
    if roll == 1:
        return rng.random() < 0.5
    if roll == 2:
        return rng.randint(-3, 100)
    if roll == 3:
        return float(rng.randint(-3, 100))  # a float equal to an int
    if roll == 4:
        return rng.choice([10**400, -(10**30), 2**64 + 1, 2**53, 2**31])
    if roll == 5:
        return rng.choice([float("inf"), float("nan"), 1e308, -0.0, 0.5])
    if roll == 6:
        return "9" * rng.choice([20, 4301, 5000])
    if roll == 7:
        return rng.choice(TRAPS) * rng.randint(1, 3)
    return random_text(rng)


def nested(depth: int, kind: str = "list") -> Any:
    """A value nested `depth` deep, built without recursion."""
    value: Any = []
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def dumps(value: Any) -> str:
    """JSON text of a fuzz value; one nested deeper than json.dumps can go is written by hand."""
    try:
        return json.dumps(value, default=repr)
    except RecursionError:
        return '{"deep": ' + "[" * 5000 + "]" * 5000 + "}"


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON-like value of a few levels, now and then a deeply nested one."""
    roll = rng.randrange(12)
    if roll == 0 and depth == 0:
        return nested(rng.choice([21, 100, 5000]), rng.choice(["list", "dict"]))
    if roll in (1, 2) and depth < 3:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if roll == 3 and depth < 3:
        return {random_text(rng, 8): random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}
    return random_scalar(rng)


def _retyped(rng: random.Random, c: int) -> Any:
    """A card number in another type (or out of range): each must be refused."""
    return rng.choice([float(c), float(c) + 0.5, str(c), card_str(c) if 0 <= c < len(ALL_CARDS) else "7D",
                       True, False, None, -1, len(ALL_CARDS), 10**30, [c], (c,), complex(c, 0)])


# -- the engine ------------------------------------------------------------------------------------
def state_key(m: Match) -> tuple:
    """What any play changes, as comparable values: every play moves a card out of the hand to
    move and is logged (a claim's answer is logged in `claims`); a deal changes the log."""
    return (m.phase, m.turn, m.dealer, tuple(map(len, m.hands)), tuple(m.hands[m.turn]), tuple(m.table),
            tuple(map(len, m.prese)), tuple(m.scope), tuple(m.totals), len(m.log), len(m.mazzo),
            len(m.log[-1].plays) if m.log else 0, tuple(m.cascine), tuple(m.claims), m.winner)


def exact(play: Any) -> bool:
    """Whether a play is made of exact ints (the independent reading of "the engine's own types")."""
    fields: list[Any] = []
    if type(play) in (Play, Steal):
        fields = [play.card, *play[1], *play.tops]
    elif type(play) is Build:
        fields = [play.card, *play.onto, play.value]
    elif type(play) is Claim:
        return type(play.card) is int and (play.answer is None or play.answer in ("trust", "doubt"))
    elif type(play) is Answer:
        return play.answer in ("trust", "doubt")
    else:
        return False
    return all(type(x) is int for x in fields)


ENGINE_VARIANTS = ("scopa", "scopone", "scopa-a-tre", "escoba", "rubamazzo", "cascina", "fidasse", "cicera",
                   "maresciallo-80", "modulo-sette", "scopa-d-assi")


class EngineTable:
    """A few matches in play (one per variant), dealt again when over; inputs are tried on them."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.matches = [self._fresh(v) for v in ENGINE_VARIANTS]

    def _fresh(self, variant: str) -> Match:
        m = Match.new(rules_for(variant), random.Random(self.rng.random()))
        m.deal_until_played()
        return m

    def match(self, rng: random.Random) -> Match:
        i = rng.randrange(len(self.matches))
        m = self.matches[i]
        if m.phase == "over" or len(m.results) >= 3:
            m = self.matches[i] = self._fresh(ENGINE_VARIANTS[i])
        elif m.phase == "deal":
            m.deal_until_played()
        return m


def engine_input(rng: random.Random, m: Match) -> tuple[str, Any]:
    """One input for `m`: ("apply", a play-like value) or ("play", a notation-like text)."""
    legal = m.legal_plays()
    roll = rng.randrange(12)
    if roll == 0 and legal:
        return "apply", rng.choice(legal)  # the real thing: accepted
    if roll == 1 and legal:
        return "play", str(rng.choice(legal))
    if roll in (2, 3) and legal:  # a legal play with one field in another type
        p = rng.choice(legal)
        if type(p) in (Play, Steal):
            if p[1] and rng.random() < 0.5:
                presa = list(p[1])
                i = rng.randrange(len(presa))
                presa[i] = _retyped(rng, presa[i])
                return "apply", Play(p.card, tuple(presa))
            return "apply", Play(_retyped(rng, p.card), p[1])
        if type(p) is Build:
            return "apply", Build(_retyped(rng, p.card), p.onto, p.value)
        if type(p) is Claim:
            return "apply", Claim(_retyped(rng, p.card), rng.choice([None, "trust", "doubt", "TRUST", 1, "trustſ"]))
        return "apply", Answer(rng.choice(["trust ", "Trust", "doubt\x00", 1, None, "dou"]))
    if roll in (4, 5) and legal:  # a legal play's notation, mutated
        text = list(str(rng.choice(legal)))
        for _ in range(rng.randint(1, 3)):
            op = rng.randrange(4)
            if op == 0 and text:
                text[rng.randrange(len(text))] = rng.choice(TRAPS + list(NOTATION_CHARS))
            elif op == 1:
                text.insert(rng.randint(0, len(text)), rng.choice(TRAPS + list(NOTATION_CHARS)))
            elif op == 2 and text:
                del text[rng.randrange(len(text))]
            else:
                text = list("".join(text).lower() if rng.random() < 0.5 else " \t" + "".join(text) + "\t ")
        return "play", "".join(text)
    if roll == 6:
        return "play", random_text(rng, 20)
    if roll == 7:
        return "play", random_value(rng)
    if roll == 8:
        card = rng.choice([*range(-2, len(ALL_CARDS) + 2), 2**63, -(2**70)])
        presa = tuple(rng.choice(range(-1, len(ALL_CARDS) + 1)) for _ in range(rng.randint(0, 3)))
        cls = rng.choice([Play, Steal, Claim, Build, Answer])
        if cls is Steal:
            return "apply", Steal(card, presa, presa[:1])
        if cls is Claim:
            return "apply", Claim(card, rng.choice([None, "trust", "doubt"]))
        if cls is Build:
            return "apply", Build(card, presa, rng.randint(0, 14))
        if cls is Answer:
            return "apply", Answer(rng.choice(["trust", "doubt"]))
        return "apply", Play(card, presa)
    if roll == 9:
        return "apply", random_value(rng)
    if roll == 10:
        return "apply", (rng.choice(range(len(ALL_CARDS))), ())  # a bare tuple, no Play
    return "apply", Play(rng.randrange(len(ALL_CARDS)), tuple(rng.sample(range(len(ALL_CARDS)), rng.randint(0, 2))))


def engine_case(rng: random.Random, table: EngineTable) -> Outcome:
    """One input to `Match.apply`/`Match.play` on a match in play; the oracle for what it did."""
    m = table.match(rng)
    kind, value = engine_input(rng, m)
    before = state_key(m)
    legal = list(m.legal_plays())
    try:
        event = m.apply(value) if kind == "apply" else m.play(value)
    except ScopaError:
        if state_key(m) != before:
            return Outcome("wrong", f"{kind}({value!r:.80}) was refused but changed the match")
        return REFUSED
    except Exception as err:  # noqa: BLE001 - the fuzz counts what escapes
        return escaped(err, f"{kind}({value!r:.80})")
    if legal and all(type(p) is Answer for p in legal):  # SB61: only an answer could be made
        answer = value if kind == "apply" else Answer(value.strip(" \t").lower())
        if not (type(answer) is Answer and answer in legal and answer.answer in ("trust", "doubt")):
            return Outcome("wrong", f"{kind}({value!r:.80}) was accepted as an answer to a claim")
        return ACCEPTED
    made = m.log[-1].plays[-1] if m.log and m.log[-1].plays else event.play
    if type(made) is Claim and made.answer is not None:
        made = Claim(made.card)  # a claim with its answer (SB66): the claim is the legal play
    if not exact(made) or not any(type(p) is type(made) and p == made and exact(p) for p in legal) and \
            not (type(made) is Steal and Play(made.card, made[1]) in legal):
        return Outcome("wrong", f"{kind}({value!r:.80}) was accepted as {made!r:.80}, not a legal play")
    if kind == "play" and isinstance(value, str):
        text = value.strip(" \t")
        if not text.isascii():
            return Outcome("wrong", f"play({value!r:.80}) was accepted from non-ASCII text")
    return ACCEPTED


# -- records ------------------------------------------------------------------------------------------
RECORD_VARIANTS = ("scopa", "scopone", "scopa-a-tre", "rubamazzo", "cascina", "fidasse", "cicera",
                   "maresciallo-80", "escoba", "scopa-a-quindici")


def real_records(seed: int, count: int = 24) -> list[str]:
    """Records of random matches (random legal plays) over several variants, as JSON text: short
    ones (a single hand) and whole matches."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        variant = RECORD_VARIANTS[i % len(RECORD_VARIANTS)]
        options = {"target": 0} if i % 8 else {}  # mostly one hand: a fuzz case replays it once or twice
        if PRESETS[variant].rules.target > 60 and not options:
            options = {"target": 0}
        m = Match.new(rules_for(variant, options), random.Random(rng.random()),
                      [f"P{s}" for s in range(rules_for(variant, options).players)])
        while m.phase != "over" and len(m.log) < 4:
            if m.phase == "deal":
                m.deal()
                continue
            m.apply(rng.choice(m.legal_plays()))
        out.append(json.dumps(to_record(m, variant)))
    return out


def mutate_text(rng: random.Random, text: str) -> str:
    """A record's text with a few byte-level edits: flips, truncation, insertion, deletion, nesting."""
    data = bytearray(text.encode())
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        op = rng.randrange(9)
        n = len(data)
        if op == 0 and n:  # flip a bit
            i = rng.randrange(n)
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1 and n:  # truncate
            del data[rng.randrange(n):]
        elif op == 2:  # insert characters
            i = rng.randint(0, n)
            data[i:i] = rng.choice(TRAPS + list(NOTATION_CHARS) + ['"', ",", "[", "]", "{", "}"]).encode()
        elif op == 3 and n:  # delete a run
            i = rng.randrange(n)
            del data[i:i + rng.randint(1, 8)]
        elif op == 4:  # nest deep, at the start or anywhere
            k = rng.choice([30, 1000, 100_000])
            i = rng.choice([0, rng.randint(0, n)])
            data[i:i] = b"[" * k
            if rng.random() < 0.5:
                j = rng.randint(i + k, len(data))
                data[j:j] = b"]" * k
        elif op == 5 and n > 8:  # duplicate a slice somewhere else
            i = rng.randrange(n - 4)
            chunk = data[i:i + rng.randint(1, 40)]
            j = rng.randint(0, n)
            data[j:j] = chunk
        elif op == 6 and n:  # replace a byte with any byte
            data[rng.randrange(n)] = rng.randrange(256)
        elif op == 7:  # a huge number
            i = rng.randint(0, n)
            data[i:i] = b"9" * rng.choice([30, 5000])
        else:  # swap two bytes
            if n > 1:
                i, j = rng.randrange(n), rng.randrange(n)
                data[i], data[j] = data[j], data[i]
    return data.decode("utf-8", errors=rng.choice(["replace", "ignore", "surrogateescape"]))


def mutate_value(rng: random.Random, record: dict[str, Any]) -> dict[str, Any]:
    """A record (a fresh copy, changed in place) with a structural edit: a play or card changed, a
    field dropped, added or retyped."""
    r = record
    hands = r.get("hands") or [{"deck": [], "plays": []}]
    hand = rng.choice(hands)
    op = rng.randrange(10)
    if op == 0 and hand["plays"]:
        i = rng.randrange(len(hand["plays"]))
        hand["plays"][i] = rng.choice([random_text(rng), random_value(rng), hand["plays"][i].lower(),
                                       hand["plays"][i].split(":")[0], " " + hand["plays"][i] + "\t",
                                       hand["plays"][i].replace("S", "ſ")])
    elif op == 1 and len(hand["plays"]) > 1:
        i, j = rng.sample(range(len(hand["plays"])), 2)
        hand["plays"][i], hand["plays"][j] = hand["plays"][j], hand["plays"][i]
    elif op == 2 and hand["deck"]:
        i = rng.randrange(len(hand["deck"]))
        hand["deck"][i] = rng.choice([random_text(rng, 4), random_scalar(rng), hand["deck"][i].lower(),
                                      parse_card(hand["deck"][i])])
    elif op == 3:
        r.pop(rng.choice(["format", "variant", "options", "players", "first_dealer", "hands"]), None)
    elif op == 4:
        r[rng.choice(["format", "variant", "options", "players", "first_dealer", "hands"])] = random_value(rng)
    elif op == 5:
        hand[rng.choice(["plys", "deck", "plays", "extra"])] = random_value(rng)
    elif op == 6:
        r["options"] = {rng.choice(["target", "players", "deck", "capture", "zzz"]): random_value(rng)}
    elif op == 7 and hand["plays"]:
        del hand["plays"][rng.randrange(len(hand["plays"])):]
    elif op == 8:
        r["clock"] = random_value(rng)  # an extra field RULES §6 readers ignore
    else:
        r["first_dealer"] = rng.choice([True, 1.0, -1, 7, "1", 10**400])
    return r


_ALPHABET = set("0123456789DCBS:+^'?>TRUSTDOUB \t")


def record_ok(record_text: str, m: Match) -> str:
    """Why an accepted record is wrong ("" when right): every play made again from the legal plays
    of a fresh match, and every deck card and play of the text the engine's own notation up to
    ASCII case and blanks (RULES §6: never silently fixed)."""
    try:
        record = json.loads(record_text)
    except ValueError as err:
        return f"accepted but not JSON ({err})"
    again = Match(m.rules, m.names, m.first_dealer)
    if len(record.get("hands", [])) != len(m.log):
        return "accepted with another number of hands"
    for hand, logged in zip(record.get("hands", []), m.log):
        deck = [str(c).strip(" \t").upper() for c in hand["deck"]]
        if deck != [card_str(c) for c in logged.deck]:
            return f"the deck {hand['deck']!r:.80} was read as another deck"
        if not again.deal(list(logged.deck)):
            if logged.plays:
                return "plays after a void deal"
            continue
        for text, play in zip(hand.get("plays", []), logged.plays):
            if not isinstance(text, str) or not text.isascii() or not set(text.upper()) <= _ALPHABET:
                return f"the play {text!r:.40} is not ASCII notation"
            legal = again.legal_plays()
            base = Claim(play.card) if type(play) is Claim else play
            if not exact(play) or base not in legal:
                return f"the play {text!r:.40} ({play!r:.60}) is not legal when played again"
            if type(play) is Claim and play.answer is not None:
                again.push(Claim(play.card))
                again.push(Answer(play.answer))
            else:
                again.push(legal[legal.index(base)])
        if len(hand.get("plays", [])) != len(logged.plays):
            return "accepted with another number of plays"
    if (again.totals, again.phase, again.winner) != (m.totals, m.phase, m.winner):
        return "accepted, but played again it ends elsewhere"
    return ""


def record_case(rng: random.Random, records: list[str]) -> Outcome:
    """One mutated record given to `from_record`: refused, or accepted and legal."""
    base = rng.choice(records)
    if rng.random() < 0.6:
        text = mutate_text(rng, base)
    else:
        text = dumps(mutate_value(rng, json.loads(base)))
    try:
        m = from_record(text)
    except ScopaError:
        return REFUSED
    except Exception as err:  # noqa: BLE001
        return escaped(err, "from_record")
    why = record_ok(text, m)
    return Outcome("wrong", why) if why else ACCEPTED


# -- the session ----------------------------------------------------------------------------------------
SAFE_LEVELS = ("random", "beginner")  # quick computers: a fuzz never waits for a master


def new_config(rng: random.Random) -> dict[str, Any]:
    """A valid new-game config with quick computers."""
    variant = rng.choice(["scopa", "scopone", "scopa-a-tre", "cascina", "fidasse", "rubamazzo"])
    players = PRESETS[variant].rules.players
    seats = [{"human": True, "name": "Anna"}] + [{"human": False, "level": rng.choice(SAFE_LEVELS)}
                                                for _ in range(players - 1)]
    config: dict[str, Any] = {"variant": variant, "seats": seats, "seed": rng.randrange(1000)}
    if rng.random() < 0.3:
        config["clock"] = "standard"
    return config


def _mutate_json(rng: random.Random, value: Any) -> Any:
    """A JSON-like value (or its JSON text) with one leaf or branch replaced, dropped or retyped."""
    value = json.loads(value) if isinstance(value, str) else copy.deepcopy(value)
    paths: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            paths.extend((v, k) for k in v)
            stack.extend(v.values())
        elif isinstance(v, list):
            paths.extend((v, i) for i in range(len(v)))
            stack.extend(v[:8])
    if not paths:
        return random_value(rng)
    for _ in range(rng.choice([1, 1, 2])):
        parent, key = rng.choice(paths)
        try:
            old = parent[key]
        except (KeyError, IndexError):
            continue
        roll = rng.randrange(6)
        if roll == 0 and isinstance(parent, dict):
            del parent[key]
        elif roll == 1 and isinstance(old, int) and not isinstance(old, bool):
            retyped = float(old) if abs(old) < 2**1000 else 1e308  # a key changed twice may hold 10**400
            parent[key] = rng.choice([old + 1, old - 1, -old, retyped, old * 10**6, 10**400, True, str(old)])
        elif roll == 2 and isinstance(old, str):
            parent[key] = rng.choice([old.upper(), old + "ſ", "", old * 3, random_text(rng)])
        elif roll == 3 and isinstance(parent, dict):
            parent[random_text(rng, 6)] = random_value(rng)
        else:
            parent[key] = random_value(rng)
    return value


class SessionBench:
    """A session with a match under way, and the saves and configs to mutate for its requests."""

    def __init__(self, seed: int) -> None:
        from settebello.session import Session

        self.Session = Session
        self.rng = random.Random(seed)
        self.saves = []
        for i in range(6):
            s = Session(now=lambda: 0.0)
            s.call("new_game", new_config(self.rng))
            for _ in range(self.rng.randint(0, 12)):
                self._step(s)
            self.saves.append(s.call("save"))
        self.save_texts = [json.dumps(saved) for saved in self.saves]  # json.loads copies faster than deepcopy
        self.session = self._fresh()
        self.key: str | None = None  # the session's state while requests are refused (session_case)

    def _fresh(self) -> Any:
        s = self.Session(now=lambda: 0.0)
        s.call("restore", copy.deepcopy(self.rng.choice(self.saves)))
        return s

    def _step(self, s: Any) -> None:
        v = s.call("view")
        if v.get("phase") == "deal":
            s.call("next_hand")
        elif v.get("pass_to") is not None:
            s.call("show", v["pass_to"])
        elif v.get("legal") and v.get("turn") == v.get("seat"):
            s.call("play", self.rng.choice(v["legal"])["notation"])
        else:
            s.call("computer_step")


SESSION_OPS = ("new_game", "check_game", "view", "show", "play", "computer_step", "next_hand", "undo",
               "last_trick", "hint", "record", "save", "restore", "peek", "tick", "tournament_view", "tournament_match",
               "tournament_record", "tournament_load", "tournament_quit", "stats_add", "stats_view",
               "stats_merge", "rulebook", "tournament_new", "no_such_op")
# expensive when accepted (a whole simulated match, a master's hint): sent only with arguments that are refused
_GUARDED = ("tournament_simulate", "tournament_play")


def bad_request(rng: random.Random, bench: SessionBench) -> tuple[Any, Any]:
    """A (name, payload) request the page could not have meant, or one mutated from a real one."""
    roll = rng.randrange(10)
    if roll == 0:
        return random_value(rng), random_value(rng)  # the name itself damaged
    if roll in (1, 2):
        return "restore", _mutate_json(rng, rng.choice(bench.save_texts))
    if roll == 3:
        return rng.choice(["new_game", "check_game"]), _mutate_json(rng, new_config(rng))
    if roll == 4:
        return "play", rng.choice([random_text(rng), random_value(rng),
                                   {"card": random_scalar(rng), "presa": random_value(rng)}])
    if roll == 5:
        return rng.choice(["stats_view", "stats_merge", "stats_add"]), _mutate_json(
            rng, {"stats": {"format": "settebello-stats/1", "variants": {"scopa": {"matches": 1, "won": 1}},
                            "best": {"id": "x", "variant": "scopa", "players": ["A", "B"], "seat": 0,
                                     "totals": [11, 3], "margin": 8, "won": True},
                            "seen": ["x"]}, "other": {"format": "settebello-stats/1"}})
    if roll == 6:
        return rng.choice(_GUARDED), rng.choice([random_scalar(rng), nested(100), {"round": 10**400}])
    if roll == 7:
        return rng.choice(["hint", "show", "tournament_record", "tournament_match"]), random_value(rng)
    if roll == 8:
        name = rng.choice(["view", "save", "record", "tick", "undo", "last_trick", "computer_step", "next_hand"])
        return name, rng.choice([None, None, random_value(rng)])
    return rng.choice(SESSION_OPS), random_value(rng)


def _session_key(s: Any) -> tuple:
    """What a request can change in a session: the match (`state_key`), the shown seat, the
    shuffles, the clock, the forfeit and the tournament (cheaper than a whole save each time)."""
    game, clock = s.game, s.time.clock
    desk = s.call("tournament_save")
    return (None if game is None else (id(game), state_key(game.match), game.shown, game.rng.getstate(),
                                       tuple(None if p is None else p.rng.getstate() for p in game.players)),
            None if clock is None else repr(sorted(clock.__dict__.items())), repr(s.time.forfeit), id(clock),
            json.dumps(desk, sort_keys=True, default=repr))


def session_case(rng: random.Random, bench: SessionBench) -> Outcome:
    """One bad request to `Session.call`: refused with nothing changed, or accepted with a
    JSON-able answer (and, for a restored save, a match that replays legally)."""
    s = bench.session
    name, payload = bad_request(rng, bench)
    if bench.key is None:  # the session's state, kept while requests are refused
        bench.key = _session_key(s)
    before, bench.key = bench.key, None
    try:
        answer = s.call(name, payload)
    except Exception as err:  # noqa: BLE001
        bench.session = bench._fresh()
        return escaped(err, f"call({name!r:.40})")
    if not isinstance(answer, dict):
        return Outcome("wrong", f"{name!r:.40} answered {type(answer).__name__}")
    try:
        json.dumps(answer, allow_nan=False)
    except (TypeError, ValueError) as err:
        bench.session = bench._fresh()
        return Outcome("wrong", f"{name!r:.40} answered something not JSON ({err})")
    if "error" in answer:
        bench.key = _session_key(s)
        if bench.key != before:
            bench.session, bench.key = bench._fresh(), None
            return Outcome("wrong", f"{name!r:.40} was refused but changed the session")
        return REFUSED
    if name == "restore" or (name == "new_game" and rng.random() < 0.2):
        saved = s.call("save")
        try:
            m = from_record(saved["record"])
        except ScopaError as err:
            return Outcome("wrong", f"an accepted {name} saves a record that does not replay: {err}")
        why = record_ok(json.dumps(saved["record"]), m)
        if why:
            return Outcome("wrong", f"an accepted {name}: {why}")
    if rng.random() < 0.02 or (s.game is not None and s.game.match.phase == "over"):
        bench.session = bench._fresh()
    return ACCEPTED


# -- the bridge ----------------------------------------------------------------------------------------
def load_bridge() -> Any:
    """static/bridge.py as the page runs it (under CPython: it needs no pyscript)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from loader import load

    return load("static/bridge.py")


def bridge_case(rng: random.Random, bridge: Any, records: list[str], bench: SessionBench) -> Outcome:
    """One request text to an exported function of the bridge: it must answer an envelope with
    ok true (a result or a refusal), never ok false (a bug) nor an exception."""
    roll = rng.randrange(4)
    if roll == 0:
        fn, text = bridge.replay, mutate_text(rng, json.dumps(json.loads(rng.choice(records))))
    elif roll == 1:
        fn, text = bridge.replay, json.dumps(mutate_text(rng, rng.choice(records)))  # the record as text
    else:
        name, payload = bad_request(rng, bench)
        request = dumps({"op": name, "arg": payload})
        fn, text = bridge.game, mutate_text(rng, request) if roll == 2 else request
    try:
        reply = json.loads(fn(text))
    except Exception as err:  # noqa: BLE001
        return escaped(err, fn.__name__)
    if reply.get("ok") is not True:
        return Outcome("escaped", f"{fn.__name__} answered a bug: {reply.get('error', {}).get('type')}: "
                                  f"{str(reply.get('error', {}).get('message'))[:200]}")
    result = reply["result"]
    return REFUSED if isinstance(result, dict) and "error" in result else ACCEPTED


CASES: dict[str, Callable[..., Outcome]] = {"engine": engine_case, "record": record_case, "session": session_case,
                                            "bridge": bridge_case}
