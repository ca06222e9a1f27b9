"""Puzzles (issue 47): positions where one play is clearly best, each tagged with the principle that
decides it (scopa_ai/principles.py, as the coach words it).

A puzzle is a position of a hand as one seat saw it: the hand's deck, its first dealer and the plays
made so far (so the engine rebuilds it, every play checked), the seat to play, the answer and the
principle. It is "clearly best" when the master's judge (`JUDGE`: the master's search, the expert's
score left out so the values are points won) puts the answer first and at least `THRESHOLD` points
of the hand ahead of every other play, in each of `RUNS` runs, each on its own sampled hidden cards
(the other hands and the mazzo dealt at random, consistent with what the seat sees). Only the view
is read: scrambling the hidden cards changes no verdict (tests/unit/test_puzzles.py).

    puzzle = Puzzle.from_json(entry)        # a shipped puzzle (puzzles.json), or one made here
    view = puzzle.view()                    # the position as the seat sees it
    verdict = judge_position(view)          # {answer, margins, values} or None: no clear best
    check(puzzle)                           # the shipped answer is still the judge's (or raises)

The built-in set, `puzzles.json` beside this module, is made by scripts/make_puzzles.py from seeded
deals of classic Scopa, Scopone and Escoba.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from scopa.cards import cards_str
from scopa.record import FORMAT, from_record
from scopa.rules import RuleSet, preset
from scopa.state import Match, Play, PlayerView

from scopa_ai.explain import explain
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa_ai.principles import speaks
from .errors import SessionError

__all__ = ["THRESHOLD", "RUNS", "JUDGE", "PRINCIPLES", "Puzzle", "judge_position", "check", "principle_of",
           "builtin", "from_look"]

# Points of the hand the answer must be ahead of the next play by, in every run.
THRESHOLD = 0.75
# Runs of the judge, each on hidden cards of its own.
RUNS = 2
# The judge: the master's search over every legal play, its values the points won alone.
JUDGE = replace(MasterSettings(), iterations=120, prior=0.0, max_candidates=40, equity=False)
# The principles a puzzle may be about (the coach's words "coach.<key>"): the search's margin, the
# only play and the exact count of a known last round are no principle.
PRINCIPLES = ("coach.scopa", "coach.settebello", "coach.settebelloHome", "coach.sevens", "coach.sevensMost",
              "coach.denari", "coach.cards", "coach.counted", "coach.mula", "coach.twice", "coach.safe",
              "coach.guard.settebello", "coach.guard.seven", "coach.guard.denari")
DATA = Path(__file__).with_name("puzzles.json")


_DEFAULTS = RuleSet().options()


@lru_cache(maxsize=1)
def seed_options() -> frozenset[str]:
    """The options the built-in puzzles' judge seeded its runs with, as puzzles.json lists them (the
    set was made with these): an option added since enters a seed only when it is not at its default,
    so a new game's option (R23's) leaves every shipped puzzle's judgement as it was."""
    return frozenset(json.loads(DATA.read_text(encoding="utf-8"))["seed_options"])


def _seed(view: PlayerView, run: int) -> str:
    """A run's seed from the position as the seat sees it (never the hidden cards)."""
    options = {k: v for k, v in view.rules.options().items() if k in seed_options() or v != _DEFAULTS[k]}
    return repr((options, view.seat, view.hand, view.table, view.plays, view.totals, run))


def judge_position(view: PlayerView, runs: int = RUNS, threshold: float = THRESHOLD) -> dict[str, Any] | None:
    """The play the judge puts first by at least `threshold` points in each of `runs` runs, with each
    run's margin over the next play and its values; None when no play is clearly best."""
    if len(view.legal) < 2:
        return None
    answer, margins, first = None, [], {}
    for run in range(runs):
        judge = MasterPlayer(random.Random(_seed(view, run)), JUDGE)
        values = {p: v for p, v, _ in judge.evaluate(view)}
        ranked = sorted(values.items(), key=lambda t: -t[1])
        best, second = ranked[0], ranked[1]
        if answer is None:
            answer, first = best[0], values
        if best[0] != answer or best[1] - second[1] < threshold:
            return None
        margins.append(best[1] - second[1])
    return {"answer": answer, "margins": margins, "values": first}


def principle_of(view: PlayerView, answer: Play, values: Mapping[Play, float]) -> dict[str, Any] | None:
    """The principle that decides the answer (explain.py's reason, {key, params}), if it is one of
    `PRINCIPLES`; else None."""
    reason = explain(view, answer, values, "search")
    if reason is None:
        return None
    base = reason.key.rsplit(".", 1)[0] if reason.key.endswith((".one", ".other")) else reason.key
    return reason.to_json() if base in PRINCIPLES else None


