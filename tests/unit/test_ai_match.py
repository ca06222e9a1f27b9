"""The master plays for the match: match equity (R8, O10–O12) and what earlier hands taught it."""

from __future__ import annotations

import random

import pytest

from scopa_ai import make_player
from scopa_ai.endgame import solve
from scopa_ai.equity import equity
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.styles import CAREFUL, NOVICE
from scopa.cards import parse_cards
from scopa.rules import rules_for
from scopa.state import Match, match_winner


def test_equity_is_the_chance_of_winning_the_match():
    """Equal players: an even chance at 0–0, a side's chance and the other's add up to one, more
    points mean a better chance, and a finished match is won or lost (R8: a tie plays on)."""
    eq = equity(rules_for("scopa"))
    assert eq.start(0, 0) == pytest.approx(0.5)
    for a, b in ((5, 0), (10, 3), (9, 9), (2, 7), (10, 10)):
        assert eq.start(a, b) + eq.start(b, a) == pytest.approx(1.0)
    assert eq.start(3, 3) < eq.start(7, 3) < eq.start(10, 3) < 1.0
    assert eq.after(11, 10) == 1.0 and eq.after(10, 11) == 0.0 and eq.after(14, 3) == 1.0
    assert eq.after(11, 11) == pytest.approx(0.5)  # tied past the target: another hand
    # A point matters most when the match hangs on this hand, least when it is all but decided.
    assert eq.point(9, 9) > eq.point(0, 0) > eq.point(10, 2)


def test_equity_follows_the_rule_set():
    """Target, lead and misère come from the rule set: a single-hand match is won by the hand,
    Escoba's 2-point lead (O11) keeps an 11–10 match going, misère's first to the target loses."""
    single = equity(rules_for("scopa", {"target": 0}))
    assert single.after(3, 2) == 1.0 and single.after(2, 3) == 0.0
    escoba = equity(rules_for("escoba"))
    assert match_winner(escoba.rules, (11, 10)) is None and 0.0 < escoba.after(11, 10) < 1.0
    assert escoba.after(12, 10) == 1.0
    misere = equity(rules_for("scopa", {"misere": True}))
    assert misere.after(11, 5) == 0.0 and misere.after(5, 11) == 1.0
    assert misere.start(8, 2) < 0.5  # nearer the target is worse
    assert equity(rules_for("scopa-a-tre")) is None  # three sides: points, not equity


def _last_round_at(totals: list[int]) -> Match:
    """A two-player hand at its last round, every card known: seat 0 holds 4C 8C 10D against
    8S 10B 10S; on the table 2D 3C 6D 7C 8D; seat 0 has 15 cards and no scopa, seat 1 14 and one."""
    m = Match(rules_for("scopa"), first_dealer=1)
    assert m.deal(parse_cards(
        "5C 6S 2S 9D 4S 7B 3D 3S 3B 1D 5S 8B 9B 5D 2C 1S 4B 6B 1B 1C 9S 6C 10C 5B 8D 9C 2B 7D 3C 7C"
        " 7S 2D 4D 6D 10D 8S 4C 10B 8C 10S".split()))
    for text in ("2S 9D:1D+2S+3B+3S 4S 7B:3D+4S 5C 6S 5S:5C 5D 2C 1S 9B:1S+2C+6S 8B 9S 6C 4B 1C"
                 " 1B:1C 6B:6C 2B 5B:5D 10C:2B+8B 7D 8D 9C:9S 4D:4B 2D 7S:7D 7C 3C 6D").split():
        m.play(text)
    m.totals = list(totals)
    return m


def test_master_plays_the_last_round_for_the_match():
    """At 9–6 the master takes 3C+7C with its 10D: the line that brings it to 11 first and wins
    the match. Both captures with the 10D lose the hand by one point, so a player of points alone
    (the same master without equity) takes 2D+8D, after which the match may well go on; at 0–0
    the master does the same."""
    m = _last_round_at([9, 6])
    win, other = m.parse_play("10D:3C+7C"), m.parse_play("10D:2D+8D")
    view = m.observe(0)
    assert view.hand == tuple(parse_cards(["4C", "8C", "10D"]))
    eq = equity(view.rules)
    values = dict(solve(view, lambda tot: eq.after(9 + tot[0], 6 + tot[1])))
    assert values[win] == 1.0 and values[other] < 0.9
    assert MasterPlayer(random.Random(1)).choose(view) == win
    assert MasterPlayer(random.Random(1), MasterSettings(equity=False)).choose(view) == other
    # At 0–0, against a player who finds its best reply, the master takes 2D+8D too.
    assert MasterPlayer(random.Random(1), MasterSettings(chance=False)).choose(_last_round_at([0, 0]).observe(0)) == other


