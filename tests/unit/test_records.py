"""Game records (RULES §6) and the `scopa` command line."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from deals import make_deck
from scopa import PRESETS, Match, RecordError, card_str, from_record, rules_for, to_record
from settebello.cli import main

ROOT = Path(__file__).resolve().parents[2]


def finished(variant="scopa", seed=1, **options) -> Match:
    rng = random.Random(seed)
    m = Match.new(rules_for(variant, options), rng, None)
    while m.phase != "over":
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
    return m


def test_record_has_the_documented_shape():
    m = finished()
    r = to_record(m)
    assert r["format"] == "scopa-record/1" and r["variant"] == "scopa" and r["options"] == {}
    assert r["players"] == ["Player 1", "Player 2"] and r["first_dealer"] == m.first_dealer
    assert all(len(h["deck"]) == 40 for h in r["hands"])
    assert sum(len(h["plays"]) for h in r["hands"]) == 36 * len(m.results)
    json.dumps(r)


def test_record_round_trip_with_options_and_other_variant():
    m = finished("scopone", 3, rebello=True, target=7)
    r = to_record(m)
    assert r["variant"] == "scopone" and r["options"] == {"rebello": True, "target": 7}
    again = from_record(json.loads(json.dumps(r)))
    assert again.totals == m.totals and again.winner == m.winner
    assert [x.points for x in again.results] == [x.points for x in m.results]


def test_unfinished_match_round_trips():
    rng = random.Random(9)
    m = Match.new(rules_for("scopa"), rng)
    m.deal_until_played()
    for _ in range(7):
        m.apply(rng.choice(m.legal_plays()))
    again = from_record(to_record(m))
    assert again.phase == "play" and again.hands == m.hands and again.table == m.table and again.turn == m.turn


def test_forced_captures_may_omit_the_cards_taken_and_choices_may_not():
    rules = rules_for("scopa")
    deck = make_deck(rules, 1, {0: "9D 1C 10C", 1: "2B 3B 4B"}, "7B 2S 4C 5D")
    record = {"format": "scopa-record/1", "variant": "scopa", "first_dealer": 1,
              "hands": [{"deck": [card_str(c) for c in deck], "plays": ["9D"]}]}
    with pytest.raises(RecordError, match=r"hand 1, play 1: 9D can take in more than one way"):
        from_record(record)
    record["hands"][0]["plays"] = ["9D:4C+5D", "2B:2S"]
    m = from_record(record)
    assert len(m.log[0].plays) == 2


def test_kings_redeal_hand_in_a_record():
    rules = rules_for("scopa")
    void = make_deck(rules, 0, {}, "10D 10C 10B 1S")
    good = make_deck(rules, 0, {}, "1D 2D 3D 4D")
    record = {"format": "scopa-record/1", "variant": "scopa", "first_dealer": 0,
              "hands": [{"deck": [card_str(c) for c in void], "plays": []},
                        {"deck": [card_str(c) for c in good], "plays": []}]}
    m = from_record(record)
    assert m.phase == "play" and m.dealer == 0 and len(m.log) == 2
    record["hands"][0]["plays"] = ["1C"]
    with pytest.raises(RecordError, match="hand 1: the deal is void"):
        from_record(record)


@pytest.mark.parametrize("mutate,message", [
    (lambda r: r["hands"][0]["plays"].__setitem__(2, "14D"), r"hand 1, play 3: '14D' is not a card"),
    (lambda r: r["hands"][0]["deck"].__setitem__(0, r["hands"][0]["deck"][1]), r"hand 1: the deck must hold the 40 cards once each"),
    (lambda r: r["hands"][0]["deck"].pop(), r"hand 1: the deck must hold"),
    (lambda r: r["options"].__setitem__("jokers", 2), "unknown option 'jokers'"),
    (lambda r: r.__setitem__("variant", "briscola"), "unknown variant"),
    (lambda r: r.__setitem__("format", "other/2"), "unknown record format"),
    (lambda r: r["hands"][1]["plays"].pop(), r"hand 2: the hand ends after 35 plays"),
    (lambda r: r["hands"].append(r["hands"][0]), r"the match was already over"),
])
def test_bad_records_name_hand_and_play(mutate, message):
    r = to_record(finished())
    mutate(r)
    with pytest.raises(RecordError, match=message):
        from_record(r)


def test_a_play_not_in_hand_is_reported_with_its_position():
    r = to_record(finished())
    plays = r["hands"][1]["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the second player's card played by the first
    with pytest.raises(RecordError, match=r"hand 2, play 1: .* is not in Player \d's hand"):
        from_record(r)


# -- command line -------------------------------------------------------------------------------
def test_cli_replay_prints_points_by_category_and_the_winner(tmp_path, capsys):
    m = finished("scopa", 5, rebello=True)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(m)))
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == m.winner and out["totals"] == m.totals
    assert len(out["hands"]) == len(m.results)
    first = out["hands"][0]
    assert set(first["points"][0]) == {"scope", "carte", "denari", "settebello", "primiera", "rebello"}
    assert first["hand_totals"] == [sum(p.values()) for p in first["points"]]
    assert out["hands"][-1]["match_totals"] == m.totals


def test_cli_illegal_record_exits_non_zero_with_one_line(tmp_path):
    r = to_record(finished())
    r["hands"][0]["plays"][4] = "7X"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(r))
    run = subprocess.run([sys.executable, "-m", "settebello", "replay", str(path)], cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py")}, capture_output=True, text=True)
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.strip().count("\n") == 0 and "hand 1, play 5" in run.stderr


def test_cli_variants_lists_every_preset(capsys):
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(PRESETS) and lines[0].startswith("scopa ")
    assert {line.split()[0] for line in lines} >= {"sottratta", "modulo-sette", "inversa", "bazzica", "tuzzulicchio",
                                                   "cocchiaundici"}
