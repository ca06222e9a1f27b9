"""Beliefs from plays (issue 46, py/scopa_ai/beliefs.py): a seat's plays this round move what the
master believes it holds, its deals are drawn from that belief, and nothing hidden is read."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from depth import DEEP

from scopa.cards import parse_cards
from scopa.rules import PRESETS, rules_for
from scopa.state import Match, sample_match
from scopa_ai import make_player
from scopa_ai.beliefs import Belief, defined, reading
from scopa_ai.master import MasterPlayer, MasterSettings
from deals import dealt
from test_ai import scrambled_positions

SEVENS = set(parse_cards(["7D", "7C", "7B", "7S"]))


def _sweep_of_seven_left(held: str = "3C 9C 10C", **options) -> Match:
    """Seat 0 took the 3B with its 3C from 1C 1S 2D 3B, where any 7 would have swept the table
    (a scopa, RULES R5); seat 1 (holding 5B 6B 4C) is to move."""
    m = dealt("scopa", hands={0: held, 1: "5B 6B 4C"}, table="1C 1S 2D 3B", **options)
    m.play("3C:3B")
    return m


def test_belief_doubts_a_seven_after_the_sweep_of_seven_was_left():
    """The opponent who left a sweep of 7 is unlikely to hold a 7: each seven's chance in its hand
    falls below half an unseen card's; read as a player who plays anything, the sevens keep about
    an unseen card's chance (a random player's play says only how many plays its hand offered)."""
    view = _sweep_of_seven_left().observe(1)
    uniform = view.hand_counts[0] / len(view.unseen())
    believed = Belief(view, reading(view)).marginals(0)
    assert abs(sum(believed.values()) - view.hand_counts[0]) < 1e-9
    for c in SEVENS:
        assert believed[c] < uniform / 2, (c, believed[c], uniform)
    anything = Belief(view, {0: 0.0}).marginals(0)
    assert all(0.75 * uniform < anything[c] < 1.25 * uniform for c in SEVENS), (anything, uniform)


def test_a_seven_that_had_no_play_is_not_doubted():
    """Control: on 6C 6S 9D 10B a 7 takes nothing; seat 0 took the 9D with its 9C, which says
    nothing of sevens: each keeps at least 3/4 of an unseen card's chance."""
    m = dealt("scopa", hands={0: "9C 3C 10C", 1: "5B 4B 4C"}, table="6C 6S 9D 10B")
    m.play("9C:9D")
    view = m.observe(1)
    uniform = view.hand_counts[0] / len(view.unseen())
    believed = Belief(view, reading(view)).marginals(0)
    for c in SEVENS:
        assert believed[c] > 0.75 * uniform, (c, believed[c], uniform)


def test_deals_are_drawn_from_the_belief_and_fit_the_view():
    """Each drawn deal gives every seat its number of cards, keeps the seat's own hand, the table
    and every unseen card once; sevens land in the opponent's hand far less often than a plain
    deal puts them there (the same seeded generator)."""
    view = _sweep_of_seven_left().observe(1)
    belief = Belief(view, reading(view))
    rng = random.Random(46)
    plain = drawn = 0
    for _ in range(600):
        m = sample_match(view, rng)
        plain += bool(SEVENS & set(m.hands[0]))
        d = belief.draw(sample_match(view, rng), 1, rng)
        drawn += bool(SEVENS & set(d.hands[0]))
        assert d.hands[1] == sorted(view.hand) and d.table == list(view.table)
        assert [len(h) for h in d.hands] == list(view.hand_counts) and len(d.mazzo) == view.deck_left
        assert sorted([*d.hands[0], *d.mazzo]) == sorted(view.unseen())
    assert drawn < plain / 2, (drawn, plain)


def test_the_belief_reads_no_hidden_card():
    """The opponent's other cards and the deck swapped for cards seat 1 cannot see: the same view,
    the same belief, the same play from the master on the same seed."""
    a = _sweep_of_seven_left("3C 9C 10C")
    b = _sweep_of_seven_left("3C 4S 5S", rest="10C 9C")
    va, vb = a.observe(1), b.observe(1)
    assert a.hands[0] != b.hands[0] and va == vb
    assert Belief(va, reading(va)).seats == Belief(vb, reading(vb)).seats
    settings = MasterSettings(iterations=20, belief=True)
    assert MasterPlayer(random.Random(3), settings).choose(va) == MasterPlayer(random.Random(3), settings).choose(vb)


