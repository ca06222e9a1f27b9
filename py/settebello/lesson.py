"""The first lesson: one guided hand of classic two-player Scopa on a fixed deal (issue 24, part 4).

The deal is chosen so that, in this order, the person sees: a capture (R4), a choice between two
captures (R4a: "their choice which"), the single-card rule (R4a: a card matching one table card
takes it, never a sum), a scopa (R5), and at the end the score sheet, each of its counts told
(R7: scope, carte, denari, settebello, primiera). Both sides' plays are scripted, so the lesson is
always the same: the computer plays the script's card, the person is asked for the script's card
(the choice step lets them take either seven).

    lesson = Lesson.new()            # the fixed deal, dealt: a Match to play
    lesson.allowed(match)            # the plays the script allows now (Play objects)
    lesson.step(match)               # what the page shows: the step, its words' key, the cards
    lesson.computer_play(match)      # the computer's scripted play

The page (static/js/lesson.js) shows `step` as a coach bubble; the words are i18n keys under
"lesson.". A Session starts the lesson with new_game({"lesson": "first"}) (game.py).
"""

from __future__ import annotations

from typing import Any

from scopa.cards import PRIMIERA, VALUE, card_str, parse_card, parse_cards
from scopa.errors import IllegalPlayError
from scopa.rules import preset
from scopa.state import Match, Play

LESSON_ID = "first"
VARIANT = "scopa"
OPTIONS = {"target": 0}  # O10: a single hand, so the lesson ends with its sheet
FIRST_DEALER = 1  # the computer deals, the person plays first (R1)
PERSON, COMPUTER = 0, 1

# The deck in dealing order (RULES §6: first dealt first). R2: one card at a time from the person
# (seat 0) — the person gets 8C 7B 7D, the computer 2C 3B 1B — then 7S 7C 8B 4S face up; the
# second round gives the person 10S 6S 2B; the rest makes a hand the person wins, primiera included.
# The Settebello starts in the person's hand, not on the table: a first capture of the Fante is no
# order to leave the Settebello lying there (a player who knows it would rightly take it first).
DECK = ("8C 2C 7B 3B 7D 1B 7S 7C 8B 4S 10S 4C 6S 3C 2B 2S 2D 6D 9S 9D 9B 1C 8S 4B 6C 1D 6B 1S 8D "
        "5C 10B 9C 10C 4D 10D 3D 3S 5S 5B 5D").split()

# The hand's plays in order, the person's and the computer's turn about. A play is its notation
# (the card only where the capture is forced); a tuple lists the plays the person may choose from.
PLAYS: tuple[str | tuple[str, ...], ...] = (
    "8C:8B",               # capture: the Fante takes the Fante
    "2C",
    ("7B:7S", "7B:7C"),    # choice: two sevens on the table, the person takes either
    "3B",
    "7D",                  # the single-card rule: the Settebello takes the 7 left, not 4 + 3
    "1B",
    "10S:1B+2C+3B+4S",     # scopa: 1 + 2 + 3 + 4 = 10 clears the table
    "2S", "2B:2S", "4C", "6S", "3C", "9B:3C+6S", "9D", "9S:9D", "6D", "2D", "1C", "8S:2D+6D",
    "4B:4C", "6C", "1S:1C", "6B:6C", "1D", "8D", "9C:1D+8D", "10C", "4D", "10B:10C", "5C",
    "5B:5C", "5S", "3S", "3D:3S", "10D", "5D:5S",
)

# The person's turns that teach something (by their index among the person's plays); every other
# turn of the person is "play": play the highlighted card. "play_on" is the first of those.
STEPS = ("capture", "choice", "single", "scopa", "play_on")


def rules():
    """Classic Scopa to a single hand."""
    return preset(VARIANT).rules.with_options(OPTIONS)


def new_match(names: list[str]) -> Match:
    """The lesson's match, dealt from the fixed deck."""
    match = Match(rules(), names, FIRST_DEALER)
    if not match.deal(parse_cards(DECK)):  # never void: no Re among the four table cards
        raise AssertionError("the lesson's deal is void")
    return match


def _index(match: Match) -> int:
    """How many plays of the hand have been made."""
    return len(match.log[-1].plays) if match.log else 0


