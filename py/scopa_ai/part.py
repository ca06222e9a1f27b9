"""The hooks of a computer players' part: what the levels know of one special mechanic.

A part lives beside the rest of its mechanic's play (one module of the package `parts` per
mechanic, declared there as `PART`), and that package finds them; this module is their base,
imported by both, so no circle forms.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from scopa.state import Play, PlayerView


class Part:
    """The levels' knowledge of one mechanic; every hook's default leaves the score as it is."""

    mechanic = ""  # the engine mechanic's name (scopa.mechanics.base.Mechanic.name)
    # the master searches through the engine's own plays (engine_search.py): its fast rollouts
    # and the styles of play do not model this mechanic's plays (builds, claims)
    through_engine = False
    slow_rollout = False  # the master's rollouts play through the engine's push: a smaller budget
    principles = True  # the tradition's principles (principles.py, the hints' reasons) speak for its game
    # the levels read the other seats' hands from their plays (inference.py, beliefs.py): not where a
    # play's worth hung on what has moved since (piles taken since, SB20)
    reads_plays = True
    beliefs = True  # the plays model (beliefs.py) is defined for its game: not with cards shown from hands
    light_search = False  # the light search (pimc.py) knows its plays, else the expert plays its game

    # -- the view's cards, as a level works them out -----------------------------------------
    def legal(self, view: PlayerView, cards: Sequence[int]) -> list | None:
        """The legal plays of a hand of `cards` for the seat of `view` when the mechanic makes them
        (steals), else None (the table's captures: `parts.legal_for`)."""
        return None

    def piles_after(self, view: PlayerView, play: Play) -> list | None:
        """The sides' piles once the seat of `view` has made `play` (a capture) when the mechanic
        moves them its own way, else None (the card and its presa onto the side's own pile)."""
        return None

    def piles_before(self, view: PlayerView, i: int) -> list | None:
        """The sides' piles as play `i` of this hand found them when the mechanic moved them its
        own way, else None (the captures since taken back)."""
        return None

    def pile_tops(self, prese: Sequence[Sequence[int]]) -> tuple | None:
        """What a view shows of these piles' tops when they lie face up, else None (nothing)."""
        return None

    def on_table(self, view: PlayerView) -> int | None:
        """How many cards a sweep takes when the mechanic keeps cards of its own on the table
        (builds, SB30), else None (the loose table cards: `parts.on_table`)."""
        return None

    # -- the beginner and the easy level ----------------------------------------------------
    def answer(self, view: PlayerView) -> Play | None:
        """A simple level's play when the mechanic leaves it one (an answer step), else None."""
        return None

    def keep(self, legal: list, scores: list[float]) -> tuple[list, list[float]]:
        """The plays a simple level considers, with their scores."""
        return legal, scores

    def count(self, view: PlayerView, play: Play) -> int:
        """Cards the play takes beside its presa (the beginner counts cards)."""
        return 0

    def take(self, view: PlayerView, play: Play, worth: Sequence[float], gain: float) -> float:
        """The easy level's worth of a take, `gain` so far."""
        return gain

    # -- the expert (and the master, which reads the expert's scores) ------------------------
    def expert_answer(self, view: PlayerView, k: Any) -> list[float] | None:
        """The expert's scores when the mechanic asks it something else than a play, else None."""
        return None

    def expert_now(self, view: PlayerView, k: Any, play: Play, score: float, unseen: Sequence[int]) -> float:
        """A play's score once its immediate worth is in (`score`)."""
        return score

    def expert_after(self, view: PlayerView, k: Any, play: Play, rest: Sequence[int], score: float,
                     hand_ends: bool, caution: float, count: dict[int, int], total: int, h_next: int) -> float:
        """A play's score, the table it leaves (`rest`) known."""
        return score

    def expert_scores(self, view: PlayerView, scores: list[float]) -> list[float]:
        """The expert's scores of every legal play, changed by the mechanic."""
        return scores

    def asks(self, view: PlayerView) -> bool:
        """Whether the seat is asked something else than a play (an answer step)."""
        return False

    def candidates(self, view: PlayerView, k: Any, scores: Sequence[float], order: Sequence[int]) -> Sequence[int]:
        """The master's candidates (indexes into `view.legal`) for its search through the engine."""
        return order

    def fixed_points(self, m: Any, declares: bool) -> list[int] | None:
        """Each side's points of the hand that no play changes, counted once before the master's
        fast rollout of `m` (whose seat to move makes its own only if it `declares`), else None."""
        return None

    def playout(self, m: Any, card: int, presa: tuple[int, ...], k: Any, rng: random.Random, eps: Any,
                record: list | None, reply: Any, sums: bool) -> tuple[int, ...] | None:
        """The master's rollout of a hand when the mechanic plays it its own way, else None."""
        return None

    # -- the master's rollouts through the engine (rollout.playout_legal) ------------------------
    def rollout_asks(self, legal: Sequence) -> bool:
        """Whether the step whose legal plays are `legal` asks the mechanic's own answer (SB61),
        which `rollout_answer` gives."""
        return False

    def rollout_answer(self, m: Any, k: Any) -> Any:
        """The answer of the seat to move of `m` in a rollout, when `rollout_asks`."""
        return None

    def honest(self, legal: list) -> list:
        """`legal` less the plays a guarded rollout never makes, not even at random (bluffs)."""
        return legal

    def greedy_worth(self, play: Any, worth: Sequence[float]) -> float | None:
        """The unguarded rollout policy's score of one of its own plays that takes nothing (cards'
        `worth` known), or None: the policy never makes it."""
        return None

    def guarded_worth(self, m: Any, play: Any, worth: Sequence[float],
                      p_next_holds: Callable[[int], float]) -> float | None:
        """The guarded rollout policy's score of one of its own plays in `m`, `p_next_holds(value)`
        the chance the next player holds a card of `value`; None: the policy never makes it."""
        return None

    def stays(self, m: Any, presa: Sequence[int]) -> bool:
        """Whether cards of its own stay on the table of `m` once `presa` is taken (a lay: empty),
        so that no sweep is left to the next player."""
        return False

    def expert_choose(self, view: PlayerView, k: Any, scores: Sequence[float], rng: random.Random) -> Play | None:
        """A play the expert makes instead of its best score (a bluff), else None."""
        return None
