"""Issue 44's engine and session holes: a tournament entrant of any JSON type is refused with a
reason (never a TypeError), and `json_depth` counts adversarial text (4 MB of `\\"`) in one pass."""

import json
from pathlib import Path

import pytest

from scopa.errors import RecordError
from scopa.inputs import RECORD_CHARS, json_depth, read_json
from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
HUMAN = {"kind": "human", "name": "Anna"}
# every JSON type, and a string as long as one request may carry
EVERY_TYPE = [[], ["expert"], {}, {"level": "expert"}, 0, 3, -1, 2.5, 2**60, True, False, "", "nobody",
              "e" * 999_999]
IDS = ["empty-list", "list", "empty-object", "object", "zero", "int", "negative", "float", "huge-int",
       "true", "false", "empty-string", "unknown", "huge-string"]


def tournament(entrant):
    return Session().call("tournament_new", {"variant": "scopa", "seed": 1, "entrants": [entrant, HUMAN]})


def said_everywhere(reason):
    """The refusal's reason has words in every language of the page (static/js/names.js refusalText)."""
    for lang in ("en", "it", "es"):
        words = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert f"refusal.{reason}" in words, (lang, reason)


def assert_refused(answer, reason):
    assert set(answer) == {"error", "reason", "params"}, answer
    assert answer["reason"] == reason and answer["params"] == {"entrant": 1}
    assert len(answer["error"]) < 200  # a huge value is named briefly, never echoed
    said_everywhere(reason)


@pytest.mark.parametrize("level", EVERY_TYPE + [None], ids=IDS + ["null"])
def test_a_computer_entrants_level_of_any_type_is_refused_with_a_reason(level):
    assert_refused(tournament({"kind": "computer", "level": level}), "entrant.level")


@pytest.mark.parametrize("kind", EVERY_TYPE + [None], ids=IDS + ["null"])
def test_an_entrants_kind_of_any_type_is_refused_with_a_reason(kind):
    assert_refused(tournament({"kind": kind, "level": "expert"}), "entrant.kind")


@pytest.mark.parametrize("name", [v for v in EVERY_TYPE if not isinstance(v, str)],
                         ids=[i for i, v in zip(IDS, EVERY_TYPE) if not isinstance(v, str)])
def test_an_entrants_name_that_is_not_text_is_refused_with_a_reason(name):
    assert_refused(tournament({"kind": "human", "name": name}), "entrant.name")


@pytest.mark.parametrize("entrant", [v for v in EVERY_TYPE if not isinstance(v, dict)] + [None],
                         ids=[i for i, v in zip(IDS, EVERY_TYPE) if not isinstance(v, dict)] + ["null"])
def test_an_entrant_that_is_not_an_object_is_refused_with_a_reason(entrant):
    assert_refused(tournament(entrant), "entrant.type")


@pytest.mark.parametrize("flag", [[], {}, 1, "yes"], ids=["list", "object", "number", "text"])
def test_a_human_flag_that_is_not_true_or_false_is_refused(flag):
    assert_refused(tournament({"human": flag, "name": "Bea"}), "entrant.kind")


def test_good_entrants_still_make_a_tournament():
    view = tournament({"kind": "computer", "level": "expert"})
    assert "error" not in view
    assert [e["name"] for e in view["entrants"]] == ["Expert", "Anna"]
    assert tournament({"human": True, "name": None})["entrants"][0]["name"] == "Player 1"


@pytest.mark.parametrize("field", ["seed", "partner_level", "clock", "variant"])
def test_a_huge_setting_is_named_briefly(field):
    arg = {"variant": "scopa", "seed": 1, "entrants": [{"kind": "computer", "level": "expert"}, HUMAN],
           field: "y" * 999_999}
    answer = Session().call("tournament_new", arg)
    assert "error" in answer and "y" * 40 not in answer["error"]


# -- json_depth on adversarial text ------------------------------------------------------------------
FOUR_MB = RECORD_CHARS // 2  # pairs of characters: 4,000,000 characters in all


