"""A remote seat's own hint and coach (issue 41 point 3, py/settebello/seatview.py): the guest's
device reads its seat's view back from the page view the host sent and computes the hint and the
coach's word itself, the same a person in that seat at the host's table would be given; a damaged
view, another seat's turn or special rules not read back yet are refused with their reason."""

from __future__ import annotations

import copy

import pytest

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
    lambda v: v.update(legal=[{"card": "7D", "presa": [], "notation": "7D:1C", "steal": []}]),
    lambda v: v["plays"].append(["7D"]),
], ids=["card", "missing", "seat-type", "seat-range", "huge", "rules", "notation", "play"])
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


def test_special_rules_not_read_back_yet_are_refused_by_name():
    table = Table({"variant": "bazzica", "seats": [{"human": True, "name": "Anna"},
                                                   {"human": True, "remote": True, "name": "Bea"}]}, seed=2)
    for seat, guest in _walk(table):
        if table.session.game.match.turn == seat:
            with pytest.raises(SeatViewError) as err:
                hint(guest.view)
            assert err.value.reason == "people.hint_rules"
            return
    raise AssertionError("the guest never had a turn")


def test_the_pages_request_asks_the_guests_python_not_the_host():
    table, guest = _guest_at_turn()
    calls = PeopleCalls(session=None)  # a guest's page: no match of its own
    calls.guest = guest
    got = calls.call("guest_hint", {"level": "expert"})
    assert got["notation"] in [p["notation"] for p in guest.view["legal"]]
    assert calls.call("guest_coach", {"play": guest.view["legal"][0]["notation"]}).keys() == {"warning"}
    assert calls.call("guest_coach", {"play": "nonsense"})["reason"] == "people.play"
    assert PeopleCalls(session=None).call("guest_hint", {})["reason"] == "people.none"
