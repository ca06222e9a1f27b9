"""The PIMC levels (issue 26): sampled deals searched by alpha-beta, votes; the master's sparring partner."""

from __future__ import annotations

import random

import pytest

from scopa.cards import parse_cards as _parse_cards
from scopa.rules import rules_for
from scopa.state import Match, Play
from scopa_ai import LEVELS, hint, make_player
from scopa_ai.base import PIMC2_NODES
from scopa_ai.heuristics import knowledge
from scopa_ai.pimc import PimcPlayer, PimcSettings, _Deal, _OutOfNodes, searchable

from test_ai import scrambled_positions


def parse_cards(text: str) -> list[int]:
    """Cards written in one string, space apart ("7D 10S")."""
    return _parse_cards(text.split())


def position(hand: str, table: str, other: str, mazzo: str = "", plays: int = 0) -> Match:
    """A two-player Scopa match with seat 0 to move holding `hand`, `table` face up, seat 1
    holding `other` and `mazzo` left in the deck (the rest of the deck already taken by seat 1)."""
    rules = rules_for("scopa")
    m = Match.new(rules, random.Random(0))
    m.deal_until_played()
    m.hands = [sorted(parse_cards(hand)), sorted(parse_cards(other))]
    m.table = sorted(parse_cards(table))
    m.mazzo = parse_cards(mazzo)
    used = set(m.hands[0]) | set(m.hands[1]) | set(m.table) | set(m.mazzo)
    m.prese = [[], [c for c in range(40) if c not in used]]
    m.turn = 0
    return m


def test_levels_registered_with_their_budgets():
    assert LEVELS["pimc"](random.Random(1)).settings == PimcSettings(deals=12, depth=5)
    assert LEVELS["pimc2"](random.Random(1)).settings == PimcSettings(deals=24, depth=10, max_nodes=PIMC2_NODES)
    assert make_player("pimc", random.Random(1)).name == "pimc"


@pytest.mark.parametrize("bad", [{"deals": 0}, {"depth": 0}, {"max_nodes": -1}, {"deals": 2.5}, {"depth": True}])
def test_settings_refuse_a_bad_budget(bad):
    with pytest.raises(ValueError):
        PimcSettings(**bad)
    with pytest.raises(TypeError):
        PimcPlayer(random.Random(1), {"deals": 3})


def test_takes_the_scopa():
    m = position("3D 5C 9B", "2S 3C", "1D 4B 6S")
    play = make_player("pimc", random.Random(4)).choose(m.observe(0))
    assert play == Play(parse_cards("5C")[0], tuple(sorted(parse_cards("2S 3C"))))


def test_takes_the_settebello_rather_than_another_seven():
    m = position("7C 1B 2B", "7D 4S", "6S 10C 9B")
    play = make_player("pimc", random.Random(4)).choose(m.observe(0))
    assert play.card == parse_cards("7C")[0] and play.presa == tuple(parse_cards("7D"))


def test_leaves_no_sweep_it_can_avoid():
    """Laying the 1 (table 1+4=5) or the 2 (2+4=6) leaves a sweep to the opponent, who holds a 5
    and a 6 (the deck is empty and every other card taken: its hand is all that is unseen);
    laying the 10 on the 4 leaves 14, which no card sweeps: the search lays the 10."""
    m = position("1B 2C 10S", "4S", "5D 6C 9B")
    view = m.observe(0)
    assert all(not p.presa for p in view.legal)
    play = make_player("pimc", random.Random(4)).choose(view)
    assert play.card == parse_cards("10S")[0]


def test_last_capture_takes_the_table_at_the_hands_end():
    """R6 in the search: with the deck empty, the cards left on the table at the last play go to
    the side that took last; the search's value counts them for it."""
    m = position("3C", "7D 4S", "9B")
    m.last_capturer = 0
    k = knowledge(m.rules)
    deal = _Deal(m, k, side=0, sides=2)
    # Seat 0 lays the 3 (no capture: 3 is not on the table and no pair makes 3), seat 1 lays the 9:
    # the table (7D 4S 3C 9B) goes to seat 0, the last to take.
    value = deal.after(0, Play(parse_cards("3C")[0], ()), list(m.table), 5, -1e9, 1e9, 0, 2, 1)
    assert value == pytest.approx(sum(k.worth[c] for c in parse_cards("7D 4S 3C 9B")))
    m.last_capturer = 1
    value = deal.after(0, Play(parse_cards("3C")[0], ()), list(m.table), 5, -1e9, 1e9, 1, 2, 1)
    assert value == pytest.approx(-sum(k.worth[c] for c in parse_cards("7D 4S 3C 9B")))


def test_same_seed_same_play_and_votes():
    m = Match.new(rules_for("scopa"), random.Random(11))
    m.deal_until_played()
    view = m.observe(m.turn)
    a, b = PimcPlayer(random.Random(5)), PimcPlayer(random.Random(5))
    assert a.choose(view) == b.choose(view) and a.last_votes == b.last_votes
    assert sum(a.last_votes.values()) == 12 or len(view.legal) == 1


@pytest.mark.parametrize("level", ["pimc", "pimc2"])
def test_published_budget_never_reads_hidden_cards(level):
    """The shipped budgets (not the tests' small ones of test_ai.py): the same play from a view
    whose hidden cards are scrambled, in two-player Scopa."""
    rules = rules_for("scopa")
    checked = 0
    for seed, (view, view2, *_) in scrambled_positions(rules, 30, 17):
        assert make_player(level, random.Random(seed)).choose(view) == \
            make_player(level, random.Random(seed)).choose(view2)
        checked += 1
    assert checked >= 10


def test_bound_of_positions_stops_deeper_searches_and_restores_the_deal():
    m = Match.new(rules_for("scopone"), random.Random(3))
    m.deal_until_played()
    view = m.observe(m.turn)
    p = PimcPlayer(random.Random(2), PimcSettings(deals=2, depth=10, max_nodes=150))
    play = p.choose(view)
    assert play in view.legal and p.cut == 2
    # Every deal's search is kept within its bound (plus the first one-ply answer's positions).
    assert p.last_nodes <= 2 * (150 + 1)
    q = PimcPlayer(random.Random(2), PimcSettings(deals=2, depth=10, max_nodes=150))
    assert q.choose(view) == play
    # A search stopped by the bound gives back every card it played on the deal.
    deal = _Deal(m, knowledge(m.rules), view.side, 2, max_nodes=50)
    with pytest.raises(_OutOfNodes):
        p.search_to(deal, m, list(view.legal), knowledge(m.rules), view, 10)
    assert deal.hands == [list(h) for h in m.hands]


def test_plays_as_the_expert_where_the_search_knows_not_the_plays():
    for variant in ("rubamazzo", "cascina", "fidasse", "maresciallo"):
        m = Match.new(rules_for(variant), random.Random(1))
        m.deal_until_played()
        view = m.observe(m.turn)
        assert not searchable(view)
        assert make_player("pimc", random.Random(3)).choose(view) == make_player("expert", random.Random(3)).choose(view)
    m = Match.new(rules_for("scopone"), random.Random(1))
    m.deal_until_played()
    assert searchable(m.observe(m.turn))


def test_hint_with_pimc_is_legal_and_repeatable():
    m = Match.new(rules_for("scopa"), random.Random(5))
    m.deal_until_played()
    view = m.observe(m.turn)
    a = hint(view, "pimc")
    assert a in view.legal and a == hint(view, "pimc")


