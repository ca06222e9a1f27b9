"""The rule-based levels: Beginner, Easy and Expert.

Each reads only its `PlayerView` and draws its randomness from the generator it was given.

- Beginner: mostly "take as many cards as I can", noisy, and now and then any legal card — the
  mistakes of someone who knows the rules but not the game (leaves scope, gives away 7s).
- Easy: greedy — the play whose captured cards are worth most now (scopa, Settebello, denari,
  primiera cards, card count, as the rule set scores them); when nothing can be taken, lays the
  card worth least.
- Expert: the tradition ([002] Strategia): the immediate worth of the play minus what the next
  opponent can expect to take from the table it leaves — with card counting: the chance the next
  player holds a value is computed from the cards still unseen, so a sum ≤ 10 whose cards are all
  seen is safe, and a "carta mula" (a value only we still hold) is kept on the table; guards the
  Settebello, denari, 7s, 6s and Assi by their worth; plus the follow-up our own hand (or, in
  pairs, our side) keeps. Misère negates every worth (heuristics.Knowledge). In the last round,
  when every unseen card is in the one other hand (two players), the rest is solved exactly
  (endgame.py).

A special mechanic's part of the scoring (a stolen pile's cards, a build's next take, a claim's
answer and bluffs) comes from that mechanic's part (the package `parts` finds them),
called at fixed points of each level's scoring.
"""

from __future__ import annotations

import random
from collections import Counter

from scopa.cards import VALUE, VALUES, card
from scopa.state import Play, PlayerView
from .parts.declare import settle
from .endgame import solvable, solve
from .heuristics import is_last_play, knowledge, p_holds, table_after
from .parts import on_table, parts


def _argmax(plays, scores, rng: random.Random) -> Play:
    best = max(scores)
    ties = [p for p, s in zip(plays, scores) if s >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


# The spread of the beginner's noise on its scores (uniform): it often takes fewer cards than it could.
NOISE = 1.5


class BeginnerPlayer:
    """Takes the most cards it can, with noise; one play in four is any legal card."""

    name = "beginner"

    def __init__(self, rng: random.Random, blunder: float = 0.25):
        self.rng = rng
        self.blunder = blunder

    @staticmethod
    def scores(view: PlayerView) -> list[float]:
        """Its score per legal play before the noise: cards taken, plus one for taking, plus two
        for a scopa, minus two for a traditional one that costs (SB6) (negated in misère)."""
        k = knowledge(view.rules)
        n = on_table(view)  # a sweep takes the builds too (SB30)
        last = is_last_play(view)
        own = parts(view.rules)
        out = []
        for p in view.legal:
            s = len(p.presa) + (1 if p.presa else 0)
            for part in own:
                s += part.count(view, p)  # SB20: a stolen pile's cards
            # a sweep's points as the cards' are counted here, before the misère's sign: the
            # Knowledge's worths carry that sign already (a scopa is worth less than nothing there)
            if k.is_scopa(p.card, p.presa, n, last):
                s += 2 if k.scopa * k.sign > 0 else -2
            elif abs(worth := k.sweep(p.card, p.presa, n, last)) > 0.5:  # a traditional (SB6) or special sweep
                s += 2 if worth * k.sign > 0 else -2  # by its own points' sign (SB41: one may cost)
            out.append(-s if k.rules.misere else s)
        return out

    def choose(self, view: PlayerView) -> Play:
        """A legal play: greedy by card count with mistakes; it never claims a scopa, and trusts
        every claim (SB60, SB61)."""
        own = parts(view.rules)
        answer = _answer(own, view)
        if answer is not None:
            return answer
        view = settle(view, True)  # SB14: points are points; it declares what it holds
        legal = view.legal
        rng = self.rng
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view)
        for part in own:
            legal, scores = part.keep(legal, scores)
        if rng.random() < self.blunder:
            return rng.choice(legal)
        scores = [s + rng.random() * NOISE for s in scores]
        return _argmax(legal, scores, rng)


class EasyPlayer:
    """Greedy: the capture worth most now; otherwise lays the card worth least."""

    name = "easy"

    def __init__(self, rng: random.Random):
        self.rng = rng

    @staticmethod
    def scores(view: PlayerView) -> list[float]:
        """A score per legal play: the worth taken now; a laid card scores minus half its worth."""
        k = knowledge(view.rules)
        w = k.worth
        n = on_table(view)  # a sweep takes the builds too (SB30)
        last = is_last_play(view)
        own = parts(view.rules)
        out = []
        for p in view.legal:
            if p.presa:
                g = k.gain(p, n, last)
                for part in own:
                    g = part.take(view, p, w, g)  # SB20: a stolen pile's worth
                out.append(g + 0.01 * len(p.presa))
            else:
                out.append(-abs(w[p.card]) * 0.5 - 0.001 * (10 - VALUE[p.card]))
        return out

    def choose(self, view: PlayerView) -> Play:
        """The play of greatest immediate worth; it never claims a scopa, and trusts every claim."""
        own = parts(view.rules)
        answer = _answer(own, view)
        if answer is not None:
            return answer
        view = settle(view, True)  # SB14: greedy, it declares what it holds
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view)
        for part in own:
            legal, scores = part.keep(legal, scores)
        return _argmax(legal, scores, self.rng)


