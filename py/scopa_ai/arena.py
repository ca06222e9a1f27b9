"""The arena: whole matches between levels, seats rotated, seeded, over several processes.

Levels are given per side (in pair games a side's players are all of its level). Match `i` puts
the levels on the sides rotated by `i`, and deals with `random.Random(f"{seed}:{i}")`; every
player gets its own generator derived from the same string, so a run is reproducible whatever
the number of processes (results are gathered in match order).
"""

from __future__ import annotations

import math
import random
import statistics
from typing import Any, Callable, Sequence

from scopa import loop
from scopa.rules import RuleSet
from scopa.state import Match
from .base import make_player

MAX_HANDS = 200  # a match still running after this many hands counts as unfinished


def play_match(rules: RuleSet, side_levels: Sequence[str], seed: str) -> dict[str, Any]:
    """One match; `side_levels[s]` plays side s. Points, winner, and each side's move times."""
    rng = random.Random(seed)
    match = Match.new(rules, rng)
    sides = rules.sides
    players = [make_player(side_levels[s % sides], random.Random(f"{seed}:seat{s}")) for s in range(match.n)]
    times: list[list[float]] = [[] for _ in range(sides)]
    for turn in loop.play_match(match, players, MAX_HANDS):  # checked: an illegal play fails loudly
        times[turn.seat % sides].append(turn.ms)
    return {"winner": match.winner, "totals": list(match.totals), "hands": loop.hands_dealt(match),
            "times": times}


