"""Computer players: every level behind one interface, given only its own view of the game.

`make_player(level, rng)` builds a player; `player.choose(view)` returns one of `view.legal`.
"""

from .base import LEVELS, Player, RandomPlayer, make_player

__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
