"""The bridge: the only Python that talks to the page.

It runs in the PyScript worker named ``engine`` (see index.html); the page calls the
functions listed in ``__export__`` through ``static/js/engine.js``::

    const engine = await connectEngine();
    const info = await engine.call("ping");            // -> {"python": "3.14.2", ...}

Contract of every exported function (so that only JSON-able data crosses):

- it takes one argument, a JSON string (the payload; ``"null"`` when the page passes none),
- it returns a JSON string: ``{"ok": true, "result": <value>}`` or, when it raised,
  ``{"ok": false, "error": {"type": "KeyError", "message": "...", "traceback": "..."}}`` (a bug:
  a refusal is a result, ``{"error": "...", "reason"?: ..., "params"?: ...}``);
  engine.js turns the latter into a rejected promise with an ``EngineError`` (nothing is
  printed: the caller decides whether an error is worth logging),
- a payload that cannot be read (not JSON, longer than ``MAX_REQUEST_CHARS``, nested deeper than
  ``MAX_REQUEST_DEPTH``) is refused before the function runs: ``{"ok": true, "result": {"error":
  "...", "reason": "input.json" | "input.size" | "input.depth" | ...}}``; it is never parsed
  unbounded (Python's json recurses per level, and a stack overflow kills Pyodide).

To add a function, write a plain Python function of one JSON-able value and decorate it::

    @exported
    def variant_names(payload):
        return [p.name for p in PRESETS.values()]

``exported`` parses the payload, serialises the return value, catches exceptions and adds
the name to ``__export__``; the page then calls ``engine.call("variant_names")``.
Decorate module-level functions only: PyScript looks each name in ``__export__`` up in
this module's globals once the module has run.

Rules for code here: no ``window``/``document``/``pyscript`` imports (the worker has no
DOM access without COOP/COEP headers, which GitHub Pages cannot send); keep state in
module globals (the worker lives as long as the page); calls run one at a time.
"""

import functools
import json
import os
import sys
import time
import traceback

__export__ = []


def exported(fn):
    """Expose fn to the page: JSON string in, JSON envelope string out (see module doc)."""

    @functools.wraps(fn)
    def wrapper(payload_json="null"):
        try:
            payload, bad = _read_payload(payload_json)
            if bad is not None:  # a request that cannot be read is refused, never parsed unbounded
                return json.dumps({"ok": True, "result": bad}, separators=(",", ":"))
            result = fn(payload)
            return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
        except Exception as err:  # noqa: BLE001 - every error goes back to the page
            error = {
                "type": type(err).__name__,
                "message": str(err),
                "traceback": traceback.format_exc(),
            }
            return json.dumps({"ok": False, "error": error}, separators=(",", ":"))

    if fn.__name__ in __export__:
        raise ValueError(f"{fn.__name__} is already exported")
    __export__.append(fn.__name__)
    return wrapper


MAX_REQUEST_CHARS = 8_000_000  # a request's JSON text (a record file is at most 4,000,000 characters)
MAX_REQUEST_DEPTH = 20  # nested arrays/objects: Python's json recurses once per level, and in
# Pyodide 100,000 levels overflow the stack and kill the interpreter ("Pyodide already fatally failed")


def _read_payload(payload_json):
    """(payload, None), or (None, refusal) for text too long, too deep or not JSON: the page shows
    a refusal ({"error", "reason", "params"}) and the worker keeps running."""
    if payload_json in (None, ""):
        return None, None
    if not isinstance(payload_json, str):
        return None, {"error": "the request must be JSON text", "reason": "input.type", "params": {}}
    if len(payload_json) > MAX_REQUEST_CHARS:
        return None, {"error": f"the request is too long: {len(payload_json):,} characters, at most "
                      f"{MAX_REQUEST_CHARS:,}", "reason": "input.size", "params": {"max": MAX_REQUEST_CHARS}}
    try:
        from scopa.errors import ScopaError
        from scopa.inputs import read_json
    except Exception:  # noqa: BLE001 - without the engine (ping reports why), the bounded check below
        ScopaError, read_json = None, None
    if read_json is None:
        if payload_json.count("[") + payload_json.count("{") > MAX_REQUEST_DEPTH:
            return None, {"error": "the engine is not loaded", "reason": "input.engine", "params": {}}
        return json.loads(payload_json), None
    try:
        return read_json(payload_json, "the request", max_chars=MAX_REQUEST_CHARS, max_depth=MAX_REQUEST_DEPTH), None
    except ScopaError as err:
        return None, {"error": str(err), "reason": err.reason, "params": dict(err.params)}


def _import_engine():
    """Import the engine package; report (ok, detail) instead of killing the worker."""
    try:
        import scopa  # noqa: F401 - unpacked from static/vendor/py.zip (pyscript.toml)
    except Exception as err:  # noqa: BLE001
        return False, f"{type(err).__name__}: {err}"
    return True, getattr(scopa, "__version__", None)


