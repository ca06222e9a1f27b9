"""The tournament dialog for keyboard and screen-reader users (a play-tester's report): whenever the
dialog is drawn anew, the keyboard lands somewhere meaningful, never on <body> — the view's main
action (or its title, focusable for it, when it has none), the next main action after a button
vanishes, the log's title when a match log opens, and back on the Match log button that opened it
(static/js/bracketview.js). The tournament stays in storage, so the test has a page of its own."""

from __future__ import annotations

import re

from harness import settled
from saves import near_the_end, person_and_computers
from site_helpers import open_table
from test_rooms import play_match

# eight players (Anna and seven beginners), single-hand matches, seed 9 (found in CPython: Anna sits
# at the second quarter-final table and loses her match playing her first legal card each turn)
SEED = 9
ACTIVE = """() => { const a = document.activeElement;
    return a === document.body ? "<body>" : `${a.tagName} ${a.className} "${a.textContent.trim().slice(0, 40)}"`; }"""


def assert_focused(page, locator, moment: str) -> None:
    """`locator`'s element is document.activeElement once what was set off has been drawn."""
    settled(page)
    assert locator.evaluate("el => el === document.activeElement"), f"{moment}: focus on {page.evaluate(ACTIVE)}"


def start_tournament(page, beginners: int):
    """Anna's knock-out against `beginners` Beginners, single-hand matches (seed SEED): the dialog,
    its bracket drawn."""
    page.locator("#tournament-btn").click()
    d = page.locator("#tournament-dialog[open]")
    d.locator("#t-name").fill("Anna")
    for level, count in (("beginner", beginners), ("easy", 0), ("expert", 0), ("master", 0)):
        d.locator(f'[data-level="{level}"]').fill(str(count))
    d.locator("#t-target").fill("0")
    d.locator("#t-seed").fill(str(SEED))
    d.locator("#t-start").click()
    d.locator(".tbracket").wait_for()
    return d


def test_the_keyboard_lands_on_each_tournament_views_main_action_never_on_body(page, base_url):
    open_table(page, base_url, "test&lang=en")
    d = start_tournament(page, beginners=7)
    # 1. Start tournament: the form's button is gone; a computers' match is next
    assert_focused(page, d.get_by_role("button", name="Skip to your next match"), "the bracket drawn")

    d.get_by_role("button", name="Skip to your next match").click()
    assert_focused(page, d.get_by_role("button", name="Play your match"), "after skipping to Anna's match")
    d.get_by_role("button", name="Play your match").click()
    page.wait_for_function("settebello.view && settebello.view.tournament !== null && settebello.view.phase !== 'over'")
    play_match(page)

    # 4. the bracket opens by itself over the score sheet: its main action, not the first Match log
    d.locator(".tbracket").wait_for()
    remaining = d.get_by_role("button", name="Play the remaining matches")  # Anna is out
    assert_focused(page, remaining, "the bracket opened after Anna's match")
    d.get_by_role("button", name="Close").click()
    # the sheet's way on is the bracket, New game only a way out (the review of 2026-12-01)
    assert page.locator("#sheet:not([hidden]) .sheet__actions .btn--primary").all_inner_texts() == ["Back to the bracket"]
    page.locator("#sheet:not([hidden]) [data-open-tournament]").click()  # "Back to the bracket"
    d.locator(".tbracket").wait_for()
    assert_focused(page, remaining, "the bracket opened from the score sheet")

    # 2. the pressed button vanishes with the matches played: the next main action has the keyboard
    remaining.click()
    d.locator("[data-testid=champion]").wait_for()
    assert_focused(page, d.get_by_role("button", name="New tournament"), "the remaining matches played")

    # 3. a match log opens on its title, and Back returns to the Match log button pressed
    opener = d.locator(".tmatch__watch").nth(1)
    where = opener.get_attribute("data-watch")
    opener.click()
    d.locator(".tlog details").first.wait_for()
    title = d.locator("#tournament-title")
    assert title.inner_text().startswith("Match log: ")
    assert_focused(page, title, "the match log opened")
    d.get_by_role("button", name="Back to the bracket").click()
    d.locator(".tbracket").wait_for()
    assert_focused(page, d.locator(f'[data-watch="{where}"]'), "back from the match log")

    # a New game after the tournament opens on the game the person set up last (here none: the
    # preset's), not on the tournament's table: its single hand, where the draw may seat them second
    # (the review of 2026-11-30)
    d.get_by_role("button", name="Close").click()
    page.locator("#new").click()
    ng = page.locator("#newgame-dialog[open]")
    assert ng.locator('select[data-seat-kind="0"]').input_value() == "human"
    assert ng.locator('select[data-seat-kind="1"]').input_value() == "computer"
    assert ng.locator("#ng-target").input_value() == "11"


def test_a_tournaments_match_asks_before_a_match_under_way_gives_way_to_it(table_page):
    """As New game (and Today's deal) ask: the person's tournament match dealt over a match under
    way keeps it in Records when they say so, and Cancel leaves it on the table."""
    save = near_the_end({"variant": "scopa", "seed": 4, "seats": person_and_computers(2)}, person_plays_left=3)
    page = table_page("fast=1&lang=en", save=save)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    before = page.evaluate("JSON.stringify([settebello.view.totals, settebello.view.plays])")
    history = "() => JSON.parse(localStorage.getItem('settebello.history:/') || '[]').length"
    kept_before = page.evaluate(history)
    d = start_tournament(page, beginners=3)
    skip = d.get_by_role("button", name="Skip to your next match")
    if skip.count():
        skip.click()
    d.get_by_role("button", name="Play your match").click()
    page.get_by_test_id("keep-cancel").click()
    page.wait_for_function("!document.querySelector('dialog[open] [data-testid=keep-yes]')")
    assert page.evaluate("JSON.stringify([settebello.view.totals, settebello.view.plays])") == before
    d.get_by_role("button", name="Play your match").click()
    page.get_by_test_id("keep-yes").click()
    page.wait_for_function("settebello.view && settebello.view.tournament")
    assert page.evaluate(history) == kept_before + 1
    # the opponent, a computer named after its level ("Beginner 2"), is not told its level twice
    seat = page.locator("#opponents .seat").first
    assert re.fullmatch(r"Beginner \d", seat.locator(".seat__name").inner_text())
    assert seat.locator(".seat__level").inner_text() == "Computer"
    # the tournament is left, so that the next test's page starts without one
    page.locator("#tournament-btn").click()
    d.locator("[data-act=leave]").click()
    d.locator("[data-act=leave]").click()
    d.locator("#t-start").wait_for()
