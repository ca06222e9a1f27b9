"""Phones held sideways (844 x 390, an iPhone 12-14; 740 x 360, a small Android; 915 x 412, a large
one; and narrower than 701 px, where the upright phone's rules would otherwise stack the table:
667 x 375, an iPhone SE or 8; 640 x 360, a small Android; 568 x 320, the smallest iPhone) and six
players in a short window (900 x 540, the reviewer's "cramped"): the whole page fits
the screen, nothing scrolls either way; the bar is the compact one (More ▾) in one row; every seat
around the table, the mazzo and the table's cards are in sight, none on another; the person's hand
lies wholly inside the viewport, each card with a square of 44 x 44 px or more to tap, and none
of it, nor the status line or the person's name plate, over a table card. For Scopa (two
players), Scopone (four, in teams) and Escoba for six (three pairs). And at 844 x 390 the More
menu, the hand's score sheet and the match's, and the welcome card of a first visit, each fit or
scroll inside themselves with every button in reach; so do they at 667 x 375 and 568 x 320."""

from __future__ import annotations

import pytest
from geometry import HAND_SQUARES, SETTLED
from geometry import meet as _meet
from geometry import person_to_play as _person_to_play
from harness import wait_for_engine
from saves import full_table, near_the_end, person_and_computers
from site_helpers import open_save, play_first_card, play_until_sheet
from test_a11y import choose_text_size

GAMES = {
    "scopa": "fast=1&seed=3&level=random&lang=en",
    "scopone": "fast=1&seed=5&level=random&lang=en&variant=scopone&players=human,random,random,random",
    "six": "fast=1&seed=3&level=random&lang=en&variant=escoba&players=human,random,random,random,random,random&teams=pairs",
}
PHONES = [(844, 390), (740, 360), (915, 412), (667, 375), (640, 360), (568, 320)]
CASES = [(game, size) for size in PHONES for game in GAMES] + [("six", (900, 540))]

