"""The puzzle trainer (py/settebello/training.py, issue 47): a puzzle near the person's rating, the
verdict with the reason and the points at stake, the rating moved by results, a missed puzzle met
again later (spaced repetition), and the person's own costly plays (the look-back) as puzzles."""

import random

import pytest

from scopa_ai.levels import BeginnerPlayer
from settebello import training
from settebello.session import Session


def test_a_new_puzzle_near_the_rating_right_raises_it_and_retires_the_puzzle():
    first = training.next_puzzle(None)
    p = first["puzzle"]
    assert first["state"]["rating"] == training.START and p["own"] is False
    ratings = [training.puzzle_rating(x) for x in training.shipped().values()]
    assert abs(p["rating"] - training.START) == min(abs(r - training.START) for r in ratings)
    answer = training.shipped()[p["id"]].answer
    assert answer in [x["notation"] for x in p["legal"]]
    r = training.answer(first["state"], p["id"], answer)
    assert r["right"] and r["change"] > 0 and r["rating"] == training.START + r["change"]
    assert r["reason"]["key"].startswith("coach.") and r["points"] >= 0.7
    assert r["again"] is False
    assert training.next_puzzle(r["state"])["puzzle"]["id"] != p["id"]


def test_a_missed_puzzle_comes_back_after_a_few_others_until_solved():
    state = None
    got = training.next_puzzle(state)
    missed = got["puzzle"]["id"]
    wrong = next(x["notation"] for x in got["puzzle"]["legal"] if x["notation"] != training.shipped()[missed].answer)
    r = training.answer(got["state"], missed, wrong)
    assert not r["right"] and r["change"] < 0 and r["again"] and r["answer"]["notation"] == training.shipped()[missed].answer
    state = r["state"]
    seen = []
    for _ in range(training.AGAIN + 1):
        nxt = training.next_puzzle(state)["puzzle"]
        seen.append(nxt["id"])
        if nxt["id"] == missed:
            break
        state = training.answer(state, nxt["id"], training.shipped()[nxt["id"]].answer)["state"]
    assert seen[-1] == missed and len(seen) == training.AGAIN + 1  # after AGAIN others, not before
    r = training.answer(state, missed, training.shipped()[missed].answer)
    assert r["right"] and r["again"]  # solved after a miss: met again, later still
    assert r["state"]["cards"][missed]["due"] - r["state"]["done"] == training.AGAIN * 2 - 0


def test_a_wrong_answer_hears_the_reason_said_of_the_play_it_made():
    """A wrong answer hears what its own play gives away, where it gives something away: the sweep
    it leaves (where the puzzle's point spoke of the judge's runner-up, or of the answer alone), the
    seven it lays; else the puzzle's own point."""
    def answered(id, play):
        return training.answer(None, id, play)["reason"]

    runner_up = training.shipped()["scopa-28-32"].principle
    assert runner_up["key"] == "coach.safe" and runner_up["params"]["other"] == "3S"
    assert answered("scopa-28-32", "3S") == runner_up
    mine = answered("scopa-28-32", "3D")
    assert mine["key"] == "coach.safe" and mine["params"] == {**runner_up["params"], "other": "3D"}
    assert answered("scopa-28-32", training.shipped()["scopa-28-32"].answer) == runner_up  # right: the point itself
    assert answered("scopone-1-6", "7S") == {"key": "coach.guard.seven", "params": {"card": "7S", "name": "Player 4"}}
    # a point about the answer alone (every card that could sweep it is counted) against a play
    # that leaves a sweep: that play's sweep is said
    assert training.shipped()["scopa-19-31"].principle["key"] == "coach.counted"
    mine = answered("scopa-19-31", "4D")
    assert mine["key"] == "coach.safe" and mine["params"]["other"] == "4D" and mine["params"]["card"] == "2S"
    # 5S leaves no sweep and lays nothing precious: the puzzle's own point stands
    assert answered("scopa-2-32", "5S") == training.shipped()["scopa-2-32"].principle


