"""The match loop (scopa.loop), written once for the arena, tournaments, the bridge and the session."""

from __future__ import annotations

import random

import pytest

from scopa import IllegalPlayError, Match, Play, rules_for
from scopa.loop import hands_dealt, play_match, play_turn


class Random:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.legal)


class Cheat:
    """Plays a card it does not hold."""

    def choose(self, view):
        return Play(next(c for c in range(40) if c not in view.hand))


def test_play_match_deals_and_plays_every_turn_to_the_end():
    m = Match.new(rules_for("scopa"), random.Random(3))
    players = [Random(1), Random(2)]
    turns = list(play_match(m, players))
    assert m.phase == "over" and m.winner is not None
    assert [t.event for t in turns] == [e for h in m.log for e in h.events]
    assert all(t.ms >= 0 and t.play == t.event.play for t in turns)
    assert hands_dealt(m) == len(m.results) >= 1
    assert play_turn(m, players) is None  # nothing more to play


def test_max_hands_stops_before_dealing_past_them():
    m = Match.new(rules_for("scopa", {"target": 99}), random.Random(4))
    turns = list(play_match(m, [Random(1), Random(2)], max_hands=1))
    assert hands_dealt(m) == 1 and m.phase == "deal" and len(turns) == 36


def test_the_timer_measures_only_the_choice():
    ticks = iter(range(0, 10_000, 5))
    m = Match.new(rules_for("scopa"), random.Random(5))
    turn = play_turn(m, [Random(1), Random(2)], timer=lambda: next(ticks))
    assert turn.ms == 5 and turn.event is not None


def test_an_illegal_choice_is_refused_by_the_engine():
    m = Match.new(rules_for("scopa"), random.Random(6))
    with pytest.raises(IllegalPlayError):
        play_turn(m, [Cheat(), Cheat()])
