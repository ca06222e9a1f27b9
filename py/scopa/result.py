"""A hand's result: its points per side, by category, with the detail behind them (R7, O7–O9).

Its own module, below scoring and the mechanics, so a mechanic that adds a category of points
(declarations, claims) names the type without importing the rules or the scoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class HandResult:
    """The points of one hand per side, by category in a fixed order, with the detail behind them."""

    categories: tuple[str, ...]
    points: tuple[dict[str, int], ...]
    detail: tuple[dict[str, Any], ...]
    napoleone: int | None = None  # the side that took all ten denari, if any

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points for the hand."""
        return tuple(sum(p.values()) for p in self.points)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form for the page and the command line."""
        return {
            "categories": list(self.categories),
            "points": [dict(p) for p in self.points],
            "totals": list(self.totals),
            "detail": [dict(d) for d in self.detail],
            "napoleone": self.napoleone,
        }
