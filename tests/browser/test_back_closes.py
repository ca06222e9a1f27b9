"""The browser's Back closes the dialog on top and stays in the game (the review of 2026-12-02: Back
with the rules open left the site, a reload of 10-30 s away); a dialog closed by its own button
leaves no step behind it, and a dialog opened over another closes first."""

from __future__ import annotations

from site_helpers import click_in_bar

GAME = "fast=1&lang=en&variant=scopa&seed=1&level=random"
OPEN = "(id) => !!document.querySelector(`#${id}[open]`)"
MARKED = "!!history.state?.settebelloDialog"


def test_back_closes_the_dialog_on_top_and_the_game_stays(table_page):
    page = table_page(GAME)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    page.evaluate("window.__samePage = true")
    url = page.url
    before = page.evaluate("JSON.stringify(settebello.view.hand)")

    click_in_bar(page, "#rules-btn")
    page.wait_for_function(OPEN, arg="rules-dialog")
    page.wait_for_function(MARKED)
    # (the length with the dialog's step: whatever the page's history held before, a dialog that the
    # boot opened and closed on a loaded machine included)
    steps = page.evaluate("history.length")
    page.go_back()
    page.wait_for_function(f"!({OPEN})('rules-dialog')")
    assert page.evaluate("window.__samePage") is True and page.url == url
    assert page.evaluate("JSON.stringify(settebello.view.hand)") == before

    # closed by its own button: its step in the history goes with it, so Back is not spent on nothing
    click_in_bar(page, "#rules-btn")
    page.wait_for_function(OPEN, arg="rules-dialog")
    page.wait_for_function(MARKED)
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()
    page.wait_for_function(f"!({MARKED})")
    assert page.evaluate("history.length") == steps  # the one step left from the first dialog's Back

    # a dialog opened over another: Back closes the one on top, then the one beneath
    page.locator("#new").click()
    page.wait_for_function(OPEN, arg="newgame-dialog")
    page.locator("#ng-rules").click()
    page.wait_for_function(OPEN, arg="rules-dialog")
    page.go_back()
    page.wait_for_function(f"!({OPEN})('rules-dialog')")
    assert page.evaluate(OPEN, "newgame-dialog")
    page.wait_for_function(MARKED)
    page.go_back()
    page.wait_for_function(f"!({OPEN})('newgame-dialog')")
    assert page.evaluate("window.__samePage") is True and page.url == url
    assert page.evaluate("JSON.stringify(settebello.view.hand)") == before  # the match was not dropped
