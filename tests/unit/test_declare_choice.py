"""Declarations are a choice in Bàzzica (SB14, issue 43): [002] "è possibile ottenere ulteriori
punti … Il giocatore che accusa deve scoprire le carte". A seat's first play of a round comes with
and without its declarations; declined, the cards stay hidden; made, they score and are shown.
The computer players weigh the points against the cards shown (scopa_ai/parts/declare.py), and records
of the time when every declaration was made by itself replay as they were played (SB10)."""

from __future__ import annotations

import json
import random

import pytest

from deals import cards, dealt
from scopa.mechanics.accuse import Declared
from scopa import IllegalPlayError, Play, from_record, rules_for, to_record
from scopa.cards import card_str
from scopa.rules import PRESETS_REVISION
from scopa_ai import make_player
from scopa_ai.parts.declare import settle, weigh
from scopa_ai.master import MasterPlayer, MasterSettings
from settebello.session import Session

# Bàzzica, seat 0 to play first (dealer 1): Anna holds three Cinque (three alike, 7 points),
# Bruno Asso, Due and Sei (nine or less, all different, 2 points).
HANDS = {0: "5D 5C 5B", 1: "1D 2C 6S"}
TABLE = "7D 8C 9B 4S"


def bazzica(hands: dict[int, str] = HANDS, table: str = TABLE, **options):
    return dealt("bazzica", hands, table, **options)


def notations(m) -> list[str]:
    return [str(p) for p in m.legal_plays()]


# -- the engine: offered, declined, made ------------------------------------------------------------
def test_sb14_the_first_play_of_a_round_is_offered_with_and_without_the_declaration():
    m = bazzica()
    legal = notations(m)
    assert {"5D", "5C", "5B", "5D!", "5C!", "5B!"} <= set(legal)
    assert len(legal) == 2 * len({p.rstrip("!") for p in legal})  # each play both ways
    offer = [p.to_json() for p in m.legal_plays() if type(p) is Declared][0]
    assert offer["declare"] == [{"seat": 0, "kind": "tre-uguali", "name": "Tre uguali", "cards": ["5D", "5C", "5B"],
                                 "points": 7}]
    assert "declare" not in [p.to_json() for p in m.legal_plays() if type(p) is not Declared][0]
    # the view the page gets carries it with the plays
    assert any(p.get("declare") for p in m.observe(0).to_json()["legal"])


def test_sb14_a_declaration_declined_stays_hidden_from_every_other_seat():
    m = bazzica()
    ev = m.play("5D")
    assert ev.declarations == () and m.accuse == []
    for seat in (1,):
        view = m.observe(seat)
        assert view.declarations == () and view.shown() == {}
        assert set(cards("5C 5B")) <= set(view.unseen())
        text = json.dumps(view.to_json())
        assert '"5C"' not in text and '"5B"' not in text
        assert not any(mv["kind"] == "accusa" for mv in ev.to_json(viewer=seat)["moves"])
    # the chance is gone: Anna's later plays of the round offer no declaration
    m.play(str(m.legal_plays()[0]).rstrip("!"))  # Bruno keeps his hidden too
    assert not any(type(p) is Declared for p in m.legal_plays())
    with pytest.raises(IllegalPlayError, match="nothing to declare"):
        m.play("5C!")
    while m.phase == "play":
        m.apply(next(p for p in m.legal_plays() if type(p) is not Declared))
    assert [p["accuse"] for p in m.results[-1].points] == [0, 0]


def test_sb14_a_declaration_made_scores_and_shows_the_cards():
    m = bazzica()
    ev = m.play("5D!")
    assert [(a.kind, [card_str(c) for c in a.cards], a.points) for a in ev.declarations] == [
        ("tre-uguali", ["5D", "5C", "5B"], 7)]
    assert [mv["card"] for mv in ev.to_json(viewer=1)["moves"] if mv["kind"] == "accusa"] == ["5D", "5C", "5B"]
    assert m.observe(1).shown() == {0: tuple(cards("5C 5B"))}
    assert str(m.log[-1].plays[0]) == "5D!"  # the record notes it
    while m.phase == "play":
        m.apply(next(p for p in m.legal_plays() if type(p) is not Declared))
    assert [p["accuse"] for p in m.results[-1].points] == [7, 0]


def test_sb14_a_record_replays_the_choices_made():
    m = bazzica()
    m.play("5B!")
    m.play("1D")  # Bruno keeps his nine hidden
    again = from_record(json.loads(json.dumps(to_record(m, "bazzica"))))
    assert again.accuse == m.accuse and [str(p) for p in again.log[0].plays] == ["5B!", "1D"]


def test_the_declaring_mark_is_refused_where_declarations_are_no_choice():
    m = dealt("tuzzulicchio", {0: "1D 1B 2D", 1: "7C 7B 10S"}, "4S 5S 6S 7S")
    assert not any(type(p) is Declared for p in m.legal_plays())
    with pytest.raises(IllegalPlayError, match="by themselves"):
        m.play("2D!")
    assert m.play("2D").declarations  # SB10: made by itself
    with pytest.raises(Exception, match="accuse_choice"):
        rules_for("scopa", {"accuse_choice": True})


