"""What the computer players know of each special mechanic: one part per mechanic (issue 42).

The engine plays a rule set's mechanics through their modules (scopa/mechanics/); the rule-based
levels (levels.py) likewise score a play through the parts of the mechanics the rule set plays,
each part one module of this package beside the rest of that mechanic's play. The parts are found,
not listed: each module of this package declares its own as `PART` (a `part.Part` naming its
engine mechanic). A part's hooks default to doing nothing; levels.py calls those of the active
mechanics, in the engine's order (`scopa.mechanics.ORDER`), at fixed points of its scoring.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any, Sequence

from scopa.cards import Card
from scopa.mechanics import OWNER, ORDER, active
from scopa.rules import RuleSet
from scopa.state import Play, PlayerView
from ..heuristics import knowledge
from ..part import Part


def _discover() -> dict[str, Part]:
    """Mechanic name → its part, found in this package's modules (pkgutil, in CPython and in
    Pyodide alike), in the engine's order; ImportError naming the module when one declares no
    `PART`, names no engine mechanic, or a mechanic has two parts."""
    found: dict[str, Part] = {}
    names = {m.name for m in ORDER}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        part = getattr(module, "PART", None)
        if not isinstance(part, Part):
            raise ImportError(f"{module.__name__} declares no PART (a scopa_ai.part.Part)")
        if part.mechanic not in names or part.mechanic in found:
            raise ImportError(f"{module.__name__}'s PART names {part.mechanic!r}: no engine mechanic, or one "
                              "that has a part already")
        found[part.mechanic] = part
    return {m.name: found[m.name] for m in ORDER if m.name in found}


PARTS: dict[str, Part] = _discover()


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
