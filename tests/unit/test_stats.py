"""A player's statistics from finished matches: counts per variant, best/worst, merge, reset, JSON."""

import json
import random

import pytest

from scopa import Match, rules_for, to_record
from scopa_ai import make_player
from settebello.stats import Stats, StatsError, match_summary, summary_from_record


def finished(variant="scopa", seed=1, levels=("easy", "beginner"), options=None):
    rules = rules_for(variant, options)
    match = Match.new(rules, random.Random(seed), [f"P{i}" for i in range(rules.players)])
    players = [make_player(levels[i % len(levels)], random.Random(seed + i)) for i in range(rules.players)]
    while match.phase != "over":
        match.deal_until_played()
        while match.phase == "play":
            match.apply(players[match.turn].choose(match.observe(match.turn)))
    return match


def test_summary_counts_what_the_seats_side_took():
    m = finished(seed=4)
    a, b = match_summary(m, 0, "scopa"), match_summary(m, 1, "scopa")
    assert a["won"] != b["won"] and a["won"] == (m.winner == 0)
    assert a["hands"] == b["hands"] == len(m.results)
    assert a["margin"] == -b["margin"] == m.totals[0] - m.totals[1]
    assert a["points"] == m.totals[0]
    assert a["scope"] == sum(r.points[0]["scope"] for r in m.results)
    assert a["settebelli"] + b["settebelli"] == len(m.results)  # someone takes the 7D every hand
    assert a["primiere"] == sum(r.points[0]["primiera"] for r in m.results)
    assert a["hands_won"] == sum(r.totals[0] > r.totals[1] for r in m.results)
    assert a["hands_won"] + b["hands_won"] <= a["hands"]
    assert a["id"] == b["id"] == match_summary(m, 0, "scopa")["id"]  # the same match, the same id


def test_a_settebello_counts_only_where_it_scores():
    # issue 45, point 5: Rubamazzo scores no Settebello, so its statistics count none, though the
    # Seven of Coins is taken in its hands
    m = finished("rubamazzo", seed=3)
    assert any(d["settebello"] for r in m.results for d in r.detail)
    assert [match_summary(m, seat, "rubamazzo")["settebelli"] for seat in (0, 1)] == [0, 0]


def test_team_and_misere_matches():
    m = finished("scopone", seed=2)
    assert match_summary(m, 0, "scopone")["won"] == match_summary(m, 2, "scopone")["won"]  # partners
    mis = finished("non-prendere", seed=3)
    s = match_summary(mis, mis.winner, "non-prendere")
    assert s["won"] and s["margin"] > 0 and s["points"] == min(mis.totals)  # fewest points wins


def test_summary_from_a_record_and_unfinished_matches():
    m = finished(seed=5)
    assert summary_from_record(to_record(m, "scopa"), 1) == match_summary(m, 1, "scopa")
    fresh = Match.new(rules_for("scopa"), random.Random(1))
    fresh.deal_until_played()
    with pytest.raises(StatsError, match="not finished"):
        match_summary(fresh, 0, "scopa")
    with pytest.raises(StatsError, match="no seat 2"):
        match_summary(m, 2, "scopa")


def test_a_forfeit_counts_as_a_loss_on_time():
    fresh = Match.new(rules_for("scopa"), random.Random(1))
    fresh.deal_until_played()
    s = match_summary(fresh, 0, "scopa", winner=1, forfeit=0)
    assert not s["won"] and s["lost_on_time"] and s["hands"] == 0
    stats = Stats()
    stats.add(s)
    assert stats.variants["scopa"]["forfeits"] == 1 and stats.worst["id"] == s["id"]


def test_stats_add_up_each_match_once_per_variant():
    stats = Stats()
    matches = [(finished(seed=s), "scopa") for s in range(1, 5)] + [(finished("escoba", seed=9), "escoba")]
    summaries = [match_summary(m, 0, v) for m, v in matches]
    for s in summaries:
        assert stats.add(s) is True
    assert stats.add(summaries[0]) is False  # counted once
    scopa = stats.variants["scopa"]
    assert scopa["matches"] == 4 and stats.variants["escoba"]["matches"] == 1
    assert scopa["won"] == sum(s["won"] for s in summaries[:4])
    assert scopa["hands"] == sum(s["hands"] for s in summaries[:4])
    assert scopa["scope"] == sum(s["scope"] for s in summaries[:4])
    assert stats.totals()["matches"] == 5
    won = [s for s in summaries if s["won"]]
    lost = [s for s in summaries if not s["won"]]
    assert won and lost
    assert stats.best["margin"] == max(s["margin"] for s in won)
    assert stats.worst["margin"] == min(s["margin"] for s in lost)


