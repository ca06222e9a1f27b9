"""The person's time used for strength (issue 46, item 4; py/scopa_ai/thinking.py, settebello/ponder.py):
the master's reply gets more searches the longer the person thought, the same reply for the same
seed and thinking time (recorded, so a replay gives the same plays); no thinking time is today's play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.thinking import MAX_SEARCHES, THINK_MS, searches_for, think
from settebello.ponder import Ponder
from settebello.session import Session

SMALL = replace(MasterSettings(), iterations=30, max_ms=float("inf"))  # a cheap master, no time valve


def _position(seed: int) -> Match:
    m = Match.new(rules_for("scopa"), random.Random(seed))
    m.deal_until_played()
    for _ in range(seed % 4):
        m.apply(m.legal_plays()[0])
    return m


def test_searches_bought_by_the_thinking_time():
    assert [searches_for(ms) for ms in (0, 1, THINK_MS - 1, THINK_MS, 2 * THINK_MS, 1e9)] == [1, 1, 1, 2, 3, MAX_SEARCHES]
    for bad in (-1, float("nan"), float("inf"), "5", True, None):
        with pytest.raises(ValueError, match="thinking time"):
            searches_for(bad)
    with pytest.raises(ValueError, match="searches of a reply"):
        think(MasterPlayer(random.Random(1), SMALL), _position(1).observe(_position(1).turn), MAX_SEARCHES + 1)


def test_one_search_is_todays_play_and_more_never_move_the_players_generator():
    """think(..., 1) is `choose`; with more searches the player's own generator ends where
    `choose` leaves it (every later play the same), and the same seed gives the same reply."""
    changed = 0
    for seed in range(8):
        m = _position(seed)
        view = m.observe(m.turn)
        today = MasterPlayer(random.Random(seed), SMALL)
        play = today.choose(view)
        one = MasterPlayer(random.Random(seed), SMALL)
        assert think(one, view, 1) == play and one.rng.getstate() == today.rng.getstate()
        more = MasterPlayer(random.Random(seed), SMALL)
        again = MasterPlayer(random.Random(seed), SMALL)
        reply = think(more, view, MAX_SEARCHES)
        assert think(again, view, MAX_SEARCHES) == reply
        assert more.rng.getstate() == today.rng.getstate()
        assert more.last_values == today.last_values  # the player's own search is today's
        changed += reply != play
    assert changed >= 1  # the extra searches do change some replies


class FakeClock:
    """Seconds that move only when the test says (the person's thinking)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _session(seed: int, clock: FakeClock, strength: bool = True) -> Session:
    """Anna against a cheap master (SMALL, seeded as the session seeds it), the replies searched
    on her time by a Ponder on `clock`."""
    s = Session()
    s.new_game({"variant": "scopa", "seed": seed, "seats": [{"human": True, "name": "Anna"},
                                                            {"human": False, "level": "master", "name": "Bruno"}]})
    game = s.game
    game.players[1] = MasterPlayer(game.players[1].rng, SMALL)
    s.ponder = Ponder(clock, strength=strength)
    return s


def _bruno_to_move(s: Session) -> bool:
    return s.game.match.phase == "play" and s.game.match.turn == 1


def _play(seed: int, thinking_ms: list[float], turns: int = 4, ponder: bool = True,
          strength: bool = True) -> tuple[dict, list[int]]:
    """Anna plays the expert's hint `turns` times, thinking `thinking_ms[i]` ms (the Ponder
    searching meanwhile) before her i-th play: the session's save (its record and states) and the
    index in the hand of each of her plays."""
    clock = FakeClock()
    s = _session(seed, clock, strength)
    if not ponder:
        s.ponder_set(False)
    hers = []
    for i in range(turns):
        while _bruno_to_move(s):
            assert "error" not in s.computer_step()
        s.ponder_step(8.0)  # the clock stands still: every search of this position is made
        clock.t += thinking_ms[i] / 1000.0
        hers.append(len(s.game.match.log[-1].plays))
        assert "error" not in s.play(s.hint("expert")["notation"])
    while _bruno_to_move(s):
        s.computer_step()
    return s.save(), hers


def test_no_thinking_time_is_todays_play():
    """Replies searched on the person's time but taken at once: the very plays, states and record
    of a session that never searched on her time; nothing noted as thinking."""
    quick, _ = _play(3, [0, 0, 0, 0])
    unpondered, _ = _play(3, [0, 0, 0, 0], ponder=False)
    assert quick == unpondered
    assert "thinking" not in quick["record"]


def test_thinking_time_buys_searches_and_is_recorded_and_replayed():
    """The person's thinking buys the replies their searches; the record notes each (ms and
    searches); the same seed and thinking times give the same match (a replay from the record's
    times), and the plays differ from the ones without thinking time."""
    times = [2.5 * THINK_MS, 0.0, 1.2 * THINK_MS, 2.2 * THINK_MS]
    first, hers = _play(7, times)
    thinking = first["record"]["thinking"]
    # a reply that is not searched (one legal play, a last round solved) takes no more searches
    assert len(thinking) >= 2
    for t in thinking:
        assert t["seat"] == 1 and t["hand"] == 0 and t["play"] - 1 in hers
        assert t["ms"] == round(times[hers.index(t["play"] - 1)]) and t["searches"] == searches_for(t["ms"]) > 1
    # a replay: the same seed, the person's plays and her thinking times read from the record
    replayed, _ = _play(7, [next((t["ms"] for t in thinking if t["play"] == i + 1), 0) for i in hers])
    assert replayed == first
    today, _ = _play(7, [0, 0, 0, 0])
    assert today["record"]["hands"] != first["record"]["hands"]
    # the same thinking without the strength (the session's default: tests, benchmarks) is today's
    unbought, _ = _play(7, times, strength=False)
    assert unbought == today


def test_the_session_switches_the_strength_and_refuses_a_wrong_value():
    s = Session()
    assert s.strength is False and s.ponder.strength is False
    assert s.call("ponder_strength", True)["on"] is True and s.ponder.strength is True
    s.ponder_set(False)
    assert s.ponder.strength is True  # a new Ponder keeps the session's choice
    answer = s.call("ponder_strength", "yes")
    assert "on (true) or off (false)" in answer["error"] and s.strength is True


def test_a_save_keeps_the_thinking_and_a_damaged_one_is_refused():
    saved, _ = _play(3, [2.5 * THINK_MS, 0.0, 0.0, 0.0])
    s = Session()
    assert "error" not in s.restore(saved)
    assert s.save()["record"]["thinking"] == saved["record"]["thinking"]
    for bad, says in (([{"hand": 0}], "each reply of the record's thinking"),
                      ([{**saved["record"]["thinking"][0], "searches": 2}], "searches its time does not give"),
                      ([{**saved["record"]["thinking"][0], "play": 99}], "does not hold"),
                      ("lots", "must be a list")):
        damaged = {**saved, "record": {**saved["record"], "thinking": bad}}
        before = s.save()
        answer = s.restore(damaged)
        assert says in answer["error"], answer
        assert s.save() == before  # nothing changed


def test_undo_forgets_the_thinking_of_the_plays_taken_back():
    clock = FakeClock()
    s = _session(3, clock)
    while _bruno_to_move(s):
        s.computer_step()
    s.ponder_step(8.0)
    clock.t += 2.5 * THINK_MS / 1000.0
    s.play(s.hint("expert")["notation"])
    while _bruno_to_move(s):
        s.computer_step()
    assert len(s.game.thinking) == 1
    s.undo()
    assert s.game.thinking == []
