"""The match loop: deal and let the players finish the match, written once.

Anything with `choose(view) -> Play` is a player (the computer levels, a scripted test player).
`play_turn` is one step (deal when a hand is due, then the player to move chooses and plays, the
play checked by the engine); `play_match` repeats it until the match is over. The arena, the
tournament's simulated tables, the speed benchmark's worker and the session's computer turns all use
these, so a match between computers is played the same way everywhere.

    for turn in play_match(match, players):   # players[seat].choose(match.observe(seat))
        print(turn.seat, turn.play, turn.ms)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterator, Protocol, Sequence

from .state import Match, Play, PlayerView, PlayEvent


class Player(Protocol):
    """What the loop needs of a player: a legal play for the view it is shown."""

    def choose(self, view: PlayerView) -> Play:
        """The play this player makes from `view`."""
        ...


def perf_ms() -> float:
    """The default timer: a high-resolution clock in milliseconds."""
    return time.perf_counter() * 1000.0


@dataclass(frozen=True)
class Turn:
    """One player's turn: the seat, its play, its thinking time and (once played) what it did."""

    seat: int
    play: Play
    ms: float
    event: PlayEvent | None = None


def choose_turn(match: Match, players: Sequence[Player | None], timer: Callable[[], float] = perf_ms) -> Turn:
    """The player to move chooses from its own view (only that seat's cards), timed by `timer`
    (milliseconds); the play is not made, so the caller may still refuse it (e.g. on time)."""
    seat = match.turn
    view = match.observe(seat)
    player = players[seat]
    if player is None:
        raise TypeError(f"seat {seat} has no player to choose for it")
    started = timer()
    play = player.choose(view)
    return Turn(seat, play, timer() - started)


def play_turn(match: Match, players: Sequence[Player | None], timer: Callable[[], float] = perf_ms) -> Turn | None:
    """One step of the loop: deal when a hand is due (again after a void deal, R3), then the
    player to move chooses and plays (checked: an illegal play raises IllegalPlayError).
    None when the match is over."""
    if match.phase == "deal":
        match.deal_until_played()
    if match.phase != "play":
        return None
    turn = choose_turn(match, players, timer)
    return Turn(turn.seat, turn.play, turn.ms, match.apply(turn.play))


def play_match(match: Match, players: Sequence[Player | None], max_hands: int | None = None,
               timer: Callable[[], float] = perf_ms) -> Iterator[Turn]:
    """Deal and let the players finish the match, yielding every turn; with `max_hands`, stop
    before dealing a hand past that many (a match that never ends still ends the loop)."""
    hands = 0
    while match.phase != "over":
        if match.phase == "deal":
            if max_hands is not None and hands >= max_hands:
                return
            hands += 1
        turn = play_turn(match, players, timer)
        if turn is None:
            return
        yield turn


def hands_dealt(match: Match) -> int:
    """How many hands of the match were dealt and played (void deals, R3, not counted)."""
    return sum(1 for h in match.log if not h.redeal)
