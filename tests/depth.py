"""How hard the property tests and sweeps look: a small run by default, a deep one on demand.

``scripts/test --deep`` sets SETTEBELLO_TESTS=deep; a property test then draws ``deep`` examples
(ten times its default unless it says otherwise), never fewer than it draws by default, and a
sweep over two lists (`spread`) plays every pair.

    @settings(max_examples=examples(40), deadline=None)
"""

from __future__ import annotations

import os
from typing import Any, Sequence

DEEP = os.environ.get("SETTEBELLO_TESTS") == "deep"


def examples(default: int, deep: int | None = None) -> int:
    """The number of examples a property test draws in this run."""
    if not DEEP:
        return default
    return max(default, deep if deep is not None else 10 * default)


def spread(firsts: Sequence[Any], seconds: Sequence[Any]) -> list[tuple[Any, Any]]:
    """Pairs to parametrise a sweep over two lists (levels × variants, say): every pair in the deep
    run; by default each of `firsts` and each of `seconds` once or more, the shorter list taken in
    turn (max(len) pairs), so the default run still meets every level and every variant."""
    if DEEP:
        return [(a, b) for a in firsts for b in seconds]
    n = max(len(firsts), len(seconds))
    return [(firsts[i % len(firsts)], seconds[i % len(seconds)]) for i in range(n)]
