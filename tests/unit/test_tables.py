"""Every preset at every table O1 allows (py/scopa/tables.py): the deal that goes with it (O2,
SB1), the refusal of a table RULES does not seat, and whole matches played at each table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from depth import examples

from scopa import PRESETS, Match, preset
from scopa.errors import RuleError
from scopa.tables import SEATINGS, seat, tables

from test_properties import play_checked


def shape(rules):
    return rules.players, rules.teams, rules.hand_size, rules.table_cards


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_preset_is_offered_at_its_own_table_first_and_at_every_seating_of_o1(variant):
    rules = preset(variant).rules
    offered = tables(rules)
    assert offered[0] == rules
    seatings = {(t.players, t.teams) for t in offered}
    if rules.deck == 40:
        assert seatings == {(n, ts) for n, many in SEATINGS.items() for ts in many}  # O1, and 5 of O2
    else:  # SB37: the 52 and the 80 cards share out equally among 2 or 4 only
        assert seatings == {(2, "none"), (4, "pairs"), (4, "none")}
    for t in offered:
        t.validate()
        assert (t.deck - t.table_cards) % (t.hand_size * t.players) == 0  # equal deals use the deck up
        # only the table changed: every other rule of the preset is as it was
        assert {k: v for k, v in t.options().items() if k not in ("players", "teams", "hand_size", "table_cards")} \
            == {k: v for k, v in rules.options().items() if k not in ("players", "teams", "hand_size", "table_cards")}


def test_escoba_for_four_and_six_in_teams_keeps_its_deal_and_its_lead():
    escoba = preset("escoba").rules
    for players, teams, sides in ((4, "pairs", 2), (6, "pairs", 3), (6, "triples", 2)):
        t = seat(escoba, players, teams)
        assert shape(t) == (players, teams, 3, 4) and t.sides == sides
        assert (t.capture, t.primiera, t.lead) == ("fifteen", "sevens", 2)


def test_sb1_a_deal_that_does_not_fit_takes_the_o2_deal_nearest_the_presets():
    scopone = preset("scopone").rules  # 9 each and 4 on the table
    assert shape(seat(scopone, 3, "none")) == (3, "none", 6, 4)   # O2: 3 players 6 each
    assert shape(seat(scopone, 2, "none")) == (2, "none", 9, 4)   # 36 cards in two deals of 9: kept
    assert shape(seat(scopone, 6, "pairs")) == (6, "pairs", 6, 4)
    assert shape(seat(preset("scopa").rules, 5, "none")) == (5, "none", 7, 5)  # O2: 5 on the table
    assert shape(seat(preset("scopone-a-dieci").rules, 2, "none")) == (2, "none", 10, 0)


@pytest.mark.parametrize("players, teams", [(6, "none"), (5, "pairs"), (3, "pairs"), (2, "pairs"), (7, "none"),
                                            (1, "none"), ("4", "pairs"), (4, "quartets")])
def test_a_table_rules_do_not_seat_is_refused_with_the_tables_that_are(players, teams):
    with pytest.raises(RuleError, match="the tables are") as refused:
        seat(preset("scopa").rules, players, teams)
    assert refused.value.reason == "table"


@settings(max_examples=examples(40), deadline=None)
@given(variant=st.sampled_from(sorted(PRESETS)), which=st.integers(0, 6), seed=st.integers(0, 2**32 - 1))
def test_random_play_at_any_offered_table_ends_the_match(variant, which, seed):
    offered = tables(preset(variant).rules)
    rules = offered[which % len(offered)]
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    play_checked(m, rng)
    assert m.phase == "over" and m.winner is not None and len(m.totals) == rules.sides
