"""The story of a finished match: every hand's sheet, the running score, who won what and the moments
worth telling (each scopa, the Settebello, special sweeps, napola runs, declarations), and the
settings of a rematch at the same table.

`match_story(match, ...)` is a pure function of the engine's Match (its results and the log of every
hand's plays): the page's final sheet (static/js/story.js) only draws it. Session adds it to the view
once the match is over (py/settebello/session.py); by then every card played is public (the
record the page saves lists them all), except a card claimed face down (SB62),
which the story does not name.
"""

from __future__ import annotations

from typing import Any

from scopa.cards import FACE, SETTEBELLO, card_str
from scopa.mechanics import ORDER
from scopa.state import Match, PlayEvent

__all__ = ["match_story"]

# the detail keys of a hand's result whose runs of cards are told (O8 napola, SB52 Cicera's napula)
RUNS = ("napola", "napula")


def _settebello_takers(events: list[PlayEvent], sides: int) -> list[dict[str, Any]]:
    """Who took each Settebello of a hand (two among the 80 cards, SB45): the last move of the card
    into a pile names the side; the seat is the one whose play (or whose last capture, taking the
    table's rest at the hand's end, R6) put it there. A stolen pile (Rubamazzo, SB20) moves it again."""
    last: dict[str, dict[str, Any]] = {}
    for event in events:
        for move in event.moves:
            if FACE[move.card] != SETTEBELLO or not move.dst.startswith("pile:"):
                continue
            side = int(move.dst.split(":")[1])
            seat = event.sweep[0] if move.kind == "rest" and event.sweep else event.seat
            last[card_str(move.card)] = {"card": card_str(move.card), "side": side,
                                         "seat": seat if seat is not None and seat % sides == side else None,
                                         "rest": move.kind == "rest"}
    return [last[k] for k in sorted(last)]


def _hand_moments(n: int, events: list[PlayEvent], result: Any, sides: int) -> list[dict[str, Any]]:
    """The moments of hand `n` (1-based) in the order they happened: each scopa and each sweep of
    other worth (SB41, SB42), each declaration (SB10); then the Settebello's taker (where it scores), the napola runs
    and a napoleone, which the hand's end settles."""
    # what no play made, the deal's own (a mechanic's: the dealer's table of 15 or 30, R24, SB83):
    # first, as the hand's sheet lists them
    out: list[dict[str, Any]] = [x for mech in ORDER for x in mech.deal_moments(n, events, result, sides)]
    for i, event in enumerate(events):
        side = event.seat % sides
        for mech in ORDER:  # what the play made of a mechanic's own (its declarations, SB10)
            out.extend(mech.play_moments(n, event, sides))
        if event.scopa or event.special:
            # SB62: a card claimed face down is not named (a claimed sweep is told without it)
            out.append({"hand": n, "kind": "special" if event.special else "scopa", "special": event.special,
                        "seat": event.seat, "side": side, "play": i + 1,
                        "card": None if event.claim is not None else card_str(event.play.card),
                        "last": i == len(events) - 1})
    # the Settebello's taker only where the hand's sheet scores it (not in Rubamazzo's or Cicera's,
    # issue 45): the result's categories say so, whatever the variant
    for taken in _settebello_takers(events, sides) if "settebello" in result.categories else ():
        out.append({"hand": n, "kind": "settebello", **taken})
    for side, d in enumerate(result.detail):
        for key in RUNS:
            for run in d.get(key, ()):
                out.append({"hand": n, "kind": key, "side": side, "cards": list(run)})
    if result.napoleone is not None:
        out.append({"hand": n, "kind": "napoleone", "side": result.napoleone})
    return out


def match_story(match: Match, winner: int | None = None, rematch: dict[str, Any] | None = None) -> dict[str, Any]:
    """The story of `match` (JSON-able).

    {hands: [{hand, result, running, moments}], moments: [...every hand's], categories: [every
    category any hand scored, in sheet order], by_category: [per side {category: points}],
    hands_won: [per side, the hands it scored most in, alone], totals, winner, misere, rematch}.
    `winner` overrides the match's (a forfeit on time); `rematch` is the new-game settings of the
    same table (None: none offered, e.g. a tournament's match)."""
    sides = match.sides
    dealt = [h for h in match.log if not h.redeal]  # a void deal (R3) has no result
    running = [0] * sides
    hands, moments, categories = [], [], []
    by_category: list[dict[str, int]] = [{} for _ in range(sides)]
    hands_won = [0] * sides
    for n, (result, log) in enumerate(zip(match.results, dealt), start=1):
        totals = result.totals
        running = [a + b for a, b in zip(running, totals)]
        told = _hand_moments(n, log.events, result, sides)
        moments += told
        for cat in result.categories:
            if cat not in categories:
                categories.append(cat)
            for side in range(sides):
                by_category[side][cat] = by_category[side].get(cat, 0) + result.points[side].get(cat, 0)
        # the hand's best side: most points (fewest in a misère game, O12), alone
        best = (min if match.rules.misere else max)(totals)
        if list(totals).count(best) == 1:
            hands_won[totals.index(best)] += 1
        hands.append({"hand": n, "result": result.to_json(), "running": list(running), "moments": told})
    return {
        "hands": hands,
        "moments": moments,
        "categories": categories,
        "by_category": by_category,
        "hands_won": hands_won,
        "totals": list(match.totals),
        "winner": match.winner if winner is None else winner,
        "misere": match.rules.misere,
        "rematch": rematch,
    }
