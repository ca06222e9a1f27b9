"""The computer players' choices, pinned: seeded hands of every preset played by the levels, each
play digested, compared with `ai_corpus_digests.json` (issue 42: the AI is to be split per
mechanic as the engine was, and this says whether it still plays the same).

The digests were made after the card worths began to read the scoring's own table (test_worths:
Scopa a cascina's 2D counts its point, SB36); remake them only for a change meant to play
differently, and say why in the commit:

    .venv/bin/python tests/unit/test_ai_corpus.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "py"))
    sys.path.insert(0, str(ROOT / "tests"))  # depth.py, as tests/conftest.py's folder gives it under pytest

from scopa import PRESETS, Match  # noqa: E402
from depth import DEEP  # noqa: E402
from scopa_ai import make_player  # noqa: E402
from scopa_ai.master import MasterPlayer, MasterSettings  # noqa: E402

DIGESTS = Path(__file__).with_name("ai_corpus_digests.json")
PAIRS = (("expert", "easy"), ("beginner", "expert"))
# The master, small and uncapped (its 10 s safety valve never reached): the same plays anywhere.
MASTER = MasterSettings(iterations=24, max_ms=float("inf"))
MASTER_PRESETS = ("scopa", "scopone", "cascina", "fidasse", "rubamazzo", "bazzica", "maresciallo-80", "cicera")


def _player(level: str, seed: int):
    if level == "master":
        return MasterPlayer(random.Random(seed), MASTER)
    return make_player(level, random.Random(seed))


def hand_digest(variant: str, levels: tuple[str, str], seed: int) -> str:
    """One hand of `variant` (its first table), seat s played by levels[s % 2], every play digested."""
    rules = PRESETS[variant].rules.with_options({"target": 0})
    m = Match.new(rules, random.Random(seed))
    players = [_player(levels[s % 2], seed * 10 + s) for s in range(rules.players)]
    m.deal_until_played()
    plays = []
    while m.phase == "play":
        seat = m.turn
        play = players[seat].choose(m.observe(seat))
        plays.append(str(play))
        m.apply(play)
    return hashlib.sha256(json.dumps(plays).encode()).hexdigest()[:24]


def corpus() -> dict:
    cases = {}
    for variant in sorted(PRESETS):
        for levels in PAIRS:
            cases[f"{variant} {'-'.join(levels)}"] = (variant, levels, 3)
    for variant in MASTER_PRESETS:
        cases[f"{variant} master-expert"] = (variant, ("master", "expert"), 5)
    return cases


CASES = corpus()
# every case in the deep run (scripts/test --deep, CI's); by default the master in every other of
# its games (a whole search a play), the other levels in every game
SHOWN = sorted(k for k in CASES if DEEP or "master" not in k or CASES[k][0] in MASTER_PRESETS[::2])


@pytest.mark.parametrize("name", SHOWN)
def test_the_computer_players_play_as_before(name):
    before = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert hand_digest(*CASES[name]) == before[name]


if __name__ == "__main__":
    if "--write" in sys.argv:
        DIGESTS.write_text(json.dumps({k: hand_digest(*v) for k, v in sorted(CASES.items())}, indent=1) + "\n",
                           encoding="utf-8")
        print(f"{len(CASES)} digests written to {DIGESTS}")
