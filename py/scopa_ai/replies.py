"""The reply model: how the next player answers each of the master's candidate plays.

In Scopa most of what a play is worth is what the next player can take from the table it leaves.
So the master does not leave that answer to its rollout policy, which would see our hand: for
each card the next player may hold, its play is judged from what that player can see (the table
we leave, everything taken so far), as a kind of player scores it (styles.py: the expert's
judgement, the worth taken now, the most cards). The tables are built once per candidate and move;
each determinised deal then picks the answer of the cards it gives that player (master.py).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Sequence

from scopa.cards import DECKS, VALUE, VALUES, Card
from scopa.state import Play, PlayerView
from .heuristics import knowledge, table_after
from .parts import asked, legal_for
from .levels import NOISE
from .styles import BLUNDER, CAREFUL, NOVICE


def replies(view: PlayerView, play: Play, scores: Callable[[PlayerView], list[float]]) -> dict[Card, tuple[float, Play]]:
    """For each card the next player may hold, its best play by `scores` (a level's score per
    legal play) once we have made `play`, with that score: judged from what that player can see
    (the table we leave, everything taken so far), never from our hand. Its other cards are left
    out of its view (see `follow_ups` for the expert's term that reads them)."""
    return best_replies(reply_options(view, play, scores))


def best_replies(options: dict[Card, list[tuple[float, Play]]]) -> dict[Card, tuple[float, Play]]:
    """For each card, its best-scored play of `options` (`reply_options`; ties: the first)."""
    return {c: max(plays, key=lambda t: t[0]) for c, plays in options.items()}


def reply_options(view: PlayerView, play: Play,
                  scores: Callable[[PlayerView], list[float]]) -> dict[Card, list[tuple[float, Play]]]:
    """For each card the next player may hold, each of its plays once we have made `play`, with
    its score by `scores` from that player's view with that card alone in hand (see `replies`)."""
    n = len(view.names)
    nxt = (view.seat + 1) % n
    rules = view.rules
    rest = table_after(view.table, play)
    prese = list(view.prese)
    moved = asked(rules, "piles_after", view, play) if play.presa else None  # a mechanic's (SB20)
    if moved is not None:
        prese = moved
    elif play.presa:
        prese[view.side] = (*prese[view.side], play.card, *play.presa)
    counts = list(view.hand_counts)
    counts[view.seat] -= 1
    seen = set(view.hand) | set(view.table)
    for pile in view.prese:
        seen.update(pile)
    others = [c for c in DECKS[rules.deck] if c not in seen]  # what the next player may hold
    base = replace(view, seat=nxt, turn=nxt, hand_counts=tuple(counts), table=tuple(rest),
                   prese=tuple(prese), pile_tops=asked(rules, "pile_tops", prese) or (),
                   last_capturer=view.seat if play.presa else view.last_capturer,
                   plays=(*view.plays, (view.seat, play)))
    out: dict[Card, list[tuple[float, Play]]] = {}
    for c in others:
        legal = tuple(legal_for(base, (c,)))
        got = scores(replace(base, hand=(c,), legal=legal))
        out[c] = list(zip(got, legal))
    return out


def follow_ups(view: PlayerView, play: Play, options: dict[Card, list[tuple[float, Play]]],
               ) -> dict[Card, list[tuple[float, Play, tuple[float, ...]]]]:
    """The careful reply with the expert's whole judgement: to each of `options` (a card's plays
    with their scores, `reply_options`) is added, per card value 1–10, the worth of the best take a
    card of that value would then have on the table (ExpertPlayer's follow-up: what a player keeps
    in hand for the table it leaves). The reply to a sampled hand adds `follow_up` times the best
    of its other cards' (so the expert's answer is its own, not only its best single card's)."""
    k = knowledge(view.rules)
    w = k.worth
    rest = table_after(view.table, play)
    cache: dict[tuple[Card, ...], tuple[float, ...]] = {}
    out: dict[Card, list[tuple[float, Play, tuple[float, ...]]]] = {}
    for c, plays in options.items():
        rows = []
        for score, reply in plays:
            after = tuple(table_after(rest, reply))
            fv = cache.get(after)
            if fv is None:
                vals = [0.0] * 14
                for v in VALUES:
                    for presa in k.takes(after, v):
                        g = sum(w[t] for t in presa)
                        if g > vals[v]:
                            vals[v] = g
                fv = cache[after] = tuple(vals)
            rows.append((score, reply, fv))
        out[c] = rows
    return out


def careful_answer(options: dict[Card, list[tuple[float, Play, tuple[float, ...]]]], held: Sequence[Card],
                   follow_up: float) -> Play:
    """The expert's answer with the cards `held` (sorted: ties go to the lower card), from its
    options with their follow-ups (`follow_ups`): its score plus `follow_up` times the best take
    its other cards would keep."""
    best = float("-inf")
    answer = None
    for c in held:
        for got, reply, fv in options[c]:
            got += follow_up * max((fv[VALUE[o]] for o in held if o != c), default=0.0)
            if got > best:
                best, answer = got, reply
    return answer


class Answers:
    """The next player's answer to each candidate play, as each kind of player (styles.py) would
    make it, for whatever cards a deal gives it: the tables are built once per move (`replies`,
    `follow_ups`), each deal only looks its cards up (`draw`)."""

    def __init__(self, view: PlayerView, cands: Sequence[Play], scorers: Sequence[Callable[[PlayerView], list[float]]],
                 weights: Sequence[float], follow_up: float | None):
        """`scorers`: each kind's score per legal play (careful, greedy, novice); `weights`: the
        next player's weight of each (a kind of weight 0.01 or less gets no table and answers as
        a careful player would; the careful table is always built); `follow_up`: the careful
        reply's share of the take its other cards keep (None: its best single card only)."""
        self.knows = knowledge(view.rules)
        self.follow_up = follow_up
        self.rests = [table_after(view.table, c) for c in cands]
        self.tables: list[list[dict[Card, tuple[float, Play]] | None]] = []
        self.careful: list[dict[Card, list[tuple[float, Play, tuple[float, ...]]]] | None] = []
        for c in cands:
            row: list[dict[Card, tuple[float, Play]] | None] = []
            for i in range(len(weights)):
                if i == CAREFUL:
                    options = reply_options(view, c, scorers[i])
                    self.careful.append(follow_ups(view, c, options) if follow_up is not None else None)
                    row.append(best_replies(options))
                else:
                    row.append(replies(view, c, scorers[i]) if weights[i] > 0.01 else None)
            self.tables.append(row)

    def draw(self, held: Sequence[Card], kind: int, rng: random.Random) -> Callable[[int], Play] | None:
        """For a deal giving the next player `held` (sorted) and the kind `kind`, the answer to
        candidate `j` (None if it holds no card). A novice's slips are drawn here, once per deal,
        so that every candidate meets the same ones: now and then any card (`BLUNDER`), else the
        most cards with noise."""
        if not held:
            return None
        noise = blunder = None
        if kind == NOVICE:
            if rng.random() < BLUNDER:
                blunder = (rng.randrange(len(held)), rng.random())
            else:
                noise = [rng.random() * NOISE for _ in held]

        def answer(j: int) -> Play:
            if blunder is not None:
                opts = self.knows.plays(self.rests[j], (held[blunder[0]],))
                return opts[int(blunder[1] * len(opts))]
            if kind == CAREFUL and self.careful[j] is not None and len(held) > 1:
                return careful_answer(self.careful[j], held, self.follow_up)
            table = self.tables[j][kind] or self.tables[j][CAREFUL]
            best = float("-inf")
            out = None
            for i, c in enumerate(held):  # sorted: ties go to the lower card
                got, reply = table[c]
                if noise is not None:
                    got += noise[i]
                if got > best:
                    best, out = got, reply
            return out

        return answer
