"""Nothing lost (issue 41, py/settebello/people.py): a remote seat that dropped is reconnecting to
the others, and its clock waits DROP_GRACE_MS before RULES §5's move time, BankTime and forfeit
run again; the host's reload restores the table with people beside the match's save, and the
guests play on by their invitations."""

from __future__ import annotations

import copy
import json

import pytest

from settebello.people import DROP_GRACE_MS, PeopleError, PeopleHost, unpaid_ms
from settebello.session import Session
from test_people_protocol import TWO, Table, secrets_from

CLOCK = {"move_ms": 10_000, "first_move_ms": 10_000, "bank_ms": 30_000, "increment_ms": 0}
FOUR = {"variant": "scopone", "seats": [{"human": True, "name": "Anna"}, {"human": True, "remote": True, "name": "Bea"},
                                        {"human": True, "remote": True, "name": "Cleo"}, {"human": False, "level": "easy"}]}


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


class ClockTable(Table):
    """test_people_protocol's Table on a session whose time the test moves."""

    def __init__(self, config=TWO, seed: int = 3) -> None:
        self.now = FakeTime()
        super().__init__(config, seed)
        nonce, token = secrets_from(seed)
        self.session = Session(self.now)
        self.host = PeopleHost(self.session, nonce=nonce, token=token)
        opened = self.host.open(copy.deepcopy(config))
        for inv in opened["invites"]:
            self.guests[inv["seat"]].token = inv["token"]

    def to_seat(self, seat: int) -> None:
        """Plays (the host's person's, the other guests') until it is `seat`'s turn."""
        match = self.session.game.match
        while match.turn != seat:
            if match.turn in self.guests:
                guest = self.guests[match.turn]
                self.deliver(self.host.receive(match.turn, guest.play(guest.view["legal"][0]["notation"])))
            elif not self.session.game.seats[match.turn]["human"]:
                assert "error" not in self.session.computer_step()
                self.deliver(self.host.updates())
            else:
                assert "error" not in self.session.play(self.session.view()["legal"][0]["notation"])
                self.deliver(self.host.updates())


def seat_clock(view: dict, seat: int) -> dict:
    return view["clock"]["seats"][seat]


def test_the_grace_rule_leaves_a_dropped_seat_uncharged_for_the_grace_time_only():
    g = DROP_GRACE_MS
    assert unpaid_ms(0, 5_000, 10_000, None) == 0  # before the drop: all charged
    assert unpaid_ms(0, 30_000, 10_000, None) == 20_000  # since the drop, within the grace: none
    assert unpaid_ms(0, 10_000 + g + 7_000, 10_000, None) == g  # past the grace: charged again
    assert unpaid_ms(10_000 + g, 10_000 + g + 5_000, 10_000, None) == 0  # a reading after the grace
    assert unpaid_ms(0, 40_000, 10_000, 25_000) == 15_000  # back before the grace ended
    assert unpaid_ms(20_000, 30_000, 10_000, None, grace_ms=0) == 0  # no grace: RULES §5 as it is


def test_a_dropped_remote_seat_waits_the_grace_then_forfeits_as_rules_5_says():
    table = ClockTable({**TWO, "clock": CLOCK})
    table.join()
    table.to_seat(1)
    assert table.session.game.match.turn == 1
    before = seat_clock(table.host.tick(), 1)
    out = table.host.drop(1)
    assert out["away"] == 1 and table.host.away() == [1]
    table.now.t += DROP_GRACE_MS - 1_000  # within the grace: its clock is where it was
    after = seat_clock(table.host.tick(), 1)
    assert after["move_ms"] == before["move_ms"] and after["bank_ms"] == before["bank_ms"]
    table.now.t += 1_000 + 9_000  # the grace over: its move time runs again
    assert seat_clock(table.host.tick(), 1)["move_ms"] == before["move_ms"] - 9_000
    table.now.t += 1_000 + 30_000  # move time and BankTime spent: the seat forfeits, the other side wins
    view = table.host.tick()
    assert view["forfeit"]["seat"] == 1 and view["forfeit"]["winner"] == 0


def test_a_seat_never_dropped_is_charged_at_once():
    table = ClockTable({**TWO, "clock": CLOCK})  # the test above fails without the grace: this is why
    table.join()
    table.to_seat(1)
    before = seat_clock(table.host.tick(), 1)
    table.now.t += 5_000
    assert seat_clock(table.host.tick(), 1)["move_ms"] == before["move_ms"] - 5_000


def test_the_others_are_told_a_seat_is_reconnecting_and_when_it_is_back():
    table = ClockTable(FOUR)
    table.join()
    table.to_seat(0)
    out = table.host.drop(1)
    assert [(s, json.loads(t)["t"]) for s, t in out["send"]] == [(2, "presence")]
    said = table.guests[2].receive(out["send"][0][1])
    assert said["presence"] == {"seat": 1, "away": True}
    # the table goes on meanwhile (the host's person plays); seat 1 is sent nothing while it is away
    assert "error" not in table.session.play(table.session.view()["legal"][0]["notation"])
    assert {seat for seat, _ in table.host.updates()["send"]} == {2}
    back = table.host.receive(1, table.guests[1].hello())
    presence = [json.loads(t) for s, t in back["send"] if s == 2 and json.loads(t)["t"] == "presence"]
    assert [(p["seat"], p["away"]) for p in presence] == [(1, False)] and table.host.away() == []


def test_the_host_reloaded_restores_the_table_and_the_guests_play_on_by_their_invitations():
    table = ClockTable()
    table.join()
    for _ in range(5):
        table.to_seat(1)
        table.to_seat(0)
    saved_match, saved_people = table.session.save(), json.dumps(table.host.save())
    tokens = {s: r.token for s, r in table.host.remote.items()}
    # the host's page reloads: a new session restores the match, then the table with people
    session = Session(table.now)
    assert "error" not in session.restore(json.loads(json.dumps(saved_match)))
    host = PeopleHost(session)
    resumed = host.restore(saved_people)
    assert {i["seat"]: i["token"] for i in resumed["invites"]} == tokens and resumed["away"] == [1]
    table.session, table.host = session, host
    assert host.updates()["send"] == []  # nothing to a seat until it says hello again
    table.deliver(host.receive(1, table.guests[1].hello()))  # the guest, by its invitation
    assert host.away() == []
    table.play_hand()
    assert session.game.match.phase != "play"
    assert table.verified and all(v["verified"] for v in table.verified), table.verified


@pytest.mark.parametrize("damage", [
    lambda s: "not json",
    lambda s: {**s, "v": 2},
    lambda s: {**s, "remote": {"1": {**s["remote"]["1"], "token": "x"}}},
    lambda s: {**s, "deals": []},
    lambda s: {**s, "deals": [{**s["deals"][0], "host_nonce": "f" * 64}] + s["deals"][1:]},  # another match's
])
def test_a_damaged_or_foreign_saved_table_is_refused_and_changes_nothing(damage):
    table = ClockTable()
    table.join()
    table.to_seat(1)
    saved = table.host.save()
    session = Session(table.now)
    session.restore(json.loads(json.dumps(table.session.save())))
    host = PeopleHost(session)
    with pytest.raises(PeopleError) as err:
        host.restore(damage(json.loads(json.dumps(saved))))
    assert err.value.reason == "people.saved"
    assert host.remote == {} and host.deals == [] and not host.started
