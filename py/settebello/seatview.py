"""A remote seat's own hint and coach (issue 41 point 3, docs/PEOPLE.md): the guest's device
rebuilds the engine's view of its seat from the page view the host sent it (only what that seat
may see) and asks the same advisers a local seat's hint and coach ask, on its own Python; it
never asks the host.

`seat_view` reads the page view back into a `PlayerView` (checked: a damaged view is refused);
`hint` and `coach` answer as `Game.hint` and `Game.coach` do. A game whose special rules put
parts of their own in the view (declarations, builds, stolen piles' tops, claims) has each part
read back by its mechanic (`Mechanic.read_view`, `read_play`), and written again to check it: the
view the host sent names no card this seat may not see, and nothing else is read.
"""

from __future__ import annotations

from typing import Any

from scopa import mechanics
from scopa.inputs import brief
from scopa.cards import parse_card
from scopa.errors import ScopaError
from scopa.plays import Play
from scopa.result import HandResult
from scopa.rules import RuleSet
from scopa.state import PlayerView
from scopa_ai.explain import advise, warn
from scopa_ai.holds import probable

from .errors import SessionError

HINT_LEVELS = ("expert", "master")  # as game.py's


class SeatViewError(SessionError):
    """A seat's view that cannot be read back, or a hint it cannot give; nothing changed."""


