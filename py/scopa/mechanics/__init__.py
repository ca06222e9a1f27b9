"""The special mechanics of the variants, one module each, and the order the engine calls them in.

A variant is a RuleSet value; the ones with a rule of their own name a mechanic by an option
(each mechanic's `option`). Each mechanic (`base.Mechanic`) declares its option, what it
excludes, its play kinds and notation mark, the state it keeps and its hooks; `Match` calls the
hooks of the active ones in `ORDER`. The mechanics are found, not listed: each module of this
package (but `base`) declares its own as `MECHANIC`, and its `order` places it. Which mechanics
combine is read from their `excludes` (`incompatible`), an option or a trait another declares
(`Mechanic.traits`), not from a matrix.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from .base import Exclusion, Mechanic, Taken

_NOT_MECHANICS = frozenset({"base"})  # the modules of this package that hold no mechanic


def _discover() -> tuple[Mechanic, ...]:
    """Every mechanic of this package, found rather than listed: each module but `base` declares its
    own as `MECHANIC` (pkgutil reads the package's folder, in CPython and in Pyodide alike), sorted
    by the `order` each declares; ImportError naming the module when one declares none or two
    share a number (the order of the hooks must not hang on the order files are listed in)."""
    found: list[Mechanic] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name in _NOT_MECHANICS or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        mech = getattr(module, "MECHANIC", None)
        if not isinstance(mech, Mechanic):
            raise ImportError(f"{module.__name__} declares no MECHANIC (a scopa.mechanics.base.Mechanic)")
        found.append(mech)
    for key in ("order", "check_order"):
        numbers = [getattr(m, key) for m in found]
        if len(set(numbers)) != len(numbers):
            raise ImportError(f"two mechanics share the {key} number: {sorted(numbers)}")
    return tuple(sorted(found, key=lambda m: m.order))


# The fixed order of the hooks, by each mechanic's `order` (each says why it stands where it does).
ORDER: tuple[Mechanic, ...] = _discover()
# A play's text and why it is illegal are asked the other way round: a claim waiting for its
# answer holds up every other play (SB61).
ASKED: tuple[Mechanic, ...] = tuple(reversed(ORDER))
# The order of the compatibility checks, by each mechanic's `check_order`: the first exclusion
# broken is the one reported.
CHECKED: tuple[Mechanic, ...] = tuple(sorted(ORDER, key=lambda m: m.check_order))
# Each mechanic's play kind, to the mechanic that owns it.
OWNER: dict[type, Mechanic] = {kind: mech for mech in ORDER for kind in mech.play_kinds}


@lru_cache(maxsize=128)
def active(rules: Any) -> tuple[Mechanic, ...]:
    """The mechanics `rules` play, in ORDER (asked for every hand scored and view made: kept)."""
    return tuple(m for m in ORDER if m.active(rules))


def option_specs() -> dict[str, Any]:
    """Every mechanic's own options (`Mechanic.specs`: option → OptionSpec), in ORDER, which is the
    order of their RuleSet fields: what the rules read beside the core's options."""
    return {key: spec for m in ORDER for key, spec in m.specs().items()}


def words(rules: Any) -> dict[str, str]:
    """The words of the game `rules` play for what the core names otherwise ({napola: piccola})."""
    return {k: w for m in active(rules) for k, w in m.words.items()}


def incompatible(rules: Any) -> tuple[str, str] | None:
    """(message, reason) of the first mechanic's exclusion `rules` break, or None."""
    for mech in CHECKED:
        broken = mech.check(rules, ORDER)
        if broken is not None:
            return broken
    return None


@lru_cache(maxsize=128)
def sweepers(rules: Any) -> tuple[Mechanic, ...]:
    """The active mechanics with sweeps of their own, in the order their `sweep_kind` is asked
    (ASKED: a later mechanic's kind first, SB41's maresciallone before SB42's gemelle)."""
    return tuple(m for m in ASKED if m.active(rules) and m.sweeps(rules))


@lru_cache(maxsize=128)
def special_sweeps(rules: Any) -> dict[str, int]:
    """Every sweep worth other points than a scopa's that `rules` can make (SB41, SB42): kind →
    points, in ORDER (the order of their categories in a hand's score). Shared: not to be changed."""
    return {kind: points for m in active(rules) for kind, points in m.sweeps(rules).items()}


__all__ = ["ORDER", "ASKED", "CHECKED", "OWNER", "Exclusion", "Mechanic", "Taken", "active", "incompatible", "option_specs",
           "special_sweeps", "sweepers", "words"]
