"""The clock policy of a match (RULES §5): whose time runs, when it is charged, when a match is lost on time.

`TimeControl` holds the match's `Clock` (settebello/clock.py), the forfeit once a player ran out
of time, and the time source `now()` (milliseconds; `time.monotonic` in the worker, a fake in
tests). A person's turn is timed by wall time from the moment it becomes their turn; a computer's
only by its thinking time, so the page's pacing of computer moves never costs it time.

Reading is pure: `reading()` shows the running turn charged up to now without charging it, and
never declares a forfeit. Time is charged, and a forfeit declared, only by the calls that change
the game: a person's play (`charge_person`), a computer's step (`charge_computer`) and the page's
clock poll (`tick`).
"""

from __future__ import annotations

import copy
import time
from typing import Any, Callable

from scopa.state import Match

from .clock import Clock, ClockConfig, ClockError, play_seats
from .view import ClockPart
from .errors import SessionError, is_whole


def monotonic_ms() -> float:
    """The default time source: a monotonic clock in milliseconds."""
    return time.monotonic() * 1000.0


def forfeit_winner(totals: list[int], side: int, seat: int, sides: int, players: int) -> int:
    """The side that wins when `side` forfeits: the other side; with three or more sides the
    leading other side, a tie going to the side that plays soonest after the forfeiting seat."""
    others = [x for x in range(sides) if x != side]
    best = max(totals[x] for x in others)
    order = [(seat + k) % players % sides for k in range(1, players + 1)]
    return next(x for x in order if x != side and totals[x] == best)


