"""The person's time used for strength (issue 46, item 4): more searches of the master's reply the
longer the person thought, the same reply for the same seed and the same thinking time.

    n = searches_for(ms)                     # 1 (no thinking time) .. MAX_SEARCHES
    play = think(player, view, n)            # n = 1: exactly `player.choose(view)`
    steps = Thought(player, view)            # the same in steps: `main` (today's search), then
                                             # `extra(i)` for i = 1 .. n - 1, then `play(n)`

The first search is the master's own (`choose_steps`, on the player itself): with no thinking time
the reply and the player's state after it are today's. Each further search is an independent
search of the same view by a fork of the player as it was before searching (`fork`), its generator
seeded from a number drawn from a copy of the player's generator and the search's index: the extra
searches never touch the player's own generator, so every later play is the same as without them,
and a search's result depends only on the seed, the match and its index. The reply of n searches
is the play most of them chose, ties broken by the sum of the values the searches gave it, then by
the earliest search that chose it. Where the master does not search (one legal play, a last round
solved exactly, a game searched through the engine) the first answer is the answer.

The person's thinking time buys searches by `THINK_MS` (`searches_for`); the application records
the number of searches with the reply (settebello/game.py), so a replay gives the same play.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Generator

from scopa.state import Play, PlayerView
from .steps import run_to_end

__all__ = ["MAX_SEARCHES", "THINK_MS", "Thought", "searches_for", "think"]

# Each this many milliseconds of the person's thinking buys the master's reply one more search ...
THINK_MS = 3000.0
# ... up to this many searches in all.
MAX_SEARCHES = 3


def searches_for(ms: float) -> int:
    """The searches the person's thinking time of `ms` milliseconds buys (1 for none)."""
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not math.isfinite(ms) or ms < 0:
        raise ValueError(f"a thinking time is a finite number of milliseconds of at least 0, not {ms!r}")
    return 1 + min(MAX_SEARCHES - 1, int(ms // THINK_MS))


def _check(n: Any) -> int:
    """`n` searches, checked."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SEARCHES:
        raise ValueError(f"the searches of a reply are a whole number from 1 to {MAX_SEARCHES}, not {n!r}")
    return n


class Thought:
    """One reply's searches, made in steps: the player's own (`main`), then the extra ones."""

    def __init__(self, player: Any, view: PlayerView, clock_for: Callable[[int], Any] | None = None):
        """`player` a master (it has `fork` and `choose_steps`), before it searches `view`;
        `clock_for(i)`, if given, is the clock of search i's fork (its safety valve's)."""
        self.player = player
        self.clock_for = clock_for
        self.view = view
        peek = random.Random()
        peek.setstate(player.rng.getstate())
        self.seed = peek.getrandbits(64)  # from a copy: the player's own generator is not moved
        self.pristine = player.fork()     # the player as it was before searching, for the forks
        self.main = player.choose_steps(view)
        self.results: list[tuple[Play, dict[Play, float]] | None] = [None] * MAX_SEARCHES
        self._extra: dict[int, Generator[None, None, Play]] = {}
        self._forked: dict[int, Any] = {}

    def searched(self) -> bool:
        """Whether the first search is done and was a search (more searches can change the play)."""
        return self.results[0] is not None and bool(self.results[0][1])

    def steps(self, i: int) -> Generator[None, None, Play]:
        """Search `i` (0: the player's own, `main`) in steps."""
        if i == 0:
            return self.main
        if i not in self._extra:
            forked = self.pristine.fork()
            forked.rng = random.Random(self.seed + i)
            if hasattr(forked, "expert"):
                forked.expert.rng = forked.rng
            if self.clock_for is not None:
                forked.clock = self.clock_for(i)
            self._forked[i] = forked
            self._extra[i] = forked.choose_steps(self.view)
        return self._extra[i]

    def run(self, i: int, until=lambda: False) -> bool:
        """Search `i` on until it ends or `until()` says stop after a step: whether it has ended."""
        if self.results[i] is not None:
            return True
        ended, play = run_to_end(self.steps(i), until)
        if ended:
            who = self.player if i == 0 else self._forked[i]
            self.results[i] = (play, dict(who.last_values))
        return ended

    def play(self, n: int) -> Play:
        """The reply of `n` searches (each run to its end here if it is not yet)."""
        n = _check(n)
        self.run(0)
        if n == 1 or not self.searched():
            return self.results[0][0]
        for i in range(1, n):
            self.run(i)
        votes: dict[Play, list] = {}
        for i in range(n):
            play, values = self.results[i]
            entry = votes.setdefault(play, [0, 0.0, -i])
            entry[0] += 1
            entry[1] += values.get(play, 0.0)
        return max(votes, key=lambda p: tuple(votes[p]))


def think(player: Any, view: PlayerView, searches: int) -> Play:
    """The master's reply to `view` after `searches` searches (1: its ordinary `choose`)."""
    _check(searches)
    if searches == 1 or not hasattr(player, "choose_steps"):
        return player.choose(view)
    return Thought(player, view).play(searches)
