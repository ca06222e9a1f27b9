"""How the computer players read builds (Scopa a cascina, SB30–SB36): what a build is worth to
the expert's score, and the chance an opponent holds the card that takes it. The master's search
when builds are in the game is the generic one through the engine (engine_search.py).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from scopa.cards import VALUE, Card
from scopa.mechanics.cascina import Build
from scopa.state import Play, PlayerView
from ..heuristics import Knowledge, p_holds
from ..part import Part


def on_table(view: PlayerView) -> int:
    """How many cards lie on the table, loose or in builds: a capture of them all is a sweep."""
    return len(view.table) + sum(len(b.cards) for b in view.cascine)


def build_score(k: Knowledge, view: PlayerView, play: Build, p_other: float) -> float:
    """SB30–SB33: what a build is worth to its side: the cards it will take at the next turn (the
    build, the card held for it, every loose card of its value), if nobody takes it first (or
    raises it) — `p_other`, the chance an opponent to play before then holds its value — less what
    it hands them when they do."""
    w = k.worth
    loose = sum(w[c] for c in view.table if VALUE[c] == play.value)
    held = max((w[c] for c in view.hand if c != play.card and VALUE[c] == play.value), default=0.0)
    cards = sum(w[c] for c in play.onto) + w[play.card] + loose
    return (1.0 - p_other) * (cards + held) - p_other * cards


def p_opponent_holds(view: PlayerView, value: int, unseen: Sequence[Card]) -> float:
    """The chance that some opponent who plays before our next turn holds a card of `value`."""
    n = len(view.names)
    total = len(unseen)
    have = sum(1 for c in unseen if VALUE[c] == value)
    miss = 1.0
    for step in range(1, n):
        seat = (view.seat + step) % n
        if seat % view.rules.sides == view.side:
            continue
        miss *= 1.0 - p_holds(have, total, view.hand_counts[seat])
    return 1.0 - miss


class CascinaPart(Part):
    """SB30–SB33: the expert counts what a build takes at its next turn, if it lasts."""

    mechanic = "cascina"
    through_engine = True  # SB30: builds are read by the engine's search, not the styles
    principles = False  # SB30: the principles know no builds

    def expert_now(self, view: PlayerView, k: Knowledge, play: Play, score: float, unseen: Sequence[Card]) -> float:
        if type(play) is Build:
            score += build_score(k, view, play, p_opponent_holds(view, play.value, unseen))
        return score

    def on_table(self, view: PlayerView) -> int:
        return on_table(view)  # a sweep takes the builds too (SB30)

    def greedy_worth(self, play: Build, worth: Sequence[float]) -> float:
        """Most of what the build will take (SB30)."""
        return 0.5 * (worth[play.card] + sum(worth[c] for c in play.onto))

    def guarded_worth(self, m: Any, play: Build, worth: Sequence[float],
                      p_next_holds: Callable[[int], float]) -> float:
        """SB30, SB31: what the build will take (its cards and the loose ones of its value) if the
        next player holds no card of its value, less as much if it does (`build_score`'s reckoning,
        for the next player only)."""
        taken = worth[play.card] + sum(worth[c] for c in play.onto)
        taken += sum(worth[t] for t in m.table if VALUE[t] == play.value and t not in play.onto)
        return (1.0 - 2.0 * p_next_holds(play.value)) * taken

    def stays(self, m: Any, presa: Sequence[Card]) -> bool:
        """SB33: no sweep while builds stay on the table (a build goes whole)."""
        builds = m.cascine
        if not presa:
            return bool(builds)
        return any(b.cards[0] not in presa for b in builds) if builds else False


CASCINA_PART = CascinaPart()
PART = CASCINA_PART  # found by the package (`scopa_ai.parts`), not listed by hand
