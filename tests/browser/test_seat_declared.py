"""A seat that declared (SB10: Cirulla's and Bàzzica's declarations) says so on its name's line,
with the points, and in its label for a screen reader (the player's review: the seat of a player
whose cards were declared said nothing of it). The words and points come in the view
(public.py `declared`); the table adds nothing up."""

from __future__ import annotations

import pytest

from harness import settled
from site_helpers import human_to_play

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
# seed 9: the computer plays first and declares a Buona da dieci, three alike (R25)
DECLARES = "fast=1&variant=cirulla&seed=9&players=human,expert&lang=en"
# seed 85: the computer deals a table of fifteen, declared with the deal (R24), 1 point
FIFTEEN = "fast=1&variant=cirulla&seed=85&level=random&lang=en"


def at_play(table_page, query: str, viewport: dict):
    page = table_page(query, viewport=viewport)
    human_to_play(page)
    settled(page)
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_seat_of_a_player_who_declared_says_it_with_the_points(table_page, viewport):
    page = at_play(table_page, DECLARES, viewport)
    view = page.evaluate("settebello.view")
    made = [a for a in view["mechanics"]["accuse"]["accuse"] if a["seat"] == 1]
    assert [a["kind"] for a in made] == ["buona-dieci"]
    points = sum(a["points"] for a in made)
    assert view["declared"] == [None, {"points": points, "kinds": ["buona-dieci"], "dealt": False}]
    seat = page.locator('#opponents .seat[data-seat="1"]')
    note = seat.locator("[data-testid=seat-declared]")
    assert note.is_visible()
    assert note.inner_text() == f"declared: {points} points"
    assert seat.get_attribute("aria-label") == f"Bruno, declared Buona da dieci (three alike), {points} points"
    # the person declared nothing: their seat says nothing of it
    assert page.locator("#me [data-testid=seat-declared]").count() == 0
    page.screenshot(path=f"/tmp/fix3_declared_{viewport['width']}.png")


def test_a_declaration_made_with_the_deal_is_on_the_dealers_seat_in_each_language(table_page):
    page = at_play(table_page, FIFTEEN, DESKTOP)
    assert page.evaluate("settebello.view.declared") == [None, {"points": 1, "kinds": ["quindici"], "dealt": True}]
    seat = page.locator('#opponents .seat[data-seat="1"]')
    note = seat.locator("[data-testid=seat-declared]")
    # the dealer chose nothing (a review of 2026-12-01: "declared: 2 points" for a table of 30 the
    # player never declared): the seat says where the points came from
    assert note.inner_text() == "on the table: 1 point"
    assert "Fifteen on the table, 1 point" in seat.get_attribute("aria-label")
    assert "declared" not in seat.get_attribute("aria-label")
    page.click("#more-btn") if page.locator("#more-btn").is_visible() else None
    page.select_option("#lang-menu select", "it")
    page.wait_for_function("document.documentElement.lang === 'it'")
    settled(page)
    assert note.inner_text() == "in tavola: 1 punto"
    assert "Quindici in tavola, 1 punto" in seat.get_attribute("aria-label")
