"""Saved at the moment of truth (issue 25): a reload gives no clock time back (RULES §5).

The save reads the running turn's time; the page adds `elapsed_ms`, the time it stayed open after
the save was made (static/js/persist.js), and Session.restore charges it to the person's turn."""

import json

from settebello.session import Session

HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]
CLOCK = {"move_ms": 10_000, "first_move_ms": 60_000, "bank_ms": 30_000, "increment_ms": 0}


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self):
        self.t = 5_000_000.0

    def __call__(self):
        return self.t

    def wait(self, ms):
        self.t += ms


def person_to_play(s):
    for _ in range(50):
        v = s.view()
        if v["waiting"] == "human":
            return v
        assert "error" not in s.computer_step()
    raise AssertionError("never the person's turn")


def started(clock=CLOCK, seats=HUMAN_VS_CPU):
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 4, "seats": seats, "clock": clock})
    person_to_play(s)
    return s, now


def through_json(value):
    return json.loads(json.dumps(value))


def me(view):
    return view["clock"]["seats"][view["seat"]]


def test_a_reload_mid_turn_keeps_the_used_time_and_the_time_after_the_save():
    s, now = started()
    now.wait(20_000)  # 20 s of the first move's 60 s thought, then the page saves
    saved = through_json(s.save())
    now.wait(3_600_000)  # the page was closed for an hour: nobody's time
    again = Session(now)
    # the page stayed open 7 s after that save before it was reloaded
    v = again.restore({**saved, "elapsed_ms": 7_000})
    assert "error" not in v, v
    assert me(v)["move_ms"] == 33_000 and me(v)["bank_ms"] == 30_000
    assert v["clock"]["running"] == v["seat"]
    # the turn goes on from there: 5 s more and the play is charged 32 s in all
    now.wait(5_000)
    assert again.tick()["clock"]["seats"][0]["move_ms"] == 28_000
    again.play(again.view()["legal"][0]["notation"])
    assert again.save()["record"]["clock"]["ms"] == [32_000]


def test_the_time_after_the_save_drains_the_banktime_and_never_more_than_the_turn():
    s, now = started()
    saved = through_json(s.save())
    v = Session(now).restore({**saved, "elapsed_ms": 75_000})  # 60 s of move time, then 15 s of bank
    assert me(v)["move_ms"] == 0 and me(v)["bank_ms"] == 15_000 and v["forfeit"] is None
    # more than the turn can last: restored one millisecond short, and the next poll declares it
    again = Session(now)
    v = again.restore({**saved, "elapsed_ms": 10_000_000})
    assert v["forfeit"] is None and me(v)["move_ms"] == 0 and me(v)["bank_ms"] == 1
    now.wait(1)
    tick = again.tick()
    assert tick["forfeit"] is not None and tick["forfeit"]["seat"] == 0 and tick["phase"] == "over"


def test_the_time_after_the_save_is_nobody_s_when_no_person_s_clock_runs():
    # a computer's turn on the clock: its time is its thinking time, never the page's
    seats = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]
    s, now = started({**CLOCK, "computers": True}, seats)
    s.play(s.view()["legal"][0]["notation"])
    v = s.view()
    assert v["waiting"] == "computer"
    saved = through_json(s.save())
    restored = Session(now).restore({**saved, "elapsed_ms": 9_000})
    assert restored["clock"] == v["clock"]
    # no clock at all: the page's stamp changes nothing
    plain = Session(now)
    plain.new_game({"variant": "scopa", "seed": 4, "seats": HUMAN_VS_CPU})
    person_to_play(plain)
    view = plain.view()
    assert Session(now).restore({**through_json(plain.save()), "elapsed_ms": 9_000}) == view


def test_a_bad_elapsed_time_is_refused_and_changes_nothing():
    s, now = started()
    saved = through_json(s.save())
    for bad in (-1, 1.5, "7000", True, None, [1]):
        target = Session(now)
        answer = target.restore({**saved, "elapsed_ms": bad})
        assert "elapsed time" in answer.get("error", ""), (bad, answer)
        assert "error" in target.view()  # nothing was restored


HOT_SEAT = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"},
            {"human": True, "name": "Bea"}, {"human": False, "level": "easy"}]


def test_a_persons_time_waits_behind_the_pass_screen_and_runs_once_they_have_the_device():
    """Two people on one device (RULES §5: time runs only on the player's own turn). The review of
    2026-12-01: 8 s of Anna's 10 s move were spent behind "Pass the device to Anna", and Bea's
    time ran behind hers too."""
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopone", "seed": 4, "seats": HOT_SEAT, "clock": CLOCK})
    for _ in range(3):  # three handovers: the first deal's, and two later ones
        v = s.view()
        while v["pass_to"] is None:
            assert v["waiting"] != "human" or v["phase"] != "play", v  # a person to play is shown at once
            v = s.computer_step()["view"]
        seat = v["pass_to"]
        before = s.tick()["clock"]["seats"][seat]
        assert v["clock"]["running"] is None and s.tick()["clock"]["running"] is None
        now.wait(8_000)  # the device goes round the table
        waited = s.tick()["clock"]
        assert waited["seats"][seat] == before and waited["running"] is None
        # a save and a reload behind the pass screen keep the time waiting
        again = Session(now)
        assert "error" not in again.restore(through_json(s.save()))
        now.wait(5_000)
        assert again.tick()["clock"]["seats"][seat] == before
        shown = s.show(seat)
        assert shown["clock"]["running"] == seat
        now.wait(3_000)
        ran = s.tick()["clock"]["seats"][seat]
        assert ran["move_ms"] == before["move_ms"] - 3_000, (before, ran)
        play = s.view()["legal"][0]["notation"]
        assert "error" not in s.play(play)
