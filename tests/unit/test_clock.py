"""The clock of RULES §5: move time, first move, increment cap, BankTime across moves, forfeit."""

import random

import pytest

from scopa import Match, from_record, rules_for, to_record
from settebello.clock import STANDARD, Clock, ClockConfig, ClockError, play_seats, replay

S = 1000  # ms


def test_standard_is_the_rooms_clock():
    assert (STANDARD.move_ms, STANDARD.first_move_ms, STANDARD.bank_ms) == (45 * S, 225 * S, 900 * S)
    assert (STANDARD.increment_ms, STANDARD.turn_cap_ms, STANDARD.computers) == (2 * S, 120 * S, False)
    assert ClockConfig.parse("standard") == STANDARD
    assert ClockConfig.parse(None) is None and ClockConfig.parse("off") is None


def test_first_move_gets_the_long_move_time_then_45_s_plus_increment():
    c = Clock(STANDARD, [True, True])
    assert c.allowance(0) == 225 * S  # above the 120 s cap: no increment
    c.start(0)
    c.charge(100 * S)
    assert c.move_left(0) == 125 * S and c.bank_left(0) == 900 * S
    assert c.stop() == 100 * S
    assert c.allowance(0) == 47 * S  # 45 s + the 2 s delay increment
    assert c.allowance(1) == 225 * S  # seat 1 has not moved yet


def test_increment_never_lifts_a_turn_above_the_cap():
    cfg = ClockConfig(move_ms=119 * S, first_move_ms=119 * S, increment_ms=5 * S, turn_cap_ms=120 * S)
    assert cfg.allowance(0) == 120 * S and cfg.allowance(3) == 120 * S
    assert ClockConfig(move_ms=30 * S, increment_ms=5 * S).allowance(1) == 35 * S
    assert ClockConfig(move_ms=130 * S, turn_cap_ms=120 * S).allowance(1) == 130 * S


def test_time_runs_only_on_the_players_own_turn():
    c = Clock(ClockConfig(move_ms=10 * S, first_move_ms=10 * S, increment_ms=0, bank_ms=5 * S), [True, True])
    c.start(0)
    c.charge(4 * S)
    assert c.move_left(0) == 6 * S and c.move_left(1) == 10 * S and c.bank_left(1) == 5 * S
    c.stop()
    c.charge(60 * S)  # nobody's turn is running: nothing is charged
    assert c.bank == [5 * S, 5 * S] and c.flagged is None


def test_bank_time_drains_after_move_time_and_is_carried_across_moves():
    c = Clock(ClockConfig(move_ms=10 * S, first_move_ms=10 * S, increment_ms=0, bank_ms=100 * S), [True, True])
    c.start(0)
    c.charge(70 * S)  # 10 s of move time, then 60 % of the BankTime
    assert c.move_left(0) == 0 and c.bank_left(0) == 40 * S
    c.stop()
    c.start(1)
    c.stop()
    c.start(0)
    assert c.move_left(0) == 10 * S and c.bank_left(0) == 40 * S  # 40 % left for the next moves
    c.charge(15 * S)
    c.stop()
    assert c.bank_left(0) == 35 * S and c.bank_left(1) == 100 * S


def test_move_time_and_bank_time_both_spent_is_a_forfeit():
    c = Clock(ClockConfig(move_ms=5 * S, first_move_ms=5 * S, increment_ms=0, bank_ms=3 * S), [True, True])
    c.start(0)
    assert c.charge(7999) is False and c.flagged is None
    assert c.charge(1) is True
    assert c.flagged == 0 and c.bank_left(0) == 0 and c.running is None
    shown = c.to_json()["seats"]
    assert (shown[0]["move_ms"], shown[0]["bank_ms"]) == (0, 0)  # the flag shows an empty clock
    assert (shown[1]["move_ms"], shown[1]["bank_ms"]) == (5 * S, 3 * S)
    with pytest.raises(ClockError, match="ran out of time"):
        c.start(1)


def test_a_time_source_drives_the_running_turn():
    now = [1000.0]
    c = Clock(ClockConfig(move_ms=2 * S, first_move_ms=2 * S, increment_ms=0, bank_ms=1 * S), [True, False])
    c.start(0, now[0])
    now[0] += 1500.7
    assert c.tick(now[0]) is False and c.move_left(0) == 500
    now[0] += 1499.6
    assert c.tick(now[0]) is True and c.flagged == 0


def test_untimed_seats_never_run():
    c = Clock(STANDARD, [True, False])
    c.start(1)
    assert c.running is None and c.charge(10**9) is False and c.stop() == 0


def test_bad_settings_are_clear_errors():
    with pytest.raises(ClockError, match="move time .*move_ms.* from 1000"):
        ClockConfig.parse({"move_ms": 10})
    with pytest.raises(ClockError, match="whole number of milliseconds"):
        ClockConfig.parse({"bank_ms": "lots"})
    with pytest.raises(ClockError, match="unknown clock setting 'move'"):
        ClockConfig.parse({"move": 3})
    with pytest.raises(ClockError, match="unknown clock preset"):
        ClockConfig.parse({"preset": "blitz"})
    with pytest.raises(ClockError, match="'off', 'standard'"):
        ClockConfig.parse(45)
    with pytest.raises(ClockError, match="must be true or false"):
        ClockConfig.parse({"computers": "yes"})
    custom = ClockConfig.parse({"move_ms": 5000, "bank_ms": 0})
    assert custom.move_ms == 5000 and custom.first_move_ms == 225 * S and custom.bank_ms == 0


def test_save_and_load_give_the_same_clock():
    c = Clock(ClockConfig(move_ms=10 * S, first_move_ms=10 * S, bank_ms=50 * S), [True, True])
    c.start(0)
    c.charge(30 * S)
    c.stop()
    c.start(1)
    c.charge(4 * S)
    loaded = Clock.load(c.save())
    assert loaded.to_json() == c.to_json()
    with pytest.raises(ClockError):
        Clock.load({"config": {}, "timed": [True], "bank": ["x"], "moves": [0], "used": [0]})


def test_a_clock_replays_from_a_record():
    match = Match(rules_for("scopa"), ["A", "B"], 1, random.Random(5))
    match.deal_until_played()
    for _ in range(5):
        match.apply(match.legal_plays()[0])
    record = to_record(match)
    assert play_seats(record) == [0, 1, 0, 1, 0]
    config = ClockConfig(move_ms=10 * S, first_move_ms=20 * S, increment_ms=0, bank_ms=30 * S)
    record["clock"] = {"config": config.to_json(), "timed": [True, False], "ms": [25 * S, 12 * S, 4 * S],
                       "forfeit": None}
    clock = replay(record)
    assert clock.moves == [3, 0] and clock.bank_left(0) == 30 * S - 5 * S - 2 * S
    record["clock"]["forfeit"] = {"seat": 1}
    record["clock"]["timed"] = [True, True]
    with pytest.raises(ClockError, match="5 timed plays but 3 times"):
        replay(record)
    record["clock"]["ms"] = [1, 2, 3, 4, 5]
    assert replay(record).flagged == 1
    assert from_record(record).phase == "play"  # the extra field does not disturb the record
