"""How hard the property tests look: a small run by default, a deep one on demand.

``scripts/test --deep`` sets SETTEBELLO_TESTS=deep; a property test then draws ``deep`` examples
(ten times its default unless it says otherwise), never fewer than it draws by default.

    @settings(max_examples=examples(40), deadline=None)
"""

from __future__ import annotations

import os

DEEP = os.environ.get("SETTEBELLO_TESTS") == "deep"


def examples(default: int, deep: int | None = None) -> int:
    """The number of examples a property test draws in this run."""
    if not DEEP:
        return default
    return max(default, deep if deep is not None else 10 * default)
