"""Issue 45, point 7: with the lesson's offer up on a first visit, the focus is on the offer (its
first button), never on a card of the hand dealt behind it; after Skip it goes on as before."""

from __future__ import annotations

from harness import wait_for_engine

ACTIVE = "() => { const a = document.activeElement; return a ? (a.dataset.testid || a.id || a.dataset.card || a.tagName) : null; }"


def test_the_lesson_offer_has_the_first_focus(page, base_url):
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{base_url}index.html?test&lesson=offer&fast=1&lang=en&seed=2&level=random")
    wait_for_engine(page)
    page.locator("[data-testid=lesson-offer]").wait_for()
    # the hand behind the offer is drawn and playable: the table would focus one of its cards
    page.wait_for_function("!!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    page.wait_for_function("document.activeElement && document.activeElement.dataset.testid === 'lesson-start'")
    page.screenshot(path="/tmp/offer45_1366.png")
    # a redraw of the hand leaves the focus where it is
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    assert page.evaluate(ACTIVE) == "lesson-start"
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) == "lesson-skip"
