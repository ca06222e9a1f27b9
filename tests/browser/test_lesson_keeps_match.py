"""The guided hand never costs the person their match (static/js/lesson.js, access.js, dialog.js).

The review: at 3-10 in a Master match, More → Help → "Play the guided hand" started the lesson at
once, "End the lesson" dealt a fresh 0-0 match and the match was not even in Records; New game
after the lesson offered the lesson's own settings (points to win 0, a Beginner) under a note that
said "0: a single hand" whatever the value; and Help on a phone was all keys. Here, as a player
sees it: the match (its score, its hand, its table, its clock) is back after the lesson, ended early
or played to its end; New game offers the person's own last choice; Help begins with how to play by
touch or mouse; at a table with people on other devices Help says why the lesson is not offered.
The matches start late (a save made in CPython, saves.py's way) instead of being played up to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from settebello.session import Session
from site_helpers import reload_when_saved

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 740}
HISTORY = "settebello.history:/"  # history.js's key (storage.js's scope: the site's root)


def strings(code: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def under_way(config: dict, hands: int = 2, plays: int = 2) -> dict:
    """A save of the match `config` at the person's turn once `hands` hands have ended and `plays`
    plays of the next are made (the person plays their first legal card): a match at some score."""
    s = Session()
    assert "error" not in s.call("new_game", config)
    for _ in range(5_000):
        view = s.call("view")
        assert view["phase"] != "over", "the match ended first"
        if view["phase"] == "deal":
            reply = s.call("next_hand")
        elif view["waiting"] == "human":
            if len(view["results"]) >= hands and len(view["plays"]) >= plays:
                assert any(view["totals"]), view["totals"]
                return s.call("save")
            reply = s.call("play", view["legal"][0]["notation"])
        else:
            reply = s.call("computer_step")
        assert "error" not in reply, reply
    raise AssertionError("no such turn")


def against(level: str, **extra) -> dict:
    return {"variant": "scopa", "seed": 7, "seats": [{"human": True, "name": "You"}, {"human": False, "level": level}], **extra}


@pytest.fixture(scope="module")
def master_match() -> dict:
    return under_way(against("master"))


@pytest.fixture(scope="module")
def timed_match() -> dict:
    return under_way(against("random", clock="standard"), hands=1)


def my_turn(page) -> None:
    page.wait_for_function("() => { const v = window.settebello.view; return v && !v.lesson && v.phase === 'play'"
                           " && v.waiting === 'human' && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])'); }")


def at_the_table(page) -> dict:
    """What the player sees of the match: the score bar, the hand, the table, who they play."""
    return page.evaluate("""() => ({
        scores: [...document.querySelectorAll('#scores .score')].map((s) => s.querySelector('.score__name').textContent
            + ' ' + s.querySelector('.score__pts').textContent),
        hand: [...document.querySelectorAll('#hand-cards .card')].map((c) => c.dataset.card).sort(),
        table: [...document.querySelectorAll('#table-cards .card')].map((c) => c.dataset.card).sort(),
        levels: window.settebello.view.seats.map((s) => s.level || 'person'),
        target: window.settebello.view.rules.target })""")


def kept_in_records(page) -> list[dict]:
    return page.evaluate("(k) => JSON.parse(localStorage.getItem(k) || '[]')", HISTORY)


def open_help(page):
    if page.locator("#more-btn").is_visible():  # a phone: Help is in the More menu
        page.click("#more-btn")
    page.click("#help-button")
    return page.locator("dialog#access-help[open]")


def start_the_lesson(page) -> None:
    open_help(page).get_by_test_id("lesson-help").click()
    page.wait_for_function("() => window.settebello.view?.lesson?.step === 'capture'"
                           " && !document.getElementById('lesson-coach')?.hidden")


@pytest.mark.parametrize("timed", [False, True], ids=["master", "clock"])
def test_ending_the_guided_hand_puts_the_match_back_as_it_was(table_page, master_match, timed_match, timed):
    en = strings("en")
    page = table_page("fast=1&lang=en", save=timed_match if timed else master_match)
    my_turn(page)
    before = at_the_table(page)
    assert before["scores"] != ["You 0", "Computer 2 0"], before
    used = "() => window.settebello.game('view').then((v) => v.clock.seats[0].used_ms)"
    used_before = page.evaluate(used) if timed else 0
    now = "() => performance.now()"
    read_at = page.evaluate(now)  # the match's clock runs from here until the lesson takes the table
    # Help says the match waits, before anything is done
    help_dialog = open_help(page)
    expect(help_dialog.get_by_test_id("lesson-help-note")).to_have_text(en["lesson.help.waits"])
    page.screenshot(path=f"/tmp/lesson_keeps_help_{'clock' if timed else 'master'}.png")
    help_dialog.get_by_test_id("lesson-help").click()
    page.wait_for_function("() => window.settebello.view?.lesson?.step === 'capture'"
                           " && !document.getElementById('lesson-coach')?.hidden")
    # while the lesson is on the table, the match waits in Records, unfinished, at its score
    kept = kept_in_records(page)
    assert [(e["finished"], e["totals"]) for e in kept] == [(False, [int(s.rsplit(" ", 1)[1]) for s in before["scores"]])]
    lesson_at = page.evaluate(now)
    if timed:  # the lesson takes its time: the match's clock does not run meanwhile
        page.wait_for_function("(t) => performance.now() > t + 3000", arg=lesson_at)
    quit_at = page.evaluate(now)
    page.get_by_test_id("lesson-quit").click()
    my_turn(page)
    page.screenshot(path=f"/tmp/lesson_keeps_after_{'clock' if timed else 'master'}.png")
    assert at_the_table(page) == before
    assert page.locator("#lesson-coach:not([hidden])").count() == 0
    # back on the table, it is not listed twice
    assert kept_in_records(page) == []
    if timed:
        # what the clock charged is at most the match's own time on the table, before the lesson
        # and after it, however slow the machine; the lesson's 3 s and more are nobody's
        spent = page.evaluate(used) - used_before
        on_the_table = (lesson_at - read_at) + (page.evaluate(now) - quit_at)
        assert spent <= on_the_table + 250, (spent, on_the_table, quit_at - lesson_at)


def test_a_reload_during_the_lesson_keeps_the_match_waiting(table_page, master_match):
    en = strings("en")
    page = table_page("fast=1&lang=en", save=master_match)
    my_turn(page)
    before = at_the_table(page)
    start_the_lesson(page)
    reload_when_saved(page)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready' && typeof window.settebello?.reset === 'function'")
    page.wait_for_function("() => window.settebello.view?.lesson && !document.getElementById('lesson-coach')?.hidden")
    # Help, during the lesson, still says the match waits
    help_dialog = open_help(page)
    expect(help_dialog.get_by_test_id("lesson-help-note")).to_have_text(en["lesson.help.waits"])
    page.keyboard.press("Escape")
    expect(page.locator("dialog#access-help")).to_have_count(0)
    page.get_by_test_id("lesson-quit").click()
    my_turn(page)
    assert at_the_table(page) == before
    assert kept_in_records(page) == []


# the element whole in sight: its top, middle and foot neither scrolled away, clipped nor covered
IN_SIGHT = """(el) => { const r = el.getBoundingClientRect(), x = r.x + r.width / 2;
    return [r.top + 2, r.top + r.height / 2, r.bottom - 2].every((y) => y > 0 && y < innerHeight
        && el.contains(document.elementFromPoint(x, y))); }"""


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_guided_hand_played_to_its_end_offers_the_way_back_to_the_match(table_page, master_match, screen):
    """The way back comes first, in sight where it has the focus: on a phone it lay under the
    hand's counts, out of sight, while the focus was on it."""
    en = strings("en")
    page = table_page("fast=1&lang=en", save=master_match, viewport=PHONE if screen == "phone" else None)
    my_turn(page)
    before = at_the_table(page)
    start_the_lesson(page)
    for _ in range(18):
        page.wait_for_function(
            """() => { const v = window.settebello.view;
                if (v.phase !== 'play') return !!document.querySelector('#sheet:not([hidden]) [data-testid=lesson-end]');
                const c = document.getElementById('lesson-coach');
                return v.waiting === 'human' && c && !c.hidden && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])'); }""")
        v = page.evaluate("window.settebello.view")
        if v["phase"] != "play":
            break
        page.locator(f"#hand-cards .card[data-card='{v['lesson']['cards'][0]}']").click()
        if v["lesson"]["step"] == "choice":
            page.locator("#choices button", has_text="Seven of Cups").click()
        page.wait_for_function("(n) => { const v = window.settebello.view; return v.plays.length > n || v.phase !== 'play'; }",
                               arg=len(v["plays"]))
    end = page.get_by_test_id("lesson-end")
    end.wait_for()
    back = end.get_by_test_id("lesson-back")
    expect(back).to_have_text(en["lesson.back"])
    # the way back first in line (the focus on it), the levels still there to start another game
    assert page.evaluate("document.activeElement?.dataset.testid") == "lesson-back"
    page.wait_for_function("() => !document.getAnimations().some((a) => a.playState === 'running')")
    assert back.evaluate(IN_SIGHT), "the way back to the match is out of sight"
    assert en["lesson.back.note"] in end.inner_text()
    assert end.locator(".lesson-end__levels button").count() >= 2
    page.screenshot(path=f"/tmp/lesson_keeps_end_{screen}.png")
    back.click()
    my_turn(page)
    assert at_the_table(page) == before
    assert page.locator("#sheet").is_hidden()
    assert kept_in_records(page) == []


