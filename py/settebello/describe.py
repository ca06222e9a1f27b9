"""What the page needs to know once, at boot, so that no rule is written in JavaScript.

`describe(variants, levels)` is the `variants` request's answer (py/settebello/session.py): the
deck (each card's code, rank and suit, the suits in the deck's order, the primiera's values), the
presets with every table they may be played at (players, teams, the deal, the side of each seat), the computer
levels and which of them give hints, the bounds of the options the new-game dialog offers (e.g. the
target), the clock's standard settings and limits, the tournament's entrant bounds and the classic rules'
pictures (rulebook.classic_page) and the game the lesson teaches. The page
shows these facts; the engine and the session still check every request.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping, Sequence

from scopa.cards import DECK, DECKS, FACE, PRIMIERA, SUIT, SUITS, VALUE, card_str
from scopa.errors import ScopaError
from scopa.rules import IMPLIED_VALUES, OPTION_SPECS, RuleSet, preset
from scopa.tables import TABLE_KEYS, seat, seating, tables
from scopa_ai import LEVELS

from .clock import LIMITS, STANDARD
from .game import HINT_LEVELS
from .lesson import VARIANT as LESSON_VARIANT
from .rulebook import classic_page
from .tournament import MAX_ENTRANTS, MIN_ENTRANTS

# The level the dialogs start from (a computer seat, the hints).
DEFAULT_LEVEL = "expert"
# Hints play as the strongest level unless the person chooses: the hand's review (lookback.py) and
# the puzzles judge by the master's search, and a hint they call a mistake would teach the wrong play
# (the review of 2026-12-01).
DEFAULT_HINT_LEVEL = "master"
# The levels an address (?level=, ?players=) may name beyond the menu's: "random" (any legal card),
# for tests, benchmarks and an embed that wants it; the arenas' research levels (pimc, ismcts) are not.
ADDRESS_ONLY_LEVELS = ("random",)
# A new tournament's opponents, by level, before the person changes them.
DEFAULT_OPPONENTS = {"beginner": 1, "easy": 1, "expert": 1, "master": 0}


def deck() -> dict[str, Any]:
    """The deck in its order: cards {code, rank, suit}, the suits, the primiera's value of each card."""
    return {
        "cards": [{"code": card_str(c), "rank": VALUE[c], "suit": SUITS[SUIT[c]]} for c in DECK],
        "suits": list(SUITS),
        "primiera": {card_str(c): PRIMIERA[c] for c in DECK},
    }


def _name_key(c: int, size: int) -> str:
    """The page's name for a card's rank in a deck of `size` (SB37): "1".."10", the 52 cards'
    numerals "n8".."n10" and courts "11".."13"."""
    rank = VALUE[c]
    return f"n{rank}" if size == 52 and 8 <= rank <= 10 else str(rank)


def decks() -> dict[str, Any]:
    """Every deck by its size (SB37): its cards {code, rank (the name's key), suit, second (a second
    copy among the 80 cards), value}, in order."""
    return {str(size): {"cards": [{"code": card_str(c), "rank": _name_key(c, size), "suit": SUITS[SUIT[c]],
                                   "second": FACE[c] != c, "value": VALUE[c]} for c in cards]}
            for size, cards in DECKS.items()}


def side_of_seats(rules: RuleSet) -> list[int]:
    """The side of each seat under these rules (partners sit opposite: seat % sides)."""
    return [rules.side_of(s) for s in range(rules.players)]


# The switches that change the deal at every table (SB70: misère, O12, deals all the cards).
DEAL_SWITCHES = ("misere",)


def _deal(t: RuleSet) -> dict[str, Any]:
    return {"hand_size": t.hand_size, "table_cards": t.table_cards, "options": {k: getattr(t, k) for k in TABLE_KEYS}}


