"""The hint's reason and the coach's warning: which principle (principles.py) decides a play.

    play, reason = advise(view, "master")   # the hint (the same play as `scopa_ai.hint`) and why
    explain(view, play, values, "master")    # the principle that decides `play`, else what the search
                                             # expects of it against the next best play
    warn(view, play)                         # the coach: `play` leaves the next player a scopa, or
                                             # the Settebello, where another play would not

Like the principles, everything here reads the seat's view only; `values` are the hint's own
player's (the master's searched candidates, or the expert's scores), themselves computed from
the view (the master deals the unseen cards out at random, from a generator seeded by the view).

Which principle decides: a scopa or the Settebello taken speak for themselves, and so does a
small table left that nobody can sweep because its sweepers are all seen (counting what is gone);
then what the play avoids that the greedy play (the easy level's: what is worth most now) would
do, leaving a sweep or laying a precious card where it can be taken; then the carta mula, the
sevens taken; then a sweep, the Settebello or a seven that any other play would give away (a
denaro only to its twin of the same value); the denari taken, the most cards taken, a card held
twice (none of these three for a play that leaves a sweep). Where a declaration may be made or
kept hidden (SB14), the weighing of declare.py speaks first. When no principle speaks: a last round whose every card is
known is solved, else the search's margin over the next best play with another card
("coach.search": the master's expected points), or for the expert the term of its score that
puts the play ahead of that one ("coach.reckon.*": it takes more now, leaves the next player less
to take, or keeps a better take for the person's next turn).
"""

from __future__ import annotations

import math
import random
from typing import Callable, Mapping

from scopa.cards import VALUE
from scopa.errors import RuleError
from scopa.state import Play, PlayerView
from .base import hint_rng, make_player
from .parts.declare import declares, weigh
from .endgame import solvable
from .levels import EasyPlayer, ExpertPlayer
from .master import MasterPlayer
from .principles import (Reason, cards, counted, denari, gives_settebello, guard, leaves_scopa, mula, safe, scopa,
                         settebello, sevens, speaks, twice)

__all__ = ["advise", "explain", "warn"]

# A margin smaller than this is said as "less than 0.1 points".
CLOSE = 0.05

Principle = Callable[[PlayerView, Play], "Reason | None"]
Contrast = Callable[[PlayerView, Play, Play], "Reason | None"]


def advise(view: PlayerView, level: str = "expert", rng: random.Random | None = None) -> tuple[Play, Reason | None]:
    """What a player of `level` ("expert" or "master") would play from this view, and why."""
    if not view.legal:
        raise RuleError("no hint: it is not this seat's turn")
    player = make_player(level, rng or hint_rng(view))
    play = player.choose(view)
    if isinstance(player, MasterPlayer):
        return play, explain(view, play, player.last_values, "search")
    if isinstance(player, ExpertPlayer):
        values = dict(zip(view.legal, player.scores(view)))
        reason = explain(view, play, values, "reckon")
        if reason is not None and reason.key in ("coach.reckon", "coach.reckonClose"):
            reason = reckoned(view, play, values, player)
        return play, reason
    return play, explain(view, play)


def greedy(view: PlayerView) -> Play:
    """The play worth most now (the easy level's choice, the first of equals): what a learner
    would play, the rival a hint is weighed against."""
    scores = EasyPlayer.scores(view)
    return view.legal[max(range(len(scores)), key=lambda i: (scores[i], -i))]


