"""Game records (RULES §6): write any match as JSON and read one back, checking every play."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .cards import cards_str, parse_card
from .errors import RecordError, ScopaError
from .inputs import RECORD_CHARS, brief, check_value, read_json
from .rules import PRESETS, PRESETS_REVISION, RuleSet, options_as_of, preset, rules_for
from .state import Match

FORMAT = "scopa-record/1"
HAND_KEYS = ("deck", "plays")  # a hand's fields: any other (a misspelt "plays") is refused, never skipped
MAX_HANDS = 5_000  # hands in one record (a 1,000-point match is some 200)
MAX_PLAYS = 400  # plays of one hand (80 cards, each a claim and its answer at most: 160)


def closest_variant(rules: RuleSet) -> str:
    """The preset that differs from these rules in the fewest options (ties: the first listed)."""
    return min(PRESETS, key=lambda v: len(rules.diff(PRESETS[v].rules)))


def to_record(match: Match, variant: str | None = None) -> dict[str, Any]:
    """The record of a match, finished or not; options are written relative to `variant`'s preset
    (by default the closest one)."""
    if variant is None:
        variant = closest_variant(match.rules)
    base = preset(variant).rules
    return {
        "format": FORMAT,
        "variant": variant,
        "options": match.rules.diff(base),
        "rules_revision": PRESETS_REVISION,  # the presets' revision the options are relative to
        "players": list(match.names),
        "first_dealer": match.first_dealer,
        "hands": [{"deck": cards_str(h.deck), "plays": [str(p) for p in h.plays]} for h in match.log],
    }


def _field(record: Mapping[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in record:
        if default is ...:
            raise RecordError(f"the record has no {key!r}", reason="record.type")
        return default
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RecordError(f"the record's {key!r} has the wrong type ({type(value).__name__})", reason="record.type")
    return value


def from_record(record: Mapping[str, Any] | str, on_turn: Callable[[Match], None] | None = None) -> Match:
    """Replay a record (a dict or JSON text) into a Match; raise RecordError at the first problem.
    `on_turn`, if given, is shown the match before each play (to let a computer player watch the
    match again, as it did when it was played)."""
    # bounded before it is read: size, depth and types (a record of 100,000 nested brackets is
    # refused here; Python's json would recurse through them)
    if isinstance(record, str):
        record = read_json(record, "the record", RecordError, max_chars=RECORD_CHARS)  # checked values
    elif isinstance(record, Mapping):
        check_value(dict(record), "the record", RecordError)
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object", reason="record.type")
    fmt = _field(record, "format", str, FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {fmt!r}; expected {FORMAT!r}", reason="record.format")
    variant = _field(record, "variant", str, "scopa")
    options = _field(record, "options", dict, {})
    revision = _field(record, "rules_revision", int, 1)  # none: written before presets had revisions
    try:
        # a record of an older revision plays the preset as it was then (rules.PRESETS_PAST)
        rules = rules_for(variant, options_as_of(variant, options, revision))
    except ScopaError as e:  # its own reason when it has one (a newer revision, an option's range)
        # its params set after, not passed: a rule's `hand` (cards a hand) is not the record's hand
        refusal = RecordError(str(e), reason=e.reason or "record.rules")
        refusal.params = dict(e.params) if e.reason else {}
        raise refusal from None
    players = _field(record, "players", list, None)
    if players is not None and not all(isinstance(p, str) for p in players):
        raise RecordError("the record's players must be names (strings)", reason="record.type")
    first_dealer = _field(record, "first_dealer", int, 0)
    try:
        match = Match(rules, players, first_dealer)
    except ScopaError as e:
        raise RecordError(str(e), reason="record.rules") from None
    hands = _field(record, "hands", list, [])
    if len(hands) > MAX_HANDS:
        raise RecordError(f"the record has {len(hands):,} hands, at most {MAX_HANDS:,}", reason="record.size")
    for h, hand in enumerate(hands, start=1):
        if not isinstance(hand, Mapping) or not isinstance(hand.get("deck"), list):
            raise RecordError("each hand needs a 'deck' list", h, reason="record.type")
        unknown = [k for k in hand if k not in HAND_KEYS]
        if unknown:
            raise RecordError(f"a hand has only {' and '.join(HAND_KEYS)}, not {brief(unknown[0])}", h,
                              reason="record.field")
        plays = hand.get("plays", [])
        if not isinstance(plays, list):
            raise RecordError("'plays' must be a list", h, reason="record.type")
        if len(hand["deck"]) > 80 or len(plays) > MAX_PLAYS:
            raise RecordError(f"a hand has at most 80 cards and {MAX_PLAYS} plays", h, reason="record.size")
        if match.phase == "over":
            raise RecordError("the match was already over before this hand", h, reason="record.over")
        try:
            deck = [parse_card(c) for c in hand["deck"]]
            dealt = match.deal(deck)
        except ScopaError as e:
            raise RecordError(str(e), h, reason="record.deal") from None
        if not dealt:
            if plays:
                raise RecordError("the deal is void by the kings redeal (R3), so it can have no plays", h, reason="record.deal")
            continue
        for p, text in enumerate(plays, start=1):
            if match.phase != "play":
                raise RecordError("the hand is already over", h, p, reason="record.over")
            if on_turn is not None:
                on_turn(match)
            try:
                match.play(text)
            except ScopaError as e:
                raise RecordError(str(e), h, p, reason="record.play") from None
        if match.phase == "play" and h != len(hands):
            raise RecordError(f"the hand ends after {len(plays)} plays, before all cards were played", h, reason="record.short")
    return match


def load_record(path: str) -> Match:
    """Replay the record stored in a file."""
    try:
        with open(path, "rb") as f:
            data = f.read(RECORD_CHARS * 4 + 1)  # a record of RECORD_CHARS characters, each up to 4 bytes
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    if len(data) > RECORD_CHARS * 4:
        raise RecordError(f"{path} is too large for a record", reason="input.size", max=RECORD_CHARS)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{path} is not UTF-8 text (byte {e.start})", reason="input.json") from None
    return from_record(text)
