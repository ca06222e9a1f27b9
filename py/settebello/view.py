"""The page's view, built once, by one function, from typed parts (issue 42).

The view the page draws is one JSON object; each of its keys belongs to exactly one part, and
`page_view` is the only code that puts the parts together:

- `TablePart`: the core table as the shown seat sees it (the engine's `PlayerView.to_json`: the
  hands' counts, the table, the piles, the plays, the scores...) with each active special rule's
  part under its own name in `mechanics` (each engine mechanic's `view_json`, drawn by its
  renderer, static/js/mechanics/);
- `SeatsPart`: the session's table (game.py): who sits where, whose turn waits on whom, the pass
  screen, undo and hints, the day's deal, the scope cards, the lesson's step;
- `FactsPart`: public facts the page says but must not work out (public.py);
- `ClockPart` (timing.py), `TournamentPart` (desk.py), `StoryPart` (story.py), `ReviewPart`
  (lookback.py): one or two keys each.

A part is a frozen value; a part never writes another's keys. What one part changes in another
(a match lost on time shows as over) is said here, in `page_view`, once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from scopa.state import PlayerView


@dataclass(frozen=True)
class TablePart:
    """The core table and the mechanics' parts, as the shown seat may see them: `hand_shown`
    False while the pass screen is up (no hand), `legal_open` whether the shown person may play now,
    `scopa_flags` per play of the hand whether it was a scopa (read from the hand's events)."""

    view: PlayerView
    hand_shown: bool
    legal_open: bool
    scopa_flags: tuple[bool, ...] = ()
    over: int | None = None  # the winner of a match lost on time (shown as over), else None

    def to_json(self) -> dict[str, Any]:
        """The engine's view JSON as this part shows it."""
        out = self.view.to_json()
        if not self.hand_shown:
            out["hand"] = []
        if not self.legal_open or self.over is not None:
            out["legal"] = []
        if len(self.scopa_flags) == len(out["plays"]):
            out["plays"] = [{**p, "scopa": flag} for p, flag in zip(out["plays"], self.scopa_flags)]
        if self.over is not None:
            out["phase"], out["winner"] = "over", self.over
        return out


# Why a game never offers a take-back (SeatsPart.undo_off; the page's words `undo.off.<reason>`):
# a day's deal, several people at the table, a clock.
UNDO_OFF = ("daily", "people", "clock")


@dataclass(frozen=True)
class SeatsPart:
    """The session's side of the table (game.py)."""

    seats: list[dict[str, Any]]
    variant: str
    waiting: str  # "human", "computer", or the phase ("deal", "over")
    pass_to: int | None
    can_undo: bool
    can_hint: bool
    # why this game never offers a take-back (UNDO_OFF), for the page to say on its Undo button; None
    # where a take-back is offered whenever the person has played
    undo_off: str | None
    daily: dict[str, Any] | None
    scope_cards: list[list[str]]
    lesson: dict[str, Any] | None  # the first lesson's step (lesson.py); the key is left out otherwise

    def to_json(self) -> dict[str, Any]:
        """Its keys; `lesson` only in the lesson's views."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.lesson is None:
            del out["lesson"]
        return out


@dataclass(frozen=True)
class FactsPart:
    """Public facts the page shows but must not work out itself (public.py)."""

    side_of: list[int]
    seating: str | None
    unseen: list[str]
    tallies: list[dict[str, Any]]
    # per seat, what it declared this hand (SB10): {points, kinds}, or None (the seat's label says it)
    declared: list[dict[str, Any] | None] = field(default_factory=list)


@dataclass(frozen=True)
class ClockPart:
    """The clock as it reads now (never charged) and a forfeit on time (timing.py)."""

    clock: dict[str, Any] | None
    forfeit: dict[str, Any] | None
    running: bool = False  # a clock is kept (no take-backs on the clock)
    paused: bool = False  # every clock stopped by the people at this device (timing.py `pause`)
    can_pause: bool = False  # whether they may pause now (Session.pause says when)


@dataclass(frozen=True)
class TournamentPart:
    """The tournament table this match is played for, if any (desk.py)."""

    tournament: dict[str, Any] | None


@dataclass(frozen=True)
class StoryPart:
    """Once the match is over: its story (story.py)."""

    story: dict[str, Any] | None


@dataclass(frozen=True)
class ReviewPart:
    """Whether the sheet offers a review of the hands (lookback.py)."""

    can_review: bool


def part_json(part: Any) -> dict[str, Any]:
    """A part's keys and values: its own `to_json`, else its fields."""
    if hasattr(part, "to_json"):
        return part.to_json()
    return {f.name: getattr(part, f.name) for f in fields(part) if f.name != "running"}


def page_view(table: TablePart, seats: SeatsPart, facts: FactsPart, clock: ClockPart,
              tournament: TournamentPart, story: StoryPart, review: ReviewPart) -> dict[str, Any]:
    """The page's view: every part's keys, none written twice. A match lost on time shows as over
    (its winner, nothing to play or pass, no undo); a match on the clock has no undo."""
    if clock.forfeit is not None:
        table = replace(table, over=clock.forfeit["winner"])
        seats = replace(seats, waiting="over", pass_to=None, can_undo=False)
    elif clock.running:
        seats = replace(seats, can_undo=False, undo_off=seats.undo_off or "clock")
    out: dict[str, Any] = {}
    for part in (table, seats, facts, clock, tournament, story, review):
        own = part_json(part)
        twice = out.keys() & own.keys()
        if twice:
            raise ValueError(f"view keys {sorted(twice)} written by two parts ({type(part).__name__})")
        out.update(own)
    return out
