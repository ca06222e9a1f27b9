"""A look back at each hand (issue 28, item 2): scopa_ai/review.py on a fixed deal names the plays
that cost the person most, the better play, the principle and the points; it judges every play
from what the person could see then (the other hand and the mazzo scrambled: the same judgement);
the session's `review` and `review_ahead` (settebello/lookback.py) give it to the page, only for the
games the principles speak for.

The fixed deal: a classic hand (seed 2) Anna played as the beginner level plays, against Bruno as
the expert plays; Anna leads (Bruno deals), so her plays are the hand's odd plays. The figures are
the review's own (a fixed budget, a generator seeded from each position: the same on any machine).
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from scopa.cards import parse_card
from scopa.errors import RecordError
from scopa_ai.endgame import solvable
from scopa_ai.equity import equity
from scopa_ai.review import REVIEW, SHOWN, WORTH, _why, judge, judged, match_rate, positions, review
from settebello.session import Session
from test_principles import position, the, words

DECK = ("2D 2S 10B 3C 8D 5B 9S 1S 4S 7B 9D 8C 8B 2B 6C 8S 6B 7D 1D 1C 3D 7S 4B 5C 3S 9B 10C 7C 4D 6D 9C 10D "
        "1B 4C 5D 5S 3B 6S 10S 2C").split()
PLAYS = ("8D:1S+7B 5B 2D 2S:2D 10B 3C 8B:3C+5B 8S 6C 8C:8S 9D:9S 2B 3D 7D:3D+4S 6B:6C 1C 1D:1C 7S 10C:10B "
         "9B:2B+7S 4B 7C 3S 5C 9C:4B+5C 10D:3S+7C 1B 6D 4D 4C:4D 3B 6S:6D 10S 2C 5D:2C+3B 5S").split()
RECORD = {"format": "scopa-record/1", "variant": "scopa", "players": ["Anna", "Bruno"], "first_dealer": 1,
          "hands": [{"deck": DECK, "plays": PLAYS}]}
ANNA, BRUNO = 0, 1


def brief(looks) -> list[tuple]:
    """(play, made, better, cost, reason key) of each look."""
    return [(k.play, str(k.made), str(k.better), round(k.cost, 2), k.reason.key if k.reason else None) for k in looks]


# Judgements kept across this module's tests (as the session keeps them: the same position is
# judged once); test_judging_ahead_changes_nothing_but_the_time checks that keeping changes nothing.
MEMO: dict = {}


@pytest.fixture(scope="module")
def every_play():
    """Anna's eighteen plays of the fixed deal, each judged."""
    return judged(RECORD, 1, ANNA, memo=MEMO)


def test_the_review_names_the_plays_that_cost_most(every_play):
    looks = review(RECORD, 1, ANNA, memo=MEMO)
    assert brief(looks) == [
        (3, "2D", "10B", 0.64, "coach.guard.denari"),
        (13, "3D", "6B:6C", 0.37, "coach.guard.denari"),
        (25, "9C:4B+5C", "4D:4B", 0.24, "coach.safe"),
    ]
    # the position each was played from, as Anna saw it (her hand, the table), what it crosses as
    said = [k.to_json() for k in looks]
    assert [(k["cards"], k["table"], k["deck_left"], k["cost"]) for k in said] == [
        (["2D", "10B"], ["4S", "5B", "9S"], 30, 0.6),
        (["1D", "3D", "6B"], ["2B", "4S", "6C", "10B"], 18, 0.4),
        (["1B", "4D", "9C"], ["3S", "4B", "5C", "7C"], 6, 0.2)]
    assert said[2]["made"] == {"card": "9C", "presa": ["4B", "5C"], "notation": "9C:4B+5C"}
    assert said[2]["reason"] == {"key": "coach.safe",
                                 "params": {"card": "4D", "left": 15, "other": "9C", "sum": 10, "name": "Bruno"}}
    # every other play cost less than the least of those listed, or was the master's own
    listed = {k.play for k in looks}
    assert len(every_play) == 18 and [k.play for k in every_play] == list(range(1, 37, 2))
    assert all(k.cost <= looks[-1].cost for k in every_play if k.play not in listed)
    assert all(k.cost == 0.0 and k.better == k.made for k in every_play if k.reason is None and k.cost == 0.0)
    assert SHOWN == 3 and WORTH == 0.2


