"""The generic search through the engine: a flat Monte Carlo over candidate plays that plays
every rollout with the engine's own `legal_plays` and `push`, so it plays any mechanic the engine
knows (builds, claims) without a model of its own.

The master's usual search (rollout.py's fast policy, inference.py's reading of past tables) knows
loose table cards only; with builds or claims (SB30, SB60: a mechanic whose part plays
`through_engine`) it plays this search instead: the expert's best plays tried on deals sampled from the view (`sample_match` keeps
the builds and gives each other owner a card of its build's value, SB32; a card claimed face down
a likely identity, SB62), every candidate on the same deals with the same rollout seeds (common
random numbers), the worse half dropped in turn (successive halving), each hand finished by
`rollout.playout_legal`, its policy weighing the scopa a play leaves and what a build will take
(`guard`). Always a legal player.
"""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence

from scopa.state import Play, PlayerView, sample_match
from .heuristics import Knowledge
from .rollout import playout_legal


# The chance of a random play in the master's rollouts through the engine (measured against the
# expert on duplicate deals with builds, SB30: 0.05 plays worse, 0.15 and 0.2 no better).
EPS = 0.1


def engine_search(view: PlayerView, candidates: Sequence[Play], rng: random.Random, budget: int,
                  k: Knowledge, prior: Sequence[float], value: Callable[[tuple[int, ...]], float],
                  max_ms: float = 10000.0, guard: bool = True, eps: float = EPS,
                  clock: Callable[[], float] = time.perf_counter) -> tuple[Play, dict]:
    """The candidate with the best mean rollout `value` (of the hand's points per side) plus its
    `prior` (the expert's score, weighed), and the search's figures (`deals`, `rollouts`,
    `capped`). `guard` and `eps` are the rollout policy's (`rollout.playout_legal`).

    `budget` rollouts in all, spent by successive halving: each round shares its part out among
    the candidates still in, every one of them played on the same sampled deals with the same
    rollout seeds, then the worse half drops out (ties keep the given order). The safety valve
    (`max_ms`, read between deals on `clock`, seconds: the player's own) stops it early: `capped`
    says so."""
    n = len(candidates)
    sums = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    rounds = max(1, (n - 1).bit_length())  # halvings down to two candidates
    deadline = clock() + max_ms / 1000.0
    deals = 0
    capped = False
    for r in range(rounds):
        per = max(1, budget // rounds // len(alive))  # deals this round, each for every candidate
        for _ in range(per):
            if deals and clock() > deadline:
                capped = True
                break
            base = sample_match(view, rng)
            roll = random.Random(rng.getrandbits(32))
            state = roll.getstate()
            for j in alive:
                roll.setstate(state)  # common random numbers: the same rollout seed for every candidate
                sums[j] += value(playout_legal(base.clone(), candidates[j], k, roll, eps, guard))
                counts[j] += 1
            deals += 1
        if capped or r == rounds - 1:
            break
        alive.sort(key=lambda j: (-(sums[j] / counts[j] + prior[j]), j))
        alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
    best = min(alive, key=lambda j: (-(sums[j] / max(counts[j], 1) + prior[j]), j))
    return candidates[best], {"deals": deals, "rollouts": sum(counts), "budget": budget, "capped": capped,
                              "candidates": n, "final": len(alive)}
