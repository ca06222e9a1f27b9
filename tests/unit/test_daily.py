"""Today's deal (py/settebello/daily.py, issue 47): the day's decks are the same on every device and
in every time zone, the master's duplicate run reproduces exactly against the same opponent, the
comparison sheet adds up, the shared result names no card, one try a day and the streak."""

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from depth import DEEP
from scopa.loop import play_turn
from scopa.record import from_record, to_record
from scopa.rules import preset
from scopa_ai.levels import EasyPlayer, ExpertPlayer
from scopa_ai.master import MasterPlayer
from settebello import daily
from settebello.errors import SessionError
from settebello.game import Game
from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
DAY = "2026-11-29"


def decks(config, hands=3):
    """The decks of the first `hands` deals of a game made from `config` (void deals counted)."""
    game = Game.new(config)
    out = [game.match.log[0].deck]
    m = game.match
    while len(out) < hands:
        m.phase = "deal"  # deal the next hand from the same shuffle, nothing played (only the decks matter)
        m.deal()
        out.append(m.log[-1].deck)
    return [tuple(str(c) for c in d) for d in out]


def play_person(config, person):
    """The day's game played to its end through the session, the person's seat by `person`."""
    s = Session()
    s.pondering = False
    assert "error" not in s.new_game(config)
    for _ in range(2000):
        game = s.game
        m = game.match
        if m.phase == "over":
            return s
        if m.phase == "deal":
            assert "error" not in s.next_hand()
        elif m.turn == 0:
            assert "error" not in s.play(str(person.choose(m.observe(0))))
        else:
            assert "error" not in s.computer_step()
    raise AssertionError("the match did not end")


@pytest.fixture(scope="module")
def session():
    """Today's deal played by an expert (by default: the easy level) in the person's seat, then the master's duplicate of it played
    through the session's requests as the page asks them; the session and the last answer.

    The sheet's arithmetic, the parting point and the requests do not depend on how strong the day's
    opponent is, and a whole match of the master's searches on both sides costs most of the unit run:
    by default the day's opponent (and so the duplicate's player) is the expert while the match and
    its duplicate are played; the deep run (tests/depth.py) plays them with the master as shipped.
    The master's own duplicate is checked below (it reproduces, it meets the same opponent)."""
    with pytest.MonkeyPatch.context() as mp:
        if not DEEP:
            mp.setitem(daily.OPPONENT, "level", "expert")
        s = play_person(daily.daily_config(DAY), (ExpertPlayer if DEEP else EasyPlayer)(random.Random(3)))
        steps = []
        for _ in range(1000):
            steps.append(s.call("daily_step", {"plays": 50}))
            assert "error" not in steps[-1], steps[-1]
            if steps[-1]["done"]:
                return s, steps
    raise AssertionError("the duplicate did not end")


@pytest.fixture(scope="module")
def played(session):
    """The person's record and the master's duplicate."""
    s, _ = session
    return s.game.record(), s.daily.duplicate


# -- the day and its seed --------------------------------------------------------------------------

def test_the_day_deals_the_same_decks_in_any_time_zone_and_process():
    """Two processes with other time zones and other hash seeds deal the same decks for the date."""
    code = ("import json, sys; sys.path.insert(0, 'py'); sys.path.insert(0, 'tests/unit'); sys.path.insert(0, 'tests');"
            "from test_daily import decks; from settebello.daily import daily_config;"
            f"print(json.dumps(decks(daily_config({DAY!r}))))")
    seen = []
    for tz, hashseed in (("Pacific/Kiritimati", "1"), ("America/Adak", "2"), ("UTC", "random")):
        env = {**os.environ, "TZ": tz, "PYTHONHASHSEED": hashseed}
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True).stdout
        seen.append(json.loads(out))
    assert seen[0] == seen[1] == seen[2] == [list(d) for d in decks(daily.daily_config(DAY))]
    # pinned: a change to the seed's recipe would deal other decks than the ones already played
    assert daily.daily_seed(DAY) == daily.daily_seed(DAY, "scopa") == 949012499


