"""The record the person may save or replay while playing shows no hidden card: the hand being
played (its deck is every card, the others' hands and the mazzo's order) joins it when it ends."""

import json

import pytest

from scopa import from_record
from settebello.clock import replay as replay_clock
from settebello.session import Session

HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "beginner"}]
CLOCK = {"move_ms": 60_000, "first_move_ms": 60_000, "bank_ms": 30_000, "increment_ms": 0}


def play_some(s, plays):
    """Make `plays` plays (the person's first legal play, the computer's own), dealing as needed."""
    for _ in range(plays):
        v = s.view()
        if v["phase"] == "deal":
            assert "error" not in s.next_hand()
        elif v["waiting"] == "human":
            assert "error" not in s.play(v["legal"][0]["notation"])
        else:
            assert "error" not in s.computer_step()


def to_hand_end(s):
    """Play on until the hand in play ends (the sheet is up, the next deal not made)."""
    for _ in range(200):
        if s.view()["phase"] != "play":
            return
        play_some(s, 1)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("seed", [3, 5])  # seed 5 deals three kings first: a void deal (R3) is no hand played
def test_in_the_first_hand_there_is_no_record_yet_and_asking_changes_nothing(seed):
    s = Session()
    s.new_game({"variant": "scopa", "seed": seed, "seats": HUMAN_VS_CPU})
    play_some(s, 3)
    before = s.save()
    r = s.record()
    assert r["reason"] == "record.unfinished" and "no hand of this match has ended" in r["error"]
    assert "hands" not in r and "deck" not in json.dumps(r)
    assert s.save() == before


def test_the_hand_being_played_joins_the_record_when_it_ends():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU})
    to_hand_end(s)
    first = s.record()["hands"]
    assert len(first) == 1 and first == s.save()["record"]["hands"]
    s.next_hand()
    play_some(s, 5)  # the second hand under way: its deck is not given, the first hand's is
    mid = s.record()
    assert mid["hands"] == first
    assert len(s.save()["record"]["hands"]) == 2  # the save still keeps the whole match
    assert from_record(mid).phase == "deal"  # a record the engine reads: the first hand played out
    to_hand_end(s)
    assert s.record()["hands"] == s.save()["record"]["hands"] and len(s.record()["hands"]) == 2


def test_a_clocked_record_keeps_the_times_of_the_plays_it_holds():
    s = Session(lambda: 1_000_000.0)  # no time passes: every timed play is charged 0 ms
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU, "clock": CLOCK})
    to_hand_end(s)
    s.next_hand()
    play_some(s, 6)
    record = json.loads(json.dumps(s.record()))
    assert len(record["hands"]) == 1 and record["clock"]["ms"] == [0] * 18  # the person's 18 plays of hand 1
    assert len(s.save()["record"]["clock"]["ms"]) > 18
    assert replay_clock(record).bank_left(0) == CLOCK["bank_ms"]
