"""PIMC: perfect-information Monte Carlo, the sparring partner the master is measured against.

Written from the description of an open-source Scopa bot (issue 26), not from its code: the unseen
cards are dealt out `deals` times from what this seat has seen (inference.py's deals, the cards an
opponent's plays say it lacks moved away, as the master deals them), each deal is searched with
alpha-beta `depth` plies deep in the deal's play order to the end of the round (no new cards are
dealt in the search), and each deal votes for its best play; the play with the most votes is
played (ties: the larger sum of its winning values, then the engine's order).

The evaluation is material and threats, from the searching side's view: the worth of every card
taken (knowledge.worth: cards, denari, the Settebello, the primiera's sevens and sixes, each rule
set's own points) and of every scopa (knowledge.sweep), less the others'; at the hand's end the
cards left on the table go to the last side to take (R6); where the search stops, a scopa that the
seat to move could make on its deal's hand (at the round's end, the hand the deal gives it next)
counts `THREAT` of its worth for that seat's side. In a
game whose plays it does not know (a mechanic's part says so, `Part.light_search`: steals, builds,
claims; and sweeps of other worth or the 80 cards' twins, SB41, SB42: `rollout.by_engine`) it plays
as the expert. Reads only the view; every random choice
comes from the generator it is given.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from typing import Sequence

from scopa.cards import VALUE, Card
from scopa.state import Match, Play, PlayerView
from .parts.declare import settle
from .heuristics import Knowledge, knowledge
from .inference import sample_consistent, unlikely_cards
from .levels import ExpertPlayer
from .parts import parts
from .rollout import by_engine

# The share of a scopa's worth counted where the search stops and the seat to move could sweep.
THREAT = 0.7
INF = float("inf")


@dataclass(frozen=True)
class PimcSettings:
    """How many deals are sampled and how many plies each is searched (`PimcSettings()`: the
    published configuration, 12 deals, 5 plies)."""

    deals: int = 12
    depth: int = 5
    # Positions searched per deal at most (0: no bound). With a bound each deal is searched one
    # ply deeper at a time and the deepest search finished within it is kept: a budget counted in
    # positions, the same play on any device (Scopone's nine-card hands at ten plies would take
    # minutes).
    max_nodes: int = 0

    def __post_init__(self) -> None:
        """Refuse a budget below one deal or one ply, or a negative bound."""
        for name, low in (("deals", 1), ("depth", 1), ("max_nodes", 0)):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= low):
                raise ValueError(f"PimcSettings.{name} must be a whole number of at least {low}, not {value!r}")


class _OutOfNodes(Exception):
    """A deal's search went past its bound of positions (`PimcSettings.max_nodes`)."""


def searchable(view: PlayerView) -> bool:
    """Whether the light search knows this game's plays (else the expert plays)."""
    r = view.rules
    return (all(part.light_search for part in parts(r)) and not by_engine(r)
            and all(type(p) is Play for p in view.legal))


class _Deal:
    """One sampled deal's round, searched by alpha-beta on plain lists (do and undo)."""

    def __init__(self, m: Match, k: Knowledge, side: int, sides: int, max_nodes: int = 0):
        self.k = k
        self.max_nodes = max_nodes
        self.hands = [list(h) for h in m.hands]
        self.n = m.n
        self.side_of = m.side_of
        self.mazzo_empty = not m.mazzo
        # The next round's hands of this deal (R2: one card at a time from the dealer's left), so
        # that a table left at the round's end is weighed against the sweep it offers.
        per = m.n * m.rules.hand_size
        self.next_hands: list[list[Card]] = [[] for _ in range(m.n)]
        for i, c in enumerate(m.mazzo[:per]):
            self.next_hands[(m.dealer + 1 + i) % m.n].append(c)
        # Each side's share of a gain: + for the searching side, - (the mean) for the others.
        self.sign = [1.0 if s == side else -1.0 / (sides - 1) for s in range(sides)]
        self.side = side
        self.nodes = 0

    def value(self, seat: int, table: list[Card], depth: int, alpha: float, beta: float,
              last_cap: int | None, cards_left: int) -> float:
        """The gains to come, for the searching side, with `seat` to move (alpha-beta)."""
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise _OutOfNodes
        k = self.k
        if cards_left == 0:
            if self.mazzo_empty and table and last_cap is not None:
                w = k.worth
                return self.sign[self.side_of[last_cap]] * sum(w[c] for c in table)  # R6
            if self.mazzo_empty:
                return 0.0
            return self.threat(seat, self.next_hands[seat], table, False)  # the new round's first play
        hand = self.hands[seat]
        last_play = self.mazzo_empty and cards_left == 1
        if depth == 0:
            return self.threat(seat, hand, table, last_play)
        plays = k.plays(table, hand)
        n_table = len(table)
        scored = [(k.gain(p, n_table, last_play), i, p) for i, p in enumerate(plays)]
        scored.sort(key=lambda t: (-t[0], t[1]))
        sign = self.sign[self.side_of[seat]]
        maximise = sign > 0
        nxt = (seat + 1) % self.n
        best = -INF if maximise else INF
        for gain, _, p in scored:
            v = sign * gain + self.after(seat, p, table, depth, alpha, beta, last_cap, cards_left, nxt)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    def after(self, seat: int, p: Play, table: list[Card], depth: int, alpha: float, beta: float,
              last_cap: int | None, cards_left: int, nxt: int) -> float:
        """Play `p` for `seat`, search on, and take it back."""
        hand = self.hands[seat]
        i = hand.index(p.card)
        del hand[i]
        try:
            if p.presa:
                taken = p.presa
                rest = [c for c in table if c not in taken]
                return self.value(nxt, rest, depth - 1, alpha, beta, seat, cards_left - 1)
            rest = table[:]
            insort(rest, p.card)
            return self.value(nxt, rest, depth - 1, alpha, beta, last_cap, cards_left - 1)
        finally:
            hand.insert(i, p.card)  # taken back even when the bound of positions stops the search

    def threat(self, seat: int, hand: list[Card], table: list[Card], last_play: bool) -> float:
        """Where the search stops: a scopa the seat to move could make counts `THREAT` of it."""
        if not table or last_play:
            return 0.0
        k = self.k
        n_table = len(table)
        best = 0.0
        for c in hand:
            for presa in k.takes(table, VALUE[c]):
                if len(presa) == n_table:
                    s = k.sweep(c, presa, n_table, False)
                    if s > best:
                        best = s
        return self.sign[self.side_of[seat]] * THREAT * best


