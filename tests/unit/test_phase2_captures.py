"""The Phase 2 capture rules of RULES §4 (O3 `difference`, Modulo sette, Scopa inversa), pinned with
the seed's examples ([002]) and the settled details SB4–SB7 (docs/RULINGS.md); then whole
matches: random play, records and replays, and every computer level."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples, spread

from deals import cards, dealt, set_table, takes
from scopa import (DECK, PRESETS, IllegalPlayError, Match, Play, RuleError, card_str, from_record, rules_for, sample_match,
                   score_hand, to_record)
from scopa.loop import play_match
from scopa.replay import replay_steps
from scopa_ai import LEVELS, make_player
from scopa_ai.heuristics import knowledge
from players import level

NEW = ("sottratta", "modulo-sette", "inversa")


def on_table(variant: str, hand: str, table: str, **options) -> Match:
    """A hand of `variant` with seat 0 to play `hand` and exactly `table` on the table."""
    used = set(cards(hand)) | set(cards(table))
    spare = [card_str(c) for c in reversed(DECK) if c not in used]  # Re, Cavalli ... first
    other, first = " ".join(spare[:3]), " ".join(spare[-4:])  # the first table: no kings redeal
    m = dealt(variant, hands={0: hand, 1: other}, table=first, **options)
    set_table(m, table)
    return m


# -- SB4 Sottratta: O3 `difference` ---------------------------------------------------------------
def test_sb4_a_six_takes_fante_and_two_8_minus_2_002():
    m = on_table("sottratta", "6D 4S 3S", "8S 2B")
    assert takes(m, "6D") == {"6D:2B+8S"}
    ev = m.play("6D")  # forced: the only capture of the 6
    assert ev.play.presa == tuple(cards("2B 8S")) and ev.scopa and m.scope == [1, 0]


def test_sb4_a_two_takes_re_seven_and_asso_10_minus_7_minus_1_002():
    m = on_table("sottratta", "2D 4S 3S", "1S 7C 10B")
    assert takes(m, "2D") == {"2D:1S+7C+10B"}
    assert takes(m, "3S") == {"3S:7C+10B"}  # 10 - 7
    assert takes(m, "4S") == {"4S"}  # nothing makes 4: 10-7-1 is 2, 7-1 is 6, 10-1 is 9
    ev = m.play("2D")
    assert ev.scopa and not m.table


def test_sb4_the_single_card_match_stays_and_comes_first_002():
    # [002]: "Il metodo per prendere una sola carta ... rimane invariato": Fante on Fante, 5 on 5.
    m = on_table("sottratta", "6D 8D 5S", "6C 8S 2B 5C")
    assert takes(m, "6D") == {"6D:6C"}  # R4(a): never the difference 8 - 2, while a 6 lies there
    assert takes(m, "8D") == {"8D:8S"}
    assert takes(m, "5S") == {"5S:5C"}
    # O5 off: the single card and the difference alike.
    m = on_table("sottratta", "6D 8D 5S", "6C 8S 2B 5C", single_priority=False)
    assert takes(m, "6D") == {"6D:6C", "6D:2B+8S"}


def test_sb4_no_sum_in_sottratta_and_a_capture_is_compulsory():
    m = on_table("sottratta", "6D 1S 9S", "2B 4C")
    assert takes(m, "6D") == {"6D"}  # 2 + 4 is a sum: not a capture here
    assert takes(m, "9S") == {"9S"}
    m = on_table("sottratta", "2D 9D 10D", "2B 4C 10S")
    assert takes(m, "2D") == {"2D:2B"}
    assert takes(m, "9D") == {"9D"}  # 10 - 4 - 2 is 4, 10 - 4 is 6, 10 - 2 is 8, 4 - 2 is 2
    with pytest.raises(IllegalPlayError, match="must take"):
        m.apply(Play(cards("2D")[0], ()))


def test_sb4_differences_with_many_cards_and_repeated_values():
    m = on_table("sottratta", "3D 5D 7D", "1B 1C 1S 8B 8C")
    # 8 - 1 - 1 - 1 = 5 (either Fante), 8 - 1 = 7 (any Asso, either Fante); 8 - 1 - 1 = 6 for nobody here.
    assert takes(m, "5D") == {"5D:1C+1B+1S+8C", "5D:1C+1B+1S+8B"}
    assert len(takes(m, "7D")) == 6
    assert takes(m, "3D") == {"3D"}


# -- SB5, SB6 Modulo sette ------------------------------------------------------------------------
def test_sb5_values_count_modulo_seven_a_six_sweeps_five_and_fante_002():
    # [002]: "se a terra vi è un 5 e un fante è possibile fare scopa con un 6" (5 + 1 = 6).
    m = on_table("modulo-sette", "6D 4S 3S", "5C 8S")
    assert takes(m, "6D") == {"6D:5C+8S"}
    ev = m.play("6D")
    assert ev.scopa and not ev.tradizionale and m.scope == [1, 0] and m.tradizionali == [0, 0]


def test_sb5_assioma_della_scelta_cavallo_on_seven_and_two_002():
    # [002]: a 7 and a 2 on the table, a Cavallo (2 modulo 7) may take the 2 alone, or the 2 and
    # the 7 (zero), at the risk of a traditional scopa (2 + 7 = 9).
    m = on_table("modulo-sette", "9D 4S 3S", "2B 7C")
    assert takes(m, "9D") == {"9D:2B", "9D:2B+7C"}
    ev = m.play("9D:2B+7C")
    assert ev.tradizionale and not ev.scopa
    assert m.scope == [0, 0] and m.tradizionali == [1, 0]
    assert ev.to_json()["tradizionale"] is True


def test_sb5_a_card_of_the_same_rank_must_be_taken_but_a_same_value_one_is_a_choice_002():
    # [002]: a 7 and a Cavallo on the table: a Cavallo must take the Cavallo (no scopa), a 2 may
    # sweep (Cavallo + 7 = 2 modulo 7).
    m = on_table("modulo-sette", "9D 2D 3S", "7C 9S")
    assert takes(m, "9D") == {"9D:9S"}
    assert takes(m, "2D") == {"2D:9S", "2D:7C+9S"}
    ev = m.play("2D:7C+9S")
    assert ev.scopa and not ev.tradizionale  # 9 + 7 is 16, not 2: a modular scopa


def test_sb5_a_seven_is_zero_and_takes_sets_worth_zero():
    m = on_table("modulo-sette", "7D 4S 10S", "3B 4C 6C 8C")
    # 3 + 4 = 7, 6 + Fante(1) = 7, 3 + 4 + 6 + 8 = 21: all zero modulo 7.
    assert takes(m, "7D") == {"7D:3B+4C", "7D:6C+8C", "7D:3B+4C+6C+8C"}
    # A Re is 3: the 3 (another rank: a choice), 6 + 4 (10), Fante + 3 + 6 (1 + 3 + 6 = 10), ...
    assert {"10S:3B", "10S:4C+6C", "10S:3B+6C+8C"} <= takes(m, "10S")


def test_sb6_traditional_scope_cost_a_point_002():
    # [002]: a 4 taking an Asso and a 3, a Re taking a 6 and a 4: traditional; a 2 taking a 6 and a
    # Re (6 + 3 = 9 = 2 modulo 7): modular.
    for hand, table, play, traditional in (("4D 5S 6S", "1B 3C", "4D:1B+3C", True),
                                           ("10D 5S 6S", "4B 6C", "10D:4B+6C", True),
                                           ("2D 5S 1S", "6B 10C", "2D:6B+10C", False)):
        m = on_table("modulo-sette", hand, table)
        ev = m.play(play)
        assert (ev.tradizionale, ev.scopa) == (traditional, not traditional), play


def test_sb6_a_card_forced_onto_its_own_rank_sweeps_at_a_cost():
    # SB5 and SB6: a 5 on a lone 5 must take it (R4a), and that sweep classic Scopa allows too.
    m = on_table("modulo-sette", "5D 4S 3S", "5C")
    assert takes(m, "5D") == {"5D:5C"}
    assert m.play("5D").tradizionale


def test_sb6_a_seven_sweeping_a_lone_seven_scores_nothing_002():
    m = on_table("modulo-sette", "7D 4S 3S", "7C")
    assert takes(m, "7D") == {"7D:7C"}
    ev = m.play("7D")
    assert not ev.scopa and not ev.tradizionale and m.scope == [0, 0] and m.tradizionali == [0, 0]


def test_sb6_the_last_play_sweeps_for_nothing():
    m = on_table("modulo-sette", "4D 5S 6S", "1B 3C")
    m.hands = [cards("4D"), []]
    m.mazzo = []
    m._legal = None
    ev = m.play("4D")
    assert ev.hand_result is not None and not ev.tradizionale and not ev.scopa  # R5
    assert ev.hand_result.points[0]["tradizionali"] == 0


def test_sb6_scoring_counts_traditional_scope_apart_and_hands_may_go_below_zero():
    rules = rules_for("modulo-sette")
    piles = [cards("1B 2B"), [c for c in DECK if c not in cards("1B 2B")]]
    r = score_hand(rules, piles, [0, 1], [3, 0])
    assert r.categories[:2] == ("scope", "tradizionali")
    assert r.points[0]["tradizionali"] == -3 and r.points[1]["scope"] == 1
    assert r.totals[0] == -3 and r.detail[0]["tradizionali"] == 3
    # Without a modulo there is no such category; the option is refused alone.
    assert "tradizionali" not in score_hand(rules_for("scopa"), piles, [0, 1]).categories
    with pytest.raises(RuleError, match="scopa_tradizionale only makes sense with a modulo"):
        rules_for("scopa", {"scopa_tradizionale": -1})
    with pytest.raises(RuleError, match="must be one of 0, 7"):
        rules_for("scopa", {"modulo": 5})
    # As an option on any matching game: counting modulo 7 with every scopa worth its point.
    assert rules_for("scopone", {"modulo": 7}).scopa_tradizionale == 1


def test_sb6_views_and_samples_carry_the_traditional_scope():
    m = on_table("modulo-sette", "9D 4S 3S", "2B 7C")
    m.play("9D:2B+7C")
    view = m.observe(1)
    assert view.tradizionali == (1, 0) and view.to_json()["tradizionali"] == [1, 0]
    assert sample_match(view, random.Random(1)).tradizionali == [1, 0]
    assert m.clone().tradizionali == [1, 0]


# -- SB7 Scopa inversa ----------------------------------------------------------------------------
def test_sb7_inversa_hybrid_takes_by_sum_or_by_difference_002():
    # [002]'s "partite ibride": the option capture match+difference (the preset subtracts only)
    m = on_table("inversa", "6D 10C 3C", "2B 4C 8S 9D", capture="match+difference")
    assert takes(m, "6D") == {"6D:2B+4C", "6D:2B+8S"}  # 2 + 4, or 8 - 2
    assert takes(m, "10C") == {"10C:2B+8S"}  # 2 + 8 (no difference makes 10)
    assert takes(m, "3C") == {"3C:2B+4C+9D"}  # 9 - 4 - 2 only
    m = on_table("inversa", "6D 10C 3C", "2B 4C 6S 8S", capture="match+difference")
    assert takes(m, "6D") == {"6D:6S"}  # R4(a) still first


def test_sb7_inversa_subtracts_only_as_sottratta_does():
    assert rules_for("inversa") == rules_for("sottratta")
    m = on_table("inversa", "6D 10C 3C", "2B 4C 8S 9D")
    assert takes(m, "6D") == {"6D:2B+8S"}


# -- whole matches -----------------------------------------------------------------------------------
def finish(variant: str, seed: int, **options) -> tuple[Match, list]:
    """A match of random legal plays to its end, with every event."""
    rng = random.Random(seed)
    m = Match.new(rules_for(variant, options), rng)
    events = []
    while m.phase != "over":
        m.deal_until_played()
        while m.phase == "play":
            events.append(m.apply(rng.choice(m.legal_plays())))
    return m, events


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(NEW), seed=st.integers(0, 2**32 - 1),
       seating=st.sampled_from([{}, {"players": 4, "teams": "pairs"}, {"players": 3}]))
def test_random_legal_play_ends_every_match_with_points_that_add_up(variant, seed, seating):
    m, events = finish(variant, seed, **seating)
    assert m.winner is not None
    hands = [e for e in events if e.hand_result is not None]
    assert [e.hand_result for e in hands] == m.results
    assert [sum(r.totals[s] for r in m.results) for s in range(m.sides)] == m.totals
    start = 0
    for end, r in zip([i for i, e in enumerate(events) if e.hand_result is not None], m.results):
        played = events[start: end + 1]
        start = end + 1
        for side in range(m.sides):
            assert sum(r.points[side].values()) == r.totals[side]
            mine = [e for e in played if e.seat % m.sides == side]
            assert r.detail[side]["scope"] == sum(e.scopa for e in mine)
            if m.rules.modulo:  # SB6
                assert r.detail[side]["tradizionali"] == sum(e.tradizionale for e in mine)
                assert r.points[side]["tradizionali"] == -r.detail[side]["tradizionali"]
            else:
                assert not any(e.tradizionale for e in mine)
        assert sum(d["cards"] for d in r.detail) == 40
    for e in events:
        moved = [mv.card for mv in e.moves if mv.kind in ("lay", "take")]
        assert moved == [e.play.card, *e.play.presa]


@pytest.mark.parametrize("variant", NEW)
def test_a_whole_match_record_replays_to_its_totals(variant):
    players = [make_player("expert", random.Random(1)), make_player("easy", random.Random(2))]
    m = Match.new(rules_for(variant), random.Random(3))
    list(play_match(m, players))
    record = to_record(m, variant)  # inversa and sottratta are one rule set (SB7): name the one played
    assert record["variant"] == variant and record["options"] == {}
    again = from_record(json.dumps(record))
    assert again.totals == m.totals and again.winner == m.winner
    assert [r.points for r in again.results] == [r.points for r in m.results]
    steps = replay_steps(record)
    assert steps["totals"] == m.totals and steps["winner"] == m.winner
    assert steps["rules"]["modulo"] == m.rules.modulo
    # A traditional scopa is in the record's replay as in the match (SB6).
    flags = [s["event"]["tradizionale"] for s in steps["steps"] if s["event"]]
    assert sum(flags) == sum(d.get("tradizionali", 0) for r in m.results for d in r.detail)


def test_options_of_the_phase_two_rules_round_trip_in_records():
    m, _ = finish("scopa", 4, modulo=7, scopa_tradizionale=0, players=4, teams="pairs")
    record = to_record(m, "modulo-sette")
    assert record["options"] == {"scopa_tradizionale": 0, "players": 4, "teams": "pairs"}
    assert from_record(record).totals == m.totals



@pytest.mark.parametrize("name,variant", spread(list(LEVELS), NEW))  # every pair in the deep run
def test_every_level_plays_a_whole_match_legally(variant, name):
    names = list(LEVELS)
    other = names[(names.index(name) + 1) % len(names)]
    m = Match.new(rules_for(variant), random.Random(5))
    players = [level(name, random.Random(6)), level(other, random.Random(7))]
    turns = list(play_match(m, players, max_hands=40))  # every play checked by Match.apply
    assert m.phase == "over" and m.winner is not None and turns


# -- the expert reads the rule set -----------------------------------------------------------------
def test_sb6_the_expert_and_the_greedy_player_avoid_a_traditional_scopa():
    # The Cavallo may take the 2 alone or sweep 2 + 7, a traditional scopa (2 + 7 = 9): the greedy
    # player and the expert do not sweep.
    m = on_table("modulo-sette", "9D 4S 3S", "2B 7C")
    view = m.observe(0)
    k = knowledge(view.rules)
    assert k.gain(Play(cards("9D")[0], tuple(cards("2B 7C"))), 2, False) < \
        k.gain(Play(cards("9D")[0], tuple(cards("2B"))), 2, False)
    for name in ("easy", "expert"):
        play = make_player(name, random.Random(1)).choose(view)
        assert str(play) != "9D:2B+7C", name


def test_sb6_the_expert_does_not_fear_a_sweep_that_would_cost_the_sweeper():
    # Leaving a lone 5 is safe counting modulo: a 5 must take it (R4a), a traditional scopa (SB6).
    m = on_table("modulo-sette", "5D 4S 1S", "5C")
    k = knowledge(m.rules)
    assert k.sweep(cards("5D")[0], tuple(cards("5C")), 1, False) < 0
    assert k.sweep(cards("9S")[0], tuple(cards("2B 7C")), 2, False) < 0  # 2 + 7 = 9: traditional
    assert k.sweep(cards("2S")[0], tuple(cards("2B 7C")), 2, False) > 0  # ... 2 + 7 = 2: a true scopa
    assert k.sweep(cards("7S")[0], tuple(cards("7C")), 1, False) == pytest.approx(0.0)


def test_every_new_preset_is_listed_by_the_command_line(capsys):
    from settebello.cli import main
    assert main(["variants"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert set(NEW) <= set(ids) and set(ids) == set(PRESETS)
