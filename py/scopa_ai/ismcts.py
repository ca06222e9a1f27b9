"""ISMCTS (issue 46, item 3): a sparring partner for the benchmarks, after Di Palma & Lanzi's
Scopone player (IEEE ToG 2018) — single-observer information-set Monte Carlo tree search (Cowling,
Powley & Whitehouse 2012). Not offered to players.

One tree over the seat's information set: each iteration deals the cards the seat has not seen at
random, consistent with its view (`sample_match`), walks the tree down with the plays that deal
allows, choosing by UCB1 where every allowed play has a child (each child's availability counted,
as ISMCTS does), adds one child, plays the hand out by a cheap policy (`_policy`: a sweep, else the
capture worth most, else a lay that leaves no sum a single card sweeps; a random play with chance
`eps`) through the engine's own plays, and
backs the hand's points up: each node keeps the mean for the side that made its play (its hand
points less the others' mean, negated in misère). The play at the root visited most is played.
Every play is the engine's (`legal_plays`, `apply`): any variant the engine knows. Reads only the
seat's view.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from scopa.cards import SETTEBELLO, SUIT, VALUE, Card
from scopa.state import Match, Play, PlayerView, sample_match

__all__ = ["IsmctsPlayer", "IsmctsSettings"]


@dataclass(frozen=True)
class IsmctsSettings:
    """The search's budget and constants."""

    iterations: int = 500    # deals searched a move (one tree descent and playout each)
    explore: float = 1.0     # UCB1's exploration constant, in points of the hand
    eps: float = 0.2         # the playout's chance of a random play

    def __post_init__(self) -> None:
        """Refuse a budget or constant out of range, naming the field."""
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int) or self.iterations < 1:
            raise ValueError(f"IsmctsSettings.iterations must be a whole number of at least 1, not {self.iterations!r}")
        if not (0.0 <= self.explore < math.inf):
            raise ValueError(f"IsmctsSettings.explore must be a finite number of at least 0, not {self.explore!r}")
        if not (0.0 <= self.eps <= 1.0):
            raise ValueError(f"IsmctsSettings.eps must be between 0 and 1, not {self.eps!r}")


class _Node:
    """A play in the tree: its children by play, visits, availability and the sum of the values
    for the side that made it."""

    __slots__ = ("children", "visits", "avail", "total", "side")

    def __init__(self, side: int):
        self.children: dict[Play, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.side = side


def _values(m: Match, totals: tuple[int, ...]) -> list[float]:
    """Per side, the hand's points less the others' mean (negated in misère)."""
    sides = m.rules.sides
    sign = -1.0 if m.rules.misere else 1.0
    whole = sum(totals)
    return [sign * (totals[s] - (whole - totals[s]) / (sides - 1)) for s in range(sides)]


def _worth(c: Card) -> float:
    """A taken card's rough worth in the playout: the Settebello, a seven, a denaro, any card."""
    return 1.0 + (3.0 if c == SETTEBELLO else 0.0) + (1.0 if VALUE[c] == 7 else 0.0) + (0.5 if SUIT[c] == 0 else 0.0)


def _policy(m: Match, legal: list[Play], rng: random.Random, eps: float) -> Play:
    """The playout's play: at random with chance `eps`; else the capture worth most (a sweep first,
    then the cards taken by their rough worth, `_worth`); else a lay that leaves the table above 10
    (no single card sweeps it by a sum), the lowest such card, else a random lay."""
    if len(legal) == 1 or rng.random() < eps:
        return legal[rng.randrange(len(legal))]
    table = len(m.table)
    best, top = None, 0.0
    for p in legal:
        presa = getattr(p, "presa", ())
        if presa:
            score = sum(_worth(c) for c in presa) + (10.0 if len(presa) == table else 0.0)
            if score > top:
                best, top = p, score
    if best is not None:
        return best
    base = sum(VALUE[c] for c in m.table)
    safe = [p for p in legal if getattr(p, "card", None) is not None and base + VALUE[p.card] > 10]
    if safe:
        return min(safe, key=lambda p: (VALUE[p.card], _worth(p.card)))
    return legal[rng.randrange(len(legal))]


class IsmctsPlayer:
    """Single-observer ISMCTS over the seat's information set, the engine's plays throughout."""

    name = "ismcts"

    def __init__(self, rng: random.Random, settings: IsmctsSettings = IsmctsSettings()):
        """A player with its own generator and `settings`."""
        self.rng = rng
        self.settings = settings

    def choose(self, view: PlayerView) -> Play:
        """The root play visited most over `iterations` deals (ties: the first legal)."""
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        rng, settings = self.rng, self.settings
        root = _Node(view.side)
        for _ in range(settings.iterations):
            m = sample_match(view, rng)
            node, path = root, [root]
            event = None
            # selection: while every play this deal allows has a child, the best by UCB1
            while m.phase == "play":
                allowed = m.legal_plays() if node is not root else legal
                untried = [p for p in allowed if p not in node.children]
                if untried:
                    play = untried[rng.randrange(len(untried))]
                    child = _Node(m.side_of[m.turn])
                    node.children[play] = child
                    for p in allowed:
                        if p in node.children:
                            node.children[p].avail += 1
                    event = m.apply(play)
                    node = child
                    path.append(node)
                    break
                best, best_ucb = None, -math.inf
                for p in allowed:
                    c = node.children[p]
                    c.avail += 1
                    log_n = math.log(c.avail)
                    ucb = c.total / c.visits + settings.explore * math.sqrt(log_n / c.visits)
                    if ucb > best_ucb:
                        best, best_ucb = p, ucb
                event = m.apply(best)
                node = node.children[best]
                path.append(node)
            # playout: the rest of the hand by the cheap policy
            while m.phase == "play":
                event = m.apply(_policy(m, m.legal_plays(), rng, settings.eps))
            if event is None or event.hand_result is None:
                continue
            values = _values(m, tuple(event.hand_result.totals))
            for n in path[1:]:
                n.visits += 1
                n.total += values[n.side]
        counts = [(root.children[p].visits if p in root.children else -1, -i) for i, p in enumerate(legal)]
        return legal[max(range(len(legal)), key=lambda i: counts[i])]