def test_the_next_day_and_another_variant_deal_other_decks():
    today = decks(daily.daily_config(DAY))
    assert decks(daily.daily_config("2026-11-30")) != today
    assert decks(daily.daily_config(DAY, "escoba"))[0] != decks(daily.daily_config(DAY, "scopa-a-quindici"))[0]
    assert len({daily.daily_seed(f"2026-01-{d:02d}") for d in range(1, 32)}) == 31


@pytest.mark.parametrize("day", ["2026-13-01", "2026-02-30", "2026-2-01", "26-11-29", "2026-11-29T00:00", 20261129,
                                 None, " 2026-11-29"])
def test_a_day_that_is_not_a_date_is_refused_and_changes_nothing(day):
    with pytest.raises(SessionError, match="YYYY-MM-DD|calendar"):
        daily.check_day(day)
    if day is None:
        return  # settings with no day are not a day's deal
    s = Session()
    before = s.new_game({"seed": 5})
    answer = s.new_game({**daily.daily_config(DAY), "daily": day})
    assert answer.get("reason") == "daily.day", answer
    assert s.view()["hand"] == before["hand"]


def test_the_days_game_is_the_person_against_the_master_on_the_days_seed():
    config = daily.daily_config(DAY)
    assert config["seats"][1]["level"] == "master" and config["seats"][0]["human"] is True
    game = Game.new(config)
    assert game.seed == daily.daily_seed(DAY) and game.config["daily"] == DAY
    # no seed given (a rematch's settings): the day's own; another seed, other seats or options: refused
    assert Game.new({k: v for k, v in config.items() if k != "seed"}).match.log[0].deck == game.match.log[0].deck
    for bad, reason in (({"seed": 7}, "daily.seed"), ({"options": {"target": 21}}, "daily.options"),
                        ({"seats": [config["seats"][0], {"human": False, "level": "expert"}]}, "daily.seats"),
                        ({"variant": "scopone"}, "daily.variant")):
        with pytest.raises(SessionError) as err:
            Game.new({**config, **bad})
        assert err.value.reason == reason


def test_a_saved_days_game_comes_back_as_the_days_game():
    s = Session()
    s.pondering = False
    s.new_game(daily.daily_config(DAY))
    while s.game.match.turn != 0:
        s.computer_step()
    s.play(s.view()["legal"][0]["notation"])
    saved = s.save()
    t = Session()
    assert "error" not in t.restore(saved)
    assert t.game.daily == DAY and t.game.record() == s.game.record()


# -- the duplicate ----------------------------------------------------------------------------------

# The master's own duplicate, by default its first plays (each a whole search of the master as
# shipped); the deep run goes on into the second hand.
MASTER_PLAYS = 45 if DEEP else 14


@pytest.fixture(scope="module")
def masters_run():
    """The day's duplicate, its first MASTER_PLAYS plays made; shared by the tests below."""
    dup = daily.Duplicate(daily.daily_config(DAY))
    assert not dup.step(MASTER_PLAYS)
    return dup


def test_the_masters_duplicate_reproduces_exactly(masters_run):
    again = daily.Duplicate(daily.daily_config(DAY))
    assert not again.step(MASTER_PLAYS)
    runs = [[[str(p) for p in h.plays] for h in dup.match.log] for dup in (masters_run, again)]
    assert runs[0] == runs[1] and sum(len(h) for h in runs[0]) == MASTER_PLAYS


def test_the_duplicate_names_the_master_in_the_persons_seat_not_the_person():
    """Its record goes to the replay viewer: the plays from the person's seat are the master's."""
    config = daily.daily_config(DAY)
    dup = daily.Duplicate(config)
    assert config["seats"][0]["human"] and config["seats"][0]["name"] not in dup.match.names
    assert list(dup.match.names) == [daily.MASTER_IN_YOUR_SEAT, daily.OPPONENT["name"]]
    assert to_record(dup.match)["players"][0] == daily.MASTER_IN_YOUR_SEAT


