"""The first lesson (py/settebello/lesson.py, issue 24 part 4): its fixed deal really shows, in
order, a capture, a choice between captures, the single-card rule (R4a), a scopa (R5) and a
sheet whose counts it tells, each side's (R7); both sides' plays are the script's; it is always the
same."""

import json

import pytest

from scopa.cards import VALUE, parse_card
from settebello import lesson
from settebello.game import levels
from settebello.session import Session


def start():
    s = Session()
    v = s.new_game({"lesson": "first", "seats": [{"human": True, "name": "Anna"},
                                                 {"human": False, "level": "beginner", "name": "Gino"}]})
    assert "error" not in v, v
    return s, v


def play_lesson(s, choose=-1):
    """Play the lesson as the coach asks (at the choice, the `choose`th capture); returns
    [(step, view before, answer)] for the person's turns and the final view."""
    seen = []
    for _ in range(100):
        v = s.view()
        if v["phase"] != "play":
            return seen, v
        if v["waiting"] == "computer":
            r = s.computer_step()
        else:
            step = v["lesson"]
            r = s.play(step["plays"][choose if step["step"] == "choice" else 0])
            seen.append((step["step"], v, r))
        assert "error" not in r, r
        json.dumps(r)
    raise AssertionError("the lesson did not end")


def test_the_lesson_deals_the_fixed_deck_and_the_person_plays_first():
    s, v = start()
    assert v["turn"] == 0 and v["waiting"] == "human"
    assert sorted(v["hand"]) == sorted(["8C", "7B", "7D"])
    # the Settebello in the person's hand: the first step (the Fante) never leaves it on the table
    assert sorted(v["table"]) == sorted(["7S", "7C", "8B", "4S"])
    assert v["variant"] == "scopa" and v["rules"]["target"] == 0  # one hand, then the sheet
    assert s.save()["record"]["hands"][0]["deck"] == list(lesson.DECK)
    assert v["players"] == ["Anna", "Gino"]


@pytest.mark.parametrize("choose", [0, 1])
def test_the_steps_come_in_order_and_each_really_happens(choose):
    s, _ = start()
    seen, end = play_lesson(s, choose)
    steps = [name for name, _, _ in seen]
    assert steps[:5] == ["capture", "choice", "single", "scopa", "play_on"]
    assert set(steps[5:]) == {"play"} and len(steps) == 18

    # a capture: the card played takes a table card
    _, v, r = seen[0]
    assert r["event"]["presa"] == ["8B"] and v["lesson"]["cards"] == ["8C"]

    # a choice: the card has two captures, both allowed, and the one chosen is made
    _, v, r = seen[1]
    options = [p for p in v["legal"] if p["card"] == "7B"]
    assert len(options) == 2 and sorted(v["lesson"]["plays"]) == sorted(p["notation"] for p in options)
    assert r["event"]["presa"] == v["lesson"]["options"][choose]

    # the single-card rule: a sum of table cards makes the card's value, yet its only capture is the
    # single card (R4a)
    _, v, r = seen[2]
    card = v["lesson"]["cards"][0]
    total = v["lesson"]["say"]["sum"]
    assert len(total) >= 2 and all(c in v["table"] for c in total)
    assert sum(VALUE[parse_card(c)] for c in total) == VALUE[parse_card(card)]
    captures = [p["presa"] for p in v["legal"] if p["card"] == card]
    assert captures == [v["lesson"]["table"]] and len(captures[0]) == 1
    assert r["event"]["presa"] == v["lesson"]["table"]

    # a scopa: the table is cleared and counted
    _, v, r = seen[3]
    assert r["event"]["scopa"] is True and r["view"]["table"] == [] and len(v["table"]) >= 2

    # the end: what the hand was worth, every count of R7 with each side's points
    assert end["phase"] == "over" and end["winner"] == 0
    result = end["results"][-1]
    assert "primiera" in result["categories"] and result["points"][0]["primiera"] == 1
    step = end["lesson"]
    assert step["step"] == "end"
    summary = {row["category"]: row for row in step["summary"]}
    assert list(summary) == result["categories"]
    assert set(summary) == {"scope", "carte", "denari", "settebello", "primiera"}
    mine_d, theirs_d = result["detail"]
    assert summary["carte"]["counts"] == [mine_d["cards"], theirs_d["cards"]] and sum(summary["carte"]["counts"]) == 40
    assert summary["denari"]["counts"] == [mine_d["denari"], theirs_d["denari"]] and sum(summary["denari"]["counts"]) == 10
    assert summary["settebello"]["counts"] == [1, 0] and summary["settebello"]["points"] == [1, 0]
    assert summary["scope"]["counts"] == [mine_d["scope"], theirs_d["scope"]] and summary["scope"]["counts"][0] >= 1
    assert summary["primiera"]["counts"] == [mine_d["primiera"]["total"], theirs_d["primiera"]["total"]]
    for row in step["summary"]:
        assert row["points"] == [p[row["category"]] for p in result["points"]]
    # the primiera told card by card: each side's best card per suit with its value
    mine, theirs = step["sides"]
    assert mine["point"] == 1 and theirs["point"] == 0 and mine["total"] > theirs["total"]
    assert mine["total"] == sum(c["value"] for c in mine["cards"]) == result["detail"][0]["primiera"]["total"]
    assert len(mine["cards"]) == 4 and len(theirs["cards"]) == 4
    # then the levels to play against, as Python lists them, the easiest offered first to a newcomer
    assert step["levels"] == levels()
    assert step["level"] == levels()[0]["id"] == "beginner"


