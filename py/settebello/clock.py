"""The game clock of the online rooms (RULES §5 [000][001]): move time, BankTime, forfeit on time.

How the clock reads RULES §5 (the sources leave room; this is what the game does):

- Each turn a player has a **move time**: `move_ms` (45 s), or `first_move_ms` (3 min 45 s) for
  that player's first move of the match. Unused move time is not carried over.
- **Increment** ("2 s are added at each move to cover delays, up to 120 s a turn"): every turn's
  move time gets `increment_ms` more, but the increment never lifts a turn above `turn_cap_ms`
  (120 s); a base move time already above the cap (the first move) gets no increment.
- When the move time of a turn is spent the player's **BankTime** drains; it is kept for the
  whole match (spend 60 % on one move and 40 % is left for the rest). The BankTime is the rooms'
  "total time" of 15 minutes (`bank_ms`).
- Move time and BankTime both spent: the player **forfeits** and the other side wins.
- Time runs only while it is that player's turn: the owner calls `start(seat)` when the turn
  begins and `stop()` when the move is made; between them time is charged either explicitly
  (`charge(ms)`, e.g. when replaying a record) or from a time source (`tick(now_ms)`).

Everything is whole milliseconds, so a clock replays exactly from the per-move times that a record
keeps (see `replay`). Pure Python; the page only displays what `to_json` says.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Sequence

from scopa.errors import ScopaError
from scopa.inputs import brief

from .errors import is_whole


class ClockError(ScopaError):
    """A clock setting that cannot be used, or a clock used out of turn."""


def _ms(value: Any) -> bool:
    """Whether a saved value is a whole number of milliseconds (not negative)."""
    return is_whole(value) and value >= 0


# Allowed range of each setting, in milliseconds (and what the error message calls it).
LIMITS = {
    "move_ms": (1_000, 3_600_000, "move time"),
    "first_move_ms": (1_000, 3_600_000, "first-move time"),
    "bank_ms": (0, 36_000_000, "BankTime"),
    "increment_ms": (0, 60_000, "increment"),
    "turn_cap_ms": (1_000, 3_600_000, "turn cap"),
}


@dataclass(frozen=True)
class ClockConfig:
    """The clock settings; the defaults are the rooms' standard (RULES §5)."""

    move_ms: int = 45_000
    first_move_ms: int = 225_000
    bank_ms: int = 900_000
    increment_ms: int = 2_000
    turn_cap_ms: int = 120_000
    computers: bool = False  # computer seats run on the same clock (their thinking time counts)

    def validate(self) -> "ClockConfig":
        """Raise ClockError naming the first bad setting; return self when all are good."""
        for key, (low, high, label) in LIMITS.items():
            value = getattr(self, key)
            if not is_whole(value):
                raise ClockError(f"the clock's {label} ({key}) must be a whole number of "
                                 f"milliseconds, not {brief(value)}")
            if not low <= value <= high:
                raise ClockError(f"the clock's {label} ({key}) must be from {low} to {high} ms, "
                                 f"not {value}")
        if not isinstance(self.computers, bool):
            raise ClockError(f"the clock's 'computers' must be true or false, not {brief(self.computers)}")
        return self

    def allowance(self, moves_made: int) -> int:
        """Move time of a player's turn after `moves_made` moves of theirs in this match."""
        base = self.first_move_ms if moves_made == 0 else self.move_ms
        if base >= self.turn_cap_ms:
            return base
        return min(base + self.increment_ms, self.turn_cap_ms)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form (what new_game takes and a record keeps)."""
        return asdict(self)

    @classmethod
    def parse(cls, value: Any) -> "ClockConfig | None":
        """None for no clock; from None/"off", "standard", or {preset?, move_ms, ...} (custom).

        A dict starts from the standard values and overrides the keys it gives; unknown keys and
        bad values raise ClockError.
        """
        if value is None or value is False or value == "off":
            return None
        if value == "standard":
            return STANDARD
        if not isinstance(value, dict):
            raise ClockError(f"a clock is 'off', 'standard' or an object of settings, not {brief(value)}")
        settings = dict(value)
        kind = settings.pop("preset", "standard")
        if kind == "off":
            return None
        if kind != "standard":
            raise ClockError(f"unknown clock preset {brief(kind)}: use 'off' or 'standard'")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise ClockError(f"unknown clock setting {brief(unknown[0])}; the settings are: "
                             f"{', '.join(sorted(known))}")
        return replace(STANDARD, **settings).validate()


STANDARD = ClockConfig()


class Clock:
    """Every seat's clock in one match: BankTime left, moves made, the turn that is running."""

    def __init__(self, config: ClockConfig, timed: Sequence[bool]):
        """A fresh clock; `timed[seat]` says whether that seat plays on the clock."""
        config.validate()
        self.config = config
        self.timed = tuple(bool(t) for t in timed)
        n = len(self.timed)
        self.bank = [config.bank_ms] * n  # BankTime left, not counting the running turn
        self.moves = [0] * n  # moves made on the clock
        self.used = [0] * n  # all time spent on the clock, for statistics
        self.running: int | None = None  # the seat whose turn is being timed
        self.turn_ms = 0  # time spent in the running turn
        self.mark: float | None = None  # time-source reading when the running turn was last charged
        self.flagged: int | None = None  # the seat that ran out of time
        self.log: list[int] = []  # ms spent on each timed move, in order (what a record keeps)

    # -- the running turn ---------------------------------------------------------------------
    def start(self, seat: int, now_ms: float | None = None) -> None:
        """Begin `seat`'s turn (nothing runs for an untimed seat); `now_ms` reads the time source."""
        self._check_seat(seat)
        if self.flagged is not None:
            raise ClockError(f"the clock has stopped: seat {self.flagged + 1} ran out of time")
        if self.running is not None:
            raise ClockError(f"seat {self.running + 1}'s turn is still being timed")
        if not self.timed[seat]:
            return
        self.running, self.turn_ms, self.mark = seat, 0, now_ms

    def charge(self, ms: int) -> bool:
        """Add `ms` to the running turn; True when that spends move time and BankTime (a forfeit)."""
        if not isinstance(ms, (int, float)) or isinstance(ms, bool) or ms < 0:
            raise ClockError(f"elapsed time must be a number of milliseconds >= 0, not {brief(ms)}")
        if self.running is None:
            return False
        self.turn_ms += int(ms)
        if self.turn_ms >= self.limit(self.running):
            self.flagged = self.running
            self.turn_ms = self.limit(self.running)
            self._close(self.running)
            return True
        return False

    def tick(self, now_ms: float) -> bool:
        """Charge the time since the last reading of the time source; True on a forfeit."""
        if self.running is None:
            return False
        if self.mark is None:
            self.mark = now_ms
            return False
        elapsed = max(0, int(now_ms - self.mark))
        self.mark += elapsed  # whole ms charged; the fraction stays for the next reading
        return self.charge(elapsed)

    def stop(self) -> int:
        """The running seat has moved: close its turn and return the ms it spent (0 if untimed)."""
        if self.running is None:
            return 0
        seat, spent = self.running, self.turn_ms
        self._close(seat)
        self.moves[seat] += 1
        self.log.append(spent)
        return spent

    def pause(self) -> None:
        """Forget the time-source reading (e.g. the page was closed): the next tick restarts it."""
        self.mark = None

    def _close(self, seat: int) -> None:
        self.bank[seat] -= max(0, self.turn_ms - self.allowance(seat))
        self.used[seat] += self.turn_ms
        self.running, self.turn_ms, self.mark = None, 0, None

    # -- reading ------------------------------------------------------------------------------
    def allowance(self, seat: int) -> int:
        """The move time of `seat`'s current (or next) turn."""
        return self.config.allowance(self.moves[seat])

    def limit(self, seat: int) -> int:
        """The most time `seat`'s current (or next) turn can last before a forfeit."""
        return self.allowance(seat) + self.bank[seat]

    def move_left(self, seat: int) -> int:
        """Move time left in `seat`'s turn (its full allowance when it is not running; none once
        it ran out of time)."""
        if seat == self.flagged:
            return 0
        spent = self.turn_ms if seat == self.running else 0
        return max(0, self.allowance(seat) - spent)

    def bank_left(self, seat: int) -> int:
        """BankTime left for `seat`, counting what the running turn has drained."""
        over = self.turn_ms - self.allowance(seat) if seat == self.running else 0
        return max(0, self.bank[seat] - max(0, over))

    def to_json(self, stopped: bool = False) -> dict[str, Any]:
        """What the page shows: each seat's move time and BankTime left, whose clock runs (none
        while `stopped`: a pause, the device being passed; the running turn's time spent shows)."""
        return {
            "config": self.config.to_json(),
            "running": None if stopped else self.running,
            "flagged": self.flagged,
            "seats": [{"timed": t, "move_ms": self.move_left(s), "bank_ms": self.bank_left(s),
                       "allowance_ms": self.allowance(s), "used_ms": self.used[s]
                       + (self.turn_ms if s == self.running else 0), "moves": self.moves[s]}
                      for s, t in enumerate(self.timed)],
        }

    # -- saving -------------------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """Everything needed to rebuild this clock exactly (the time-source reading excepted)."""
        return {"config": self.config.to_json(), "timed": list(self.timed), "bank": self.bank[:],
                "moves": self.moves[:], "used": self.used[:], "running": self.running,
                "turn_ms": self.turn_ms, "flagged": self.flagged, "log": self.log[:]}

    @classmethod
    def load(cls, data: Any) -> "Clock":
        """Rebuild a saved clock; ClockError if the save is damaged."""
        if not isinstance(data, dict):
            raise ClockError("the saved clock must be an object")
        try:
            if not isinstance(data.get("config"), dict):
                raise ClockError("the saved clock's 'config' must be an object")
            timed = data.get("timed")
            if not isinstance(timed, list) or not timed or not all(isinstance(t, bool) for t in timed):
                raise ClockError("the saved clock's 'timed' must be a list of true/false, one per seat")
            config = ClockConfig.parse(dict(data["config"]))
            if config is None:
                raise ClockError("the saved clock's 'config' is not a clock")
            clock = cls(config, timed)
            n = len(clock.timed)
            for key in ("bank", "moves", "used"):
                values = data[key]
                if not isinstance(values, list) or len(values) != n or not all(map(_ms, values)):
                    raise ClockError(f"the saved clock's {key!r} must be {n} whole numbers >= 0")
                setattr(clock, key, list(values))
            log = data.get("log", [])
            if not isinstance(log, list) or not all(map(_ms, log)):
                raise ClockError("the saved clock's 'log' must be whole numbers >= 0")
            clock.log = list(log)
            for key in ("running", "flagged"):
                seat = data.get(key)
                if seat is not None:
                    clock._check_seat(seat)
                setattr(clock, key, seat)
            turn_ms = data.get("turn_ms", 0)
            if not _ms(turn_ms) or (clock.running is not None and turn_ms >= clock.limit(clock.running)):
                raise ClockError("the saved clock's 'turn_ms' must be a whole number >= 0, within the turn's limit")
            clock.turn_ms = turn_ms if clock.running is not None else 0
        except (KeyError, TypeError) as err:
            raise ClockError(f"the saved clock is incomplete ({err})") from None
        return clock

    def _check_seat(self, seat: Any) -> None:
        if not (is_whole(seat) and 0 <= seat < len(self.timed)):
            raise ClockError(f"no seat {brief(seat)}: seats are 0 to {len(self.timed) - 1}")


