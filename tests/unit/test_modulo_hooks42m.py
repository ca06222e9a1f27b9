"""Modulo sette behind the engine's generic hooks (issue 42): the capture rule counts the sums the
way the active mechanic says (SB5), a plain sweep is judged by it (SB6) and the hand's score has a
traditional scopa category only where a mechanic tells one apart; the core names no variant."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from depth import examples

from scopa import rules_for, score_hand
from scopa.captures import CaptureRule
from scopa.mechanics import SCOPA, TRADIZIONALE, counting, judge_sweep, traditional_points
from scopa.mechanics.modulo import Residues

MODULO = rules_for("modulo-sette")
CLASSIC = rules_for("scopa")


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=10), min_size=0, max_size=6))
def test_residues_group_every_set_of_table_cards_by_its_sum_modulo_7(values):
    values = sorted(values)
    found = Residues(7).subsets(values)
    expected: dict[int, list[tuple[int, ...]]] = {}
    for size in range(1, len(values) + 1):
        for pos in itertools.combinations(range(len(values)), size):
            expected.setdefault(sum(values[i] for i in pos) % 7, []).append(pos)
    assert found == {k: sorted(v, key=lambda p: (len(p), p)) for k, v in expected.items()}


def test_the_capture_rule_counts_by_the_active_mechanic_and_the_classic_rules_by_the_sum():
    assert counting(MODULO) == Residues(7) and CaptureRule.of(MODULO).counting == Residues(7)
    assert counting(CLASSIC) is None and CaptureRule.of(CLASSIC).counting is None
    # SB5: a Cavallo (2 modulo 7) on a 2 and a 7 takes the 2 or both; by the sum (9) only both
    assert CaptureRule.of(MODULO).positions((2, 7))[9] == [(0,), (0, 1)]
    assert CaptureRule.of(CLASSIC).positions((2, 7))[9] == [(0, 1)]


def test_a_plain_sweep_is_a_traditional_scopa_or_none_only_where_the_rules_tell_one_apart():
    # SB6: the face values adding up to the card's: traditional; a 7 on a lone 7: nothing at all
    assert judge_sweep(MODULO, 9, (2, 7)) == TRADIZIONALE
    assert judge_sweep(MODULO, 7, (7,)) is None
    assert judge_sweep(MODULO, 2, (9,)) == SCOPA  # a Cavallo taken by a 2: a (modular) scopa
    assert judge_sweep(CLASSIC, 9, (2, 7)) == SCOPA and judge_sweep(CLASSIC, 7, (7,)) == SCOPA
    assert traditional_points(MODULO) == -1 and traditional_points(CLASSIC) is None


def test_the_hand_scores_a_traditional_category_only_where_a_mechanic_tells_one_apart():
    deck = list(range(40))
    random.Random(42).shuffle(deck)
    piles = [deck[:20], deck[20:]]
    modulo = score_hand(MODULO, piles, [1, 0], [2, 1])
    assert "tradizionali" in modulo.categories
    assert [p["tradizionali"] for p in modulo.points] == [-2, -1]
    assert [d["tradizionali"] for d in modulo.detail] == [2, 1]
    classic = score_hand(CLASSIC, piles, [1, 0], [2, 1])
    assert "tradizionali" not in classic.categories
    assert all("tradizionali" not in d for d in classic.detail)
