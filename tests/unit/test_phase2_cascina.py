"""Scopa a cascina (RULES §4 Phase 2, [002]): builds on table cards, SB30–SB36 (docs/RULINGS.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples, spread

from deals import cards, dealt, legal
from scopa import DECK, IllegalPlayError, Match, from_record, rules_for, sample_match, to_record
from scopa.mechanics.cascina import Build, Cascina
from scopa.replay import replay_steps
from scopa_ai import LEVELS, make_player
from scopa_ai.ismcts import IsmctsPlayer, IsmctsSettings
from scopa_ai.master import MasterPlayer, MasterSettings

C = cards


def built() -> Match:
    """Seat 0 to play 3B 7S 2C on 4C 7C 8B 10S; seat 1 holds 2D 9S 1C."""
    return dealt("cascina", {0: "3B 7S 2C", 1: "2D 9S 1C"}, "4C 7C 8B 10S")


def test_preset_is_data():
    rules = rules_for("cascina")
    assert rules.cascina and rules.due_denari and rules.primiera == "none" and rules.players == 2
    assert rules_for("cascina", {"players": 4, "teams": "pairs"}).sides == 2  # [002]: two, or four in pairs
    with pytest.raises(Exception):
        rules_for("cascina", {"capture": "fifteen"})


def test_sb30_build_on_a_table_card_for_a_value_held():
    m = built()
    # 3B takes nothing, so it may be laid or built on the 4C for the 7S held; 7S must take the 7C (R4).
    assert legal(m) == {"3B", "3B>4C", "7S:7C", "2C"}
    ev = m.play("3B>4C")
    assert m.cascine == [Cascina(tuple(C("3B 4C")), 7, 0)] and m.table == C("7C 8B 10S")
    assert [tuple(mv) for mv in ev.moves] == [(C("3B")[0], "hand:0", "table", "build")]
    j = ev.to_json()
    assert j["notation"] == "3B>4C" and j["build"] == {"onto": ["4C"], "value": 7} and j["presa"] == []
    assert j["moves"] == [{"card": "3B", "from": "hand:0", "to": "table", "kind": "build"}]


def test_sb30_refused_builds():
    m = built()
    with pytest.raises(IllegalPlayError, match="no other card of value 10"):
        m.play("2C>8B")
    with pytest.raises(IllegalPlayError, match="compulsory"):
        m.play("7S>8B")
    with pytest.raises(IllegalPlayError, match="at most 10"):
        m.play("3B>10S")


def test_sb31_raise_by_another_player_and_its_limits():
    m = built()
    m.play("3B>4C")
    # Seat 1: 2D raises the build to 9 for its 9S (or builds 9 on the 7C); 1C builds 8B+1C=9 too.
    assert legal(m) == {"2D", "2D>3B+4C", "2D>7C", "9S", "1C", "1C>8B"}
    with pytest.raises(IllegalPlayError, match="no other card of value 8"):
        m.play("1C>3B+4C")
    ev = m.play("2D>3B+4C")
    assert m.cascine == [Cascina(tuple(C("2D 3B 4C")), 9, 1)]
    assert ev.to_json()["build"] == {"onto": ["3B", "4C"], "value": 9}
    # Seat 0 no longer owns a build: free again, and cannot raise past 10 (2C + 9).
    assert "2C>2D+3B+4C" not in legal(m) and "2C" in legal(m)
    with pytest.raises(IllegalPlayError, match="at most 10"):
        m.play("2C>2D+3B+4C")


def test_sb31_owner_cannot_raise_and_sb32_must_take_next_turn():
    m = built()
    m.play("3B>4C")
    m.play("9S")
    # SB32: the builder's next play takes the build with its 7, the loose 7C with it (SB33).
    assert legal(m) == {"7S:3B+4C+7C"}
    with pytest.raises(IllegalPlayError, match="must take the cascina"):
        m.play("2C>3B+4C")
    ev = m.play("7S")  # forced, so the card alone says it
    assert m.cascine == [] and m.table == C("8B 9S 10S") and not ev.scopa
    assert sorted(m.prese[0]) == sorted(C("3B 4C 7C 7S"))
    assert [mv.kind for mv in ev.moves] == ["take"] * 4


def test_sb33_another_player_takes_the_build_with_its_equal_card():
    m = dealt("cascina", {0: "3B 7S 2C", 1: "7D 9S 1C"}, "4C 7C 8B 10S")
    m.play("3B>4C")
    # R4(a) still takes the loose 7C alone; the build goes only whole, with the loose 7s.
    assert {p for p in legal(m) if p.startswith("7D")} == {"7D:7C", "7D:3B+4C+7C"}
    with pytest.raises(IllegalPlayError):
        m.play("7D:3B+4C")
    with pytest.raises(IllegalPlayError):
        m.play("7D:3B")
    m.play("7D:3B+4C+7C")
    assert m.cascine == [] and 7 not in [p.value for p in m.cascine]
    assert sorted(m.prese[1]) == sorted(C("3B 4C 7C 7D"))
    # The builder, robbed, plays freely.
    assert "7S" in legal(m)


def test_builds_in_views_samples_and_clones():
    m = built()
    m.play("3B>4C")
    v = m.observe(1)
    assert v.cascine == (Cascina(tuple(C("3B 4C")), 7, 0),)
    j = v.to_json()
    assert j["mechanics"]["cascina"]["cascine"] == [{"cards": ["3B", "4C"], "value": 7, "owner": 0}] and j["table"] == ["7C", "8B", "10S"]
    assert not set(C("3B 4C")) & set(v.unseen())
    assert [p["notation"] for p in j["plays"]] == ["3B>4C"]
    for seed in range(20):  # SB32: a sampled deal gives the owner a card of its build's value
        s = sample_match(v, random.Random(seed))
        assert s.cascine == m.cascine and any(c // 4 + 1 == 7 for c in s.hands[0])
        assert sorted([*sum(s.hands, []), *s.table, *C("3B 4C"), *s.mazzo]) == list(DECK)
    c = m.clone()
    c.play("9S")
    assert m.cascine and m.turn == 1 and c.turn == 0
    assert dealt("scopa").observe(0).to_json()["mechanics"] == {}  # every other game: none


def test_sb36_two_of_denari_scores_and_no_primiera():
    m = dealt("cascina")
    result_rules = m.rules
    from scopa import score_hand
    r = score_hand(result_rules, [C("2D 1C"), C("3C")], [0, 0])
    assert "primiera" not in r.categories and r.points[0]["due_denari"] == 1 and r.points[1]["due_denari"] == 0


def _random_match(rules, seed: int) -> Match:
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    while m.phase != "over" and len(m.results) < 40:
        if m.phase == "deal":
            m.deal_until_played()
            continue
        m.apply(rng.choice(m.legal_plays()))
        on = [*sum(m.hands, []), *m.table, *(c for b in m.cascine for c in b.cards), *sum(m.prese, []), *m.mazzo]
        assert sorted(on) == list(DECK) or m.phase != "play"
        assert len({b.owner for b in m.cascine}) == len(m.cascine)  # SB32: one build a seat at most
    return m


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), four=st.booleans())
def test_random_legal_play_ends_with_points_adding_up(seed, four):
    rules = rules_for("cascina", {"players": 4, "teams": "pairs"} if four else {})
    m = _random_match(rules, seed)
    assert m.phase == "over" and m.winner is not None
    assert [sum(r.totals[s] for r in m.results) for s in range(rules.sides)] == m.totals
    for r in m.results:
        assert sum(d["cards"] for d in r.detail) <= 40


def test_whole_match_record_with_builds_replays_to_its_totals():
    m = _random_match(rules_for("cascina", {"players": 4, "teams": "pairs"}), 7)
    rec = to_record(m)
    assert rec["variant"] == "cascina" and rec["options"] == {"players": 4, "teams": "pairs"}
    plays = [p for h in rec["hands"] for p in h["plays"]]
    assert any(">" in p for p in plays)
    again = from_record(rec)
    assert again.totals == m.totals and to_record(again) == rec
    steps = replay_steps(rec)
    assert steps["totals"] == m.totals
    assert any(s["cascine"] for s in steps["steps"])
    assert any(s["event"] and s["event"].get("build") for s in steps["steps"])


def test_old_records_read_exactly_as_before():
    for variant in ("scopa", "scopone", "escoba"):
        m = _random_match(rules_for(variant), 3)
        rec = to_record(m)
        assert not any(">" in p for h in rec["hands"] for p in h["plays"])
        again = from_record(rec)
        assert to_record(again) == rec and again.totals == m.totals
    m = dealt("scopa", {0: "3B 7S 2C"}, "4C 7C 8B 10S")
    with pytest.raises(IllegalPlayError):
        m.play("3B>4C")  # no builds without the rule


@pytest.mark.parametrize("level,four", spread(list(LEVELS), [False, True]))  # every pair in the deep run
def test_every_level_plays_a_whole_match_legally(level, four):
    rules = rules_for("cascina", {"players": 4, "teams": "pairs"} if four else {})
    if level == "master":
        players = [MasterPlayer(random.Random(s), MasterSettings(iterations=20)) for s in range(rules.players)]
    elif level == "ismcts":  # the benchmarks' sparring partner, on a small budget here
        players = [IsmctsPlayer(random.Random(s), IsmctsSettings(iterations=12)) for s in range(rules.players)]
    else:
        players = [make_player(level, random.Random(s)) for s in range(rules.players)]
    m = Match.new(rules, random.Random(11))
    builds = 0
    while m.phase != "over":
        if m.phase == "deal":
            m.deal_until_played()
            continue
        p = players[m.turn].choose(m.observe(m.turn))
        builds += type(p) is Build
        m.apply(p)  # checked: raises if not legal
    assert m.winner is not None
    if level in ("expert", "master"):
        assert builds > 0


def test_expert_builds_toward_a_card_held_and_takes_builds():
    m = dealt("cascina", {0: "3B 7S 2C", 1: "7D 5S 1C"}, "4C 6D 8B 10S")
    expert = make_player("expert", random.Random(0))
    assert str(expert.choose(m.observe(0))) == "3B>4C"
    m.play("3B>4C")
    assert str(expert.choose(m.observe(1))) == "7D:3B+4C"


def test_master_rollouts_with_builds_play_the_engine_to_the_hand_end():
    from scopa_ai.heuristics import knowledge
    from scopa_ai.rollout import playout_legal
    rules = rules_for("cascina")
    k = knowledge(rules)
    for seed in range(8):
        rng = random.Random(seed)
        m = Match.new(rules, rng)
        m.deal_until_played()
        for _ in range(seed * 3):
            m.apply(rng.choice(m.legal_plays()))
        view = m.observe(m.turn)
        for first in view.legal:
            totals = playout_legal(sample_match(view, random.Random(seed)), first, k, random.Random(seed))
            assert len(totals) == 2


def test_master_rollout_policy_guards_the_sweep_it_leaves_and_takes_one():
    """The master's rollouts (rollout.guarded_choice): of two lays worth the same, the one that
    leaves no sum a card can sweep (3B 4C would go to any 7, 3B 9S to none); a sweep is taken."""
    from scopa_ai.heuristics import knowledge
    from scopa_ai.rollout import guarded_choice
    k = knowledge(rules_for("cascina"))
    m = dealt("cascina", {0: "4C 9S 8D", 1: "1C 2D 5S"}, "3B 6C 10S 10C")
    m.mazzo.extend(C("6C 10S 10C"))
    m.table = C("3B")  # the other table cards back in the deck: seat 0 can take nothing nor build
    assert legal(m) == {"4C", "9S", "8D"}
    assert str(guarded_choice(m, m.legal_plays(), k)) == "9S"
    m.table = C("3B 4C")
    m.hands[0] = C("7S 9S 8D")
    m.mazzo.remove(C("7S")[0])
    m._legal = None
    assert str(guarded_choice(m, m.legal_plays(), k)) == "7S:3B+4C"


def test_master_search_with_builds_is_seeded_and_spends_its_budget():
    """Every candidate meets the same deals (common random numbers): the search's figures add up,
    and the same generator seed gives the same play."""
    m = built()
    view = m.observe(0)
    players = [MasterPlayer(random.Random(4), MasterSettings(iterations=40)) for _ in range(2)]
    plays = [p.choose(view) for p in players]
    assert plays[0] == plays[1] and plays[0] in view.legal
    stats = players[0].last_stats
    assert stats["candidates"] == len(view.legal) and stats["final"] == 2 and not stats["capped"]
    assert stats["rollouts"] >= 2 * stats["deals"] and players[0].searches == 1
