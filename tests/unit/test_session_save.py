"""Nothing lost: a saved match restores to the same position, and a bad save changes nothing."""

import json

import pytest

from settebello.session import Session

HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]


def advance(s: Session, plays: int) -> None:
    """Play `plays` plays (first legal for the human, the computer's own choice), dealing as needed."""
    for _ in range(plays):
        v = s.view()
        if v["phase"] == "deal":
            s.next_hand()
        elif v["waiting"] == "human":
            assert "error" not in s.play(v["legal"][0]["notation"])
        else:
            assert "error" not in s.computer_step()


def through_json(value):
    """What localStorage does to a save."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("plays", [0, 7, 45])
def test_restore_gives_the_same_position(plays):
    s = Session()
    s.new_game({"variant": "scopa", "seed": 11, "seats": HUMAN_VS_CPU})
    advance(s, plays)
    saved = through_json(s.save())
    r = Session()
    assert r.restore(saved) == s.view()
    # same hands, table, turn, scores, and the next deals are the same cards
    for sess in (s, r):
        advance(sess, 40)
    assert r.view() == s.view()
    assert r.save()["record"]["hands"] == s.save()["record"]["hands"]


def test_restore_in_the_middle_of_a_four_player_hand_keeps_seats_and_levels():
    seats = [{"human": True, "name": "Anna"}, {"human": False, "level": "expert"},
             {"human": False, "level": "easy"}, {"human": False, "level": "beginner"}]
    s = Session()
    s.new_game({"variant": "scopone", "seed": 5, "seats": seats})
    advance(s, 13)
    r = Session()
    v = r.restore(through_json(s.save()))
    assert v["seats"] == s.view()["seats"] and v["hand"] == s.view()["hand"]
    assert v["table"] == s.view()["table"] and v["turn"] == s.view()["turn"]


def corrupt_saves(good):
    bad_play = through_json(good)
    bad_play["record"]["hands"][0]["plays"][0] = "1D:7S"
    wrong_deck = through_json(good)
    wrong_deck["record"]["hands"][0]["deck"][0] = wrong_deck["record"]["hands"][0]["deck"][1]
    other_players = through_json(good)
    other_players["record"]["players"] = ["X", "Y"]
    bad_rng = through_json(good)
    bad_rng["rng"] = [3, [1, 2], None]
    human_less = through_json(good)
    human_less["config"]["seats"] = [{"human": False, "level": "easy"}] * 2
    bad_hints = through_json(good)
    bad_hints["hints"] = [[1, 1, 0, "7D", "grandmaster"]]
    return {"bad hints": bad_hints, "not an object": "hello", "foreign": {"format": "chess/1"},
            "no record": {**good, "record": None}, "illegal play": bad_play,
            "duplicate card": wrong_deck, "other players": other_players,
            "damaged shuffle": bad_rng, "no person": human_less}


@pytest.mark.parametrize("name", ["bad hints", "not an object", "foreign", "no record", "illegal play",
                                  "duplicate card", "other players", "damaged shuffle", "no person"])
def test_a_corrupt_save_is_refused_and_changes_nothing(name):
    s = Session()
    s.new_game({"variant": "scopa", "seed": 2, "seats": HUMAN_VS_CPU})
    advance(s, 5)
    good = through_json(s.save())
    target = Session()
    target.new_game({"variant": "escoba", "seed": 9, "seats": HUMAN_VS_CPU})
    before = target.view()
    result = target.restore(corrupt_saves(good)[name])
    assert set(result) <= {"error", "reason", "params"} and result["error"]
    assert target.view() == before


def test_save_needs_a_game():
    assert "error" in Session().save()


@pytest.mark.parametrize("level", ["random", "beginner", "expert"])
def test_restored_computer_players_choose_as_if_never_reloaded(level):
    """Not only the position: each computer's own random state comes back, so the match goes on
    with the very same choices (a reload cannot be used to make the computer play otherwise)."""
    seats = [{"human": True, "name": "Anna"}, {"human": False, "level": level}]
    s = Session()
    s.new_game({"variant": "scopa", "seed": 21, "seats": seats})
    advance(s, 9)
    r = Session()
    assert r.restore(through_json(s.save())) == s.view()
    for sess in (s, r):
        advance(sess, 60)
    assert r.view() == s.view()


def test_damaged_computer_player_state_is_reported_and_changes_nothing():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 21, "seats": HUMAN_VS_CPU})
    advance(s, 5)
    saved = through_json(s.save())
    r = Session()
    r.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU})
    before = r.view()
    for bad in ([None, [3, [1, 2], None]], [None], "x", [[3, [], None], None]):
        answer = r.restore({**saved, "players_rng": bad})
        assert "computer players' state" in answer["error"], (bad, answer)
        assert r.view() == before


def test_restored_master_remembers_the_match(monkeypatch):
    """The master learns from the match what kind of player each other seat is (styles.py): a
    reload replays the record to it, so that it goes on choosing as if never reloaded."""
    from scopa_ai import base
    from scopa_ai.master import MasterPlayer, MasterSettings

    # a small budget, to keep the test fast
    monkeypatch.setitem(base.LEVELS, "master", lambda rng: MasterPlayer(rng, MasterSettings(iterations=12)))
    seats = [{"human": True, "name": "Anna"}, {"human": False, "level": "master"}]
    s = Session()
    s.new_game({"variant": "scopa", "seed": 5, "options": {"target": 31}, "seats": seats})
    advance(s, 80)  # past the first hand and into the third
    assert len(s.view()["results"]) >= 2
    r = Session()
    assert r.restore(through_json(s.save())) == s.view()
    assert r.game.players[1]._memory == s.game.players[1]._memory != {}
    for sess in (s, r):
        advance(sess, 36)
    assert r.view() == s.view()
