"""What an invitation shows the friend who opens it (issue 41: "sees the table, their seat and who
else sits there"; py/settebello/invitation.py): the game and its target, who sits where, person or
computer, the sides of a team game, the clock; the same after the host's page reloads."""

from __future__ import annotations

from settebello.people import PeopleHost
from settebello.session import Session

SCOPONE = {"variant": "scopone", "clock": "standard",
           "seats": [{"human": True, "name": "Ada"}, {"human": True, "remote": True, "name": "Bea"},
                     {"human": False, "level": "easy", "name": "Carlo"}, {"human": True, "remote": True, "name": "Dario"}]}


def test_the_invitation_carries_the_table_seats_sides_and_clock():
    table = PeopleHost(Session()).open(SCOPONE)["table"]
    assert table["g"] == "scopone" and table["to"] == 11 and table["x"] == 0
    assert table["s"] == [["Ada", "h", 0], ["Bea", "r", 1], ["Carlo", "c", 0], ["Dario", "r", 1]]
    assert table["t"] == 1  # partners sit opposite: Ada with Carlo, Bea with Dario
    assert table["c"] == [45, 900]  # the standard clock: 45 s a move, 15 min BankTime


def test_a_two_player_game_without_clock_has_no_sides_nor_clock():
    two = {"variant": "scopa", "options": {"target": 21},
           "seats": [{"human": True, "name": "Anna"}, {"human": True, "remote": True, "name": "Bea"}]}
    table = PeopleHost(Session()).open(two)["table"]
    assert table["to"] == 21 and table["t"] == 0 and "c" not in table
    assert [kind for _, kind, _ in table["s"]] == ["h", "r"]
