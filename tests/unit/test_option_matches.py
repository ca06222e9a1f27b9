"""Issue 29's property test: random matches of every preset with random combinations of the O1–O12
options it does not fix. After each hand the points add up the way RULES §2–§3 say, category by
category (an independent count from the piles, below), and the match ends exactly when R8, O11
and O12 say (S7, SB71; O8's napola_wins, SB54). Each finished match's record replays to its totals.

The Phase 2 machinery's own categories (declarations, builds, claims, Modulo sette's traditional
scope, Maresciallo's and Cicera's points, the decks of 52 and 80 cards) have their own tests
(test_phase2_*.py); here they only have to add up to the totals.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from depth import examples

from scopa import PRESETS, Match, RuleError, RuleSet, from_record, rules_for, to_record
from scopa.cards import card_str
from scopa.rules import CAPTURE_MODES, MISSING_SUIT_MODES, PRIMIERA_MODES, SCORING_MODES
from scopa.tables import tables

# O3–O12's record keys and the values drawn for each (O1 and O2 come as a table of scopa/tables.py).
VALUES: dict[str, tuple] = {
    "capture": CAPTURE_MODES,  # O3
    "fewest_cards": (False, True),  # O4
    "single_priority": (True, False),  # O5
    "ace_takes_all": (False, True), "ace_scopa": (False, True),  # O6
    "primiera": PRIMIERA_MODES, "missing_suit": MISSING_SUIT_MODES,  # O7
    "settanta": (False, True), "rebello": (False, True), "rosmarino": (False, True),  # O8
    "napola": (False, True), "napola_wins": (False, True), "scoring": SCORING_MODES,
    "carte_min": (0, 14, 21),  # O9
    "target": (11, 0, 7, 15, 16, 21, 31, 41),  # O10
    "lead": (0, 1, 2),  # O11
    "misere": (False, True),  # O12
}
MAX_HANDS = 400

# RULES §1: primiera values; veneto's (O7) doubled to stay in whole numbers: Asso 5.5, figures 0.5.
PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
VENETO = {1: 11, 2: 4, 3: 6, 4: 8, 5: 10, 6: 12, 7: 14, 8: 1, 9: 1, 10: 1}


@st.composite
def combinations(draw):
    """A preset, the options it leaves open set at random (each maybe left alone), a table."""
    variant = draw(st.sampled_from(sorted(PRESETS)))
    fixed = set(PRESETS[variant].rules.diff(RuleSet()))
    options = {k: draw(st.sampled_from(v)) for k, v in VALUES.items() if k not in fixed and draw(st.booleans())}
    for key, needs in (("ace_scopa", "ace_takes_all"), ("napola_wins", "napola")):
        if options.get(key) and needs not in fixed and draw(st.booleans()):
            options[needs] = True  # often with the switch it needs on (O6, O8), else refused
    return variant, options, draw(st.integers(0, 6)), draw(st.integers(0, 2**32 - 1))


def rank_suit(c: int) -> tuple[int, str]:
    text = card_str(c).rstrip("'")  # SB37: a second copy among the 80 cards ends in '
    return int(text[:-1]), text[-1]


def most(counts: list[int], minimum: int, misere: bool) -> list[int]:
    """R7, S3, O9, O12: the side with most takes the point, at least `minimum`; a tie gives it to
    nobody, or in misère to every tied side."""
    best = max(counts)
    if best < max(minimum, 1):
        return []
    leaders = [s for s, n in enumerate(counts) if n == best]
    return leaders if len(leaders) == 1 or misere else []


def primiera_winners(rules: RuleSet, piles: list[list[tuple[int, str]]]) -> list[int]:
    """R7 and O7 (S3, S6, O12), counted afresh from the piles."""
    sides = range(len(piles))
    if rules.primiera in ("standard", "veneto"):
        table = PRIMIERA if rules.primiera == "standard" else VENETO
        best = [{} for _ in sides]
        for s in sides:
            for r, suit in piles[s]:
                best[s][suit] = max(best[s].get(suit, 0), table[r])
        complete = [s for s in sides if len(best[s]) == 4]
        if complete:
            contenders = complete
        else:
            contenders = list(sides) if rules.missing_suit == "lose" else []
        return most([sum(best[s].values()) if s in contenders else -1 for s in sides], 1, rules.misere)
    if rules.primiera == "milanese":  # [002]: most 7s, then 6s, then Assi
        keys = [tuple(sum(1 for r, _ in piles[s] if r == k) for k in (7, 6, 1)) for s in sides]
        top = max(keys)
        leaders = [s for s in sides if keys[s] == top]
        if top == (0, 0, 0):
            return []
        return leaders if len(leaders) == 1 or rules.misere else []
    if rules.primiera == "sevens":
        return most([sum(1 for r, _ in p if r == 7) for p in piles], 1, rules.misere)
    return []


def expected_points(rules: RuleSet, prese: list[list[int]], scope: list[int]) -> dict[str, list[int]]:
    """The hand's points by category, per side, as RULES §2 (R5, R7) and §3 (O7–O9, O12) say."""
    piles = [[rank_suit(c) for c in p] for p in prese]
    n = len(piles)

    def award(winners: list[int]) -> list[int]:
        return [1 if s in winners else 0 for s in range(n)]

    def has(r: int, suit: str) -> list[int]:
        return [1 if (r, suit) in p else 0 for p in piles]

    out: dict[str, list[int]] = {}
    scoring = rules.scoring
    if scoring in ("standard", "denari", "romano"):
        out["scope"] = list(scope)
        out["carte"] = award(most([len(p) for p in piles], rules.carte_min, rules.misere))
        denari = [sum(1 for _, suit in p if suit == "D") for p in piles]
        if scoring == "romano":  # O8 Scopone romano: each denaro 1, the Settebello 2
            out["denari"] = [d - h for d, h in zip(denari, has(7, "D"))]
            out["settebello"] = [2 * h for h in has(7, "D")]
        else:
            out["denari"] = award(most(denari, 1, rules.misere))
            out["settebello"] = has(7, "D")
        if scoring != "denari" and rules.primiera != "none":  # O8: Punti a denari, no primiera
            out["primiera"] = award(primiera_winners(rules, piles))
        if scoring == "denari":
            out["denari_figures"] = [sum(1 for r, suit in p if suit == "D" and r >= 8) for p in piles]
    elif scoring == "frac":  # [002] FRAC: 1 point per Fante, Re, Asso and Cavallo, nothing else
        out["frac"] = [sum(1 for r, _ in p if r in (1, 8, 9, 10)) for p in piles]
    elif scoring == "mazzetto":  # SB23: each card taken is a point
        out["mazzetto"] = [len(p) for p in piles]
    if rules.settanta:
        out["settanta"] = [1 if sum(1 for r, _ in p if r == 7) == 4 else 0 for p in piles]
    if rules.rebello:
        out["rebello"] = has(10, "D")
    if rules.rosmarino:
        out["rosmarino"] = has(8, "S")
    if rules.napola:
        runs = []
        for p in piles:
            run = 0
            while (run + 1, "D") in p and run < 10:
                run += 1
            runs.append(run if run >= 3 else 0)
        out["napola"] = runs
    return out


