"""Whether to declare (SB14): a declaration's points against what showing its cards gives away.

Where declaring is a choice (Bàzzica, [002]: "è possibile ottenere ulteriori punti … Il giocatore
che accusa deve scoprire le carte"), a seat's first play of a round comes with and without its
declarations (`scopa.state.Declared`). The points are sure; the price is the cards shown, which
stay known in the hand until played: the other players lay around them (never leaving a sum the
shown cards take), and a shown seven, the Settebello above all, is one they keep from the table.
The weighing is a rule of thumb, in points of the hand:

- each card shown costs `SHOW`, a seven `SEVEN` more, the Settebello `SETTEBELLO` more;
- nothing is hidden when every card unseen is in the other hand anyway (two players, the last
  round: SB13), and points that win the match are never kept back;
- declare when the points are more than the cost.

So three alike (7 points) is always declared, nine or less (2 or 3 points, three cards of Asso to
Sei) mostly, and nine with a pair that shows the Settebello (1, 1 and the 7D: 3 points) is kept
hidden. `settle` turns a view into the same view with only the plays of the choice made, so each
level chooses its card as it always has.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scopa.mechanics.accuse import Accusa, Declared, accuse_points, shown_cards
from scopa.cards import SETTEBELLO, VALUE
from scopa.state import Match, PlayerView
from ..part import Part

SHOW = 0.5  # a card shown: the others play around it while it is held
SEVEN = 0.5  # a seven shown: the others keep the sevens (primiera) away from it
SETTEBELLO_COST = 1.0  # the Settebello shown: its point is guarded from then on


@dataclass(frozen=True)
class Weighing:
    """A declaration weighed: `declare`, its `points`, the `cost` of the cards shown, and `why`
    ("free": nothing stays hidden anyway; "wins": its points win the match; "worth": more points
    than cost; "costly": the cards are worth more hidden)."""

    declare: bool
    points: int
    cost: float
    why: str
    cards: tuple[int, ...]


def declares(play: object) -> bool:
    """Whether `play` is one made with the hand's declarations, where declaring is a choice (SB14)."""
    return type(play) is Declared


def offered(view: PlayerView) -> tuple[Accusa, ...]:
    """The declarations this seat may make with its play now (empty when there is no choice)."""
    for p in view.legal:
        if type(p) is Declared:
            return p.accuse
    return ()


def weigh(view: PlayerView) -> Weighing | None:
    """The expert's weighing of the declarations offered, or None when none is offered."""
    accuse = offered(view)
    if not accuse:
        return None
    points = sum(a.points for a in accuse)
    cards = shown_cards(accuse)
    rules = view.rules
    if view.deck_left == 0 and len(view.names) == 2:
        return Weighing(True, points, 0.0, "free", cards)  # SB13: every unseen card is in the other hand
    target = rules.target
    if target and view.totals[view.side] + points >= target:
        return Weighing(True, points, 0.0, "wins", cards)
    cost = sum(SHOW + (SEVEN if VALUE[c] == 7 else 0.0) + (SETTEBELLO_COST if c == SETTEBELLO else 0.0)
               for c in cards)
    if points > cost:
        return Weighing(True, points, cost, "worth", cards)
    return Weighing(False, points, cost, "costly", cards)


def settle(view: PlayerView, declare: bool | None = None) -> PlayerView:
    """The view with only the plays that make the choice: `declare` as given, else as `weigh`
    decides. A view with no choice to make is returned as it is."""
    if not offered(view):
        return view
    if declare is None:
        w = weigh(view)
        declare = w is not None and w.declare
    return replace(view, legal=tuple(p for p in view.legal if (type(p) is Declared) == declare))


def declared_points(m: Match, declares: bool = True) -> list[int]:
    """Each side's declaration points in this hand (SB10): those made, those the hands not yet
    played from will make (the seat to move's only if it `declares`, SB14), and those of the
    rounds still in the deck. No play changes them, so they are counted once, before the playout."""
    rules = m.rules
    n, k = m.n, rules.hand_size
    out = [0] * m.sides
    for a in m.accuse:
        out[m.side_of[a.seat]] += a.points
    for seat, hand in enumerate(m.hands):
        if len(hand) == k and (declares or seat != m.turn):
            out[m.side_of[seat]] += accuse_points(rules.accuse, hand)
    first = m.dealer + 1
    for r in range(0, len(m.mazzo) - n * k + 1, n * k):
        dealt = m.mazzo[r: r + n * k]
        for seat in range(n):
            hand = dealt[(seat - first) % n::n]
            out[m.side_of[seat]] += accuse_points(rules.accuse, hand)
    return out


class AccusePart(Part):
    """SB10-SB14: the declarations' points in the master's rollouts; the light search plays the
    declared plays (each a plain play with its declarations), the plays model does not."""

    mechanic = "accuse"
    beliefs = False  # SB10: cards shown from a hand are not drawn from the belief
    light_search = True

    def fixed_points(self, m: Match, declares: bool) -> list[int]:
        return declared_points(m, declares)


ACCUSE_PART = AccusePart()
PART = ACCUSE_PART  # found by the package (`scopa_ai.parts`), not listed by hand