class TimeControl:
    """The clock of the match being played (or none) and its forfeit."""

    def __init__(self, now: Callable[[], float] | None = None) -> None:
        """No clock yet; `now()` is the time source in milliseconds."""
        self.now: Callable[[], float] = now or monotonic_ms
        self.clock: Clock | None = None
        self.forfeit: dict[str, Any] | None = None  # {"seat", "name", "side", "winner"}
        # the pass screen is up (game.py `pass_to`): the person to play has not been handed the
        # device, and their time waits for them (RULES §5: it runs only while it is their turn,
        # and a turn they cannot see is not yet theirs; the review of 2026-12-01 saw 8 s of a
        # 10 s move spent behind "Pass the device to Anna")
        self.held = False
        # every clock stopped by the people at this device (`pause`): an interruption at the table
        self.paused = False

    @staticmethod
    def parse(value: Any) -> ClockConfig | None:
        """A new game's clock setting ("off" | "standard" | {settings}); ClockError if bad."""
        return ClockConfig.parse(value)

    def config_json(self) -> dict[str, Any] | None:
        """The clock's settings as a new game takes them (None: no clock)."""
        return None if self.clock is None else self.clock.config.to_json()

    # -- changing the time ----------------------------------------------------------------------
    def start(self, config: ClockConfig | None, match: Match, humans: list[bool]) -> None:
        """A new match: a fresh clock (if any), no forfeit, the first turn's clock running."""
        self.forfeit, self.held, self.paused = None, False, False
        self.clock = None if config is None else Clock(config, [h or config.computers for h in humans])
        self.start_turn(match, humans)

    def start_turn(self, match: Match, humans: list[bool]) -> None:
        """Start the clock of the seat to play, if a hand is being played and nobody's clock runs."""
        clock = self.clock
        if clock is None or self.forfeit is not None or match.phase != "play" or clock.running is not None:
            return
        clock.start(match.turn, self.now() if humans[match.turn] else None)

    def hold(self, held: bool, humans: list[bool]) -> None:
        """Hold the running person's time while the device is being passed to them (`held`), or
        let it run from now (they have it: the pass screen's "show my cards")."""
        self._stop(held, self.paused, humans)

    def pause(self, paused: bool, match: Match, humans: list[bool]) -> bool:
        """Stop every clock (`paused`), the running person's time charged up to now first, or let
        the one to play run again from now; True when that charge ran them out of time (a
        forfeit: the match is over and stays unpaused)."""
        if paused and not self.paused and self.charge_person(match, humans):
            return True
        self._stop(self.held, paused, humans)
        return False

    @property
    def stopped(self) -> bool:
        """Whether no time runs for anyone now: the device is being passed, or the game is paused."""
        return self.held or self.paused

    def _stop(self, held: bool, paused: bool, humans: list[bool]) -> None:
        """Set the two reasons a running person's time waits; it waits while either holds, and
        runs again from now when neither does (a computer's time is its thinking, never wall time)."""
        was = self.stopped
        self.held, self.paused = held, paused
        clock = self.clock
        if clock is not None and clock.running is not None and was != self.stopped and humans[clock.running]:
            clock.mark = None if self.stopped else self.now()

    def charge_person(self, match: Match, humans: list[bool]) -> bool:
        """Charge a person's running turn up to now; True when that spent their time (a forfeit)."""
        clock = self.clock
        if clock is None or clock.running is None or not humans[clock.running] or self.stopped:
            return False
        if clock.tick(self.now()):
            self._declare(match, clock.flagged)
            return True
        return False

    def charge_computer(self, match: Match, ms: float) -> bool:
        """Charge a timed computer's thinking time; True when it ran out of time (a forfeit)."""
        clock = self.clock
        if clock is None or clock.running is None:
            return False
        if clock.charge(max(0, int(ms))):
            self._declare(match, clock.flagged)
            return True
        return False

    def moved(self, match: Match, humans: list[bool]) -> None:
        """After any play: stop the mover's clock and start the next one."""
        if self.clock is not None:
            self.clock.stop()
            self.start_turn(match, humans)

    def _declare(self, match: Match, seat: int) -> None:
        """`seat` ran out of move time and BankTime: the match is over and the other side wins."""
        side = match.side_of[seat]
        self.forfeit = {"seat": seat, "name": match.names[seat], "side": side,
                        "winner": forfeit_winner(list(match.totals), side, seat, match.sides, match.n)}

    def tick(self, match: Match, humans: list[bool]) -> tuple[dict[str, Any], bool]:
        """The page's clock poll: each seat's time left, whose clock runs, any forfeit; and
        whether this poll declared the forfeit."""
        declared = self.charge_person(match, humans)
        phase = "over" if self.forfeit is not None else match.phase
        shown = self.reading()
        clock = None if shown is None else shown.to_json(self.stopped)
        return {"clock": clock, "forfeit": self.forfeit, "phase": phase}, declared

    # -- refusals -----------------------------------------------------------------------------
    def check_playing(self) -> None:
        """No more plays or hands after a forfeit."""
        if self.forfeit is not None:
            raise SessionError(f"the match is over: {self.forfeit['name']} ran out of time")

    def check_undo(self) -> None:
        """Undo is not allowed on the clock (it would give time back)."""
        if self.clock is not None:
            raise SessionError("there are no take-backs in a match on the clock")

    # -- reading --------------------------------------------------------------------------------
    def reading(self) -> Clock | None:
        """A copy of the clock with a person's running turn charged up to now, short of a
        forfeit (only the calls that change the game declare one): the clock changes nothing."""
        clock = self.clock
        if self.stopped:
            return clock  # charged up to the stop; its `to_json(stopped=True)` shows nothing running
        if clock is None or clock.running is None or clock.mark is None:
            return clock
        shown = copy.deepcopy(clock)
        elapsed = max(0, int(self.now() - clock.mark))
        shown.turn_ms = min(clock.turn_ms + elapsed, clock.limit(clock.running) - 1)
        return shown

    def part(self, can_pause: bool = False) -> ClockPart:
        """The clock's part of the page's view (view.py): as it reads now, the forfeit, the pause
        and whether the page may offer one (`can_pause`, the session's judgement)."""
        clock = self.reading()
        return ClockPart(None if clock is None else clock.to_json(self.stopped), self.forfeit, self.clock is not None,
                         self.paused, can_pause and self.clock is not None and self.forfeit is None)

    def add_to_record(self, record: dict[str, Any]) -> dict[str, Any]:
        """A clock's per-play times and forfeit go in the record's extra "clock" field (RULES §6
        readers ignore unknown fields; `settebello.clock.replay` rebuilds the clock from it)."""
        if self.clock is not None:
            timed = sum(self.clock.timed[s] for s in play_seats(record))  # the plays it holds
            record["clock"] = {"config": self.clock.config.to_json(), "timed": list(self.clock.timed),
                               "ms": list(self.clock.log[:timed]),
                               "forfeit": None if self.forfeit is None else {"seat": self.forfeit["seat"]}}
        if self.forfeit is not None:
            record["forfeit"] = dict(self.forfeit)
        return record

    def save(self) -> dict[str, Any]:
        """What a save keeps: the clock as it reads now (a held turn as it stands: still the
        person's, `Session` holds it again), the forfeit, and a pause (only when paused, so the
        saves of unpaused games stay as they were)."""
        clock = self.reading()
        saved: dict[str, Any] = {"clock": None if clock is None else clock.save(), "forfeit": self.forfeit}
        if self.paused:
            saved["paused"] = True
        return saved

    # -- restoring ------------------------------------------------------------------------------
    @staticmethod
    def load(extra: dict[str, Any], match: Match) -> tuple[Clock | None, dict[str, Any] | None, bool]:
        """A save's clock, forfeit and pause, checked against the match; SessionError if damaged."""
        clock = None
        if extra.get("clock") is not None:
            try:
                clock = Clock.load(extra["clock"])
            except ClockError as err:
                raise SessionError(str(err)) from None
            if len(clock.timed) != match.n:
                raise SessionError("the saved clock has the wrong number of seats")
        paused = extra.get("paused", False)
        if not isinstance(paused, bool) or (paused and clock is None):
            raise SessionError("the saved pause must be true or false, and only on a clock")
        saved = extra.get("forfeit")
        if saved is None:
            return clock, None, paused
        seat = saved.get("seat") if isinstance(saved, dict) else None
        winner = saved.get("winner") if isinstance(saved, dict) else None
        if not (is_whole(seat) and 0 <= seat < match.n and is_whole(winner) and 0 <= winner < match.sides
                and winner != match.side_of[seat]):
            raise SessionError("the saved forfeit is damaged")
        forfeit = {"seat": seat, "name": match.names[seat], "side": match.side_of[seat], "winner": winner}
        return clock, forfeit, False

    def restore(self, clock: Clock | None, forfeit: dict[str, Any] | None, humans: list[bool],
                elapsed_ms: int = 0, paused: bool = False) -> None:
        """Install a checked clock, forfeit and pause. A person's running turn keeps the time the
        save read and is charged `elapsed_ms` more, the time the page stayed open after the save
        was made, short of a forfeit as `reading` is (the next tick declares it); the time the
        page was closed is charged to nobody, nor the time a paused game stayed open."""
        self.clock, self.forfeit, self.held, self.paused = clock, forfeit, False, paused
        if clock is not None and clock.running is not None and humans[clock.running]:
            if paused:
                clock.mark = None
                return
            clock.turn_ms = min(clock.turn_ms + elapsed_ms, clock.limit(clock.running) - 1)
            clock.mark = self.now()
