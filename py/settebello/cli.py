"""The command line, `python -m settebello`: replay a record, list the variants, run an AI arena."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from scopa.errors import RuleError, ScopaError
from scopa.record import load_record
from scopa.rules import PRESETS
from scopa.state import Match


MAX_MESSAGE = 300  # characters of the one line an error prints


def replay_summary(match: Match) -> dict[str, Any]:
    """Per hand, each side's points by category, the hand totals and the running match totals."""
    hands = []
    running = [0] * match.sides
    played = [i for i, h in enumerate(match.log, start=1) if not h.redeal]
    for number, (record_hand, result) in enumerate(zip(played, match.results), start=1):
        running = [a + b for a, b in zip(running, result.totals)]
        hands.append({
            "hand": number,
            "record_hand": record_hand,
            "points": [dict(p) for p in result.points],
            "hand_totals": list(result.totals),
            "match_totals": running,
        })
    return {
        "sides": [[match.names[s] for s in range(match.n) if s % match.sides == side] for side in range(match.sides)],
        "hands": hands,
        "totals": list(match.totals),
        "finished": match.phase == "over",
        "winner": match.winner,
    }


def _replay(args: argparse.Namespace) -> int:
    match = load_record(args.record)
    print(json.dumps(replay_summary(match), indent=None if args.compact else 2))
    return 0


def _variants(args: argparse.Namespace) -> int:
    width = max(len(v) for v in PRESETS)
    for p in PRESETS.values():
        print(f"{p.id:<{width}}  {p.description}")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from scopa_ai.arena import run_arena
    from scopa.rules import rules_for

    for name, value, high in (("matches", args.matches, 10**7), ("jobs", args.jobs, 256)):
        if not 1 <= value <= high:
            raise RuleError(f"--{name} must be from 1 to {high:,}, not {value}")
    try:
        options = json.loads(args.options)
    except ValueError as e:
        raise ScopaError(f"--options must be a JSON object of option names to values: {e}") from None
    rules = rules_for(args.variant, options)  # SB70: what the options imply is filled in, or refused
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    report = run_arena(rules, levels, args.matches, args.seed, args.jobs, args.variant)
    if args.no_timings:
        for st in report["levels"].values():
            st.pop("ms_per_move")
    print(json.dumps(report, indent=None if args.compact else 2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="python -m settebello", description="Settebello's Scopa engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check a game record and print each hand's points as JSON")
    p.add_argument("record", help="path of a scopa-record/1 JSON file")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(run=_replay)
    p = sub.add_parser("variants", help="list the variants with a one-line description")
    p.set_defaults(run=_variants)
    p = sub.add_parser("arena", help="play matches between computer levels and print win rates as JSON")
    p.add_argument("--variant", default="scopa", help="a preset id (see `variants`)")
    p.add_argument("--options", default="{}", help='option overrides as JSON, e.g. \'{"misere": true}\'')
    p.add_argument("--levels", default="master,expert", help="comma-separated levels, one per side, rotated")
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.add_argument("--no-timings", action="store_true", help="leave out ms_per_move (for comparing runs)")
    p.set_defaults(run=_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors in the input print one line and exit 1."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except ScopaError as e:
        print(f"scopa: {str(e)[:MAX_MESSAGE]}", file=sys.stderr)
        return 1
    except (ValueError, ArithmeticError, RecursionError, MemoryError) as e:
        # input the checks did not foresee (they bound records and options; scopa.inputs): still
        # one line and a failure, never a traceback
        print(f"scopa: cannot use this input ({type(e).__name__}: {str(e)[:MAX_MESSAGE]})", file=sys.stderr)
        return 1
