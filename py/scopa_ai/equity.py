"""Match equity: the chance of winning the match from a score, so that a hand is played for the match.

A hand's points are not worth the same at every score (R8, O10–O12): at 9–9 of an 11-point match
only winning the hand counts, and a side at 10 needs one point while the other needs to outscore it.
For two sides, `Equity` gives the chance that a side wins the match once a hand ends with given
totals, computed by dynamic programming over the scores from the distribution of one hand's points
under the rule set, itself estimated once per rule set by hands played by the master's rollout
policy from random deals (seeded, so it is the same every time). The rule set alone decides it:
target, lead, misère and the scoring profile enter through the simulated hands and the engine's
`match_winner`. Where a hand may score below zero (a traditional scopa that costs, SB6), a
score can come back, so the chances are found by iterating over a bounded grid of scores instead.

Against a side that reads as a greedy player or a novice (styles.py) the simulated hands have that
side play as one, and the equity is the favourite's: at 0–0 of an 11-point match the careful
policy wins 71 % against a novice, and a point is worth less to it ahead (8–3: 0.030) than behind
(3–8: 0.076), where between equals both are 0.050.
"""

from __future__ import annotations

import random
from functools import lru_cache

from scopa.cards import DECKS
from scopa.rules import RuleSet
from scopa.state import Match, match_winner
from .heuristics import knowledge
from .rollout import playout
from .styles import BLUNDER, CAREFUL, NOVICE

# How many simulated hands estimate a rule set's distribution of hand points (~0.35 ms each in
# CPython; the whole equity of a rule set is built in about 0.2 s, 0.5 s in Pyodide).
HANDS = 600
# A side's worth of a point is never taken below this (the match all but decided either way).
MIN_SLOPE = 0.02


def hand_points(rules: RuleSet, hands: int = HANDS, seed: int = 0,
                against: int = CAREFUL) -> dict[tuple[int, int], float]:
    """The chance of each (side 0, side 1) pair of hand points, from `hands` simulated hands.
    Side 1 plays as the kind of player `against` (styles.py: a novice errs as often as one); against
    a careful side the result is made symmetric (each outcome counted for both sides: the equity is
    that of equal players)."""
    k = knowledge(rules)
    kinds = [against if s % rules.sides else CAREFUL for s in range(rules.players)]
    eps = [BLUNDER if kind == NOVICE else 0.05 for kind in kinds]
    rng = random.Random(seed)
    counts: dict[tuple[int, int], float] = {}
    deck = list(DECKS[rules.deck])
    for i in range(hands):
        m = Match(rules, first_dealer=i % rules.players)
        while True:
            rng.shuffle(deck)
            if m.deal(deck):
                break
        plays = k.plays(m.table, m.hands[m.turn])
        first = plays[rng.randrange(len(plays))]
        x, y = playout(m, first.card, first.presa, k, rng, eps, fair=True, kinds=kinds)
        if against == CAREFUL:
            counts[(x, y)] = counts.get((x, y), 0.0) + 0.5
            counts[(y, x)] = counts.get((y, x), 0.0) + 0.5
        else:
            counts[(x, y)] = counts.get((x, y), 0.0) + 1.0
    return {xy: c / hands for xy, c in counts.items()}


