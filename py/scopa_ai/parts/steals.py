"""What the computer players know of Rubamazzo's steals (SB20–SB25): the worth of stealing a
pile, the danger of a pile whose face-up top an opponent can match, and a rollout that plays them
(in Rubamazzo a somme, SB22, taking a top by a sum too, and ending with the last round solved).

Everything reads the rule set (`steal`, the capture rule) and the public piles of a view: the piles
and their order are public (SB20), so nothing here sees a hidden card. Which plays are legal is
always the engine's (`scopa.mechanics.steal.capture_choices`), never worked out here.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Sequence

from scopa.cards import VALUE, Card
from scopa.mechanics.steal import Steal, capture_choices, stealable
from scopa.state import Match, Play, PlayerView
from ..heuristics import Knowledge, knowledge, p_holds
from ..part import Part
from ..pushed import pushed_playout


def steal_plays(view: PlayerView, cards: Sequence[Card]) -> list[Play]:
    """With steals: the legal plays of a hand of `cards` for the seat of `view` on its table and
    piles, in the engine's order (SB21: the tops taken as table cards are)."""
    k = knowledge(view.rules)
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
                  reply: tuple[Card, tuple[Card, ...]] | None = None, sums: bool = False) -> tuple[int, ...]:
    """The master's rollout (rollout.playout) for a rule set with `steal`: the hand played to its
    end on `m` (a clone, used up) through the engine's own `push`, every play from `legal_plays`;
    the policy takes what is worth most now (stolen piles included) less the worth of our pile
    times the chance the next player can take its new top (counted from the cards the mover
    cannot see); `eps` is the chance of a random play. The hand's points per side.

    With `sums`, where the capture rule adds up (SB22, Rubamazzo a somme): the danger counts every
    value that takes the top with the table left (`top_takers`), and once the deck is empty at two
    players (every card then known to both, as the real players' last round, which they solve
    exactly) the rest of the hand is played out exactly (`last_round`), not by the policy."""
    w = k.worth
    if sums and m.rules.capture != "equal":
        rule = m.capture_rule
        exact = record is None and exact_last_round(m.rules, m.n)
        return _somme_playout(m, Play(card, presa), rng, eps, lambda m, p: play_score(m, p, w, rule), reply,
                              rule if exact else None)
    return pushed_playout(m, card, presa, rng, eps, lambda m, p: play_score(m, p, w), record, reply)


def _somme_playout(m: Match, play: Play, rng: random.Random, eps: float | Sequence[float], score,
                   reply: tuple[Card, tuple[Card, ...]] | None, rule) -> tuple[int, ...]:
    """`pushed_playout` (without a record) that, given the capture `rule`, ends with `last_round`
    once the deck is empty and no `reply` is still to come."""
    eps_of = tuple(eps) if isinstance(eps, (tuple, list)) else (eps,) * m.n
    while True:
        ev = m.push(play)
        if ev.hand_result is not None:
            return ev.hand_result.totals
        if reply is not None:
            chosen = Play(*reply)
            reply = None
            legal = m.legal_plays()
            if chosen in legal:
                play = chosen
                continue
        elif rule is not None and not m.mazzo:
            return last_round(m, rule)
        legal = m.legal_plays()
        e = eps_of[m.turn]
        if len(legal) == 1 or (e and rng.random() < e):
            play = legal[rng.randrange(len(legal))]
            continue
        play = max(legal, key=lambda p: score(m, p))


def exact_last_round(rules, players: int) -> bool:
    """Whether `last_round` knows how a hand of these rules ends: steals, two seats, and each card
    taken a point and nothing else (SB23)."""
    return (rules.steal and players == 2 and rules.scoring == "mazzetto" and not rules.misere
            and not (rules.rebello or rules.rosmarino or rules.settanta or rules.due_denari))


# Solved last rounds: per capture rule, per position (hands, table, piles, tops, last side, turn),
# the hand's final cards per side (cached: every rollout of a move meets many of the same).
_ROUNDS: dict[int, dict[tuple, tuple[int, int]]] = {}


def last_round(m: Match, rule) -> tuple[int, int]:
    """The cards each side ends the hand with (its points, SB23) when the two players play the
    rest of it perfectly (minimax on the difference) from `m`, whose deck is empty: a player's
    card takes by the capture `rule` from the table and the other's pile top (SB22), the whole
    pile with it; what is left on the table goes to the last side that took (R6), to nobody if
    none did (S8). Only values matter there: a card's value, never its suit (`exact_last_round`)."""
    hands = tuple(tuple(sorted(VALUE[c] for c in h)) for h in m.hands)
    table = tuple(sorted(VALUE[c] for c in m.table))
    piles = (len(m.prese[0]), len(m.prese[1]))
    tops = tuple(VALUE[p[-1]] if p else 0 for p in m.prese)
    last = m.side_of[m.last_capturer] if m.last_capturer is not None else -1
    cache = _ROUNDS.setdefault(id(rule), {})
    if len(cache) > 200_000:
        cache.clear()
    return _solve(rule.positions, cache, hands, table, piles, tops, last, m.turn)


