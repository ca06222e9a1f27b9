"""Thinking on the person's time: the computer's replies searched while the person chooses a play.

While it is a person's turn and the seat after theirs is a computer that can be forked (`fork`: the
master, which searches in steps, `choose_steps`, and pimc), `Ponder` searches that computer's reply to each play the person
may make, the likeliest first (the expert's order), each on a fork of the player (`fork`) and a
copy of the match with that play made: the very search the computer runs once the play is made,
from the view it will have then (its own seat's view only), with the same generator state, so the
reply is the same play. When the person plays, a finished reply is taken (`take`) and the fork,
which has searched, becomes the seat's player, in the state the player would be in had it searched
then. The work is done in slices (`step`, a few milliseconds each) by whoever drives it: in the
page, static/bridge.py between the page's requests, which are served first.

The safety valve of the search (`MasterSettings.max_ms`) reads a clock that runs only while the
fork searches (`_SearchClock`), so slicing the search never changes what it finds.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator

from scopa.loop import Turn
from scopa.state import Match, Play, PlayerView
from scopa_ai.steps import run_to_end
from scopa_ai.levels import ExpertPlayer
from scopa_ai.thinking import MAX_SEARCHES, Thought, searches_for


class _SearchClock:
    """Seconds spent inside `Ponder.step`'s slices of one search: the clock a fork's safety valve
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
    """One of the person's possible plays and the computer's search of its reply: with a master,
    its searches (scopa_ai/thinking.py `Thought`: its own, then the extra ones the person's
    thinking time may buy), each on its own clock."""

    def __init__(self, play: Play, forked: Any, view: PlayerView, clock: _SearchClock,
                 player_clock: Callable[[], float] | None, make_clock: Callable[[], _SearchClock]):
        self.play = play
        self.forked = forked
        self.clocks = {0: clock}
        self.player_clock = player_clock
        self.answer: Play | None = None
        if hasattr(forked, "choose_steps"):
            self.thought: Thought | None = Thought(forked, view, lambda i: self.clocks.setdefault(i, make_clock()))
            self.steps = None
        else:
            self.thought = None
            self.steps = _steps(forked, view)

    def levels(self) -> int:
        """How many searches of this reply are worth making: more than one only for a master's
        reply that was searched (thinking.py)."""
        return MAX_SEARCHES if self.thought is not None and self.thought.searched() else 1

    def done(self, level: int) -> bool:
        """Whether search `level` (0: the computer's own) has ended."""
        if level == 0:
            return self.answer is not None
        return self.thought is not None and self.thought.results[level] is not None

    def search(self, until: Callable[[], bool] = lambda: False, level: int = 0) -> int:
        """Search `level` on, on its own clock, until it ends or `until()` says stop after a deal:
        the deals searched."""
        deals = 0

        def stop() -> bool:
            nonlocal deals
            deals += 1
            return until()

        clock = self.clocks.get(level)
        if self.thought is not None and level:
            self.thought.steps(level)  # makes the fork, and so its clock
            clock = self.clocks[level]
        clock.start()
        try:
            if self.thought is not None:
                ended = self.thought.run(level, stop)
                if ended and level == 0:
                    self.answer = self.thought.results[0][0]
            else:
                ended, answer = run_to_end(self.steps, stop)
                if ended:
                    self.answer = answer
        finally:
            clock.stop()
        return deals

    def reply(self, searches: int) -> Play:
        """The reply after `searches` searches (thinking.py), each finished now if it is not yet."""
        if self.answer is None:
            self.search()
        if self.thought is None or searches == 1:
            return self.answer
        for level in range(1, searches):
            if not self.done(level):
                self.search(level=level)
        return self.thought.play(searches)