class Equity:
    """Side 0's chance of winning the match after a hand ends with given totals (two sides)."""

    def __init__(self, rules: RuleSet, dist: dict[tuple[int, int], float]):
        self.rules = rules
        self.dist = sorted(dist.items())
        top = max(max(x, y) for x, y in dist)
        # The grid: scores up to the target plus a few hands' points (ties and leads play on).
        self.cap = max(rules.target, 1) + 3 * max(top, 1)
        low = min(min(x, y) for x, y in dist)
        # SB6: hand points below zero; the grid's floor, a few hands' worth of them below zero.
        self.floor = 3 * low if low < 0 else None
        self.tie = sum(p for (x, y), p in self.dist if x == y == 0)
        self._start: dict[tuple[int, int], float] = {}

    def after(self, a: int, b: int) -> float:
        """Side 0's chance of winning once a hand ends with side 0 at `a` and side 1 at `b`."""
        won = match_winner(self.rules, (a, b))
        if won is not None:
            return 1.0 if won == 0 else 0.0
        if max(a, b) >= self.cap or (self.floor is not None and min(a, b) < self.floor):
            return 0.5 if a == b else (0.75 if a > b else 0.25)  # far past the target: a guess
        return self.start(a, b)

    def start(self, a: int, b: int) -> float:
        """Side 0's chance of winning the match from a hand about to be dealt at `a`–`b`."""
        got = self._start.get((a, b))
        if got is not None:
            return got
        if self.floor is not None:
            self._iterate()
            return self._start[(a, b)]
        # Every state reachable from here has a larger total (or is this one again, on a 0–0
        # hand): fill them highest total first, without recursion.
        order = []
        seen = {(a, b)}
        stack = [(a, b)]
        while stack:
            s = stack.pop()
            order.append(s)
            for (x, y), _ in self.dist:
                t = (s[0] + x, s[1] + y)
                if t not in seen and t not in self._start and (x or y) and max(t) < self.cap \
                        and match_winner(self.rules, t) is None:
                    seen.add(t)
                    stack.append(t)
        for s in sorted(order, key=lambda s: -(s[0] + s[1])):
            acc = 0.0
            for (x, y), p in self.dist:
                if x or y:
                    acc += p * self.after(s[0] + x, s[1] + y)
            self._start[s] = acc / (1.0 - self.tie) if self.tie < 1.0 else 0.5
        return self._start[(a, b)]

    def _iterate(self) -> None:
        """Every score of the grid from the floor to the cap, where hands may score below zero
        (SB6): Gauss-Seidel sweeps, the highest totals first, until no chance moves by 1e-7."""
        lo, cap = self.floor, self.cap
        moves = [(x, y, p) for (x, y), p in self.dist if x or y]
        grid = [(a, b) for a in range(lo, cap) for b in range(lo, cap) if match_winner(self.rules, (a, b)) is None]
        grid.sort(key=lambda s: -(s[0] + s[1]))
        value = dict.fromkeys(grid, 0.5)
        fixed: dict[tuple[int, int], float] = {}
        for _ in range(500):
            change = 0.0
            for a, b in grid:
                acc = 0.0
                for x, y, p in moves:
                    t = (a + x, b + y)
                    v = value.get(t)
                    if v is None:
                        v = fixed.get(t)
                        if v is None:
                            v = fixed[t] = self.after(*t)  # a match won, or off the grid
                    acc += p * v
                new = acc / (1.0 - self.tie) if self.tie < 1.0 else 0.5
                change = max(change, abs(new - value[(a, b)]))
                value[(a, b)] = new
            if change < 1e-7:
                break
        self._start.update(value)

    def point(self, a: int, b: int) -> float:
        """What one more point of this hand is worth to side 0, in match-winning chance, at the
        score `a`–`b` before the hand (averaged over how the hand may end); at least `MIN_SLOPE`."""
        acc = 0.0
        for (x, y), p in self.dist:
            acc += p * (self.after(a + x + 1, b + y) - self.after(a + x, b + y + 1)) / 2.0
        return max(MIN_SLOPE, abs(acc))


def equity(rules: RuleSet, against: int = CAREFUL) -> Equity | None:
    """The match equity of a two-side rule set (None for three or more sides), for a side that
    plays carefully against a side of the kind `against` (styles.py): against a greedy player or a
    novice the careful side is the favourite, and a point is worth less to it when ahead."""
    if rules.sides != 2:
        return None
    return _equity(rules, against)


@lru_cache(maxsize=16)
def _equity(rules: RuleSet, against: int) -> Equity:
    return Equity(rules, hand_points(rules, against=against))