def test_the_looks_say_why_in_three_languages(every_play):
    looks = review(RECORD, 1, ANNA, memo=MEMO)
    said = [{lang: words(k.reason.to_json(), lang) for lang in ("en", "it", "es")} for k in looks]
    assert said[0] == {
        "en": "Keep the Two of Coins in your hand: the most denari win a point, and laid on the table Bruno could "
              "take it.",
        "it": "Tieni il Due di Denari in mano: chi ha più denari prende un punto, e calato in tavola Bruno potrebbe "
              "prenderlo.",
        "es": "Guarda el Dos de Oros en la mano: quien tenga más oros gana un punto, y en la mesa estaría al alcance "
              "de Bruno."}
    assert said[2] == {
        "en": "The Knight of Cups would leave 10 on the table and Bruno could sweep it; the Four of Coins leaves 15, "
              "which Bruno cannot.",
        "it": "Il Cavallo di Coppe lascerebbe 10 in tavola e Bruno potrebbe fare scopa; il Quattro di Denari lascia "
              "15, e Bruno non può.",
        "es": "El Caballo de Copas dejaría 10 en la mesa y Bruno podría hacer escoba; el Cuatro de Oros deja 15 en la mesa, "
              "y Bruno no puede."}


def test_the_same_position_is_judged_the_same_and_a_play_like_the_masters_costs_nothing(every_play):
    look = every_play[1]  # play 3: the Two of Coins laid
    again = judge(look.view, look.made)
    assert again == (look.better, look.cost, look.reason)
    assert judge(look.view, look.better) == (look.better, 0.0, None)
    assert all(k.cost >= 0.0 for k in every_play)
    only = next(k for k in every_play if len(k.view.legal) == 1)  # the hand's last card: nothing to choose
    assert (only.cost, only.reason, only.better) == (0.0, None, only.made)


def test_a_cost_is_said_in_the_units_a_player_sees(every_play):
    # issue 45, point 6: a cost weighed for the match is said as the chance of winning it that the
    # play lost (its points: the hand points worth as much at that score); the last round, counted
    # exactly in the hand's points, says hand points and no chance
    eq = equity(every_play[0].view.rules)
    weighed = [k for k in every_play if not solvable(k.view)]
    exact = [k for k in every_play if solvable(k.view)]
    assert weighed and exact
    for k in weighed:
        rate = eq.point(k.view.totals[ANNA], k.view.totals[BRUNO])
        assert match_rate(k.view) == rate and 0.0 < rate < 1.0
        assert k.chance == pytest.approx(k.cost * rate)
        said = k.to_json()
        assert (said["unit"], said["match_chance"]) == ("match", round(k.cost * rate, 3))
    for k in exact:
        assert match_rate(k.view) is None and k.chance is None
        assert (k.to_json()["unit"], k.to_json()["match_chance"]) == ("hand", None)
    top = review(RECORD, 1, ANNA, memo=MEMO)[0]
    assert (top.to_json()["cost"], top.to_json()["unit"], top.to_json()["match_chance"]) == (0.6, "match", 0.038)


def test_the_same_card_taking_other_cards_is_said_by_the_search():
    """Where no principle tells two captures of the same card apart, the review says the search's
    margin of the better one, in the cards it takes."""
    view = position({0: "10B 5C 9S"}, "2S 8C 4B 6B")
    better, made = the(view, "10B:4B+6B"), the(view, "10B:2S+8C")
    reason = _why(view, better, made, {better: 0.5, made: 0.14})
    assert reason.to_json() == {"key": "coach.searchTake", "params": {"card": "10B", "cards": ["4B", "6B"], "margin": 0.4}}
    assert {lang: words(reason.to_json(), lang) for lang in ("en", "it", "es")} == {
        "en": "The computer's search finds it best to take the Four of Clubs and the Six of Clubs with the King of "
              "Clubs: +0.4 points on average.",
        "it": "Secondo la ricerca del computer è meglio prendere il Quattro di Bastoni e il Sei di Bastoni con il Re "
              "di Bastoni: in media 0,4 punti in più.",
        "es": "Según la búsqueda del ordenador, es mejor levantar el Cuatro de Bastos y el Seis de Bastos con el "
              "Rey de Bastos: 0,4 puntos más de media."}


def test_the_reason_is_about_the_play_made_not_another():
    """The review of 2026-11-30: Marco laid the Four of Cups (the table left at 18: no sweep); the
    review said why the King was better by the Knight's sweep left, a play he had not made. Now a
    reason names no other play than the one made; here the search's margin over it."""
    view = position({0: "9S 10B 6C"}, "8C 1C 4S 3B")  # (the Knight's take would leave 7 to sweep)
    better, made = the(view, "6C"), the(view, "10B")
    reason = _why(view, better, made, {better: 0.5, made: 0.1})
    assert reason.to_json() == {"key": "coach.search", "params": {"card": "6C", "other": "10B", "margin": 0.4}}


