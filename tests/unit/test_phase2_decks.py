"""Other decks (SB37, SB38) and the games played with them: Maresciallo, of 40 and of 80 cards
(SB40–SB46), and Cicera of 52 (SB50–SB55); RULES §4 Phase 2, [002]."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from depth import examples

from deals import cards, dealt, legal
from players import expert_match
from scopa import IllegalPlayError, Match, from_record, rules_for, to_record
from scopa.cards import DECKS, card_str
from scopa.replay import replay_steps
from scopa.scoring import score_hand

C = cards


# -- SB37 the decks --------------------------------------------------------------------------------
def test_sb37_each_deck_holds_its_cards_once_and_a_game_refuses_another_decks_card():
    assert [len(DECKS[n]) for n in (40, 52, 80)] == [40, 52, 80]
    assert {card_str(c) for c in DECKS[52]} >= {"8D", "10S", "11D", "12C", "13S"}
    assert {card_str(c) for c in DECKS[80]} >= {"7D", "7D'", "10S'"}
    m = dealt("scopa", {0: "1D 2D 3D"}, "4C 5C 6C 7C")
    with pytest.raises(IllegalPlayError, match="not a card of the 40-card deck"):
        m.play("11D")
    with pytest.raises(Exception, match="the deck must hold the 52 cards"):
        Match(rules_for("cicera")).deal(list(DECKS[40]))


# Cicera dealt 12 each and 4 on the table (the Brescian accounts' deal, an option since [002]'s 13
# each became the preset's, SB50): the positions below need cards on the table.
BRESCIAN = {"hand_size": 12, "table_cards": 4}


# -- SB38 the 52 cards' courts ---------------------------------------------------------------------
def test_sb38_a_court_takes_only_a_court_of_its_rank_and_may_decline():
    m = dealt("cicera", {0: "11D 10B 8S 5C 1D 2D 3D 4D 5D 6D 7D 9D"}, "11S 2C 8C 10C", dealer=3, **BRESCIAN)
    # The Fante (11) takes the other Fante only, never a sum (2+8+... = 11 is no capture for it),
    # and may be laid instead (SB38); the numeral 10 takes the 10 (R4 a), the 8 the 8, never a court.
    assert {p for p in legal(m) if p.startswith("11D")} == {"11D:11S", "11D"}
    assert {p for p in legal(m) if p.startswith("10B")} == {"10B:10C"}
    assert {p for p in legal(m) if p.startswith("8S")} == {"8S:8C"}
    m.play("11D")
    assert C("11D")[0] in m.table


def test_sb38_numerals_never_take_a_court_by_sum():
    m = dealt("cicera", {0: "5C 1D 2D 3D 4D 6D 7D 8D 9D 10D 1C 2C"}, "12S 3C 13B 4B", dealer=3, **BRESCIAN)
    # 3C + 4B = 7 is a sum; the courts are in no sum at all
    assert {p for p in legal(m) if p.startswith("7D")} == {"7D:3C+4B"}
    assert not any("12S" in p or "13B" in p for p in legal(m))


def test_r3_kings_redeal_counts_the_52_cards_re_not_their_10s():
    rules = rules_for("cicera", BRESCIAN)  # a deal with 4 on the table (S2)
    m = Match(rules, first_dealer=1)
    deck = [c for c in DECKS[52] if card_str(c) not in ("13D", "13C", "13B", "10D")]
    deck = deck[:48] + C("13D 13C 13B 10D")
    assert not m.deal(deck)  # three Re on the table: the deal is void (R3, S2)
    deck = [c for c in DECKS[52] if card_str(c) not in ("10D", "10C", "10B", "13D")]
    assert m.deal(deck[:48] + C("10D 10C 10B 13D"))  # three 10s are numerals in the 52 cards


# -- SB42 twins, SB41 the Re di picche ----------------------------------------------------------------
def eighty(hands: dict[int, str], table: str) -> Match:
    """Maresciallo of 80 cards with these hands and table (none is dealt to the table: SB45)."""
    m = dealt("maresciallo-80", hands, dealer=3)
    for c in C(table):  # from the deck, or from another hand, which gets a card of the deck instead
        if c in m.mazzo:
            m.mazzo.remove(c)
        else:
            h = next(h for h in m.hands if c in h)
            h.remove(c)
            h.append(m.mazzo.pop())
            h.sort()
        m.table.append(c)
    m.table.sort()
    m._legal = None
    return m


def test_sb42_a_card_never_takes_its_twin_but_sweeps_a_lone_one_for_3():
    m = eighty({0: "5S 9C 2B 4B 6B"}, "5S' 5C 4C")
    # 5S must take the 5C (its twin is no equal for it, SB42), never the 5S'
    assert {p for p in legal(m) if p.startswith("5S")} == {"5S:5C"}
    m = eighty({0: "5S 9C 2B 4B 6B"}, "5S' 1C 4C")
    # with its twin set aside, 5S takes 1C+4C by sum (R4 b)
    assert {p for p in legal(m) if p.startswith("5S")} == {"5S:1C+4C"}
    m = eighty({0: "5S 9C 2B 4B 6B"}, "5S'")
    assert {p for p in legal(m) if p.startswith("5S")} == {"5S:5S'"}
    ev = m.play("5S:5S'")
    assert ev.special == "gemelle" and not ev.scopa and m.speciali[0] == {"gemelle": 1}


def test_sb41_the_re_di_picche_sweeping_costs_4_and_its_twin_gives_10():
    m = eighty({0: "10S 9C 2B 4B 6B"}, "10S'")
    ev = m.play("10S:10S'")
    assert ev.special == "maresciallone" and m.speciali[0] == {"maresciallone": 1}
    m = eighty({0: "10S 9C 2B 4B 6B"}, "4C 6C")
    ev = m.play("10S:4C+6C")
    assert ev.special == "maresciallo" and m.speciali[0] == {"maresciallo": 1}
    m = dealt("maresciallo", {0: "10S 9C 2B"}, "4C 6C 5B 5D")
    m.table = C("4C 6C")
    m._legal = None
    assert m.play("10S:4C+6C").special == "maresciallo"  # 40 cards too: the sweep costs 4
    r = score_hand(rules_for("maresciallo"), [C("10S 4C 6C"), []], [0, 0], None, [{"maresciallo": 1}, {}])
    assert r.points[0]["maresciallo"] == -4 and r.points[0]["marescialli"] == -1


def test_sb40_sb43_sb44_penalties_and_the_polacca_by_the_copies_held():
    rules = rules_for("maresciallo-80")
    a = C("10S 10S' 9S 9D 9D' 7D 1D 2D 3D 1D' 2D' 3D' 4D'")
    r = score_hand(rules, [a, []], [0, 0], None, [{}, {}])
    p = r.points[0]
    assert p["marescialli"] == -2 and p["saponificatrice"] == -1  # one Donna di picche beside them
    assert p["polacca"] == 1  # two Donne di quadri, one Settebello
    assert p["napola"] == 3 + 4  # SB45: a napola of each copy, 1-2-3 and 1-2-3-4
    assert p["settebello"] == 1
    r = score_hand(rules, [C("7D 7D'"), []], [0, 0], None, [{}, {}])
    assert r.points[0]["settebello"] == 2 and r.points[0]["polacca"] == 0
    forty = score_hand(rules_for("maresciallo"), [C("10S 9S 9D 7D"), []], [0, 0], None, [{}, {}])
    assert forty.points[0]["polacca"] == 1 and "saponificatrice" not in forty.points[0]  # SB44 is 80's


# -- SB50–SB54 Cicera's scoring ------------------------------------------------------------------
def test_sb51_to_sb53_cicera_scores_cards_spade_napula_and_three_cards():
    rules = rules_for("cicera")
    spade = C("1S 2S 3S 4S 5S 7S 11S")
    others = [c for c in DECKS[52] if not card_str(c).endswith("S") and card_str(c) not in ("10D", "11D")]
    mine = spade + C("10D 11D") + others[:20]
    theirs = [c for c in DECKS[52] if c not in mine]
    r = score_hand(rules, [mine, theirs], [1, 0], None, None)
    p, q = r.points
    assert len(mine) == 29 and p["carte"] == 2 and q["carte"] == 0
    assert p["spade"] == 1  # 7 of 13
    assert p["napula"] == 5  # 1-2-3-4-5 of spade (the 7 is not in the run)
    assert p["carta:2S"] == 1 and p["carta:10D"] == 1 and p["carta:11D"] == 1
    assert p["scope"] == 1 and "denari" not in p and "primiera" not in p and "settebello" not in p
    half = score_hand(rules, [list(DECKS[52])[:26], list(DECKS[52])[26:]], [0, 0], None, None)
    assert [pt["carte"] for pt in half.points] == [1, 1]  # 26 each: a point each (SB51)


def test_sb52_the_napula_runs_on_through_the_courts_and_sb54_all_spade_win():
    rules = rules_for("cicera")
    all_spade = [c for c in DECKS[52] if card_str(c).endswith("S")]
    r = score_hand(rules, [all_spade, [c for c in DECKS[52] if c not in all_spade]], [0, 0], None, None)
    assert r.points[0]["napula"] == 13 and r.napoleone == 0


# -- whole games ------------------------------------------------------------------------------------
def _random_match(rules, seed: int) -> Match:
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    while m.phase != "over" and len(m.results) < 40:
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
    return m


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["maresciallo", "maresciallo-80", "cicera"]))
def test_random_legal_play_ends_with_points_adding_up(seed, variant):
    rules = rules_for(variant)
    m = _random_match(rules, seed)
    assert [sum(r.totals[s] for r in m.results) for s in range(rules.sides)] == m.totals
    for r in m.results:
        assert sum(d["cards"] for d in r.detail) == rules.deck  # every card ends in a pile (R6)


@pytest.mark.parametrize("variant", ["maresciallo", "maresciallo-80", "cicera"])
def test_whole_match_record_replays_to_its_totals(variant):
    m = expert_match(variant, 5)
    assert m.phase == "over" and m.winner is not None
    rec = to_record(m)
    again = from_record(rec)
    assert again.totals == m.totals and to_record(again) == rec
    assert replay_steps(rec)["totals"] == m.totals
    if variant == "maresciallo-80":
        assert any("'" in c for h in rec["hands"] for c in h["deck"])


def test_the_engine_lists_every_variant_of_rules_section_4():
    import subprocess
    import sys
    from pathlib import Path
    py = Path(__file__).resolve().parents[2] / "py"
    out = subprocess.run([sys.executable, "-m", "scopa", "variants"], capture_output=True, text=True,
                         env={"PYTHONPATH": str(py)}, check=True).stdout
    listed = {line.split()[0] for line in out.splitlines()}
    phase2 = {"sottratta", "rubamazzo", "rubamazzo-a-somme", "cascina", "modulo-sette", "inversa", "bazzica",
              "tuzzulicchio", "cocchiaundici", "maresciallo", "maresciallo-80", "cicera", "fidasse"}
    assert phase2 <= listed and {"scopa", "escoba", "scopone", "frac", "non-prendere"} <= listed
    bad = subprocess.run([sys.executable, "-m", "scopa", "play"], capture_output=True, text=True,
                         env={"PYTHONPATH": str(py)})
    assert bad.returncode == 2 and "usage" in bad.stderr


# -- SB55 the computer players ---------------------------------------------------------------------
def test_sb55_the_masters_rollouts_of_cicera_weigh_the_scopa_a_lay_leaves():
    """Cicera's master plays its hands out with the fast rollout, whose policy weighs a scopa it
    would leave by the chance the next player holds the card to make it (rollout.playout's `fair`),
    as a careful player does; the engine's greedy rollout lays the card worth least whatever it
    leaves, and a hand of 48 plays so played told the master nothing the expert did not know."""
    from scopa.state import Play
    from scopa_ai.heuristics import knowledge
    from scopa_ai.rollout import by_engine, playout

    rules = rules_for("cicera", BRESCIAN)
    assert not by_engine(rules) and by_engine(rules_for("maresciallo-80"))
    # Seat 0 sweeps the table with its 10; seat 1 must then lay a card on the empty table, where
    # the next player (seat 2, the other side) sweeps it with a card of its value. Its four 8s
    # are the only value nobody else can hold: it lays an 8.
    m = dealt("cicera", {0: "10D 2D 3D 5D 6D 7D 9D 11D 12D 13D 5S 6S",
                         1: "1C 2B 4C 5B 6C 7B 9C 12C 8C 8B 8D 8S"}, "2C 3C 1B 4B", dealer=3, **BRESCIAN)
    sweep = Play(C("10D")[0], tuple(C("1B 2C 3C 4B")))
    assert sweep in m.legal_plays()
    for seed in range(5):
        record: list = []
        totals = playout(m.clone(), sweep.card, sweep.presa, knowledge(rules), random.Random(seed), 0.0,
                         record=record, fair=True)
        assert card_str(record[1][0]) in ("8C", "8B", "8D") and record[1][1] == ()
        again = m.clone()
        ev = None
        for card, presa in record:
            ev = again.apply(Play(card, presa))  # every rollout play is legal in the engine
        assert ev.hand_result.totals == totals
