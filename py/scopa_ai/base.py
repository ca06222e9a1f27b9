"""The interface every computer player implements, and the registry of levels."""

from __future__ import annotations

import random
from typing import Callable, Protocol, Sequence

from scopa.errors import RuleError
from scopa.state import Play, PlayerView


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
def _beginner(rng: random.Random) -> Player:
    from .levels import BeginnerPlayer
    return BeginnerPlayer(rng)


def _easy(rng: random.Random) -> Player:
    from .levels import EasyPlayer
    return EasyPlayer(rng)


def _expert(rng: random.Random) -> Player:
    from .levels import ExpertPlayer
    return ExpertPlayer(rng)


def _master(rng: random.Random) -> Player:
    from .master import MasterPlayer
    return MasterPlayer(rng)


def _pimc(rng: random.Random) -> Player:
    from .pimc import PimcPlayer
    return PimcPlayer(rng)


# pimc2's positions per deal: the whole round in two-player Scopa (a round's search there takes at
# most a few hundred), fewer plies in Scopone's first rounds of nine cards a hand.
PIMC2_NODES = 2_000


def _pimc2(rng: random.Random) -> Player:
    from .pimc import PimcPlayer, PimcSettings
    return PimcPlayer(rng, PimcSettings(deals=24, depth=10, max_nodes=PIMC2_NODES))


def _ismcts(rng: random.Random) -> Player:
    from .ismcts import IsmctsPlayer
    return IsmctsPlayer(rng)


# Level name -> factory taking the player's own seeded generator, weakest first (the page lists
# them in this order in its new-game dialog).
LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "beginner": _beginner,
    "easy": _easy,
    "expert": _expert,
    "master": _master,
    # The sparring partners of issue 26 (pimc.py): perfect-information Monte Carlo at the published
    # configuration (12 deals, 5 plies) and at twice its deals and depth. Not offered by the page
    # (settebello/game.py lists its own levels); the arena, the hint and the tests take them.
    "pimc": _pimc,
    "pimc2": _pimc2,
    # Issue 46's ISMCTS after Di Palma & Lanzi (ismcts.py): a sparring partner for the benchmarks,
    # not offered by the page either.
    "ismcts": _ismcts,
}


def make_player(level: str, rng: random.Random) -> Player:
    """A computer player of this level with its own generator; RuleError for an unknown level."""
    factory = LEVELS.get(level)
    if factory is None:
        raise RuleError(f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}")
    return factory(rng)


def seat_players(levels: Sequence[str | None], seed: int) -> list[Player | None]:
    """The computer players of a match dealt from `seed`, one per seat (None where a person sits),
    each with its own generator drawn from the seed: a game, a tournament's table and a benchmark
    seat the very same players for the same seed."""
    return [None if lv is None else make_player(lv, random.Random(seed * 31 + i)) for i, lv in enumerate(levels)]


def hint(view: PlayerView, level: str = "expert", rng: random.Random | None = None) -> Play:
    """What a player of `level` (the page asks "expert" or "master"; any level works) would play from this view: the hint button.

    Reads only the view, like every player; `rng` defaults to one seeded from the view's own
    plays, so the same position gives the same hint.
    """
    if not view.legal:
        raise RuleError("no hint: it is not this seat's turn")
    return make_player(level, rng or hint_rng(view)).choose(view)


def hint_rng(view: PlayerView) -> random.Random:
    """The generator a hint's player draws from: seeded from the view's own plays, so the same
    position gives the same hint (and the same reason, scopa_ai/explain.py)."""
    return random.Random(repr((view.seat, view.hand, view.table, view.plays, view.totals)))