def cut_and_scrambled(record: dict, hand: int, play: int, seat: int, seed: int) -> dict:
    """The record cut after play `play` of hand `hand`, every card `seat` had not seen before that
    play (the other hand, the mazzo) shuffled among their places in the deck."""
    view = next(v for n, v, _ in positions(record, hand, seat) if n == play)
    unseen = set(view.unseen())
    out = copy.deepcopy(record)
    h = out["hands"][hand - 1]
    deck = h["deck"]
    places = [i for i, c in enumerate(deck) if parse_card(c) in unseen]
    cards = [deck[i] for i in places]
    rng = random.Random(seed)
    while len(cards) > 1 and cards == [deck[i] for i in places]:
        rng.shuffle(cards)
    for i, c in zip(places, cards):
        deck[i] = c
    h["plays"] = h["plays"][:play]
    out["hands"] = out["hands"][:hand]
    return out


def test_a_play_is_judged_from_what_the_person_could_see(every_play):
    """Each of Anna's plays judged again from a record whose other hand and mazzo, as far as Anna
    had not seen them, are scrambled (the plays before hers stay legal: they are of cards she saw):
    the same position, the same better play, cost and reason."""
    moved = 0
    for k, look in enumerate(every_play):
        other = cut_and_scrambled(RECORD, 1, look.play, ANNA, seed=k)
        moved += other["hands"][0]["deck"] != DECK
        (n, view, made), = [p for p in positions(other, 1, ANNA) if p[0] == look.play]
        assert (n, view, made) == (look.play, look.view, look.made)
        assert judge(view, made) == (look.better, look.cost, look.reason)
    # every position but the last had hidden cards to move (then Bruno holds his last card alone)
    assert moved == len(every_play) - 1


def test_the_review_of_the_same_hand_with_the_hidden_cards_scrambled_is_the_same(every_play):
    """Cut after Anna's play 27, with what she had not seen before it scrambled: her first fourteen
    plays give the review the true record gives them (judged afresh, nothing kept)."""
    other = cut_and_scrambled(RECORD, 1, 27, ANNA, seed=5)
    assert other["hands"][0]["deck"] != DECK
    true = sorted((k for k in every_play if k.play <= 27 and k.cost >= WORTH), key=lambda k: (-k.cost, k.play))
    assert brief(review(other, 1, ANNA)) == brief(true[:SHOWN]) == brief(review(RECORD, 1, ANNA, memo=MEMO))


def test_positions_are_the_seats_own_plays_with_the_view_it_had():
    seen = positions(RECORD, 1, BRUNO)
    assert [n for n, _, _ in seen] == list(range(2, 37, 2))
    for n, view, made in seen:
        assert view.seat == BRUNO and view.turn == BRUNO and made in view.legal
        assert str(made) == PLAYS[n - 1]
        assert len(view.plays) == n - 1
    assert positions(RECORD, 2, ANNA) == []  # no such hand
    broken = copy.deepcopy(RECORD)
    broken["hands"][0]["plays"][2] = "7D"  # Anna does not hold the Settebello
    with pytest.raises(RecordError):
        positions(broken, 1, ANNA)


def test_the_budget_is_the_masters_smaller_and_fixed():
    assert REVIEW.iterations < 250 and REVIEW.max_candidates == 8 and REVIEW.equity


# -- the session -----------------------------------------------------------------------------

def play_out(s: Session) -> None:
    """Play the hand: the person plays the first legal play, the computer its own."""
    while s.view()["phase"] == "play":
        v = s.view()
        if v["waiting"] == "human":
            s.play(v["legal"][0]["notation"])
        else:
            s.computer_step()


def new_session(variant: str = "scopa", seed: int = 2, level: str = "expert") -> Session:
    """Anna against the computer at a two-player game."""
    s = Session()
    seats = [{"human": True, "name": "Anna"}, {"human": False, "level": level, "name": "Bruno"}]
    v = s.new_game({"variant": variant, "seed": seed, "seats": seats})
    assert "error" not in v, v
    return s