def explain(view: PlayerView, play: Play, values: Mapping[Play, float] | None = None,
            source: str = "search") -> Reason | None:
    """The principle that decides `play` in this view, else the margin `values` give it ("search":
    the master's, "reckon": the expert's), else None (also for a game the principles do not
    speak for, principles.speaks)."""
    if not speaks(view.rules) or play not in view.legal:
        return None
    weighed = weigh(view)  # SB14: a declaration to make or keep hidden comes first (declare.py)
    if weighed is not None and weighed.declare == declares(play):
        return Reason.of(f"coach.declare.{weighed.why}", points=weighed.points, cards=list(weighed.cards))
    legal = view.legal
    if len(legal) == 1:
        return Reason.of("coach.only", card=play.card)
    first: tuple[Principle, ...] = (scopa, settebello, counted)
    for principle in first:
        found = principle(view, play)
        if found is not None:
            return found
    rival = greedy(view)
    contrasts: tuple[Contrast, ...] = (safe, guard)
    if rival != play:
        for contrast in contrasts:
            found = contrast(view, play, rival)
            if found is not None:
                return found
    for principle in (mula, sevens):
        found = principle(view, play)
        if found is not None:
            return found
    # the others in the greedy order: the first that gives away a sweep, the Settebello or a seven
    # that `play` keeps (a denaro only against the greedy play: the least of the guarded cards)
    scores = EasyPlayer.scores(view)
    others = [p for _, i, p in sorted((-s, i, p) for i, (s, p) in enumerate(zip(scores, legal))) if p != play]
    for contrast in contrasts:
        for other in others:
            found = contrast(view, play, other)
            if found is not None and (found.key != "coach.guard.denari" or VALUE[other.card] == VALUE[play.card]):
                return found
    # a play that leaves a sweep is not explained by a denaro or cards taken, or a card held twice
    if leaves_scopa(view, play) is None:
        for principle in (denari, cards, twice):
            found = principle(view, play)
            if found is not None:
                return found
    if solvable(view):
        return Reason.of("coach.exact", card=play.card)
    return margin(view, play, values, source)


def margin(view: PlayerView, play: Play, values: Mapping[Play, float] | None, source: str) -> Reason | None:
    """What the search expects of `play` over the best play with another card: "coach.<source>"
    with the margin in points (one decimal), "coach.<source>Close" under 0.05; None without values."""
    if not values or play not in values:
        return None
    rivals = [(v, p) for p, v in values.items() if p.card != play.card and math.isfinite(v)]
    if not rivals:
        return None
    value, other = max(rivals, key=lambda t: t[0])
    ahead = values[play] - value
    if ahead < 0:
        return None
    if ahead < CLOSE:
        return Reason.of(f"coach.{source}Close", card=play.card, other=other.card)
    return Reason.of(f"coach.{source}", card=play.card, other=other.card, margin=round(ahead, 1))


def reckoned(view: PlayerView, play: Play, values: Mapping[Play, float], expert: ExpertPlayer) -> Reason | None:
    """Why the expert's score puts `play` ahead of the best play with another card, in its own
    terms: the one that gives it most of its lead ("coach.reckon.take"/".lay": worth more now,
    ".risk": leaves the next player less to take, ".follow": a better take kept for the next
    turn); None when no term of the score does (a claim's weight, SB60, decided)."""
    legal = view.legal
    terms = dict(zip(legal, expert.terms(view)))
    rivals = [(v, p) for p, v in values.items() if p.card != play.card and math.isfinite(v)]
    if not rivals or play not in terms:
        return None
    _, other = max(rivals, key=lambda t: t[0])
    (now, risk, follow), (now_o, risk_o, follow_o) = terms[play], terms[other]
    leads = {"now": now - now_o, "risk": expert.caution * (risk_o - risk), "follow": expert.follow_up * (follow - follow_o)}
    why, lead = max(leads.items(), key=lambda t: t[1])
    if lead <= 0:
        return None
    if why == "now":
        if play.presa:
            return Reason.of("coach.reckon.take", card=play.card, cards=list(play.presa), other=other.card)
        return Reason.of("coach.reckon.lay", card=play.card, other=other.card)
    if why == "risk":
        return Reason.of("coach.reckon.risk", card=play.card, other=other.card,
                         name=view.names[(view.seat + 1) % len(view.names)])
    return Reason.of("coach.reckon.follow", card=play.card, other=other.card)


def warn(view: PlayerView, play: Play) -> Reason | None:
    """The coach's warning before a person's play: it leaves the next player a scopa a card still
    unseen could make, or the Settebello where it can be taken, and another play would not."""
    if not speaks(view.rules) or play not in view.legal:
        return None
    for check in (leaves_scopa, gives_settebello):
        found = check(view, play)
        if found is not None and any(check(view, p) is None for p in view.legal if p != play):
            return found
    return None
