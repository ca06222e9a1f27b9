"""Cirulla on the page (RULES R21–R27, issue 42's proof): the dealer's table of fifteen said with
the deal (R24), a declaration whose matta's value is named (R25, R26), the Asso's sweep (R23), the
score sheet's grande (R27). Screenshots go to /tmp/cirulla42."""

from __future__ import annotations

import os

import pytest

from harness import settled
from saves import near_the_end, person_and_computers
from site_helpers import human_to_play

SHOTS = "/tmp/cirulla42"
os.makedirs(SHOTS, exist_ok=True)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
# Every text the live regions take, from before the page's own scripts run (as test_keyboard.py).
RECORDER = """
(() => {
  window.__spoken = [];
  if (window.__recording) return;
  window.__recording = true;
  const seen = new Map();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[aria-live]')) {
      const text = el.textContent.trim();
      if (text && seen.get(el) !== text) window.__spoken.push(text);
      seen.set(el, text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""
# seed 85: the computer deals the Asso and Tre of Cups, the Tre of Spades and the Fante of Coins,
# fifteen (R24); the person plays first
FIFTEEN = "fast=1&variant=cirulla&seed=85&level=random&lang=en"
# seed 126: the person plays first holding the Asso of Spades, the Two of Cups and the Seven of
# Cups, the matta: nine or less with the matta as 1 (R25, R26)
# seed 14: the first hand played (the person taking its first legal play), the person deals a
# table of fifteen (R24)
NEXT_SEED = 14
MATTA = "fast=1&variant=cirulla&seed=126&level=random&lang=en"


def to_play(page) -> None:
    """The person's turn at this screen, the table still (site_helpers.human_to_play, then settled)."""
    human_to_play(page)
    settled(page)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_dealers_fifteen_is_said_with_the_deal_and_its_cards_are_in_his_pile(table_page, viewport):
    page = table_page(FIFTEEN, init_script=RECORDER, viewport=viewport)
    to_play(page)
    view = page.evaluate("settebello.view")
    assert [(a["seat"], a["kind"], sorted(a["cards"]), a["points"]) for a in view["mechanics"]["accuse"]["accuse"]] == [
        (1, "quindici", sorted(["1C", "3D", "3S", "8D"]), 1)]
    assert view["table"] == [] and len(view["prese"][1]) == 4
    # drawn: no card on the table, the dealer's pile holds the four
    assert page.locator("#table-cards .card").count() == 0
    spoken = " ".join(page.evaluate("window.__spoken"))
    assert "declares Fifteen on the table: " in spoken and "1 point." in spoken.split("Fifteen on the table")[1]
    page.screenshot(path=f"{SHOTS}/fifteen-{viewport['width']}.png")


# Every card put on the table, and the callout's words when it came, from before the page's scripts.
TABLE_WATCH = """
(() => {
  window.__onTable = [];
  if (window.__watchingTable) return;
  window.__watchingTable = true;
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.dataset && n.dataset.card && r.target.id === 'table-cards') window.__onTable.push(n.dataset.card);
    }
  }).observe(document, { subtree: true, childList: true });
})();
"""


