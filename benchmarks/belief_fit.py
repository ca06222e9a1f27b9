"""Fit the belief's policy model (py/scopa_ai/beliefs.py, issue 46) to the searching levels' choices.

Plays two-player Scopa matches between searching levels (seeds `fit:I`), records every choice of a
searching seat among two or more plays, and reports the mean log-likelihood a choice of the fast
policy model (`PlayModel` with the expert's weights: a softmax of `sharp` times its score, mixed
with `slip` of any play) over a grid of sharpness and slips, per level and all together, beside a
uniform choice and today's careful kind (styles.py: a softmax of the expert's full score, sharpness
20, slips 3 %). The best pair of all together is `FIT_SHARP`, `FIT_SLIP`.

With `--weights`, each term's weight (`FEATURES`) is fitted too (a conditional logit mixed with the
slips, by gradient ascent) on the choices of the even matches, and reported on the odd ones beside
the grid's best pair refitted on the even ones: the held-out figures say whether free weights
explain the choices better than the expert's (`FIT_WEIGHTS`).

Usage: PYTHONPATH=py python benchmarks/belief_fit.py [--weights] PAIRS... (each A-B:MATCHES, e.g. pimc2-pimc2:20 master-pimc2:4)
Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import replace
from typing import Sequence

from scopa_ai import make_player
from scopa_ai.beliefs import EXPERT_WEIGHTS, FEATURES, PlayModel
from scopa_ai.levels import ExpertPlayer
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.styles import softmax
from scopa.rules import rules_for
from scopa.state import Match, Play

SHARPS = (0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0)
SLIPS = (0.01, 0.03, 0.05, 0.1, 0.2, 0.3)
SEARCHING = ("master", "pimc", "pimc2")


def player(name: str, rng: random.Random):
    """A level; the master without its time cap (a choice does not depend on the machine)."""
    if name == "master":
        return MasterPlayer(rng, replace(MasterSettings(), max_ms=math.inf))
    return make_player(name, rng)


def record(a: str, b: str, matches: int, out: dict[str, list]) -> None:
    """Play `matches` matches of a against b (seats alternated), noting each searching seat's
    choices: (its view, the index of its play) under its level's name in `out`."""
    rules = rules_for("scopa")
    for i in range(matches):
        m = Match.new(rules, random.Random(f"fit:{a}:{b}:{i}"))
        names = [a, b] if i % 2 == 0 else [b, a]
        players = [player(n, random.Random(f"fit:{i}:{s}")) for s, n in enumerate(names)]
        hands = 0
        while m.phase != "over" and hands < 40:
            m.deal_until_played()
            while m.phase == "play":
                view = m.observe(m.turn)
                play = players[m.turn].choose(view)
                if (names[m.turn] in SEARCHING and len(view.legal) > 1
                        and all(type(p) is Play for p in view.legal)):
                    out.setdefault(names[m.turn], []).append((view, view.legal.index(play), i % 2))
                m.apply(play)
            hands += 1


def loglik(choices: list) -> dict:
    """Mean log-likelihood a choice per (sharp, slip), the uniform choice's and the careful kind's."""
    grid = {(h, s): 0.0 for h in SHARPS for s in SLIPS}
    uniform = careful = 0.0
    expert = ExpertPlayer(random.Random(0))
    for view, idx, _ in choices:
        play = view.legal[idx]
        model = PlayModel(view, [*view.unseen(), *view.hand], EXPERT_WEIGHTS)
        plays, scores = model.scores(view.hand)
        j = plays.index(play)
        for h in SHARPS:
            for s in SLIPS:
                grid[(h, s)] += math.log(softmax(scores, h, s)[j])
        uniform += math.log(1.0 / len(plays))
        careful += math.log(softmax(expert.scores(view), 20.0, 0.03)[idx])
    n = max(1, len(choices))
    best = max(grid, key=grid.get)
    return {"choices": len(choices), "best": {"sharp": best[0], "slip": best[1], "loglik": round(grid[best] / n, 4)},
            "uniform": round(uniform / n, 4), "careful_kind": round(careful / n, 4),
            "grid": {f"{h},{s}": round(v / n, 4) for (h, s), v in grid.items()}}


