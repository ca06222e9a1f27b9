"""Arena of the master at a given iteration budget against another level (the budget study).

Usage: PYTHONPATH=py python benchmarks/ai_master_budget.py ITERATIONS OPPONENT MATCHES SEED JOBS [VARIANT]
e.g.   PYTHONPATH=py python benchmarks/ai_master_budget.py 200 expert 100 1 2
The master level is registered as `master<ITERATIONS>` for this run only (the page never sees it).
"""

import json
import sys
from dataclasses import replace

from scopa_ai import base
from scopa_ai.arena import run_arena
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for

if __name__ == "__main__":
    iterations, opponent, matches, seed, jobs = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
    variant = sys.argv[6] if len(sys.argv) > 6 else "scopa"
    name = f"master{iterations}"
    settings = replace(MasterSettings(), iterations=int(iterations))
    base.LEVELS[name] = lambda rng: MasterPlayer(rng, settings)
    print(json.dumps(run_arena(rules_for(variant), [name, opponent], matches, seed, jobs, variant)))
