#!/bin/sh
# The arena runs behind benchmarks/ai_results.md (CPython, from the repository's root), one at a
# time on one core (the machine is shared). Each writes one JSON report into benchmarks/results/
# (kept in git) while it plays (benchmarks/ai_run.py: the same report as
# `python -m settebello arena ... --jobs 1`, saved every 10 matches); `python benchmarks/ai_table.py`
# tabulates them. --jobs does not change an arena's results (only its timings).
set -e
cd "$(dirname "$0")/.."
mkdir -p benchmarks/results
# The master plays its iteration budget (the same on any machine); `nocap` drops even its safety
# valve (MasterSettings.max_ms, 10 s), as the kept runs were made (the browser's timings are
# measured apart, last lines below).
run() { variant=$1; levels=$2; matches=$3
  nice -n 15 env PYTHONPATH=py python benchmarks/ai_run.py "$variant" "$levels" "$matches" 1 \
    "benchmarks/results/${variant}_$(echo "$levels" | tr , _).json" 5 nocap; }
# What proves issue 4's targets, most important first.
run scopa master,expert 500
run scopa master,beginner 300
run scopone master,expert 500  # slow (two masters, 9-card hands): stopped early, its JSON says how far
# The rule-based levels (unchanged since the first results table).
run scopa expert,easy 500
run scopa easy,beginner 500
run scopa expert,beginner 500
run scopone expert,easy 500
for v in escoba scopa-d-assi non-prendere scopa-a-quindici; do run "$v" expert,easy 200; done
# Phase 2 of RULES §4 (issue 23): the rule-based levels first; the master's runs follow.
for v in sottratta modulo-sette inversa bazzica tuzzulicchio cocchiaundici rubamazzo rubamazzo-a-somme cascina fidasse maresciallo maresciallo-80 cicera; do run "$v" expert,beginner 200; done
for v in sottratta rubamazzo bazzica modulo-sette inversa tuzzulicchio cocchiaundici rubamazzo-a-somme cascina fidasse maresciallo maresciallo-80 cicera; do run "$v" master,expert 200; done
# Issue 26: the master against the PIMC levels (py/scopa_ai/pimc.py), two-player Scopa, seats
# alternated; nice 19 beside other work, saved every 5 matches (whatever finished counts).
# A run of seed 26 is played in chunks (FIRST = its first match), one process a core, each chunk
# its own report in benchmarks/results/chunks/; ai_combine.py sums them into the run's report. A
# chunk stopped early holds its first matches: the next chunk starts where it stopped.
chunk26() { variant=$1; levels=$2; first=$3; count=$4
  nice -n 19 env PYTHONPATH=py python benchmarks/ai_run.py "$variant" "$levels" "$count" 26 \
    "benchmarks/results/chunks/${variant}_$(echo "$levels" | tr , _)_from${first}.json" 5 nocap 1 "$first"; }
combine26() { variant=$1; levels=$2; name="${variant}_$(echo "$levels" | tr , _)"
  PYTHONPATH=py python benchmarks/ai_combine.py "benchmarks/results/$name.json" benchmarks/results/chunks/"$name"_from*.json; }
# scopa master,pimc was played as five chunks over three sessions (0-219, 220-514, 610-894, then
# 515-609 and 895-999, the last two as below); the Scopone run as two chunks. Every match
# has its own seed: any split of a run into chunks plays the same matches.
chunk26 scopa master,pimc 515 95 & chunk26 scopa master,pimc 895 105; wait; combine26 scopa master,pimc
# scopa master,pimc2 was played as four chunks over two sessions: from 0 and from 500 (stopped with
# 315 and 210 played), then the rest as below.
chunk26 scopa master,pimc2 315 185 & chunk26 scopa master,pimc2 710 290; wait; combine26 scopa master,pimc2
# How the master reads each opponent's kind of player (styles.py), by hand of the match:
for l in expert beginner pimc pimc2; do PYTHONPATH=py python benchmarks/ai_kinds.py $l 10; done
chunk26 scopone master,pimc 0 150 & chunk26 scopone master,pimc 150 150; wait; combine26 scopone master,pimc
python benchmarks/ai_table.py
# Master's speed: CPython, Pyodide under Node (proxy), and the real page's worker in Chromium.
PYTHONPATH=py python benchmarks/ai_speed.py scopa 2 expert,master
node benchmarks/ai_speed_pyodide.mjs scopa 2 expert,master
python3 scripts/build.py && .venv/bin/python benchmarks/ai_speed_browser.py scopa 2 master expert
# Issue 26: the master's reply after the person's play in the page, thinking on the person's time on and off.
(cd benchmarks && ../.venv/bin/python ponder_speed_browser.py scopa 30 3000 master 1)