def test_the_session_reviews_the_hand_just_finished():
    s = new_session()
    assert s.view()["can_review"] is True
    assert s.call("review", None) == {"error": "no hand is finished yet"}
    play_out(s)
    answer = s.call("review", None)
    assert answer["hand"] == answer["record_hand"] == 1 and answer["seat"] == 0 and answer["name"] == "Anna"
    assert 1 <= len(answer["looks"]) <= SHOWN
    for look in answer["looks"]:
        assert set(look) == {"hand", "play", "seat", "cards", "table", "deck_left", "made", "better", "cost",
                             "unit", "match_chance", "reason", "hint"}
        assert look["hint"] is None  # no hint was asked
        assert look["made"]["card"] in look["cards"] and look["better"]["card"] in look["cards"]
        assert look["cost"] >= WORTH - 0.05 and look["made"] != look["better"]
    # the same as the review made straight from the record
    assert answer["looks"] == [{**k.to_json(), "hint": None} for k in review(s.call("record"), 1, 0)]
    assert s.call("review", {"hand": 1}) == answer
    assert s.call("review", {"hand": 2}) == {"error": "no finished hand 2 to review"}
    assert s.call("review", {"seat": 1}) == {"error": "that seat is not a person at this table"}
    assert s.call("review", "1") == {"error": "a review is asked with {hand, seat}"}
    assert s.call("review_ahead", 1) == {"error": "review_ahead takes no argument"}


def play_with_hints(s: Session, follow: bool, saved_after: int | None = None) -> Session:
    """Play the hand asking the hint at each of the person's turns, and playing it (`follow`) or
    the last legal play; with `saved_after`, go on in a session restored from a save made after
    that many of the person's plays. The session the hand ended in."""
    made = 0
    while s.view()["phase"] == "play":
        v = s.view()
        if v["waiting"] == "human":
            hint = s.call("hint", None)
            s.play(hint["notation"] if follow else v["legal"][-1]["notation"])
            made += 1
            if made == saved_after:
                saved = json.loads(json.dumps(s.save()))
                s = Session()
                assert "error" not in s.restore(saved)
        else:
            s.computer_step()
    return s


def test_a_play_the_hint_suggested_is_said_to_be_the_hints():
    """The review of 2026-11-30: the review named the hint's play as the costliest, unexplained.
    A look at a play the person made on the hint's word says so (its level), also after a save and
    a restore; a hint asked and not followed marks nothing."""
    followed = play_with_hints(new_session(seed=9), follow=True)
    looks = followed.call("review", None)["looks"]
    assert looks and all(look["hint"] == "expert" for look in looks), looks
    reloaded = play_with_hints(new_session(seed=9), follow=True, saved_after=4)
    assert reloaded.call("review", None)["looks"] == looks
    ignored = play_with_hints(new_session(seed=2), follow=False)
    looks = ignored.call("review", None)["looks"]
    assert looks and all(look["hint"] is None for look in looks), looks


def test_a_hint_for_a_play_taken_back_is_forgotten():
    """Undo takes back the person's play and the hints asked after it; the hint for the play to be
    made again stays (the same position)."""
    s = new_session(seed=9)
    while s.view()["waiting"] != "human":
        s.computer_step()
    first = s.call("hint", None)
    s.play(first["notation"])
    while s.view()["waiting"] != "human":
        s.computer_step()
    s.call("hint", None)
    assert len(s.save()["hints"]) == 2
    assert "error" not in s.call("undo")
    number = len(s.view()["plays"]) + 1  # the person's play to be made again, its number in the hand
    assert s.save()["hints"] == [[1, number, 0, first["notation"], "expert"]]


def test_judging_ahead_changes_nothing_but_the_time():
    """The page asks `review_ahead` after each of the person's plays: the review at the sheet is the
    one made without it, and every play is judged once."""
    ahead, cold = new_session(), new_session()
    judged_now = 0
    while ahead.view()["phase"] == "play":
        v = ahead.view()
        if v["waiting"] == "human":
            ahead.play(v["legal"][0]["notation"])
            judged_now += ahead.call("review_ahead")["judged"]
        else:
            ahead.computer_step()
    play_out(cold)
    assert judged_now == 18 and ahead.call("review_ahead") == {"judged": 0}
    assert ahead.call("review", None) == cold.call("review", None)


@pytest.mark.parametrize("variant", ["cascina", "rubamazzo", "fidasse", "modulo-sette"])
def test_no_review_where_the_principles_do_not_speak(variant):
    s = new_session(variant, level="random")
    assert s.view()["can_review"] is False
    play_out(s)
    assert s.call("review", None) == {"error": "this game's hands have no review"}
    assert s.call("review_ahead") == {"judged": 0}


def test_no_review_in_the_lesson():
    s = Session()
    s.new_game({"lesson": "first", "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]})
    assert s.view()["can_review"] is False
