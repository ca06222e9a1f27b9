"""A pause at a table on the clock (Session.pause, RULES §5): the people at this device stop every
clock for an interruption; nothing is played, passed or timed until they go on, and a reload keeps
the pause without charging the time the page stayed open."""

import json

import pytest

from settebello.session import Session
from test_session_clock_save import CLOCK, HUMAN_VS_CPU, FakeTime, me, person_to_play, started, through_json

HOT_SEAT = [{"human": True, "name": "Anna"}, {"human": True, "name": "Bea"}]


def computer_to_play(s):
    v = person_to_play(s)
    out = s.play(v["legal"][0])
    assert "error" not in out, out
    assert out["view"]["waiting"] == "computer"
    return out["view"]


def test_a_pause_stops_the_running_persons_clock_after_charging_their_time_so_far():
    s, now = started()
    assert s.view()["can_pause"] is True and s.view()["paused"] is False
    now.wait(12_000)
    v = s.pause(True)
    assert v["paused"] is True and v["clock"]["running"] is None
    assert me(v)["used_ms"] == 12_000  # the time before the pause counts
    now.wait(600_000)  # ten minutes of interruption: nobody's time
    assert me(s.view())["used_ms"] == 12_000
    assert s.tick()["forfeit"] is None
    v = s.pause(False)
    assert v["paused"] is False and v["clock"]["running"] == v["seat"]
    now.wait(3_000)
    assert me(s.view())["used_ms"] == 15_000  # it runs again from the moment they went on


def test_nothing_is_played_passed_or_stepped_while_paused_and_nothing_changes():
    s, now = started()
    v = s.view()
    s.pause(True)
    before = json.dumps(s.save(), sort_keys=True)
    refused = s.play(v["legal"][0])
    assert refused["reason"] == "pause.paused" and "paused" in refused["error"]
    assert json.dumps(s.save(), sort_keys=True) == before
    s.pause(False)
    computer_to_play(s)
    s.pause(True)
    before = json.dumps(s.save(), sort_keys=True)
    assert s.computer_step()["reason"] == "pause.paused"
    assert json.dumps(s.save(), sort_keys=True) == before


def test_the_pass_screen_waits_for_the_pause_too():
    now = FakeTime()
    s = Session(now)
    v = s.new_game({"variant": "scopa", "seed": 4, "seats": HOT_SEAT, "clock": CLOCK})
    assert v["pass_to"] is not None
    s.pause(True)
    assert s.show(v["pass_to"])["reason"] == "pause.paused"
    s.pause(False)
    assert s.show(v["pass_to"])["pass_to"] is None


def test_a_reload_keeps_the_pause_and_charges_nobody_for_the_time_the_page_stayed_open():
    s, now = started()
    now.wait(20_000)
    s.pause(True)
    saved = through_json(s.save())
    assert saved["extras"]["paused"] is True
    again = Session(now)
    v = again.restore({**saved, "elapsed_ms": 900_000})  # the paused page stayed open 15 minutes
    assert v["paused"] is True and v["clock"]["running"] is None
    assert me(v)["used_ms"] == 20_000
    v = again.pause(False)
    now.wait(1_000)
    assert me(again.view())["used_ms"] == 21_000


def test_an_unpaused_save_is_as_before():
    s, _ = started()
    assert "paused" not in s.save()["extras"]


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_a_bad_pause_value_is_refused_and_changes_nothing(bad):
    s, _ = started()
    before = json.dumps(s.save(), sort_keys=True)
    out = s.pause(bad)
    assert out["reason"] == "pause.value" and "true" in out["error"]
    assert json.dumps(s.save(), sort_keys=True) == before


def test_a_damaged_saved_pause_is_refused():
    s, now = started()
    saved = through_json(s.save())
    saved["extras"]["paused"] = "yes"
    out = Session(now).restore(saved)
    assert "pause" in out["error"]


def test_no_pause_without_a_clock():
    s = Session(FakeTime())
    s.new_game({"variant": "scopa", "seed": 4, "seats": HUMAN_VS_CPU})
    assert s.view()["can_pause"] is False
    assert s.pause(True)["reason"] == "pause.clock"


def test_no_pause_with_people_on_other_devices():
    s = Session(FakeTime())
    s.new_game({"variant": "scopa", "seed": 4, "clock": CLOCK,
                "seats": [{"human": True, "name": "Anna"}, {"human": True, "remote": True, "name": "Bea"}]})
    assert s.view()["can_pause"] is False
    assert s.pause(True)["reason"] == "pause.remote"


def test_no_pause_between_hands_or_after_a_loss_on_time():
    s, now = started(clock={**CLOCK, "move_ms": 600_000, "first_move_ms": 600_000})
    while (v := s.view())["phase"] == "play":
        out = s.play(v["legal"][0]) if v["waiting"] == "human" else s.computer_step()
        assert "error" not in out, out
    assert s.view()["can_pause"] is False  # the score sheet: nobody's time runs
    assert s.pause(True)["reason"] == "pause.hand"
    s, now = started()
    now.wait(CLOCK["first_move_ms"] + CLOCK["bank_ms"] + 1)
    s.tick()  # the flag falls
    v = s.view()
    assert v["forfeit"] is not None and v["can_pause"] is False
    assert "error" in s.pause(True)


def test_time_that_ran_out_before_the_pause_loses_the_match_on_time():
    s, now = started()
    now.wait(CLOCK["first_move_ms"] + CLOCK["bank_ms"] + 1)  # no tick came: the pause finds it
    out = s.pause(True)
    assert out["event"] is None and out["forfeit"]["seat"] == out["view"]["seat"]
    assert out["view"]["paused"] is False


def test_a_pause_is_not_the_persons_thinking_time_for_the_masters_reply():
    """Issue 46's thinking time buys the master's reply searches: the minutes of a pause, with the
    cards hidden, buy none."""
    from settebello.ponder import Ponder
    t = [100.0]
    ponder = Ponder(clock=lambda: t[0], strength=True)
    ponder.started = 100.0  # the person's turn began
    t[0] += 5
    ponder.pause(True)
    t[0] += 600  # ten minutes paused
    ponder.pause(False)
    t[0] += 2
    assert t[0] - ponder.started == 7  # 5 s before the pause and 2 s after it


def test_the_session_tells_its_ponder_of_the_pause():
    s, _ = started()
    s.pause(True)
    assert s.ponder.paused_at is not None
    s.pause(False)
    assert s.ponder.paused_at is None
