"""What the computer players know of each special mechanic: one part per mechanic (issue 42).

The engine plays a rule set's mechanics through their modules (scopa/mechanics/); the rule-based
levels (levels.py) likewise score a play through the parts of the mechanics the rule set plays,
each part living beside the rest of that mechanic's play (steals.py, cascina.py, fidasse.py).
A part's hooks default to doing nothing; levels.py calls those of the active mechanics, in the
engine's order, at fixed points of its scoring.
"""

from __future__ import annotations

from functools import lru_cache

from scopa.mechanics import active
from scopa.rules import RuleSet
from .cascina import CASCINA_PART
from .cirulla import CIRULLA_PART
from .fidasse import FIDASSE_PART
from .part import Part
from .steals import STEAL_PART

PARTS: dict[str, Part] = {p.mechanic: p for p in (STEAL_PART, CASCINA_PART, FIDASSE_PART, CIRULLA_PART)}


@lru_cache(maxsize=128)
def parts(rules: RuleSet) -> tuple[Part, ...]:
    """The parts of the mechanics `rules` play, in the engine's order."""
    return tuple(PARTS[m.name] for m in active(rules) if m.name in PARTS)
