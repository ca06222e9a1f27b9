"""Property tests over random seeds, variants and seatings: the invariants hold at every step."""

import random
from math import comb

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples

from scopa.mechanics import special_sweeps
from scopa.cards import DECKS
from scopa import (DECK, PRESETS, IllegalPlayError, Match, Play, from_record, rules_for, sample_match,
                   to_record)
from scopa.rules import CAPTURE_MODES

SEATINGS = [{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": "pairs"}, {"players": 6, "teams": "pairs"},
            {"players": 6, "teams": "triples"}]
variants = st.sampled_from(sorted(PRESETS))
seeds = st.integers(0, 2**32 - 1)


def all_cards(m: Match) -> list[int]:
    found = list(m.table) + list(m.mazzo) + [c for b in m.cascine for c in b.cards]  # SB30: builds
    found += [c.card for c in m.claims if c.answer is None]  # SB61: a claimed card face down, awaiting its answer
    for h in m.hands:
        found += h
    for p in m.prese:
        found += p
    return found


def point_range(m: Match, category: str) -> tuple[int, int]:
    """The fewest and the most points one side can score in a category in one hand, by the rule set
    (SB6: traditional scope, counting modulo, score `scopa_tradizionale` each, -1 in Modulo sette)."""
    n = m.rules.deck
    if category == "tradizionali":
        worth = m.rules.scopa_tradizionale
        return min(0, 40 * worth), max(0, 40 * worth)
    if category in special_sweeps(m.rules):  # SB41, SB42: sweeps of their own worth, each at most once a card
        worth = special_sweeps(m.rules)[category]
        return min(0, n * worth), max(0, n * worth)
    copies = 2 if n == 80 else 1
    if category in ("marescialli", "saponificatrice"):  # SB40, SB44: each Re di picche taken costs 1
        return -copies, 0
    if category == "fidasse":
        return -40, 0  # SB65: a point lost per doubt proved wrong, at most one a play
    if category == "accuse":
        # every combination of every kind in each hand a side's players are dealt (SB10, SB11)
        r = m.rules
        hands = (40 - r.table_cards) // r.hand_size // r.sides
        return 0, hands * sum(k.points * comb(r.hand_size, k.size) for k in r.accuse_kinds)
    return 0, {"scope": n, "denari": 9, "settebello": 2 * copies, "frac": 16, "denari_figures": 3, "napola": 10 * copies,
               "mazzetto": 40, "carte": 2, "napula": 13, "polacca": copies, "grande": 5}.get(category, 1)  # R27


def play_checked(m: Match, rng: random.Random, hands: int = 99) -> None:
    """Play on, checking the invariants at every step."""
    while m.phase != "over" and hands > 0:
        m.deal_until_played()
        while m.phase == "play":
            assert sorted(all_cards(m)) == sorted(DECKS[m.rules.deck])
            plays = m.legal_plays()
            assert plays and len(set(plays)) == len(plays)
            # An illegal play is refused and changes nothing.
            bad = Play(next(c for c in DECKS[m.rules.deck] if c not in m.hands[m.turn]))
            before = repr(m)
            try:
                m.apply(bad)
                raise AssertionError("a card not in hand was accepted")
            except IllegalPlayError:
                pass
            assert repr(m) == before
            m.apply(rng.choice(plays))
        hands -= 1
        if m.results:
            for points in m.results[-1].points:
                for category, value in points.items():
                    low, high = point_range(m, category)
                    assert low <= value <= high, (category, value)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=variants, seed=seeds)
def test_every_variant_conserves_cards_refuses_illegal_plays_and_ends(variant, seed):
    rng = random.Random(seed)
    m = Match.new(rules_for(variant), rng)
    play_checked(m, rng)
    assert m.phase == "over" and m.winner is not None


@settings(max_examples=examples(40), deadline=None)
@given(seating=st.sampled_from(SEATINGS), seed=seeds,
       capture=st.sampled_from([{"capture": c} for c in CAPTURE_MODES] + [{"modulo": 7}, {"modulo": 7, "scopa_tradizionale": -1}]))
def test_any_seating_and_capture_rule(seating, seed, capture):
    rng = random.Random(seed)
    m = Match.new(rules_for("scopa", {**seating, **capture}), rng)
    play_checked(m, rng, hands=2)


@settings(max_examples=examples(40), deadline=None)
@given(variant=variants, seed=seeds, stop=st.integers(0, 200))
def test_a_record_written_and_read_back_replays_to_the_same_position(variant, seed, stop):
    rng = random.Random(seed)
    m = Match.new(rules_for(variant), rng)
    steps = 0
    while m.phase != "over" and steps < stop:
        if m.phase == "deal":
            m.deal()
        else:
            m.apply(rng.choice(m.legal_plays()))
        steps += 1
    again = from_record(to_record(m))
    assert again.phase == m.phase and again.totals == m.totals and again.winner == m.winner
    assert again.hands == m.hands and again.table == m.table and again.prese == m.prese
    assert [r.points for r in again.results] == [r.points for r in m.results]


@settings(max_examples=examples(40), deadline=None)
@given(variant=variants, seed=seeds, steps=st.integers(0, 30))
def test_views_hide_other_hands_and_samples_agree_with_the_view(variant, seed, steps):
    rng = random.Random(seed)
    m = Match.new(rules_for(variant), rng)
    m.deal_until_played()
    for _ in range(steps):
        if m.phase != "play":
            break
        m.apply(rng.choice(m.legal_plays()))
    if m.phase != "play":
        return
    seat = m.turn
    view = m.observe(seat)
    text = repr(view.to_json())
    for other in range(m.n):
        if other != seat:
            assert view.hand != tuple(m.hands[other]) or not m.hands[other]
    # a card shown in a declaration (SB10) is seen, and known to be in its hand
    shown = view.shown()
    assert all(set(cards) <= set(m.hands[s]) for s, cards in shown.items())
    # SB62: a card claimed face down by another seat, pending or trusted, is unseen too
    face_down = sum(1 for c in view.claims if c.card is None)
    assert "mazzo" not in text and len(view.unseen()) + sum(map(len, shown.values())) == \
        len(m.mazzo) + sum(len(h) for s, h in enumerate(m.hands) if s != seat) + face_down
    sample = sample_match(view, random.Random(seed))
    assert sorted(all_cards(sample)) == sorted(DECKS[sample.rules.deck])
    assert all(set(cards) <= set(sample.hands[s]) for s, cards in shown.items())
    assert sample.hands[seat] == m.hands[seat] and sample.table == m.table
    assert [len(h) for h in sample.hands] == [len(h) for h in m.hands]
    assert set(sample.legal_plays()) == set(view.legal)
