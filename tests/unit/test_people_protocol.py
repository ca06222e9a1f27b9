"""Play with people on other devices (issue 41, py/settebello/people.py): the message protocol and
the remote seat of the host's session, in CPython. A peer is untrusted input: every hostile
message is refused with its reason and changes nothing; a remote seat sees only its own seat's
view; a hand played through the protocol is the engine's; a tampered reveal fails the deal's check."""

from __future__ import annotations

import copy
import json
import random

import pytest

from scopa import from_record
from scopa.cards import card_str
from settebello.people import (MAX_GUEST_CHARS, PeopleError, PeopleGuest, PeopleHost, commitment, message,
                              verify_deals)
from settebello.session import Session

TWO = {"variant": "scopa", "seats": [{"human": True, "name": "Anna"},
                                     {"human": True, "remote": True, "name": "Bea"}]}


def secrets_from(seed: int):
    """Seeded nonces and tokens, so a failure replays the same deal."""
    rng = random.Random(seed)
    return (lambda: "%064x" % rng.getrandbits(256)), (lambda: "t" + "%030x" % rng.getrandbits(120))


class Table:
    """A host session and one guest per remote seat, their messages carried as a channel would."""

    def __init__(self, config=TWO, seed: int = 1) -> None:
        nonce, token = secrets_from(seed)
        self.session = Session()
        self.host = PeopleHost(self.session, nonce=nonce, token=token)
        opened = self.host.open(copy.deepcopy(config))
        self.guests = {inv["seat"]: PeopleGuest(inv["seat"], inv["token"], None, nonce=nonce)
                       for inv in opened["invites"]}
        self.to_guest: list[tuple[int, dict]] = []  # every message a guest was sent, read back
        self.verified: list[dict] = []

    def deliver(self, out: dict) -> None:
        """Carry the host's messages to the guests and their answers back until none are left."""
        queue = list(out["send"])
        while queue:
            seat, text = queue.pop(0)
            self.to_guest.append((seat, json.loads(text)))
            answer = self.guests[seat].receive(text)
            if answer.get("verified"):
                self.verified.append(answer["verified"])
            for reply in answer["send"]:
                back = self.host.receive(seat, reply)
                assert "refused" not in back, back
                queue += back["send"]

    def join(self) -> None:
        for seat, guest in self.guests.items():
            self.deliver(self.host.receive(seat, guest.hello()))

    def state(self) -> str:
        """Everything a refused message must leave as it was: the match, the clock, each seat's
        message count and the deals."""
        host = self.host
        return json.dumps({"save": self.session.save(), "started": host.started,
                           "remote": {s: [r.joined, r.last_n, r.name] for s, r in host.remote.items()},
                           "deals": [[d.commits, d.reveals, d.published] for d in host.deals]}, sort_keys=True)

    def play_hand(self) -> None:
        """Play the hand to its end: the host's person and each guest the first legal play."""
        match = self.session.game.match
        while match.phase == "play":
            if match.turn in self.guests:
                guest = self.guests[match.turn]
                self.deliver(self.host.receive(match.turn, guest.play(guest.view["legal"][0]["notation"])))
            else:
                answer = self.session.play(self.session.view()["legal"][0]["notation"])
                assert "error" not in answer, answer
                self.deliver(self.host.updates())
            match = self.session.game.match


def joined_table(seed: int = 1) -> Table:
    table = Table(seed=seed)
    table.join()
    return table


def test_the_match_starts_once_the_guest_has_joined_and_revealed():
    table = Table()
    assert table.session.game is None  # nothing dealt before the guest's part of the deal
    table.join()
    assert table.host.started and table.session.game.match.phase == "play"
    assert table.guests[1].view["seat"] == 1 and len(table.guests[1].view["hand"]) == 3


def _msg(kind: str, n: int, **fields) -> str:
    return message(kind, n, **fields)