# the boxes (left, top, right, bottom) of what must stay in sight and apart, once the person is to play
GEOMETRY = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = (s) => [...document.querySelectorAll(s)].map(box);
  const deck = document.getElementById('deck');
  return { vw: innerWidth, vh: innerHeight, hand: all('#hand-cards .card'), table: all('#table-cards .card'),
           seats: all('#opponents .seat'), deck: deck.classList.contains('deck--empty') ? null : box(deck),
           status: box(document.getElementById('status')), name: box(document.querySelector('#me .seat__head')),
           bar: box(document.querySelector('header.bar')),
           scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
           more: getComputedStyle(document.getElementById('more-btn')).display !== 'none' };
}"""

def _inside(b, g) -> bool:
    return b[0] >= -1 and b[1] >= -1 and b[2] <= g["vw"] + 1 and b[3] <= g["vh"] + 1


def _assert_clear(g: dict, where: str) -> None:
    """The hand in sight and clear of the table; the status line and the name plate off the table."""
    assert g["hand"] and g["table"], (where, g)
    for card in g["hand"]:
        assert _inside(card, g), f"{where}: a card of the hand {card} reaches out of the {g['vw']} x {g['vh']} viewport"
        for t in g["table"]:
            assert not _meet(card, t), f"{where}: a card of the hand {card} covers a table card {t}"
    for t in g["table"]:
        assert not _meet(g["status"], t), f"{where}: the status line {g['status']} runs across a table card {t}"
        assert not _meet(g["name"], t), f"{where}: the person's name plate {g['name']} lies on a table card {t}"


@pytest.mark.parametrize("game,size", CASES, ids=[f"{g}-{w}x{h}" for g, (w, h) in CASES])
def test_a_phone_held_sideways_shows_the_whole_table_and_hand_without_scrolling(table_page, game, size):
    width, height = size
    where = f"{game} at {width} x {height}"
    page = table_page(GAMES[game], viewport={"width": width, "height": height})
    _person_to_play(page)
    g = page.evaluate(GEOMETRY)
    _assert_clear(g, where)
    # nothing scrolls, sideways or down: the whole table is on the screen
    assert g["scroll"][0] <= width, f"{where}: the page scrolls sideways ({g['scroll'][0]} px wide)"
    assert g["scroll"][1] <= height, f"{where}: the page scrolls down ({g['scroll'][1]} px high)"
    # the compact bar, in one row of 44 px buttons
    assert g["more"], f"{where}: the bar is the compact one (More ▾)"
    assert g["bar"][3] - g["bar"][1] <= 60, f"{where}: the bar {g['bar']} takes more than one row"
    # every other seat, the mazzo and the table's cards in sight, none on another, nor on the hand
    players = {"scopa": 2, "scopone": 4, "six": 6}[game]
    assert len(g["seats"]) == players - 1, (where, g["seats"])
    things = [("seat", s) for s in g["seats"]] + [("table card", t) for t in g["table"]]
    if g["deck"]:
        things.append(("mazzo", g["deck"]))
    for i, (kind, b) in enumerate(things):
        assert _inside(b, g) and b[1] >= g["bar"][3] - 1, f"{where}: a {kind} {b} is out of sight"
        for other_kind, other in things[i + 1:]:
            if kind != other_kind or kind == "seat":
                assert not _meet(b, other), f"{where}: a {kind} {b} lies on a {other_kind} {other}"
        for card in g["hand"]:
            assert not _meet(b, card), f"{where}: a {kind} {b} lies on a card of the hand {card}"
    # each card of the hand a target a finger hits
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.wait_for_function(SETTLED)
    small = [c for c in page.evaluate(HAND_SQUARES, 44) if c["x"] is None]
    assert not small, f"{where}: cards of the hand without a 44 x 44 px part to tap: {small}"


# every control of `root` that shows: its box, and whether it lies inside the viewport once scrolled to
CONTROLS = """(root) => [...document.querySelector(root).querySelectorAll('button, select, a[href]')]
  .filter((e) => e.offsetParent && getComputedStyle(e).visibility !== 'hidden').map((e) => {
    e.scrollIntoView({ block: 'nearest' });
    const r = e.getBoundingClientRect();
    return { name: e.id || e.textContent.trim().slice(0, 24), w: r.width, h: r.height,
             seen: r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 }; })"""

BOX = """(s) => { const e = document.querySelector(s), r = e.getBoundingClientRect();
  return { box: [r.left, r.top, r.right, r.bottom], scroll: e.scrollHeight > e.clientHeight + 1,
           overflow: getComputedStyle(e).overflowY }; }"""

# the menu and the sheets: at the first sideways size, an iPhone SE's and the smallest iPhone's
MENU_SIZES = [(844, 390), (667, 375), (568, 320)]


def _assert_reachable(page, root: str, where: str) -> None:
    """`root` inside the viewport (or scrolling in itself), every control of it 44 px or more and,
    scrolled to, in sight."""
    b = page.evaluate(BOX, root)
    box = b["box"]
    vp = page.viewport_size
    assert box[1] >= -1 and box[3] <= vp["height"] + 1 and box[0] >= -1 and box[2] <= vp["width"] + 1, \
        f"{where}: {root} {box} reaches out of the {vp['width']} x {vp['height']} screen"
    if b["scroll"]:
        assert b["overflow"] in ("auto", "scroll"), f"{where}: {root} is taller than its box and does not scroll"
    controls = page.evaluate(CONTROLS, root)
    assert controls, where
    bad = [c for c in controls if c["w"] < 44 or c["h"] < 44 or not c["seen"]]
    assert not bad, f"{where}: controls too small or out of reach: {bad}"
    assert page.evaluate("document.documentElement.scrollWidth") <= vp["width"], where


@pytest.mark.parametrize("size", MENU_SIZES, ids=[f"{w}x{h}" for w, h in MENU_SIZES])
def test_the_more_menu_of_a_phone_held_sideways_has_every_item_in_reach(table_page, size):
    page = table_page(GAMES["scopa"], viewport={"width": size[0], "height": size[1]})
    _person_to_play(page)
    page.locator("#more-btn").click()
    page.locator(".actions--open .actions__more").wait_for(state="visible")
    _assert_reachable(page, ".actions__more", f"the More menu at {size[0]} x {size[1]}")
    # Help, the menu's last button, opens from there
    page.locator("#help-button").click()
    page.locator("dialog[open]").first.wait_for()


SHEETS = [(target, size) for size in MENU_SIZES for target in ("", "&target=0")]


@pytest.mark.parametrize("target,size", SHEETS,
                         ids=[f"{'match-over' if t else 'next-hand'}-{w}x{h}" for t, (w, h) in SHEETS])
def test_the_score_sheet_of_a_phone_held_sideways_fits_with_its_buttons_in_reach(table_page, target, size):
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang=en{target}",
                      viewport={"width": size[0], "height": size[1]})
    play_until_sheet(page)
    button = page.locator("#sheet-new" if target else "#next")
    button.wait_for(state="visible")
    _assert_reachable(page, ".sheet__card", f"the score sheet at {size[0]} x {size[1]}")
    button.click()
    if not target:
        page.locator("#sheet").wait_for(state="hidden")


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (667, 375), (568, 320)],
                         ids=["844x390", "740x360", "667x375", "568x320"])
def test_a_first_visit_held_sideways_keeps_the_hand_clear_below_the_welcome_card(page, base_url, size):
    """No storage: the "New to Scopa?" card is up in its band below the bar, and the hand still lies
    wholly in sight below the table, its buttons a finger's 44 px."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base_url}index.html?test&lesson=offer&fast=1&seed=3&level=random&lang=en")
    wait_for_engine(page)
    offer = page.locator("[data-testid=lesson-offer]")
    offer.wait_for()
    _person_to_play(page)
    where = f"{width} x {height} with the welcome card"
    g = page.evaluate(GEOMETRY)
    _assert_clear(g, where)
    assert g["scroll"] == [width, height], f"{where}: the page scrolls ({g['scroll']})"
    for name in ("lesson-start", "lesson-skip"):
        b = page.get_by_test_id(name).bounding_box()
        assert b["width"] >= 44 and b["height"] >= 44 and b["y"] + b["height"] <= height, (where, name, b)