@pytest.mark.parametrize("text, depth", [
    ('\\"' * FOUR_MB, 0),                               # the repro: no string ever opens
    ('"' + '\\"' * (FOUR_MB - 1), 0),                   # one string left open to the end
    ('[' + '"\\"' * (RECORD_CHARS // 3 - 1), 1),        # inside a list, quotes escaped or not
    ('[{"a": "' + '\\"' * (FOUR_MB - 8) + '"}]', 2),    # a closed string of escapes, then brackets
    ('[["' + '\\"[' * (RECORD_CHARS // 3 - 3) + '"]]', 2),        # brackets escaped inside a string
    ('[' * 10 + '"' + '\\"' * (FOUR_MB - 11) + ']' * 10, 10),  # brackets after an open string never parse
    ('"\\' * FOUR_MB, 0),                               # quote, backslash: escapes straddle strings
], ids=["escaped-quotes", "open-string", "list-of-quotes", "closed-escapes", "escaped-brackets",
        "after-open-string", "quote-backslash"])
def test_json_depth_counts_four_megabytes_of_escaped_quotes(text, depth):
    assert len(text) <= RECORD_CHARS
    assert json_depth(text) == depth


def test_a_record_of_escaped_quotes_is_refused_as_json():
    with pytest.raises(RecordError) as err:
        read_json('\\"' * FOUR_MB, "the record", RecordError)
    assert err.value.reason == "input.json"


def test_json_depth_still_counts_what_json_would_parse():
    assert json_depth('{"a": "[[[[[[", "b": [1, [2]]}') == 3
    assert json_depth('["\\"[[[", [[]]]') == 3  # an escaped quote does not end the string
    assert json_depth('["\\\\", [[]]]') == 3     # an escaped backslash does not escape the quote
    assert json_depth("[" * 50 + "]" * 50) == 50


# -- Scopa a fidasse: the answer belongs to the next player (SB61) ------------------------------------
def fidasse_at_persons_turn(seats=None):
    """A fidasse game at the person's first turn, cards on the table (seed 0: the expert lays first)."""
    s = Session()
    s.call("new_game", {"variant": "fidasse", "seed": 0, "seats": seats or [
        {"human": True, "name": "Anna"}, {"human": False, "level": "expert"}]})
    while (v := s.call("view"))["waiting"] != "human" or v["pass_to"] is not None:
        if v["waiting"] == "human":
            s.call("show", v["pass_to"])  # at one device: the device passed to the person to play
        else:
            s.call("computer_step")
    assert v["table"] and any(p["notation"].endswith("?") for p in v["legal"])
    return s, v


@pytest.mark.parametrize("answer", ["trust", "doubt", "TRUST", " doubt"])
def test_a_claim_with_its_answer_is_record_notation_refused_from_the_page(answer):
    s, before = fidasse_at_persons_turn()
    card = before["hand"][0]  # any card, bluff or not
    for play in (f"{card}?{answer}", {"card": f"{card}?{answer}", "presa": []}):
        refused = s.call("play", play)
        assert set(refused) == {"error", "reason", "params"} and refused["reason"] == "play.answered", refused
        assert s.call("view") == before  # nothing changed: no scopa taken, no point lost
    said_everywhere("play.answered")


def test_the_claimer_cannot_answer_their_own_claim_the_next_player_does():
    s, before = fidasse_at_persons_turn()
    card = before["hand"][0]
    asked = s.call("play", f"{card}?")
    assert "error" not in asked and asked["view"]["mechanics"]["fidasse"]["claim"]["seat"] == 0
    for answer in ("trust", "doubt"):
        assert "error" in s.call("play", answer)  # the computer at seat 1 must answer, not Anna
    assert s.call("view")["mechanics"]["fidasse"]["claim"]["answer"] is None
    answered = s.call("computer_step")  # SB61: the next seat answers
    assert answered["event"]["claim"]["by"] == 1 and answered["event"]["claim"]["answer"] in ("trust", "doubt")


def test_at_one_device_the_next_person_answers_after_the_pass():
    people = [{"human": True, "name": "Anna"}, {"human": True, "name": "Bruno"}]
    s, before = fidasse_at_persons_turn(people)
    card = before["hand"][0]
    assert "error" not in s.call("play", f"{card}?")
    claimer, answerer = before["turn"], (before["turn"] + 1) % 2
    assert "error" in s.call("play", "trust")  # the claimer still holds the device
    assert "error" not in s.call("show", answerer)
    answered = s.call("play", "trust")  # the next player answers
    assert "error" not in answered and answered["event"]["claim"]["by"] == answerer != claimer


# -- statistics: what a merge writes, a load reads --------------------------------------------------
from settebello.stats import COUNTERS, MAX_COUNT, MAX_VARIANTS, Stats  # noqa: E402


def stats_file(variants, count=1, seen=()):
    """Statistics counting `count` of everything (no wins) in each of `variants`."""
    st = Stats()
    for v in variants:
        st.variants[v] = {k: 0 if k in ("won", "hands_won") else count for k in COUNTERS}
    st.seen = list(seen)
    return st.to_json()


@pytest.mark.parametrize("mine, theirs", [
    (stats_file([f"a{i}" for i in range(60)], seen=["a"]), stats_file([f"b{i}" for i in range(60)], seen=["b"])),
    (stats_file(["scopa"], MAX_COUNT - 1, seen=["a"]), stats_file(["scopa"], 5, seen=["b"])),
], ids=["variants", "counts"])
def test_a_merge_past_what_a_load_accepts_is_refused_and_said(mine, theirs):
    for part in (mine, theirs):  # each file alone loads
        assert "error" not in Session().call("stats_view", {"stats": part})
    answer = Session().call("stats_merge", {"stats": mine, "other": theirs})
    assert answer.get("reason") == "stats.bounds" and answer["params"] == {"variants": MAX_VARIANTS}, answer
    said_everywhere("stats.bounds")


def test_what_a_merge_gives_a_load_accepts():
    merged = Session().call("stats_merge", {"stats": stats_file([f"a{i}" for i in range(50)], seen=["a"]),
                                            "other": stats_file([f"b{i}" for i in range(50)], seen=["b"])})
    assert "error" not in merged and len(merged["variants"]) == MAX_VARIANTS
    assert Session().call("stats_view", {"stats": merged}) == merged


def test_counting_a_match_past_the_bounds_is_refused_not_stored():
    from settebello.stats import stats_add  # noqa: PLC0415
    from settebello.stats import StatsError  # noqa: PLC0415
    full = stats_file([f"a{i}" for i in range(MAX_VARIANTS)])
    summary = {"id": "new", "variant": "scopa", "seat": 0, "side": 0, "players": ["A", "B"], "totals": [11, 3],
               "won": True, "forfeit": None, "lost_on_time": False, "margin": 8, "hands": 2, "hands_won": 2,
               "scope": 1, "settebelli": 1, "primiere": 1, "points": 11, "tournament": False}
    with pytest.raises(StatsError) as err:
        stats_add(full, summary, None)
    assert err.value.reason == "stats.bounds"


@pytest.mark.parametrize("call", [
    ("new_game", {"variant": "scopa", "seats": [{"human": True}, {"human": False, "level": "x" * 100_000}]}),
    ("new_game", {"variant": "scopa", "seats": [{"human": True}, {"human": False, "level": ["y"] * 50_000}]}),
    ("new_game", {"variant": "scopa", "lesson": "z" * 100_000, "seats": [{"human": True}, {"human": False}]}),
], ids=["long-level", "list-level", "long-lesson"])
def test_a_huge_value_in_a_new_games_settings_is_named_briefly(call):
    """The review of 2026-12-01: a 100,000-character level came back as a 100,016-character error."""
    answer = Session().call(*call)
    assert "error" in answer and len(answer["error"]) < 200, len(answer["error"])


@pytest.mark.parametrize("arg", [[1, 2], "open", 3, True], ids=["list", "text", "number", "true"])
def test_a_people_request_whose_argument_is_not_an_object_is_refused_for_that(arg):
    from settebello.people import PeopleCalls
    answer = PeopleCalls(Session()).call("open", arg)
    assert answer["reason"] == "people.type" and "argument is an object" in answer["error"]
    assert len(answer["error"]) < 200