HOSTILE = {
    "not JSON": ("{not json", "people.json"),
    "a list": ("[1, 2]", "people.type"),
    "huge": (json.dumps({"v": 1, "t": "play", "n": 50, "play": "x" * MAX_GUEST_CHARS}), "people.size"),
    "too deep": ('{"v": 1, "t": "play", "n": 50, "play": [[[[["7D"]]]]]}', "people.size"),
    "wrong version": (json.dumps({"v": 2, "t": "sync", "n": 50}), "people.version"),
    "unknown type": (_msg("deal_me_the_settebello", 50), "people.type"),
    "play of the wrong type": (json.dumps({"v": 1, "t": "play", "n": 50, "play": 7}), "people.type"),
    "extra field": (json.dumps({"v": 1, "t": "play", "n": 50, "play": "7D", "seat": 0}), "people.type"),
    "no number": (json.dumps({"v": 1, "t": "sync"}), "people.type"),
    "a boolean for a number": (json.dumps({"v": 1, "t": "sync", "n": True}), "people.type"),
    "replayed number": (_msg("sync", 1), "people.replayed"),
    "a reveal out of its deal": (_msg("reveal", 50, deal=1, nonce="0" * 64), "people.deal"),
    "another token": (_msg("hello", 50, seat=1, token="x" * 24, name=None), "people.token"),
    "another seat's hello": (_msg("hello", 50, seat=0, token="x" * 24, name=None), "people.token"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_message_is_refused_with_its_reason_and_changes_nothing(name):
    text, reason = HOSTILE[name]
    table = joined_table()
    if table.session.game.match.turn != 1:  # the guest's turn, so that only the message is wrong
        table.session.play(table.session.view()["legal"][0]["notation"])
        table.deliver(table.host.updates())
    before = table.state()
    out = table.host.receive(1, text)
    assert out["refused"]["reason"] == reason, out
    assert table.state() == before
    [(seat, reply)] = out["send"]
    assert seat == 1 and json.loads(reply)["t"] == "refused" and json.loads(reply)["reason"] == reason


def test_a_play_out_of_turn_an_illegal_play_and_a_play_before_hello_are_refused():
    table = Table()
    guest = table.guests[1]
    before = table.state()
    out = table.host.receive(1, guest.play("7D"))  # before hello
    assert out["refused"]["reason"] == "people.hello" and table.state() == before
    table.join()
    match = table.session.game.match
    if match.turn == 1:  # make it the host's turn
        table.deliver(table.host.receive(1, guest.play(guest.view["legal"][0]["notation"])))
    before = table.state()
    mine = guest.view["hand"][0]
    out = table.host.receive(1, guest.play(mine))
    assert out["refused"]["reason"] == "people.turn" and table.state() == before
    # on its turn, a card it does not hold (one of the host's) is refused by the engine
    table.session.play(table.session.view()["legal"][0]["notation"])
    table.deliver(table.host.updates())
    assert match.turn == 1
    before = table.state()
    hosts_card = table.session.view()["hand"][0]
    out = table.host.receive(1, guest.play(hosts_card))
    assert out["refused"] is not None and table.state() == before
    # the same message sent again after a legal play is a replay
    legal = guest.play(guest.view["legal"][0]["notation"])
    table.deliver(table.host.receive(1, legal))
    before = table.state()
    assert table.host.receive(1, legal)["refused"]["reason"] == "people.replayed"
    assert table.state() == before


def test_a_seat_cannot_play_another_seats_turn():
    three = {"variant": "scopa-a-tre", "seats": [
        {"human": True, "name": "Anna"}, {"human": True, "remote": True}, {"human": True, "remote": True}]}
    table = Table(three, seed=3)
    table.join()
    match = table.session.game.match
    while match.turn in (0, 1):  # until it is seat 2's turn
        if match.turn == 1:
            g = table.guests[1]
            table.deliver(table.host.receive(1, g.play(g.view["legal"][0]["notation"])))
        else:
            table.session.play(table.session.view()["legal"][0]["notation"])
            table.deliver(table.host.updates())
    before = table.state()
    seat2_card = table.guests[2].view["hand"][0]
    out = table.host.receive(1, table.guests[1].play(seat2_card))  # seat 1's channel plays seat 2's card
    assert out["refused"]["reason"] == "people.turn" and table.state() == before


def test_a_remote_seat_is_sent_only_its_own_seats_view():
    table = joined_table(seed=4)
    match = table.session.game.match
    seen_host_cards: list[set[str]] = []
    checked: list[int] = []
    while match.phase == "play":
        seen_host_cards.append({card_str(c) for c in match.hands[0]})
        count = len(table.to_guest)
        if match.turn == 1:
            g = table.guests[1]
            table.deliver(table.host.receive(1, g.play(g.view["legal"][0]["notation"])))
        else:
            table.session.play(table.session.view()["legal"][0]["notation"])
            table.deliver(table.host.updates())
        # every state the guest was sent during this play holds none of the cards the host's
        # person still held once the play was made (a card played is public, a card in hand is not)
        hidden = {card_str(c) for c in match.hands[0]} if match.phase == "play" else set()
        for seat, msg in table.to_guest[count:]:
            if msg["t"] != "state":
                continue
            view = msg["view"]
            assert view["seat"] == 1
            # `unseen` lists every card this seat has not seen, the mazzo's with the host's hand's:
            # what any player can count, never which of them the host holds
            assert hidden <= set(view["unseen"]) and len(view["unseen"]) == len(hidden) + view["deck_left"]
            text = json.dumps({k: v for k, v in view.items() if k != "unseen"})
            assert not any(f'"{c}"' in text for c in hidden), (hidden, view["hand"])
            checked.append(len(hidden))
    assert seen_host_cards and sum(checked) > 0  # states were checked while the host held cards


def test_a_whole_hand_through_the_protocol_is_the_engines():
    table = joined_table(seed=5)
    table.play_hand()
    view = table.session.view()
    guest_view = table.guests[1].view
    assert view["phase"] == guest_view["phase"] == "deal"
    assert guest_view["totals"] == view["totals"] and guest_view["seat"] == 1
    record = table.host.record()
    replayed = from_record(record)  # every play checked again by the engine
    assert list(replayed.totals) == view["totals"]
    assert table.verified == [{"deal": 1, "verified": True, "why": None}]
    assert verify_deals(record) == {"verified": True}
    # the next deal: drawn from both parts again, the guest verifies it once its hand is over
    table.deliver({"send": table.host.next_hand()["send"]})
    table.play_hand()
    assert [v["verified"] for v in table.verified] == [True, True]
    assert verify_deals(table.host.record()) == {"verified": True}


def test_a_tampered_reveal_or_deck_fails_the_deals_check():
    table = joined_table(seed=6)
    table.play_hand()
    record = table.host.record()
    assert verify_deals(record) == {"verified": True}
    tampered = copy.deepcopy(record)
    tampered["fair_deal"]["deals"][0]["reveals"]["host"] = "1" * 64
    assert verify_deals(tampered) == {"verified": False, "why": "deal 1: host's reveal does not match its commitment"}
    # a reveal changed with its commitment (a host that rewrote both after the deal): the deck is not the seed's
    forged = copy.deepcopy(record)
    forged["fair_deal"]["deals"][0]["reveals"]["host"] = "1" * 64
    forged["fair_deal"]["deals"][0]["commits"]["host"] = commitment("1" * 64)
    assert verify_deals(forged)["why"] == "deal 1: the deck is not the one its seed shuffles"
    del record["fair_deal"]
    assert verify_deals(record)["verified"] is False


def test_the_guest_refuses_a_host_reveal_that_is_not_its_commitment():
    table = joined_table(seed=7)
    guest = table.guests[1]
    match = table.session.game.match
    sent = []
    while match.phase == "play":
        if match.turn == 1:
            out = table.host.receive(1, guest.play(guest.view["legal"][0]["notation"]))
        else:
            table.session.play(table.session.view()["legal"][0]["notation"])
            out = table.host.updates()
        for seat, text in out["send"]:
            msg = json.loads(text)
            if msg["t"] == "reveals":
                msg["reveals"]["host"] = "2" * 64  # the host changed its mind after the guest revealed
                msg["commits"]["host"] = commitment("2" * 64)
                text = json.dumps(msg)
            sent.append(guest.receive(text))
    verdicts = [a["verified"] for a in sent if a.get("verified")]
    assert verdicts == [{"deal": 1, "verified": False,
                         "why": "deal 1: the host's commitment is not the one it sent before the deal"}]


def test_the_host_page_never_passes_the_device_to_a_remote_seat():
    table = joined_table(seed=8)
    session = table.session
    while session.game.match.turn != 1:
        session.play(session.view()["legal"][0]["notation"])
        table.deliver(table.host.updates())
    view = session.view()
    assert view["pass_to"] is None and view["legal"] == [] and view["seat"] == 0 and view["hand"]
    assert "error" in session.show(1)  # the host's page cannot show a remote seat's hand


def test_every_person_on_another_device_is_refused():
    session = Session()
    answer = session.check_game({"variant": "scopa", "seats": [{"human": True, "remote": True},
                                                               {"human": True, "remote": True}]})
    assert answer["reason"] == "seats.local"
    answer = session.check_game({"variant": "scopa", "seats": [{"human": True}, {"human": False, "remote": True}]})
    assert answer["reason"] == "seats.remote"


def test_a_table_without_a_remote_seat_is_refused():
    with pytest.raises(PeopleError) as err:
        PeopleHost(Session()).open({"variant": "scopa", "seats": [{"human": True}, {"human": False, "level": "easy"}]})
    assert err.value.reason == "people.none"


def _reloaded(table: Table, kept: bool) -> None:
    """The guest's page reloads mid-hand: a new guest for the same invitation (with what the old
    one kept of the deals, or without), which says hello again and is sent its seat's view."""
    old = table.guests[1]
    nonce, _ = secrets_from(99)
    new = PeopleGuest(1, old.token, None, nonce=nonce)
    if kept:
        new.keep_again(json.loads(json.dumps(old.kept())))
    table.guests[1] = new
    table.deliver(table.host.receive(1, new.hello()))


@pytest.mark.parametrize("kept", [True, False])
def test_a_guest_reloaded_mid_hand_plays_on_at_the_same_play(kept):
    table = joined_table(seed=9)
    session = table.session
    for _ in range(5):
        match = session.game.match
        if match.turn == 1:
            g = table.guests[1]
            table.deliver(table.host.receive(1, g.play(g.view["legal"][0]["notation"])))
        else:
            session.play(session.view()["legal"][0]["notation"])
            table.deliver(table.host.updates())
    before = table.guests[1].view
    _reloaded(table, kept)
    after = table.guests[1].view
    assert after["plays"] == before["plays"] and after["hand"] == before["hand"] and after["turn"] == before["turn"]
    table.play_hand()
    assert table.guests[1].view["phase"] == "deal"
    expected = {"deal": 1, "verified": True, "why": None} if kept else \
        {"deal": 1, "verified": False, "why": "deal 1: this device did not keep that deal's commitments (it was reloaded without them)"}
    assert table.verified == [expected]


@pytest.mark.parametrize("damage", [
    "not an object", {"seat": 0, "host_commits": {}, "mine": {}},
    {"seat": 1, "host_commits": {"1": "zz"}, "mine": {}},
    {"seat": 1, "host_commits": {}, "mine": {"1": ["0" * 64, "0" * 64]}},  # not the nonce's commitment
])
def test_a_damaged_kept_part_of_the_deals_is_refused_and_changes_nothing(damage):
    from settebello.people import PeopleError
    guest = PeopleGuest(1, "t" * 20)
    guest.mine = {1: ("a" * 64, commitment("a" * 64))}
    with pytest.raises(PeopleError) as err:
        guest.keep_again(damage)
    assert err.value.reason == "people.kept" and guest.mine == {1: ("a" * 64, commitment("a" * 64))}


def test_a_table_phrase_goes_to_every_other_seat_and_free_text_is_refused():
    three = {"variant": "scopa-a-tre", "seats": [
        {"human": True, "name": "Anna"}, {"human": True, "remote": True}, {"human": True, "remote": True}]}
    table = Table(three, seed=10)
    table.join()
    out = table.host.receive(1, table.guests[1].say("bravo"))
    assert out["host"] == {"phrase": {"seat": 1, "phrase": "bravo"}}
    [(seat, text)] = out["send"]  # to seat 2 only, not back to the one who said it
    assert seat == 2 and table.guests[2].receive(text)["phrase"] == {"seat": 1, "phrase": "bravo"}
    before = table.state()
    free = json.dumps({"v": 1, "t": "phrase", "n": 90, "phrase": "<img src=x onerror=alert(1)>"})
    assert table.host.receive(1, free)["refused"]["reason"] == "people.type" and table.state() == before
    said = table.host.say("good_game")
    assert sorted(s for s, _ in said["send"]) == [1, 2] and said["phrase"] == {"seat": 0, "phrase": "good_game"}


def test_a_seat_that_says_too_many_phrases_in_a_hand_is_refused():
    from settebello.people import MAX_PHRASES_PER_HAND
    table = joined_table(seed=11)
    for _ in range(MAX_PHRASES_PER_HAND):
        assert table.host.receive(1, table.guests[1].say("thanks")).get("refused") is None
    out = table.host.receive(1, table.guests[1].say("thanks"))
    assert out["refused"]["reason"] == "people.phrases"


def test_the_replay_viewers_check_reads_a_record_as_text_or_object():
    from settebello.people import PeopleCalls
    table = joined_table(seed=12)
    table.play_hand()
    calls = PeopleCalls(table.session)
    calls.host = table.host
    record = calls.call("record", None)
    assert calls.call("verify", {"record": record}) == {"verified": True}
    assert calls.call("verify", {"record": json.dumps(record)}) == {"verified": True}
    record["hands"][0]["deck"][:2] = record["hands"][0]["deck"][1::-1]  # two cards of the deck swapped
    assert calls.call("verify", {"record": record})["verified"] is False
    assert calls.call("verify", {"record": "[" * 50})["reason"] == "input.depth"


def test_a_hello_said_again_before_the_host_answered_is_welcomed_again_and_the_match_starts_once():
    """The hand path's guest page says its hello again until the host's page answers (people.js:
    a first hello was at times never delivered); when both arrive, the host welcomes each, the
    guest refuses only the deal's commitment sent twice (said in its console, nothing changed),
    and the match starts once, the guest at the same view as after a single hello."""
    once = joined_table(seed=4)
    table = Table(seed=4)
    guest = table.guests[1]
    first = table.host.receive(1, guest.hello())
    second = table.host.receive(1, guest.hello())  # said again before the first answer came
    assert "refused" not in first and "refused" not in second and not table.host.started
    refused_here = []
    queue = first["send"] + second["send"]
    while queue:
        seat, text = queue.pop(0)
        try:
            answer = guest.receive(text)
        except PeopleError as err:  # (people.js: warned, and the next message is read)
            refused_here.append(err.reason)
            continue
        for reply in answer["send"]:
            back = table.host.receive(seat, reply)
            assert "refused" not in back, back
            queue += back["send"]
    assert set(refused_here) <= {"people.deal"}
    assert table.host.started and table.session.game.match.phase == "play"
    assert guest.view == once.guests[1].view
    assert table.session.view() == once.session.view()
