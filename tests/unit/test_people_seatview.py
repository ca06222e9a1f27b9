"""A remote seat's own hint and coach (issue 41 point 3, py/settebello/seatview.py): the guest's
device reads its seat's view back from the page view the host sent and computes the hint and the
coach's word itself, the same a person in that seat at the host's table would be given, in every
game, their special rules' parts read back too; a damaged view or another seat's turn are refused
with their reason."""

from __future__ import annotations

import copy
import random

import pytest

from scopa import mechanics
from scopa.cards import cards_str
from scopa.rules import PRESETS
from settebello.people import PeopleCalls, _as_if_alone
from settebello.seatview import SeatViewError, coach, hint, seat_view
from test_people_protocol import TWO, Table

SCOPONE = {"variant": "scopone", "seats": [{"human": True, "name": "Anna"},
                                           {"human": True, "remote": True, "name": "Bea"},
                                           {"human": False, "name": "Carlo", "level": "easy"},
                                           {"human": True, "remote": True, "name": "Dario"}]}


def _walk(table: Table):
    """Play the hand through the protocol, yielding (seat, guest) before every play."""
    table.join()
    match = table.session.game.match
    while match.phase == "play":
        for seat, guest in table.guests.items():
            yield seat, guest
        if match.turn in table.guests:
            guest = table.guests[match.turn]
            table.deliver(table.host.receive(match.turn, guest.play(guest.view["legal"][0]["notation"])))
        elif table.session.game.seats[match.turn]["human"]:
            table.session.play(table.session.view()["legal"][0]["notation"])
            table.deliver(table.host.updates())
        else:
            table.session.computer_step()
            table.deliver(table.host.updates())
        match = table.session.game.match


@pytest.mark.parametrize("config", [TWO, SCOPONE, {**SCOPONE, "variant": "maresciallo-80"}, {**SCOPONE, "variant": "cicera"}],
                         ids=["scopa", "scopone", "maresciallo-80", "cicera"])
def test_the_guest_reads_back_exactly_its_seats_view_and_hints_as_the_host_would(config):
    table = Table(copy.deepcopy(config), seed=7)
    game = table.session.game if table.session.game else None
    hinted = 0
    for seat, guest in _walk(table):
        game = table.session.game
        assert seat_view(guest.view) == game.match.observe(seat)  # no more, no less than its seat sees
        if game.match.turn == seat:
            with _as_if_alone(game, seat):
                assert hint(guest.view) == game.hint(None)  # the same hint, computed on the guest's device
                for p in guest.view["legal"][:3]:
                    assert coach(guest.view, p["notation"]) == game.coach(p["notation"])
            own = hint(guest.view)
            assert own["card"] in guest.view["hand"]
            assert own["notation"] in [p["notation"] for p in guest.view["legal"]]
            hinted += 1
    assert hinted >= 12


def test_the_masters_hint_on_the_guest_is_the_hosts_too():
    table = Table(copy.deepcopy(TWO), seed=3)
    for seat, guest in _walk(table):
        game = table.session.game
        if game.match.turn == seat:
            with _as_if_alone(game, seat):
                assert hint(guest.view, "master") == game.hint("master")
            return
    raise AssertionError("the guest never had a turn")


def _guest_at_turn(seed: int = 5):
    table = Table(copy.deepcopy(TWO), seed=seed)
    for seat, guest in _walk(table):
        if table.session.game.match.turn == seat:
            return table, guest
    raise AssertionError("the guest never had a turn")


@pytest.mark.parametrize("damage", [
    lambda v: v.update(hand=["ZZ"]),
    lambda v: v.pop("table"),
    lambda v: v.update(seat="1"),
    lambda v: v.update(turn=9),
    lambda v: v.update(totals=list(range(10_000))),
    lambda v: v.update(rules={"players": "many"}),
    lambda v: v.update(legal=[{"card": "7D", "presa": [], "notation": "7D:1C"}]),
    lambda v: v["plays"].append(["7D"]),
    # a play of a special rule this game does not play: a steal's tops (SB20), a build's (SB30)
    lambda v: v["legal"][0].update(steal=[v["legal"][0]["card"]]),
    lambda v: v["legal"][0].update(build={"value": 9}),
], ids=["card", "missing", "seat-type", "seat-range", "huge", "rules", "notation", "play", "steal-here", "other-game"])
def test_a_damaged_view_is_refused_with_its_reason(damage):
    _, guest = _guest_at_turn()
    view = copy.deepcopy(guest.view)
    damage(view)
    with pytest.raises(SeatViewError) as err:
        hint(view)
    assert err.value.reason == "people.view"


