"""Every input bounded and typed before it is read (issue 25): the engine's own types, ASCII
notation, records, saves and statistics of bounded size and depth, one line from the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from loader import load

from scopa import CardError, IllegalPlayError, Match, RecordError, RuleError, ScopaError, from_record, rules_for
from scopa import parse_card, to_record
from scopa.cards import card_str, cards_str, check_deck
from scopa.inputs import brief, json_depth, read_json
from scopa.state import Play
from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
BRACKETS = "[" * 100_000 + "]" * 100_000  # the crafted record of issue 25 (200 KB)


def dealt(variant: str = "scopa", seed: int = 1) -> Match:
    m = Match.new(rules_for(variant), random.Random(seed))
    m.deal_until_played()
    return m


def state(m: Match) -> tuple:
    return (m.phase, m.turn, [list(h) for h in m.hands], list(m.table), [list(p) for p in m.prese],
            list(m.scope), len(m.log[-1].plays))


# -- the engine's own types ---------------------------------------------------------------------------
def test_a_float_or_a_bool_equal_to_a_legal_card_is_no_play_and_changes_nothing():
    m = dealt()
    legal = next(p for p in m.legal_plays() if p.presa) if any(p.presa for p in m.legal_plays()) else m.legal_plays()[0]
    before = state(m)
    for fake in (Play(float(legal.card), legal.presa), Play(legal.card, tuple(float(c) for c in legal.presa)),
                 Play(legal.card, list(legal.presa)), (legal.card, legal.presa), [legal.card, list(legal.presa)],
                 str(legal)):
        if fake == Play(legal.card, legal.presa) and type(fake) is Play and fake.presa == legal.presa and \
                all(type(c) is int for c in (fake.card, *fake.presa)):
            continue  # (no presa: the float version of an empty presa is the play itself)
        with pytest.raises(IllegalPlayError, match="is not a play"):
            m.apply(fake)
        assert state(m) == before
    m.apply(legal)  # the real play goes on as before
    assert state(m) != before
    assert from_record(json.dumps(to_record(m))).totals == m.totals


def test_the_issues_float_play_is_refused_in_the_engines_own_error():
    """`Match.apply(Play(11.0, (9,)))`: before, it was made and left a match that `to_record` and
    scoring crashed on."""
    rules = rules_for("scopa")
    for seed in range(200):
        m = Match.new(rules, random.Random(seed))
        m.deal_until_played()
        if Play(11, (9,)) in m.legal_plays():
            break
    else:
        pytest.fail("no deal with 3S taking 3C")
    before = state(m)
    with pytest.raises(IllegalPlayError):
        m.apply(Play(11.0, (9,)))
    assert state(m) == before
    m.apply(Play(11, (9,)))
    assert json.loads(json.dumps(to_record(m)))["hands"][0]["plays"] == ["3S:3C"]


def test_decks_seats_and_names_take_only_their_own_types():
    m = Match(rules_for("scopa"))
    with pytest.raises(CardError):
        m.deal([float(c) for c in range(40)])  # 7.0 == 7, but it is no card
    with pytest.raises(CardError):
        check_deck([True] + list(range(1, 40)))
    with pytest.raises(RuleError):
        Match(rules_for("scopa"), None, True)
    with pytest.raises(RuleError):
        Match(rules_for("scopa"), "AB")  # a text is no list of names
    with pytest.raises(RuleError):
        Match(rules_for("scopa"), ["A" * 65, "B"])
    with pytest.raises(RuleError):
        dealt().observe(True)
    for wrong in (7.0, True, -1, 92, 10**40, "7D", None):
        with pytest.raises(CardError):
            card_str(wrong)
        with pytest.raises(CardError):
            cards_str([3, wrong])
    assert card_str(24) == "7D" and cards_str([24, 0]) == ["7D", "1D"]


# -- notation: ASCII, stripped of spaces and tabs only ----------------------------------------------------
@pytest.mark.parametrize("text", ["1ſ\x1c", "1ſ", "７D", "7Ｄ", "\x1c7D", "7D\x1d", "7D\n", "\u30007D", "7\xa0D",
                                  "٧D", "7D" + " " * 20, ""])
def test_card_notation_is_not_folded_from_other_characters(text):
    """RULES §1, §6: a record is never silently fixed, so `'1ſ\\x1c'` is no `1S` (str.upper() made
    it one) and a control character is no blank."""
    with pytest.raises(CardError):
        parse_card(text)


@pytest.mark.parametrize("text, card", [("7D", 24), ("7d", 24), (" 7D", 24), ("\t10s \t", 39), ("7D'", 64)])
def test_card_notation_keeps_ascii_case_and_blanks(text, card):
    assert parse_card(text) == card


def test_a_play_is_read_from_ascii_only():
    m = dealt()
    before = state(m)
    notation = str(m.legal_plays()[0])
    for text in (notation.replace("S", "ſ"), notation + "\x1c", "\n" + notation, notation + " " * 300,
                 [notation], 7):
        with pytest.raises(ScopaError):  # IllegalPlayError, or CardError naming the card
            m.play(text)
        assert state(m) == before
    m.play(" " + notation.lower() + "\t")
    assert state(m) != before


# -- options: bounded text, no nesting ----------------------------------------------------------------
@pytest.mark.parametrize("value", ["9" * 4301, "9" * 5000, "²", "١١", "1_1", "\n11", "11\x1c", [11], {"a": 11}, 11.0, True])
def test_an_option_value_that_is_no_whole_number_is_refused_in_words(value):
    with pytest.raises(RuleError, match="target must be a whole number"):
        rules_for("scopa", {"target": value})


def test_nested_and_unknown_options_are_refused_in_words():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RuleError, match="must be a whole number, not a list"):
        rules_for("scopa", {"target": deep})
    with pytest.raises(RuleError, match="unknown option"):
        rules_for("scopa", {"x" * 100_000: 1})
    with pytest.raises(RuleError, match="unknown variant"):
        rules_for(["scopa"])  # type: ignore[arg-type]
    assert rules_for("scopa", {"target": "21", "napola": "on"}).target == 21


# -- records: size, depth, types, fields -----------------------------------------------------------------
def test_the_nested_bracket_record_is_refused_without_recursing():
    assert json_depth(BRACKETS) == 100_000
    assert json_depth('{"a": "[[[[[[", "b": [1, [2]]}') == 3  # brackets in strings do not count
    with pytest.raises(RecordError, match="nests arrays or objects more than 20 deep"):
        from_record(BRACKETS)
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RecordError, match="more than 20 deep"):
        from_record({"format": "scopa-record/1", "hands": deep})
    with pytest.raises(RecordError, match="too long"):
        from_record(" " * 4_000_001)
    with pytest.raises(RecordError, match="not valid JSON"):
        from_record('{"first_dealer": ' + "9" * 5000 + "}")  # int() refuses 4,300 digits
    with pytest.raises(RecordError, match="not valid JSON"):
        from_record('{"first_dealer": NaN}')


def test_a_hands_fields_are_its_deck_and_plays_only():
    m = dealt()
    m.apply(m.legal_plays()[0])
    record = to_record(m)
    record["hands"][0]["plys"] = record["hands"][0].pop("plays")  # a misspelt field is refused, not skipped
    with pytest.raises(RecordError, match="a hand has only deck and plays"):
        from_record(record)
    record = to_record(m)
    record["clock"] = {"anything": [1, 2]}  # RULES §6: a reader ignores unknown fields of the record
    assert from_record(record).totals == m.totals


def test_the_command_line_prints_one_line_for_each_bad_record(tmp_path):
    deep_options = {"format": "scopa-record/1", "options": {"target": json.loads("[" * 50 + "]" * 50)}}
    files = {"brackets.json": BRACKETS.encode(), "digits.json": json.dumps(
        {"format": "scopa-record/1", "options": {"target": "9" * 5000}}).encode(),
             "nested.json": json.dumps(deep_options).encode(), "binary.json": b"\xff\xfe\x00\x01",
             "folded.json": json.dumps({"hands": [{"deck": ["1ſ\x1c"]}]}).encode()}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        run = subprocess.run([sys.executable, "-m", "settebello", "replay", str(tmp_path / name)],
                             capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "py")}, timeout=120)
        assert run.returncode == 1, name
        assert run.stdout == "" and run.stderr.count("\n") == 1 and run.stderr.startswith("scopa: "), (name, run.stderr)
        assert "Traceback" not in run.stderr
    run = subprocess.run([sys.executable, "-m", "scopa", "replay", str(tmp_path / "brackets.json")],
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "py")}, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1


# -- the session and the bridge ---------------------------------------------------------------------------
def test_a_damaged_save_never_escapes_the_session():
    s = Session()
    s.call("new_game", {"seed": 3, "clock": "standard"})
    good = s.call("save")
    for damage in ({"rng": [3, [10**400] * 625, None]}, {"rng": [3, good["rng"][1], 10**400]},
                   {"config": {**good["config"], "seed": 10**400}}, {"shown": 2**70}, {"extra_field": 1},
                   {"extras": {**good["extras"], "clock": {**good["extras"]["clock"], "bank": [10**400, 0]}}},
                   {"record": json.loads(BRACKETS[:60] + BRACKETS[-60:])}, {"rng": [3, [float("inf")], None]}):
        fresh = Session()
        answer = fresh.call("restore", {**good, **damage})
        assert "error" in answer, damage
        assert "error" in fresh.call("view")  # nothing was restored
    assert "error" not in Session().call("restore", good)


def test_the_session_refuses_requests_too_deep_or_too_large_in_words():
    s = Session()
    s.call("new_game", {"seed": 3})
    before = s.call("save")
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    for name, payload in (("play", deep), ("new_game", {"seed": 3, "options": {"target": deep}}),
                          ("restore", {"format": "settebello-save/1", "record": deep}), ("x" * 10**6, None),
                          ("play", "7D" * 10**6), ("stats_view", {"stats": float("nan")})):
        answer = s.call(name, payload)
        assert "error" in answer and len(answer["error"]) < 400
    assert s.call("save") == before


def test_a_statistics_file_with_damaged_best_match_is_refused():
    """Issue 25: `best.players` not a list made the Statistics dialog throw on every open."""
    s = Session()
    good = s.call("stats_reset")
    best = {"id": "x", "variant": "scopa", "players": ["A", "B"], "seat": 0, "totals": [11, 3], "margin": 8,
            "won": True}
    assert s.call("stats_view", {"stats": {**good, "best": best}})["best"] == best
    for damage in ({"players": "AB"}, {"players": [1, 2]}, {"totals": "11"}, {"seat": 5}, {"margin": 1.5},
                   {"extra": 1}, {"won": 1}):
        answer = s.call("stats_view", {"stats": {**good, "best": {**best, **damage}}})
        assert "error" in answer, damage
    assert "error" in s.call("stats_merge", {"stats": good, "other": {**good, "unknown": []}})
    assert "error" in s.call("stats_view", {"stats": {**good, "seen": ["x"] * 100_001}})


def test_the_bridge_refuses_an_unreadable_request_and_keeps_working(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "py"))
    bridge = load("static/bridge.py")
    for fn, text in ((bridge.replay, BRACKETS), (bridge.game, '{"op": "play", "arg": ' + BRACKETS + "}"),
                     (bridge.game, "{not json"), (bridge.game, '{"op": "view", "arg": ' + "9" * 5000 + "}"),
                     (bridge.replay, '"' + BRACKETS + '"'), (bridge.replay, "[1, 2]"), (bridge.ping, "NaN")):
        reply = json.loads(fn(text))
        assert reply["ok"] is True and reply["result"]["error"], text[:40]
        assert set(reply["result"]) <= {"error", "reason", "params"}
    nested = json.loads(bridge.replay(BRACKETS))["result"]
    assert nested["reason"] == "input.depth" and nested["params"] == {"max": 20}
    reply = json.loads(bridge.game(json.dumps({"op": "new_game", "arg": {"seed": 1}})))
    assert reply["ok"] is True and reply["result"]["phase"] == "play"  # the engine keeps working


def test_brief_names_any_value_shortly():
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    assert brief(deep) == "a list" and brief({"a": 1}) == "an object"
    assert brief(10**5000).startswith("a number of some") and len(brief("x" * 10**6)) < 50
    with pytest.raises(ScopaError, match="must be JSON text"):
        read_json(b"{}", "the file")