class PimcPlayer:
    """Perfect-information Monte Carlo: sampled deals, each searched by alpha-beta, votes."""

    name = "pimc"

    def __init__(self, rng: random.Random, settings: PimcSettings = PimcSettings()):
        """A PIMC player with its own generator and budget (`settings`)."""
        if not isinstance(settings, PimcSettings):
            raise TypeError(f"PimcPlayer's settings must be a PimcSettings, not {settings!r}")
        self.rng = rng
        self.settings = settings
        self.expert = ExpertPlayer(rng)
        # The last choice's votes per play and the nodes searched (diagnostics, benchmarks).
        self.last_votes: dict[Play, int] = {}
        self.last_nodes = 0
        # Deals whose search the bound of positions (`max_nodes`) stopped short of `depth`.
        self.cut = 0

    def fork(self) -> "PimcPlayer":
        """An independent fork in the same state (its generator's): it chooses as this player
        would (a search on the person's time runs on a fork, settebello/ponder.py)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        forked = PimcPlayer(rng, self.settings)
        forked.cut = self.cut
        return forked

    def choose(self, view: PlayerView) -> Play:
        """The play most of the sampled deals find best."""
        self.last_votes = {}
        self.last_nodes = 0
        view = settle(view)  # SB14: declare or not by the expert's weighing (declare.py)
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if not searchable(view):
            return self.expert.choose(view)
        k = knowledge(view.rules)
        unlikely = unlikely_cards(view)
        votes = [0] * len(legal)
        worth = [0.0] * len(legal)
        for _ in range(self.settings.deals):
            m = sample_consistent(view, self.rng, unlikely)
            best, value = self.search(m, legal, k, view)
            votes[best] += 1
            worth[best] += value
        pick = max(range(len(legal)), key=lambda i: (votes[i], worth[i], -i))
        self.last_votes = {legal[i]: votes[i] for i in range(len(legal)) if votes[i]}
        return legal[pick]

    def search(self, m: Match, legal: Sequence[Play], k: Knowledge, view: PlayerView) -> tuple[int, float]:
        """The index in `legal` of the best play on one sampled deal `m`, and its value."""
        settings = self.settings
        deal = _Deal(m, k, view.side, view.rules.sides, settings.max_nodes)
        if not settings.max_nodes:
            found = self.search_to(deal, m, legal, k, view, settings.depth)
        else:
            found = self.search_to(deal, m, legal, k, view, 1)  # a first answer: one ply, no bound
            deal.nodes = 0
            in_round = sum(len(h) for h in deal.hands)  # no search goes past the round's last play
            for depth in range(2, min(settings.depth, in_round) + 1):
                try:
                    found = self.search_to(deal, m, legal, k, view, depth)
                except _OutOfNodes:
                    self.cut += 1
                    break
        self.last_nodes += deal.nodes
        return found

    def search_to(self, deal: _Deal, m: Match, legal: Sequence[Play], k: Knowledge, view: PlayerView,
                  depth: int) -> tuple[int, float]:
        """The best play of `legal` on the deal searched `depth` plies deep, and its value."""
        table = list(m.table)
        seat = m.turn
        cards_left = sum(len(h) for h in deal.hands)
        last_play = deal.mazzo_empty and cards_left == 1
        nxt = (seat + 1) % m.n
        n_table = len(table)
        order = sorted(range(len(legal)), key=lambda i: (-k.gain(legal[i], n_table, last_play), i))
        best_i, best_v = order[0], -INF
        for i in order:
            p = legal[i]
            # Strictly better only: the first of equal plays (the likelier capture first) stays.
            v = deal.sign[view.side] * k.gain(p, n_table, last_play) + deal.after(
                seat, p, table, depth, best_v, INF, m.last_capturer, cards_left, nxt)
            if v > best_v:
                best_i, best_v = i, v
        return best_i, best_v