def test_no_hint_or_coach_off_its_turn_nor_for_a_play_it_cannot_make():
    table, guest = _guest_at_turn()
    with pytest.raises(SeatViewError) as err:
        hint(guest.view, "grandmaster")
    assert err.value.reason == "people.type"
    with pytest.raises(SeatViewError) as err:
        coach(guest.view, "1X")
    assert err.value.reason == "people.play"
    other = copy.deepcopy(guest.view)
    other["turn"], other["legal"] = 0, []
    with pytest.raises(SeatViewError) as err:
        hint(other)
    assert err.value.reason == "people.turn"
    with pytest.raises(SeatViewError) as err:
        hint(None)
    assert err.value.reason == "people.view"


def _seats(players: int) -> list[dict]:
    """The host's person at seat 0, a guest at seat 1 (and at the last seat from four players on,
    a partner's side in pairs), computers elsewhere."""
    seats = [{"human": True, "name": "Anna"}, {"human": True, "remote": True, "name": "Bea"}]
    for s in range(2, players):
        remote = players >= 4 and s == players - 1
        seats.append({"human": True, "remote": True, "name": f"Guest {s}"} if remote
                     else {"human": False, "name": f"Cpu {s}", "level": "easy"})
    return seats


def _own_kind(p: dict) -> bool:
    """Whether a play's JSON is a mechanic's own play (a steal, a build, a claim, an answer, a declared play)."""
    return bool(p.get("steal")) or any(k in p for k in ("build", "claim", "answer", "declare"))


def _choose(legal: list[dict], rng: random.Random) -> str:
    """A person's play: most often one of the mechanic's own, so its parts come into play."""
    own = [p for p in legal if _own_kind(p)]
    return rng.choice(own if own and rng.random() < 0.7 else legal)["notation"]


def _in_play(part: dict) -> bool:
    """Whether a mechanic's part of a view holds something (a declaration, a pile top, a build, a claim)."""
    return any(isinstance(v, list) and any(x not in (None, 0) for x in v) for v in part.values())


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_strings, value)) if value else set()
    return set()


READ_KEYS = ("hand", "table", "prese", "plays", "legal", "mechanics")  # the view's keys that name cards seat_view reads


def _hidden_from(match, seat: int) -> set[str]:
    """The cards `seat` may not see now: other hands' (but those shown in a declaration), the
    deck's, a card claimed face down by another (SB62)."""
    seen = match.observe(seat)
    shown = seen.shown()
    hidden = set(match.mazzo)
    for s, hand in enumerate(match.hands):
        if s != seat:
            hidden |= set(hand) - set(shown.get(s, ()))
    # SB62: a card claimed face down is its claimer's alone until it is doubted
    hidden |= {c.card for c in getattr(match, "claims", []) if c.seat != seat and c.answer != "doubt"}
    return set(cards_str(hidden))


# the games whose guest may make plays of a mechanic's own (a declared play, a steal, a build, a
# claim or its answer): a hint is asked where they are among its legal plays
OWN_PLAYS = {"bazzica", "cirulla", "rubamazzo", "rubamazzo-a-somme", "cascina", "fidasse"}


def _guest_hints(variant: str, seed: int, hands: int = 8):
    """Play `variant` with guests, yielding (seat, guest view, game) at each guest's turn, after
    checking every guest's view reads back exactly as its seat's and names no card it may not see."""
    players = PRESETS[variant].rules.players
    table = Table({"variant": variant, "seats": _seats(players)}, seed=seed)
    table.join()
    rng = random.Random(seed)
    for number in range(hands):
        if number:
            table.deliver({"send": table.host.next_hand()["send"]})
        match = table.session.game.match
        while match.phase == "play":
            for seat, guest in table.guests.items():
                assert seat_view(guest.view) == match.observe(seat)  # no more, no less than its seat sees
                names = set().union(*(_strings(guest.view[k]) for k in READ_KEYS))
                assert not names & _hidden_from(match, seat)
            if match.turn in table.guests:
                guest = table.guests[match.turn]
                yield match.turn, guest.view, table.session.game
                table.deliver(table.host.receive(match.turn, guest.play(_choose(guest.view["legal"], rng))))
            elif table.session.game.seats[match.turn]["human"]:
                answer = table.session.play(_choose(table.session.view()["legal"], rng))
                assert "error" not in answer, answer
                table.deliver(table.host.updates())
            else:
                table.session.computer_step()
                table.deliver(table.host.updates())
            match = table.session.game.match
        if match.phase == "over":
            return


