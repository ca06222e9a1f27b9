"""The session's clock, forfeits, tournaments and statistics, as the page drives them (JSON in/out)."""

import json
from pathlib import Path

from settebello import daily
from settebello.clock import replay
from settebello.session import Session
from settebello.view import UNDO_OFF

HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]
SHORT = {"move_ms": 1000, "first_move_ms": 1000, "bank_ms": 2000, "increment_ms": 0}


class FakeTime:
    """A time source the test moves by hand; `step` is added at every reading (thinking time)."""

    def __init__(self, step=0.0):
        self.t, self.step = 1_000_000.0, step

    def __call__(self):
        self.t += self.step
        return self.t

    def wait(self, ms):
        self.t += ms


def human_turn(s):
    """Play computers and deal until it is the person's turn; returns the view."""
    for _ in range(200):
        v = s.view()
        if v["phase"] == "deal":
            s.next_hand()
        elif v["phase"] == "over" or v["waiting"] == "human":
            return v
        else:
            assert "error" not in s.computer_step()
    raise AssertionError("never the person's turn")


def play_to_end(s, clock=None, think_ms=0):
    for _ in range(5000):
        v = s.view()
        if v["phase"] == "over":
            return v
        if v["phase"] == "deal":
            s.next_hand()
        elif v["waiting"] == "human":
            if v["pass_to"] is not None:
                s.show(v["pass_to"])
                continue
            if clock is not None:
                clock.wait(think_ms)
            r = s.play(v["legal"][0]["notation"])
            assert "error" not in r, r
        else:
            r = s.computer_step()
            assert "error" not in r, r
    raise AssertionError("match did not end")


def test_no_clock_unless_asked():
    s = Session(FakeTime())
    v = s.new_game({"variant": "scopa", "seed": 1, "seats": HUMAN_VS_CPU})
    assert v["clock"] is None and v["forfeit"] is None
    assert s.call("tick")["clock"] is None


def test_standard_clock_runs_on_the_persons_turn_only():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 2, "seats": HUMAN_VS_CPU, "clock": "standard"})
    v = human_turn(s)
    seat = v["clock"]["seats"][0]
    assert v["clock"]["running"] == 0 and seat["move_ms"] == 225_000 and seat["bank_ms"] == 900_000
    assert v["clock"]["seats"][1]["timed"] is False  # computers are not on the clock by default
    now.wait(10_000)
    assert s.call("tick")["clock"]["seats"][0]["move_ms"] == 215_000
    s.play(v["legal"][0]["notation"])
    now.wait(60_000)  # the computer's turn: nobody's clock runs for the person
    v = human_turn(s)
    seat = v["clock"]["seats"][0]
    assert seat["allowance_ms"] == 47_000 and seat["bank_ms"] == 900_000 and seat["moves"] == 1
    now.wait(50_000)  # 3 s past the move time: the BankTime drains
    s.play(v["legal"][0]["notation"])
    v = human_turn(s)
    assert v["clock"]["seats"][0]["bank_ms"] == 897_000  # carried to the next move
    assert v["can_undo"] is False and "take-backs" in s.undo()["error"]


def test_person_runs_out_of_time_and_forfeits():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU, "clock": SHORT})
    v = human_turn(s)
    now.wait(2999)
    assert s.call("tick")["forfeit"] is None
    now.wait(1)
    t = s.call("tick")
    assert t["phase"] == "over" and t["forfeit"]["name"] == "Anna" and t["forfeit"]["winner"] == 1
    v = s.view()
    assert v["phase"] == "over" and v["winner"] == 1 and v["legal"] == [] and v["forfeit"]["seat"] == 0
    assert "ran out of time" in s.play(v["hand"][0])["error"]
    assert "error" in s.computer_step() and "error" in s.next_hand()
    record = s.record()
    assert record["forfeit"]["name"] == "Anna"
    clock = replay(json.loads(json.dumps(record)))
    assert clock.flagged == 0 and clock.bank_left(0) == 0
    stats = s.call("stats_add", {"stats": None})
    assert stats["variants"]["scopa"]["forfeits"] == 1 and stats["variants"]["scopa"]["won"] == 0


def test_a_late_play_is_not_made_and_the_match_is_lost_on_time():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU, "clock": SHORT})
    v = human_turn(s)
    now.wait(5000)
    r = s.play(v["legal"][0]["notation"])
    assert r["event"] is None and r["forfeit"]["name"] == "Anna" and r["view"]["phase"] == "over"
    assert r["view"]["hand"] == v["hand"]  # the late card was not played
    assert s.view()["forfeit"]["name"] == "Anna"
    assert "ran out of time" in s.play(v["legal"][0]["notation"])["error"]  # and nothing more is