def _job(args: tuple) -> tuple[int, dict[str, Any]]:
    rules, side_levels, seed, i = args
    return i, play_match(rules, side_levels, seed)


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    """The Wilson 95 % interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run_arena(rules: RuleSet, levels: Sequence[str], matches: int, seed: int, jobs: int = 1,
              variant: str = "", progress: Callable[[dict[str, Any]], None] | None = None,
              every: int = 10, first: int = 0) -> dict[str, Any]:
    """Play `matches` matches and summarise per level (by its entry in `levels`).

    `progress`, if given, gets the summary of the first matches played so far (in match order)
    after every `every` of them, so a long run can be read before it ends. `first` starts at that
    match of the seed's sequence, so a long run can be played in chunks (the report says `first`).
    """
    sides = rules.sides
    names = list(levels)
    if len(names) < 2 and sides > 1:
        raise ValueError("give at least two levels")
    # Distinct labels when a level meets itself (expert,expert -> expert, expert#2).
    labels = []
    for i, lv in enumerate(names):
        label = lv if names.index(lv) == i else f"{lv}#{names[:i + 1].count(lv)}"
        labels.append(label)
    k = len(labels)
    tasks = []
    if first < 0:
        raise ValueError(f"first must be 0 or more, not {first}")
    for i in range(first, first + matches):
        # Side s is played by entry (s + i) mod k: every entry plays every side equally often.
        side_entry = [(s + i) % k for s in range(sides)]
        tasks.append((rules, [names[e] for e in side_entry], f"{seed}:{i}", i))
    results: dict[int, dict[str, Any]] = {}

    def collect(done) -> None:
        prefix = reported = 0  # matches first..first+prefix-1 are all in
        for i, r in done:
            results[i] = r
            while first + prefix in results:
                prefix += 1
            if progress is not None and prefix < matches and prefix // every > reported // every:
                progress(_summary(results, first, prefix, labels, k, sides, variant, seed))
                reported = prefix

    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if hasattr(__import__("os"), "fork") else "spawn").Pool(jobs) as pool:
            collect(pool.imap_unordered(_job, tasks, chunksize=1))
    else:
        collect(_job(t) for t in tasks)
    return _summary(results, first, matches, labels, k, sides, variant, seed)


def _summary(results: dict[int, dict[str, Any]], first: int, matches: int, labels: list[str], k: int, sides: int,
             variant: str, seed: int) -> dict[str, Any]:
    """Per level: matches, wins, win rate with its interval, points per hand, ms per move.

    The points and hands behind points per hand are kept too, so chunks of one run can be summed."""
    stats = {lab: {"matches": 0, "wins": 0, "losses": 0, "points": 0, "hands": 0, "times": []} for lab in labels}
    ties = unfinished = 0
    for i in range(first, first + matches):
        r = results[i]
        side_entry = [(s + i) % k for s in range(sides)]
        if r["winner"] is None:
            unfinished += 1
        for s in range(sides):
            st = stats[labels[side_entry[s]]]
            st["matches"] += 1
            st["points"] += r["totals"][s]
            st["hands"] += r["hands"]
            st["times"].extend(r["times"][s])
            if r["winner"] == s:
                st["wins"] += 1
            elif r["winner"] is not None:
                st["losses"] += 1
    out: dict[str, Any] = {}
    for lab in labels:
        st = stats[lab]
        n = st["matches"]
        t = st["times"]
        out[lab] = {
            "matches": n,
            "wins": st["wins"],
            "win_rate": round(st["wins"] / n, 4) if n else 0.0,
            "ci95": wilson(st["wins"], n),
            "points_per_hand": round(st["points"] / st["hands"], 3) if st["hands"] else 0.0,
            "points": st["points"], "hands": st["hands"],
            "ms_per_move": {"median": round(statistics.median(t), 3) if t else 0.0,
                            "p95": round(_percentile(t, 0.95), 3), "moves": len(t)},
        }
    return {"variant": variant, "matches": matches, "seed": seed, **({"first": first} if first else {}), "levels": out,
            "ties": ties, "unfinished": unfinished}


def combine(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One report from chunks of one run (or of runs with other seeds) between the same levels.

    Wins, matches, points and hands are summed and the interval recomputed; a chunk's move times
    are gone, so the median and p95 a move are the chunks' own, weighted by their moves (said in
    the report as `ms_per_move_combined`). A report of a run stopped early counts as the matches it
    holds (always the first ones). Chunks that overlap (the same seed's match twice), or of other
    variants or levels, are refused.
    """
    if not reports:
        raise ValueError("give at least one report to combine")
    variant, labels = reports[0]["variant"], list(reports[0]["levels"])
    seen: list[tuple[int, int, int]] = []
    for r in reports:
        if r["variant"] != variant or list(r["levels"]) != labels:
            raise ValueError(f"cannot combine {r['variant']} {list(r['levels'])} with {variant} {labels}")
        lo = r.get("first", 0)
        for seed, a, b in seen:
            if seed == r["seed"] and lo < b and a < lo + r["matches"]:
                raise ValueError(f"seed {seed}: matches {lo}–{lo + r['matches'] - 1} overlap {a}–{b - 1}")
        seen.append((r["seed"], lo, lo + r["matches"]))
    out: dict[str, Any] = {}
    for lab in labels:
        parts = [r["levels"][lab] for r in reports]
        n, wins = sum(p["matches"] for p in parts), sum(p["wins"] for p in parts)
        points, hands = sum(p["points"] for p in parts), sum(p["hands"] for p in parts)
        moves = sum(p["ms_per_move"]["moves"] for p in parts)
        weighted = lambda key: round(sum(p["ms_per_move"][key] * p["ms_per_move"]["moves"] for p in parts) / moves, 3) \
            if moves else 0.0
        out[lab] = {"matches": n, "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0,
                    "ci95": wilson(wins, n), "points_per_hand": round(points / hands, 3) if hands else 0.0,
                    "points": points, "hands": hands,
                    "ms_per_move": {"median": weighted("median"), "p95": weighted("p95"), "moves": moves}}
    return {"variant": variant, "matches": sum(r["matches"] for r in reports),
            "chunks": [{"seed": s, "first": a, "matches": b - a} for s, a, b in seen], "levels": out,
            "ties": sum(r["ties"] for r in reports), "unfinished": sum(r["unfinished"] for r in reports),
            "ms_per_move_combined": "each chunk's median and p95, weighted by its moves"}
