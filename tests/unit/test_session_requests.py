"""Every request the page can make, fed junk: a clear refusal ({"error": ...}) that changes
nothing, never an exception; and a coding slip is not dressed up as a refusal (issue 22, point 5)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from loader import load

from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]
ENTRANTS = [{"kind": "human", "name": "Anna"}, {"kind": "computer", "level": "beginner"},
            {"kind": "computer", "level": "easy"}]
JUNK = [None, 0, -1, 99, True, 1.5, "", "junk", [], [0, 1], {}, {"x": 1}, {"round": "a", "table": []},
        {"round": 0, "table": 99}, {"card": 5}, {"stats": 5}, {"format": "x"}]


class FakeTime:
    """A time source that stands still unless the test moves it."""

    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t


def snapshot(s: Session) -> str:
    """Everything the session holds that a request could change, as JSON."""
    return json.dumps([s.call("save"), s.call("tournament_save"), s.call("view")], sort_keys=True)


def a_session() -> Session:
    """A session with a tournament and a clocked match of it in progress, a person to play."""
    s = Session(FakeTime())
    assert "error" not in s.call("tournament_new", {"variant": "scopa", "entrants": ENTRANTS, "seed": 8,
                                                    "clock": "standard"})
    s.call("tournament_simulate", {"until_person": True})
    assert "error" not in s.call("tournament_play")
    for _ in range(50):
        v = s.view()
        if v["waiting"] == "human":
            break
        assert "error" not in s.computer_step()
    return s


def refused(s: Session, op: str, arg, before: str) -> str:
    reply = s.call(op, arg)
    assert isinstance(reply, dict) and isinstance(reply.get("error"), str) and reply["error"], (op, arg, reply)
    assert snapshot(s) == before, (op, arg, reply)
    return reply["error"]


OPS_WITHOUT_ARGUMENT = ["view", "computer_step", "next_hand", "undo", "last_trick", "record", "save", "variants",
                        "tick", "tournament_view", "tournament_save", "tournament_quit", "stats_reset"]


@pytest.mark.parametrize("op", OPS_WITHOUT_ARGUMENT)
def test_an_op_without_argument_refuses_one(op):
    s = a_session()
    before = snapshot(s)
    for junk in JUNK[1:]:
        assert "takes no argument" in refused(s, op, junk, before)


def test_unknown_requests_are_refused():
    s = a_session()
    before = snapshot(s)
    for name in (None, 5, [], {}, "nope", "_need", "__init__", "OPS"):
        assert "unknown request" in refused(s, name, None, before)


def test_junk_new_games_are_refused_with_the_reason():
    s = a_session()
    before = snapshot(s)
    bad = [*JUNK, {"variant": 5}, {"variant": "nope"}, {"options": []}, {"options": {"target": "x"}},
           {"options": {"nope": 1}}, {"seats": "x"}, {"seats": [1, 2]}, {"seats": [HUMAN_VS_CPU[0]]},
           {"seats": [{"human": "yes"}, {"human": False}]}, {"seats": [{"human": True, "name": 5}, {}]},
           {"seats": [{"human": True}, {"human": False, "level": [1]}]},
           {"seats": [{"human": True}, {"human": False, "level": "nope"}]},
           {"seats": [{"human": False}, {"human": False}]}, {"seed": "x"}, {"seed": True}, {"seed": 1.5},
           {"seats": HUMAN_VS_CPU, "clock": "fast"}, {"seats": HUMAN_VS_CPU, "clock": [1]},
           {"seats": HUMAN_VS_CPU, "clock": {"move_ms": "x"}}, {"seats": HUMAN_VS_CPU, "clock": {"nope": 1}},
           {"seats": HUMAN_VS_CPU, "tournament": 5}, {"seats": HUMAN_VS_CPU, "tournament": {"ident": [1]}}]
    for config in bad:
        if config == {}:
            continue  # every setting has a default: a valid game
        if isinstance(config, dict) and "variant" not in config and config:
            config = {"variant": "scopa", **config}
        refused(s, "new_game", config, before)
    config = s.call("tournament_match")
    for key, junk in (("round", "a"), ("round", 99), ("table", [1]), ("table", -1)):
        link = {**config["tournament"], key: junk}
        refused(s, "new_game", {**config, "tournament": link}, before)


def test_junk_plays_shows_and_hints_are_refused():
    s = a_session()
    before = snapshot(s)
    hand = s.view()["hand"]
    for play in [*JUNK, {"card": "7D", "presa": "3C"}, {"card": "7D", "presa": [1]}, "ZZ", "7D:", ":", "7D:7D+7D",
                 next(c for c in ("1D", "2D", "3D", "4D", "5D") if c not in hand)]:
        refused(s, "play", play, before)
    computer = next(i for i, seat in enumerate(s.view()["seats"]) if not seat["human"])
    for seat in (-1, computer, 2, 99, "0", True, 1.5, [0], {}):
        refused(s, "show", seat, before)
    for level in (5, "nope", [], {}, "beginner"):
        refused(s, "hint", level, before)


def test_junk_tournament_requests_are_refused():
    s = a_session()
    before = snapshot(s)
    for arg in [*JUNK, {"entrants": "x"}, {"entrants": [1, 2]}, {"entrants": ENTRANTS, "options": []},
                {"entrants": ENTRANTS, "options": "ab"}, {"entrants": ENTRANTS, "partner_level": [1]},
                {"entrants": ENTRANTS, "seed": "x"}, {"entrants": ENTRANTS, "clock": "fast"},
                {"entrants": ENTRANTS, "variant": [1]}, {"entrants": [{"kind": "alien"}, {"kind": "human"}]}]:
        if arg == {} or arg is None:
            continue  # the defaults: refused for want of entrants, checked below
        refused(s, "tournament_new", arg, before)
    refused(s, "tournament_new", {}, before)
    for op in ("tournament_simulate", "tournament_match", "tournament_play", "tournament_record"):
        for arg in (5, "x", [], {"round": "a", "table": 0}, {"round": 0, "table": "b"}, {"round": 99, "table": 0},
                    {"round": 0, "table": -1}, {"round": True, "table": 0}):
            refused(s, op, arg, before)
    saved = s.call("tournament_save")
    refusals = 0
    for damaged in damaged_copies(saved):
        reply = s.call("tournament_load", damaged)
        assert isinstance(reply, dict)
        if "error" in reply:
            refusals += 1
            assert snapshot(s) == before, damaged
        else:  # a change the save may hold (e.g. a name, another draw): start again
            s = a_session()
            before = snapshot(s)
    assert refusals > 100


def test_junk_statistics_are_refused():
    s = a_session()
    before = snapshot(s)
    good = s.call("stats_reset")
    for arg in (5, "x", [], None, {"stats": 5}, {"stats": {"format": "x"}},
                {"stats": {**good, "variants": {"scopa": {"matches": "x"}}}}):
        refused(s, "stats_add", arg, before)
    for arg in (5, "x", [], {"stats": 5}, {"stats": {**good, "seen": [1]}}):
        refused(s, "stats_view", arg, before)
    for arg in (5, "x", [], None, {"stats": good}, {"stats": good, "other": 5}, {"stats": 5, "other": good}):
        refused(s, "stats_merge", arg, before)


def damaged_copies(value, depth=0):
    """Copies of a JSON value with one place replaced by junk (lists: their first two items)."""
    junk = (None, -1, "x", [], {}, [1], {"a": 1}, True, 10**9)
    for j in junk:
        if j != value:
            yield j
    if depth > 5:
        return
    if isinstance(value, dict):
        for key in value:
            for damaged in damaged_copies(value[key], depth + 1):
                copy_ = dict(value)
                copy_[key] = damaged
                yield copy_
            copy_ = dict(value)
            del copy_[key]
            yield copy_
    elif isinstance(value, list):
        for i in range(min(2, len(value))):
            for damaged in damaged_copies(value[i], depth + 1):
                copy_ = list(value)
                copy_[i] = damaged
                yield copy_


def test_damaged_saves_are_refused_and_change_nothing():
    s = a_session()
    s.play(s.view()["legal"][0]["notation"])
    saved = json.loads(json.dumps(s.call("save")))
    other = a_session()  # the session that is asked to restore
    before = snapshot(other)
    accepted = refusals = 0
    for damaged in damaged_copies(saved):
        reply = other.call("restore", copy.deepcopy(damaged))
        assert isinstance(reply, dict), damaged
        if "error" in reply:
            refusals += 1
            assert reply["error"] and snapshot(other) == before, (damaged, reply)
        else:
            accepted += 1
            other = a_session()  # a harmless change (e.g. an older save without players_rng)
            before = snapshot(other)
    assert refusals > 500 and accepted < refusals / 2  # most are damage; the rest defaults or ignored


def test_a_match_another_tab_left_is_read_without_touching_this_one():
    """Records reads a match saved by a closed tab (peek): its view and record as restoring it would
    give them, while the match on this table, its clock and its tournament stay as they were; a
    damaged save is refused the same way, changing nothing."""
    left = Session(FakeTime())
    left.call("new_game", {"variant": "scopa", "seed": 5, "seats": [{"human": True, "name": "Anna"},
                                                                   {"human": False, "level": "random"}]})
    while not left.view()["results"]:  # a hand played to its end
        v = left.view()
        left.call("play", v["legal"][0]["notation"]) if v["waiting"] == "human" else left.computer_step()
    saved = json.loads(json.dumps(left.call("save")))
    s = a_session()
    before = snapshot(s)
    got = s.call("peek", copy.deepcopy(saved))
    assert snapshot(s) == before
    assert got["view"] == Session(FakeTime()).call("restore", copy.deepcopy(saved))
    assert got["view"]["players"][0] == "Anna" and got["view"]["totals"] == left.view()["totals"]
    assert got["record"]["hands"] and got["record"] == left.call("record")
    # a fresh deal has no record yet: said as none, not refused
    fresh = Session(FakeTime())
    fresh.call("new_game", {"variant": "scopa", "seed": 6, "seats": [{"human": True}, {"human": False, "level": "random"}]})
    assert s.call("peek", fresh.call("save"))["record"] is None
    damaged = copy.deepcopy(saved)
    next(h for h in damaged["record"]["hands"] if h["plays"])["plays"][0] = "ZZ"  # a card no deck has
    assert "error" in s.call("peek", damaged) and "error" in s.call("peek", None)
    assert snapshot(s) == before


def test_a_coding_slip_is_not_a_refusal(monkeypatch):
    s = a_session()

    def broken(self):
        raise KeyError("seat")

    monkeypatch.setattr("settebello.game.Game.seats_part", broken)
    with pytest.raises(KeyError):
        s.call("view")


# -- the bridge (static/bridge.py) on CPython -------------------------------------------------------
@pytest.fixture()
def bridge(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "py"))
    return load("static/bridge.py")


def test_the_bridge_answers_a_refusal_as_a_result_and_a_bug_as_a_typed_error(bridge, monkeypatch):
    reply = json.loads(bridge.game(json.dumps({"op": "play", "arg": "ZZ"})))
    assert reply["ok"] is True and "error" in reply["result"]
    reply = json.loads(bridge.game(json.dumps([1, 2])))
    assert reply["ok"] is True and reply["result"] == {"error": "a game request is {op, arg}"}

    def broken(self):
        raise KeyError("seat")

    bridge.game(json.dumps({"op": "new_game", "arg": {"variant": "scopa", "seed": 1, "seats": HUMAN_VS_CPU}}))
    monkeypatch.setattr("settebello.game.Game.seats_part", broken)
    reply = json.loads(bridge.game(json.dumps({"op": "view"})))
    assert reply["ok"] is False
    assert reply["error"]["type"] == "KeyError" and reply["error"]["message"] == "'seat'"
    assert "Traceback" in reply["error"]["traceback"] and "broken" in reply["error"]["traceback"]


# -- refusals the page words in its own language -----------------------------------------------------
@pytest.mark.parametrize("config, reason, params", [
    ({"seats": [{"human": False}, {"human": False}]}, "seats.person", {}),
    ({"seed": "7.5"}, "seed", {}),
    ({"options": {"target": 5000}}, "option.target", {"low": 0, "high": 1000}),
    ({"options": {"target": "many"}}, "option.target", {"low": 0, "high": 1000}),
])
def test_check_game_names_what_is_wrong_and_changes_nothing(config, reason, params):
    s = Session()
    s.new_game({"seed": 3})
    before = s.save()
    answer = s.call("check_game", config)
    assert answer["reason"] == reason and answer["params"] == params
    assert answer["error"] == s.call("new_game", config)["error"]  # the same refusal new_game gives
    assert s.save() == before


def test_check_game_says_ok_to_what_new_game_starts():
    s = Session()
    assert s.call("check_game", {"seed": 3, "clock": "standard"}) == {"ok": True}
    assert "error" in s.call("view")  # nothing was started
    assert s.call("check_game", {"seed": 3, "clock": "sometimes"})["error"]


def test_a_tournament_of_one_is_refused_with_the_bounds():
    answer = Session().call("tournament_new", {"entrants": [{"kind": "human", "name": "Anna"}]})
    assert answer["reason"] == "entrants.count" and answer["params"] == {"low": 2, "high": 64}
