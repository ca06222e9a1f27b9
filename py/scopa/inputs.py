"""Inputs bounded and typed before they are read: JSON text, JSON-like values, names in messages.

Everything that comes from a file, the page or the command line passes here before the engine
reads it, so a crafted input is refused with the engine's own error (a `ScopaError`) instead of
reaching Python's limits: `json.loads` recurses once per nested array or object (200,000 `[`
exhaust the stack; in the browser's Pyodide that kills the interpreter), `int()` refuses more
than 4,300 digits with a ValueError, `repr` of a deeply nested list recurses too.

    value = read_json(text, "the record", RecordError, max_chars=RECORD_CHARS)
    check_value(value, "the request", SessionError)      # a value already parsed (by the page)
    f"{brief(x)} is not a card"                          # a bounded, non-recursive name of any value
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from .errors import ScopaError

MAX_DEPTH = 20  # nested arrays/objects: a save is 6 deep, a record 4; Python's json recurses per level
MAX_NODES = 500_000  # values in one request (a long record is some 20,000)
MAX_STRING = 1_000_000  # characters of one string in a request
MAX_INT = 2**64  # a whole number's magnitude (the page's numbers are exact below 2**53)
RECORD_CHARS = 4_000_000  # characters of a record file (a 1,000-point match is some 300,000)

# A JSON string (escapes unrolled) and runs of anything but brackets. The closing quote is optional
# so that the match never fails once begun: an unterminated string (4 MB of `\"`) is one match to
# the end of the text, not a failed try from every quote in it (which made the count quadratic).
# JSON itself stops at such a string, so no bracket after it is ever parsed.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__


def brief(value: Any, limit: int = 32) -> str:
    """A short name of any value for an error message: never long, never recursive (a huge int's
    repr raises, a nested list's recurses)."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if abs(value) < 10**18 else f"a number of some {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return repr(value)
    kind = {dict: "an object", list: "a list", tuple: "a tuple"}.get(type(value))
    return kind or f"a {type(value).__name__}"


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON text, counted without parsing it, in time linear
    in its length (brackets inside strings, or after a string left open, do not count; in malformed
    text a stray one may count, which only refuses)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP, brackets)), default=0)


def read_json(text: Any, what: str, error: type[ScopaError] = ScopaError, *, max_chars: int = RECORD_CHARS,
              max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text of at most `max_chars` characters and `max_depth` levels, every value then
    checked by `check_value`; `error` (an engine error class) says what is wrong with `what`."""
    if not isinstance(text, str):
        raise error(f"{what} must be JSON text, not {brief(text)}", reason="input.type")
    if len(text) > max_chars:
        raise error(f"{what} is too long: {len(text):,} characters, at most {max_chars:,}",
                    reason="input.size", max=max_chars)
    if json_depth(text) > max_depth:
        raise error(f"{what} nests arrays or objects more than {max_depth} deep", reason="input.depth",
                    max=max_depth)
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:  # JSONDecodeError is a ValueError, so is a 5,000-digit number
        raise error(f"{what} is not valid JSON: {str(err)[:120]}", reason="input.json") from None
    check_value(value, what, error, max_depth=max_depth)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def check_value(value: Any, what: str, error: type[ScopaError] = ScopaError, *, max_depth: int = MAX_DEPTH,
                max_nodes: int = MAX_NODES) -> None:
    """Raise `error` unless `value` is JSON-like (objects with text keys, lists, text, whole or
    finite numbers, true/false/null) within the depth, size and magnitude bounds. Iterative, so
    any depth is refused without recursing."""
    stack = [(value, 1)]
    nodes = 0
    while stack:
        v, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise error(f"{what} holds more than {max_nodes:,} values", reason="input.size", max=max_nodes)
        t = type(v)
        if t is dict or t is list:
            if depth > max_depth:
                raise error(f"{what} nests arrays or objects more than {max_depth} deep", reason="input.depth",
                            max=max_depth)
            if t is dict:
                for k, item in v.items():
                    if type(k) is not str or len(k) > MAX_STRING:
                        raise error(f"{what} has a key that is not short text ({brief(k)})", reason="input.type")
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in v)
        elif t is str:
            if len(v) > MAX_STRING:
                raise error(f"{what} holds a text of {len(v):,} characters, at most {MAX_STRING:,}",
                            reason="input.size", max=MAX_STRING)
        elif t is int:
            if not -MAX_INT <= v <= MAX_INT:
                raise error(f"{what} holds a number too large ({brief(v)})", reason="input.number")
        elif t is float:
            if not math.isfinite(v):
                raise error(f"{what} holds a number that is not finite ({v!r})", reason="input.number")
        elif not (t is bool or v is None):
            raise error(f"{what} holds {brief(v)}, not a JSON value", reason="input.type")


def ascii_text(text: Any, max_chars: int) -> str | None:
    """`text` stripped of spaces and tabs (only those) when it is ASCII text of at most `max_chars`
    characters, else None: notation is never read from other characters (RULES §6: a record is
    never silently fixed, so `'1ſ'` is no `1S` and a stray control character is no blank)."""
    if not isinstance(text, str) or len(text) > max_chars or not text.isascii():
        return None
    return text.strip(" \t")
