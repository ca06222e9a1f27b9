"""The puzzle trainer (issue 47): which puzzle next, the verdict on a play, missed puzzles met again
later (spaced repetition) and a rating that rises and falls with the results.

The device keeps the trainer's state (the page's localStorage) and sends it with each request; every
answer gives it back updated. State: {rating, done (puzzles answered), cards: {id: {box, due}}, own:
[puzzle, ...]}. A puzzle missed goes to box 0 and is due again `AGAIN` puzzles later; solved after a
miss, it moves up a box and waits twice as long each time; solved at the first meeting, or from the
top box, it is retired. Puzzles are counted, not timed, so the schedule needs no clock.

    next_puzzle(state)                 # {puzzle: position for the page, state}
    answer(state, id, play)            # {right, answer, reason, points, rating, state}
    add_own(state, record, looks, v)   # the person's costly plays (lookback.py) as puzzles
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from scopa.cards import cards_str
from scopa.state import Play, PlayerView
from scopa_ai.principles import guard, safe
from .errors import SessionError, is_whole
from .puzzles import Puzzle, builtin, from_look

__all__ = ["START", "AGAIN", "TOP", "K", "puzzle_rating", "state_of", "next_puzzle", "answer", "against", "add_own"]

START = 1200      # a newcomer's rating
AGAIN = 3         # puzzles before a missed one comes back
TOP = 4           # the box after which a puzzle is retired
K = 32            # how far one result moves the rating (Elo's K)
OWN_KEPT = 40     # a person's own puzzles kept at most (the newest)

_BUILTIN: dict[str, Puzzle] | None = None


def shipped() -> dict[str, Puzzle]:
    """The built-in puzzles by id (read once)."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = {p.id: p for p in builtin()}
    return _BUILTIN


def puzzle_rating(p: Puzzle) -> int:
    """A puzzle's rating: the smaller the judge's margin, the harder to see (1000 to 1600)."""
    return round(1600 - 150 * min(max(p.margin, 0.0), 4.0))


def state_of(state: Any) -> dict[str, Any]:
    """The trainer's state, checked (a fresh one for None): SessionError saying what is damaged."""
    if state is None:
        return {"rating": START, "done": 0, "cards": {}, "own": []}
    ok = (isinstance(state, dict) and is_whole(state.get("rating")) and is_whole(state.get("done"))
          and state["done"] >= 0 and isinstance(state.get("cards"), dict) and isinstance(state.get("own", []), list)
          and all(isinstance(c, dict) and is_whole(c.get("box")) and is_whole(c.get("due"))
                  for c in state["cards"].values()))
    if not ok:
        raise SessionError("the puzzles' progress kept on this device is damaged", reason="puzzle.state")
    return {"rating": state["rating"], "done": state["done"], "cards": {k: dict(v) for k, v in state["cards"].items()},
            "own": list(state.get("own", []))}


def _own(state: dict[str, Any]) -> dict[str, Puzzle]:
    """The person's own puzzles by id."""
    try:
        return {p.id: p for p in (Puzzle.from_json(d) for d in state["own"])}
    except (KeyError, TypeError, ValueError):
        raise SessionError("the puzzles' progress kept on this device is damaged", reason="puzzle.state") from None


def find(state: dict[str, Any], id: Any) -> Puzzle:
    """A puzzle by id, the person's own or a built-in one."""
    found = _own(state).get(id) or shipped().get(id) if isinstance(id, str) else None
    if found is None:
        raise SessionError(f"no puzzle {id!r}", reason="puzzle.unknown")
    return found


def position(p: Puzzle, own: bool) -> dict[str, Any]:
    """What the page shows of a puzzle: the variant, the seat's hand, the table, the cards left, the
    plays to choose from (notation, card, cards taken), and whether it is from the person's games."""
    view = p.view()
    return {"id": p.id, "variant": p.variant, "own": own, "hand": cards_str(view.hand), "table": cards_str(view.table),
            "deck_left": view.deck_left, "played": len(p.plays), "rating": puzzle_rating(p),
            "legal": [x.to_json() for x in view.legal], **_around(view)}


