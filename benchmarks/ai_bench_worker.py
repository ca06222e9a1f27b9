"""The worker of benchmarks/ai_bench.html: the computer players timed in the vendored Pyodide.

Runs in a PyScript worker booted as the game's is (pyscript.toml: the same Pyodide, snapshot and
py.zip), but it is no part of the site: the page's bridge (static/bridge.py) exports nothing for
benchmarks (issue 42). It answers `ping` and `ai_bench` with the bridge's envelope, JSON text in,
`{"ok": true, "result": ...}` out, so static/js/engine.js's `connectEngine` can call it.
"""

import json
import random
import sys
import traceback

__export__ = ["ping", "ai_bench"]

_bench = None


def _envelope(fn, payload_json):
    try:
        return json.dumps({"ok": True, "result": fn(json.loads(payload_json or "null"))})
    except Exception as err:  # noqa: BLE001 - every error goes back to the page
        return json.dumps({"ok": False, "error": {"type": type(err).__name__, "message": str(err),
                                                  "traceback": traceback.format_exc()}})


def ping(payload_json="null"):
    """The Python version and the names this worker exports."""
    return _envelope(lambda _: {"pong": True, "python": ".".join(map(str, sys.version_info[:3])),
                                "exports": list(__export__)}, payload_json)


def _ai_bench(payload):
    """A computer-only match, to time the levels in the worker.

    {"op": "start", "variant": id, "levels": [...], "seed": int} deals a match, seat s played by
    levels[s % len(levels)] (so [a, b] gives a and b one side each, as in the arena);
    {"op": "step"} makes the next play and returns {"seat", "level", "ms", "phase"}, `ms` being
    the time of the player's `choose` measured here; a finished hand deals the next one.
    """
    global _bench
    from scopa.errors import ScopaError
    from scopa.loop import play_turn
    from scopa.rules import rules_for
    from scopa.state import Match
    from scopa_ai import LEVELS, seat_players

    payload = payload or {}
    if not isinstance(payload, dict):
        return {"error": "ai_bench: send {\"op\": \"start\", ...} or {\"op\": \"step\"}"}
    if payload.get("op") == "start":
        try:
            rules = rules_for(payload.get("variant", "scopa"))
        except ScopaError as err:
            return {"error": f"ai_bench: {err}"}
        given = payload.get("levels")
        seed = payload.get("seed", 1)
        if not (isinstance(given, list) and given and all(isinstance(lv, str) and lv in LEVELS for lv in given)):
            return {"error": "ai_bench: give the levels, e.g. [\"master\", \"expert\"]"}
        if not (type(seed) is int and 0 <= seed < 2**32):
            return {"error": "ai_bench: the seed is a whole number from 0 to 2**32 - 1"}
        levels = [given[s % len(given)] for s in range(rules.players)]
        match = Match.new(rules, random.Random(seed))
        match.deal_until_played()
        _bench = (match, seat_players(levels, seed), levels)
        return {"players": rules.players, "levels": levels}
    if payload.get("op") != "step" or _bench is None:
        return {"error": 'ai_bench: send {"op": "start", ...} first, then {"op": "step"}'}
    match, players, levels = _bench
    turn = play_turn(match, players)  # deals a finished hand's next one; None once it is over
    if turn is None:
        return {"seat": None, "level": None, "ms": 0.0, "phase": match.phase}
    return {"seat": turn.seat, "level": levels[turn.seat], "ms": round(turn.ms, 3), "phase": match.phase}


def ai_bench(payload_json="null"):
    """`_ai_bench` behind the bridge's envelope."""
    return _envelope(_ai_bench, payload_json)
