"""The session by job (issue 22, point 2) and hot-seat privacy (point 6), as the page sees them."""

from __future__ import annotations

import json

from scopa import card_str
from settebello.session import Session

TWO_PEOPLE = [{"human": True, "name": "Anna"}, {"human": True, "name": "Bea"}]
HUMAN_VS_CPU = [{"human": True, "name": "Anna"}, {"human": False, "level": "easy"}]
SHORT = {"move_ms": 1000, "first_move_ms": 1000, "bank_ms": 2000, "increment_ms": 0}


class FakeTime:
    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t

    def wait(self, ms):
        self.t += ms


def quoted_cards(cards) -> list[str]:
    return [f'"{card_str(c)}"' for c in cards]


def this_hand(reply: dict) -> str:
    """A view or {event, view} as JSON, less the score sheets of finished hands (public, and
    naming cards of those hands that may be in this one's hands now)."""
    def strip(v):
        return {k: v[k] for k in v if k not in ("results", "hand_result")}
    if "view" in reply:
        return json.dumps({"event": strip(reply["event"]), "view": strip(reply["view"])})
    return json.dumps(strip(reply))


def test_while_the_pass_screen_is_up_the_view_holds_no_hidden_card():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 2, "seats": TWO_PEOPLE})
    screens = 0
    for _ in range(400):
        v = s.view()
        if v["phase"] == "over":
            break
        if v["phase"] == "deal":
            s.next_hand()
            continue
        if v["pass_to"] is not None:
            screens += 1
            assert v["hand"] == [] and v["legal"] == []
            assert v["hand_counts"] == [len(h) for h in s.game.match.hands]
            text = this_hand(v)
            for hand in s.game.match.hands:
                for card in quoted_cards(hand):
                    assert card not in text, (card, v["pass_to"])
            shown = s.show(v["pass_to"])
            assert shown["hand"] == [card_str(c) for c in s.game.match.hands[v["pass_to"]]] and shown["legal"]
            continue
        r = s.play(v["legal"][0]["notation"])
        if r["view"]["pass_to"] is not None:  # the event says nothing of the hands either
            text = this_hand(r)
            for hand in s.game.match.hands:
                for card in quoted_cards(hand):
                    assert card not in text
    assert screens > 30


def test_the_event_shows_the_shown_person_their_own_new_cards_only():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 4, "seats": HUMAN_VS_CPU})
    for _ in range(40):
        v = s.view()
        r = s.play(v["legal"][0]["notation"]) if v["waiting"] == "human" else s.computer_step()
        deals = [m for m in r["event"]["moves"] if m["kind"] == "deal"]
        if deals:
            mine = sorted(m["card"] for m in deals if m["to"] == "hand:0")
            assert mine == sorted(r["view"]["hand"]) and len(mine) == 3
            assert all(m["card"] is None for m in deals if m["to"] == "hand:1")
            return
    raise AssertionError("no fresh deal in 40 plays")


def test_view_only_reads_the_clock_and_never_declares_a_forfeit():
    now = FakeTime()
    s = Session(now)
    s.new_game({"variant": "scopa", "seed": 3, "seats": HUMAN_VS_CPU, "clock": SHORT})
    while s.view()["waiting"] != "human":
        s.computer_step()
    now.wait(1500)
    first = s.view()
    assert first["clock"]["seats"][0]["bank_ms"] == 1500  # half a second into the BankTime, as it reads
    assert s.view() == first and s.save() == s.save()  # reading twice changes nothing
    now.wait(5000)  # long past the limit: still only a reading
    late = s.view()
    assert late["forfeit"] is None and late["phase"] == "play" and late["clock"]["flagged"] is None
    assert late["clock"]["seats"][0]["bank_ms"] <= 1
    assert s.call("tick")["forfeit"]["name"] == "Anna"  # the poll declares it
    assert s.view()["phase"] == "over" and s.view()["forfeit"]["seat"] == 0


def test_scope_come_from_the_hand_s_events():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 1, "seats": HUMAN_VS_CPU})
    seen = 0
    for _ in range(400):
        v = s.view()
        if v["phase"] != "play":
            break
        events = s.game.match.log[-1].events
        assert [p["scopa"] for p in v["plays"]] == [e.scopa for e in events]
        made = [[card_str(e.play.card) for e in events if e.scopa and e.seat % 2 == side] for side in (0, 1)]
        assert v["scope_cards"] == made
        seen += sum(map(len, made))
        r = s.play(v["legal"][0]["notation"]) if v["waiting"] == "human" else s.computer_step()
        assert "error" not in r
    assert seen >= 1