@pytest.mark.parametrize("deal", ["first", "next"])
def test_the_dealt_fifteen_is_shown_on_the_table_before_the_dealer_takes_it(table_page, deal):
    """R24, SB83: the table dealt of fifteen is seen on the table, with its callout, before its cards
    go to the dealer's pile: at the page's first deal and at a hand's Next."""
    if deal == "first":
        page = table_page(FIFTEEN, init_script=TABLE_WATCH, viewport=DESKTOP)
    else:
        # seed 14's second hand (the person dealing): a table of fifteen
        save = near_the_end({"variant": "cirulla", "seed": NEXT_SEED, "seats": person_and_computers(2)}, 1, of="hand")
        page = table_page("fast=1&lang=en", init_script=TABLE_WATCH, viewport=DESKTOP, save=save)
        to_play(page)
        page.evaluate("window.__onTable = []")
        page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
        choice = page.locator("#choices button.btn--choice")
        if choice.count():
            choice.first.click()
        page.evaluate("window.__onTable = []")  # the first hand's own cards on the table forgotten
        page.locator("#sheet #next").click()
    to_play(page)
    view = page.evaluate("settebello.view")
    declared = view["mechanics"]["accuse"]["accuse"]
    assert len(declared) == 1 and declared[0]["kind"] in ("quindici", "trenta")
    taken = set(declared[0]["cards"])
    assert not taken & set(view["table"]) and taken <= set(view["prese"][view["side_of"][declared[0]["seat"]]])
    assert taken <= set(page.evaluate("window.__onTable"))  # seen on the table
    on_table = page.locator("#table-cards .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert not taken & set(on_table)  # and taken from it


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_declaration_names_the_mattas_value_and_is_shown_when_made(table_page, viewport):
    page = table_page(MATTA, init_script=RECORDER, viewport=viewport)
    to_play(page)
    box = page.locator("#declare")
    assert box.is_visible()
    assert box.locator("#declare-q").inner_text() == (
        "You may declare Buona da tre (9 or less) with the Seven of Cups as 1: 3 points, showing the Ace of "
        "Swords, the Two of Cups, and the Seven of Cups.")
    page.screenshot(path=f"{SHOTS}/matta-offer-{viewport['width']}.png")
    box.locator('[data-declare="yes"]').click()
    page.locator('#hand-cards [data-card="2C"]').click()
    page.wait_for_function("settebello.view.plays.length > 0")
    settled(page)
    view = page.evaluate("settebello.view")
    assert view["plays"][0]["notation"].endswith("!")
    assert [(a["kind"], a["points"], a.get("wild")) for a in view["mechanics"]["accuse"]["accuse"]] == [
        ("buona-tre", 3, {"card": "7C", "value": 1})]
    spoken = " ".join(page.evaluate("window.__spoken"))
    assert "You declare Buona da tre (9 or less) with the Seven of Cups as 1: " in spoken


def test_the_rules_page_says_cirullas_rules_with_its_declarations(table_page):
    page = table_page(FIFTEEN, viewport=DESKTOP)
    to_play(page)
    line = page.locator("#game-rules")
    assert line.inner_text() == "Cirulla · to 51"
    line.click()
    rules = page.locator("#rules-dialog")
    rules.locator("#rules-title").wait_for()
    assert rules.locator("#rules-title").inner_text() == "How to play Cirulla"
    changes = rules.locator(".rules__changes li").all_inner_texts()
    assert any(c.startswith("An Ace played when no Ace lies on the table takes the whole table") for c in changes)
    assert any("The 7 of Cups (the matta) counts as any value" in c for c in changes)
    assert "The match is played to 51 points." in changes
    # R27: the game's own word for O8's napola, as its New game text says it
    assert any(c.startswith("Piccola: the Ace, Two and Three of Coins score 3") for c in changes)
    assert not any("Napola" in c for c in changes)
    captions = rules.locator(".rules__example figcaption").all_inner_texts()
    assert captions[:2] == ["Buona da dieci (three alike): 10 points", "Buona da tre (9 or less): 3 points"]
    for viewport in (DESKTOP, PHONE):  # the page open, at both sizes
        page.set_viewport_size(viewport)
        rules.locator(".rules__changes").screenshot(path=f"{SHOTS}/rules-changes-{viewport['width']}.png")


# seed 9: the computer plays first and declares a Buona da dieci, three alike (R25)
DECLARES = "fast=1&variant=cirulla&seed=9&players=human,expert&lang=en"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_opponents_declared_cards_stay_face_up_in_its_hand(table_page, viewport):
    """R25, SB84: the cards a declaration shows stay shown for the hand: the computer's two declared
    cards still held are drawn face up in its hand, the rest of it as backs; the play's line says
    the declaration it made."""
    page = table_page(DECLARES, init_script=RECORDER, viewport=viewport)
    to_play(page)
    view = page.evaluate("settebello.view")
    # the play's own line says what it declared with it (not only the call before it)
    assert any(text.startswith("Bruno played ") and "Bruno declares Buona da dieci" in text
               for text in page.evaluate("window.__spoken"))
    declared = view["mechanics"]["accuse"]["accuse"]
    assert [(a["seat"], a["kind"]) for a in declared] == [(1, "buona-dieci")]
    held = view["mechanics"]["accuse"]["held"]["1"]
    assert len(held) == 2 and set(held) < set(declared[0]["cards"])
    hand = page.locator('#opponents .seat[data-seat="1"] .seat__hand')
    faces = hand.locator(".card[data-card]")
    assert sorted(faces.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(held)
    for i in range(faces.count()):
        assert faces.nth(i).locator(".card__face").is_visible()
    assert hand.locator(".card--down").count() == view["hand_counts"][1] - 2
    assert "showing" in hand.get_attribute("aria-label")
    page.screenshot(path=f"{SHOTS}/declared-held-{viewport['width']}.png")


def test_the_score_sheet_names_the_piccola_by_cirullas_word(table_page):
    """R27: the sheet's row of O8's napola is Cirulla's piccola (the view's words), as the New game
    text says it."""
    save = near_the_end({"variant": "cirulla", "seed": 85, "seats": person_and_computers(2)}, 1, of="hand")
    page = table_page("fast=1&lang=en", viewport=DESKTOP, save=save)
    to_play(page)
    page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    choice = page.locator("#choices button.btn--choice")
    if choice.count():
        choice.first.click()
    sheet = page.locator("#sheet")
    sheet.wait_for(state="visible")
    settled(page)
    assert sheet.locator('tr[data-category="napola"] th').inner_text() == "Piccola"
    assert "Napola" not in sheet.inner_text()
    page.screenshot(path=f"{SHOTS}/piccola-sheet-1366.png")
