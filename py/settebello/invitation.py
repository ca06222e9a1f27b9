"""What an invitation shows the friend who opens it (issue 41: "sees the table, their seat and who
else sits there"): the game, its target, each seat's name and kind and side, the clock. Small and
versioned, carried in the link's fragment (static/js/people.js joinTable renders it, no rule
knowledge there: every fact here is Python's)."""

from __future__ import annotations

from typing import Any

from .clock import ClockConfig
from .game import Game

TABLE_VERSION = 1  # the summary's own version: a page that does not know it shows the seat only


def seat_kind(seat: dict[str, Any], host: int | None, index: int) -> str:
    """A seat as the invitation names it: "h" the host, "p" a person at the host's device,
    "r" a person on another device, "c" a computer."""
    if not seat.get("human"):
        return "c"
    if seat.get("remote"):
        return "r"
    return "h" if index == host else "p"


def table_summary(game: Game, clock: ClockConfig | None) -> dict[str, Any]:
    """The table an invitation carries: {v, g variant, to target, x misère (1/0), t teams (1/0),
    s [[name, kind, side]], c [move s, bank s] or absent}."""
    rules = game.match.rules
    host = next((i for i in game.local), None)
    teams = rules.team_size > 1
    seats = [[str(s.get("name") or ""), seat_kind(s, host, i), rules.side_of(i)] for i, s in enumerate(game.seats)]
    summary: dict[str, Any] = {"v": TABLE_VERSION, "g": game.variant, "to": rules.target,
                               "x": int(rules.misere), "t": int(teams), "s": seats}
    if clock is not None:
        summary["c"] = [clock.move_ms // 1000, clock.bank_ms // 1000]
    return summary