def terms(choices: list) -> list[tuple[list[tuple[float, ...]], int]]:
    """Each choice as the `FEATURES` of its plays and the index of the play made."""
    out = []
    for view, idx, _ in choices:
        plays, feats = PlayModel(view, [*view.unseen(), *view.hand]).features(view.hand)
        out.append((feats, plays.index(view.legal[idx])))
    return out


def mean_loglik(data: list, theta: Sequence[float], slip: float) -> float:
    """The mean log-likelihood a choice of the model with weights `theta` and `slip`."""
    total = 0.0
    for feats, j in data:
        scores = [sum(a * b for a, b in zip(theta, f)) for f in feats]
        total += math.log(softmax(scores, 1.0, slip)[j])
    return total / max(1, len(data))


def fit_weights(data: list, slip: float, steps: int = 400, rate: float = 0.5) -> list[float]:
    """The weights of the `FEATURES` that maximise the log-likelihood (gradient ascent with a
    step per weight scaled by its term's spread, from the expert's weights times 4)."""
    theta = [4.0 * x for x in EXPERT_WEIGHTS]
    n_f = len(theta)
    scale = [max(1e-6, math.sqrt(sum(f[k] ** 2 for feats, _ in data for f in feats)
                                 / max(1, sum(len(feats) for feats, _ in data)))) for k in range(n_f)]
    for _ in range(steps):
        grad = [0.0] * n_f
        for feats, j in data:
            scores = [sum(a * b for a, b in zip(theta, f)) for f in feats]
            top = max(scores)
            z = [math.exp(x - top) for x in scores]
            total = sum(z)
            q = [x / total for x in z]
            n = len(feats)
            p_j = slip / n + (1.0 - slip) * q[j]
            mean = [sum(q[i] * feats[i][k] for i in range(n)) for k in range(n_f)]
            coef = (1.0 - slip) * q[j] / p_j
            for k in range(n_f):
                grad[k] += coef * (feats[j][k] - mean[k])
        for k in range(n_f):
            theta[k] += rate * grad[k] / len(data) / scale[k] ** 2
    return theta


def weights_report(choices: list) -> dict:
    """Free weights against the expert's, fitted on the even matches, judged on the odd ones."""
    train = terms([c for c in choices if c[2] == 0])
    test = terms([c for c in choices if c[2] == 1])
    best = max(((h, s) for h in SHARPS for s in SLIPS),
               key=lambda hs: mean_loglik(train, [hs[0] * x for x in EXPERT_WEIGHTS], hs[1]))
    fits = {}
    for slip in (0.03, 0.1):
        theta = fit_weights(train, slip)
        fits[str(slip)] = {"weights": dict(zip(FEATURES, (round(x, 3) for x in theta))),
                           "train": round(mean_loglik(train, theta, slip), 4),
                           "held_out": round(mean_loglik(test, theta, slip), 4)}
    expert = [best[0] * x for x in EXPERT_WEIGHTS]
    return {"train_choices": len(train), "held_out_choices": len(test),
            "expert_weights": {"sharp": best[0], "slip": best[1], "train": round(mean_loglik(train, expert, best[1]), 4),
                               "held_out": round(mean_loglik(test, expert, best[1]), 4)},
            "uniform_held_out": round(sum(-math.log(len(f)) for f, _ in test) / max(1, len(test)), 4),
            "free_weights": fits}


def main(argv: list[str]) -> None:
    out: dict[str, list] = {}
    weights = "--weights" in argv
    argv = [a for a in argv if a != "--weights"]
    for spec in argv:
        pair, _, count = spec.partition(":")
        a, _, b = pair.partition("-")
        record(a, b, int(count), out)
    report = {name: loglik(ch) for name, ch in sorted(out.items())}
    report["all"] = loglik([c for ch in out.values() for c in ch])
    if weights:
        report["weights"] = weights_report([c for ch in out.values() for c in ch])
    print(json.dumps({"pairs": argv, **report}))


if __name__ == "__main__":
    main(sys.argv[1:])
