"""The arena (py/scopa_ai/arena.py, `python -m settebello arena`), the benchmark tool behind every
strength figure: its runs reproduce from their seed, split in chunks and across processes, and its
interval is Wilson's. Deterministic facts about the tool, on a few matches; what the levels are
worth against each other is a benchmark (benchmarks/strength.py, benchmarks/ai_results.md)."""

from __future__ import annotations

import json
import random

import pytest

from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai.arena import combine, run_arena, wilson
from scopa_ai.master import MasterPlayer, MasterSettings
from settebello.cli import main


def test_wilson():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-3
    assert wilson(0, 0) == [0.0, 1.0]


def test_arena_reproducible(capsys):
    args = ["arena", "--variant", "scopa", "--levels", "easy,beginner", "--matches", "6", "--seed", "3",
            "--compact", "--no-timings"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args + ["--jobs", "2"]) == 0
    second = capsys.readouterr().out
    assert first == second
    report = json.loads(first)
    assert set(report["levels"]) == {"easy", "beginner"}
    assert sum(s["wins"] for s in report["levels"].values()) + report["unfinished"] == 6
    for st_ in report["levels"].values():
        assert 0 <= st_["ci95"][0] <= st_["win_rate"] <= st_["ci95"][1] <= 1


def test_a_run_played_in_chunks_sums_to_the_whole_run():
    rules = rules_for("scopa")
    whole = run_arena(rules, ["easy", "beginner"], 5, seed=8)
    chunks = [run_arena(rules, ["easy", "beginner"], 2, seed=8), run_arena(rules, ["easy", "beginner"], 3, seed=8, first=2)]
    summed = combine(chunks)
    assert chunks[1]["first"] == 2 and summed["matches"] == 5
    for lab in ("easy", "beginner"):
        got, want = summed["levels"][lab], whole["levels"][lab]
        assert {k: got[k] for k in ("wins", "ci95", "points", "hands", "points_per_hand")} == \
            {k: want[k] for k in ("wins", "ci95", "points", "hands", "points_per_hand")}
        assert got["ms_per_move"]["moves"] == want["ms_per_move"]["moves"]
    with pytest.raises(ValueError, match="overlap"):
        combine([chunks[1], run_arena(rules, ["easy", "beginner"], 1, seed=8, first=4)])
    with pytest.raises(ValueError, match="cannot combine"):
        combine([chunks[0], run_arena(rules, ["beginner", "easy"], 1, seed=9)])


def test_arena_pairs_and_master_seeded():
    rules = rules_for("scopone")
    a = run_arena(rules, ["expert", "easy"], 2, seed=4)
    b = run_arena(rules, ["expert", "easy"], 2, seed=4)
    for r in (a, b):
        for s in r["levels"].values():
            s.pop("ms_per_move")
    assert a == b and a["levels"]["expert"]["matches"] == 2
    m = Match.new(rules_for("scopa"), random.Random(9))
    m.deal_until_played()
    view = m.observe(m.turn)
    assert MasterPlayer(random.Random(1), MasterSettings(iterations=5)).choose(view) == \
        MasterPlayer(random.Random(1), MasterSettings(iterations=5)).choose(view)
