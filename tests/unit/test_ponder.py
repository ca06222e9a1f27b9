"""Thinking on the person's time (issue 26, settebello/ponder.py): the computer's reply searched
while the person chooses is the very reply it makes without it, read from its own view only."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from depth import DEEP, spread

from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai import base
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.pimc import PimcPlayer, PimcSettings
from settebello.ponder import Ponder
from settebello.session import Session
from deals import played_into


@pytest.fixture
def small_master(monkeypatch):
    """The master on a small budget (the same search, fewer rollouts), to keep the tests fast; by
    default pimc too (the same search over fewer deals; the deep run: pimc as shipped)."""
    monkeypatch.setitem(base.LEVELS, "master", lambda rng: MasterPlayer(rng, MasterSettings(iterations=12)))
    if not DEEP:
        monkeypatch.setitem(base.LEVELS, "pimc", lambda rng: PimcPlayer(rng, PimcSettings(deals=4)))


def play_out(s: Session, plays: int, seed: int, think: str) -> list[str]:
    """Play `plays` plays: the person picks a legal play at random (its own generator), and before
    each of them the worker thinks as `think` says: "all" (every reply searched to its end),
    "some" (one slice of one deal: the rest of the reply searched on the computer's turn) or
    "none". What each computer reply came as ("ready", "finished" or "searched")."""
    rng = random.Random(seed)
    came = []
    for _ in range(plays):
        v = s.view()
        if v["phase"] == "deal":
            s.next_hand()
        elif v["phase"] != "play":
            break
        elif v["waiting"] == "human":
            if think == "all":
                while s.ponder_step(50.0):
                    pass
            elif think == "some":
                s.ponder_step(0.0)
            legal = v["legal"]
            assert "error" not in s.play(legal[rng.randrange(len(legal))]["notation"])
            if think != "none":
                assert not s.ponder_step(5.0)  # the page's worker thinks between any two requests
        else:
            taken = s.ponder.taken
            assert "error" not in s.computer_step()
            came.append(s.ponder.last if s.ponder.taken > taken else "searched")
    return came


# by default the master at Scopone and pimc at Scopa; every pair in the deep run
@pytest.mark.parametrize("level,variant", spread(["master", "pimc"], ["scopone", "scopa"]))
def test_replies_on_the_persons_time_are_the_replies_without(small_master, level, variant):
    seats = [{"human": True, "name": "Anna"}] + [{"human": False, "level": level}] * (rules_for(variant).players - 1)
    plays = 40 if variant == "scopa" else 24
    records, came = [], {}
    for think in ("none", "all", "some"):
        s = Session()
        s.new_game({"variant": variant, "seed": 8, "seats": seats})
        if think == "none":
            s.ponder_set(False)
        came[think] = play_out(s, plays, seed=3, think=think)
        records.append((s.save()["record"]["hands"], s.view()))
    assert records[0] == records[1] == records[2]
    assert set(came["none"]) == {"searched"}
    # Every reply to the person (the seat after hers) came ready; the others' searched as always.
    assert "ready" in came["all"] and "finished" not in came["all"]
    assert "finished" in came["some"] or level == "pimc"


def test_a_new_position_drops_the_replies_of_the_last(small_master):
    s = Session()
    s.new_game({"variant": "scopa", "seed": 2, "seats": [{"human": True}, {"human": False, "level": "master"}]})
    if s.view()["waiting"] != "human":
        s.computer_step()
    assert s.ponder_step(0.0)  # a search has begun
    assert s.ponder_status()["planned"] >= 1
    s.new_game({"variant": "scopa", "seed": 3, "seats": [{"human": False, "level": "master"}, {"human": True}]})
    assert s.view()["waiting"] != "human"
    assert not s.ponder_step(5.0)  # a computer's turn: nothing to search
    assert s.ponder_status()["planned"] == 0
    assert s.ponder_set(False)["on"] is False and not s.ponder_step(5.0)
    assert "error" in s.call("ponder_set", "yes")


def scrambled_for(m: Match, seat: int, keep: int, seed: int) -> Match:
    """`m` with the cards `seat` has not seen moved among the places it cannot see (the other
    hands and the mazzo), card `keep` staying in its hand; when playing it ends the round, the
    next round's cards stay too (`seat` sees its new hand before it replies)."""
    twin = m.clone()
    spots = [(s, i) for s in range(m.n) if s != seat for i, c in enumerate(m.hands[s]) if c != keep]
    dealt = m.n * m.rules.hand_size if sum(len(h) for h in m.hands) == 1 else 0
    spots += [(None, i) for i in range(dealt, len(m.mazzo))]
    cards = [m.mazzo[i] if s is None else m.hands[s][i] for s, i in spots]
    random.Random(seed).shuffle(cards)
    for (s, i), c in zip(spots, cards):
        if s is None:
            twin.mazzo[i] = c
        else:
            twin.hands[s][i] = c
    for h in twin.hands:
        h.sort()
    return twin


@pytest.mark.parametrize("level", ["master", "pimc"])
def test_a_reply_on_the_persons_time_never_reads_a_hidden_card(level):
    """The reply searched to each play of the person is the same with every card the computer
    has not seen (the person's other cards, the mazzo) moved elsewhere."""
    rules = rules_for("scopa")
    checked = 0
    for seed in range(12):
        m = played_into(rules, seed, seed % 11)
        person, computer = m.turn, (m.turn + 1) % m.n
        play = m.legal_plays()[seed % len(m.legal_plays())]
        twin = scrambled_for(m, computer, play.card, seed + 50)
        views = []
        for match in (m, twin):
            after = match.clone()
            after.apply(play)
            views.append(after.observe(computer))
        assert views[0] == views[1] and (m.hands != twin.hands or m.mazzo != twin.mazzo)
        replies = []
        for match in (m, twin):
            player = (MasterPlayer(random.Random(seed), MasterSettings(iterations=8)) if level == "master"
                      else PimcPlayer(random.Random(seed), PimcSettings()))
            players = [None] * m.n
            players[computer] = player
            seats = [{"human": s == person} for s in range(m.n)]
            game = SimpleNamespace(match=match, seats=seats, players=players, lesson=None)
            ponder = Ponder()
            while ponder.step(game, 50.0):
                pass
            ready = {r.play: r.answer for r in ponder.replies}
            assert play in ready
            replies.append(ready[play])
        assert replies[0] == replies[1]
        checked += 1
    assert checked == 12
