"""Replays of game records (RULES §6): every position of a record, everything shown, for the viewer.

A replay is made after a match, so it shows all the cards: every hand, the table, the piles and
the score sheet of each hand. The record is checked first with `from_record` (the first illegal
play raises RecordError naming its hand and play), so a replay never shows an illegal game.

    steps = replay_steps(record)["steps"]   # step 0: the first deal; then one step per play
"""

from __future__ import annotations

from typing import Any, Mapping

from . import mechanics
from .cards import cards_str
from .record import FORMAT, from_record, to_record
from .state import Match


def _position(match: Match) -> dict[str, Any]:
    """The whole position, every hand face up; each mechanic the match plays fills in its part
    (the builds, SB30; the piles' tops, SB20; the claims, SB60-SB66: `Mechanic.position`)."""
    out = {
        "hands": [cards_str(h) for h in match.hands],
        "table": cards_str(match.table),
        "cascine": [],  # the builds, beside the loose table
        "prese": [cards_str(p) for p in match.prese],
        "scope": list(match.scope),
        "deck_left": len(match.mazzo),
        "turn": match.turn if match.phase == "play" else None,
        "dealer": match.dealer,
        "totals": list(match.totals),
        "pile_tops": [None] * len(match.prese),  # each side's face-up pile top, where piles lie face up
        "claim": None,  # the claim awaiting its answer (its card face up here)
        "claims": [],  # the hand's claims
    }
    for mech in match.mechanics:
        mech.position(match, out)
    return out


def replay_steps(record: Mapping[str, Any] | str) -> dict[str, Any]:
    """{record, players, sides, variant, rules, hands, steps, totals, winner}: each step is a position.

    A step has `hand` (1-based), `play` (0 for the deal, then 1, 2 ...), `event` (the play that led
    here, with `scopa`, the end-of-hand `sweep` and `hand_result`), `redeal` for a void deal (R3),
    and the position (`hands`, `table`, `prese`, `scope`, `deck_left`, `turn`, `dealer`, `totals`).
    """
    checked = from_record(record)  # raises RecordError at the first problem, with hand and play
    normal = to_record(checked)  # the record as the engine writes it (plays spelled out in full)
    if isinstance(record, Mapping) and isinstance(record.get("variant"), str):
        normal = to_record(checked, record["variant"])
    match = Match(checked.rules, checked.names, checked.first_dealer)
    steps: list[dict[str, Any]] = []
    for h, hand in enumerate(checked.log, start=1):
        dealer = match.dealer
        if not match.deal(hand.deck):
            steps.append({"hand": h, "play": 0, "event": None, "redeal": True,
                          **_position(match), "dealer": dealer,
                          "table": cards_str(hand.deck[match.n * match.rules.hand_size:][:match.rules.table_cards])})
            continue
        steps.append({"hand": h, "play": 0, "event": None, "redeal": False, **_position(match)})
        for p, play in enumerate(hand.plays, start=1):
            event = match.apply(play)
            steps.append({"hand": h, "play": p, "event": event.to_json(face_up=True), "redeal": False, **_position(match),
                          "dealer": dealer})  # after the last play the match has moved the deal on
    sides = checked.rules.sides
    return {
        "format": FORMAT,
        "record": normal,
        "variant": normal["variant"],
        "players": list(checked.names),
        "sides": [[s for s in range(checked.n) if s % sides == side] for side in range(sides)],
        "side_of": [checked.rules.side_of(s) for s in range(checked.n)],
        "rules": checked.rules.options(),
        "words": mechanics.words(checked.rules),  # the game's own words for its score categories
        "hands": len(checked.log),
        "steps": steps,
        "results": [r.to_json() for r in checked.results],
        "totals": list(checked.totals),
        "winner": checked.winner,
        "over": checked.phase == "over",
    }
