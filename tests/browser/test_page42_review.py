"""A player's review of a whole Cirulla match (issue 42), the table's part: the focus after New game
→ Start, the declare question beside the mazzo on a desktop, the match story's "Hand by hand" under
the phone's sticky buttons, the callout above cards in flight. Screenshots go to /tmp/page42."""

from __future__ import annotations

import os

import pytest

from harness import settled
from saves import near_the_end, person_and_computers
from site_helpers import human_to_play

SHOTS = "/tmp/page42"
os.makedirs(SHOTS, exist_ok=True)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}


def to_play(page) -> None:
    """The person's turn at this screen, the table still (site_helpers.human_to_play, then settled)."""
    human_to_play(page)
    settled(page)


def rect(page, selector: str) -> dict:
    return page.locator(selector).evaluate("e => { const r = e.getBoundingClientRect(); "
                                           "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }")


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("how", ["click", "keys"])
def test_after_new_game_start_the_focus_is_in_the_hand_not_on_new_game(table_page, how):
    """After New game → Start the person's next move is a card: the focus leaves the New game
    button (where the closed dialog gave it back) for the hand's first playable card."""
    page = table_page("fast=1&seed=3&level=random&lang=en", viewport=DESKTOP)
    to_play(page)
    dialog = page.locator("#newgame-dialog")
    if how == "click":
        page.locator("#new").click()
        dialog.locator("#ng-start").wait_for()
        dialog.locator("#ng-start").click()
    else:
        page.locator("#new").focus()
        page.keyboard.press("Enter")
        dialog.locator("#ng-start").wait_for()
        dialog.locator("#ng-start").focus()
        page.keyboard.press("Enter")
    page.wait_for_function("!document.getElementById('newgame-dialog').open")
    to_play(page)
    page.wait_for_function("document.activeElement && document.activeElement.id !== 'new'"
                           " && !!document.activeElement.closest('#hand-cards')")
    assert not page.evaluate("document.activeElement.disabled || document.activeElement.ariaDisabled === 'true'")


# seed 126: the person plays first and may declare (R25): the question is open at the deal
DECLARE = "fast=1&variant=cirulla&seed=126&level=random&lang=en"


def test_the_declare_question_on_a_desktop_leaves_the_mazzo_and_table_clear_of_the_hand(table_page):
    """With the declare question open (R25, SB84), the You panel grows no taller than the felt has
    room for: the mazzo and the table's cards stay above it, and the hand inside the window."""
    page = table_page(DECLARE, viewport=DESKTOP)
    to_play(page)
    assert page.locator("#declare").is_visible()
    me = rect(page, "#me")
    for selector in ("#deck", *[f"#table-cards .card >> nth={i}" for i in range(page.locator("#table-cards .card").count())]):
        assert not overlap(rect(page, selector), me), selector
    assert rect(page, "#hand-cards")["bottom"] <= DESKTOP["height"]
    page.screenshot(path=f"{SHOTS}/declare-open-1366.png")


def test_on_a_phone_the_storys_headings_scroll_into_view_above_its_sticky_buttons(table_page):
    """At a match's end on a phone, a heading brought into view (by the keyboard, a screen reader,
    a link) lands above Rematch and New game, which stay at the card's foot, not under them."""
    save = near_the_end({"variant": "cirulla", "seed": 85, "options": {"target": 11}, "seats": person_and_computers(2)}, 1)
    page = table_page("fast=1&lang=en", viewport=PHONE, save=save)
    to_play(page)
    page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    choice = page.locator("#choices button.btn--choice")
    if choice.count():
        choice.first.click()
    page.locator("#sheet #over").wait_for()
    settled(page)
    page.screenshot(path=f"{SHOTS}/story-top-360.png")
    # it opens at its top, Rematch in focus where it stands (the focus scrolls nothing)
    assert page.evaluate("document.activeElement.id") == "rematch"
    assert page.evaluate("document.querySelector('#sheet .sheet__card').scrollTop") == 0
    caption = page.locator("[data-testid=story-by-hand] caption")
    assert caption.inner_text() == "Hand by hand"
    caption.evaluate("c => c.scrollIntoView({ block: 'nearest' })")
    page.wait_for_function("(() => { const c = document.querySelector('#sheet .sheet__card'); return c.scrollTop > 0; })()")
    actions = rect(page, "#sheet .story__actions")
    assert rect(page, "[data-testid=story-by-hand] caption")["bottom"] <= actions["top"]
    page.screenshot(path=f"{SHOTS}/story-by-hand-360.png")