_t0 = time.perf_counter()
_SCOPA_OK, _SCOPA_DETAIL = _import_engine()
_IMPORT_MS = round((time.perf_counter() - _t0) * 1000, 1)


def _late_stdlib() -> list[str]:
    """Standard library modules imported from files since a snapshot restore, i.e. missing from
    scripts/build.py's SNAPSHOT_MODULES (each costs a read and a compile at every visit)."""
    marker = sys.modules.get("_settebello_snapshot")
    if marker is None:
        return []
    lib = os.path.dirname(os.__file__) + os.sep
    return sorted(name for name, module in list(sys.modules.items())
                  if name not in marker.loaded and (getattr(module, "__file__", None) or "").startswith(lib))


@exported
def ping(payload):
    """Health check: Python version, ``import scopa`` result, whether Python booted from the
    memory snapshot (and which standard library modules it imported since), exported names,
    the payload.

    ``{"fail": "message"}`` as payload raises ValueError(message): a way to test the
    error path end to end.
    """
    if isinstance(payload, dict) and "fail" in payload:
        raise ValueError(payload["fail"])
    return {
        "pong": True,
        "python": ".".join(map(str, sys.version_info[:3])),
        "platform": sys.platform,
        "scopa": {"imported": _SCOPA_OK, "detail": _SCOPA_DETAIL, "import_ms": _IMPORT_MS},
        # Python's memory was restored from static/vendor/pyodide/snapshot.bin.gz (scripts/
        # snapshot.mjs leaves this module in it) rather than started afresh
        "snapshot": "_settebello_snapshot" in sys.modules,
        "late_stdlib": _late_stdlib(),
        "exports": list(__export__),
        "echo": payload,
    }


# -- the game (py/settebello/session.py): one session per page ----------------------------------------
_session = None


@exported
def game(payload):
    """Forward {"op": name, "arg": value} to the page's Session (`Session.call`).

    A request the session refuses comes back as the result {"error": "..."}; any other exception
    is a bug and comes back as ``ok: false`` with its traceback (see `exported`). The ops and their
    arguments are listed in `Session.OPS` (py/settebello/session.py).
    """
    global _session
    if _session is None:
        from settebello.session import Session
        _session = Session()
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        return {"error": "a game request is {op, arg}"}
    try:
        return _session.call(payload.get("op", "view"), payload.get("arg"))
    finally:
        _think_later()


# -- thinking on the person's time (py/settebello/ponder.py) ------------------------------------
# The session searches the computer's replies to the person's possible plays in slices of about
# this many milliseconds; between two slices the worker goes back to its event loop, so a request
# from the page waits at most one slice (a deal of the master's search, a few ms).
PONDER_SLICE_MS = 8.0
_thinking = None


def _think_later():
    """After each request: think on the person's time in the background, if not already."""
    global _thinking
    if sys.platform != "emscripten":
        return  # CPython's tests of the bridge: no page, no event loop between requests
    if _session is None or (_thinking is not None and not _thinking.done()):
        return
    import asyncio
    _thinking = asyncio.get_event_loop().create_task(_think())


async def _think():
    """Slices of `Session.ponder_step` until nothing is left to search; each `sleep(0)` hands the
    worker back to the page's requests, which are served before the next slice."""
    import asyncio
    await asyncio.sleep(0)  # the request's answer goes out first
    while _session is not None and _session.ponder_step(PONDER_SLICE_MS):
        await asyncio.sleep(0)


@exported
def replay(payload):
    """Every position of a game record (RULES §6), all cards shown, for static/replay.html.

    payload: the record (object or JSON text). An illegal record is refused with {"error": ...}
    naming the hand and play (engine.js rejects with an EngineRefusal); see py/scopa/replay.py.
    """
    from scopa.errors import ScopaError
    from scopa.replay import replay_steps
    from settebello.errors import refusal
    if not isinstance(payload, (dict, str)):
        return {"error": "a record is a JSON object", "reason": "record.type", "params": {}}
    try:
        return replay_steps(payload)
    except ScopaError as err:  # an illegal record is refused like a session request, not a bug
        return refusal(err)


# -- people on other devices (py/settebello/people.py, static/js/people.js) ----------------------
_people = None


@exported
def people(payload):
    """Forward {"op": name, "arg": value} to `PeopleCalls` beside the page's Session: the host's
    table with remote seats, or this page's seat at another's table (issue 41)."""
    global _session, _people
    if _session is None:
        from settebello.session import Session
        _session = Session()
    if _people is None:
        from settebello.people import PeopleCalls
        _people = PeopleCalls(_session)
    if not isinstance(payload, dict):
        return {"error": "a people request is {op, arg}"}
    try:
        return _people.call(payload.get("op"), payload.get("arg"))
    finally:
        _think_later()