def _switched(rules: RuleSet, t: RuleSet, switches: Sequence[str]) -> dict[str, Any]:
    """The deal of table `t` with each of `switches` flipped from the preset's value, by switch
    (null where the table cannot be played so)."""
    out: dict[str, Any] = {}
    for key in switches:
        try:
            flipped = seat(rules.with_options({key: not getattr(rules, key)}), t.players, t.teams)
        except ScopaError:
            out[key] = None
            continue
        out[key] = _deal(flipped)
    return out


def table_choices(rules: RuleSet, seated: Collection[str] = ()) -> list[dict[str, Any]]:
    """Every table this preset may be played at (scopa/tables.py), its own first: the id the page
    names it by ("4/pairs"), players, teams, sides, the side of each seat, and the options that
    make it (players, teams and its deal), which the page sends back unchanged; `switched`, the
    deal when a switch that changes it is flipped (misère deals all the cards, O12, SB70), which
    the page shows and sends instead while that switch is flipped; `house`, a table beyond the
    seeds (SB1: every table but the preset's own and those its seed names, `seated`, is the
    project's house rule), which the dialog labels so."""
    opened = open_options(rules)
    switches = [k for k in DEAL_SWITCHES if k in opened]  # a switch the preset fixes is never flipped
    return [{"id": seating(t), "players": t.players, "teams": t.teams, "sides": t.sides,
             "side_of": side_of_seats(t), **_deal(t), "switched": _switched(rules, t, switches),
             "house": i > 0 and seating(t) not in seated}
            for i, t in enumerate(tables(rules))]


def clock() -> dict[str, Any]:
    """The rooms' standard clock and each custom setting's allowed range, in ms."""
    return {
        "standard": {k: getattr(STANDARD, k) for k in ("move_ms", "first_move_ms", "bank_ms", "increment_ms",
                                                       "computers")},
        "limits": {k: [low, high] for k, (low, high, _label) in LIMITS.items()},
    }


# The house rules the new-game dialog offers as switches, each shown with the preset's own value.
TOGGLES = ("ace_takes_all", "settanta", "rebello", "napola")


# Options the new-game dialog sets with controls of their own (the table, the target, the lead).
OWN_CONTROLS = (*TABLE_KEYS, "target", "lead")
LOOKS = ("french",)  # SB37: how the cards look, which any game may change, a preset's choice or not


def option_specs() -> dict[str, dict[str, Any]]:
    """How the dialog asks for each option: a switch ("bool", with the switch it `needs` on), a
    choice among values ("choice"), or a whole number between bounds ("number"); `fixed_by`, the
    values of other options that fix this one (SB70)."""
    out: dict[str, dict[str, Any]] = {}
    for key, spec in OPTION_SPECS.items():
        if spec.kind is bool:
            out[key] = {"kind": "bool", "needs": spec.needs}
        elif spec.choices:
            out[key] = {"kind": "choice", "choices": list(spec.choices)}
        else:
            out[key] = {"kind": "number", "low": spec.low, "high": spec.high}
        if key in IMPLIED_VALUES:
            # SB70: the value another option fixes ({"scoring": {"denari": "none"}}): the dialog
            # shows it and leaves the choice closed while that option has that value.
            out[key]["fixed_by"] = {other: dict(fixes) for other, fixes in IMPLIED_VALUES[key].items()}
    return out


def _plays(rules: RuleSet, key: str, value: Any) -> bool:
    """Whether the engine plays these rules with this one option changed."""
    try:
        rules.with_options({key: value})
    except ScopaError:
        return False
    return True


def _switches(rules: RuleSet, key: str) -> bool:
    """Whether the engine plays these rules with this switch flipped (with the one it needs on)."""
    spec = OPTION_SPECS[key]
    options = {key: not getattr(rules, key)}
    if spec.needs and options[key]:
        options[spec.needs] = True
    try:
        rules.with_options(options)
    except ScopaError:
        return False
    return True


