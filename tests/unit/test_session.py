"""The page's game controller: JSON in and out, errors as {"error": ...}, hidden hands hidden."""

import json

from scopa import from_record
from settebello.session import Session

HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "random"}]


def play_to_end(s, limit=5000):
    for _ in range(limit):
        v = s.view()
        if v["phase"] == "over":
            return v
        if v["phase"] == "deal":
            s.next_hand()
        elif v["waiting"] == "human":
            if v["pass_to"] is not None:
                s.show(v["pass_to"])
                continue
            r = s.play(v["legal"][0]["notation"])
            assert "error" not in r, r
        else:
            r = s.computer_step()
            assert "error" not in r, r
        json.dumps(r)
    raise AssertionError("match did not end")


def test_full_match_and_record_replays():
    s = Session()
    v = s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU})
    assert "error" not in v and v["players"] == ["Anna", "Computer 2"]
    end = play_to_end(s)
    replay = from_record(s.record())
    assert list(replay.totals) == end["totals"] and replay.winner == end["winner"]


def test_view_never_shows_other_hands():
    s = Session()
    v = s.new_game({"variant": "scopone", "seed": 1, "seats": [HUMAN_VS_CPU[0]] + [{"human": False}] * 3})
    assert len(v["hand"]) == 9 and "hands" not in v


def test_bad_input_is_an_error_and_changes_nothing():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU})
    before = s.save()
    for bad in ({"variant": "nope"}, {"variant": "scopa", "seats": [HUMAN_VS_CPU[0]]},
                {"variant": "scopa", "seed": "x", "seats": HUMAN_VS_CPU},
                {"variant": "scopa", "seats": [{"human": False}, {"human": False}]}, "junk"):
        assert "error" in s.new_game(bad)
    assert "error" in s.play("ZZ")
    assert s.save() == before
    assert "error" in Session().view()


def test_undo_takes_back_the_human_play():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 5, "seats": HUMAN_VS_CPU})
    while s.view()["waiting"] != "human":
        s.computer_step()
    hand_before = s.view()["hand"]
    s.play(s.view()["legal"][0]["notation"])
    assert s.view()["can_undo"]
    v = s.undo()
    assert "error" not in v and v["hand"] == hand_before and v["waiting"] == "human"


def test_pass_screen_for_two_humans():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 2, "seats": [{"human": True, "name": "Anna"}, {"human": True, "name": "Bea"}]})
    v = s.view()
    # the first hand too: nobody's cards until its person says they hold the device
    first = v["pass_to"]
    assert first is not None and v["hand"] == [] and v["legal"] == [] and v["unseen"] == []
    assert "error" in s.play(str(s.game.match.legal_plays()[0]))  # nobody may play behind the screen
    v = s.show(first)
    assert v["pass_to"] is None and v["hand"] and v["legal"]
    s.play(v["legal"][0]["notation"])
    v = s.view()
    assert v["pass_to"] is not None and v["legal"] == []
    v = s.show(v["pass_to"])
    assert v["legal"] and v["pass_to"] is None
    assert "error" not in play_to_end(s)


def test_every_hand_at_a_shared_device_opens_on_the_pass_screen():
    """Scopone, two persons and two computers at one device: each new hand's first person's cards
    stay hidden until that person says they hold the device, even when they played the last card
    of the hand before (everyone was round the score sheet; whoever pressed Next hand saw them)."""
    s = Session()
    s.new_game({"variant": "scopone", "seed": 3, "seats": [{"human": True, "name": "Anna"}, {"human": True, "name": "Marco"},
                                                           {"human": False, "level": "random"}, {"human": False, "level": "random"}]})
    hands = 0
    for _ in range(5000):
        v = s.view()
        if v["phase"] == "over" or hands == 3:
            break
        if v["phase"] == "deal":
            s.next_hand()
            hands += 1
            v = s.view()
            while v["waiting"] != "human":  # the computers before the first person
                s.computer_step()
                v = s.view()
            assert v["pass_to"] == v["turn"] and v["hand"] == [] and v["legal"] == [], v["pass_to"]
        elif v["waiting"] == "human":
            if v["pass_to"] is not None:
                s.show(v["pass_to"])
                continue
            s.play(v["legal"][0]["notation"])
        else:
            s.computer_step()
    assert hands == 3


def test_dialog_lists_and_hint():
    s = Session()
    assert {v["id"] for v in s.variants()} >= {"scopa", "scopone"}
    assert s.levels()
    s.new_game({"variant": "scopa", "seed": 5, "seats": HUMAN_VS_CPU})
    while s.view()["waiting"] != "human":
        s.computer_step()
    assert "notation" in s.hint()
    assert "seat" in s.last_trick()
