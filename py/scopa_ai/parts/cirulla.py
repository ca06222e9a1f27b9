"""What the computer players know of Cirulla (RULES R21–R27): its plays are the engine's.

Every level chooses among the engine's legal plays (`view.legal`), so the 15-captures (R22), the
Asso pigliatutto (R23) and the declared plays with the matta (R25, R26) come from the engine; the
grande's worth comes from the mechanic's scored sets (heuristics.Knowledge), the declarations'
choice from declare.py. The master searches through the engine (engine_search.py), whose plays
know the Asso, not through the fast rollouts, which do not; the light search (pimc.py) leaves the
game to the expert.
"""

from __future__ import annotations

from ..part import Part


class CirullaPart(Part):
    """R23: the Asso that takes all is the engine's play; the master reads it through the engine."""

    mechanic = "cirulla"
    through_engine = True


CIRULLA_PART = CirullaPart()
PART = CIRULLA_PART  # found by the package (`scopa_ai.parts`), not listed by hand
