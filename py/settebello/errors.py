"""The session's refusal and its smallest check, below every part of the session so none imports
another for them."""

from __future__ import annotations

from typing import Any

from scopa.errors import ScopaError


class SessionError(ScopaError):
    """A request the session refuses, with the reason for the player; like the engine's errors it
    may name what is wrong (`reason`, with `params`) for the page to word in its language."""


def refusal(err: ScopaError) -> dict[str, Any]:
    """A refused request's answer: {"error": message}, with "reason" and "params" when it has them."""
    answer: dict[str, Any] = {"error": str(err) or type(err).__name__}
    if err.reason:
        answer["reason"] = err.reason
        answer["params"] = dict(err.params)
    return answer


def is_whole(value: Any) -> bool:
    """Whether a value from the page is a whole number (JSON's true/false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
