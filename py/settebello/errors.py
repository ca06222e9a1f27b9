"""The session's refusal and its smallest check, below every part of the session so none imports
another for them."""

from __future__ import annotations

from typing import Any


class SessionError(Exception):
    """A request the session refuses, with the reason for the player."""


def is_whole(value: Any) -> bool:
    """Whether a value from the page is a whole number (JSON's true/false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