KNOWN = {"scope", "carte", "denari", "settebello", "primiera", "denari_figures", "frac", "mazzetto", "settanta",
         "rebello", "rosmarino", "napola"}


def expected_winner(rules: RuleSet, totals: list[int], prese: list[list[int]]) -> int | None:
    """R8, O10, O11 (S7), O12 (SB71) and O8's napola_wins (SB54 for Cicera's spade): the side that
    has won once a hand has ended with these totals, or None while the match plays on."""
    suits = [Counter(rank_suit(c)[1] for c in p) for p in prese]
    if rules.napola_wins:
        whole = [s for s in range(len(prese)) if suits[s]["D"] == rules.deck // 4]
        if whole:
            return whole[0]
    if rules.scoring == "cicera":
        whole = [s for s in range(len(prese)) if suits[s]["S"] == 13]
        if whole:
            return whole[0]
    sides = len(totals)
    if rules.target and max(totals) < rules.target:
        return None
    top = max(totals)
    leaders = [s for s in range(sides) if totals[s] == top]
    if len(leaders) > 1 or any(top - totals[s] < max(rules.lead, 1) for s in range(sides) if s != leaders[0]):
        return None  # R8: a tie (S7: or a lead short of the one asked) plays on; O12: for the loser
    if not rules.misere:
        return leaders[0]
    loser = leaders[0]  # O12: the first side to reach the target loses (SB71)
    after = [(loser + k) % sides for k in range(1, sides)]
    return min(after, key=lambda s: (totals[s], after.index(s)))


@settings(max_examples=examples(150, deep=2000), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(combo=combinations())
def test_random_option_combinations_add_up_and_end_when_the_rules_say(combo):
    variant, options, table, seed = combo
    try:
        rules = rules_for(variant, options)
    except RuleError as e:
        assert str(e), options  # a refusal always says what is wrong
        event(f"refused: {getattr(e, 'reason', None) or str(e)[:40]}")
        assume(False)
    seats = tables(rules)
    rules = seats[table % len(seats)]
    if rules.misere:  # O12, SB70: every table deals all the cards
        assert rules.hand_size * rules.players + rules.table_cards == rules.deck
    if rules.scoring == "denari":
        assert rules.primiera == "none"  # O8, SB70
    event(f"sides {rules.sides}, misère {rules.misere}")
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    totals = [0] * rules.sides
    while m.phase != "over":
        assert len(m.results) < MAX_HANDS, (variant, options, m.totals)
        assert m.winner is None
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
        result = m.results[-1]
        for side, points in enumerate(result.points):
            assert sum(points.values()) == result.totals[side]
            totals[side] += result.totals[side]
        assert m.totals == totals  # hand points add up (R8)
        if rules.deck == 40:
            want = expected_points(rules, m.prese, m.scope)
            assert KNOWN & set(result.categories) == set(want), (options, result.categories, sorted(want))
            for category, per_side in want.items():
                assert [p[category] for p in result.points] == per_side, (category, options)
        expected = expected_winner(rules, totals, m.prese)
        assert m.winner == expected, (options, totals, m.winner, expected)
        assert (m.phase == "over") == (expected is not None)
    again = from_record(to_record(m))  # RULES §6: the record replays to the same totals and winner
    assert again.totals == m.totals and again.winner == m.winner and again.phase == "over"
    assert [r.points for r in again.results] == [r.points for r in m.results]
