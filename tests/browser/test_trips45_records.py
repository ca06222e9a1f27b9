"""Issue 45, point 3: a match is never lost without asking. New game during an unfinished match
asks "Keep this match for later?" and keeps it; Records keeps a history of finished and
unfinished matches (newest first), each openable in the replay, playable on if unfinished,
downloadable, and the history survives a reload."""

from __future__ import annotations

import re

from saves import near_the_end, person_and_computers
from site_helpers import play_first_card, play_until_sheet, skip_the_lesson_offer

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}


def under_way(table_page, viewport=DESKTOP):
    """The shared page with a match whose person has played twice (a match under way)."""
    page = table_page("fast=1&lang=en&seed=3&level=random", viewport=viewport)
    skip_the_lesson_offer(page)
    play_first_card(page, then_wait=True)
    play_first_card(page, then_wait=True)
    return page


def new_game(page):
    """Open New game and press Start (the dialog opens on the game on the table)."""
    page.locator("#new").click()
    page.locator("#ng-start").click()


def open_records(page):
    if page.locator("#more-btn").is_visible():
        page.locator("#more-btn").click()
    page.locator("#records-btn").click()
    page.locator("#records-dialog[open]").wait_for()
    return page.locator("#records-dialog [data-testid=history-entry]")


def test_new_game_during_an_unfinished_match_asks_and_keeps_it_through_a_reload(table_page):
    page = under_way(table_page)
    kept_hand = page.evaluate("settebello.view.hand")
    kept_plays = page.evaluate("settebello.view.plays.length")
    new_game(page)
    question = page.get_by_role("dialog", name="Keep this match for later?")
    question.wait_for()
    page.screenshot(path="/tmp/trips45_keep_question_1366.png")
    assert page.evaluate("settebello.view.plays.length") == kept_plays  # nothing started yet
    question.get_by_role("button", name="Keep it").click()
    page.wait_for_function("(n) => settebello.view.plays.length < n", arg=kept_plays)
    # the kept match survives a reload, in Records' history
    page.reload()
    page.wait_for_function("window.settebello?.view && document.documentElement.dataset.engine === 'ready'")
    skip_the_lesson_offer(page)
    entries = open_records(page)
    assert entries.count() == 1
    assert entries.first.get_attribute("data-finished") == "false"
    assert "not finished" in entries.first.inner_text()
    page.screenshot(path="/tmp/trips45_history_1366.png")
    # played on: the match as it was left comes back on the table, and leaves the history
    entries.first.get_by_role("button", name="Play on").click()
    question = page.get_by_role("dialog", name="Keep this match for later?")
    page.wait_for_function("""(n) => settebello.view.plays.length === n
        || document.querySelector('#keep-dialog[open]')""", arg=kept_plays)
    if question.is_visible():  # the computers had played in the new game: asked again
        question.get_by_role("button", name="Don't keep").click()
    page.wait_for_function("(n) => settebello.view.plays.length === n", arg=kept_plays)
    assert sorted(page.evaluate("settebello.view.hand")) == sorted(kept_hand)
    assert open_records(page).count() == 0


def test_cancel_keeps_the_match_on_the_table_and_dont_keep_drops_it(table_page):
    page = under_way(table_page, PHONE)
    plays = page.evaluate("settebello.view.plays.length")
    new_game(page)
    question = page.get_by_role("dialog", name="Keep this match for later?")
    question.wait_for()
    page.screenshot(path="/tmp/trips45_keep_question_360.png")
    question.get_by_role("button", name="Cancel").click()
    page.wait_for_function("!document.querySelector('#keep-dialog[open]')")
    assert page.evaluate("settebello.view.plays.length") == plays
    new_game(page)
    question.get_by_role("button", name="Don't keep").click()
    page.wait_for_function("(n) => settebello.view.plays.length < n", arg=plays)
    assert open_records(page).count() == 0


def test_a_fresh_deal_is_replaced_without_a_question(table_page):
    page = table_page("fast=1&lang=en&seed=3&level=random", viewport=DESKTOP)
    skip_the_lesson_offer(page)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    assert page.evaluate("settebello.view.plays.length") == 0  # the person leads this deal
    new_game(page)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready' && !document.querySelector('#newgame-dialog[open]')")
    assert page.locator("#keep-dialog[open]").count() == 0


def test_a_finished_match_joins_the_history_and_opens_in_the_replay(table_page):
    save = near_the_end({"variant": "scopa", "seed": 2, "options": {"target": 3},
                         "seats": person_and_computers(2)}, person_plays_left=1)
    page = table_page("fast=1&lang=en", viewport=DESKTOP, save=save)
    play_until_sheet(page)
    page.wait_for_function("settebello.view.phase === 'over'")
    page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('settebello.history:')
        && k.split(':').length === 2 && JSON.parse(localStorage.getItem(k)).length === 1)""")
    entries = open_records(page)
    assert entries.count() == 1
    assert entries.first.get_attribute("data-finished") == "true"
    assert entries.first.get_by_role("button", name="Play on").count() == 0
    with page.expect_download() as download:
        entries.first.get_by_role("button", name="Download").click()
    # one form of date and time for every download (the review of 2026-12-01 found two)
    assert re.fullmatch(r"settebello-scopa-\d{4}-\d{2}-\d{2}-\d{4}\.json", download.value.suggested_filename)
    entries.first.get_by_role("button", name="Replay").click()
    page.wait_for_url("**/replay.html?from=game&lang=en")  # in the table's language
