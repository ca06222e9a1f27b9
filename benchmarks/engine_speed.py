"""Engine speed: random full hands played per second in CPython, every play checked.

    PYTHONPATH=py python benchmarks/engine_speed.py [--seconds 3] [--variants scopa,scopone]

Each hand is dealt from a seeded shuffle and played to its end with uniformly random legal plays,
each one passed through the checked `Match.apply`; the hand is then scored. Target (issue 2):
at least 4,000 two-player Scopa hands a second on this machine class. The best of three timed
rounds is printed, after a warm-up that fills the capture cache as a long session would.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from scopa import PRESETS, Match, rules_for  # noqa: E402


def play_hands(variant: str, seconds: float, seed: int) -> tuple[int, float]:
    """Play random checked hands for about `seconds`; return (hands, elapsed)."""
    rules = rules_for(variant)
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            m = Match(rules, rng=rng)
            m.deal_until_played()
            while m.phase == "play":
                m.apply(rng.choice(m.legal_plays()))
            hands += 1
    return hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each timed round")
    parser.add_argument("--variants", default="scopa,scopone,escoba,scopa-a-quindici",
                        help="comma-separated preset ids, or 'all'")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variants = list(PRESETS) if args.variants == "all" else args.variants.split(",")
    results = {}
    for variant in variants:
        play_hands(variant, min(args.seconds, 2.0), args.seed)  # warm-up
        best = max(h / t for h, t in (play_hands(variant, args.seconds, args.seed + i) for i in range(3)))
        results[variant] = round(best)
        print(f"{variant:<18} {best:8.0f} hands/s", flush=True)
    print(json.dumps({"hands_per_second": results, "python": sys.version.split()[0]}))


if __name__ == "__main__":
    main()
