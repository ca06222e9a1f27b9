"""One typed view (issue 42, item 3): the page's view is built once, by `settebello.view.page_view`,
from typed parts; each active mechanic's part lies under its own name in `mechanics`, with exactly
the keys its engine module declares; no other module of the application or the bridge builds the
view's keys."""

from __future__ import annotations

import ast
import random
from dataclasses import fields
from pathlib import Path

import pytest

from scopa import Match, from_record, mechanics, to_record
from scopa.replay import replay_steps
from scopa.rules import PRESETS
from settebello.session import Session
from settebello.view import (ClockPart, FactsPart, ReviewPart, SeatsPart, StoryPart, TournamentPart,
                             page_view)

ROOT = Path(__file__).resolve().parents[2]
# the core table's keys (the engine's PlayerView.to_json), the same in every game
CORE = {"seat", "side", "players", "sides", "rules", "phase", "dealer", "hand_dealer", "turn", "hand", "hand_counts",
        "table", "deck_left", "prese", "scope", "tradizionali", "last_capturer", "plays", "totals", "results",
        "winner", "plays_on", "legal", "speciali", "mechanics", "words"}
# the keys of the application's parts, each the fields of its part (SeatsPart's `lesson` only in the lesson)
PARTS = (SeatsPart, FactsPart, ClockPart, TournamentPart, StoryPart, ReviewPart)
APP = {f.name for part in PARTS for f in fields(part)} - {"running", "lesson"}


def _view(variant: str) -> dict:
    s = Session()
    out = s.call("new_game", {"variant": variant, "seed": 1})
    assert "error" not in out, out
    return s.call("view")


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_view_of_every_preset_is_its_parts_and_each_mechanic_under_its_name(variant):
    view = _view(variant)
    assert set(view) == CORE | APP, sorted(set(view) ^ (CORE | APP))
    rules = PRESETS[variant].rules
    drawn = {m.name: m for m in mechanics.active(rules) if m.view_keys}
    assert set(view["mechanics"]) == set(drawn)  # an inactive mechanic has no part
    for name, part in view["mechanics"].items():
        assert set(part) == set(drawn[name].view_keys), name


def test_the_special_games_have_their_parts():
    assert set(_view("fidasse")["mechanics"]["fidasse"]) == {"claims", "claim", "hidden"}
    assert _view("cascina")["mechanics"] == {"cascina": {"cascine": []}}
    assert set(_view("rubamazzo")["mechanics"]) == {"steal"}
    assert _view("scopa")["mechanics"] == {}


def test_a_key_written_by_two_parts_is_refused():
    """page_view merges parts; a key two parts claim is a bug, said, not silently overwritten."""
    s = Session()
    s.call("new_game", {"seed": 1})
    game = s.game
    facts = FactsPart(side_of=[0, 1], seating=None, unseen=[], tallies=[])

    class Clash(ReviewPart):
        def to_json(self):
            return {"can_review": False, "waiting": "human"}

    with pytest.raises(ValueError, match="waiting"):
        page_view(game.table_part(), game.seats_part(), facts, ClockPart(None, None), TournamentPart(None),
                  StoryPart(None), Clash(False))


def test_a_forfeit_shows_the_match_over_through_page_view_alone():
    s = Session()
    s.call("new_game", {"seed": 1})
    game = s.game
    facts = FactsPart(side_of=[0, 1], seating=None, unseen=[], tallies=[])
    forfeit = {"seat": 0, "name": "You", "side": 0, "winner": 1}
    v = page_view(game.table_part(), game.seats_part(), facts, ClockPart({"x": 1}, forfeit, True), TournamentPart(None),
                  StoryPart(None), ReviewPart(False))
    assert (v["phase"], v["waiting"], v["winner"], v["legal"], v["pass_to"], v["can_undo"]) == ("over", "over", 1, [], None, False)


# the keys only the page's view has: a module that writes one builds the view
VIEW_ONLY = {f.name for part in (SeatsPart, FactsPart, ReviewPart, StoryPart) for f in fields(part)} - {
    "seats", "variant", "daily", "lesson",  # also words of the settings a new game takes
    "side_of"}  # also a word of the tables' descriptions (describe.py) and the replay's positions
VIEW_ONLY |= {"mechanics", "can_review", "scope_cards"}


def _writes(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, key) of each view-only key this module writes: `x["key"] = ...`, `x.update(key=...)`,
    or a dict display `{"key": ...}`."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            key = node.slice
            if isinstance(key, ast.Constant) and key.value in VIEW_ONLY:
                out.append((node.lineno, key.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
            out += [(node.lineno, k.arg) for k in node.keywords if k.arg in VIEW_ONLY]
        elif isinstance(node, ast.Dict):
            out += [(node.lineno, k.value) for k in node.keys if isinstance(k, ast.Constant) and k.value in VIEW_ONLY]
    return out


def test_no_other_module_builds_the_views_keys():
    files = sorted((ROOT / "py" / "settebello").glob("*.py")) + [ROOT / "static" / "bridge.py"]
    files += sorted((ROOT / "py" / "scopa").rglob("*.py"))
    found = []
    for path in files:
        if path.name == "view.py" and path.parent.name == "settebello":
            continue
        rel = path.relative_to(ROOT).as_posix()
        for line, key in _writes(ast.parse(path.read_text(encoding="utf-8"))):
            if rel == "py/scopa/state.py" and key == "mechanics":
                continue  # the core table part: PlayerView.to_json puts the mechanics' parts under their key
            found.append(f"{rel}:{line} {key}")
    assert not found, found


def test_the_game_names_its_categories_in_the_view_and_the_replay():
    """The page names a score category by the game's own word, from Python (no rule is read in JS):
    Escoba's primiera point goes to the most sevens (O7) and is called so on the sheet and in a
    replay's score table; classic Scopa has no word of its own."""
    assert _view("escoba")["words"] == {"primiera": "sevens"}
    assert _view("scopa")["words"] == {}
    m = Match.new(PRESETS["escoba"].rules.with_options({"target": 0}), random.Random(3))
    m.deal()
    while m.phase == "play":
        m.play(str(m.legal_plays()[0]))
    record = to_record(m, "escoba")
    assert from_record(record).phase == "over"
    assert replay_steps(record)["words"] == {"primiera": "sevens"}