def test_master_plays_the_last_round_against_how_the_opponent_plays():
    """The scripted opponent of `_last_round_at` played like a novice. At 0–0, against best replies
    the master's 2D+8D is the better line; against this novice, whose plays it weighs as a novice
    makes them, 3C+7C wins more often, and the master takes that."""
    view = _last_round_at([0, 0]).observe(0)
    master = MasterPlayer(random.Random(1))
    weights = master.kinds(view)
    assert weights[1][NOVICE] > 0.9
    eq = master.match_equity(view, weights)
    assert eq is equity(view.rules, NOVICE)
    exact = dict(solve(view, lambda tot: eq.after(tot[0], tot[1])))
    chance = dict(solve(view, lambda tot: eq.after(tot[0], tot[1]), master.last_round_opponent(weights)))
    m = _last_round_at([0, 0])
    take37, take28 = m.parse_play("10D:3C+7C"), m.parse_play("10D:2D+8D")
    assert exact[take28] > exact[take37] and chance[take37] > chance[take28]
    assert master.choose(view) == take37
    # Read as careful (the expert solves the last round too), the opponent finds its best reply.
    careful = {1: (1.0, 0.0, 0.0)}
    assert dict(solve(view, lambda tot: eq.after(tot[0], tot[1]), master.last_round_opponent(careful))) == exact


def _two_hands(level: str, seed: int) -> tuple[MasterPlayer, MasterPlayer, Match]:
    """A match of the master (seat 0) against `level` through its first hand to the first play
    of the second that is the master's; and a fresh master for comparison."""
    rng = random.Random(seed)
    m = Match.new(rules_for("scopa", {"target": 21}), rng)
    master = MasterPlayer(random.Random(seed), MasterSettings(iterations=4))
    other = make_player(level, random.Random(seed + 1))
    m.deal_until_played()
    while not (m.results and m.phase == "play" and m.turn == 0):
        if m.phase == "deal":
            m.deal_until_played()
            continue
        view = m.observe(m.turn)
        m.apply((master if m.turn == 0 else other).choose(view))
    master.watch(m.observe(0))
    return master, MasterPlayer(random.Random(seed), MasterSettings(iterations=4)), m


@pytest.mark.parametrize(("level", "kind", "least"), [("expert", CAREFUL, 0.8), ("beginner", NOVICE, 0.5)])
def test_master_remembers_what_kind_of_player_it_faces(level, kind, least):
    """A hand against the expert (or the beginner) teaches the master what kind of player it
    faces: at the next hand's first play it reads the seat so at once, where a master that did not
    watch the first hand starts from equal weights; a new match starts afresh.
    (The beginner is greedy for cards too: some of its hands read as greedy.)"""
    read = []
    for seed in range(4):
        master, fresh, m = _two_hands(level, seed)
        view = m.observe(0)
        fresh.watch(view)
        assert fresh.kinds(view)[1] == pytest.approx((1 / 3, 1 / 3, 1 / 3))
        read.append(master.kinds(view)[1][kind])
        again = Match.new(rules_for("scopa"), random.Random(seed))
        again.deal_until_played()
        if again.turn != 0:
            again.apply(again.legal_plays()[0])
        master.watch(again.observe(0))
        assert master.kinds(again.observe(0))[1] == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert sum(read) / len(read) > least, read


def test_master_plays_as_the_favourite_against_a_novice():
    """Against a novice the careful side is the favourite: its equity at 0–0 is well over even,
    and a point is worth less to it when ahead than when behind (between equals, the same). Once a
    hand has shown the other seat to be a novice, the master plays for that equity; against the
    expert, for the equity of equals."""
    rules = rules_for("scopa", {"target": 21})
    equals, novice = equity(rules), equity(rules, NOVICE)
    assert equals.start(0, 0) == pytest.approx(0.5) and novice.start(0, 0) > 0.6
    assert novice.point(15, 8) < novice.point(8, 15)
    assert equals.point(15, 8) == pytest.approx(equals.point(8, 15))
    for level, kind in (("beginner", NOVICE), ("expert", CAREFUL)):
        master, fresh, m = _two_hands(level, 2)
        view = m.observe(0)
        assert master.kinds(view)[1][kind] > 0.5
        assert master.match_equity(view, master.kinds(view)) is equity(rules, kind)
        fresh.watch(view)
        assert fresh.match_equity(view, fresh.kinds(view)) is equals  # nothing known yet
        assert MasterPlayer(random.Random(0), MasterSettings(against=False)).match_equity(view, master.kinds(view)) is equals