def test_master_with_belief_is_deterministic_from_its_seed():
    """Two masters from the same seed make the same plays through a hand against each other's twin."""
    plays = []
    for _ in range(2):
        m = Match.new(rules_for("scopa"), random.Random(11))
        players = [MasterPlayer(random.Random(5 + s), MasterSettings(iterations=10, belief=True)) for s in range(2)]
        m.deal_until_played()
        seq = []
        while m.phase == "play":
            p = players[m.turn].choose(m.observe(m.turn))
            seq.append(p)
            m.apply(p)
        plays.append(seq)
    assert plays[0] == plays[1]


def test_partners_are_read_as_partners():
    """Four players in pairs: the viewer's partner (seat 2, first to play) took the 3B with its 3C
    where any 7 would have swept; read from its own view, for its own side, it is believed not to
    hold a 7."""
    m = dealt("scopa", {0: "5B 6B 4C", 2: "3C 9C 10C"}, "1C 1S 2D 3B", dealer=1, players=4)
    assert m.turn == 2
    m.play("3C:3B")
    m.apply(m.legal_plays()[0])  # seat 3, the other side
    view = m.observe(0)
    assert view.seat == m.turn == 0 and view.hand_counts[2] == 2
    uniform = view.hand_counts[2] / len(view.unseen())
    believed = Belief(view, reading(view)).marginals(2)
    sevens = [c for c in SEVENS if c in believed]
    assert sevens and all(believed[c] < uniform / 2 for c in sevens), (believed, uniform)


def test_the_model_is_left_out_where_a_mechanic_makes_it_undefined():
    """Declarations (SB10) and steals (SB20): no belief, today's sampler deals every hand."""
    for variant in ("rubamazzo",):
        m = Match.new(rules_for(variant), random.Random(2))
        m.deal_until_played()
        m.apply(m.legal_plays()[0])
        view = m.observe(m.turn)
        assert not defined(view) and Belief(view, {}).seats == {}
    assert defined(_sweep_of_seven_left().observe(1))


# The deep run (scripts/test --deep) plays every variant; the default run one of each kind: two,
# three and four players, 52 and 80 cards, sums, misère, and each mechanic the model leaves out.
SOME = ("scopa", "scopone", "scopa-a-tre", "scopa-a-quattro", "cicera", "maresciallo-80", "escoba", "inversa",
        "rubamazzo", "bazzica", "cascina", "fidasse")


OPPONENT = "pimc" if DEEP else "expert"


@pytest.mark.parametrize("variant", sorted(PRESETS) if DEEP else SOME)
def test_master_with_belief_plays_every_variant_legally(variant):
    """A hand of each variant, the master with its belief against pimc (by default the expert, whose
    plays cost a tenth), every play checked by the engine; where the model is defined, with two
    players, a belief was drawn from. (The master without it: tests/unit/test_ai.py.)"""
    rules = rules_for(variant)
    m = Match.new(rules, random.Random(46))
    master = MasterPlayer(random.Random(1), MasterSettings(iterations=3, belief=True))
    players = [master if s % rules.sides == 0 else make_player(OPPONENT, random.Random(s)) for s in range(m.n)]
    m.deal_until_played()
    believed = 0
    while m.phase == "play":
        view = m.observe(m.turn)
        play = players[m.turn].choose(view)
        assert play in view.legal
        believed += players[m.turn] is master and master._belief is not None and bool(master._belief.seats)
        m.apply(play)
    if rules.players == 2 and defined(view):
        assert believed


def test_belief_setting_refuses_a_non_boolean():
    """`belief` is a switch: MasterSettings refuses another value, naming the field."""
    with pytest.raises(TypeError, match="belief"):
        replace(MasterSettings(), belief=1)


@pytest.mark.parametrize("variant", ["scopa", "scopone", "escoba", "inversa", "scopa-a-quattro", "cicera",
                                     "maresciallo-80"])
def test_no_belief_reads_hidden_cards(variant):
    """Positions of real hands and their twins with every card the seat to move cannot see moved
    (tests/unit/test_ai.py's scramble): the same belief and the same play of the master with it."""
    rules = rules_for(variant)
    checked = weighed = 0
    for seed, (view, view2, m, m2, seat) in scrambled_positions(rules, 60, 13):
        a, b = Belief(view, reading(view)), Belief(view2, reading(view2))
        assert a.seats == b.seats
        weighed += bool(a.seats)
        settings = MasterSettings(iterations=3, belief=True)
        assert (MasterPlayer(random.Random(seed), settings).choose(view)
                == MasterPlayer(random.Random(seed), settings).choose(view2))
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3
    if variant in ("scopa", "escoba", "inversa", "scopa-a-quattro"):
        assert weighed  # elsewhere these early positions have too many hands (MAX_HANDS): today's sampler
