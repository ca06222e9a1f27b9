"""Searches made in steps: a generator that yields between steps and returns its result.

Its own module so that the players that search (master.py) and the application that runs them
a step at a time (settebello/ponder.py) share it without importing the level factory (base.py),
which imports every player: no import circle.
"""

from __future__ import annotations

from typing import Callable, Generator, TypeVar

T = TypeVar("T")


def run_to_end(steps: Generator[None, None, T], until: Callable[[], bool] = lambda: False) -> tuple[bool, T | None]:
    """Run a search made in steps (a generator that yields between steps and returns its result)
    until it ends or `until()` says stop after a step: (ended, its result or None)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return True, done.value
        if until():
            return False, None
