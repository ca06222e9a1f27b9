"""ISMCTS after Di Palma & Lanzi (issue 46, item 3; py/scopa_ai/ismcts.py): the benchmarks' sparring
partner plays legally from its seat's view only, takes what a search should take, and repeats
itself for the same seed; bad settings are refused. Legal play in every variant: test_ai.py."""

from __future__ import annotations

import random

import pytest

from deals import dealt
from scopa.cards import parse_card
from scopa.rules import rules_for
from scopa_ai import make_player
from scopa_ai.ismcts import IsmctsPlayer, IsmctsSettings
from scopa_ai.base import LEVELS
from settebello.game import levels
from test_ai import scrambled_positions

SMALL = IsmctsSettings(iterations=150)


def test_it_sweeps_the_table():
    """On 1C 2B 2D 4S (9 in all) the Nine sweeps (a scopa, RULES R5); the Five takes part of it
    and the King takes nothing."""
    m = dealt("scopa", hands={0: "9C 5S 10B"}, table="1C 2B 2D 4S", dealer=1)
    view = m.observe(0)
    play = IsmctsPlayer(random.Random(1), SMALL).choose(view)
    assert play.card == parse_card("9C") and set(play.presa) == set(view.table), play


def test_the_same_seed_gives_the_same_play_and_hidden_cards_are_not_read():
    rules = rules_for("scopa")
    checked = 0
    for seed, (view, view2, m, m2, seat) in scrambled_positions(rules, 12, 9):
        a = IsmctsPlayer(random.Random(seed), IsmctsSettings(iterations=60)).choose(view)
        b = IsmctsPlayer(random.Random(seed), IsmctsSettings(iterations=60)).choose(view2)
        assert a == b and a in view.legal
        checked += 1
        if checked >= 4:
            break
    assert checked >= 3


def test_a_level_for_the_benchmarks_not_offered_to_players():
    assert "ismcts" in LEVELS and isinstance(make_player("ismcts", random.Random(1)), IsmctsPlayer)
    assert "ismcts" not in [lv["id"] for lv in levels()]


@pytest.mark.parametrize("field, value, says", [
    ("iterations", 0, "iterations must be a whole number of at least 1"),
    ("iterations", 2.5, "iterations must be a whole number"),
    ("explore", -1.0, "explore must be a finite number of at least 0"),
    ("eps", 1.5, "eps must be between 0 and 1"),
])
def test_bad_settings_are_refused(field, value, says):
    with pytest.raises(ValueError, match=says):
        IsmctsSettings(**{field: value})
