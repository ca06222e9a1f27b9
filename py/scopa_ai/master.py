"""Master: determinised Monte Carlo search over the hand, guided by a fast rule policy.

Each deal gives the unseen cards out at random, consistent with everything the seat has seen and
with what the other players' plays this round say about their hands (inference.py: a scopa
passed up means the card to make it is most likely not held). Every candidate root play (the
expert's best eight) is played on that same deal and the hand finished by the rollout policy
(rollout.py), with common random numbers, so candidates are compared with little noise. A
rollout is worth the match (`equity`, equity.py, two sides): the chance of winning the match once
its hand ends with its points, counted in points at the rate a point has at this score, so that
at 0–0 it is the hand's points for our side minus the others' and at 9–9 it is winning the hand
(with three or more sides: the points, plus or minus `MATCH_WIN` when the hand ends the match).

Budget: `iterations` rollouts per candidate (counting at most `spread` candidates), spent by
successive halving (the worse half of the candidates drops out after each round), scaled by the
cards left to play so that every move costs about the same time (2/3 at a hand's first play, up
to 3x late in the hand, where rollouts are short) and by the hand size (a rollout's card play
costs about one unit per card held: Scopone's nine-card hands get 0.4 of it); stopped early after
`max_ms` milliseconds. A fixed budget and seed give the same play.
A last round whose cards are all known is solved exactly (endgame.py), for the match too, with the
opponent's choices weighed as the kind of player it seems to be (`last_round_opponent`: a careful
one solves the round too; a novice's plays are weighed by how often a novice makes each). The match
equity is that of equals unless the other side reads as a greedy player or a novice (`match_equity`:
then the master plays for the match as the favourite it is).

Progressive bias: each candidate's rollout mean gets the expert's own score for that play added
(times `prior`, 1.0), both when the worse half drops out and for the final choice, so that a few
dozen noisy rollouts do not overturn a clearly better play. Measured on 200 duplicate deals
against the expert at 100 iterations (benchmarks/ai_duplicate.py): without it the master made
-0.14 ± 0.22 hand points per deal against the expert, with it +0.28 ± 0.2 (paired gain
+0.42 ± 0.17). A rollout policy weighing everything the next player's (sampled) cards could take,
not only a scopa, measured no better (+0.21 ± 0.19) and was dropped.

Reply model (`reply`, replies.py): in Scopa most of what a play is worth is what the next player
can take from the table it leaves. So the next player's answer to each candidate (when it plays
for another side before any new deal) is not left to the rollout policy, which would see our hand:
it is the play that player would make from what it can see, with the card of its sampled hand it
likes best (`replies`, computed once per candidate and move), as the kind of player it seems to be
(below, drawn per deal by its style weights): the expert's judgement if careful, the worth taken
now if greedy, the most cards with noise (or now and then any card) if a novice; the policy plays
on from there. (With the expert's judgement alone, measured on 200 duplicate deals against the
expert at 250 iterations: no stronger, -0.09 ± 0.15 hand points per deal, paired, but the slow
moves faster, p95 131 ms instead of 242 ms in CPython, the forced reply replacing the policy's
costliest ply.)

Kinds of player (styles.py): once a round is over, every card a player held in it has been seen,
so each of its plays can be scored against three kinds of player — careful (the expert's
judgement), greedy (the worth taken now), novice (the most cards, noisily, with a blunder one play
in four) — and the seat gets a weight per kind (`kinds`), with what the match's earlier hands
showed of it as a prior (`watch`: from the second hand on, a careful opponent is read as careful
from its first play; a restored save shows it the record again). Likely deals (`likely`): a deal
is weighed by how likely the other players' plays this round are had they held the cards it gives
them, each choosing as that mixture of kinds (inference.play_likelihood; plays from hands of at
most three cards). A careful player that laid a card where another card of the deal would have
swept is doubted hard; a novice much less. Opponent model (`model`): the seat's rate of clearly
better plays passed up (inference.error_rates) also sets how often it plays at random in the
rollouts.

Fair rollouts (`fair`): the rollout policy weighs a scopa it would leave by the chance that the
next player holds a card to make it, from the cards the mover cannot see (as the expert does),
instead of looking at the next player's cards of the deal, which flattered every play that only
that deal's cards made safe. (Fair rollouts with likely deals read as the expert alone, on 200
duplicate deals against the expert at 250 iterations: +0.57 ± 0.19 hand points per deal, +0.30 ±
0.18 paired against the master without them.)
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

from scopa.state import Match, Play, PlayerView, match_winner, sample_match
from .endgame import Opponent, solvable, solve
from .equity import Equity, equity
from .heuristics import knowledge
from .inference import error_rates, play_likelihood, sample_consistent, tables_before, unlikely_cards
from .levels import BeginnerPlayer, EasyPlayer, ExpertPlayer
from .replies import Answers
from .rollout import playout
from .styles import BLUNDER, CAREFUL, NOVICE, make_styles, remembered, style_logs, style_weights


# What ending the match with this hand adds to (won) or takes from (lost) a rollout's value, where
# no match equity is known (three or more sides).
MATCH_WIN = 4.0
# How sure the master must be of the other side's kind of player before it plays for the match as
# the favourite against it (`MasterPlayer.match_equity`).
AGAINST = 0.5


def draw_kinds(opponents: Sequence[tuple[int, Sequence[float]]], n_seats: int, rng: random.Random) -> list[int]:
    """The kind of player (styles.py) each seat is on one deal: each opponent's drawn by its
    weights, so that it plays so in the rollout (a novice errs as often as a novice does) and
    answers so; every other seat careful."""
    kinds = [CAREFUL] * n_seats
    for s, w in opponents:
        x = rng.random()
        kind = CAREFUL
        while kind < len(w) - 1 and x >= w[kind]:
            x -= w[kind]
            kind += 1
        kinds[s] = kind
    return kinds


class MasterPlayer:
    """Determinised Monte Carlo with expert-guided rollouts to the end of the hand."""

    name = "master"

    def __init__(self, rng: random.Random, iterations: int = 250, max_ms: float = 700.0,
                 eps: float = 0.08, max_candidates: int = 8, inference: bool = True,
                 prior: float = 1.0, model: bool = True, reply: bool = True,
                 fair: bool = True, likely: bool = True, spread: int = 4, equity: bool = True,
                 remember: bool = True, follow: bool = True, against: bool = True,
                 chance: bool = True):
        self.rng = rng
        self.iterations = iterations
        self.max_ms = max_ms
        self.eps = eps
        self.max_candidates = max_candidates
        self.inference = inference
        self.prior = prior
        self.model = model
        self.reply = reply
        self.fair = fair
        self.spread = spread
        self.likely = likely
        self.equity = equity
        self.remember = remember
        self.follow = follow
        self.against = against
        self.chance = chance
        # What the match's earlier hands said of each other seat's kind (log-likelihood per kind,
        # from the last view this seat had of each), and the last view it was shown.
        self._memory: dict[int, list[float]] = {}
        self._last: PlayerView | None = None
        self.expert = ExpertPlayer(rng)
        self.styles = make_styles(self.expert)
        self.last_stats: dict = {}

    def watch(self, view: PlayerView) -> None:
        """Note a view this seat is shown (`choose` notes each): once a new hand has begun, what the
        last view of the previous one shows of each other seat's kind of player is remembered for
        the rest of the match (`kinds`). A view of an earlier hand than the last (another match,
        or an undo past a deal) forgets it all."""
        last = self._last
        if last is not None and len(view.results) != len(last.results):
            if len(view.results) > len(last.results):
                for seat, logs in style_logs(last, self.styles, tables_before(last)).items():
                    acc = self._memory.setdefault(seat, [0.0] * len(logs))
                    for i, x in enumerate(logs):
                        acc[i] += x
            else:
                self._memory = {}
        self._last = view

    def kinds(self, view: PlayerView) -> dict[int, tuple[float, ...]]:
        """Per other seat, the weight of each kind of player (styles.py): from this hand's finished
        rounds and, with `remember`, the earlier hands of the match this seat watched (a seat that
        played carefully all match is read as careful from the first play of a new hand)."""
        prior = remembered(self._memory) if self.remember and self._memory else None
        return style_weights(view, self.styles, tables_before(view), prior)

    def match_equity(self, view: PlayerView, weights: dict[int, tuple[float, ...]]) -> Equity | None:
        """The match equity to play for (equity.py; None without `equity` or with three or more
        sides): against the kind of player the other side most likely is (`weights`, per seat, from
        `kinds`), once that kind weighs at least `AGAINST` on average; else that of equals."""
        if not self.equity:
            return None
        against = CAREFUL
        if self.against:
            seats = [w for s, w in weights.items() if s % view.rules.sides != view.side]
            if seats:
                mean = [sum(w[i] for w in seats) / len(seats) for i in range(len(seats[0]))]
                top = max(range(len(mean)), key=lambda i: (mean[i], -i))
                if mean[top] >= AGAINST:
                    against = top
        return equity(view.rules, against)

    def last_round_opponent(self, weights: dict[int, tuple[float, ...]]) -> Opponent:
        """How an opponent plays a last round whose cards it all knows (endgame.solve), as the
        mixture of kinds it seems to be (`weights`, from `kinds`): a careful player solves it too
        (the expert does), so it finds its best reply; a greedy player or a novice plays as its
        kind does, and may not. Against a novice the master so plays the line that wins most
        often against it, not only the one that is safe against perfect play."""
        styles = self.styles

        def opponent(m: Match) -> tuple[float, list[float]] | None:
            w = weights.get(m.turn)
            if w is None or w[CAREFUL] >= 1.0:
                return None
            view = m.observe(m.turn)
            probs = [0.0] * len(view.legal)
            for kind, style in enumerate(styles):
                if kind != CAREFUL and w[kind] > 0.0:
                    for i, p in enumerate(style(view)):
                        probs[i] += w[kind] * p
            return w[CAREFUL], probs

        return opponent

    def evaluate(self, view: PlayerView) -> list[tuple[Play, float, int]]:
        """Each candidate play with its value (mean rollout value + `prior` × the expert's score;
        -inf for a candidate dropped by the halving) and its number of rollouts.

        The budget is `iterations` rollouts per candidate, spent by successive halving: each
        round shares it out among the candidates still in, then the worse half drops out, so
        the last two are compared over several times as many deals as the first eight. The budget
        is scaled by the cards left to play and the hand size (`budget`).
        """
        legal = list(view.legal)
        expert_scores = self.expert.scores(view)
        order = sorted(range(len(legal)), key=lambda i: -expert_scores[i])
        cands = [legal[i] for i in order[: self.max_candidates]]
        if len(cands) == 1:
            return [(cands[0], 0.0, 0)]
        k = knowledge(view.rules)
        n_seats = len(view.names)
        keep, eps_all = self.error_model(view)
        # Which kind of player each other seat is (styles.py), from this hand's finished rounds.
        weights = self.kinds(view) if self.likely or self.reply else {}
        value = self.rollout_value(view, weights)
        lik = play_likelihood(view, self.styles, weights) if self.likely else None
        # Without likely deals, the opponents' passed-up plays move their unlikely cards away.
        unlikely = unlikely_cards(view) if self.inference and lik is None else {}
        deadline = time.perf_counter() + self.max_ms / 1000.0
        nxt = (view.seat + 1) % n_seats
        answers = self.answers(view, cands, weights.get(nxt, (1.0,)))
        # The expert's own score, times `prior`, is added to each candidate's rollout mean.
        bias = [self.prior * expert_scores[i] for i in order[: len(cands)]]
        opponents = [(s, w) for s, w in sorted(weights.items()) if s % view.rules.sides != view.side]
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        wsum = [0.0] * len(cands)
        rng = self.rng
        alive = list(range(len(cands)))
        rounds = max(1, (len(cands) - 1).bit_length())  # halvings down to two candidates
        budget = self.budget(view, len(cands))
        deals = 0
        out_of_time = False
        for r in range(rounds):
            per = max(1, budget // rounds // len(alive))  # deals this round, each for every candidate
            for _ in range(per):
                if lik is not None:
                    # Likely deals: drawn uniformly, then weighed by the opponents' plays (this
                    # replaces moving their unlikely cards away, which the weights do better).
                    base = sample_match(view, rng)
                    wt = lik(base)
                else:
                    base = sample_consistent(view, rng, unlikely, keep)
                    wt = 1.0
                roll = random.Random(rng.getrandbits(32))
                state = roll.getstate()
                kinds = draw_kinds(opponents, n_seats, rng)
                deal_eps = tuple(BLUNDER if kinds[s] == NOVICE else eps_all[s] for s in range(n_seats))
                answer_to = answers.draw(base.hands[nxt], kinds[nxt], rng) if answers is not None else None
                for j in alive:
                    card, presa = cands[j]
                    # Common random numbers: every candidate meets the same deal and rollout seed.
                    roll.setstate(state)  # the same numbers as a fresh generator: cheaper to restore
                    tot = playout(base.clone(), card, presa, k, roll, deal_eps,
                                  reply=answer_to(j) if answer_to is not None else None, fair=self.fair, kinds=kinds)
                    v = value(tot)
                    sums[j] += wt * v
                    counts[j] += 1
                    wsum[j] += wt
                deals += 1
                if time.perf_counter() > deadline:
                    out_of_time = True
                    break
            if out_of_time or r == rounds - 1:
                break
            # Every candidate still in has seen the same deals: compare means (with the expert's
            # score times `prior` added); ties keep the expert's order.
            alive.sort(key=lambda j: (-(sums[j] / (wsum[j] or 1.0) + bias[j]), j))
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        self.last_stats = {"deals": deals, "candidates": len(cands), "final": len(alive),
                           "unlikely": sum(len(v) for v in unlikely.values())}
        # Only candidates still in can win; candidates are listed in the expert's order.
        return [(p, ((sums[j] / wsum[j]) if wsum[j] else 0.0) + bias[j], counts[j]) if j in alive
                else (p, float("-inf"), counts[j]) for j, p in enumerate(cands)]

    def error_model(self, view: PlayerView) -> tuple[dict[int, float] | None, tuple[float, ...]]:
        """Opponent model (`model`): each other seat's error rate on this hand's finished rounds
        (inference.error_rates) sets how far its passed-up plays are believed (the first item, for
        `sample_consistent`) and how often it plays at random in the rollouts (the second, per
        seat, never below `eps`)."""
        n_seats = len(view.names)
        if not self.model:
            return None, (self.eps,) * n_seats
        rates = error_rates(view)
        keep = {s: r for s, (r, _) in rates.items()}
        return keep, tuple(min(0.5, max(self.eps, rates[s][0])) if s in rates and rates[s][1] else self.eps
                           for s in range(n_seats))

    def rollout_value(self, view: PlayerView, weights: dict[int, tuple[float, ...]]) -> Callable[[tuple[int, ...]], float]:
        """What a rollout's hand points are worth to this side. With a match equity (`equity`, two
        sides): the chance of winning the match once the hand ends, in points at this score's rate
        (`Equity.point`), so that the expert's score added to it keeps its weight. Otherwise our
        points less the other side's (or the others' mean), negated in misère, plus or minus
        `MATCH_WIN` if the hand ends the match."""
        rules = view.rules
        my_side = view.side
        sides = rules.sides
        before = view.totals
        eq = self.match_equity(view, weights)
        if eq is not None:
            mine0, other0 = before[my_side], before[1 - my_side]
            rate = eq.point(mine0, other0)
            origin = eq.start(mine0, other0)

            def for_match(tot: tuple[int, ...]) -> float:
                return (eq.after(mine0 + tot[my_side], other0 + tot[1 - my_side]) - origin) / rate

            return for_match
        sign = -1.0 if rules.misere else 1.0

        def for_points(tot: tuple[int, ...]) -> float:
            mine = tot[my_side]
            other = tot[1 - my_side] if sides == 2 else (sum(tot) - mine) / (sides - 1)
            v = sign * (mine - other)
            won = match_winner(rules, [a + b for a, b in zip(before, tot)])
            if won is not None:
                v += MATCH_WIN if won == my_side else -MATCH_WIN
            return v

        return for_points

    def answers(self, view: PlayerView, cands: Sequence[Play], weights: Sequence[float]) -> Answers | None:
        """Reply model (`reply`, replies.py): if the next player plays for the other side before
        any new deal, its answer to each candidate, as the kind of player it seems (`weights`);
        the rollout policy takes over after that. None otherwise."""
        nxt = (view.seat + 1) % len(view.names)
        if not (self.reply and view.hand_counts[nxt] and nxt % view.rules.sides != view.side):
            return None
        scorers = (self.expert.scores, EasyPlayer.scores, BeginnerPlayer.scores)
        return Answers(view, cands, scorers, weights, self.expert.follow_up if self.follow else None)

    def budget(self, view: PlayerView, candidates: int) -> int:
        """The rollouts for this move: `iterations` per candidate (counting at most `spread`),
        scaled so that a move costs about the same at any point of the hand and in any variant."""
        rules = view.rules
        # A rollout costs about one unit per card still to play: 2/3 of the budget at the hand's
        # start, up to 3 times it late in the hand, where rollouts are short.
        remaining = view.deck_left + sum(view.hand_counts)
        full = 40 - rules.table_cards
        scale = min(3.0, (2.0 * full / 3.0) / max(1, remaining))
        # A card play in a rollout costs about one unit per card in the hand of the seat to move:
        # big hands (Scopone's nine) get fewer rollouts.
        scale *= min(1.0, 4.0 / (rules.hand_size + 1))
        return int(self.iterations * min(candidates, self.spread) * scale)

    def choose(self, view: PlayerView) -> Play:
        """The candidate with the best mean rollout value."""
        self.watch(view)
        if len(view.legal) == 1:
            return view.legal[0]
        if solvable(view):
            # A fully known last round is solved exactly, for the match where its equity is known;
            # the expert's score between equals.
            weights = self.kinds(view)
            eq = self.match_equity(view, weights)
            if eq is None:
                return self.expert.choose(view)
            mine0, other0 = view.totals[view.side], view.totals[1 - view.side]
            exact = solve(view, lambda tot: eq.after(mine0 + tot[view.side], other0 + tot[1 - view.side]),
                          self.last_round_opponent(weights) if self.chance else None)
            scores = self.expert.scores(view)
            best = max(range(len(exact)), key=lambda i: (round(exact[i][1], 9), scores[i]))
            return exact[best][0]
        scored = self.evaluate(view)
        best = max(scored, key=lambda t: t[1])
        return best[0]