def allowed(match: Match) -> list[Play]:
    """The legal plays the script allows now (empty once the hand is over)."""
    if match.phase != "play" or _index(match) >= len(PLAYS):
        return []
    entry = PLAYS[_index(match)]
    legal = match.legal_plays()
    wanted = entry if isinstance(entry, tuple) else (entry,)
    out: list[Play] = []
    for n in wanted:
        card, _, presa = n.partition(":")
        c = parse_card(card)
        taken = sorted(parse_cards(presa.split("+"))) if presa else None
        out += [p for p in legal if p.card == c and (taken is None or sorted(p.presa) == taken)]
    return out


def check(match: Match, play: Play) -> None:
    """Refuse a play the script does not allow (IllegalPlayError, nothing changes)."""
    ok = allowed(match)
    if play not in ok:
        cards = sorted({card_str(p.card) for p in ok})
        raise IllegalPlayError(f"in the lesson, play {' or '.join(cards)}")


def computer_play(match: Match) -> Play:
    """The computer's scripted play."""
    ok = allowed(match)
    if match.turn != COMPUTER or len(ok) != 1:
        raise AssertionError(f"the lesson's script has no single computer play at {_index(match)}")
    return ok[0]


def _person_turn(match: Match) -> int:
    """The index of this turn among the person's plays (the person plays first: every even play)."""
    return _index(match) // 2


def _count(category: str, detail: dict[str, Any]) -> int | None:
    """What a side counted for a category of classic Scopa (R7), from the hand's scoring detail."""
    if category == "carte":
        return detail.get("cards")
    if category == "settebello":
        return int(bool(detail.get("settebello")))
    if category == "primiera":
        return (detail.get("primiera") or {}).get("total")
    return detail.get(category)  # denari, scope


def _end(match: Match, levels: list[dict[str, str]]) -> dict[str, Any]:
    """The sheet's step: what the hand was worth, category by category (R7: scope, carte, denari,
    settebello, primiera), each side's count and points; each side's primiera cards with their
    values and totals; the levels to play next, and the one to offer first: the easiest, for a
    newcomer."""
    result = match.results[-1]
    sides = []
    for side, detail in enumerate(result.detail):
        prim = detail.get("primiera") or {}
        cards = [{"card": c, "value": PRIMIERA[parse_card(c)]} for c in (prim.get("cards") or {}).values()]
        sides.append({"side": side, "cards": cards, "total": prim.get("total"),
                      "point": result.points[side].get("primiera", 0)})
    summary = [{"category": cat, "counts": [_count(cat, d) for d in result.detail],
                "points": [p.get(cat, 0) for p in result.points]} for cat in result.categories]
    return {"id": LESSON_ID, "step": "end", "text": "lesson.step.end", "summary": summary, "sides": sides,
            "levels": levels, "level": levels[0]["id"] if levels else None, "plays": [], "cards": [], "table": []}


def step(match: Match, levels: list[dict[str, str]]) -> dict[str, Any]:
    """What the coach says now: {id, step, text, plays, cards (hand cards to play), table (table
    cards to point at), turn, turns}; at the hand's end the step "end" (what the hand was worth, the
    levels to play next); between the person's turns the step "wait"."""
    turns = sum(1 for i in range(len(PLAYS)) if i % 2 == 0)
    if match.phase != "play":
        return _end(match, levels)
    if match.turn != PERSON:
        return {"id": LESSON_ID, "step": "wait", "text": "", "plays": [], "cards": [], "table": [],
                "turn": _person_turn(match), "turns": turns}
    turn = _person_turn(match)
    name = STEPS[turn] if turn < len(STEPS) else "play"
    ok = allowed(match)
    table = sorted({card_str(c) for p in ok for c in p.presa})
    say: dict[str, Any] = {}
    if name == "single":
        # the sums the single-card rule rules out: table cards (other than the match) adding up to it
        play = ok[0]
        rest = [c for c in match.table if c not in play.presa]
        say["sum"] = _a_sum(rest, VALUE[play.card])
    return {"id": LESSON_ID, "step": name, "text": f"lesson.step.{name}",
            "plays": [str(p) for p in ok], "cards": sorted({card_str(p.card) for p in ok}),
            "table": table, "options": [[card_str(c) for c in p.presa] for p in ok],
            "say": say, "turn": turn, "turns": turns}


def _a_sum(cards: list[int], total: int) -> list[str]:
    """Some two or more of cards adding up to total (the first found), as codes."""
    n = len(cards)
    for mask in range(1, 1 << n):
        chosen = [cards[i] for i in range(n) if mask >> i & 1]
        if len(chosen) >= 2 and sum(VALUE[c] for c in chosen) == total:
            return [card_str(c) for c in sorted(chosen)]
    return []
