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

from .base import SCOPA, TRADIZIONALE, Counting, Exclusion, Mechanic, Taken

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
    """The words of the game `rules` play for what the core names otherwise ({napola: piccola}); the
    primiera's point given to the most sevens (O7) is named {primiera: sevens}."""
    core = {"primiera": "sevens"} if rules.primiera == "sevens" else {}
    return {**core, **{k: w for m in active(rules) for k, w in m.words.items()}}


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


@lru_cache(maxsize=128)
def counting(rules: Any) -> Counting | None:
    """How `rules` count a capture's sums when an active mechanic counts them its own way (SB5),
    else None (the core's sums): the first in ORDER that does."""
    return next((c for m in active(rules) if (c := m.counting(rules)) is not None), None)


@lru_cache(maxsize=128)
def judges(rules: Any) -> tuple[Mechanic, ...]:
    """The active mechanics whose counting tells a traditional scopa apart from a scopa (SB6), in
    ORDER: `judge_sweep` asks them of a plain sweep."""
    return tuple(m for m in active(rules) if m.traditional_points(rules) is not None)


@lru_cache(maxsize=128)
def sweep_judges(rules: Any) -> tuple[tuple[Mechanic, ...], tuple[Mechanic, ...]]:
    """(`sweepers`, `judges`) of `rules` at one look-up: what `captures.scopa_kind` asks of every
    sweep, the rollouts' too."""
    return sweepers(rules), judges(rules)


def traditional_points(rules: Any) -> int | None:
    """What a traditional scopa scores under `rules` (SB6), or None where none is told apart (a
    category of the hand's score only then)."""
    found = judges(rules)
    return found[0].traditional_points(rules) if found else None


def judge_sweep(rules: Any, value: int, taken: Any, among: tuple[Mechanic, ...] | None = None) -> str | None:
    """What a plain sweep (no mechanic's own) of the face values `taken` by a card of face value
    `value` is: `SCOPA` unless a mechanic's counting makes it a traditional one or none (SB6).
    `among`: the rules' `judges`, when the caller holds them (the rollouts: no lookup a call)."""
    for mech in judges(rules) if among is None else among:
        kind = mech.judge_sweep(rules, value, taken)
        if kind != SCOPA:
            return kind
    return SCOPA


__all__ = ["ORDER", "ASKED", "CHECKED", "OWNER", "SCOPA", "TRADIZIONALE", "Counting", "Exclusion", "Mechanic", "Taken",
           "active", "counting", "incompatible", "judge_sweep", "judges", "option_specs", "special_sweeps", "sweep_judges", "sweepers",
           "traditional_points", "words"]
