"""A look back at a hand (issue 28): the plays of one seat that cost most against the master's choice.

    looks = review(record, hand, seat)     # at most `SHOWN` Looks, the costliest first
    judged(record, hand, seat, memo=kept)  # every play of `seat` in that hand, judged (`kept`: a dict
                                           # the caller keeps, so a position is judged once)
    positions(record, hand, seat)          # each play of `seat` in that hand: (play number, view, play)
    judge(view, play)                      # the master's choice there, what `play` cost and why
    match_rate(view)                       # a hand point's worth in match-winning chance there, where
                                           # the judge weighs for the match (None: hand points)

`hand` is the record's hand (1-based, a void deal counted, as the replay viewer counts them) and a
play's number is its place among the hand's plays (1-based): together they are the replay's step.

Every position is rebuilt from the record as `seat` saw it then (`Match.observe`: its own hand, the
table, the piles and the plays made in the open), and judged from that view alone, with a generator
seeded from it (`hint_rng`, the hint's): the other hands and the mazzo in the record are never
read, so scrambling them changes no judgement (tests/unit/test_review.py). (A seed from the whole
record would change with the hidden cards: the seed is the position's, the record as seen.)

The judge is the master with a smaller fixed budget (`REVIEW`): it searches the position; where it
would play otherwise, the two plays are weighed again on the same fresh deals (common random
numbers; the search's own means favour its choice), by their results alone, so the points a play
cost are the difference of two means over the same deals, in the master's points (the hand's, or
the match's equity counted in points at this score). A last round whose cards are all known is
counted exactly (endgame.py). A cost is said in the units a player sees (issue 45): a Look's
`chance` is the match-winning chance the play cost where it was weighed for the match (its `cost`
then the hand points worth as much at that score), None where the cost is the hand's points. The reason is the principle (principles.py) that speaks for the
better play against the play made, else the hint's (explain.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from scopa.cards import card_str, cards_str
from scopa.record import from_record
from scopa.state import Match, Play, PlayerView
from .base import hint_rng
from .endgame import solvable, solve
from .explain import explain, margin
from .master import MasterPlayer, MasterSettings
from .principles import Reason, guard, safe, scopa, settebello, speaks

__all__ = ["REVIEW", "SHOWN", "WORTH", "Look", "reviewable", "positions", "judge", "match_rate", "judged", "review"]

# The master with 100 rollouts a candidate (it plays with 250): a position judged in some 50 ms
# of CPython's CPU, a hand's 18 in about a second (benchmarks/review_speed.py), the same judgement
# for the same record on any device. The page judges each play while the computers think, so the
# sheet's review is ready when it shows.
REVIEW = replace(MasterSettings(), iterations=100)
# The plays a review lists at most, and the least a play must have cost (points) to be listed.
SHOWN = 3
WORTH = 0.2


@dataclass(frozen=True)
class Look:
    """One play looked back at: where it was (the record's hand, its play), the position as the
    seat saw it, the play made and the better one, the points it cost and why the better is better."""

    hand: int
    play: int
    view: PlayerView
    made: Play
    better: Play
    cost: float
    reason: Reason | None
    chance: float | None = None  # the match-winning chance it cost (0–1); None: `cost` is hand points

    def to_json(self) -> dict[str, Any]:
        """What crosses to the page: the position (the seat's hand, the table), both plays, the
        cost in points (one decimal), its unit ("hand": the hand's points; "match": the hand
        points worth as much at this score, with `match_chance` the chance of winning the match it
        cost, three decimals) and the reason ({key, params} or None)."""
        return {"hand": self.hand, "play": self.play, "seat": self.view.seat,
                "cards": cards_str(self.view.hand), "table": cards_str(self.view.table),
                "deck_left": self.view.deck_left, "made": self.made.to_json(), "better": self.better.to_json(),
                "cost": round(self.cost, 1), "unit": "hand" if self.chance is None else "match",
                "match_chance": None if self.chance is None else round(self.chance, 3),
                "reason": None if self.reason is None else self.reason.to_json()}


def reviewable(match: Match) -> bool:
    """Whether a hand of this match can be looked back at: the principles speak for its rules."""
    return speaks(match.rules)


def positions(record: Mapping[str, Any] | str, hand: int, seat: int) -> list[tuple[int, PlayerView, Play]]:
    """Each play `seat` made in the record's hand `hand` (1-based), with its number in the hand and
    the view `seat` had just before it. The record is checked as it is replayed (RecordError)."""
    seen: list[tuple[int, PlayerView]] = []

    def look(m: Match) -> None:
        if len(m.log) == hand and m.turn == seat:
            seen.append((len(m.log[-1].plays) + 1, m.observe(seat)))

    match = from_record(record, look)
    if len(match.log) < hand:
        return []
    made = match.log[hand - 1].plays
    return [(n, view, made[n - 1]) for n, view in seen if n <= len(made)]


def _why(view: PlayerView, better: Play, made: Play, values: Mapping[Play, float]) -> Reason | None:
    """Why `better` is better than `made`: a scopa or the Settebello it takes and `made` does not,
    a sweep or a precious card `made` leaves to the next player, else the hint's reason (for the
    same card taking other cards: the search's margin, "coach.searchTake")."""
    for principle in (scopa, settebello):
        found = principle(view, better)
        if found is not None and principle(view, made) is None:
            return found
    for contrast in (safe, guard):
        found = contrast(view, better, made)
        if found is not None:
            return found
    found = explain(view, better, values, "search")
    if found is not None and dict(found.params).get("other", card_str(made.card)) != card_str(made.card):
        # a contrast with another play than the one made (the greedy rival's sweep left): no word
        # about the play made (the review of 2026-11-30); the search's margin over it instead
        found = margin(view, better, {p: v for p, v in values.items() if p in (better, made)}, "search")
    if found is None and better.card == made.card and better.presa and better in values and made in values:
        # the same card taking other cards: the search's margin, said of the cards taken
        return Reason.of("coach.searchTake", card=better.card, cards=better.presa,
                         margin=round(values[better] - values[made], 1))
    return found


def judge(view: PlayerView, made: Play, settings: MasterSettings = REVIEW) -> tuple[Play, float, Reason | None]:
    """The master's choice from this view, the points `made` cost against it (0 when it is the
    choice; never below 0) and why the choice is better (None when it is the play made)."""
    if len(view.legal) <= 1:
        return made, 0.0, None
    master = MasterPlayer(hint_rng(view), settings)
    better = master.choose(view)
    if better == made:
        return made, 0.0, None
    if solvable(view):
        values = dict(solve(view))  # the hand's points, every card known: counted exactly
    else:
        # both weighed again on fresh deals, the same for both (the search's own means favour the
        # play it chose: the best of several noisy means is too good), by their results alone (the
        # expert's score that guides the search is no point won)
        weigher = MasterPlayer(master.rng, replace(settings, prior=0.0))
        pair = weigher.evaluate(replace(view, legal=(better, made)))
        values = {p: v for p, v, _ in pair}
    cost = max(0.0, values[better] - values[made])
    return better, cost, _why(view, better, made, values)


def match_rate(view: PlayerView, settings: MasterSettings = REVIEW) -> float | None:
    """What one hand point is worth in match-winning chance from this view where `judge` weighs
    the plays for the match (two sides, a match equity, a round not counted exactly), so that a
    cost can be said as the chance it lost; None where `judge` counts the hand's points."""
    if solvable(view):
        return None
    weigher = MasterPlayer(hint_rng(view), replace(settings, prior=0.0))
    weights = weigher.kinds(view) if settings.likely or settings.reply else {}
    eq = weigher.match_equity(view, weights)
    if eq is None:
        return None
    return eq.point(view.totals[view.side], view.totals[1 - view.side])


def _key(view: PlayerView, made: Play) -> tuple:
    """What a judgement depends on: the position as the seat sees it (the hint's seed and the
    hand's number among the match's) and the play made."""
    return (view.rules, view.names, view.seat, view.hand, view.table, view.plays, view.totals, len(view.results),
            made)


def judged(record: Mapping[str, Any] | str, hand: int, seat: int, settings: MasterSettings = REVIEW,
           memo: dict | None = None) -> list[Look]:
    """Every play of `seat` in the record's hand `hand`, judged (a play the master would make too
    costs 0). `memo` keeps judgements across calls (the page's judging ahead, `settebello.lookback`):
    a position is judged once, and the same position gives the same judgement."""
    looks = []
    for n, view, made in positions(record, hand, seat):
        if not speaks(view.rules):
            return []
        key = _key(view, made)
        found = memo.get(key) if memo is not None else None
        if found is None:
            found = judge(view, made, settings)
            if memo is not None:
                memo[key] = found
        better, cost, reason = found
        rate = match_rate(view, settings)
        looks.append(Look(hand, n, view, made, better, cost, reason, None if rate is None else cost * rate))
    return looks


def review(record: Mapping[str, Any] | str, hand: int, seat: int, settings: MasterSettings = REVIEW,
           shown: int = SHOWN, memo: dict | None = None) -> list[Look]:
    """The plays of `seat` in the record's hand `hand` that cost at least `WORTH` points against the
    master's choice, the costliest first (ties: the earlier play), at most `shown`."""
    looks = [look for look in judged(record, hand, seat, settings, memo) if look.cost >= WORTH]
    looks.sort(key=lambda look: (-look.cost, look.play))
    return looks[:shown]
