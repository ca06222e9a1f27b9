"""A rematch with the same people (issue 41 point 6, py/settebello/people.py PeopleHost.rematch):
once a match is over the host's device starts another at the same table over the same channels,
its first deal drawn by every device again; a guest is offered no Rematch of its own, keeps the
last match's record apart, and refuses a replayed rematch; a rematch under way or with other seats
is refused and changes nothing."""

from __future__ import annotations

import copy

import pytest

from settebello.people import PeopleError, deal_seed, verify_deals
from test_people_protocol import TWO, Table

QUICK = {**TWO, "options": {"target": 3}}  # a match of a few hands


def _match_over(seed: int) -> Table:
    table = Table(copy.deepcopy(QUICK), seed=seed)
    table.join()
    while True:
        table.play_hand()
        if table.session.game.match.phase == "over":
            return table
        table.deliver({"send": table.host.next_hand()["send"]})


def test_a_rematch_deals_a_new_match_to_the_same_people_over_the_same_channels():
    table = _match_over(seed=21)
    host_story, guest_story = table.session.view()["story"], table.guests[1].view["story"]
    assert host_story["rematch"]["seats"][1]["remote"] is True
    assert guest_story["rematch"] is None and guest_story["totals"] == host_story["totals"]  # only the host starts it
    first = table.guests[1].record()
    assert verify_deals(first) == {"verified": True}
    table.deliver(table.host.rematch(host_story["rematch"]))
    game, guest = table.session.game, table.guests[1]
    assert table.host.started and game.match.phase == "play" and not game.match.results
    deal = table.host.deals[0]
    assert game.seed == deal_seed(1, {**deal.reveals, "host": deal.host_nonce}) and "seat1" in deal.reveals
    assert guest.match_no == 2 and guest.view["phase"] == "play" and guest.view["results"] == []
    assert guest.view["players"][1] == host_story["rematch"]["seats"][1]["name"]
    with pytest.raises(PeopleError) as err:
        guest.record()  # the new match has no hand over yet; the last one's record stays where it was kept
    assert err.value.reason == "record.unfinished"
    table.play_hand()
    record = guest.record()
    assert verify_deals(record) == {"verified": True} and record == table.host.record()
    assert record["hands"] != first["hands"][: len(record["hands"])]


def test_a_rematch_under_way_or_with_other_seats_is_refused_and_changes_nothing():
    table = Table(copy.deepcopy(QUICK), seed=22)
    table.join()
    config = {**copy.deepcopy(QUICK), "seats": table.session.game.config["seats"]}
    before = table.state()
    with pytest.raises(PeopleError) as err:
        table.host.rematch(config)  # the match is under way
    assert err.value.reason == "people.rematch" and table.state() == before
    table = _match_over(seed=23)
    before = table.state()
    others = copy.deepcopy(table.session.view()["story"]["rematch"])
    others["seats"][1] = {"human": False, "level": "easy", "name": "Bruno"}
    with pytest.raises(PeopleError) as err:
        table.host.rematch(others)
    assert err.value.reason == "people.rematch" and table.state() == before


def test_a_guest_refuses_a_replayed_rematch():
    table = _match_over(seed=24)
    sent = table.host.rematch(table.session.view()["story"]["rematch"])["send"]
    table.deliver({"send": sent})
    guest = table.guests[1]
    view = guest.view
    with pytest.raises(PeopleError) as err:
        guest.receive(sent[0][1])  # the same rematch message again
    assert err.value.reason == "people.replayed" and guest.view == view and guest.match_no == 2
