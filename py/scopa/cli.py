"""The `scopa` command line: replay a record, list the variants (run as `python -m scopa`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .errors import ScopaError
from .record import load_record
from .rules import PRESETS
from .state import Match


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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="scopa", description="Settebello's Scopa engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="check a game record and print each hand's points as JSON")
    p.add_argument("record", help="path of a scopa-record/1 JSON file")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.set_defaults(run=_replay)
    p = sub.add_parser("variants", help="list the variants with a one-line description")
    p.set_defaults(run=_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; errors in the input print one line and exit 1."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except ScopaError as e:
        print(f"scopa: {e}", file=sys.stderr)
        return 1
