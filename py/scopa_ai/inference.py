"""What the other players' plays this round say about the cards they still hold.

A player who made a play worth far less, right now, than a play a card of theirs offered (a scopa
passed up, the Settebello left on the table) most likely did not hold that card. Only plays of the
current round of dealing count: a card dealt later was not in the hand at that time. Everything is
read from the view's public plays, so a player built on this still never sees a hidden card.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from scopa.cards import VALUE, Card
from scopa.state import Match, Play, PlayerView, sample_match
from .heuristics import knowledge
from .parts import reads_plays
from .styles import Style, chance_of, view_before

# A card whose best play was worth this much more than the play made is "unlikely" in that hand.
MISSED = 0.8
# The chance to keep an unlikely card where the deal put it (players err, or play for safety).
KEEP = 0.15
# How many plays the prior `KEEP` weighs as, against a seat's own record (see `error_rates`).
PRIOR_PLAYS = 2.0


def tables_before(view: PlayerView) -> list[tuple[Card, ...]]:
    """The (sorted) table as each of this hand's plays found it, rebuilt backwards from now."""
    table = list(view.table)
    out: list[tuple[Card, ...]] = [()] * len(view.plays)
    for i in range(len(view.plays) - 1, -1, -1):
        _, p = view.plays[i]
        if p.presa:
            table = sorted(table + [c for c in p.presa if c not in p.tops])  # SB20: tops are no table cards
        else:
            table.remove(p.card)
        out[i] = tuple(table)
    return out