def test_tournaments_merge_reset_and_json():
    a = Stats()
    a.add(match_summary(finished(seed=1), 0, "scopa"))
    assert a.add_tournament(True, "t1") and not a.add_tournament(True, "t1")
    a.add_tournament(False, "t2")
    assert a.tournaments == {"played": 2, "won": 1}
    b = Stats.from_json(json.loads(json.dumps(a.to_json())))
    assert b.to_json() == a.to_json()
    other = Stats()
    other.add(match_summary(finished(seed=2), 1, "scopa"))
    b.merge(other)
    assert b.variants["scopa"]["matches"] == 2 and b.tournaments["played"] == 2
    # the same file again would count its matches twice: refused, nothing changes
    before = b.to_json()
    with pytest.raises(StatsError, match="already counted"):
        b.merge(other)
    assert b.to_json() == before
    b.reset()
    assert b.to_json()["totals"]["matches"] == 0 and b.best is None and b.seen == []


def test_damaged_statistics_are_refused():
    good = Stats().to_json()
    with pytest.raises(StatsError, match="not Settebello statistics"):
        Stats.from_json({"format": "x"})
    with pytest.raises(StatsError, match="scopa.matches must be a whole number"):
        Stats.from_json({**good, "variants": {"scopa": {"matches": "many"}}})
    with pytest.raises(StatsError, match="more wins than games"):
        Stats.from_json({**good, "variants": {"scopa": {"matches": 1, "won": 2}}})
    with pytest.raises(StatsError, match="'best' match is damaged"):
        Stats.from_json({**good, "best": {"margin": "big"}})


def test_statistics_per_level_with_win_rate_and_streaks():
    # issue 45: the matches against each level, won, the streak now and the longest winning one
    stats = Stats()
    results = [("easy", True), ("easy", True), ("expert", False), ("easy", False), ("easy", True),
               ("easy", True), ("easy", True), ("expert", False), ("expert", True)]
    for i, (level, won) in enumerate(results):
        m = finished(seed=4)
        summary = dict(match_summary(m, 0, "scopa", level=level), id=f"m{i}", won=won)
        assert stats.add(summary)
    data = stats.to_json()
    assert data["levels"] == {"easy": {"matches": 6, "won": 5, "streak": 3, "best_streak": 3},
                              "expert": {"matches": 3, "won": 1, "streak": 1, "best_streak": 1}}
    assert Stats.from_json(json.loads(json.dumps(data))).to_json() == data
    # a match against no computer counts under no level
    assert stats.add(dict(match_summary(finished(seed=4), 0, "scopa"), id="m-people"))
    assert stats.to_json()["levels"] == data["levels"]
    # merged: the counts add up, the longest streak is the longer, the current one stays this device's
    other = Stats()
    for i, won in enumerate([False, False]):
        other.add(dict(match_summary(finished(seed=4), 0, "scopa", level="easy"), id=f"o{i}", won=won))
    stats.merge(other)
    assert stats.to_json()["levels"]["easy"] == {"matches": 8, "won": 5, "streak": 3, "best_streak": 3}
    # damaged per-level counts are refused, saying what is wrong
    for bad in ({"easy": {"matches": 1, "won": 2, "streak": 0, "best_streak": 0}},
                {"easy": {"matches": 1, "won": 1, "streak": 5, "best_streak": 1}},
                {"easy": {"matches": 1}}, ["easy"]):
        with pytest.raises(StatsError, match="level"):
            Stats.from_json({**data, "levels": bad})


def test_the_session_counts_a_match_under_the_level_played_against():
    from settebello.session import Session
    from test_session import play_to_end
    s = Session()
    v = s.new_game({"variant": "scopa", "seed": 5, "options": {"target": 1},
                    "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]})
    assert "error" not in v, v
    play_to_end(s)
    data = s.call("stats_add", {"stats": None})
    assert list(data["levels"]) == ["easy"] and data["levels"]["easy"]["matches"] == 1
