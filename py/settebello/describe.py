"""What the page needs to know once, at boot, so that no rule is written in JavaScript.

`describe(variants, levels)` is the `variants` request's answer (py/settebello/session.py): the
deck (each card's code, rank and suit, the suits in the deck's order, the primiera's values), the
presets with the side of each seat for every team choice their player count allows, the computer
levels and which of them give hints, the bounds of the options the new-game dialog offers (e.g. the
target), the clock's standard settings and limits, and the tournament's entrant bounds. The page
shows these facts; the engine and the session still check every request.
"""

from __future__ import annotations

from typing import Any, Sequence

from scopa.cards import DECK, PRIMIERA, SUIT, SUITS, VALUE, card_str
from scopa.errors import ScopaError
from scopa.rules import OPTION_SPECS, TEAM_MODES, RuleSet, preset

from .clock import _LIMITS, STANDARD
from .game import HINT_LEVELS
from .tournament import MAX_ENTRANTS, MIN_ENTRANTS

# The level the dialogs start from (a computer seat, the hints).
DEFAULT_LEVEL = "expert"
# A new tournament's opponents, by level, before the person changes them.
DEFAULT_OPPONENTS = {"beginner": 1, "easy": 1, "expert": 1, "master": 0}


def deck() -> dict[str, Any]:
    """The deck in its order: cards {code, rank, suit}, the suits, the primiera's value of each card."""
    return {
        "cards": [{"code": card_str(c), "rank": VALUE[c], "suit": SUITS[SUIT[c]]} for c in DECK],
        "suits": list(SUITS),
        "primiera": {card_str(c): PRIMIERA[c] for c in DECK},
    }


def side_of_seats(rules: RuleSet) -> list[int]:
    """The side of each seat under these rules (partners sit opposite: seat % sides)."""
    return [rules.side_of(s) for s in range(rules.players)]


def team_choices(rules: RuleSet) -> dict[str, list[int]]:
    """For each way this preset's table may sit (a game in teams stays in teams, e.g. six players in
    pairs or triples; a game of players alone stays so): the side of each seat."""
    out = {}
    for mode in TEAM_MODES if rules.teams != "none" else ("none",):
        if rules.teams != "none" and mode == "none":
            continue
        try:
            seated = rules.with_options({"teams": mode})
            seated.validate()
        except ScopaError:
            continue
        out[mode] = side_of_seats(seated)
    return out


def clock() -> dict[str, Any]:
    """The rooms' standard clock and each custom setting's allowed range, in ms."""
    return {
        "standard": {k: getattr(STANDARD, k) for k in ("move_ms", "first_move_ms", "bank_ms", "increment_ms",
                                                       "computers")},
        "limits": {k: [low, high] for k, (low, high, _label) in _LIMITS.items()},
    }


# The house rules the new-game dialog offers as switches, each shown with the preset's own value.
TOGGLES = ("ace_takes_all", "settanta", "rebello", "napola")


def option_bounds() -> dict[str, list[int]]:
    """The numeric options' allowed ranges ({"target": [0, 1000], ...})."""
    return {k: [s.low, s.high] for k, s in OPTION_SPECS.items() if s.low is not None and s.high is not None}


def describe(variants: Sequence[dict[str, Any]], levels: Sequence[dict[str, str]]) -> dict[str, Any]:
    """The page's boot facts: the session's presets and levels, with the deck, sides and bounds."""
    shown = []
    for v in variants:
        rules = preset(v["id"]).rules
        shown.append({**v, "sides": rules.sides, "side_of": side_of_seats(rules), "team_choices": team_choices(rules)})
    ids = [lv["id"] for lv in levels]
    return {
        "variants": shown,
        "levels": list(levels),
        "default_level": DEFAULT_LEVEL if DEFAULT_LEVEL in ids else ids[0],
        "hint_levels": [lv for lv in HINT_LEVELS if lv in ids],
        "options": sorted(OPTION_SPECS),
        "option_bounds": option_bounds(),
        "toggles": list(TOGGLES),
        "deck": deck(),
        "clock": clock(),
        "tournament": {"min_entrants": MIN_ENTRANTS, "max_entrants": MAX_ENTRANTS,
                       "default_opponents": {k: n for k, n in DEFAULT_OPPONENTS.items() if k in ids}},
    }
