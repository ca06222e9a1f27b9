"""The match's story (py/settebello/story.py): every hand's sheet, the running score, who won what,
the moments (scope, the Settebello, napola runs, declarations) and the rematch's settings."""

import json

import pytest

from scopa.cards import FACE, SETTEBELLO, parse_card
from scopa.rules import rules_for
from scopa.scoring import napola_runs, score_hand
from settebello.session import Session
from test_session import play_to_end


ENTRANTS = [{"kind": "human", "name": "Anna"}] + [{"kind": "computer", "level": lvl} for lvl in ("beginner", "easy", "random")]


def cards(text):
    return [parse_card(c) for c in text.split()]


def seats(n):
    return [{"human": True, "name": "Anna"}] + [{"human": False, "level": "random", "name": f"C{i}"} for i in range(2, n + 1)]


def finished(variant, players=2, options=None, seed=5, **config):
    s = Session()
    v = s.new_game({"variant": variant, "seed": seed, "seats": seats(players), "options": options or {}, **config})
    assert "error" not in v, v
    assert v["story"] is None  # no story before the match is over
    return s, play_to_end(s)


@pytest.mark.parametrize("variant, players, options", [
    ("scopa", 2, {"target": 11}),
    ("scopa", 3, {"players": 3, "teams": "none", "target": 11}),
    ("scopone", 4, {}),
    ("non-prendere", 4, {}),  # misère (O12), four each alone
    ("scopa", 5, {"players": 5, "teams": "none", "hand_size": 7, "table_cards": 5, "target": 11}),
    ("escoba", 6, {"players": 6, "teams": "pairs", "target": 21}),
])
def test_the_story_has_every_hand_and_adds_up(variant, players, options):
    _, end = finished(variant, players, options)
    st = end["story"]
    json.dumps(st)
    sides = len(end["sides"])
    # every hand's sheet, as the hand's own sheet showed it, with the score after it
    assert [h["hand"] for h in st["hands"]] == list(range(1, len(end["results"]) + 1))
    assert [h["result"] for h in st["hands"]] == end["results"]
    running = [0] * sides
    for h in st["hands"]:
        running = [a + b for a, b in zip(running, h["result"]["totals"])]
        assert h["running"] == running
    assert st["totals"] == end["totals"] == running and st["winner"] == end["winner"]
    # who won what: each category's points over the match add up to the final score
    assert [sum(st["by_category"][k].values()) for k in range(sides)] == end["totals"]
    assert sum(st["hands_won"]) <= len(st["hands"])
    assert st["misere"] == (variant == "non-prendere")
    # each scopa told, by whom and in which hand, as the sheets count them
    for h in st["hands"]:
        told = [m for m in h["moments"] if m["kind"] == "scopa"]
        for side in range(sides):
            assert sum(1 for m in told if m["side"] == side) == h["result"]["detail"][side]["scope"]
        assert all(m["seat"] % sides == m["side"] and m["hand"] == h["hand"] for m in told)
        # the Settebello: the side the sheet gives it to
        sette = [m for m in h["moments"] if m["kind"] == "settebello"]
        holders = [k for k in range(sides) if h["result"]["detail"][k]["settebello"]
                   and "settebello" in h["result"]["categories"]]
        assert [m["side"] for m in sette] == holders
        assert all(m["seat"] is None or m["seat"] % sides == m["side"] for m in sette)
    assert st["moments"] == [m for h in st["hands"] for m in h["moments"]]


def test_the_settebello_is_given_to_the_player_who_took_it():
    s, end = finished("scopa", 2, {"target": 11}, seed=3)
    match = s.game.match
    hands = [h for h in match.log if not h.redeal]
    for h, told in zip(hands, end["story"]["hands"]):
        taker = None
        for e in h.events:
            if any(FACE[c] == SETTEBELLO for c in (e.play.presa + ((e.play.card,) if e.play.presa else ()))):
                taker = e.seat
            if e.sweep and e.sweep[0] is not None and any(FACE[c] == SETTEBELLO for c in e.sweep[1]):
                taker = e.sweep[0]
        [m] = [m for m in told["moments"] if m["kind"] == "settebello"]
        assert m["seat"] == taker and m["card"] == "7D"