@pytest.mark.parametrize("size", [(844, 390), (740, 360), (667, 375), (568, 320)],
                         ids=["844x390", "740x360", "667x375", "568x320"])
def test_a_declaration_asked_of_a_phone_held_sideways_sits_beside_the_hand(table_page, size):
    """Bàzzica (SB14): the person may declare with the first play; the question and its two buttons
    lie on the hand's right, clear of the hand and of the table, and nothing scrolls."""
    width, height = size
    where = f"a declaration at {width} x {height}"
    page = table_page("fast=1&variant=bazzica&seed=3&level=random&lang=en", viewport={"width": width, "height": height})
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'"
                           " && !document.getElementById('declare').hidden && document.querySelector('#hand-cards .card')")
    page.wait_for_function(SETTLED)
    g = page.evaluate(GEOMETRY)
    _assert_clear(g, where)
    assert g["scroll"] == [width, height], f"{where}: the page scrolls ({g['scroll']})"
    asked = page.evaluate("""() => [document.getElementById('declare'), ...document.querySelectorAll('#declare button')]
        .map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    box, buttons = asked[0], asked[1:]
    assert len(buttons) == 2, (where, asked)
    for b in buttons:
        assert b[2] - b[0] >= 44 and b[3] - b[1] >= 44 and _inside(b, g), f"{where}: a button {b} too small or out of sight"
    for other in g["hand"] + g["table"]:
        assert not _meet(box, other), f"{where}: the question {box} lies on a card {other}"


# where the person's status line lies, and how wide the page is laid out
STATUS_IN_SEAT = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { vw: innerWidth, width: document.documentElement.scrollWidth, seat: box(document.getElementById('me')),
           status: box(document.getElementById('status')), last: document.querySelector('#status .status__last')?.textContent || '',
           hand: [...document.querySelectorAll('#hand-cards .card')].map(box) };
}"""


def _assert_status_in_the_seat(g: dict, where: str) -> None:
    assert g["last"], f"{where}: the computer's last play is on the status line: {g}"
    assert g["width"] <= g["vw"] + 1, f"{where}: the page is laid out {g['width']} px wide on a {g['vw']} px screen"
    s, seat = g["status"], g["seat"]
    assert s[0] >= seat[0] - 1 and s[2] <= seat[2] + 1, f"{where}: the status line {s} runs out of the seat {seat}"
    for card in g["hand"]:
        assert not _meet(s, card), f"{where}: the status line {s} runs under a card of the hand {card}"


def test_the_computers_last_play_stays_beside_a_one_card_hand_held_sideways(table_page):
    """The review of 2026-12-01 (844 x 390): in a round's last turn, "Bruno played the Three of Swords
    and took the Ace of Swords… Your turn: play a card." was one line as wide as both, beside a one-
    card hand: it ran under the card and, with a larger text, past the screen (the page laid out 905-
    1,097 px wide). The play is on a line of its own above "Your turn", cut to the column."""
    save = near_the_end({"variant": "scopa", "seed": 3, "seats": person_and_computers(2)}, person_plays_left=2, of="hand")
    page = table_page("fast=1&lang=en", viewport={"width": 844, "height": 390}, save=save)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    play_first_card(page, then_wait=True)  # the computer has played since
    page.wait_for_function(SETTLED)
    _assert_status_in_the_seat(page.evaluate(STATUS_IN_SEAT), "844 x 390")


def test_the_computers_last_play_stays_in_the_seat_of_a_tablet_at_200_percent(new_context, base_url):
    """The same review (768 x 1024, 200 %, Spanish): the status line, wider than the seat, was centred on
    it and cut at both ends ("runo juega…"), the name "Tú" off the screen's left edge. It keeps to the
    seat, the play cut with "…". A page of its own: a text size is not undone without a reload."""
    save = near_the_end({"variant": "scopa", "seed": 3, "seats": person_and_computers(2)}, person_plays_left=2, of="hand")
    page = new_context(viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True).new_page()
    open_save(page, base_url, save, lang="es")
    choose_text_size(page, "200")
    play_first_card(page, then_wait=True)  # the computer has played since
    page.wait_for_function(SETTLED)
    g = page.evaluate(STATUS_IN_SEAT)
    _assert_status_in_the_seat(g, "768 x 1024 at 200 %")
    name = page.locator("#me .seat__head").bounding_box()
    assert name["x"] >= 0, f"the person's name is off the screen's edge: {name}"


@pytest.mark.parametrize("size", [(667, 375), (844, 390), (740, 360)], ids=["667x375", "844x390", "740x360"])
def test_a_crowded_table_held_sideways_keeps_the_hand_on_the_screen(table_page, size):
    """The review of 2026-12-01 (667 x 375, 100 %): with seven cards on the table, laid in two rows,
    the page grew to 415 px on a 375 px screen and the hand went below its foot; the table's cards
    fitted their own box, so nothing shrank them. They now lie in one row as wide as the centre, as
    small as needed for the person's seat to end on the screen."""
    save = full_table({"variant": "scopa", "seed": 2, "options": {}, "seats": person_and_computers(2)}, loose=7)
    page = table_page("fast=1&lang=en", viewport={"width": size[0], "height": size[1]}, save=save)
    _person_to_play(page)
    page.wait_for_function(SETTLED)
    g = page.evaluate(GEOMETRY)
    where = f"{size[0]} x {size[1]}, {len(g['table'])} cards on the table"
    assert len(g["table"]) >= 7, where
    assert g["scroll"][1] <= g["vh"] + 1, f"{where}: the page is {g['scroll'][1]} px tall"
    _assert_clear(g, where)


def test_a_crowded_table_on_a_laptop_at_200_percent_keeps_the_hand_on_the_screen(new_context, base_url):
    """The same review (1366 x 768, 200 %): mid-hand, the table's sixth card went to a second row, the
    page scrolled by 79 px and the hand's foot went below the screen. A page of its own: a text
    size is not undone without a reload."""
    save = full_table({"variant": "scopa", "seed": 2, "options": {}, "seats": person_and_computers(2)}, loose=7)
    page = new_context(viewport={"width": 1366, "height": 768}).new_page()
    open_save(page, base_url, save)
    _person_to_play(page)
    choose_text_size(page, "200")
    page.wait_for_function(SETTLED)
    g = page.evaluate(GEOMETRY)
    assert len(g["table"]) >= 7, g
    assert g["scroll"][1] <= g["vh"] + 1, f"the page is {g['scroll'][1]} px tall on a {g['vh']} px screen"
    _assert_clear(g, "1366 x 768 at 200 %")