# -- old records: every declaration made by itself ---------------------------------------------------
def test_an_old_bazzica_record_replays_with_every_declaration_made():
    m = bazzica(accuse_choice=False)  # Bàzzica as it was played before SB14
    m.play("5D")
    m.play("1D")
    assert [a.points for a in m.accuse] == [7, 2]
    record = to_record(m, "bazzica")
    assert record["options"] == {"accuse_choice": False} and record["rules_revision"] == PRESETS_REVISION
    old = {**record, "options": {}, "rules_revision": 2}  # as written then: the preset said nothing
    again = from_record(json.loads(json.dumps(old)))
    assert not again.rules.accuse_choice and again.accuse == m.accuse
    # the same plays read as today's Bàzzica make no declaration: the revision decides
    assert from_record({**old, "rules_revision": PRESETS_REVISION}).accuse == []


# -- the Session: the person's choice -----------------------------------------------------------------
SEATS = [{"human": True, "name": "Anna"}, {"human": False, "level": "expert"}]


def test_sb14_the_session_offers_the_person_the_choice_and_keeps_a_declined_one_hidden():
    s = Session()
    view = s.new_game({"variant": "bazzica", "seed": 3, "seats": SEATS})
    assert view["waiting"] == "human" and view["hand"] == ["1S", "2C", "5S"]
    offers = [p for p in view["legal"] if p.get("declare")]
    assert [p["notation"] for p in offers] == ["1S!", "2C!", "5S:5B!"]
    assert offers[0]["declare"][0]["cards"] == ["1S", "2C", "5S"] and offers[0]["declare"][0]["points"] == 2
    declined = s.play("1S")
    assert declined["event"]["accuse"] == [] and declined["view"]["mechanics"]["accuse"]["accuse"] == []
    made = Session()
    made.new_game({"variant": "bazzica", "seed": 3, "seats": SEATS})
    r = made.play({"card": "1S", "presa": [], "declare": True})
    assert [a["kind"] for a in r["event"]["accuse"]] == ["nove-diverse"]
    assert r["view"]["mechanics"]["accuse"]["accuse"][0]["cards"] == ["1S", "2C", "5S"]
    assert made.save()["record"]["hands"][0]["plays"][0] == "1S!"


# -- the computer players -------------------------------------------------------------------------------
def _master() -> MasterPlayer:
    return MasterPlayer(random.Random(1), MasterSettings(iterations=4))


def test_the_master_declares_three_alike():
    m = bazzica()
    w = weigh(m.observe(0))
    assert w.declare and w.points == 7
    assert type(_master().choose(m.observe(0))) is Declared
    assert type(make_player("expert", random.Random(2)).choose(m.observe(0))) is Declared


def test_the_master_keeps_hidden_a_nine_that_would_show_the_settebello():
    # Anna: Asso, Asso and the Settebello (nine with a pair, 3 points); showing it tells Bruno
    # where the Settebello is for the rest of the round
    m = bazzica({0: "1D 1C 7D", 1: "2C 4B 6S"}, "3C 8C 9B 4S")
    view = m.observe(0)
    w = weigh(view)
    assert w.points == 3 and not w.declare and w.cost >= w.points
    play = _master().choose(view)
    assert play in view.legal and type(play) is not Declared
    assert type(make_player("expert", random.Random(2)).choose(view)) is not Declared
    assert m.apply(play).declarations == ()
    # the easy level takes the points all the same
    assert type(make_player("easy", random.Random(2)).choose(view)) is Declared


def test_settle_leaves_a_view_without_a_choice_as_it_is():
    m = dealt("scopa", {0: "5D 5C 5B", 1: "1D 2C 6S"}, TABLE)
    view = m.observe(0)
    assert settle(view) is view and settle(view, True) is view


def test_the_hint_says_why_it_declares_or_keeps_the_cards_hidden():
    from scopa_ai.explain import advise
    play, reason = advise(bazzica().observe(0), "expert")
    assert type(play) is Declared
    assert reason.to_json() == {"key": "coach.declare.worth", "params": {"points": 7, "cards": ["5D", "5C", "5B"]}}
    view = bazzica({0: "1D 1C 7D", 1: "2C 4B 6S"}, "3C 8C 9B 4S").observe(0)
    play, reason = advise(view, "master")
    assert type(play) is not Declared
    assert reason.to_json() == {"key": "coach.declare.costly", "params": {"points": 3, "cards": ["1D", "1C", "7D"]}}


def test_an_old_bazzica_save_restores_with_every_declaration_made():
    s = Session()
    s.new_game({"variant": "bazzica", "options": {"accuse_choice": False}, "seed": 3, "seats": SEATS})
    r = s.play("1S")  # SB10 as it was: the nine is declared by itself
    assert [a["kind"] for a in r["event"]["accuse"]] == ["nove-diverse"]
    saved = json.loads(json.dumps(s.save()))
    record = {k: v for k, v in saved["record"].items() if k != "rules_revision"}  # written before revisions
    old = {**saved, "config": {**saved["config"], "options": {}}, "record": {**record, "options": {}}}
    again = Session()
    view = again.restore(old)
    assert "error" not in view, view
    assert view == s.view() and view["mechanics"]["accuse"]["accuse"][0]["cards"] == ["1S", "2C", "5S"]
    assert again.save()["config"]["options"] == {"accuse_choice": False}  # written out from now on