def open_choices(rules: RuleSet, offers: Mapping[str, Sequence[Any]] | None = None) -> dict[str, list[Any]]:
    """For each option of a choice this preset leaves open, the values it can be played with
    (a mechanic may count the sums of one capture rule only, SB5): the dialog offers these and no other.
    `offers`, the preset's own (Preset.offers: Scopa inversa's "partite ibride", SB7), gives the
    values of an option the preset fixes."""
    out = {}
    offers = offers or {}
    for key in open_options(rules, offers):
        spec = OPTION_SPECS[key]
        if key in offers:
            out[key] = list(offers[key])
        elif spec.kind is not bool and spec.choices:
            out[key] = [c for c in spec.choices if c == getattr(rules, key) or _plays(rules, key, c)]
    return out


def open_options(rules: RuleSet, offers: Mapping[str, Sequence[Any]] | None = None) -> list[str]:
    """The options a player may change on this preset: every option but those the preset fixes
    (what makes it itself: Escoba's capture to fifteen and its sevens), those with their own
    controls and a game's own machinery, in the order of RULES §3; a choice only when the preset
    can be played with more than one of its values. An option of the preset's `offers` (its
    seed's own alternative, SB7) is open, whatever fixes it."""
    fixed = rules.diff(RuleSet())
    out = []
    for key, spec in OPTION_SPECS.items():
        if offers and key in offers:
            out.append(key)
            continue
        # a game's own machinery (`OptionSpec.house_rule` off) is offered only by choosing that game
        if (key in fixed and key not in LOOKS) or key in OWN_CONTROLS or not spec.house_rule:
            continue
        if spec.kind is not bool and spec.choices and sum(_plays(rules, key, c) for c in spec.choices) < 2:
            continue
        if spec.kind is bool and not _switches(rules, key):
            continue  # a switch this game cannot be played with (Rubamazzo's steals and the Asso, SB20)
        out.append(key)
    return out


def option_bounds() -> dict[str, list[int]]:
    """The numeric options' allowed ranges ({"target": [0, 1000], ...})."""
    return {k: [s.low, s.high] for k, s in OPTION_SPECS.items() if s.low is not None and s.high is not None}


def describe(variants: Sequence[dict[str, Any]], levels: Sequence[dict[str, str]]) -> dict[str, Any]:
    """The page's boot facts: the session's presets and levels, with the deck, sides and bounds."""
    shown = []
    for v in variants:
        p = preset(v["id"])
        rules, offers = p.rules, p.offers
        shown.append({**v, "sides": rules.sides, "side_of": side_of_seats(rules), "tables": table_choices(rules, p.seated),
                      "open": open_options(rules, offers), "choices": open_choices(rules, offers)})
    ids = [lv["id"] for lv in levels]
    return {
        "variants": shown,
        "levels": list(levels),
        "default_level": DEFAULT_LEVEL if DEFAULT_LEVEL in ids else ids[0],
        "address_levels": ids + [lv for lv in ADDRESS_ONLY_LEVELS if lv in LEVELS and lv not in ids],
        "hint_levels": [lv for lv in HINT_LEVELS if lv in ids],
        "default_hint_level": DEFAULT_HINT_LEVEL if DEFAULT_HINT_LEVEL in ids else next(lv for lv in HINT_LEVELS if lv in ids),
        "options": sorted(OPTION_SPECS),
        "option_bounds": option_bounds(),
        "toggles": list(TOGGLES),
        "option_specs": option_specs(),
        "deck": deck(),
        "decks": decks(),
        "rules_page": classic_page(),
        "lesson": {"variant": LESSON_VARIANT},  # the game the lesson teaches, and its last step plays
        "clock": clock(),
        "tournament": {"min_entrants": MIN_ENTRANTS, "max_entrants": MAX_ENTRANTS,
                       "default_opponents": {k: n for k, n in DEFAULT_OPPONENTS.items() if k in ids}},
    }