def test_no_settebello_moment_where_it_scores_nothing():
    # issue 45, point 5: Rubamazzo's sheet gives the Seven of Coins nothing, so its story tells no
    # "Best moment: Settebello", though someone takes it every hand
    _, end = finished("rubamazzo", 2, seed=3)
    hands = end["story"]["hands"]
    assert hands and all("settebello" not in h["result"]["categories"] for h in hands)
    assert any(d["settebello"] for h in hands for d in h["result"]["detail"])  # it was taken
    assert [m for m in end["story"]["moments"] if m["kind"] == "settebello"] == []
    # classic Scopa's story still tells it, every hand
    _, classic = finished("scopa", 2, {"target": 11}, seed=3)
    assert all(any(m["kind"] == "settebello" for m in h["moments"]) for h in classic["story"]["hands"])


def test_the_rematch_is_the_same_table_with_a_new_deal():
    s = Session()
    v = s.new_game({"variant": "scopone", "seed": 8, "seats": seats(4), "options": {"target": 11}, "clock": "standard"})
    assert "error" not in v, v
    end = play_to_end(s)
    again = end["story"]["rematch"]
    assert again["variant"] == "scopone" and again["options"] == {"target": 11} and again["seats"] == seats(4)
    assert again["clock"] == s.time.config_json() and again["clock"] is not None
    assert "seed" not in again  # a new deal
    other = Session()
    fresh = other.new_game(again)
    assert "error" not in fresh and fresh["players"] == end["players"] and fresh["rules"] == end["rules"]
    assert other.time.config_json() == again["clock"]


def test_a_tournament_match_offers_no_rematch():
    s = Session()
    t = s.call("tournament_new", {"variant": "scopa", "options": {"target": 7}, "entrants": ENTRANTS, "seed": 21})
    assert "error" not in t, t
    v = s.call("tournament_play")
    assert "error" not in v, v
    end = play_to_end(s)
    assert end["story"]["hands"] and end["story"]["rematch"] is None
    # after a reload (the review of 2026-11-30): the page restores the match before it loads the
    # tournament, and the summary it draws then offered a rematch in the middle of a knock-out
    saved, bracket = s.call("save"), s.call("tournament_save")
    again = Session()
    restored = again.call("restore", saved)
    assert "error" not in restored and restored["story"]["rematch"] is None
    assert "error" not in again.call("tournament_load", bracket)
    assert again.call("view")["story"]["rematch"] is None


def test_napola_runs_are_in_the_scoring_detail():
    rules = rules_for("scopa", {"napola": True})
    r = score_hand(rules, [cards("1D 2D 3D 4D 6D 5C"), cards("5D 7D")], [0, 0])
    assert r.points[0]["napola"] == 4 and r.detail[0]["napola"] == [["1D", "2D", "3D", "4D"]]
    assert "napola" not in r.detail[1] and r.points[1]["napola"] == 0
    # SB45: among the 80 cards a second run needs the second copies too, each run counted alone
    both = cards("1D 2D 3D 4D 1D' 2D' 3D'")
    assert [len(run) for run in napola_runs(both)] == [4, 3]
    assert score_hand(rules_for("maresciallo-80"), [both, []], [0, 0]).detail[0]["napola"] == [
        ["1D", "2D", "3D", "4D"], ["1D'", "2D'", "3D'"]]


def test_a_napola_is_a_moment_of_the_story():
    # Maresciallo plays with the napola (O8): find a match where someone made one
    for seed in range(1, 40):
        _, end = finished("maresciallo", 2, {"target": 11}, seed=seed)
        runs = [m for m in end["story"]["moments"] if m["kind"] == "napola"]
        if runs:
            m = runs[0]
            hand = end["story"]["hands"][m["hand"] - 1]["result"]
            assert [m["cards"]] == hand["detail"][m["side"]]["napola"][:1] or m["cards"] in hand["detail"][m["side"]]["napola"]
            assert hand["points"][m["side"]]["napola"] >= len(m["cards"]) >= 3
            assert m["cards"][:3] == ["1D", "2D", "3D"]
            return
    raise AssertionError("no napola in 40 matches")


def test_declarations_are_moments_where_the_variant_has_them():
    for seed in range(1, 30):
        _, end = finished("bazzica", 2, {"target": 11}, seed=seed)
        said = [m for m in end["story"]["moments"] if m["kind"] == "accusa"]
        if said:
            m = said[0]
            detail = end["story"]["hands"][m["hand"] - 1]["result"]["detail"][m["side"]]
            assert any(a["kind"] == m["accusa"] and a["points"] == m["points"] for a in detail.get("accuse", []))
            return
    raise AssertionError("nothing declared in 30 matches of Bazzica")
