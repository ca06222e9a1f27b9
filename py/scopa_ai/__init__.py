"""Computer players (`scopa_ai`, above the engine `scopa`): every level behind one interface, given only its own view of the game.

`make_player(level, rng)` builds a player; `player.choose(view)` returns one of `view.legal`;
`hint(view, "expert" | "master")` is what that level would play (the page's hint button).
Levels: random, beginner, easy, expert, master (see levels.py and master.py), and pimc, pimc2
(pimc.py: the master's sparring partners, not offered by the page).
"""

from .base import LEVELS, Player, RandomPlayer, hint, make_player, seat_players

__all__ = ["LEVELS", "Player", "RandomPlayer", "hint", "make_player", "seat_players"]
