"""What the computer players know of each special mechanic: one part per mechanic (issue 42).

The engine plays a rule set's mechanics through their modules (scopa/mechanics/); the rule-based
levels (levels.py) likewise score a play through the parts of the mechanics the rule set plays,
each part living beside the rest of that mechanic's play (steals.py, cascina.py, fidasse.py).
A part's hooks default to doing nothing; levels.py calls those of the active mechanics, in the
engine's order, at fixed points of its scoring.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from scopa.cards import Card
from scopa.mechanics import OWNER, active
from scopa.rules import RuleSet
from scopa.state import Play, PlayerView
from .cascina import CASCINA_PART
from .cirulla import CIRULLA_PART
from .declare import ACCUSE_PART
from .fidasse import FIDASSE_PART
from .heuristics import knowledge
from .part import Part
from .steals import STEAL_PART

PARTS: dict[str, Part] = {p.mechanic: p for p in (ACCUSE_PART, STEAL_PART, CASCINA_PART, FIDASSE_PART, CIRULLA_PART)}


@lru_cache(maxsize=128)
def parts(rules: RuleSet) -> tuple[Part, ...]:
    """The parts of the mechanics `rules` play, in the engine's order."""
    return tuple(PARTS[m.name] for m in active(rules) if m.name in PARTS)


def asked(rules: RuleSet, hook: str, *args: Any) -> Any:
    """The first answer but None of the hook `hook` of the parts `rules` play, else None."""
    for part in parts(rules):
        got = getattr(part, hook)(*args)
        if got is not None:
            return got
    return None


@lru_cache(maxsize=512)
def overriding(rules: RuleSet, hook: str) -> tuple[Part, ...]:
    """The parts `rules` play whose hook `hook` is their own (not the base's do-nothing)."""
    return tuple(p for p in parts(rules) if getattr(type(p), hook) is not getattr(Part, hook))


@lru_cache(maxsize=64)
def owner(kind: type) -> Part | None:
    """The part of the mechanic whose play kind is `kind`, or None (the core's Play, or no part)."""
    mech = OWNER.get(kind)
    return PARTS.get(mech.name) if mech is not None else None


def on_table(view: PlayerView) -> int:
    """How many cards lie on the table of `view`, loose or a mechanic's own (builds, SB30): a
    capture of them all is a sweep."""
    got = asked(view.rules, "on_table", view)
    return len(view.table) if got is None else got


def reads_plays(rules: RuleSet) -> bool:
    """Whether the levels may read the other seats' hands from their plays (`Part.reads_plays`)."""
    return all(part.reads_plays for part in parts(rules))


def legal_for(view: PlayerView, cards: Sequence[Card]) -> list[Play]:
    """The legal plays of a hand of `cards` for the seat of `view` on its table (and a mechanic's
    own, SB20's steals), in the engine's order."""
    own = asked(view.rules, "legal", view, cards)
    return own if own is not None else knowledge(view.rules).plays(view.table, cards)