def test_the_lesson_is_always_the_same():
    records = []
    for _ in range(2):
        s, _ = start()
        play_lesson(s)
        records.append(s.record())
    assert records[0] == records[1]


def test_a_play_off_the_script_is_refused_and_changes_nothing():
    s, v = start()
    r = s.play("7B:7S")  # legal, but the lesson asks for the Fante first
    assert "error" in r and "8C" in r["error"]
    assert s.view() == v


def test_the_computer_plays_the_script_and_the_hint_is_the_scripts_play():
    s, v = start()
    assert s.hint("expert")["notation"] == "8C:8B"
    s.play("8C:8B")
    r = s.computer_step()
    assert r["event"]["card"] == "2C" and r["event"]["presa"] == []
    assert s.view()["lesson"]["step"] == "choice"


def test_a_saved_lesson_goes_on_as_a_lesson():
    s, _ = start()
    s.play("8C:8B")
    s.computer_step()
    saved = s.save()
    again = Session()
    v = again.restore(json.loads(json.dumps(saved)))
    assert v["lesson"]["step"] == "choice"
    seen, end = play_lesson(again)
    assert [name for name, _, _ in seen][:3] == ["choice", "single", "scopa"]
    assert end["lesson"]["step"] == "end"


def test_undo_in_the_lesson_goes_back_to_the_step():
    s, _ = start()
    s.play("8C:8B")
    s.computer_step()
    s.play("7B:7C")
    s.computer_step()
    assert s.view()["lesson"]["step"] == "single"
    v = s.undo()
    assert v["lesson"]["step"] == "choice"


def test_the_lessons_end_is_its_own_sheet_not_a_match_story_with_a_rematch():
    """The lesson's hand ends with the lesson's own end (every count of the hand told, the levels to play),
    not the story of a match whose Rematch would deal the scripted hand again."""
    s, _ = start()
    _, end = play_lesson(s)
    assert end["phase"] == "over" and end["lesson"] is not None
    assert end["story"] is None


def test_the_lesson_is_not_counted_in_the_statistics():
    s, _ = start()
    play_lesson(s)
    assert s.stats_add({"stats": None})["added"] is False


def test_an_unknown_lesson_or_other_seats_are_refused():
    s = Session()
    assert "error" in s.new_game({"lesson": "second"})
    assert "error" in s.new_game({"lesson": "first", "seats": [{"human": False, "level": "easy"},
                                                              {"human": True, "name": "Anna"}]})
    assert s.game is None
