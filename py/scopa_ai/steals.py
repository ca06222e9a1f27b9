"""What the computer players know of Rubamazzo's steals (SB20–SB25): the worth of stealing a
pile, the danger of a pile whose face-up top an opponent can match, and a rollout that plays them.

Everything reads the rule set (`steal`, the capture rule) and the public piles of a view: the piles
and their order are public (SB20), so nothing here sees a hidden card. Which plays are legal is
always the engine's (`scopa.rubamazzo.capture_choices`), never worked out here.
"""

from __future__ import annotations

import random
from typing import Sequence

from scopa.cards import VALUE, Card
from scopa.rubamazzo import capture_choices, stealable
from scopa.state import Match, Play, PlayerView, Steal
from .heuristics import Knowledge, knowledge, p_holds
from .pushed import pushed_playout


def legal_for(view: PlayerView, cards: Sequence[Card]) -> list[Play]:
    """The legal plays of a hand of `cards` for the seat of `view` on its table and piles (steals
    included with `steal`), in the engine's order."""
    k = knowledge(view.rules)
    if not view.rules.steal:
        return k.plays(view.table, cards)
    tops = stealable(view.prese, view.side)
    return [Steal(c, presa, taken) if taken else Play(c, presa)
            for c, presa, taken in capture_choices(k.capture, view.table, tuple(tops), cards)]


def piles_before(view: PlayerView, i: int) -> list[tuple[Card, ...]]:
    """The piles as play `i` of this hand found them, replayed forward from the hand's empty
    piles: the hand's plays are the engine's, each steal naming the tops it took (SB20)."""
    sides = view.rules.sides
    piles: list[tuple[Card, ...]] = [() for _ in range(sides)]
    for j in range(i):
        seat, p = view.plays[j]
        piles = piles_after(piles, seat % sides, p)
    return piles


def piles_after(prese: Sequence[Sequence[Card]], side: int, play: Play) -> list[tuple[Card, ...]]:
    """With `steal`: the piles once `side` has made `play` (a `Steal` names the tops it takes):
    the stolen piles, the table cards, then the card played on top (SB20)."""
    out = [tuple(p) for p in prese]
    if not play.presa:
        return out
    tops = play.tops
    gained: list[Card] = []
    for s, pile in enumerate(out):
        if pile and s != side and pile[-1] in tops:
            gained.extend(pile)
            out[s] = ()
    out[side] = (*out[side], *gained, *[c for c in play.presa if c not in tops], play.card)
    return out


def stolen_worth(view: PlayerView, play: Play, worth: Sequence[float]) -> float:
    """The worth of the piles `play` steals, their tops aside (a play's gain counts its presa)."""
    if not play.tops:
        return 0.0
    total = 0.0
    for pile in view.prese:
        if pile and pile[-1] in play.tops:
            total += sum(worth[c] for c in pile[:-1])
    return total


def stolen_count(view: PlayerView, play: Play) -> int:
    """How many cards the piles `play` steals hold, their tops aside."""
    if not play.tops:
        return 0
    return sum(len(pile) - 1 for pile in view.prese if pile and pile[-1] in play.tops)


def pile_danger(k: Knowledge, view: PlayerView, play: Play, rest: Sequence[Card], count: dict[int, int],
                total: int, h_next: int) -> float:
    """What our side may expect to lose to the next player, if it plays for another side, by a
    steal of our pile once `play` is made: the pile's worth times the chance that player holds a
    card that takes its top (by the capture rule: its equal, or a sum with the table `rest`)."""
    rules = view.rules
    n = len(view.names)
    nxt = (view.seat + 1) % n
    if nxt % rules.sides == view.side or h_next <= 0:
        return 0.0
    w = k.worth
    pile = view.prese[view.side]
    if play.presa:
        top = play.card
        value = sum(w[c] for c in pile) + w[play.card] + sum(w[c] for c in play.presa) + stolen_worth(view, play, w)
    elif pile:
        top = pile[-1]
        value = sum(w[c] for c in pile)
    else:
        return 0.0
    if value <= 0:
        return 0.0
    pool = sorted([*rest, top])
    at = pool.index(top)
    danger = 0.0
    p_none = 1.0
    for v in range(1, 11):
        c_v = count.get(v, 0)
        if not c_v:
            continue
        entry = k.capture.positions(tuple([VALUE[c] for c in pool]))[v]
        if any(at in pos for pos in entry):
            ph = p_holds(c_v, total, h_next)
            danger += p_none * ph * value
            p_none *= 1.0 - ph
    return danger


def steal_playout(m: Match, card: Card, presa: tuple[Card, ...], k: Knowledge, rng: random.Random,
                  eps: float | Sequence[float], record: list | None = None,
                  reply: tuple[Card, tuple[Card, ...]] | None = None) -> tuple[int, ...]:
    """The master's rollout (rollout.playout) for a rule set with `steal`: the hand played to its
    end on `m` (a clone, used up) through the engine's own `push`, every play from `legal_plays`;
    the policy takes what is worth most now (stolen piles included) less the worth of our pile
    times the chance the next player can match its new top (counted from the cards the mover
    cannot see); `eps` is the chance of a random play. The hand's points per side."""
    w = k.worth
    return pushed_playout(m, card, presa, rng, eps, lambda m, p: _policy(m, p, w), record, reply)


def _policy(m: Match, p: Play, w: Sequence[float]) -> float:
    """The rollout policy's score of a play: worth taken now less the danger to our pile."""
    seat = m.turn
    side = m.side_of[seat]
    prese = m.prese
    gain = 0.0
    if p.presa:
        gain = w[p.card] + sum(w[c] for c in p.presa)
        for pile in prese:
            if pile and pile[-1] in p.tops:
                gain += sum(w[c] for c in pile[:-1])
        top = p.card
        mine = sum(w[c] for c in prese[side]) + gain
    else:
        gain = -0.05 * abs(w[p.card])
        top = prese[side][-1] if prese[side] else None
        mine = sum(w[c] for c in prese[side])
    nxt = (seat + 1) % m.n
    if top is not None and m.side_of[nxt] != side:
        # The chance the next player holds the top's equal, from the cards the mover cannot see.
        v = VALUE[top]
        hidden = [c for s, h in enumerate(m.hands) if s != seat for c in h] + m.mazzo
        same = sum(1 for c in hidden if VALUE[c] == v)
        h_next = len(m.hands[nxt]) or (m.rules.hand_size if m.mazzo else 0)
        gain -= p_holds(same, len(hidden), h_next) * mine
    return gain
