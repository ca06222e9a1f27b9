"""Bàzzica's declarations are the player's choice (SB14, issue 43): the table offers each
combination held, its points and the cards it shows, with "Declare" and "Keep hidden"; the hand
rests until the person answers; the Settings' "declare by myself" makes it without asking.
Screenshots of the offer go to /tmp/declare43."""

from __future__ import annotations

import os

import pytest

from harness import settled

SHOTS = "/tmp/declare43"
os.makedirs(SHOTS, exist_ok=True)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
# seed 3: the person plays first, holding Asso di spade, Due di coppe and Cinque di spade (nine or
# less, all different: 2 points, [002])
QUERY = "fast=1&variant=bazzica&seed=3&level=random&lang=en"


def to_play(page) -> None:
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human' && settebello.view.pass_to === null")
    settled(page)


def play_ace(page) -> None:
    """Play the Asso di spade (it takes nothing: laid) and wait until it is made."""
    page.locator('#hand-cards [data-card="1S"]').click()
    page.wait_for_function("settebello.view.plays.length > 0")
    settled(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_table_offers_a_declaration_and_keeps_it_hidden_when_declined(table_page, viewport):
    page = table_page(QUERY, viewport=viewport)
    to_play(page)
    box = page.locator("#declare")
    assert box.is_visible()
    assert box.locator("#declare-q").inner_text() == (
        "You may declare Nine or less: 2 points, showing the Ace of Swords, the Two of Cups, and the Five of Swords.")
    assert box.locator("button").all_inner_texts() == ["Declare (+2)", "Keep hidden"]
    # the hand rests until the person says, and the status line says so
    assert page.locator("#hand-cards button.card:not([aria-disabled=true])").count() == 0
    assert page.locator("#status").inner_text() == "Your turn: declare or keep hidden, then play."
    page.screenshot(path=f"{SHOTS}/offer-{viewport['width']}.png")
    box.locator('[data-declare="no"]').click()
    assert box.is_hidden()
    assert page.locator("#hand-cards button.card:not([aria-disabled=true])").count() == 3
    play_ace(page)
    view = page.evaluate("settebello.view")
    assert view["plays"][0]["notation"] == "1S" and view["mechanics"]["accuse"]["accuse"] == []


def test_the_table_declares_when_asked_and_shows_the_cards(table_page):
    page = table_page(QUERY)
    to_play(page)
    page.locator('#declare [data-declare="yes"]').click()
    assert page.locator("#declare").is_hidden()
    play_ace(page)
    view = page.evaluate("settebello.view")
    assert view["plays"][0]["notation"] == "1S!"
    assert [(a["kind"], a["cards"], a["points"]) for a in view["mechanics"]["accuse"]["accuse"]] == [("nove-diverse", ["1S", "2C", "5S"], 2)]


def test_the_setting_declares_without_asking(table_page):
    page = table_page(QUERY)
    to_play(page)
    assert page.locator("#declare").is_visible()
    page.click("#settings-btn")
    page.locator("#settings-declare").check()
    page.locator("#settings-close").click()
    settled(page)
    assert page.locator("#declare").is_hidden()
    assert page.locator("#hand-cards button.card:not([aria-disabled=true])").count() == 3
    play_ace(page)
    assert page.evaluate("settebello.view.plays[0].notation") == "1S!"