def test_the_duplicate_is_the_same_opponent_on_the_same_decks(masters_run):
    """A person who plays as the master would in their seat (its generator, seat 0's) meets the very
    same opponent: the first hand of their game and of the duplicate are play for play the same
    (by default its first MASTER_PLAYS plays; the deep run the whole hand)."""
    config = daily.daily_config(DAY)
    s = Session()
    s.pondering = False
    s.new_game(config)
    me = MasterPlayer(random.Random(config["seed"] * 31 + 0))
    while s.game.match.phase == "play" and (DEEP or len(s.game.match.log[0].plays) < MASTER_PLAYS):
        m = s.game.match
        if m.turn == 0:
            s.play(str(me.choose(m.observe(0))))
        else:
            s.computer_step()
    played = [str(p) for p in s.game.match.log[0].plays]
    dup = masters_run
    if len(played) > MASTER_PLAYS:  # the deep run: the whole hand
        dup = daily.Duplicate(config)
        dup.step(len(played))
    assert [str(p) for p in dup.match.log[0].plays] == played and len(played) >= min(MASTER_PLAYS, 36)
    assert dup.match.log[0].deck == s.game.match.log[0].deck


def test_the_comparison_sheet_adds_up(played):
    record, dup = played
    person = from_record(record)
    sheet = daily.compare(record, dup.match)
    assert sheet["over"] and dup.done
    assert [r["you"] for r in sheet["hands"] if r["you"]] == [list(r.totals) for r in person.results]
    assert [r["master"] for r in sheet["hands"] if r["master"]] == [list(r.totals) for r in dup.match.results]
    for side in ("you", "master"):
        rows = [r[side] for r in sheet["hands"] if r[side] is not None]
        assert [sum(r[0] for r in rows), sum(r[1] for r in rows)] == sheet[side]
    assert sheet["you"] == list(person.totals) and sheet["master"] == list(dup.match.totals)
    for r in sheet["hands"]:
        if r["you"] and r["master"]:
            d = (r["you"][0] - r["you"][1]) - (r["master"][0] - r["master"][1])
            assert r["verdict"] == (d > 0) - (d < 0)


def test_the_sheet_says_where_the_two_lines_of_play_parted(played):
    record, dup = played
    parted = daily.compare(record, dup.match)["parted"]
    assert parted is not None, "an expert and the master agreed on a whole match"
    person = from_record(record)
    h, p = parted["hand"], parted["play"]
    for k in range(h - 1):
        assert person.log[k].plays == dup.match.log[k].plays
    assert person.log[h - 1].plays[: p - 1] == dup.match.log[h - 1].plays[: p - 1]
    assert str(person.log[h - 1].plays[p - 1]) == parted["yours"] != parted["master"]
    assert str(dup.match.log[h - 1].plays[p - 1]) == parted["master"]
    assert parted["seat"] == 0  # the opponent saw the same until then: the person's play parted them


def test_a_record_of_other_decks_is_refused(played):
    record, dup = played
    other = Game.new(daily.daily_config("2026-11-30")).record()
    with pytest.raises(SessionError, match="same decks"):
        daily.compare(other, dup.match)


