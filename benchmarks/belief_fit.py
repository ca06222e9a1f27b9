"""Fit the belief's policy model (py/scopa_ai/beliefs.py, issue 46) to the searching levels' choices.

Plays two-player Scopa matches between searching levels (seeds `fit:I`), records every choice of a
searching seat among two or more plays, and reports the mean log-likelihood a choice of the fast
policy model (`PlayModel`: a softmax of `sharp` times its score, mixed with `slip` of any play) over
a grid of sharpness and slips, per level and all together, beside a uniform choice and today's
careful kind (styles.py: a softmax of the expert's full score, sharpness 20, slips 3 %). The best
pair of all together is the fit (`FIT_SHARP`, `FIT_SLIP`).

Usage: PYTHONPATH=py python benchmarks/belief_fit.py PAIRS... (each A-B:MATCHES, e.g. pimc2-pimc2:20 master-pimc2:4)
Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import replace

from scopa_ai import make_player
from scopa_ai.beliefs import PlayModel
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
                    out.setdefault(names[m.turn], []).append((view, view.legal.index(play)))
                m.apply(play)
            hands += 1


def loglik(choices: list) -> dict:
    """Mean log-likelihood a choice per (sharp, slip), the uniform choice's and the careful kind's."""
    grid = {(h, s): 0.0 for h in SHARPS for s in SLIPS}
    uniform = careful = 0.0
    expert = ExpertPlayer(random.Random(0))
    for view, idx in choices:
        play = view.legal[idx]
        model = PlayModel(view, [*view.unseen(), *view.hand])
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


def main(argv: list[str]) -> None:
    out: dict[str, list] = {}
    for spec in argv:
        pair, _, count = spec.partition(":")
        a, _, b = pair.partition("-")
        record(a, b, int(count), out)
    report = {name: loglik(ch) for name, ch in sorted(out.items())}
    report["all"] = loglik([c for ch in out.values() for c in ch])
    print(json.dumps({"pairs": argv, **report}))


if __name__ == "__main__":
    main(sys.argv[1:])
