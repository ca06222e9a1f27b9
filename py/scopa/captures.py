"""Which sets of table cards a played card may take (R4, O3–O6, S4, S5, SB4, SB5, SB7), and what a
sweep of the table is worth (R5, S5, SB6).

The answer depends only on the rule set and the multiset of table values, so it is computed once
per (rules, table values) for all ten card values and cached; a lookup maps the cached positions
back to the cards on the table. This is the engine's inner loop, shared by every play and every
simulated game of the AI.
"""

from __future__ import annotations

from typing import Sequence

from .cards import VALUE, Card
from .mechanics import SCOPA, TRADIZIONALE, counting, judge_sweep, sweep_judges
from .rules import RuleSet

# What a capture that empties the table is (`scopa_kind`): a scopa that scores for its side, or
# (where a mechanic's counting tells it apart, SB6) a traditional scopa, which scores its own points
# (`mechanics.traditional_points`). Any other kind is a sweep worth other points than a scopa's,
# made by a mechanic (`mechanics.special_sweeps`, SB41, SB42), each a category of the hand's score.
COURTS = (11, 12, 13)  # SB38: the 52 cards' courts, which take only a court of their rank

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


def _differences(values: Sequence[int]) -> dict[int, list[Positions]]:
    """SB4: every set of two or more positions whose largest value minus all the others is at
    least 1, grouped by that difference (Fante and 2: 8 - 2 = 6; Re, 7 and Asso: 10 - 7 - 1 = 2).

    `values` must be sorted ascending. The largest card is worth more than all the others
    together, so the others are below it in value and add up to less than it.
    """
    found: dict[int, list[Positions]] = {}
    below: dict[int, dict[int, list[Positions]]] = {}  # first position of a value -> sums below it
    first = 0
    for i, v in enumerate(values):
        if i and values[i - 1] != v:
            first = i
        if first not in below:
            below[first] = _subsets_by_sum(values[:first], 9)
        for total, sets in below[first].items():
            if total < v:
                found.setdefault(v - total, []).extend(p + (i,) for p in sets)
    for lists in found.values():
        lists.sort(key=lambda p: (len(p), p))
    return found


def scopa_kind(rules: RuleSet, card: Card, presa: Sequence[Card]) -> str | None:
    """What taking `presa`, the whole table, with `card` is (the hand's last play aside, R5):
    `SCOPA`, `TRADIZIONALE`, a mechanic's own sweep (`mechanics.special_sweeps`) or None (no scopa at all).

    S5: the Asso that takes all is a scopa only with `ace_scopa`. SB6: where a mechanic counts
    the sums its own way, it judges a plain sweep by the face values (`mechanics.judge_sweep`).
    """
    v = VALUE[card]
    if rules.ace_takes_all and v == 1:
        return SCOPA if rules.ace_scopa else None
    own, found = sweep_judges(rules)
    for mech in own:  # SB41, SB42: a sweep of a mechanic's own
        kind = mech.sweep_kind(rules, card, presa)
        if kind is not None:
            return kind
    if not found:
        return SCOPA
    return judge_sweep(rules, v, [VALUE[c] for c in presa], found)  # SB6: a scopa, a traditional one or none


class CaptureRule:
    """The capture options of one rule set, cached by table values; one shared per configuration."""

    _shared: dict[tuple, "CaptureRule"] = {}

    @classmethod
    def of(cls, rules: RuleSet) -> "CaptureRule":
        """The shared capture rule for these rules, so every match and simulation warms one cache."""
        key = (rules.capture, rules.single_priority, rules.fewest_cards, rules.ace_takes_all, counting(rules))
        found = cls._shared.get(key)
        if found is None:
            found = cls._shared[key] = cls(rules)
        return found

    def __init__(self, rules: RuleSet):
        self.mode = rules.capture
        self.single_priority = rules.single_priority
        self.fewest = rules.fewest_cards
        self.ace_takes_all = rules.ace_takes_all
        self.counting = counting(rules)  # SB5: a mechanic's own count of the sums, or None
        self._limit = 14 if "fifteen" in self.mode else 10
        self._cache: dict[tuple[int, ...], tuple[list[Positions], ...]] = {}

    def positions(self, table_values: tuple[int, ...]) -> tuple[list[Positions], ...]:
        """For each card value 0..13 (0 unused; 11..13 the 52 cards' courts), the table positions it
        may take; [] = no capture."""
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
        order = sorted(range(len(values)), key=values.__getitem__)
        if any(i != j for i, j in enumerate(order)):
            # The 80 cards' second copies sort after every first copy (SB37): work on the values
            # sorted, as the search below needs, and give the positions back on the table.
            entry = self._compute(tuple(values[i] for i in order))
            return tuple([tuple(sorted(order[i] for i in p)) for p in ps] for ps in entry)
        if self.counting is not None:
            by_sum = self.counting.subsets(values)
        else:
            by_sum = _subsets_by_sum(values, self._limit if "match" in self.mode or "fifteen" in self.mode else 0)
        diffs = _differences(values) if "difference" in self.mode else {}
        entry: list[list[Positions]] = [[]]
        for v in range(1, 11):
            entry.append(self._for_value(v, values, by_sum, diffs))
        for v in COURTS:  # SB38: a court takes a court of its rank, one, and never a sum
            entry.append([(i,) for i, x in enumerate(values) if x == v] if values and values[-1] > 10 else [])
        return tuple(entry)

    def _for_value(self, v: int, values: tuple[int, ...], by_sum: dict[int, list[Positions]],
                   diffs: dict[int, list[Positions]]) -> list[Positions]:
        if v == 1 and self.ace_takes_all and values:
            return [tuple(range(len(values)))]  # S5: the Asso takes the whole table, nothing else
        options: list[Positions] = []
        if self.mode != "fifteen":
            # R4(a): a same-value card; by a mechanic's count, one of the same rank (SB5: a Cavallo on
            # a Cavallo, while a 2 on a Cavallo is one of the choices).
            singles = [(i,) for i, x in enumerate(values) if x == v]
            if self.counting is not None:
                others = [p for p in by_sum.get(self.counting.count(v), []) if len(p) > 1 or values[p[0]] != v]
            else:
                others = [p for p in by_sum.get(v, []) if len(p) > 1] if "match" in self.mode else []
                others += diffs.get(v, [])  # SB4, SB7: by difference too, or instead of the sum
                if "match" in self.mode and v in diffs:
                    others.sort(key=lambda p: (len(p), p))
            if singles and self.single_priority:
                options = singles  # R4(a): a same-value card, never a sum (or a difference, SB4)
            else:
                # R4(b), or O5 off: singles and the rest alike; SB5: the "assioma della scelta".
                options = sorted(singles + others, key=lambda p: (len(p), p)) if singles else others
        if "fifteen" in self.mode:
            options += by_sum.get(15 - v, [])
        if "eleven" in self.mode and 11 - v >= 1:
            options += by_sum.get(11 - v, [])
        if self.fewest and options:
            fewest = min(len(p) for p in options)
            options = [p for p in options if len(p) == fewest]
        return options