def test_bad_requests_are_refused_and_change_nothing():
    s = Session()
    assert s.call("puzzle_next", {"state": {"rating": "high"}})["reason"] == "puzzle.state"
    got = s.call("puzzle_next", {"state": None})
    assert s.call("puzzle_answer", {"state": got["state"], "id": got["puzzle"]["id"], "play": "ZZ"})["reason"] == "puzzle.play"
    assert s.call("puzzle_answer", {"state": got["state"], "id": "nope", "play": "1D"})["reason"] == "puzzle.unknown"


def test_the_persons_own_costly_plays_become_puzzles_seen_as_they_saw_them():
    s = Session()
    s.pondering = False
    s.new_game({"variant": "scopa", "seed": 11, "seats": [{"human": True, "name": "Ann"},
                                                          {"human": False, "level": "expert"}]})
    me = BeginnerPlayer(random.Random(2), blunder=1.0)  # any legal card: costly plays, surely
    while s.game.match.phase == "play":
        m = s.game.match
        if m.turn == 0:
            s.play(str(me.choose(m.observe(0))))
        else:
            s.computer_step()
    looks = s.call("review", {"hand": 1})["looks"]
    assert looks, "a hand of random plays had no costly play"
    got = s.call("puzzle_own", {"state": None, "hand": 1})
    assert got["added"] >= 1
    own = [training.Puzzle.from_json(d) for d in got["state"]["own"]]
    by_play = {(look["hand"], look["play"]): look for look in looks}
    for p in own:
        look = next(lk for lk in looks if lk["better"]["notation"] == p.answer and len(p.plays) == lk["play"] - 1)
        assert sorted(training.position(p, True)["hand"]) == sorted(look["cards"])
        assert sorted(training.position(p, True)["table"]) == sorted(look["table"])
    assert by_play
    # asked again: nothing added twice; the next puzzle is the person's own
    again = s.call("puzzle_own", {"state": got["state"], "hand": 1})
    assert again["added"] == 0 and again["state"]["own"] == got["state"]["own"]
    nxt = s.call("puzzle_next", {"state": got["state"]})["puzzle"]
    assert nxt["own"] is True
    r = s.call("puzzle_answer", {"state": got["state"], "id": nxt["id"], "play": own[0].answer if nxt["id"] == own[0].id
                                 else next(p.answer for p in own if p.id == nxt["id"])})
    assert r["right"] is True


@pytest.mark.parametrize("box", [0, 1, 2])
def test_the_wait_doubles_with_each_box(box):
    p = next(iter(training.shipped().values()))
    state = {"rating": 1200, "done": 10, "cards": {p.id: {"box": box, "due": 10}}, "own": []}
    r = training.answer(state, p.id, p.answer)
    assert r["state"]["cards"][p.id] == {"box": box + 1, "due": 11 + training.AGAIN * 2 ** (box + 1)}


def test_a_puzzle_says_who_is_who_at_its_table():
    """The review of 2026-12-01: a Scopone puzzle's verdict named "Player 2", and nothing said who
    that was. The position names the person's seat, the others in the order they play after it
    (partner or opponent, cards in hand), each side's pile and scope, and the cards already taken."""
    p = next(x for x in training.shipped().values() if x.variant == "scopone" and x.plays)
    view = p.view()
    got = training.position(p, False)
    n = len(view.names)
    assert got["you"] == view.names[view.seat]
    after = [(view.seat + k) % n for k in range(1, n)]
    assert [o["name"] for o in got["others"]] == [view.names[s] for s in after]
    assert [o["partner"] for o in got["others"]] == [False, True, False]  # Scopone: the seat across
    assert [o["cards"] for o in got["others"]] == [view.hand_counts[s] for s in after]
    mine = next(pile for pile in got["piles"] if pile["mine"])
    assert mine["names"] == [view.names[(view.seat + 2) % n]] and len(got["piles"]) == 2
    assert sum(pile["cards"] for pile in got["piles"]) == len(got["gone"])
    assert len(got["gone"]) + len(got["table"]) + sum(view.hand_counts) + got["deck_left"] == 40
