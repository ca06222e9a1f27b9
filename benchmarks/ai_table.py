"""Print the markdown table of benchmarks/ai_results.md from the kept arena reports.

Reads benchmarks/results/*.json (local, git-ignored: the raw runs are not kept in the tree since
issue 42; each figure of ai_results.md names the command that remakes its run there), each one `python -m settebello arena` / `benchmarks/ai_run.py` report. A report still being written
by ai_run.py (`"partial": true`) shows how many of its planned matches are in.
"""

from __future__ import annotations

import json
import pathlib

HERE = pathlib.Path(__file__).parent
FOLDERS = (HERE / "results",)


def row(path: pathlib.Path) -> str:
    """One table row for one report."""
    text = path.read_text().strip()
    if not text:
        return f"| {path.stem} | (still running) |||||||||"
    r = json.loads(text)
    (a, sa), (b, sb) = list(r["levels"].items())[:2]
    ms = lambda s: f"{s['ms_per_move']['median']:.2f} / {s['ms_per_move']['p95']:.2f}"
    if "master_iterations" in r:  # ai_run.py notes the master's budget and whether its clock stopped it
        cap = "no time cap" if r.get("master_cap") is None else f"time cap {r['master_cap']:g} ms"
        budget = f" ({r['master_iterations']} iterations, {cap})"
        a = a + budget if a == "master" else a
        b = b + budget if b == "master" else b
    matches = str(r["matches"])
    if r.get("partial"):  # still running, or stopped early (scratch runs kept no plan)
        matches += f" of {r['planned_matches']} (running)" if "planned_matches" in r else " (partial)"
    return (f"| {r['variant'] or path.stem.split('_')[0]} | {a} vs {b} | {matches} | **{sa['win_rate']:.1%}** | "
            f"[{sa['ci95'][0]:.1%}, {sa['ci95'][1]:.1%}] | {sb['win_rate']:.1%} | {r['unfinished']} | "
            f"{sa['points_per_hand']} | {sb['points_per_hand']} | {ms(sa)} | {ms(sb)} |")


def main() -> None:
    print("| variant | level A vs level B | matches | A win rate | A ci95 | B win rate | unfinished "
          "| A pts/hand | B pts/hand | A ms/move median / p95 | B ms/move median / p95 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for folder in FOLDERS:
        for path in sorted(folder.glob("*.json")):
            print(row(path))


if __name__ == "__main__":
    main()