def test_the_session_compares_the_finished_days_deal(session, played):
    s, steps = session
    record, dup = played
    last = steps[-1]
    assert [x["done"] for x in steps] == [False] * (len(steps) - 1) + [True]
    assert all(a["plays"] < b["plays"] for a, b in zip(steps, steps[1:]))
    assert last["sheet"] == daily.compare(record, dup.match) and last["day"] == DAY and last["replay"] is False
    assert from_record(last["record"]).log == dup.match.log
    parted = last["sheet"]["parted"]
    assert last["link"] == {"hand": parted["hand"], "play": parted["play"] - 1}
    assert last["share"] == daily.share_lines(last["sheet"], DAY)
    # asked again: the same, nothing played twice
    assert s.call("daily_step", {"plays": 50}) == last
    # the device's history: the first try's result, the streak, the calendar
    started = s.call("daily_start", {"day": DAY})
    assert started["replay"] is False and started["config"] == {**daily.daily_config(DAY), "replay": False}
    kept = s.call("daily_remember", {"history": started["history"]})
    assert kept["history"]["days"][DAY]["you"] == last["sheet"]["you"] and kept["streak"] == 1
    cal = s.call("daily_calendar", {"history": kept["history"], "month": DAY[:7], "today": "2026-11-30"})
    assert cal["streak"] == 1 and cal["today"] is None and cal["calendar"]["days"][28]["played"]
    again = s.call("daily_start", {"day": DAY, "history": kept["history"]})
    assert again["replay"] is True and again["config"]["replay"] is True


@pytest.fixture
def quick_day(monkeypatch):
    """Today's deal with the easy level as the day's opponent (the duplicate's arithmetic is the
    same whoever plays): its settings and its duplicate played to the end."""
    monkeypatch.setitem(daily.OPPONENT, "level", "easy")
    config = daily.daily_config(DAY)
    return config, daily.Duplicate(config).finish()


def test_a_duplicate_the_device_kept_is_taken_instead_of_played_again(quick_day):
    config, dup = quick_day
    again = daily.Duplicate(config)
    assert again.adopt(to_record(dup, "scopa")) and again.done
    assert again.match.log == dup.log and again.match.totals == dup.totals
    # through the session, as the page asks after a reload: done at once, the same sheet
    s = play_person(config, EasyPlayer(random.Random(5)))
    answer = s.call("daily_step", {"plays": 1, "kept": to_record(dup, "scopa")})
    assert answer["done"] and answer["kept"] is True
    assert answer["sheet"] == daily.compare(s.game.record(), dup)


def test_a_kept_duplicate_of_another_day_or_unfinished_or_damaged_is_not_taken(quick_day):
    config, dup = quick_day
    other = daily.Duplicate(daily.daily_config("2026-11-30"))
    other.step(40)
    unfinished = daily.Duplicate(config)
    unfinished.step(40)
    record = to_record(dup, "scopa")
    changed = json.loads(json.dumps(record))
    changed["hands"][0]["plays"][:2] = changed["hands"][0]["plays"][1::-1]  # two plays swapped: no longer legal
    for bad in (to_record(other.finish(), "scopa"), to_record(unfinished.match, "scopa"), changed,
                "not a record", 7, {"hands": "x"}):
        fresh = daily.Duplicate(config)
        assert fresh.adopt(bad) is False
        assert fresh.plays == 0 and fresh.match.log == [] and fresh.match.phase == daily.Duplicate(config).match.phase
        assert not fresh.step(3) and fresh.plays == 3  # the master plays it as before
    s = play_person(config, EasyPlayer(random.Random(5)))
    answer = s.call("daily_step", {"plays": 1, "kept": to_record(other.match, "scopa")})
    assert answer["kept"] is False and answer["plays"] == 1 and not answer["done"]


def test_the_coach_says_nothing_in_a_days_deal():
    """A warning is half a hint (the review of 2026-11-30: five of them in one day's deal): in
    today's deal the coach is silent on plays it would warn of in any other game."""
    from scopa_ai.explain import warn

    s = Session()
    s.pondering = False
    s.new_game(daily.daily_config(DAY))
    silenced = 0
    while s.game.match.phase == "play":
        if s.game.match.turn != 0:
            s.computer_step()
            continue
        view = s.game.match.observe(0)
        for play in view.legal:
            if warn(view, play) is not None:
                assert s.coach(str(play)) == {"warning": None}
                silenced += 1
        s.play(str(view.legal[0]))
    assert silenced > 0