def _solve(positions, cache: dict, hands: tuple, table: tuple, piles: tuple, tops: tuple, last: int,
           turn: int) -> tuple[int, int]:
    """`last_round`'s minimax: the final (cards of side 0, of side 1) with `turn` to play."""
    key = (hands, table, piles, tops, last, turn)
    found = cache.get(key)
    if found is not None:
        return found
    me, op = turn, 1 - turn
    hand = hands[me]
    top = tops[op]
    if top:
        at = bisect_left(table, top)
        pool = table[:at] + (top,) + table[at:]
    else:
        at, pool = -1, table
    entry = positions(pool)
    best = None
    best_v = 0
    for i, v in enumerate(hand):
        if i and hand[i - 1] == v:
            continue  # the same value plays the same
        rest = hand[:i] + hand[i + 1:]
        new_hands = (rest, hands[1]) if me == 0 else (hands[0], rest)
        opts = entry[v]
        children = []
        if not opts:
            laid = list(table)
            laid.insert(bisect_left(laid, v), v)
            children.append((tuple(laid), piles, tops, last))
        else:
            for pos in opts:
                stolen = at in pos
                left = tuple(x for j, x in enumerate(pool) if j not in pos and j != at)
                mine = piles[me] + len(pos) + 1 + (piles[op] - 1 if stolen else 0)
                theirs = 0 if stolen else piles[op]
                their_top = 0 if stolen else top
                if me == 0:
                    children.append((left, (mine, theirs), (v, their_top), 0))
                else:
                    children.append((left, (theirs, mine), (their_top, v), 1))
        for t, p, tp, lst in children:
            if not new_hands[0] and not new_hands[1]:
                out = list(p)
                if lst >= 0:
                    out[lst] += len(t)  # R6
                res = (out[0], out[1])
            else:
                res = _solve(positions, cache, new_hands, t, p, tp, lst, op)
            d = res[0] - res[1] if me == 0 else res[1] - res[0]
            if best is None or d > best_v:
                best, best_v = res, d
    cache[key] = best
    return best


# Per capture rule: per (sorted table values, top's value), the values that take the top (cached).
_TAKERS: dict[int, dict[tuple[tuple[int, ...], int], frozenset[int]]] = {}


def top_takers(rule, table_values: Sequence[int], top: int) -> frozenset[int]:
    """The card values that take a pile's top of value `top` (SB22: the tops count among the table
    cards) by the capture rule `rule` (the engine's `CaptureRule`), the loose table cards being
    `table_values`: its equal, and in Rubamazzo a somme every sum the top is part of, R4a's
    priority of a single equal card kept."""
    vals = sorted(table_values)
    cache = _TAKERS.setdefault(id(rule), {})
    key = (tuple(vals), top)
    found = cache.get(key)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        at = bisect_left(vals, top)
        entry = rule.positions(tuple(vals[:at] + [top] + vals[at:]))
        found = cache[key] = frozenset(v for v in range(1, 11) if any(at in pos for pos in entry[v]))
    return found


def play_score(m: Match, p: Play, w: Sequence[float], rule=None) -> float:
    """The rollout policy's score of a play: worth taken now less the danger to our pile (taken by
    its top's equal; with a capture `rule` that adds up, by any value `top_takers` names)."""
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
        # The chance the next player holds the top's equal (or, adding up, a card that takes it),
        # from the cards the mover cannot see.
        hidden = [c for s, h in enumerate(m.hands) if s != seat for c in h] + m.mazzo
        if rule is None:
            v = VALUE[top]
            same = sum(1 for c in hidden if VALUE[c] == v)
        else:
            if p.presa:
                rest = [VALUE[t] for t in m.table if t not in p.presa]
            else:
                rest = [VALUE[t] for t in m.table]
                rest.append(VALUE[p.card])
            takers = top_takers(rule, rest, VALUE[top])
            same = sum(1 for c in hidden if VALUE[c] in takers)
        h_next = len(m.hands[nxt]) or (m.rules.hand_size if m.mazzo else 0)
        gain -= p_holds(same, len(hidden), h_next) * mine
    return gain


class StealPart(Part):
    """SB20: a stolen pile's cards count for every level; the expert weighs its own pile's new top."""

    mechanic = "steal"
    slow_rollout = True  # SB20: its rollouts play through the engine's own push (steal_playout)
    principles = False  # SB20: a capture risks the pile it lands on; the principles do not weigh it
    reads_plays = False  # SB20: a play's worth hung on piles since moved; no card is ruled out by it

    def legal(self, view: PlayerView, cards: Sequence[Card]) -> list[Play]:
        return steal_plays(view, cards)

    def piles_after(self, view: PlayerView, play: Play) -> list[tuple[Card, ...]]:
        return piles_after(view.prese, view.side, play)  # SB20: the piles face up, some stolen

    def piles_before(self, view: PlayerView, i: int) -> list[tuple[Card, ...]]:
        return piles_before(view, i)  # SB20: piles stolen since are put back

    def pile_tops(self, prese: Sequence[Sequence[Card]]) -> tuple[Card | None, ...]:
        return tuple(p[-1] if p else None for p in prese)  # SB20: the piles lie face up

    def count(self, view: PlayerView, play: Play) -> int:
        return stolen_count(view, play)

    def take(self, view: PlayerView, play: Play, worth: Sequence[float], gain: float) -> float:
        return gain + stolen_worth(view, play, worth)

    def expert_after(self, view: PlayerView, k: Knowledge, play: Play, rest: Sequence[Card], score: float,
                     hand_ends: bool, caution: float, count: dict[int, int], total: int, h_next: int) -> float:
        """SB20: the stolen piles are worth their cards; our pile's new top may be matched."""
        score += stolen_worth(view, play, k.worth)
        if not hand_ends:
            score -= caution * pile_danger(k, view, play, rest, count, total, h_next)
        return score


    def playout(self, m: Match, card: Card, presa: tuple[Card, ...], k: Knowledge, rng: random.Random,
                eps, record: list | None, reply, sums: bool) -> tuple[int, ...]:
        return steal_playout(m, card, presa, k, rng, eps, record, reply, sums)  # SB20: the engine's own push


STEAL_PART = StealPart()
PART = STEAL_PART  # found by the package (`scopa_ai.parts`), not listed by hand
