"""Find the built-in puzzles (issue 47) over seeded deals and write py/settebello/puzzles.json.

    nice -n 15 .venv/bin/python scripts/make_puzzles.py --budget 1000 --per-variant 110

For classic Scopa, Scopone and Escoba in turn, a seeded first hand is played by the expert at every
seat; each position of it is judged (settebello/puzzles.py `make`: the master's judge, `RUNS` runs,
the answer at least `THRESHOLD` points ahead in each, a principle deciding it). At most two puzzles a
hand, so the set is spread over many deals. It stops at `--per-variant` puzzles of each variant or
at `--budget` seconds of CPU, and prints how many positions it judged and found.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from scopa.rules import preset  # noqa: E402
from scopa.state import Match  # noqa: E402
from scopa_ai.levels import ExpertPlayer  # noqa: E402
from settebello import puzzles  # noqa: E402

VARIANTS = ("scopa", "scopone", "escoba")
PER_HAND = 2


def hand_puzzles(variant: str, seed: int, found: list) -> tuple[int, int]:
    """Judge the positions of the seeded first hand of `variant`; add its puzzles to `found`.
    (positions judged, puzzles found)."""
    rules = preset(variant).rules
    match = Match.new(rules, random.Random(seed), [f"Player {i + 1}" for i in range(rules.players)])
    match.deal_until_played()
    if len(match.log) != 1:  # a void deal first (R3): the record of one hand would not hold it
        return 0, 0
    expert = ExpertPlayer(random.Random(seed))
    judged = made = 0
    while match.phase == "play":
        view = match.observe(match.turn)
        if len(view.legal) > 1 and made < PER_HAND:
            judged += 1
            p = puzzles.make(f"{variant}-{seed}-{len(match.log[0].plays) + 1}", match, variant)
            if p is not None:
                found.append(p)
                made += 1
        match.apply(expert.choose(view))
    return judged, made


def dump(data: dict) -> str:
    """The puzzles' JSON, one puzzle a line (small, and a new set's diff reads puzzle by puzzle)."""
    head = {k: v for k, v in data.items() if k != "puzzles"}
    lines = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in data["puzzles"])
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": [\n' + lines + "\n]}\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1000.0, help="seconds of CPU at most")
    ap.add_argument("--per-variant", type=int, default=110)
    ap.add_argument("--out", default=str(puzzles.DATA))
    args = ap.parse_args()
    start = time.process_time()
    found: dict[str, list] = {v: [] for v in VARIANTS}
    judged = {v: 0 for v in VARIANTS}
    seed = 0
    while time.process_time() - start < args.budget and any(len(found[v]) < args.per_variant for v in VARIANTS):
        seed += 1
        for v in VARIANTS:
            if len(found[v]) < args.per_variant and time.process_time() - start < args.budget:
                j, _ = hand_puzzles(v, seed, found[v])
                judged[v] += j
        print(f"seed {seed}: " + ", ".join(f"{v} {len(found[v])}/{judged[v]}" for v in VARIANTS)
              + f" ({time.process_time() - start:.0f} s CPU)", flush=True)
    out = [p.to_json() for v in VARIANTS for p in found[v]]
    Path(args.out).write_text(dump({"format": "settebello-puzzles/1", "threshold": puzzles.THRESHOLD,
                                    "runs": puzzles.RUNS, "seed_options": sorted(puzzles.seed_options()),
                                    "puzzles": out}), encoding="utf-8")
    cpu = time.process_time() - start
    print(f"{len(out)} puzzles from {sum(judged.values())} positions judged in {cpu:.0f} s of CPU "
          f"({len(out) / max(1, sum(judged.values())):.1%} of positions; {len(out) / max(cpu, 1) * 60:.1f} a minute)")


if __name__ == "__main__":
    main()