def test_new_game_during_the_lesson_offers_the_persons_own_choices(table_page):
    en = strings("en")
    page = table_page("fast=1&seed=3&level=random&lang=en")
    # the person's own last choice: Scopa to 16 against an Expert
    page.click("#new")
    dialog = page.locator("#newgame-dialog")
    dialog.wait_for(state="visible")
    dialog.locator("#ng-variant").select_option("scopa")
    dialog.locator("#ng-target").fill("16")
    dialog.locator('[data-seat-level="1"]').select_option("expert")
    dialog.locator("#ng-start").click()
    page.wait_for_function("() => window.settebello.view.rules.target === 16 && window.settebello.view.seats[1].level === 'expert'")
    start_the_lesson(page)
    page.click("#new")
    dialog.wait_for(state="visible")
    page.screenshot(path="/tmp/lesson_keeps_newgame.png")
    assert dialog.locator("#ng-desc").inner_text().startswith("Classic two-player Scopa to 11")
    expect(dialog.locator("#ng-target")).to_have_value("16")
    expect(dialog.locator('[data-seat-level="1"]')).to_have_value("expert")
    # the note under the points to win follows the value typed
    note = dialog.locator("#ng-target-hint")
    expect(note).to_have_text(en["dialog.targetNote.other"].replace("{count}", "16"))
    dialog.locator("#ng-target").fill("11")
    expect(note).to_have_text(en["dialog.targetNote.other"].replace("{count}", "11"))
    dialog.locator("#ng-target").fill("0")
    expect(note).to_have_text(en["dialog.targetSingle"])
    dialog.locator("#ng-cancel").click()
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_help_on_a_phone_starts_with_how_to_play_by_touch(table_page, lang):
    words = strings(lang)
    page = table_page(f"fast=1&seed=3&level=random&lang={lang}", viewport=PHONE)
    help_dialog = open_help(page)
    expect(help_dialog.locator("h2")).to_have_text(words["access.help.title"])
    expect(help_dialog.locator("h3").first).to_have_text(words["access.help.howto"])
    howto = help_dialog.get_by_test_id("help-howto")
    assert howto.locator("li").all_inner_texts() == [words[f"access.help.howto.{k}"] for k in ("play", "choose", "hint", "more", "dealer")]
    # in sight as the dialog opens, and the keys after it, for keyboard players
    box = howto.bounding_box()
    assert box["y"] < PHONE["height"] / 2, box
    assert help_dialog.locator("[data-testid=access-keys]").bounding_box()["y"] > box["y"] + box["height"]
    page.screenshot(path=f"/tmp/lesson_help_phone_{lang}.png")


def test_at_a_table_with_people_help_says_why_the_guided_hand_is_not_offered(table_page):
    en = strings("en")
    people = {"variant": "scopa", "seed": 4,
              "seats": [{"human": True, "name": "You"}, {"human": True, "name": "Anna", "remote": True}]}
    s = Session()
    assert "error" not in s.call("new_game", people)
    page = table_page("fast=1&lang=en", save=s.call("save"))
    page.wait_for_function("() => window.settebello.view?.seats?.[1]?.remote === true")
    help_dialog = open_help(page)
    expect(help_dialog.get_by_test_id("lesson-help")).to_be_disabled()
    expect(help_dialog.get_by_test_id("lesson-help-note")).to_have_text(en["lesson.help.people"])
    page.screenshot(path="/tmp/lesson_keeps_people_help.png")