@dataclass(frozen=True)
class Puzzle:
    """A position of a hand (the engine rebuilds it from the deck and the plays), the seat to play,
    the answer, its principle ({key, params}) and the least margin the judge found (points)."""

    id: str
    variant: str
    deck: tuple[str, ...]
    first_dealer: int
    plays: tuple[str, ...]
    seat: int
    answer: str
    principle: dict[str, Any]
    margin: float
    # a person's own position (their look-back's costly play): the match's record up to it, whose
    # last hand is the one to play (`deck`, `first_dealer` and `plays` are then its last hand's)
    record: dict[str, Any] | None = None

    def match(self) -> Match:
        """The hand rebuilt up to the position (every play checked: RecordError on a bad one)."""
        if self.record is not None:
            return from_record(self.record)
        players = preset(self.variant).rules.players
        return from_record({"format": FORMAT, "variant": self.variant, "options": {},
                            "players": [f"Player {i + 1}" for i in range(players)], "first_dealer": self.first_dealer,
                            "hands": [{"deck": list(self.deck), "plays": list(self.plays)}]})

    def view(self) -> PlayerView:
        """The position as the seat to play sees it."""
        m = self.match()
        if m.phase != "play" or m.turn != self.seat:
            raise SessionError(f"puzzle {self.id}: it is not seat {self.seat}'s turn there")
        return m.observe(self.seat)

    def to_json(self) -> dict[str, Any]:
        """The shipped form (puzzles.json), and a person's own puzzle as the device keeps it."""
        out = {"id": self.id, "variant": self.variant, "deck": list(self.deck), "first_dealer": self.first_dealer,
               "plays": list(self.plays), "seat": self.seat, "answer": self.answer, "principle": self.principle,
               "margin": round(self.margin, 2)}
        return out if self.record is None else {**out, "record": self.record}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Puzzle":
        """A puzzle from its stored form."""
        return cls(d["id"], d["variant"], tuple(d["deck"]), d["first_dealer"], tuple(d["plays"]), d["seat"],
                   d["answer"], dict(d["principle"]), float(d["margin"]), d.get("record"))


def make(id: str, match: Match, variant: str) -> Puzzle | None:
    """The position of the seat to play in `match` (its first hand) as a puzzle, if one play is
    clearly best there and a principle decides it."""
    if not speaks(match.rules) or match.phase != "play" or len(match.log) != 1:
        return None
    view = match.observe(match.turn)
    found = judge_position(view)
    if found is None:
        return None
    principle = principle_of(view, found["answer"], found["values"])
    if principle is None:
        return None
    log = match.log[0]
    return Puzzle(id, variant, tuple(cards_str(log.deck)), match.first_dealer, tuple(str(p) for p in log.plays),
                  match.turn, str(found["answer"]), principle, min(found["margins"]))


def check(puzzle: Puzzle, view: PlayerView | None = None) -> dict[str, Any]:
    """The judge's verdict on a puzzle's position (`view`: the position, e.g. with its hidden cards
    scrambled): SessionError unless the answer is still clearly best and its principle the same."""
    view = puzzle.view() if view is None else view
    found = judge_position(view)
    if found is None or str(found["answer"]) != puzzle.answer:
        raise SessionError(f"puzzle {puzzle.id}: {puzzle.answer} is not clearly the best play "
                           f"(the judge: {None if found is None else str(found['answer'])})")
    principle = principle_of(view, found["answer"], found["values"])
    if principle is None or principle["key"] != puzzle.principle["key"]:
        raise SessionError(f"puzzle {puzzle.id}: its principle is not {puzzle.principle['key']}")
    return found


def builtin() -> list[Puzzle]:
    """The shipped puzzles (puzzles.json)."""
    return [Puzzle.from_json(d) for d in json.loads(DATA.read_text(encoding="utf-8"))["puzzles"]]


def from_look(record: Mapping[str, Any], look: Mapping[str, Any], variant: str) -> Puzzle | None:
    """A costly play of the person's look-back (lookback.py's look: the record's hand, the play's
    number, the seat, the better play, its cost and reason) as a puzzle of that position, seen as
    they saw it; None where no principle decides it (the search's margin alone is no lesson)."""
    reason = look.get("reason")
    if not reason:
        return None
    key = reason["key"]
    base = key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key
    if base not in PRINCIPLES:
        return None
    hand, play = look["hand"], look["play"]
    hands = [dict(h) for h in record["hands"][:hand]]
    hands[-1]["plays"] = list(hands[-1]["plays"][: play - 1])
    prefix = {**record, "hands": hands}
    last = hands[-1]
    better = look["better"]["notation"]
    digest = hashlib.sha256(json.dumps([record["hands"][0]["deck"], hand, play]).encode()).hexdigest()[:12]
    return Puzzle(f"own-{digest}", variant,
                  tuple(last["deck"]), record.get("first_dealer", 0), tuple(last["plays"]), look["seat"], better,
                  dict(reason), float(look["cost"]), prefix)