def test_a_days_deal_has_no_undo_and_no_hint():
    s = Session()
    s.pondering = False
    v = s.new_game(daily.daily_config(DAY))
    assert v["daily"] == {"day": DAY, "replay": False} and v["can_hint"] is False
    while s.game.match.turn != 0:
        s.computer_step()
    v = s.play(s.view()["legal"][0]["notation"])["view"]
    assert v["can_undo"] is False
    while s.game.match.turn != 0:
        s.computer_step()
    assert s.hint().get("reason") == "daily.hint"
    assert s.call("daily_step", {}).get("reason") == "daily.unfinished"
    other = Session()
    other.new_game({"seed": 3})
    assert other.view()["can_hint"] is True and other.view()["daily"] is None
    assert other.call("daily_step", {}).get("reason") == "daily.not_daily"
    assert other.call("daily_start", {"day": "yesterday"}).get("reason") == "daily.day"
    assert other.call("daily_step", {"plays": 0})["error"]


# -- the result to share ---------------------------------------------------------------------------

def words(lang):
    return json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def worded(lines, lang):
    """The lines as the page words them (i18n.js fills {name} with the params; a count picks the
    plural's form, one for 1 in the three languages)."""
    w = words(lang)
    out = []
    for line in lines:
        if isinstance(line, str):
            out.append(line)
        else:
            key, count = line["key"], line["params"].get("count")
            if key not in w:
                key += ".one" if count == 1 else ".other"
            out.append(re.sub(r"\{(\w+)\}", lambda m: str(line["params"][m.group(1)]), w[key]))
    return "\n".join(out)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_shared_result_names_no_card_and_has_a_row_per_hand(played, lang):
    record, dup = played
    sheet = daily.compare(record, dup.match)
    text = worded(daily.share_lines(sheet, DAY), lang)
    w = words(lang)
    for key in [k for k in w if k.startswith(("rank.", "suit."))]:
        assert not re.search(rf"\b{re.escape(w[key])}\b", text, re.IGNORECASE), (w[key], text)
    assert not re.search(r"\b(10|[1-9])[DCBS]\b", text), text
    rows = text.splitlines()[2:]
    more = sum(1 for r in sheet["hands"] if r["you"] is None)  # hands only the master's match played
    if more:
        assert rows.pop().startswith(f"+ {more} ")
    mine = [r for r in sheet["hands"] if r["you"]]
    assert len(rows) == len(mine)
    for row, hand in zip(rows, mine):
        assert row.count(daily.MARK_OURS) == hand["you"][0] and row.count(daily.MARK_THEIRS) == hand["you"][1]
        assert row.endswith(daily.VERDICT[hand["verdict"]])
    assert DAY in text and f"{sheet['you'][0]} – {sheet['you'][1]}" in text
    assert f"{sheet['master'][0]} – {sheet['master'][1]}" in text
    replay = worded(daily.share_lines(sheet, DAY, replay=True), lang)
    assert replay.splitlines()[0] != text.splitlines()[0]


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_shared_result_says_the_hands_only_the_master_played(lang):
    """The review of 2026-12-01: the person's match ended a hand before the master's, and the shared
    rows stopped there while the master's score counted a hand more."""
    sheet = {"you": [11, 9], "master": [12, 4], "verdict": -1, "parted": None, "over": True,
             "hands": [{"hand": 1, "you": [5, 5], "master": [4, 3], "verdict": -1},
                       {"hand": 2, "you": [6, 4], "master": [4, 1], "verdict": -1},
                       {"hand": 3, "you": None, "master": [4, 0], "verdict": 0}]}
    lines = worded(daily.share_lines(sheet, DAY), lang).splitlines()
    assert len(lines) == 2 + 2 + 1
    assert lines[-1].startswith("+ 1 ") and daily.MARK_OURS not in lines[-1]
    sheet["hands"].append({"hand": 4, "you": None, "master": [1, 0], "verdict": 0})
    assert worded(daily.share_lines(sheet, DAY), lang).splitlines()[-1].startswith("+ 2 ")
    del sheet["hands"][2:]
    assert not worded(daily.share_lines(sheet, DAY), lang).splitlines()[-1].startswith("+")


