"""The interface every computer player implements, and the registry of levels."""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..errors import RuleError
from ..state import Play, PlayerView


class Player(Protocol):
    """A computer player: sees a `PlayerView` (never hidden cards) and returns a legal play."""

    name: str

    def choose(self, view: PlayerView) -> Play:
        """One of `view.legal`."""
        ...


class RandomPlayer:
    """Plays a legal play drawn uniformly: the floor every level must beat."""

    name = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: PlayerView) -> Play:
        """A uniformly random legal play."""
        return self.rng.choice(view.legal)


# Level name -> factory taking the player's own seeded generator.
LEVELS: dict[str, Callable[[random.Random], Player]] = {"random": RandomPlayer}


def make_player(level: str, rng: random.Random) -> Player:
    """A computer player of this level with its own generator; RuleError for an unknown level."""
    factory = LEVELS.get(level)
    if factory is None:
        raise RuleError(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}")
    return factory(rng)
