"""The rollouts' count of a hand (scoring.hand_totals) is the engine's own (score_hand's totals)
for every game and the classic options that change the count (O7, O9, O12), on any piles."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from depth import examples
from scopa import PRESETS
from scopa.cards import DECKS
from scopa.errors import RuleError
from scopa.rules import MISSING_SUIT_MODES, PRIMIERA_MODES
from scopa.scoring import _plain, hand_totals, score_hand


def piles_of(rules, rng: random.Random, kept: float) -> tuple[list[list[int]], list[int]]:
    """The deck dealt at random to the sides' piles, a share `kept` of it taken at all; scope."""
    deck = [c for c in DECKS[rules.deck] if rng.random() < kept]
    piles = [[] for _ in range(rules.sides)]
    for c in deck:
        piles[rng.randrange(rules.sides)].append(c)
    return piles, [rng.choice((0, 0, 1, 3)) for _ in range(rules.sides)]


@settings(max_examples=examples(300), deadline=None)
@given(variant=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10**6),
       misere=st.booleans(), carte_min=st.sampled_from((0, 14, 21)),
       primiera=st.sampled_from(PRIMIERA_MODES), missing=st.sampled_from(MISSING_SUIT_MODES),
       kept=st.sampled_from((0.3, 0.8, 1.0)))
def test_the_rollouts_count_is_the_engines(variant, seed, misere, carte_min, primiera, missing, kept):
    try:
        rules = PRESETS[variant].rules.with_options({"misere": misere, "carte_min": carte_min,
                                                     "primiera": primiera, "missing_suit": missing})
    except RuleError:
        assume(False)
    piles, scope = piles_of(rules, random.Random(seed), kept)
    assert hand_totals(rules, piles, scope) == score_hand(rules, piles, scope).totals


def test_the_classic_games_are_counted_by_the_short_way():
    """Where the short way applies (it is the rollouts' inner loop), and where it must not."""
    plain = {v for v, p in PRESETS.items() if _plain(p.rules)}
    assert {"scopa", "scopone", "escoba", "scopa-a-tre", "inversa"} <= plain
    assert not plain & {"cicera", "rubamazzo", "frac", "punti-a-denari", "scopone-romano", "cirulla", "cascina",
                        "maresciallo", "bazzica", "fidasse", "modulo-sette"}
    rng = random.Random(7)
    for variant in sorted(plain):
        rules = PRESETS[variant].rules
        for _ in range(50):
            piles, scope = piles_of(rules, rng, 1.0)
            assert hand_totals(rules, piles, scope) == score_hand(rules, piles, scope).totals