def test_computers_on_the_clock_forfeit_by_thinking_time():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 5, "seats": HUMAN_VS_CPU,
                "clock": {**SHORT, "bank_ms": 0, "computers": True}})
    computer = s.game.players[1]
    thinking = computer.choose

    def slow_choose(view):  # this computer thinks for 1.5 s, past its 1 s and no BankTime
        now.wait(1500)
        return thinking(view)

    computer.choose = slow_choose
    v = s.view()
    if v["waiting"] == "human":
        now.wait(900)  # the page's pacing is not the computer's time, but this is the person's
        s.play(v["legal"][0]["notation"])
    now.wait(5000)  # pacing before the computer moves: not charged to the computer
    assert s.view()["forfeit"] is None
    r = s.computer_step()
    assert r["event"] is None and r["forfeit"]["name"] == "Computer 2" and r["forfeit"]["winner"] == 0
    assert r["view"]["phase"] == "over" and r["view"]["winner"] == 0


def test_bad_clock_settings_change_nothing():
    s = Session(FakeTime())
    s.new_game({"variant": "scopa", "seed": 1, "seats": HUMAN_VS_CPU})
    before = s.save()
    r = s.new_game({"variant": "scopa", "seed": 9, "seats": HUMAN_VS_CPU, "clock": {"move_ms": -5}})
    assert "move time" in r["error"]
    assert "unknown clock setting" in s.new_game({"variant": "scopa", "seats": HUMAN_VS_CPU,
                                                  "clock": {"moves": 1}})["error"]
    assert s.save() == before


def test_save_and_restore_keep_the_clock_but_not_the_time_away():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 4, "seats": HUMAN_VS_CPU,
                "clock": {"move_ms": 10_000, "first_move_ms": 10_000, "bank_ms": 30_000, "increment_ms": 0}})
    v = human_turn(s)
    now.wait(25_000)
    s.play(v["legal"][0]["notation"])
    human_turn(s)
    now.wait(4000)
    saved = json.loads(json.dumps(s.save()))
    now.wait(3_600_000)  # the page was closed for an hour
    again = Session(now)
    v = again.restore(saved)
    seat = v["clock"]["seats"][0]
    assert v["forfeit"] is None and seat["bank_ms"] == 15_000 and seat["move_ms"] == 6000
    damaged = dict(saved, extras={**saved["extras"], "clock": {"config": {}, "timed": [True]}})
    assert "error" in Session(now).restore(damaged)


ENTRANTS = [{"kind": "human", "name": "Anna"}] + [{"kind": "computer", "level": lvl}
                                                  for lvl in ("beginner", "easy", "random")]


def test_a_four_seat_tournament_played_to_the_end():
    s = Session(FakeTime())
    t = s.call("tournament_new", {"variant": "scopa", "options": {"target": 7}, "entrants": ENTRANTS,
                                  "seed": 21})
    assert "error" not in t and len(t["rounds"]) == 2 and t["finished"] is False
    stats = None
    for _ in range(10):
        t = s.call("tournament_simulate", {"until_person": True})
        if t["finished"]:
            break
        assert t["next"]["person"] is True
        v = s.call("tournament_play")
        assert v["tournament"]["round"] == t["next"]["round"] and "Anna" in v["players"]
        play_to_end(s)
        stats = s.call("stats_add", {"stats": stats})
        t = s.call("tournament_view")
        decided = t["rounds"][v["tournament"]["round"]][v["tournament"]["table"]]
        assert decided["winner"] is not None and decided["totals"] == s.view()["totals"]
    assert t["finished"] and t["champion"] is not None
    places = sorted((r["place"], r["place_to"]) for r in t["standings"])
    assert places == [(1, 1), (2, 2), (3, 4), (3, 4)]
    stats = s.call("stats_add", {"stats": stats})
    assert stats["tournaments"]["played"] == 1
    assert stats["tournaments"]["won"] == (1 if t["champion"]["name"] == "Anna" else 0)
    assert stats["totals"]["matches"] >= 1


def test_tournament_survives_a_reload_with_its_match():
    now = FakeTime()
    s = Session(now)
    s.call("tournament_new", {"variant": "scopa", "entrants": ENTRANTS, "seed": 8})
    s.call("tournament_simulate", {"until_person": True})
    v = s.call("tournament_play")
    link = v["tournament"]
    saved_t, saved_m = json.loads(json.dumps(s.call("tournament_save"))), json.loads(json.dumps(s.save()))
    again = Session(now)
    assert "error" not in again.call("tournament_load", saved_t)
    v = again.restore(saved_m)
    assert v["tournament"]["table"] == link["table"]
    other_order = Session(now)  # the page restores the match first, then loads the tournament
    assert other_order.restore(saved_m)["tournament"] is None
    other_order.call("tournament_load", saved_t)
    assert other_order.view()["tournament"]["table"] == link["table"]
    end = play_to_end(again)
    table = again.call("tournament_view")["rounds"][link["round"]][link["table"]]
    assert table["totals"] == end["totals"]