def unlikely_cards(view: PlayerView) -> dict[int, frozenset[Card]]:
    """Per other seat, the unseen cards it probably does not hold, from its plays this round."""
    rules = view.rules
    n = len(view.names)
    per_round = n * rules.hand_size
    start = (len(view.plays) // per_round) * per_round
    if start == len(view.plays):
        return {}
    if not reads_plays(rules):
        return {}  # SB20: a play's worth there depends on piles since moved; no card is ruled out
    k = knowledge(rules)
    unseen = view.unseen()
    tables = tables_before(view)
    out: dict[int, set[Card]] = {}
    for i in range(start, len(view.plays)):
        seat, play = view.plays[i]
        if seat == view.seat or not view.hand_counts[seat]:
            continue
        table = tables[i]
        made = k.gain(play, len(table), False)
        for c in unseen:
            best = 0.0
            for presa in k.takes(table, VALUE[c]):
                g = k.gain(Play(c, presa), len(table), False)
                if g > best:
                    best = g
            if best - made > MISSED:
                out.setdefault(seat, set()).add(c)
    return {s: frozenset(cs) for s, cs in out.items()}


def error_rates(view: PlayerView) -> dict[int, tuple[float, int]]:
    """Per other seat, how often it passed up a clearly better play (by more than `MISSED`) when
    it had one, and on how many such chances, checked on this hand's finished rounds only.

    Once a round is over every card a seat held in it has been played in the open: the seat's
    hand at each of its plays is known, so its choices can be checked against what it really
    held (reading only the view's public plays). The rate is shrunk toward `KEEP` (as if it had
    been seen on `PRIOR_PLAYS` chances): `(misses + KEEP * PRIOR_PLAYS) / (chances + PRIOR_PLAYS)`.
    A careful player's rate falls toward 0, a careless one's rises toward its real error rate.
    """
    rules = view.rules
    n = len(view.names)
    per_round = n * rules.hand_size
    done = (len(view.plays) // per_round) * per_round
    if not reads_plays(rules):
        done = 0  # SB20: as in `unlikely_cards`, no play is judged a miss; every seat keeps the prior
    k = knowledge(rules)
    tables = tables_before(view) if done else []
    misses = [0] * n
    chances = [0] * n
    for r in range(0, done, per_round):
        held: dict[int, list[Card]] = {}
        for seat, play in view.plays[r: r + per_round]:
            held.setdefault(seat, []).append(play.card)
        for i in range(r, r + per_round):
            seat, play = view.plays[i]
            hand = held[seat]
            if seat != view.seat:
                table = tables[i]
                best = 0.0
                for c in hand:
                    for presa in k.takes(table, VALUE[c]):
                        g = k.gain(Play(c, presa), len(table), False)
                        if g > best:
                            best = g
                if best > MISSED:
                    chances[seat] += 1
                    if best - k.gain(play, len(table), False) > MISSED:
                        misses[seat] += 1
            hand.remove(play.card)
    return {s: ((misses[s] + KEEP * PRIOR_PLAYS) / (chances[s] + PRIOR_PLAYS), chances[s])
            for s in range(n) if s != view.seat}


def sample_consistent(view: PlayerView, rng: random.Random, unlikely: dict[int, frozenset[Card]],
                      keep: dict[int, float] | None = None) -> Match:
    """A determinisation (`sample_match`) in which each unlikely card is moved, with chance
    1 - KEEP (or 1 - `keep[seat]`, that seat's own error rate), out of the hand that probably
    lacks it (to the deck or to a hand that may hold it)."""
    m = sample_match(view, rng)
    if not unlikely:
        return m
    hidden = [s for s in range(m.n) if s != view.seat]
    shown = {c for cs in view.shown().values() for c in cs}  # SB10: declared cards stay put
    for s, bad in unlikely.items():
        hand = m.hands[s]
        moved = False
        stay = KEEP if keep is None else keep.get(s, KEEP)
        for i, c in enumerate(hand):
            if c not in bad or rng.random() < stay:
                continue
            # Places the card could go: a deck position, or another hidden hand's card that may
            # be swapped in (not unlikely for `s`), while `c` is not unlikely for that hand.
            spots = [(None, j) for j, d in enumerate(m.mazzo) if d not in bad]
            for o in hidden:
                if o != s and c not in unlikely.get(o, ()):
                    spots.extend((o, j) for j, d in enumerate(m.hands[o]) if d not in bad and d not in shown)
            if not spots:
                continue
            o, j = spots[rng.randrange(len(spots))]
            if o is None:
                hand[i], m.mazzo[j] = m.mazzo[j], c
            else:
                hand[i], m.hands[o][j] = m.hands[o][j], c
                m.hands[o].sort()
            moved = True
        if moved:
            hand.sort()
    return m


# Only plays made from a hand of at most this many cards are weighed (a bound on the cost).
LIKELY_HAND = 3


def play_likelihood(view: PlayerView, styles: Sequence[Style], weights: dict[int, Sequence[float]],
                    skip: frozenset[int] = frozenset()) -> Callable[[Match], float] | None:
    """The weight of a determinisation: how likely the other seats' plays this round are had they
    held the cards it gives them, each seat choosing as a mixture of `styles` (styles.py) with its
    `weights` (the style is the seat's own through the round, so the mixture is of whole rounds).

    A player's hand at an earlier play is its sampled hand plus the cards it has played since;
    its view then is rebuilt from the public plays. The seats in `skip` are not weighed (their
    hands are drawn from a belief, beliefs.py). None when there is no play to weigh.
    """
    rules = view.rules
    n = len(view.names)
    per_round = n * rules.hand_size
    start = (len(view.plays) // per_round) * per_round
    tables = tables_before(view)
    bases = []
    for i in range(start, len(view.plays)):
        seat, play = view.plays[i]
        if seat == view.seat or seat in skip:
            continue
        later = tuple(p.card for s, p in view.plays[i:] if s == seat)
        if view.hand_counts[seat] + len(later) > LIKELY_HAND:
            continue
        bases.append((seat, play, later, view_before(view, i, tables[i])))
    if not bases:
        return None
    seats = sorted({b[0] for b in bases})
    cache: dict[tuple[int, tuple[Card, ...]], tuple[float, ...]] = {}

    def weight(m: Match) -> float:
        per_seat = {s: [1.0] * len(styles) for s in seats}
        for b, (seat, play, later, base) in enumerate(bases):
            hand = tuple(sorted((*m.hands[seat], *later)))
            ps = cache.get((b, hand))
            if ps is None:
                ps = tuple(chance_of(style, base, hand, play) for style in styles)
                cache[(b, hand)] = ps
            acc = per_seat[seat]
            for k, p in enumerate(ps):
                acc[k] *= p
        w = 1.0
        for s in seats:
            w *= sum(a * b for a, b in zip(weights[s], per_seat[s]))
        return w
    return weight
