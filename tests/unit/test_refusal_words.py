"""A damaged record or save, a bad input and a refused pause are said in the page's language (the
review of 2026-12-01: an Italian page said "hand 1: '7Q' is not a card" in English): each reason the
engine gives for them has words in every language, with the numbers it names."""

import json
import re
from pathlib import Path

import pytest

from scopa.errors import RecordError
from scopa.record import from_record
from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
WORDS = {lang: json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
         for lang in ("en", "it", "es")}
FAMILIES = ("record.", "save.", "input.", "pause.")


def raised_reasons() -> set[str]:
    found = set()
    for path in list((ROOT / "py").rglob("*.py")) + [ROOT / "static" / "bridge.py"]:
        found |= set(re.findall(r'reason="([a-z_.]+)"', path.read_text(encoding="utf-8")))
    return {r for r in found if r.startswith(FAMILIES)}


def test_every_reason_of_these_families_has_words_in_every_language():
    reasons = raised_reasons()
    assert {"record.play", "record.deal", "save.incomplete", "input.number", "pause.paused"} <= reasons
    for lang, words in WORDS.items():
        assert not [r for r in reasons if f"refusal.{r}" not in words], lang




def refused(record) -> RecordError:
    with pytest.raises(RecordError) as err:
        from_record(record)
    return err.value


def played_record() -> dict:
    s = Session()
    s.new_game({"variant": "scopa", "seed": 3, "seats": [{"human": True}, {"human": False, "level": "random"}]})
    while s.view()["phase"] == "play":
        v = s.view()
        assert "error" not in (s.play(v["legal"][0]) if v["waiting"] == "human" else s.computer_step())
    return s.record()


def test_a_record_with_a_bad_card_or_play_names_the_hand_and_play_in_its_words():
    good = played_record()
    bad_card = json.loads(json.dumps(good))
    bad_card["hands"][0]["deck"][5] = "7Q"
    err = refused(bad_card)
    assert err.reason == "record.deal" and err.params == {"hand": 1}
    bad_play = json.loads(json.dumps(good))
    bad_play["hands"][0]["plays"][2] = bad_play["hands"][0]["plays"][0]  # a card already played
    err = refused(bad_play)
    assert err.reason == "record.play" and err.params == {"hand": 1, "play": 3}
    for words in WORDS.values():
        assert "{hand}" in words["refusal.record.play"] and "{play}" in words["refusal.record.play"]
    assert refused({**good, "format": "other/1"}).reason == "record.format"
    assert refused({**good, "rules_revision": 999}).reason == "record.revision"


def test_a_record_whose_rules_cannot_be_played_names_the_rule_not_a_hand():
    # misère's cards a hand (`hand`=18) once became the record's "hand 18" (CI, stop 62)
    err = refused({**played_record(), "options": {"misere": True, "hand_size": 3}, "hands": []})
    assert err.reason == "option.misere.hand" and err.hand is None
    assert err.params == {"players": 2, "table": 4, "hand": 18, "given": 3}
    assert not str(err).startswith("hand ") and "18 cards each, not 3" in str(err)


def test_a_save_that_is_not_whole_is_refused_in_words():
    s = Session()
    out = s.restore({"format": "settebello-save/1"})
    assert out["reason"] == "save.incomplete"
