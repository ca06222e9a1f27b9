"""The beginner's greed (scopa_ai/levels.py BeginnerPlayer.scores): a sweep counted by what it is
worth to the sweeper, in a misère as in the classic game (in Scopa a non prendere a scopa is a
point, which a player there wants least of)."""

from __future__ import annotations

from dataclasses import replace

from scopa.cards import parse_cards
from scopa.rules import rules_for
from scopa.state import Play
from scopa_ai.levels import BeginnerPlayer

from deals import played_into


def _choice_of_a_scopa_or_a_lay(variant: str):
    """The view of a `variant` hand's first play, made a table of one Five: the player's Five of
    Swords takes it (a scopa), or its Two of Clubs is laid down."""
    m = played_into(rules_for(variant), 1, 0)
    view = m.observe(m.turn)
    five, five_s, two = parse_cards(["5C", "5S", "2B"])
    return replace(view, table=(five,), hand=(five_s, two),
                   legal=(Play(five_s, (five,)), Play(two, ())))


def test_a_beginner_wants_a_scopa_in_the_classic_game_and_shuns_it_in_a_misere():
    classic = BeginnerPlayer.scores(_choice_of_a_scopa_or_a_lay("scopa"))
    assert classic[0] > classic[1]  # a card taken and a scopa: the most it can score
    misere = BeginnerPlayer.scores(_choice_of_a_scopa_or_a_lay("non-prendere"))
    # a card and a point taken, worse than nothing taken by as much as the classic game's better
    assert misere[0] < misere[1] and misere[1] - misere[0] == classic[0] - classic[1]
