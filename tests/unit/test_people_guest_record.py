"""The record a guest's device keeps (issue 41 point 5, py/settebello/people.py PeopleGuest.record):
each hand over joins it with its deal's commitments and reveals, as the host published them; it is
the host's record of the same hands, its deals verify, a tampered reveal fails them, and it
outlives a reload of the guest's page (kept in its storage)."""

from __future__ import annotations

import copy
import json

import pytest

from scopa import from_record
from settebello.people import PeopleError, PeopleGuest, verify_deals
from test_people_protocol import _reloaded, joined_table


def test_the_guests_record_is_the_hosts_and_its_deals_verify():
    table = joined_table(seed=11)
    guest = table.guests[1]
    with pytest.raises(PeopleError) as err:
        guest.record()  # the first hand is being played: its deck would show every hidden card
    assert err.value.reason == "record.unfinished"
    table.play_hand()
    record = guest.record()
    host = table.host.record()
    assert {k: record[k] for k in host} == host  # the same record, commitments and reveals included
    assert verify_deals(record) == {"verified": True}
    table.deliver({"send": table.host.next_hand()["send"]})
    table.play_hand()
    record = guest.record()
    assert len(record["fair_deal"]["deals"]) == 2 and record == table.host.record()
    assert list(from_record(record).totals) == table.session.view()["totals"]
    tampered = copy.deepcopy(record)
    tampered["fair_deal"]["deals"][1]["reveals"]["seat1"] = "2" * 64
    assert verify_deals(tampered) == {"verified": False, "why": "deal 2: seat1's reveal does not match its commitment"}


def test_the_guests_record_outlives_a_reload_of_its_page():
    table = joined_table(seed=12)
    table.play_hand()
    table.deliver({"send": table.host.next_hand()["send"]})
    before = table.guests[1].record()
    _reloaded(table, kept=True)  # what its storage kept, given to the new page's Python
    assert table.guests[1].record() == before
    table.play_hand()
    assert verify_deals(table.guests[1].record()) == {"verified": True}
    assert table.guests[1].record() == table.host.record()


@pytest.mark.parametrize("done", ["x", [{"deal": "1"}], [{"deal": 1, "commits": {}, "reveals": {}, "hands": "no"}]])
def test_a_damaged_kept_record_is_refused_and_changes_nothing(done):
    guest = PeopleGuest(1, "t" * 20)
    kept = json.loads(json.dumps(guest.kept())) | {"done": done}
    with pytest.raises(PeopleError) as err:
        guest.keep_again(kept)
    assert err.value.reason == "people.kept" and guest.done == []
