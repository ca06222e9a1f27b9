"""Which sets of table cards a played card may take (R4, O3–O6, S4, S5).

The answer depends only on the rule set and the multiset of table values, so it is computed once
per (rules, table values) for all ten card values and cached; a lookup maps the cached positions
back to the cards on the table. This is the engine's inner loop, shared by every play and every
simulated game of the AI.
"""

from __future__ import annotations

from typing import Sequence

from .cards import VALUE, Card
from .rules import RuleSet

Positions = tuple[int, ...]

_CACHE_LIMIT = 200_000


def _subsets_by_sum(values: Sequence[int], limit: int) -> dict[int, list[Positions]]:
    """Every non-empty set of positions whose values add up to at most `limit`, grouped by sum.

    `values` must be sorted ascending, which lets the search stop early.
    """
    found: dict[int, list[Positions]] = {}
    n = len(values)
    stack: list[tuple[int, int, Positions]] = [(0, 0, ())]
    while stack:
        start, total, chosen = stack.pop()
        for i in range(start, n):
            s = total + values[i]
            if s > limit:
                break
            pos = chosen + (i,)
            found.setdefault(s, []).append(pos)
            stack.append((i + 1, s, pos))
    for lists in found.values():
        lists.sort(key=lambda p: (len(p), p))
    return found


class CaptureRule:
    """The capture options of one rule set, cached by table values; one shared per configuration."""

    _shared: dict[tuple, "CaptureRule"] = {}

    @classmethod
    def of(cls, rules: RuleSet) -> "CaptureRule":
        """The shared capture rule for these rules, so every match and simulation warms one cache."""
        key = (rules.capture, rules.single_priority, rules.fewest_cards, rules.ace_takes_all)
        found = cls._shared.get(key)
        if found is None:
            found = cls._shared[key] = cls(rules)
        return found

    def __init__(self, rules: RuleSet):
        self.mode = rules.capture
        self.single_priority = rules.single_priority
        self.fewest = rules.fewest_cards
        self.ace_takes_all = rules.ace_takes_all
        self._limit = 14 if "fifteen" in self.mode else 10
        self._cache: dict[tuple[int, ...], tuple[list[Positions], ...]] = {}

    def positions(self, table_values: tuple[int, ...]) -> tuple[list[Positions], ...]:
        """For each card value 0..10 (0 unused), the table positions it may take; [] = no capture."""
        entry = self._cache.get(table_values)
        if entry is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            entry = self._cache[table_values] = self._compute(table_values)
        return entry

    def options(self, table: Sequence[Card], card: Card) -> list[tuple[Card, ...]]:
        """The sets of table cards (sorted) that `card` may take from this sorted table."""
        entry = self.positions(tuple([VALUE[c] for c in table]))
        return [tuple([table[i] for i in pos]) for pos in entry[VALUE[card]]]

    def _compute(self, values: tuple[int, ...]) -> tuple[list[Positions], ...]:
        by_sum = _subsets_by_sum(values, self._limit)
        entry: list[list[Positions]] = [[]]
        for v in range(1, 11):
            entry.append(self._for_value(v, values, by_sum))
        return tuple(entry)

    def _for_value(self, v: int, values: tuple[int, ...], by_sum: dict[int, list[Positions]]) -> list[Positions]:
        if v == 1 and self.ace_takes_all and values:
            return [tuple(range(len(values)))]  # S5: the Asso takes the whole table, nothing else
        options: list[Positions] = []
        if self.mode != "fifteen":
            sums = by_sum.get(v, [])
            singles = [p for p in sums if len(p) == 1]
            if singles and self.single_priority:
                options = singles  # R4(a): a same-value card, never a sum
            else:
                options = list(sums)  # R4(b), or O5 off: singles and sums alike
        if "fifteen" in self.mode:
            options += by_sum.get(15 - v, [])
        if "eleven" in self.mode and 11 - v >= 1:
            options += by_sum.get(11 - v, [])
        if self.fewest and options:
            fewest = min(len(p) for p in options)
            options = [p for p in options if len(p) == fewest]
        return options
