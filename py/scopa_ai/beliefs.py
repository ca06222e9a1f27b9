"""Beliefs (issue 46): what each other seat's plays this round say about the cards it still holds.

For every other seat that has played in this round, every hand it could still hold (each set of
its hand's size from the cards this seat has not seen) is weighed by how likely a player holding
it, with the cards it has played since, was to make the plays it made: a competent player choosing
by a softmax of the terms of the expert's judgement (`PlayModel`, their weights and its slips
fitted to the project's searching levels' choices by benchmarks/belief_fit.py), mixed, for the whole round, with
a player who picks any legal play, as far as the seat's finished rounds read it so (`reading`).
Determinisations are then drawn from that belief (`Belief.draw`): an exact draw with one such seat,
one seat after another with rejection where several are (the first of their hands that does not
collide, else the remaining cards at random). Partners are read as partners: each seat's plays are
weighed from its own view, for its own side.

Where a seat's hands are too many to weigh (`MAX_HANDS`: Scopone's nine-card hands, a misère deal
of the whole deck) or a mechanic makes the model undefined (declared cards, SB10; builds and claims,
SB30/SB60, which the master searches through the engine), that seat is left to today's sampler
(inference.py). Steals (SB20) too: a play's worth there hangs on the piles. Only the view's public
plays are read: no belief sees a hidden card.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate, combinations
from math import comb, exp, log
from typing import Sequence

from scopa.cards import VALUE, VALUES, Card, card
from scopa.state import Match, Play, PlayerView
from .heuristics import is_last_play, knowledge, p_holds, table_after
from .inference import tables_before
from .parts import parts
from .styles import softmax, view_before

# The competent player's sharpness with the expert's weights (per point of its score) and chance of
# any play, fitted by benchmarks/belief_fit.py to the choices of pimc2 and the master; the fitted
# weights of the terms below replace the sharpness (benchmarks/ai_results.md, issue 46).
FIT_SHARP = 4.0
FIT_SLIP = 0.1
# The terms of a play's score (`PlayModel.features`): the worth taken now, what the next player may
# take from the table left, a laid card's worth, the follow-up kept in hand, the cards taken. The
# expert's weights (the score `FIT_SHARP` multiplies); `FIT_WEIGHTS`, fitted to pimc and pimc2's
# choices (belief_fit.py --weights pimc2-pimc2:16 pimc-pimc2:8, slips 10 %), replaces both.
FEATURES = ("gain", "risk", "laid", "follow", "taken")
EXPERT_WEIGHTS = (1.0, -1.4, -0.02, 0.5, 0.0)
FIT_WEIGHTS: tuple[float, ...] | None = (5.507, -1.815, 0.372, 3.572, 0.893)
# A seat whose possible hands number more than this, or whose hands times its plays this round
# (the chances to work out) exceed `MAX_WORK`, is left to today's sampler: a bound on the cost.
MAX_HANDS = 1000
MAX_WORK = 3000
# Draws of a hand from a seat's belief before giving up on it for this deal (several seats only).
TRIES = 30
# The prior weight of the competent reading, before a seat's finished rounds say more.
PRIOR_COMPETENT = 0.9


def any_card(value: int) -> Card:
    """A card of this value of a suit that is never special (Bastoni), as the expert counts it."""
    return card(value, "B")


class PlayModel:
    """The fast policy model of one play: the seat that made play `i` of the hand, seeing what it
    saw then, scores each play a hand could offer from the expert's terms, cheaply: the worth taken
    now, what the next player may expect to take from the table left (counted from the cards
    unknown to the public, by the chance a hand of the next player's size holds a value), a laid
    card's worth, the follow-up the rest of the hand keeps and the cards taken (`FEATURES`), each
    times its weight; a softmax of the score, mixed with a chance `slip` of any play (`chance`). Scores depend on a hand only through its
    cards' own plays and their follow-up, so a play's terms are worked out once and reused for
    every hand weighed."""

    def __init__(self, base: PlayerView, unknown: Sequence[Card], weights: Sequence[float] | None = None,
                 slip: float = FIT_SLIP):
        """`base`: the view of the seat then (view_before, or a seat's own view); `unknown`: the
        cards the public had not seen then (hidden hands and the mazzo); `weights` of the
        `FEATURES` (the fitted ones unless given)."""
        rules = base.rules
        self.k = k = knowledge(rules)
        self.table = list(base.table)
        self.n_table = len(self.table)
        if weights is None:
            weights = FIT_WEIGHTS or tuple(FIT_SHARP * x for x in EXPERT_WEIGHTS)
        self.weights = tuple(weights)
        self.slip = slip
        self.last = is_last_play(base)
        self.hand_ends = base.deck_left == 0 and sum(base.hand_counts) == 1
        n = len(base.names)
        nxt = (base.seat + 1) % n
        h_next = base.hand_counts[nxt]
        if h_next == 0 and not self.hand_ends:
            h_next = rules.hand_size  # a new round is dealt before the next player plays
        self.h_next = h_next
        self.opposing = nxt % rules.sides != base.side
        self.side, self.sides = base.side, rules.sides
        self.last_capturer = base.last_capturer
        self.count = Counter(VALUE[c] for c in unknown)
        self.total = len(unknown)
        self._plays: dict[Card, list[tuple[Play, float, dict[int, float]]]] = {}

    def _risk(self, rest: list[Card], own: Card) -> float:
        """What the next (opposing) player may expect to take from `rest` (the expert's term)."""
        k, w = self.k, self.k.worth
        count, total = self.count, self.total - 1
        best = []
        for v, c_v in count.items():
            if v == VALUE[own]:
                c_v -= 1  # the card played is not in the next hand
            if c_v <= 0:
                continue
            top = 0.0
            for presa in k.takes(rest, v):
                g = sum(w[c] for c in presa) + 0.6 * w[any_card(v)] + k.sweep(any_card(v), presa, len(rest), False)
                if g > top:
                    top = g
            if top > 0:
                best.append((top, p_holds(c_v, total, self.h_next)))
        best.sort(reverse=True)
        risk, p_none = 0.0, 1.0
        for top, ph in best:
            risk += p_none * ph * top
            p_none *= 1.0 - ph
        return risk

    def plays_of(self, c: Card) -> list[tuple[Play, tuple[float, ...], dict[int, float]]]:
        """The plays card `c` offers, each with its terms but the follow-up (`FEATURES`, the
        follow-up 0) and the follow-up each value kept in hand would give on the table it leaves."""
        got = self._plays.get(c)
        if got is not None:
            return got
        k, w = self.k, self.k.worth
        out = []
        for p in k.plays(self.table, [c]):
            gain = k.gain(p, self.n_table, self.last)
            risk = laid = 0.0
            rest = table_after(self.table, p)
            follow: dict[int, float] = {}
            if self.hand_ends:
                taker = self.side if p.presa else (None if self.last_capturer is None else self.last_capturer % self.sides)
                if taker is not None and rest:
                    v = sum(w[x] for x in rest)
                    gain += v if taker == self.side else -v
            else:
                if not p.presa:
                    laid = abs(w[c])
                if self.opposing:
                    risk = self._risk(rest, c)
                for v in VALUES:
                    top = 0.0
                    for presa in k.takes(rest, v):
                        g = sum(w[x] for x in presa)
                        if g > top:
                            top = g
                    if top > 0.0:
                        follow[v] = top
            out.append((p, (gain, risk, laid, 0.0, float(len(p.presa) + 1 if p.presa else 0)), follow))
        self._plays[c] = out
        return out

    def features(self, hand: Sequence[Card]) -> tuple[list[Play], list[tuple[float, ...]]]:
        """The legal plays of `hand` (the engine's order) and the `FEATURES` of each."""
        plays, feats = [], []
        for i, c in enumerate(hand):
            kept = [VALUE[x] for j, x in enumerate(hand) if j != i]
            for p, f, follow in self.plays_of(c):
                plays.append(p)
                feats.append((f[0], f[1], f[2], max((follow.get(v, 0.0) for v in kept), default=0.0), f[4]))
        return plays, feats

    def scores(self, hand: Sequence[Card]) -> tuple[list[Play], list[float]]:
        """The legal plays of `hand` and the model's score of each (its weights times its terms)."""
        plays, feats = self.features(hand)
        wt = self.weights
        return plays, [sum(a * b for a, b in zip(wt, f)) for f in feats]

    def chance(self, hand: Sequence[Card], play: Play) -> tuple[float, float]:
        """The chance a competent player holding `hand` makes `play`, and a random player."""
        plays, scores = self.scores(hand)
        if play not in plays:
            return 0.0, 0.0
        return softmax(scores, 1.0, self.slip)[plays.index(play)], 1.0 / len(plays)


def unknown_before(view: PlayerView, i: int) -> list[Card]:
    """The cards the public had not seen when play `i` of this hand was made: the viewer's unseen
    cards, its hand, and the cards played since (each was in a hand then)."""
    return sorted({*view.unseen(), *view.hand, *(p.card for _, p in view.plays[i:])})


def defined(view: PlayerView) -> bool:
    """Whether the model is defined for this game: not with declared cards (SB10), steals (SB20:
    a play's worth hangs on the piles) or builds and claims (SB30, SB60, searched through the
    engine)."""
    rules = view.rules
    return all(part.beliefs and part.reads_plays and not part.through_engine for part in parts(rules))


def round_plays(view: PlayerView) -> dict[int, list[int]]:
    """Per other seat, the indices in `view.plays` of its plays in the current round of dealing."""
    per_round = len(view.names) * view.rules.hand_size
    start = (len(view.plays) // per_round) * per_round
    out: dict[int, list[int]] = {}
    for i in range(start, len(view.plays)):
        seat = view.plays[i][0]
        if seat != view.seat:
            out.setdefault(seat, []).append(i)
    return out


def reading(view: PlayerView, prior: dict[int, float] | None = None) -> dict[int, float]:
    """Per other seat, the weight of the competent reading against a random player, from its plays
    in this hand's finished rounds (where its hand at each play is known) and a `prior` log-odds
    per seat (what earlier hands said), starting from `PRIOR_COMPETENT`."""
    logs = reading_logs(view)
    base = log(PRIOR_COMPETENT / (1.0 - PRIOR_COMPETENT))
    out = {}
    for seat in range(len(view.names)):
        if seat == view.seat:
            continue
        x = base + logs.get(seat, 0.0) + (prior or {}).get(seat, 0.0)
        out[seat] = 1.0 / (1.0 + exp(-max(-50.0, min(50.0, x))))
    return out


def reading_logs(view: PlayerView) -> dict[int, float]:
    """Per other seat, the log-odds of its finished rounds' plays, competent against random
    (none where the model is not defined)."""
    if not defined(view):
        return {}
    rules = view.rules
    per_round = len(view.names) * rules.hand_size
    done = (len(view.plays) // per_round) * per_round
    tables = tables_before(view) if done else []
    out: dict[int, float] = {}
    for r in range(0, done, per_round):
        for i in range(r, r + per_round):
            seat, play = view.plays[i]
            if seat == view.seat:
                continue
            hand = tuple(sorted(p.card for s, p in view.plays[i: r + per_round] if s == seat))
            model = PlayModel(view_before(view, i, tables[i]), unknown_before(view, i))
            good, anyp = model.chance(hand, play)
            out[seat] = out.get(seat, 0.0) + log(max(1e-9, good)) - log(max(1e-9, anyp))
    return out


class Belief:
    """Per other seat that has played this round, its possible hands with their cumulative
    weights; `draw` deals a determinisation from them."""

    def __init__(self, view: PlayerView, competent_weight: dict[int, float]):
        """Weigh every hand each other seat may hold (see the module's docstring);
        `competent_weight` per seat is its `reading`."""
        self.seats: dict[int, tuple[list[tuple[Card, ...]], list[float]]] = {}
        if not defined(view):
            return
        unseen = sorted(view.unseen())
        rounds = round_plays(view)
        tables = tables_before(view) if rounds else []
        for seat, idx in sorted(rounds.items()):
            held = view.hand_counts[seat]
            n_hands = comb(len(unseen), held)
            if not held or n_hands > MAX_HANDS or n_hands * len(idx) > MAX_WORK:
                continue
            bases = [(view.plays[i][1], tuple(p.card for s, p in view.plays[i:] if s == seat),
                      PlayModel(view_before(view, i, tables[i]), unknown_before(view, i))) for i in idx]
            w_good = competent_weight.get(seat, PRIOR_COMPETENT)
            hands, weights = [], []
            for hand in combinations(unseen, held):
                good = anyp = 1.0
                for play, later, model in bases:
                    g, a = model.chance(tuple(sorted((*hand, *later))), play)
                    good *= g
                    anyp *= a
                    if not anyp:
                        break
                w = w_good * good + (1.0 - w_good) * anyp
                if w > 0.0:
                    hands.append(hand)
                    weights.append(w)
            if hands:
                self.seats[seat] = (hands, list(accumulate(weights)))

    def marginals(self, seat: int) -> dict[Card, float]:
        """The chance this belief gives each card of being in `seat`'s hand (empty if not weighed)."""
        if seat not in self.seats:
            return {}
        hands, cum = self.seats[seat]
        out: dict[Card, float] = {}
        prev = 0.0
        for hand, c in zip(hands, cum):
            for card in hand:
                out[card] = out.get(card, 0.0) + (c - prev)
            prev = c
        return {card: p / cum[-1] for card, p in out.items()}

    def draw(self, m: Match, viewer: int, rng: random.Random) -> Match:
        """`m` (a determinisation of the view) with the weighed seats' hands drawn from the belief
        and every other hidden card (other hands, the mazzo) dealt again at random among the rest."""
        if not self.seats:
            return m
        others = [s for s in range(m.n) if s != viewer]
        pool = set(m.mazzo)
        for s in others:
            pool.update(m.hands[s])
        for s, (hands, cum) in self.seats.items():
            hand = None
            for _ in range(TRIES if len(self.seats) > 1 else 1):
                pick = hands[min(len(hands) - 1, bisect_right(cum, rng.random() * cum[-1]))]
                if pool.issuperset(pick):
                    hand = pick
                    break
            if hand is None:
                hand = tuple(rng.sample(sorted(pool), len(m.hands[s])))  # the fallback: at random
            m.hands[s] = sorted(hand)
            pool.difference_update(hand)
        rest = sorted(pool)
        rng.shuffle(rest)
        for s in others:
            if s not in self.seats:
                n = len(m.hands[s])
                m.hands[s] = sorted(rest[:n])
                rest = rest[n:]
        m.mazzo = rest
        return m
