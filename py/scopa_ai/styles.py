"""How other players choose: a few kinds of player, each a probability for every legal play.

The master reads its opponents with these (inference.play_likelihood): a careful player (the
expert's judgement: worth now minus what the table left gives away), a greedy one (the worth
taken now) and a novice (the most cards, with noise and now and then any card). Which kind a
seat is, is learnt from the plays it made in finished rounds, when every card it held has been
seen (`style_weights`: this hand's, with what the match's earlier hands said as a prior that
never rules a kind out, `remembered`); a person who fits no kind well keeps a spread of weights.
"""

from __future__ import annotations

from dataclasses import replace
from math import exp, log
from typing import Callable, Sequence

from scopa.cards import Card
from scopa.state import Play, PlayerView
from .heuristics import knowledge
from .parts import asked, legal_for
from .levels import NOISE, BeginnerPlayer, EasyPlayer, ExpertPlayer

# The kinds of player, in the order `make_styles` gives them.
CAREFUL, GREEDY, NOVICE = 0, 1, 2

# A style: the probability of each of `view.legal` (the view of the seat that chose, its hand in).
Style = Callable[[PlayerView], list[float]]

# How sharply a careful or greedy player follows its score (per point), and its chance of any play.
SHARP = 20.0
SLIP = 0.03
# The novice's chance of any legal play (the beginner level's blunder rate).
BLUNDER = 0.25


def softmax(scores: Sequence[float], sharp: float, slip: float) -> list[float]:
    """A softmax of `scores` mixed with a uniform chance `slip` of any play."""
    top = max(scores)
    z = [exp(sharp * (s - top)) for s in scores]
    total = sum(z)
    n = len(scores)
    return [slip / n + (1.0 - slip) * x / total for x in z]


def noisy_argmax(scores: Sequence[float], width: float, steps: int = 48) -> list[float]:
    """The chance each score is the largest once uniform noise on [0, width) is added to each
    (numerically integrated: the novice's choice)."""
    n = len(scores)
    if n == 1:
        return [1.0]
    out = []
    for i, si in enumerate(scores):
        p = 0.0
        for t in range(steps):
            x = si + width * (t + 0.5) / steps
            f = 1.0
            for j, sj in enumerate(scores):
                if j != i:
                    f *= min(1.0, max(0.0, (x - sj) / width))
                    if f == 0.0:
                        break
            p += f
        out.append(p / steps)
    total = sum(out)
    return [p / total for p in out]


def make_styles(expert: ExpertPlayer, sharp: float = SHARP, slip: float = SLIP) -> tuple[Style, ...]:
    """The kinds of player the master knows: careful, greedy, novice (the first two following
    their scores with sharpness `sharp` and slips `slip`)."""

    def careful(view: PlayerView) -> list[float]:
        return softmax(expert.scores(view), sharp, slip)

    def greedy(view: PlayerView) -> list[float]:
        return softmax(EasyPlayer.scores(view), sharp, slip)

    def novice(view: PlayerView) -> list[float]:
        n = len(view.legal)
        return [BLUNDER / n + (1.0 - BLUNDER) * p for p in noisy_argmax(BeginnerPlayer.scores(view), NOISE)]

    return careful, greedy, novice


def view_before(view: PlayerView, i: int, table: tuple[Card, ...]) -> PlayerView:
    """What the seat that made play `i` of this hand saw then (its hand left empty): the public
    plays from it on are taken back. `table` is the table it found (inference.tables_before).
    Every round deals each seat `hand_size` cards, so the hands and the deck then are known."""
    rules = view.rules
    n = len(view.names)
    seat = view.plays[i][0]
    per_round = n * rules.hand_size
    start = (i // per_round) * per_round
    own = asked(rules, "piles_before", view, i)  # a mechanic's (SB20)
    if own is not None:
        prese = own
    else:
        prese = [list(p) for p in view.prese]
        for s, p in view.plays[i:]:
            if p.presa:
                pile = prese[s % rules.sides]
                for c in (p.card, *p.presa):
                    pile.remove(c)
    counts = [rules.hand_size] * n
    for s, _ in view.plays[start:i]:
        counts[s] -= 1
    rounds_after = len(view.plays) // per_round - i // per_round
    taker = None
    for s, p in view.plays[:i]:
        if p.presa:
            taker = s
    tops = asked(rules, "pile_tops", prese) or ()
    return replace(view, seat=seat, turn=seat, table=table, prese=tuple(tuple(p) for p in prese), pile_tops=tops,
                   hand_counts=tuple(counts), deck_left=view.deck_left + per_round * rounds_after,
                   last_capturer=taker, plays=view.plays[:i], hand=(), legal=())


def chance_of(style: Style, base: PlayerView, hand: tuple[Card, ...], play: Play) -> float:
    """The chance a player of this style, seeing `base` with `hand`, makes `play`."""
    legal = legal_for(base, hand)  # a mechanic's plays included (SB20)
    if play not in legal:
        return 0.0
    return style(replace(base, hand=hand, legal=tuple(legal)))[legal.index(play)]


def style_logs(view: PlayerView, styles: Sequence[Style],
               tables: Sequence[tuple[Card, ...]]) -> dict[int, list[float]]:
    """Per other seat, the log-likelihood under each style of its plays in this hand's finished
    rounds, where the hand it held at each play is known."""
    rules = view.rules
    n = len(view.names)
    per_round = n * rules.hand_size
    done = (len(view.plays) // per_round) * per_round
    logs = {s: [0.0] * len(styles) for s in range(n) if s != view.seat}
    for r in range(0, done, per_round):
        for i in range(r, r + per_round):
            seat, play = view.plays[i]
            if seat == view.seat:
                continue
            hand = tuple(sorted(p.card for s, p in view.plays[i: r + per_round] if s == seat))
            base = view_before(view, i, tables[i])
            for k, style in enumerate(styles):
                logs[seat][k] += log(max(1e-9, chance_of(style, base, hand, play)))
    return logs


def posterior(logs: dict[int, Sequence[float]],
              prior: dict[int, Sequence[float]] | None = None) -> dict[int, tuple[float, ...]]:
    """Per seat, the weight of each style from its log-likelihoods, plus its `prior` logs if any."""
    out = {}
    for seat, ls in logs.items():
        if prior and seat in prior:
            ls = [a + b for a, b in zip(ls, prior[seat])]
        top = max(ls)
        z = [exp(x - top) for x in ls]
        total = sum(z)
        out[seat] = tuple(x / total for x in z)
    return out


def style_weights(view: PlayerView, styles: Sequence[Style], tables: Sequence[tuple[Card, ...]],
                  prior: dict[int, Sequence[float]] | None = None) -> dict[int, tuple[float, ...]]:
    """Per other seat, how far each style explains its plays in this hand's finished rounds
    (a posterior from equal priors, or from `prior` logs: what earlier hands said)."""
    return posterior(style_logs(view, styles, tables), prior)


# What earlier hands say of a seat never puts a kind below this weight: people change.
FLOOR = 0.02


def remembered(logs: dict[int, Sequence[float]]) -> dict[int, list[float]]:
    """Prior logs for the next hand from a seat's log-likelihoods so far, each kind's weight
    kept at `FLOOR` or more."""
    out = {}
    for seat, w in posterior(logs).items():
        kept = [max(FLOOR, x) for x in w]
        out[seat] = [log(x / sum(kept)) for x in kept]
    return out