@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_game_gives_a_guest_its_own_hint_and_coach_as_the_host_would(variant):
    """Issue 41 point 3 in all the games: the special rules' parts (declarations, pile tops,
    builds, claims) read back from the view the host sent, the hint and the coach's word the same
    a person at that seat of the host's table gets, while those parts are in play."""
    parts = [m.name for m in mechanics.active(PRESETS[variant].rules) if m.view_keys]
    hinted, in_play, own_offered = 0, 0, 0
    for seat, view, game in _guest_hints(variant, seed=11):
        own = hint(view)
        assert own["notation"] in [p["notation"] for p in view["legal"]]  # a legal play of its position
        with _as_if_alone(game, seat):
            assert own == game.hint(None)  # computed on the guest's device, the host's adviser's
            for p in view["legal"][:3]:
                assert coach(view, p["notation"]) == game.coach(p["notation"])
        hinted += 1
        if any(_in_play(view["mechanics"][name]) for name in parts):
            in_play += 1
        own_offered += any(_own_kind(p) for p in view["legal"])
        if hinted >= 6 and in_play >= (3 if parts else 0) and own_offered >= (variant in OWN_PLAYS):
            break
    assert hinted >= 6
    assert in_play >= (3 if parts else 0), f"the special rules' parts were in play at {in_play} hints"
    assert own_offered >= (variant in OWN_PLAYS), "no hint was asked where the game's own plays are legal"


def _special_position(variant: str, seed: int = 11) -> dict:
    """A guest's view at its turn with its game's special rules' part in play."""
    name = next(m.name for m in mechanics.active(PRESETS[variant].rules) if m.view_keys)
    for _, view, _ in _guest_hints(variant, seed):
        if _in_play(view["mechanics"][name]):
            return copy.deepcopy(view)
    raise AssertionError(f"no position of {variant} with its part in play")


@pytest.mark.parametrize("variant, damage", [
    ("bazzica", lambda v: v["mechanics"].clear()),
    ("bazzica", lambda v: v["mechanics"]["accuse"]["accuse"][0].update(points=99)),
    ("bazzica", lambda v: v["mechanics"]["accuse"]["accuse"][0].update(kind="poker")),
    ("rubamazzo", lambda v: v["mechanics"]["steal"]["pile_tops"].append(None)),
    ("rubamazzo", lambda v: v["mechanics"]["steal"].update(extra=1)),
    ("cascina", lambda v: v["mechanics"]["cascina"]["cascine"][0].update(owner=7)),
    ("fidasse", lambda v: v["mechanics"]["fidasse"]["claims"][0].update(true="yes")),
    ("fidasse", lambda v: v["mechanics"]["fidasse"].update(hidden=[5, 5])),
], ids=["parts-missing", "points-disagree", "kind", "tops-per-side", "key", "owner", "truth", "hidden"])
def test_a_damaged_special_rules_part_is_refused(variant, damage):
    view = _special_position(variant)
    damage(view)
    with pytest.raises(SeatViewError) as err:
        hint(view)
    assert err.value.reason == "people.view"


def test_the_pages_request_asks_the_guests_python_not_the_host():
    table, guest = _guest_at_turn()
    calls = PeopleCalls(session=None)  # a guest's page: no match of its own
    calls.guest = guest
    got = calls.call("guest_hint", {"level": "expert"})
    assert got["notation"] in [p["notation"] for p in guest.view["legal"]]
    assert calls.call("guest_coach", {"play": guest.view["legal"][0]["notation"]}).keys() == {"warning"}
    assert calls.call("guest_coach", {"play": "nonsense"})["reason"] == "people.play"
    assert PeopleCalls(session=None).call("guest_hint", {})["reason"] == "people.none"
