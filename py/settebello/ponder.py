"""Thinking on the person's time: the computer's replies searched while the person chooses a play.

While it is a person's turn and the seat after theirs is a computer that can be forked (`fork`: the
master, which searches in steps, `choose_steps`, and pimc), `Ponder` searches that computer's reply to each play the person
may make, the likeliest first (the expert's order), each on a twin of the player (`fork`) and a
copy of the match with that play made: the very search the computer runs once the play is made,
from the view it will have then (its own seat's view only), with the same generator state, so the
reply is the same play. When the person plays, a finished reply is taken (`take`) and the twin,
which has searched, becomes the seat's player, in the state the player would be in had it searched
then. The work is done in slices (`step`, a few milliseconds each) by whoever drives it: in the
page, static/bridge.py between the page's requests, which are served first.

The safety valve of the search (`MasterSettings.max_ms`) reads a clock that runs only while the
twin searches (`_SearchClock`), so slicing the search never changes what it finds.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator

from scopa.loop import Turn
from scopa.state import Match, Play, PlayerView
from scopa_ai.steps import run_to_end
from scopa_ai.levels import ExpertPlayer


class _SearchClock:
    """Seconds spent inside `Ponder.step`'s slices of one search: the clock a twin's safety valve
    reads, so that the time between slices does not count."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.spent = 0.0
        self.since: float | None = None

    def __call__(self) -> float:
        """The search's own time so far."""
        return self.spent + (self.clock() - self.since if self.since is not None else 0.0)

    def start(self) -> None:
        """A slice begins."""
        self.since = self.clock()

    def stop(self) -> None:
        """A slice ends."""
        if self.since is not None:
            self.spent += self.clock() - self.since
            self.since = None


def _steps(player: Any, view: PlayerView) -> Generator[None, None, Play]:
    """The player's search of `view` in steps: the master's own (`choose_steps`, a step a deal),
    or one step for a player that searches at once (pimc: a few milliseconds)."""
    if hasattr(player, "choose_steps"):
        return (yield from player.choose_steps(view))
    yield
    return player.choose(view)


class _Reply:
    """One of the person's possible plays and the computer's search of its reply."""

    def __init__(self, play: Play, twin: Any, steps: Generator[None, None, Play], clock: _SearchClock,
                 player_clock: Callable[[], float]):
        self.play = play
        self.twin = twin
        self.steps = steps
        self.clock = clock
        self.player_clock = player_clock
        self.answer: Play | None = None

    def search(self, until: Callable[[], bool] = lambda: False) -> int:
        """Search on, on the twin's own clock, until the reply is found or `until()` says stop
        after a deal: the deals searched."""
        deals = 0

        def stop() -> bool:
            nonlocal deals
            deals += 1
            return until()

        self.clock.start()
        try:
            ended, answer = run_to_end(self.steps, stop)
        finally:
            self.clock.stop()
        if ended:
            self.answer = answer
        return deals


class Ponder:
    """The replies searched on the person's time for the game's current position, and counts of
    their use (shown in the session's diagnostics)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter):
        """`clock` (seconds) only measures slices; it never changes a reply."""
        self.clock = clock
        self.key: tuple | None = None
        self.replies: list[_Reply] = []
        self.taken = 0     # computer replies taken from a search on the person's time
        self.deals = 0     # steps run in slices (deals searched on the person's time)
        # How the last reply taken came: "ready" (searched to its end on the person's time) or
        # "finished" (the person played first: the rest of its search made on the computer's turn).
        self.last: str | None = None

    @staticmethod
    def _key(game: Any) -> tuple:
        """What the replies depend on: the game, its match and how far it has been played."""
        m = game.match
        return (id(game), id(m), len(m.results), len(m.log[-1].plays) if m.log else 0, m.phase, m.turn)

    @staticmethod
    def wanted(game: Any) -> bool:
        """Whether there is anything to search: a person to move (not in the first lesson), and the
        next seat a computer that searches in steps."""
        if game is None or game.lesson is not None:
            return False
        m = game.match
        if m.phase != "play" or not game.seats[m.turn]["human"]:
            return False
        nxt = game.players[(m.turn + 1) % m.n]
        return nxt is not None and hasattr(nxt, "fork")

    def _plan(self, game: Any) -> None:
        """The person's legal plays, likeliest first, each with a twin ready to search its reply."""
        self.replies = []
        self.key = self._key(game)
        if not self.wanted(game):
            return
        m = game.match
        seat = m.turn
        view = m.observe(seat)
        scores = ExpertPlayer.scores(ExpertPlayer(None), view) if len(view.legal) > 1 else [0.0]
        order = sorted(range(len(view.legal)), key=lambda i: (-scores[i], i))
        nxt = (seat + 1) % m.n
        player = game.players[nxt]
        for i in order:
            play = view.legal[i]
            after: Match = m.clone()  # without the shuffle: a hand this play ends is not searched
            after.apply(play)
            if after.phase != "play" or after.turn != nxt:
                continue  # the hand ends with this play, or the next seat does not play next
            twin = player.fork()
            clock = _SearchClock(self.clock)
            player_clock = getattr(twin, "clock", None)
            if player_clock is not None:
                twin.clock = clock
            self.replies.append(_Reply(play, twin, _steps(twin, after.observe(nxt)), clock, player_clock))

    def step(self, game: Any, slice_ms: float = 8.0) -> bool:
        """Search on for about `slice_ms` milliseconds; whether any search is left to do. A new
        position (a play made, a new game) drops the replies of the last one."""
        now = self._key(game)
        if self.key == ("played", now):
            return False  # the person has played: the kept reply waits for the computer's turn
        if self.key != now:
            self._plan(game)
        end = self.clock() + slice_ms / 1000.0
        for r in self.replies:
            if r.answer is not None:
                continue
            self.deals += r.search(lambda: self.clock() >= end)
            if self.clock() >= end:
                return any(x.answer is None for x in self.replies)
        return False

    def chosen(self, game: Any, play: Play) -> None:
        """The person is about to make `play` (checked, not yet made): keep its reply only, if the
        replies were searched for this very position."""
        if self.key == self._key(game):
            self.replies = [r for r in self.replies if r.play == play]
        else:
            self.replies = []
        self.key = None

    def played(self, game: Any) -> None:
        """The person's play is made: the kept reply is for the position now."""
        self.key = ("played", self._key(game)) if self.replies else None

    def turn(self, game: Any) -> Turn | None:
        """The computer to move's reply searched on the person's time: its play, the search
        finished now if the person played before it was (the same search, the same play), and the
        twin that searched it becomes the seat's player. None when nothing was searched for this
        turn (the computer then searches as always)."""
        m = game.match
        if not self.replies or self.key != ("played", self._key(game)):
            self.replies, self.key = [], None
            return None
        r = self.replies[0]
        self.replies, self.key = [], None
        started = self.clock()
        self.last = "ready" if r.answer is not None else "finished"
        if r.answer is None:
            r.search()
        if r.player_clock is not None:
            r.twin.clock = r.player_clock
        game.players[m.turn] = r.twin
        self.taken += 1
        return Turn(m.turn, r.answer, (self.clock() - started) * 1000.0)

    def status(self) -> dict[str, Any]:
        """Counts for the page's diagnostics and the tests: replies ready now, taken, missed."""
        return {"ready": sum(r.answer is not None for r in self.replies), "planned": len(self.replies),
                "taken": self.taken, "deals": self.deals, "last": self.last}
