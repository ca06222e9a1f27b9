"""Master: a determinised Monte Carlo search over the hand, guided by the expert.

For each of its candidate plays (the expert's best eight) the master deals the unseen cards out at
random, weighed by how likely the other players' plays make each deal, plays the candidate on that
deal and finishes the hand with a fast rule policy (rollout.py); the candidate worth most to the
match (equity.py), with the expert's own score added, is played. The next player's answer comes
from a model of the kind of player it seems (replies.py, styles.py); a last round whose cards are
all known is solved exactly (endgame.py). Its settings are one frozen value (`MasterSettings`): the
budget is a number of rollouts, the same on every device, so a seed and settings give the same
play anywhere; a time cap is only a safety valve, and its use is counted (`capped`). What each part
was measured to be worth: benchmarks/master_notes.md.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, fields
from typing import Callable, Generator, Sequence

from scopa.cards import Card
from scopa.state import Match, Play, PlayerView, match_winner
from .beliefs import Belief, reading, reading_logs
from .parts.declare import declares as declared_play, settle
from .steps import run_to_end
from .engine_search import engine_search
from .endgame import Opponent, solvable, solve
from .equity import Equity, equity
from .heuristics import knowledge
from .inference import error_rates, play_likelihood, sample_consistent, tables_before, unlikely_cards
from .levels import BeginnerPlayer, EasyPlayer, ExpertPlayer
from .parts import parts
from .replies import Answers
from .rollout import by_engine, playout
from .styles import BLUNDER, CAREFUL, NOVICE, SHARP, SLIP, make_styles, remembered, style_logs, style_weights


# What ending the match with this hand adds to (won) or takes from (lost) a rollout's value, where
# no match equity is known (three or more sides).
MATCH_WIN = 4.0
# How sure the master must be of the other side's kind of player before it plays for the match as
# the favourite against it (`MasterPlayer.match_equity`).
AGAINST = 0.5


@dataclass(frozen=True)
class MasterSettings:
    """How the master searches and whom it models; `MasterSettings()` is the shipped master.

    Benchmarks vary a field with `dataclasses.replace(MasterSettings(), field=...)`; every switch
    below is on in the shipped master and is kept to reproduce a result of
    benchmarks/master_notes.md or benchmarks/ai_results.md with it off.
    """

    # Rollouts per candidate play (counting at most `spread` candidates), scaled by `budget`.
    iterations: int = 250
    spread: int = 4
    # The expert's best plays that are searched at all.
    max_candidates: int = 8
    # The expert's score, times `prior`, added to each candidate's rollout mean.
    prior: float = 1.0
    # With builds or claims (SB30, SB60) every rollout plays through the engine (engine_search.py), about
    # five times the fast rollout's cost: this share of `budget`, and the expert's score times
    # `prior` times `engine_prior` added to each candidate's mean.
    engine: float = 0.25
    engine_prior: float = 0.5
    # The least chance of a random play in a rollout, per seat.
    eps: float = 0.08
    # Safety valve: a search still running after this many milliseconds stops where it is (and
    # `MasterPlayer.capped` counts it). Far above a phone's normal move, so play does not depend
    # on the device; `math.inf` for none.
    max_ms: float = 10000.0
    # How sharply the careful and greedy kinds follow their scores, and their chance of any play
    # (styles.py).
    sharp: float = SHARP
    slip: float = SLIP
    model: bool = True      # each opponent's error rate on finished rounds (inference.error_rates)
    reply: bool = True      # the next player's answer from its kind's model (replies.py)
    fair: bool = True       # rollouts weigh a scopa left by the chance it is held (rollout.py)
    guard: bool = True      # the same, and builds weighed, in rollouts through the engine (rollout.py)
    sums: bool = True       # steals by sum (SB22) in rollouts, the last round exact (steals.py)
    likely: bool = True     # deals weighed by the likelihood of the opponents' plays
    equity: bool = True     # play for the match (equity.py), not the hand's points
    remember: bool = True   # the match's earlier hands say what kind of player each seat is
    follow: bool = True     # the careful reply with the expert's follow-up term
    against: bool = True    # the match equity against the kind of player faced
    chance: bool = True     # the exact last round against how the opponent plays
    belief: bool = False    # deals drawn from a belief over each seat's hand, from its plays (beliefs.py, issue 46)

    def __post_init__(self) -> None:
        """Refuse a value of the wrong type or out of range, naming the field."""
        for f in fields(self):
            value = getattr(self, f.name)
            kind = type(f.default)
            if kind is bool:
                ok, want = isinstance(value, bool), "True or False"
            elif kind is int:
                ok, want = isinstance(value, int) and not isinstance(value, bool), "a whole number"
            else:
                ok, want = isinstance(value, (int, float)) and not isinstance(value, bool), "a number"
            if not ok:
                raise TypeError(f"MasterSettings.{f.name} must be {want}, not {value!r}")
        for name, ok, want in (
                ("iterations", self.iterations >= 1, "at least 1"),
                ("spread", self.spread >= 1, "at least 1"),
                ("max_candidates", self.max_candidates >= 1, "at least 1"),
                ("prior", 0.0 <= self.prior < math.inf, "a finite number of at least 0"),
                ("engine", 0.0 < self.engine < math.inf, "a finite number above 0"),
                ("engine_prior", 0.0 <= self.engine_prior < math.inf, "a finite number of at least 0"),
                ("eps", 0.0 <= self.eps <= 1.0, "between 0 and 1"),
                ("max_ms", self.max_ms > 0.0, "more than 0 (math.inf for no cap)"),
                ("sharp", 0.0 < self.sharp < math.inf, "a finite number above 0"),
                ("slip", 0.0 <= self.slip <= 1.0, "between 0 and 1")):
            if not ok:
                raise ValueError(f"MasterSettings.{name} must be {want}, not {getattr(self, name)!r}")


def hand_points(view: PlayerView) -> Callable[[tuple[int, ...]], float]:
    """A rollout's worth to `view`'s side: its hand points less the others' (their mean with three
    or more sides), negated in misère."""
    sign = -1.0 if view.rules.misere else 1.0
    side, sides = view.side, view.rules.sides

    def value(tot: tuple[int, ...]) -> float:
        mine = tot[side]
        return sign * (mine - (sum(tot) - mine) / (sides - 1))

    return value


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

    def __init__(self, rng: random.Random, settings: MasterSettings = MasterSettings(),
                 clock: Callable[[], float] = time.perf_counter):
        """A master with its own generator and `settings`; `clock` (seconds) is read only by
        the safety valve (`MasterSettings.max_ms`)."""
        if not isinstance(settings, MasterSettings):
            raise TypeError(f"MasterPlayer's settings must be a MasterSettings, not {settings!r}")
        self.rng = rng
        self.settings = settings
        self.clock = clock
        # What the match's earlier hands said of each other seat's kind (log-likelihood per kind,
        # from the last view this seat had of each), and the last view it was shown.
        self._memory: dict[int, list[float]] = {}
        self._last: PlayerView | None = None
        # What the match's earlier hands said of each other seat as a competent player against a
        # random one (log-odds, beliefs.reading), and the belief of the search under way.
        self._competent: dict[int, float] = {}
        self._belief: Belief | None = None
        self.expert = ExpertPlayer(rng)
        self.styles = make_styles(self.expert, settings.sharp, settings.slip)
        # Searches run, and how many of them the safety valve cut; the last search's figures.
        self.searches = 0
        self.capped = 0
        self.last_stats: dict = {}
        # The last `choose`'s searched candidates and their values (mean rollout value + `prior` ×
        # the expert's score, in points of the hand or of the match's equity): what a hint's reason
        # quotes (scopa_ai/explain.py). Empty when that choice was not searched by rollouts.
        self.last_values: dict[Play, float] = {}

    def watch(self, view: PlayerView) -> None:
        """Note a view this seat is shown (`choose` notes each): once a new hand has begun, what the
        last view of the previous one shows of each other seat's kind of player is remembered for
        the rest of the match (`kinds`). A view of an earlier hand than the last (another match,
        or an undo past a deal) forgets it all."""
        if any(part.through_engine for part in parts(view.rules)):
            return  # SB30, SB60: builds and claims are read by the engine's search, not the styles
        last = self._last
        if last is not None and len(view.results) != len(last.results):
            if len(view.results) > len(last.results):
                for seat, logs in style_logs(last, self.styles, tables_before(last)).items():
                    acc = self._memory.setdefault(seat, [0.0] * len(logs))
                    for i, x in enumerate(logs):
                        acc[i] += x
                if self.settings.belief:
                    for seat, x in reading_logs(last).items():
                        self._competent[seat] = self._competent.get(seat, 0.0) + x
            else:
                self._memory = {}
                self._competent = {}
        self._last = view

    def kinds(self, view: PlayerView) -> dict[int, tuple[float, ...]]:
        """Per other seat, the weight of each kind of player (styles.py): from this hand's finished
        rounds and, with `remember`, the earlier hands of the match this seat watched (a seat that
        played carefully all match is read as careful from the first play of a new hand)."""
        prior = remembered(self._memory) if self.settings.remember and self._memory else None
        return style_weights(view, self.styles, tables_before(view), prior)

    def match_equity(self, view: PlayerView, weights: dict[int, tuple[float, ...]]) -> Equity | None:
        """The match equity to play for (equity.py; None without `equity` or with three or more
        sides): against the kind of player the other side most likely is (`weights`, per seat, from
        `kinds`), once that kind weighs at least `AGAINST` on average; else that of equals."""
        if not self.settings.equity:
            return None
        against = CAREFUL
        if self.settings.against:
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
        -inf for a candidate dropped by the halving) and its number of rollouts: `evaluate_steps`
        run to its end."""
        return run_to_end(self.evaluate_steps(view))[1]

    def evaluate_steps(self, view: PlayerView) -> Generator[None, None, list[tuple[Play, float, int]]]:
        """`evaluate` in steps: it yields after each deal (all its candidates' rollouts), so that a
        search on the person's time (settebello/ponder.py) can stop between deals and go on later
        with the very same numbers; its return value is `evaluate`'s.

        Each candidate play with its value (mean rollout value + `prior` × the expert's score;
        -inf for a candidate dropped by the halving) and its number of rollouts.

        The budget is `iterations` rollouts per candidate, spent by successive halving: each
        round shares it out among the candidates still in, then the worse half drops out, so
        the last two are compared over several times as many deals as the first eight. The budget
        is scaled by the cards left to play and the hand size (`budget`). The safety valve
        (`max_ms`, read from `clock` between deals) stops it early and counts it in `capped`.
        """
        legal = list(view.legal)
        expert_scores = self.expert.scores(view)
        order = sorted(range(len(legal)), key=lambda i: -expert_scores[i])
        cands = [legal[i] for i in order[: self.settings.max_candidates]]
        if len(cands) == 1:
            return [(cands[0], 0.0, 0)]
        k = knowledge(view.rules)
        n_seats = len(view.names)
        keep, eps_all = self.error_model(view)
        # Which kind of player each other seat is (styles.py), from this hand's finished rounds.
        weights = self.kinds(view) if self.settings.likely or self.settings.reply else {}
        value = self.rollout_value(view, weights)
        # Seats whose hands are drawn from the belief (beliefs.py) are not weighed again.
        self._belief = Belief(view, reading(view, self._competent)) if self.settings.belief else None
        believed = frozenset(self._belief.seats) if self._belief is not None else frozenset()
        lik = play_likelihood(view, self.styles, weights, believed) if self.settings.likely else None
        # Without likely deals, the opponents' passed-up plays move their unlikely cards away.
        unlikely = {s: c for s, c in unlikely_cards(view).items() if s not in believed} if lik is None else {}
        deadline = self.clock() + self.settings.max_ms / 1000.0
        # SB14: whether this play makes the hand's declarations (the view is settled: declare.py)
        declares = not view.rules.accuse_choice or any(declared_play(p) for p in view.legal)
        nxt = (view.seat + 1) % n_seats
        answers = self.answers(view, cands, weights.get(nxt, (1.0,)))
        # The expert's own score, times `prior`, is added to each candidate's rollout mean.
        bias = [self.settings.prior * expert_scores[i] for i in order[: len(cands)]]
        opponents = [(s, w) for s, w in sorted(weights.items()) if s % view.rules.sides != view.side]
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        wsum = [0.0] * len(cands)
        rng = self.rng
        alive = list(range(len(cands)))
        rounds = max(1, (len(cands) - 1).bit_length())  # halvings down to two candidates
        budget = self.budget(view, len(cands))
        deals = 0
        capped = False
        self.searches += 1
        for r in range(rounds):
            per = max(1, budget // rounds // len(alive))  # deals this round, each for every candidate
            for _ in range(per):
                if deals and self.clock() > deadline:
                    capped = True  # the safety valve: the rest of the budget is not spent
                    break
                # Likely deals: a deal consistent with the view (`deal`), then weighed by the
                # opponents' plays when a likelihood is on (it replaces moving their unlikely
                # cards away, which the weights do better).
                base = self.deal(view, unlikely, keep)
                wt = lik(base) if lik is not None else 1.0
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
                                  reply=answer_to(j) if answer_to is not None else None,
                                  fair=self.settings.fair, kinds=kinds, sums=self.settings.sums,
                                  declares=declares)
                    v = value(tot)
                    sums[j] += wt * v
                    counts[j] += 1
                    wsum[j] += wt
                deals += 1
                yield
            if capped or r == rounds - 1:
                break
            # Every candidate still in has seen the same deals: compare means (with the expert's
            # score times `prior` added); ties keep the expert's order.
            alive.sort(key=lambda j: (-(sums[j] / (wsum[j] or 1.0) + bias[j]), j))
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        self.capped += capped
        self.last_stats = {"deals": deals, "rollouts": sum(counts), "budget": budget, "capped": capped,
                           "candidates": len(cands), "final": len(alive),
                           "unlikely": sum(len(v) for v in unlikely.values())}
        # Only candidates still in can win; candidates are listed in the expert's order.
        return [(p, ((sums[j] / wsum[j]) if wsum[j] else 0.0) + bias[j], counts[j]) if j in alive
                else (p, float("-inf"), counts[j]) for j, p in enumerate(cands)]

    def deal(self, view: PlayerView, unlikely: dict[int, frozenset[Card]], keep: dict[int, float] | None) -> Match:
        """One determinisation: the unseen cards given out at random, consistent with the view,
        each opponent's `unlikely` cards moved away as far as `keep` believes it (none with likely
        deals: their weight does that), the hands of the seats the search's belief weighs drawn from
        it (beliefs.py). A diagnostic may override it (benchmarks/ai_oracle.py)."""
        m = sample_consistent(view, self.rng, unlikely, keep)
        if self._belief is not None:
            m = self._belief.draw(m, view.seat, self.rng)
        return m

    def error_model(self, view: PlayerView) -> tuple[dict[int, float] | None, tuple[float, ...]]:
        """Opponent model (`model`): each other seat's error rate on this hand's finished rounds
        (inference.error_rates) sets how far its passed-up plays are believed (the first item, for
        `sample_consistent`) and how often it plays at random in the rollouts (the second, per
        seat, never below `eps`)."""
        n_seats = len(view.names)
        eps = self.settings.eps
        if not self.settings.model:
            return None, (eps,) * n_seats
        rates = error_rates(view)
        keep = {s: r for s, (r, _) in rates.items()}
        return keep, tuple(min(0.5, max(eps, rates[s][0])) if s in rates and rates[s][1] else eps
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
        if not (self.settings.reply and view.hand_counts[nxt] and nxt % view.rules.sides != view.side):
            return None
        scorers = (self.expert.scores, EasyPlayer.scores, BeginnerPlayer.scores)
        return Answers(view, cands, scorers, weights, self.expert.follow_up if self.settings.follow else None)

    def budget(self, view: PlayerView, candidates: int) -> int:
        """The rollouts for this move: `iterations` per candidate (counting at most `spread`),
        scaled so that a move costs about the same at any point of the hand and in any variant."""
        rules = view.rules
        # A rollout costs about one unit per card still to play: 2/3 of the budget at the hand's
        # start, up to 3 times it late in the hand, where rollouts are short.
        remaining = view.deck_left + sum(view.hand_counts)
        full = 40 - rules.table_cards  # a move costs the same with more cards (SB37): fewer rollouts
        scale = min(3.0, (2.0 * full / 3.0) / max(1, remaining))
        # A card play in a rollout costs about one unit per card in the hand of the seat to move:
        # big hands (Scopone's nine) get fewer rollouts.
        scale *= min(1.0, 4.0 / (rules.hand_size + 1))
        if any(part.slow_rollout for part in parts(rules)) or by_engine(rules):
            # SB20: a slow part's rollout plays through the engine's own push (steals.py), about
            # twice the cost of the fast rollout (measured: 336 ms median a move in Chromium); so
            # do those of the 80 cards and of sweeps of other worth (rollout.by_engine, engine_playout).
            scale *= 0.5
        return int(self.settings.iterations * min(candidates, self.settings.spread) * scale)

    def _choose_through_engine(self, view: PlayerView) -> Play:
        """With builds (SB30–SB33) or claims (SB60–SB64) in the game: the exact last round when it
        is known, otherwise engine_search.py's flat search over the expert's best plays through
        the engine's own plays (`sample_match` gives a card claimed face down a likely identity),
        `engine` of the budget, for the hand's points; a claim is answered as the expert answers it."""
        own = parts(view.rules)
        if any(part.asks(view) for part in own):
            # SB61: the answer is a bet the expert works out exactly from the cards unseen (trust,
            # or doubt below 2/3); a few rollouts a candidate would only add their noise to it.
            return self.expert.choose(view)
        scores = self.expert.scores(view)
        if solvable(view):
            exact = solve(view)
            best = max(range(len(exact)), key=lambda i: (round(exact[i][1], 9), scores[i]))
            return exact[best][0]
        k = knowledge(view.rules)
        order = range(len(view.legal))
        for part in own:
            order = part.candidates(view, k, scores, order)  # SB60: no hopeless bluff
        order = sorted(order, key=lambda i: -scores[i])[: self.settings.max_candidates]
        if len(order) == 1:
            return view.legal[order[0]]
        self.searches += 1
        settings = self.settings
        budget = max(2 * len(order), int(self.budget(view, len(order)) * settings.engine))
        weight = settings.prior * settings.engine_prior
        play, self.last_stats = engine_search(view, [view.legal[i] for i in order], self.rng, budget, k,
                                             [weight * scores[i] for i in order], hand_points(view),
                                             settings.max_ms, settings.guard, clock=self.clock)
        self.capped += self.last_stats["capped"]
        return play

    def choose(self, view: PlayerView) -> Play:
        """The candidate with the best mean rollout value: `choose_steps` run to its end."""
        return run_to_end(self.choose_steps(view))[1]

    def fork(self) -> "MasterPlayer":
        """An independent fork in the same state (generator, what it remembers of the match, its
        counts): what it chooses is what this player would choose, and choosing changes only the
        fork. A search on the person's time runs on a fork (settebello/ponder.py)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        forked = MasterPlayer(rng, self.settings, self.clock)
        forked._memory = {s: list(v) for s, v in self._memory.items()}
        forked._competent = dict(self._competent)
        forked._last = self._last
        forked.searches, forked.capped = self.searches, self.capped
        forked.last_stats, forked.last_values = dict(self.last_stats), dict(self.last_values)
        return forked

    def choose_steps(self, view: PlayerView) -> Generator[None, None, Play]:
        """`choose` in steps: it yields between the deals of its search (`evaluate_steps`) and
        returns the play; the same play, and the same state after it, as `choose`."""
        view = settle(view)  # SB14: declare or not by the expert's weighing (declare.py), then search the cards
        self.watch(view)
        self.last_values = {}
        if len(view.legal) == 1:
            return view.legal[0]
        if any(part.through_engine for part in parts(view.rules)):
            return self._choose_through_engine(view)
        if solvable(view):
            # A fully known last round is solved exactly, for the match where its equity is known;
            # the expert's score between equals.
            weights = self.kinds(view)
            eq = self.match_equity(view, weights)
            if eq is None:
                return self.expert.choose(view)
            mine0, other0 = view.totals[view.side], view.totals[1 - view.side]
            exact = solve(view, lambda tot: eq.after(mine0 + tot[view.side], other0 + tot[1 - view.side]),
                          self.last_round_opponent(weights) if self.settings.chance else None)
            scores = self.expert.scores(view)
            best = max(range(len(exact)), key=lambda i: (round(exact[i][1], 9), scores[i]))
            return exact[best][0]
        scored = yield from self.evaluate_steps(view)
        self.last_values = {p: v for p, v, _ in scored if v != float("-inf")}
        best = max(scored, key=lambda t: t[1])
        return best[0]