class ExpertPlayer:
    """Rule-based from the tradition: worth now minus the next opponent's expected take."""

    name = "expert"

    def __init__(self, rng: random.Random, follow_up: float = 0.5, caution: float = 1.4):
        self.rng = rng
        self.follow_up = follow_up
        self.caution = caution

    def scores(self, view: PlayerView) -> list[float]:
        """A score per legal play (same order as `view.legal`); answering a claim, what trust and
        doubt are worth against trusting (SB61)."""
        k = knowledge(view.rules)
        own = parts(view.rules)
        for part in own:
            answers = part.expert_answer(view, k)  # SB61: trust or doubt
            if answers is not None:
                return answers
        out = [now - self.caution * risk + self.follow_up * follow for now, risk, follow in self.terms(view)]
        for part in own:
            out = part.expert_scores(view, out)  # SB60: a claim as the scopa it makes, or a bluff
        return out

    def terms(self, view: PlayerView) -> list[tuple[float, float, float]]:
        """Per legal play (not a claim's answer) the score's terms, for the hint to say which one
        decides: (worth now, the next opponent's expected take, our own best follow-up take);
        the score is now - caution * risk + follow_up * follow."""
        rules = view.rules
        k = knowledge(rules)
        own = parts(rules)
        w = k.worth
        n = len(view.names)
        seat = view.seat
        table = view.table
        last = is_last_play(view)
        unseen = view.unseen()
        count = Counter(VALUE[c] for c in unseen)
        total = len(unseen)
        nxt = (seat + 1) % n
        h_next = view.hand_counts[nxt]
        hand_ends = view.deck_left == 0 and sum(view.hand_counts) == 1
        if h_next == 0 and not hand_ends:
            h_next = rules.hand_size  # a new round is dealt before the next player plays
        # SB10: cards the next player showed in a declaration are in its hand for sure; the rest
        # of its hand comes from the unseen cards.
        shown_next = Counter(VALUE[c] for c in view.shown().get(nxt, ()))
        h_next -= sum(shown_next.values())
        my_values = Counter(VALUE[c] for c in view.hand)
        n_table = on_table(view)
        out = []
        for p in view.legal:
            s = k.gain(p, n_table, last)
            for part in own:
                s = part.expert_now(view, k, p, s, unseen)  # a build's next take (SB30–SB33)
            rest = table_after(table, p)
            for part in own:  # a stolen pile's worth, the danger to our pile's new top (SB20)
                s = part.expert_after(view, k, p, rest, s, hand_ends, self.caution, count, total, h_next)
            if hand_ends:
                # R6: what is left goes to the last side that took.
                taker = view.seat if p.presa else view.last_capturer
                if taker is not None and rest:
                    v = sum(w[c] for c in rest)
                    s += v if taker % rules.sides == view.side else -v
                out.append((s, 0.0, 0.0))
                continue
            if not p.presa:
                s -= 0.02 * abs(w[p.card])  # a laid card is a card put at risk
            # What the next (opposing) player can expect to take, by value, from the unseen cards.
            best = []
            for v in VALUES:
                c_v = count.get(v, 0)
                if not c_v and not shown_next[v]:
                    continue
                top = 0.0
                for presa in k.takes(rest, v):
                    # The sweep's worth from the engine's rules: no scopa for an Asso that takes
                    # all (S5), a cost for a traditional one (SB6).
                    g = sum(w[c] for c in presa) + 0.6 * w[_any_card(v)] + k.sweep(_any_card(v), presa, len(rest), False)
                    if g > top:
                        top = g
                if top > 0:
                    best.append((top, 1.0 if shown_next[v] else p_holds(c_v, total, h_next)))
            best.sort(reverse=True)
            risk = 0.0
            p_none = 1.0
            for top, ph in best:
                risk += p_none * ph * top
                p_none *= 1.0 - ph
            # Our own follow-up: the best take we keep in hand for the table we leave (carta mula).
            mine = my_values.copy()
            mine[VALUE[p.card]] -= 1
            follow = 0.0
            for v, c_mine in mine.items():
                if c_mine <= 0:
                    continue
                for presa in k.takes(rest, v):
                    g = sum(w[c] for c in presa)
                    if g > follow:
                        follow = g
            out.append((s, risk, follow))
        return out

    def choose(self, view: PlayerView) -> Play:
        """The best play by the expert's score; in a last round with every card known, solved.
        Answering a claim, doubt when it is true with less than 2/3 chance (SB61); now and then a
        bluff when it has nothing better (SB60); declares when the points are worth the cards shown
        (SB14, declare.py)."""
        view = settle(view)
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(view)
        if solvable(view):
            # Card counting to the end: the exact value first, the expert's score between equals.
            exact = solve(view)
            scores = [v * 100.0 + s for (_, v), s in zip(exact, scores)]
        else:
            for part in parts(view.rules):
                chosen = part.expert_choose(view, knowledge(view.rules), scores, self.rng)  # SB60: a bluff
                if chosen is not None:
                    return chosen
        return _argmax(legal, scores, self.rng)


def _answer(own, view: PlayerView) -> Play | None:
    """A simple level's play when a mechanic leaves it one (SB61: it trusts every claim)."""
    for part in own:
        answer = part.answer(view)
        if answer is not None:
            return answer
    return None


def _any_card(value: int) -> int:
    """A card of this value of a suit that is never special (Bastoni): the taker's own card."""
    return card(value, "B")