def test_tournament_requests_are_checked():
    s = Session(FakeTime())
    assert "no tournament" in s.call("tournament_view")["error"]
    assert "2 to 64" in s.call("tournament_new", {"entrants": ENTRANTS[:1]})["error"]
    assert "two sides" in s.call("tournament_new", {"variant": "scopa-a-tre", "entrants": ENTRANTS})["error"]
    s.call("tournament_new", {"variant": "scopa", "entrants": ENTRANTS, "seed": 8})
    before = s.call("tournament_save")
    assert "error" in s.call("tournament_play", {"round": 5, "table": 0})
    assert "error" in s.call("tournament_load", {"format": "nope"})
    assert s.call("tournament_save") == before
    config = json.loads(json.dumps(s.call("tournament_match")))  # what the page passes on to new_game
    assert config["tournament"]["ident"] == s.call("tournament_view")["ident"]
    for key, bad in (("seed", config["seed"] + 1), ("variant", "escoba"), ("clock", "standard")):
        assert "keeps the tournament's" in s.new_game({**config, key: bad})["error"]
    assert "not the one loaded" in s.new_game({**config, "tournament": {**config["tournament"], "ident": "x"}})["error"]
    v = s.new_game(config)
    assert v["tournament"]["table"] == config["tournament"]["table"]
    r = s.call("tournament_simulate")
    done = r["simulated"][0]
    record = s.call("tournament_record", done)
    assert record["format"] == "scopa-record/1" and len(record["hands"]) >= 1


def test_stats_ops():
    s = Session(FakeTime())
    s.new_game({"variant": "scopa", "seed": 6, "seats": HUMAN_VS_CPU})
    empty = s.call("stats_add", {"stats": None})
    assert empty["added"] is False and empty["totals"]["matches"] == 0  # the match is not over yet
    end = play_to_end(s)
    stats = s.call("stats_add", {"stats": empty})
    assert stats["added"] is True and stats["totals"]["matches"] == 1
    assert stats["totals"]["won"] == (1 if end["winner"] == 0 else 0)
    again = s.call("stats_add", {"stats": stats})
    assert again["added"] is False and again["totals"]["matches"] == 1
    refused = s.call("stats_merge", {"stats": stats, "other": stats})  # would count it twice
    assert "already counted" in refused["error"]
    merged = s.call("stats_merge", {"stats": s.call("stats_reset"), "other": stats})
    assert merged["totals"]["matches"] == 1 and merged["seen"] == stats["seen"]
    assert s.call("stats_reset")["totals"]["matches"] == 0
    assert "not Settebello statistics" in s.call("stats_view", {"stats": {"x": 1}})["error"]


def test_a_forfeit_in_a_tournament_match_puts_the_opponent_through():
    now = FakeTime()
    s = Session(now)
    s.call("tournament_new", {"variant": "scopa", "entrants": ENTRANTS[:2], "seed": 4, "clock": SHORT})
    v = s.call("tournament_play")
    assert v["clock"]["config"]["move_ms"] == 1000
    human_turn(s)
    now.wait(3000)
    assert s.call("tick")["forfeit"]["name"] == "Anna"
    t = s.call("tournament_view")
    final = t["rounds"][0][0]
    assert t["finished"] and t["champion"]["name"] == "Beginner" and final["forfeit"] is not None
    assert [r["name"] for r in t["standings"]] == ["Beginner", "Anna"]


def test_a_game_that_never_takes_a_play_back_says_why():
    """Undo looks off where a game never takes a play back, and the page says why (view.py
    UNDO_OFF, in every language): several people at the table, today's deal, a clock; a person
    alone against the computers is offered it once they have played."""
    def first_view(config):
        s = Session(FakeTime())
        assert "error" not in s.new_game(config)
        return s.view()

    alone = first_view({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU})
    people = first_view({"variant": "scopa", "seed": 3, "seats": [{"human": True, "name": "Mamma"},
                                                                  {"human": True, "name": "Papà"}]})
    clocked = first_view({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU, "clock": SHORT})
    today = first_view(daily.daily_config("2026-11-29"))
    assert [v["undo_off"] for v in (alone, people, clocked, today)] == [None, "people", "clock", "daily"]
    assert not any(v["can_undo"] for v in (people, clocked, today))
    root = Path(__file__).resolve().parents[2] / "static" / "i18n"
    for code in ("en", "it", "es"):
        words = json.loads((root / f"{code}.json").read_text(encoding="utf-8"))
        assert all(words.get(f"undo.off.{reason}") for reason in UNDO_OFF), code