# -- one try a day, the streak, the calendar --------------------------------------------------------

SHEET = {"you": [11, 7], "master": [11, 5], "verdict": -1}


def played_on(history, day, sheet=SHEET):
    """`history` after the day's deal started and finished, as the page asks."""
    started = daily.attempt(history, day)
    return daily.remember(started["history"], day, "scopa", sheet, started["replay"])


def test_one_try_a_day_and_a_replay_is_marked_not_counted():
    first = daily.attempt(None, DAY)
    assert first["replay"] is False
    # left before the end and started again: the day's try was taken, this one is a replay
    again = daily.attempt(first["history"], DAY)
    assert again["replay"] is True and again["history"]["days"][DAY]["replays"] == 1
    h = daily.remember(first["history"], DAY, "scopa", SHEET)
    assert h["days"][DAY]["you"] == [11, 7]
    assert daily.remember(h, DAY, "scopa", {"you": [11, 0], "master": [0, 11], "verdict": 1}) == h  # asked twice
    replay = daily.attempt(h, DAY)
    assert replay["replay"] is True
    h2 = daily.remember(replay["history"], DAY, "scopa", {"you": [11, 0], "master": [0, 11], "verdict": 1}, True)
    assert h2["days"][DAY]["you"] == [11, 7] and h2["days"][DAY]["replays"] == 1
    assert daily.attempt(h2, "2026-11-30")["replay"] is False


def test_the_streak_counts_days_in_a_row_played_to_the_end():
    h = None
    for day in ("2026-11-26", "2026-11-27", "2026-11-28"):
        h = played_on(h, day)
    assert daily.streak(h, "2026-11-28") == 3
    assert daily.streak(h, "2026-11-29") == 3  # today still to play: the streak is not lost yet
    started = daily.attempt(h, "2026-11-29")["history"]
    assert daily.streak(started, "2026-11-29") == 3  # started, not finished: not yet a day more
    assert daily.streak(h, "2026-11-30") == 0
    assert daily.streak(played_on(h, "2026-11-30"), "2026-11-30") == 1
    assert daily.streak(played_on(None, "2024-02-29"), "2024-03-01") == 1


def test_the_calendar_lists_the_month():
    h = played_on(None, "2026-02-03")
    h = daily.attempt(h, "2026-02-05")["history"]
    cal = daily.calendar(h, "2026-02")
    assert len(cal["days"]) == 28 and cal["first_weekday"] == 6  # 1 February 2026 is a Sunday
    assert [d["day"] for d in cal["days"] if d["played"]] == ["2026-02-03"]
    assert [d["day"] for d in cal["days"] if d["started"]] == ["2026-02-05"]
    assert cal["days"][2]["verdict"] == -1
    # a day gone by keeps both scores, so the dialog reads it again (after midnight, yesterday's)
    assert cal["days"][2]["you"] == SHEET["you"] and cal["days"][2]["master"] == SHEET["master"]
    assert cal["days"][4]["you"] is None and cal["days"][0]["master"] is None
    with pytest.raises(SessionError):
        daily.calendar(h, "2026-13")


@pytest.mark.parametrize("bad", [[], {"days": []}, {"days": {"2026-11-99": {}}},
                                 {"days": {DAY: {"variant": "scopa", "you": [1], "master": [1, 2], "verdict": 0}}},
                                 {"days": {DAY: {"variant": "scopa", "you": [1, 2], "master": [1, 2], "verdict": 5}}}])
def test_a_damaged_history_is_refused(bad):
    with pytest.raises(SessionError) as err:
        daily.streak(bad, DAY)
    assert err.value.reason in ("daily.history", "daily.day")
