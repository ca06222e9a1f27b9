"""Short viewports (play-test of 2026-12: an 800 x 500 embed, a phone's first visit): the person's
hand lies wholly inside the viewport and clear of the table's cards, and the status line and the
person's name plate never run across the table's cards: in a short, wide window or frame the bar
is the compact one (More ▾) instead of two or three rows of buttons; on a short phone the "New to
Scopa?" card is compact enough to leave the hand in sight below the table."""

from __future__ import annotations

import re

import pytest
from geometry import meet as _meet
from geometry import person_to_play as _person_to_play
from harness import wait_for_engine

SCOPA = "fast=1&seed=3&level=random&lang=en"
SCOPONE = "fast=1&seed=5&level=random&lang=en&variant=scopone&players=human,random,random,random"

# the boxes (left, top, right, bottom) of what must not overlap, once the person is to play
GEOMETRY = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = (s) => [...document.querySelectorAll(s)].map(box);
  return { vw: innerWidth, vh: innerHeight, hand: all('#hand-cards .card'), table: all('#table-cards .card'),
           status: box(document.getElementById('status')), name: box(document.querySelector('#me .seat__head')),
           more: getComputedStyle(document.getElementById('more-btn')).display !== 'none' };
}"""


def _assert_clear(g: dict, where: str) -> None:
    assert g["hand"] and g["table"], (where, g)
    for card in g["hand"]:
        left, top, right, bottom = card
        assert left >= -1 and top >= -1 and right <= g["vw"] + 1 and bottom <= g["vh"] + 1, \
            f"{where}: a card of the hand {card} reaches out of the {g['vw']} x {g['vh']} viewport"
        for t in g["table"]:
            assert not _meet(card, t), f"{where}: a card of the hand {card} covers a table card {t}"
    for t in g["table"]:
        assert not _meet(g["status"], t), f"{where}: the status line {g['status']} runs across a table card {t}"
        assert not _meet(g["name"], t), f"{where}: the person's name plate {g['name']} lies on a table card {t}"


@pytest.mark.parametrize("query", [SCOPA, SCOPONE], ids=["scopa", "scopone"])
def test_a_short_wide_window_keeps_the_hand_and_status_clear_of_the_table(table_page, query):
    page = table_page(query, viewport={"width": 800, "height": 500})
    _person_to_play(page)
    g = page.evaluate(GEOMETRY)
    _assert_clear(g, "800 x 500")
    assert g["more"], "a window 500 px high has the compact bar (More ▾), not two or three rows of buttons"


@pytest.mark.parametrize("size,folds", [((1024, 600), True), ((1280, 720), False)], ids=["1024x600", "1280x720"])
def test_larger_windows_keep_a_bar_of_one_row_of_buttons_and_a_clear_table(table_page, size, folds):
    """1280 wide: every button beside the name; 1024 wide, where they would take two rows, the less
    used ones fold into More ▾ (moremenu.js)."""
    page = table_page(SCOPONE, viewport={"width": size[0], "height": size[1]})
    _person_to_play(page)
    g = page.evaluate(GEOMETRY)
    if folds:
        assert g["more"], "a window 1024 px wide folds the buttons that would take a second row into More ▾"
    else:
        assert not g["more"], "a window 1280 px wide keeps every button in the bar"
    _assert_clear(g, f"{size[0]} x {size[1]}")


def test_an_800_by_500_frame_keeps_the_hand_and_status_clear_of_the_table(page, base_url):
    """The game embedded as README says (index.html?embed=1&...) in a frame 800 x 500."""
    outer = (f'<!doctype html><body style="margin:0"><iframe id="game" title="Settebello" width="800" height="500"'
             f' style="border:0" src="{base_url}index.html?embed=1&start=load&{SCOPONE}"></iframe></body>')
    page.set_viewport_size({"width": 900, "height": 600})
    page.route(base_url + "short-embed.html", lambda route: route.fulfill(content_type="text/html", body=outer))
    page.goto(base_url + "short-embed.html")
    page.wait_for_selector("#game")
    frame = page.frame(url=re.compile(r"index\.html\?embed=1"))
    assert frame is not None
    wait_for_engine(frame)
    _person_to_play(frame)
    g = frame.evaluate(GEOMETRY)
    assert (g["vw"], g["vh"]) == (800, 500)
    _assert_clear(g, "an 800 x 500 frame")
    assert g["more"], "a frame 500 px high has the compact bar (More ▾)"


# what the status line says after a computer's capture: two lines on a phone (the hand below it
# must stay in sight then too)
LONG_STATUS = {"en": "Bruno played the Four of Cups and took the Ace of Clubs and the Three of Swords.",
               "it": "Bruno gioca il Quattro di Coppe e prende l'Asso di Bastoni e il Tre di Spade."}


@pytest.mark.parametrize("width,height,lang", [(375, 667, "en"), (375, 667, "it"), (360, 640, "it")])
def test_a_phones_first_visit_shows_the_whole_hand_below_the_lesson_offer(page, base_url, width, height, lang):
    """A first visit (no storage) on a short phone: the "New to Scopa?" card is up, and the hand
    is wholly in sight under the table, with a status line of one line or of two."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base_url}index.html?test&lesson=offer&fast=1&seed=3&level=random&lang={lang}")
    wait_for_engine(page)
    page.locator("[data-testid=lesson-offer]").wait_for()
    _person_to_play(page)
    where = f"{width} x {height} ({lang}) with the lesson's offer"
    _assert_clear(page.evaluate(GEOMETRY), where)
    page.evaluate("(text) => { document.getElementById('status').textContent = text; }", LONG_STATUS[lang])
    page.wait_for_function("document.getElementById('status').getBoundingClientRect().height > 24")  # two lines
    _assert_clear(page.evaluate(GEOMETRY), where + " and a status line of two lines")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_at_1280_the_name_and_every_button_share_one_row_in_each_language(table_page, lang):
    """The review of 2026-11-30: in Italian and Spanish the bar's buttons wrapped under the game's
    name at 1280 wide, the name alone on a row and the table pushed down."""
    page = table_page(f"fast=1&seed=3&level=random&lang={lang}", viewport={"width": 1280, "height": 800})
    _person_to_play(page)
    rows = page.evaluate("""() => { const top = (s) => document.querySelector(s).getBoundingClientRect();
        const brand = top('.brand'), buttons = [...document.querySelectorAll('.actions .btn, #lang-menu select')]
          .filter((b) => b.offsetParent).map((b) => b.getBoundingClientRect());
        return { brand: [brand.top, brand.bottom], buttons: buttons.map((b) => [b.top, b.bottom]) }; }""")
    b_top, b_bottom = rows["brand"]
    assert rows["buttons"] and all(top < b_bottom and bottom > b_top for top, bottom in rows["buttons"]), rows