def _cards(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 80:
        raise SeatViewError("a list of cards is damaged", reason="people.view")
    return tuple(parse_card(c) for c in value)


def _ints(value: Any, allow_none: bool = False) -> tuple[Any, ...]:
    if not isinstance(value, list) or len(value) > 12 or not all(
            (allow_none and v is None) or (type(v) is int) for v in value):
        raise SeatViewError("a list of numbers is damaged", reason="people.view")
    return tuple(value)


# what a view adds to a play made (its seat; whether it swept: view.py), beside the play's own keys
_MADE_KEYS = frozenset({"seat", "scopa"})


def _play(p: Any, parts: dict[str, Any]) -> Any:
    """A play written back from its JSON: a mechanic's own (its `read_play`), else a plain one (a
    card and what it takes, nothing more); its notation must agree."""
    if not isinstance(p, dict):
        raise SeatViewError("a play is damaged", reason="people.view")
    play = next((found for m in mechanics.active(parts["rules"])
                 if (found := m.read_play(p, parts)) is not None), None)
    plain = play is None
    if plain:
        play = Play(parse_card(p.get("card")), tuple(sorted(_cards(p.get("presa")))))
    if str(play) != p.get("notation"):
        raise SeatViewError("a play's notation does not say its cards", reason="people.view")
    if plain and {k: v for k, v in p.items() if k not in _MADE_KEYS} != play.to_json():
        # a key no plain play writes is a special rule's this game does not play (another game's play)
        raise SeatViewError("a play says more than a play of this game can", reason="people.view")
    return play


def _mechanics(view: dict[str, Any], parts: dict[str, Any]) -> None:
    """Each special rule's part of the view read back into `parts` by its mechanic: exactly the
    parts and keys the rules put there (`Mechanic.view_keys`)."""
    own = [m for m in mechanics.active(parts["rules"]) if m.view_keys]
    given = view.get("mechanics", {})
    if not isinstance(given, dict) or set(given) != {m.name for m in own}:
        raise SeatViewError("the special rules' parts of the view are not this game's", reason="people.view")
    for m in own:
        part = given[m.name]
        if not isinstance(part, dict) or set(part) != set(m.view_keys):
            raise SeatViewError("a special rule's part of the view is damaged", reason="people.view")
        m.read_view(part, parts)


def _written_again(view: dict[str, Any], seen: PlayerView) -> None:
    """The special rules' parts written again from the view read back must be those sent (what is
    made from others, such as the cards a declaration left in a hand, agrees with them)."""
    again = seen.to_json()["mechanics"]
    if again != view.get("mechanics", {}):
        raise SeatViewError("a special rule's part of the view does not agree with the rest", reason="people.view")


def _result(r: Any) -> HandResult:
    if not (isinstance(r, dict) and isinstance(r.get("categories"), list) and isinstance(r.get("points"), list)
            and isinstance(r.get("detail"), list)):
        raise SeatViewError("a hand's result is damaged", reason="people.view")
    return HandResult(tuple(r["categories"]), tuple(dict(p) for p in r["points"]),
                      tuple(dict(d) for d in r["detail"]), r.get("napoleone"))


def seat_view(view: Any) -> PlayerView:
    """The engine's view of the seat a page view was made for (the one the host sent this device),
    read back and checked; SeatViewError naming what is wrong."""
    if not isinstance(view, dict):
        raise SeatViewError("no view of this seat yet", reason="people.view")
    try:
        rules = RuleSet().with_options(view["rules"])
        names = tuple(view["players"])
        n = len(names)
        if not (1 < n <= 6 and all(isinstance(x, str) for x in names)):
            raise SeatViewError("the players are damaged", reason="people.view")
        parts: dict[str, Any] = {"rules": rules, "names": names}
        _mechanics(view, parts)
        if not isinstance(view["plays"], list) or not isinstance(view["legal"], list) \
                or len(view["plays"]) > 1000 or len(view["legal"]) > 1000:
            raise SeatViewError("the plays are damaged", reason="people.view")
        plays = tuple((p["seat"], _play(p, parts)) for p in view["plays"])
        legal = tuple(_play(p, parts) for p in view["legal"])
        seat, turn, dealer = view["seat"], view["turn"], view["dealer"]
        if not all(type(x) is int and 0 <= x < n for x in (seat, turn, dealer)) \
                or not all(type(s) is int and 0 <= s < n for s, _ in plays):
            raise SeatViewError("a seat number is damaged", reason="people.view")
        speciali = view.get("speciali") or []
        if not (isinstance(speciali, list) and all(isinstance(k, dict) for k in speciali)):
            raise SeatViewError("the special sweeps are damaged", reason="people.view")
        seen = PlayerView(
            **parts, seat=seat, phase=view["phase"], dealer=dealer, turn=turn,
            hand=_cards(view["hand"]), hand_counts=_ints(view["hand_counts"]), table=_cards(view["table"]),
            deck_left=int(view["deck_left"]), prese=tuple(_cards(p) for p in view["prese"]),
            scope=_ints(view["scope"]), last_capturer=view["last_capturer"], plays=plays,
            totals=_ints(view["totals"]), results=tuple(_result(r) for r in view["results"]),
            winner=view["winner"], legal=legal, hand_dealer=view["hand_dealer"],
            tradizionali=_ints(view["tradizionali"]), speciali=tuple(dict(k) for k in speciali))
        _written_again(view, seen)
        return seen
    except SeatViewError:
        raise
    except ScopaError as err:
        raise SeatViewError(f"this seat's view is damaged ({err})", reason="people.view") from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise SeatViewError(f"this seat's view is damaged ({type(err).__name__}: {err})", reason="people.view") from None


def _own_turn(view: Any) -> PlayerView:
    """The seat's view, refused unless this seat is to play and may ask (not a day's deal)."""
    if isinstance(view, dict) and view.get("can_hint") is False:
        raise SeatViewError("this game is played without hints", reason="daily.hint")
    seen = seat_view(view)
    if seen.phase != "play" or seen.turn != seen.seat or not seen.legal:
        raise SeatViewError("it is not your turn", reason="people.turn")
    return seen


def hint(view: Any, level: Any = None) -> dict[str, Any]:
    """A suggested play for this seat from its own view, as `level` ("expert", default, or
    "master") plays, with its reason and the coach's belief: what `Game.hint` says to a person at
    the host's table."""
    level = "expert" if level is None else level
    if level not in HINT_LEVELS:
        raise SeatViewError(f"a hint comes from 'expert' or 'master', not {brief(level)}", reason="people.type")
    seen = _own_turn(view)
    play, reason = advise(seen, level)
    belief = probable(seen)
    return {**play.to_json(), "reason": None if reason is None else reason.to_json(),
            "belief": None if belief is None else belief.to_json()}


def coach(view: Any, play: Any) -> dict[str, Any]:
    """The coach's word before this seat plays `play` (a notation among its legal plays), from its
    own view: {warning: {key, params} | None}, as `Game.coach` says it."""
    seen = _own_turn(view)
    chosen = next((p for p in seen.legal if isinstance(play, str) and str(p) == play), None)
    if chosen is None:
        raise SeatViewError(f"{str(play)[:40]!r} is not one of your plays now", reason="people.play")
    found = warn(seen, chosen)
    return {"warning": None if found is None else found.to_json()}
