"""A look back at each hand (issue 28): the score sheet's review, and its judging ahead.

    lb = LookBack()
    lb.ahead(game)          # judge the persons' plays of the hand not judged yet (the page asks
                            # while the computers play and the cards move, so the sheet's review is
                            # ready when the sheet shows); {"judged": n}
    lb.review(game, arg)    # {hand?, seat?}: the review of a finished hand (the sheet's number, the
                            # last by default) for a person (the shown one by default)

The judging is scopa_ai/review.py's, from the record as the person saw it; `LookBack` only keeps the
judgements (the same position is never judged twice) and says which hand and whose plays. A review
is offered where the principles speak for the game (`can_review`), never in the lesson.
"""

from __future__ import annotations

from typing import Any

from scopa_ai.review import judged, review, reviewable
from .errors import SessionError, is_whole
from .game import Game

__all__ = ["LookBack", "can_review"]

# Judgements kept at most (a hand has some 18 plays of a person): beyond it the oldest are forgotten.
KEEP = 2000


def can_review(game: Game) -> bool:
    """Whether the sheet offers a review of this game's hands."""
    return game.lesson is None and reviewable(game.match)


def record_hand(game: Game, hand: int) -> int:
    """The record's hand (1-based, void deals counted, as the replay counts them) of the `hand`-th
    hand scored (the sheet's number)."""
    played = [i for i, h in enumerate(game.match.log, start=1) if not h.redeal]
    return played[hand - 1]


class LookBack:
    """The judgements of one device's table, kept across requests."""

    def __init__(self) -> None:
        """Nothing judged yet."""
        self.memo: dict = {}

    def _keep(self) -> None:
        """Forget the oldest judgements beyond `KEEP`."""
        for key in list(self.memo)[: max(0, len(self.memo) - KEEP)]:
            del self.memo[key]

    def ahead(self, game: Game) -> dict[str, Any]:
        """Judge the persons' plays of the hand on the table (or just finished) not judged yet:
        nothing is said of them until the hand's review is asked. {"judged": how many now}."""
        m = game.match
        if not can_review(game) or not m.log or m.log[-1].redeal:
            return {"judged": 0}
        before = len(self.memo)
        record = game.record()
        for seat in game.humans:
            judged(record, len(m.log), seat, memo=self.memo)
        done = len(self.memo) - before
        self._keep()
        return {"judged": done}

    def review(self, game: Game, arg: Any) -> dict[str, Any]:
        """{hand?, seat?}: the costliest plays of a person in a finished hand, as scopa_ai/review.py
        finds them: {hand, record_hand, seat, name, looks: [...]} (each look: the position, the play
        made and the better one, the points it cost, the reason). Refused where `can_review` is not."""
        arg = {} if arg is None else arg
        if not isinstance(arg, dict):
            raise SessionError("a review is asked with {hand, seat}")
        if not can_review(game):
            raise SessionError("this game's hands have no review")
        results = len(game.match.results)
        hand = arg.get("hand", results)
        if not (is_whole(hand) and 1 <= hand <= results):
            raise SessionError(f"no finished hand {hand!r} to review" if results else "no hand is finished yet")
        seat = arg.get("seat", game.shown)
        if not (is_whole(seat) and seat in game.humans):
            raise SessionError("that seat is not a person at this table")
        h = record_hand(game, hand)
        looks = review(game.record(), h, seat, memo=self.memo)
        self._keep()
        # a play that followed a hint says so, and whose (`hint`: its level; the review of
        # 2026-11-30 found the review blaming a play the hint had suggested, unexplained)
        said = [{**look.to_json(), "hint": game.hinted(h, look.play, seat, str(look.made))} for look in looks]
        return {"hand": hand, "record_hand": h, "seat": seat, "name": game.match.names[seat], "looks": said}