def play_seats(record: dict[str, Any]) -> list[int]:
    """The seat of every play of a record, in order (RULES §6; a redeal keeps the dealer, S2)."""
    players = record.get("players")
    if not isinstance(players, list) or not players:
        raise ClockError("the record must list its players to replay a clock")
    n = len(players)
    dealer = record.get("first_dealer", 0)
    seats: list[int] = []
    for hand in record.get("hands", []):
        plays = hand.get("plays", [])
        first = (dealer + 1) % n
        seats.extend((first + i) % n for i in range(len(plays)))
        if plays:
            dealer = (dealer + 1) % n
    return seats


def replay(record: dict[str, Any], ms: Sequence[int] | None = None) -> Clock:
    """Rebuild a match's clock from its record's "clock" field (or from `ms`, one entry a timed play).

    The record's plays are checked first (RecordError at the first illegal one); a forfeit noted
    in the record is charged to the seat to move after the last play.
    """
    from scopa.record import from_record

    from_record(record)
    info = record.get("clock")
    if not isinstance(info, dict):
        raise ClockError("this record was not played on a clock")
    config = ClockConfig.parse(info.get("config"))
    if config is None:
        raise ClockError("this record was not played on a clock")
    timed = info.get("timed")
    if not isinstance(timed, list) or len(timed) != len(record["players"]):
        raise ClockError("the record's clock must say which seats were timed")
    times = list(info.get("ms", []) if ms is None else ms)
    clock = Clock(config, timed)
    seats = play_seats(record)
    timed_seats = [s for s in seats if clock.timed[s]]
    if len(times) != len(timed_seats):
        raise ClockError(f"the record has {len(timed_seats)} timed plays but {len(times)} times")
    for seat, spent in zip(timed_seats, times):
        clock.start(seat)
        if clock.charge(spent):
            raise ClockError(f"seat {seat + 1} ran out of time on a play the record keeps")
        clock.stop()
    forfeit = info.get("forfeit")
    if forfeit is not None:
        seat = forfeit.get("seat") if isinstance(forfeit, dict) else None
        clock.start(seat)
        if not clock.charge(clock.limit(seat)):
            raise ClockError("the record's forfeit does not spend the clock")
    return clock
