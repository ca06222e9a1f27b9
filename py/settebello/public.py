"""Public facts of one seat's view that the page shows but must not work out itself.

`public_facts(view, hand_shown)` is the page view's part (view.py `FactsPart`) that gives the
side of each seat, the cards the viewer has not seen, each side's tallies (cards, denari, sevens,
the Settebello) that the screen reader says, and what each seat declared this hand (its seat says
it, points and all): the JavaScript holds no deck, no suit, no side rule and adds no points.
A pure function of the engine's PlayerView: it changes nothing and reads no clock.
"""

from __future__ import annotations

from typing import Any, Sequence

from scopa import mechanics
from scopa.cards import FACE, SETTEBELLO, SUIT, VALUE, Card, cards_str
from scopa.scoring import DENARI
from scopa.state import PlayerView
from scopa.tables import seating

from .view import FactsPart


def tally(pile: Sequence[Card], face_down: int = 0) -> dict[str, Any]:
    """What a pile holds that the players talk about: cards (`face_down` more that this seat
    cannot see, SB62, count among them), denari, sevens, the Settebello."""
    return {
        "cards": len(pile) + face_down,
        "denari": sum(1 for c in pile if SUIT[c] == DENARI),
        "sevens": sum(1 for c in pile if VALUE[c] == 7),
        "settebello": any(FACE[c] == SETTEBELLO for c in pile),  # either copy among the 80 cards (SB37)
    }


def declared(view: PlayerView) -> list[dict[str, Any] | None]:
    """Per seat, the declarations it made this hand (SB10: public once made, R24's made with the
    deal too) as its seat says them: {points: their sum, kinds: their ids in order, dealt: whether
    all came with the deal (R24's table, which the dealer never chose to declare)}, None if none."""
    out: list[dict[str, Any] | None] = [None] * len(view.names)
    from_hand = {k.id for k in view.rules.accuse_kinds}  # the rest are made with the deal (R24)
    for mechanic in mechanics.active(view.rules):
        for seat, points, kind in mechanic.declared(view):
            mine = out[seat] or {"points": 0, "kinds": [], "dealt": True}
            out[seat] = {"points": mine["points"] + points, "kinds": [*mine["kinds"], kind],
                         "dealt": mine["dealt"] and kind not in from_hand}
    return out


def public_facts(view: PlayerView, hand_shown: bool = True) -> FactsPart:
    """The part {side_of, seating, unseen, tallies, declared} for `view`'s seat (`seating`: the
    table's name, as describe's tables name it). With the hand not shown (the pass screen is up)
    `unseen` is empty: the list of cards nobody shown has seen would name the hands' cards, and the
    page then holds none of them (the review keys are closed behind the pass screen anyway)."""
    return FactsPart(
        side_of=[view.rules.side_of(s) for s in range(len(view.names))],
        seating=seating(view.rules),
        unseen=cards_str(view.unseen()) if hand_shown else [],
        tallies=[tally(p, n) for p, n in zip(view.prese, view.hidden_counts())],
        declared=declared(view),
    )