def _around(view: PlayerView) -> dict[str, Any]:
    """What a player at the table would know beside their hand and the table (the review of
    2026-12-01: "Player 2 could take it", and nothing said who Player 2 was): their own name, the
    others in the order they play after them (partner or opponent, cards in hand), each side's
    pile and scope so far, and the cards already taken (the counting a good play rests on)."""
    n, sides = len(view.names), view.rules.sides
    return {"you": view.names[view.seat],
            "others": [{"name": view.names[s], "partner": s % sides == view.side, "cards": view.hand_counts[s]}
                       for s in ((view.seat + k) % n for k in range(1, n))],
            # each side's pile: its players (the person left out: the page says "you"), cards, scope
            "piles": [{"mine": side == view.side, "names": [view.names[s] for s in range(n) if s % sides == side and s != view.seat],
                       "cards": len(view.prese[side]), "scope": view.scope[side]} for side in range(sides)],
            "gone": cards_str(sorted(c for pile in view.prese for c in pile))}


def next_puzzle(state: Any) -> dict[str, Any]:
    """The puzzle to solve now: a missed one that is due (the longest waiting), else a costly play of
    the person's own not met yet, else the built-in puzzle not met yet whose rating is nearest theirs."""
    st = state_of(state)
    cards, done = st["cards"], st["done"]
    due = sorted((c["due"], id) for id, c in cards.items() if c["box"] <= TOP and c["due"] <= done)
    own = _own(st)
    if due:
        id = due[0][1]
    else:
        fresh = [id for id in own if id not in cards]
        if fresh:
            id = fresh[0]
        else:
            unmet = [p for id, p in shipped().items() if id not in cards]
            if not unmet:  # every puzzle met: the one met longest ago
                id = min(cards, key=lambda k: cards[k]["due"])
            else:
                id = min(unmet, key=lambda p: (abs(puzzle_rating(p) - st["rating"]), p.id)).id
    p = find(st, id)
    return {"puzzle": position(p, id in own), "state": st}


def answer(state: Any, id: Any, play: Any) -> dict[str, Any]:
    """The verdict on `play` (a notation) for puzzle `id`: right or wrong, the answer, why (the
    principle's {key, params}) and the points at stake, with the rating and the schedule moved."""
    st = state_of(state)
    p = find(st, id)
    view = p.view()
    legal = {str(x): x for x in view.legal}
    if not isinstance(play, str) or play not in legal:
        raise SessionError(f"{play!r} is not a play of this position", reason="puzzle.play")
    right = play == p.answer
    expected = 1.0 / (1.0 + math.pow(10.0, (puzzle_rating(p) - st["rating"]) / 400.0))
    change = round(K * ((1.0 if right else 0.0) - expected))
    card = st["cards"].get(p.id)
    if not right:
        card = {"box": 0, "due": st["done"] + 1 + AGAIN}
    elif card is None or card["box"] >= TOP:
        card = {"box": TOP + 1, "due": st["done"] + 1}  # solved: retired
    else:
        box = card["box"] + 1
        card = {"box": box, "due": st["done"] + 1 + AGAIN * 2 ** box}
    st["cards"][p.id] = card
    st["done"] += 1
    st["rating"] = max(100, st["rating"] + change)
    reason = p.principle if right else against(view, legal[p.answer], legal[play], p.principle)
    return {"right": right, "answer": legal[p.answer].to_json(), "reason": reason,
            "points": round(p.margin, 1), "rating": st["rating"], "change": change,
            "again": card["box"] <= TOP, "state": st}


def against(view: PlayerView, answer: Play, played: Play, principle: dict[str, Any]) -> dict[str, Any]:
    """Why the answer beats the play the person made: what theirs gives away that the answer does
    not (a sweep it leaves: "the Five would leave 9 on the table…", a precious card it lays), where
    it does; else the puzzle's own point (which may speak of the judge's runner-up, or of the answer
    alone: a scopa, every sweeper counted)."""
    if principle.get("params", {}).get("other") == played.card:
        return principle
    for contrast in (safe, guard):
        found = contrast(view, answer, played)
        if found is not None:
            return found.to_json()
    return principle


def add_own(state: Any, record: Mapping[str, Any], looks: list[Mapping[str, Any]], variant: str) -> dict[str, Any]:
    """The state with the person's costly plays (a hand's look-back) as puzzles of their own, the
    newest `OWN_KEPT` kept; {added, state}."""
    st = state_of(state)
    have = {d.get("id") for d in st["own"]}
    added = 0
    for look in looks:
        p = from_look(record, look, variant)
        if p is not None and p.id not in have:
            st["own"].append(p.to_json())
            have.add(p.id)
            added += 1
    st["own"] = st["own"][-OWN_KEPT:]
    return {"added": added, "state": st}