class Ponder:
    """The replies searched on the person's time for the game's current position, and counts of
    their use (shown in the session's diagnostics)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, strength: bool = False):
        """`clock` (seconds) measures slices and, with `strength`, the person's thinking time, which
        buys the master's reply more searches (scopa_ai/thinking.py; never in today's deal, whose
        replies must be the master's own); without `strength` it never changes a reply."""
        self.clock = clock
        self.strength = strength
        self.key: tuple | None = None
        self.replies: list[_Reply] = []
        self.taken = 0     # computer replies taken from a search on the person's time
        self.deals = 0     # steps run in slices (deals searched on the person's time)
        # How the last reply taken came: "ready" (searched to its end on the person's time) or
        # "finished" (the person played first: the rest of its search made on the computer's turn).
        self.last: str | None = None
        # When the replies of this position began to be searched (the person's turn, as far as
        # the searching can tell), and the time the person took to choose: the thinking time that
        # buys the reply its searches (scopa_ai/thinking.py); 0 when nothing was searched.
        self.started: float | None = None
        self.thought_ms = 0.0
        # The last reply taken: the person's thinking time and the searches it bought.
        self.last_thinking: tuple[float, int] | None = None
        self.paused_at: float | None = None  # a pause began (Session.pause): its time is nobody's thinking

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
        """The person's legal plays, likeliest first, each with a fork ready to search its reply."""
        self.replies = []
        self.key = self._key(game)
        self.started = self.clock()
        self.paused_at = None  # a new position: a pause of the one before is over (a new game)
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
            forked = player.fork()
            clock = _SearchClock(self.clock)
            player_clock = getattr(forked, "clock", None)
            if player_clock is not None:
                forked.clock = clock
            self.replies.append(_Reply(play, forked, after.observe(nxt), clock, player_clock,
                                       lambda: _SearchClock(self.clock)))

    def step(self, game: Any, slice_ms: float = 8.0) -> bool:
        """Search on for about `slice_ms` milliseconds; whether any search is left to do. A new
        position (a play made, a new game) drops the replies of the last one."""
        now = self._key(game)
        if self.key == ("played", now):
            return False  # the person has played: the kept reply waits for the computer's turn
        if self.key != now:
            self._plan(game)
        end = self.clock() + slice_ms / 1000.0
        # every reply's own search first (the reply as without thinking time), then each reply's
        # further searches, one level at a time (scopa_ai/thinking.py)
        for level in range(MAX_SEARCHES if self.strength else 1):
            for r in self.replies:
                if level >= r.levels() or r.done(level):
                    continue
                self.deals += r.search(lambda: self.clock() >= end, level)
                if self.clock() >= end:
                    return self._left()
        return False

    def _left(self) -> bool:
        """Whether any search of the replies is left to do."""
        return any(not r.done(level) for r in self.replies for level in range(r.levels() if self.strength else 1))

    def pause(self, paused: bool) -> None:
        """A pause began or ended: the time it lasted is not the person's thinking (the cards were
        hidden), so it buys the master's reply no searches."""
        if paused and self.paused_at is None:
            self.paused_at = self.clock()
        elif not paused and self.paused_at is not None:
            if self.started is not None:
                self.started += self.clock() - self.paused_at
            self.paused_at = None

    def chosen(self, game: Any, play: Play) -> None:
        """The person is about to make `play` (checked, not yet made): keep its reply only, if the
        replies were searched for this very position."""
        if self.key == self._key(game):
            self.replies = [r for r in self.replies if r.play == play]
            self.thought_ms = (self.clock() - self.started) * 1000.0 if self.started is not None else 0.0
        else:
            self.replies = []
            self.thought_ms = 0.0
        self.key = None

    def played(self, game: Any) -> None:
        """The person's play is made: the kept reply is for the position now."""
        self.key = ("played", self._key(game)) if self.replies else None

    def turn(self, game: Any) -> Turn | None:
        """The computer to move's reply searched on the person's time: its play, the search
        finished now if the person played before it was (the same search, the same play), and the
        fork that searched it becomes the seat's player. None when nothing was searched for this
        turn (the computer then searches as always)."""
        m = game.match
        self.last_thinking = None
        if not self.replies or self.key != ("played", self._key(game)):
            self.replies, self.key = [], None
            return None
        r = self.replies[0]
        self.replies, self.key = [], None
        started = self.clock()
        thought, self.thought_ms = self.thought_ms, 0.0
        searches = searches_for(thought) if self.strength and game.daily is None else 1
        self.last = "ready" if all(r.done(level) for level in range(min(searches, r.levels()))) else "finished"
        answer = r.reply(searches)
        self.last_thinking = (thought, searches if r.levels() > 1 else 1)
        if r.player_clock is not None:
            r.forked.clock = r.player_clock
        game.players[m.turn] = r.forked
        self.taken += 1
        return Turn(m.turn, answer, (self.clock() - started) * 1000.0)

    def status(self) -> dict[str, Any]:
        """Counts for the page's diagnostics and the tests: replies ready now, taken, missed."""
        return {"ready": sum(r.answer is not None for r in self.replies), "planned": len(self.replies),
                "taken": self.taken, "deals": self.deals, "last": self.last}
