"""The match's story and sheets that never block or cut (issue 24, parts 5 and 6): at a match's end
one scrollable summary with every hand's sheet, who won what and the best moments, and Rematch;
while a hand's sheet is up the bar (New game, Rules, Statistics, Records, the language) stays in
reach; sheets of two to five sides and of six players fit a laptop and a phone with every colour
marker; the napola's run is drawn; a misère game says that the lowest score wins."""

from __future__ import annotations

import json
import os

import pytest

from harness import TIMEOUT_MS
from settebello.session import Session
from test_a11y import axe_violations
from site_helpers import play_until_sheet
from saves import near_the_end, person_and_computers

LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
SHOTS = "/tmp/story"  # screenshots to look at
os.makedirs(SHOTS, exist_ok=True)
# the new game's state event, so a test waits for the game it asked for, not the one on the table
WATCH_NEW_GAME = """() => { window.__dealt = null;
    addEventListener('settebello:state', (e) => { if (e.detail.op === 'new_game') window.__dealt = e.detail.view || true; }); }"""


def wheel_past_the_end(page, size) -> None:
    """Turn the mouse wheel over the story's card well past its end: the card scrolls to its end and
    stays where it was, Rematch and New game in view; nothing else scrolls (the overlay has nothing
    to scroll by, and the page neither)."""
    card = page.locator("#sheet .sheet__card")
    card.evaluate("c => c.scrollTop = 0")
    page.wait_for_function("parseFloat(getComputedStyle(document.getElementById('sheet')).paddingTop)"
                           " >= document.querySelector('header.bar').offsetHeight")  # set below the bar
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 60)
    for _ in range(card.evaluate("c => Math.ceil(c.scrollHeight / 400)") + 10):
        page.mouse.wheel(0, 400)
    page.wait_for_function("(() => { const c = document.querySelector('#sheet .sheet__card');"
                           " return c.scrollTop > 0 && c.scrollTop + c.clientHeight >= c.scrollHeight - 1; })()")
    page.mouse.wheel(0, 800)  # once more, at the end
    left = page.evaluate("""(() => { const s = document.getElementById('sheet');
        return { overlay: s.scrollHeight - s.clientHeight, overlayTop: s.scrollTop, page: document.scrollingElement.scrollTop }; })()""")
    assert left["overlay"] <= 1 and left["overlayTop"] == 0 and left["page"] == 0, left
    after = card.bounding_box()
    assert abs(after["y"] - box["y"]) < 1 and after["y"] + after["height"] <= size["height"], (box, after)
    for button in ("#rematch", "#sheet-new"):
        b = page.locator(button).bounding_box()
        assert b["y"] >= after["y"] and b["y"] + b["height"] <= size["height"], (button, b)


def play_match(page, limit: int = 40) -> int:
    """Play hands until the match is over; the number of hands."""
    for hands in range(1, limit + 1):
        play_until_sheet(page, keys=True)
        if page.locator("#sheet #over").count():
            return hands
        page.click("#sheet #next")
        page.locator("#sheet").wait_for(state="hidden")
    raise AssertionError("the match did not end")


def test_the_story_lists_every_hand_and_rematch_starts_the_same_table(table_page):
    save = near_the_end({"variant": "scopa", "seed": 2, "options": {"target": 5}, "seats": person_and_computers(2)})
    page = table_page("fast=1&lang=en", viewport=LAPTOP, save=save)
    play_match(page)
    view = page.evaluate("settebello.view")
    hands = len(view["results"])
    assert hands >= 2
    story = page.locator("#sheet [data-testid=story]")
    # every hand's own sheet, in order, with its points and the score after it
    assert story.locator("[data-testid=story-hand]").count() == hands
    assert [int(x) for x in story.locator("[data-testid=story-hand]").evaluate_all("els => els.map(e => e.dataset.hand)")] == list(range(1, hands + 1))
    for n, result in enumerate(view["results"], start=1):
        sheet = story.locator(f"[data-testid=story-hand][data-hand='{n}'] [data-testid=story-sheet]")
        assert [int(x) for x in sheet.locator("[data-hand-total]").all_inner_texts()] == result["totals"]
        assert story.locator(f"[data-testid=story-by-hand] tr[data-hand='{n}']").count() == 1
    last = story.locator(f"[data-testid=story-hand][data-hand='{hands}'] [data-match-total]").all_inner_texts()
    assert [int(x) for x in last] == view["totals"]
    # each hand's review button says its hand: a screen reader's list of buttons tells them apart
    reviews = story.locator(".review__toggle").all_inner_texts()
    assert reviews == [f"Review hand {n}" for n in range(1, hands + 1)]
    # who won what: the final score, and the winner said
    assert [int(x) for x in story.locator("[data-testid=story-totals] tfoot td").all_inner_texts()] == view["totals"]
    assert page.locator("#over").inner_text().endswith("win the match!")
    # the best moments: the Settebello of each hand, and each scopa the sheets count, by name
    scope = sum(d["scope"] for r in view["results"] for d in r["detail"])
    assert story.locator(".story__moment[data-kind=scopa]").count() == scope
    assert story.locator(".story__moment[data-kind=settebello]").count() == sum(
        1 for r in view["results"] if any(d["settebello"] for d in r["detail"]))
    for m in view["story"]["moments"]:
        if m["kind"] == "scopa":
            line = story.locator(f".story__moment[data-kind=scopa][data-hand='{m['hand']}']").first.inner_text()
            assert line.startswith("Scopa: ")
    # one scrollable summary: the card scrolls, Rematch and New game stay in view at its foot
    card = page.locator("#sheet .sheet__card")
    assert card.evaluate("c => c.scrollHeight > c.clientHeight && getComputedStyle(c).overflowY === 'auto'")
    # the mouse wheel turned past its end leaves it in place, as a dialog (it once scrolled the
    # whole card off the table, leaving a blank felt)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        wheel_past_the_end(page, size)
        page.screenshot(path=f"{SHOTS}/story_wheeled_{size['width']}.png")
    page.set_viewport_size(LAPTOP)
    card.evaluate("c => c.scrollTop = c.scrollHeight")
    for button in ("#rematch", "#sheet-new"):
        box = page.locator(button).bounding_box()
        assert box["y"] + box["height"] <= LAPTOP["height"], (button, box)
    assert page.evaluate("document.activeElement.id") == "rematch"
    page.screenshot(path=f"{SHOTS}/story_summary_1366.png")
    page.set_viewport_size(PHONE)
    card.evaluate("c => c.scrollTop = 0")
    page.screenshot(path=f"{SHOTS}/story_summary_360.png")
    page.set_viewport_size(LAPTOP)
    # Rematch: the same variant, options, players and seats, a new deal
    page.evaluate(WATCH_NEW_GAME)
    page.click("#rematch")
    page.wait_for_function("window.__dealt && settebello.view.results.length === 0")
    again = page.evaluate("settebello.view")
    assert page.locator("#sheet").is_hidden()
    assert again["variant"] == view["variant"] and again["rules"] == view["rules"]
    assert again["players"] == view["players"] and again["seats"] == view["seats"]
    assert again["totals"] == [0, 0] and again["phase"] == "play"


def test_a_misere_match_says_the_lowest_score_wins(table_page):
    """Scopa a non prendere (O12), four each alone, to 1: the hand's sheet and the match's story say
    that the lowest score wins, and no point is drawn green as if it were good."""
    save = near_the_end({"variant": "non-prendere", "seed": 3, "options": {"target": 1}, "seats": person_and_computers(4)})
    page = table_page("fast=1&lang=it", viewport=LAPTOP, save=save)
    play_match(page)
    note = page.locator("#sheet [data-testid=misere-note]")
    assert note.inner_text() == "Vince il punteggio più basso: ogni punto va contro chi lo fa."
    assert page.locator("#sheet td.won").count() == 0 and page.locator("#sheet td.lost").count() > 0
    green = page.evaluate("""() => [...document.querySelectorAll('#sheet td strong, #sheet .sheet__match td')]
        .filter(e => e.textContent.trim() !== '0').map(e => getComputedStyle(e).color)
        .filter(c => { const [r, g, b] = c.match(/\\d+/g).map(Number); return g > r + 40 && g > b; })""")
    assert green == [], green
    # the winner is the side with the fewest points
    view = page.evaluate("settebello.view")
    assert view["totals"][view["winner"]] == min(view["totals"])


def test_the_bar_stays_in_reach_while_a_hands_sheet_is_up(table_page):
    """Between two hands the sheet blocks nothing: New game, Rules, Statistics, Records and the
    language answer a click and the keyboard, and the table behind it takes no focus."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en", viewport=LAPTOP)
    play_until_sheet(page, keys=True)
    assert page.locator("#sheet #next").is_visible()
    assert page.evaluate("!document.querySelector('header.bar').inert && document.getElementById('felt').inert")
    assert page.get_attribute("#sheet", "aria-modal") == "false"
    # the sheet sits below the bar: nothing of the bar is under it
    bar, card = page.locator("header.bar").bounding_box(), page.locator("#sheet .sheet__card").bounding_box()
    assert card["y"] >= bar["y"] + bar["height"] - 1
    for button, dialog in (("#rules-btn", "#rules-dialog"), ("#stats-btn", "#stats-dialog"), ("#records-btn", "#records-dialog")):
        page.click(button)
        page.locator(f"{dialog}[open]").first.wait_for()
        page.keyboard.press("Escape")
        page.wait_for_function("!document.querySelector('dialog[open]')")
    assert page.locator("#sheet #next").is_visible()  # the sheet is still there
    # from the keyboard: back from "Next hand" to the bar, never to the table behind
    page.locator("#next").focus()
    for _ in range(30):
        page.keyboard.press("Shift+Tab")
        where = page.evaluate("(() => { const a = document.activeElement; return a.closest('header.bar') ? 'bar' : a.closest('#sheet') ? 'sheet' : a.id || a.tagName; })()")
        assert where in ("bar", "sheet", "BODY"), f"the focus went to {where}"
        if where == "bar":
            break
    assert where == "bar"
    # the language, changed while the sheet is up: the sheet is said again in it
    page.select_option("#lang-menu select", "it")
    page.wait_for_function("document.querySelector('#sheet #next').textContent.trim() === 'Prossima mano'")
    # New game from the bar: the game asked for starts
    page.evaluate(WATCH_NEW_GAME)
    page.click("#new")
    dialog = page.locator("#newgame-dialog[open]")
    dialog.wait_for()
    page.select_option("#ng-variant", "scopone")
    dialog.locator("#ng-start").click()
    # the match under way (a hand ended) is not dropped without asking (issue 45): not kept here
    page.locator("#keep-dialog [data-testid=keep-no]").click()
    page.wait_for_function("window.__dealt && settebello.view.variant === 'scopone'")
    assert page.locator("#sheet").is_hidden() and page.evaluate("settebello.view.results.length") == 0


def test_the_bar_stays_in_reach_on_a_phone(table_page):
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en", viewport=PHONE)
    play_until_sheet(page, keys=True)
    page.click("#more-btn")
    page.click("#rules-btn")
    page.locator("#rules-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    if not page.locator("#new").is_visible():  # folded into the "More" menu on a phone
        page.click("#more-btn")
    page.click("#new")
    page.locator("#newgame-dialog[open]").wait_for()


def colour_markers(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('#sheet thead .side-dot')].map(d => getComputedStyle(d).backgroundColor)")


def fits(page, size) -> dict:
    """What a player would see cut: the sheet's table wider than its scroll box, the card past
    the screen's edge or under the bar, the table's last column not in view."""
    return page.evaluate("""(w) => {
        const s = document.querySelector('#sheet .sheet__scroll'), c = document.querySelector('#sheet .sheet__card');
        const bar = document.querySelector('header.bar').getBoundingClientRect();
        const box = c.getBoundingClientRect(), last = s.querySelector('thead th:last-child').getBoundingClientRect();
        return { table: s.scrollWidth <= s.clientWidth + 1, card: box.left >= 0 && box.right <= w + 0.5 && c.scrollWidth <= c.clientWidth + 1,
                 below: box.top >= bar.bottom - 1, lastColumn: last.right <= box.right + 0.5 && last.left >= box.left,
                 scrolls: c.scrollHeight <= c.clientHeight + 1 || getComputedStyle(c).overflowY === 'auto' };
    }""", size["width"])


@pytest.mark.parametrize("query, sides, shot", [
    ("variant=scopa&players=human,random", 2, None),
    ("variant=scopa&players=human,random,random", 3, None),
    ("variant=non-prendere&players=human,random,random,random", 4, "sheet_4sides"),
    ("variant=scopa&players=human,random,random,random,random", 5, "sheet_5sides"),
    ("variant=escoba&players=human,random,random,random,random,random&teams=pairs", 3, "sheet_6players"),
])
def test_sheets_fit_a_laptop_and_a_phone_with_every_colour(table_page, query, sides, shot):
    page = table_page(f"fast=1&{query}&seed=3&lang=es", viewport=LAPTOP)
    # the same game at its first hand's last play (a save made in CPython), played to the sheet
    config = page.evaluate("settebello.game('save').then(s => s.config)")
    page = table_page("fast=1&lang=es", viewport=LAPTOP, save=near_the_end(config, 1, of="hand"))
    play_until_sheet(page, keys=True)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.wait_for_function("parseFloat(getComputedStyle(document.getElementById('sheet')).paddingTop)"
                               " >= document.querySelector('header.bar').offsetHeight")
        assert page.locator("#sheet [data-testid=sheet]").get_attribute("data-sides") == str(sides)
        dots = colour_markers(page)
        assert len(dots) == sides and len(set(dots)) == sides, dots
        assert all(d not in ("rgba(0, 0, 0, 0)", "transparent") for d in dots), dots
        assert fits(page, size) == {"table": True, "card": True, "below": True, "lastColumn": True, "scrolls": True}, size
        if shot:
            page.screenshot(path=f"{SHOTS}/{shot}_{size['width']}.png")


def napola_save() -> str:
    """A saved Maresciallo match (the napola counts, O8) just after a hand in which a side made a
    napola: the page restores it at that hand's sheet."""
    for seed in range(1, 200):
        s = Session()
        s.new_game({"variant": "maresciallo", "seed": seed, "options": {"target": 99},
                    "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "random", "name": "Bruno"}]})
        while True:
            v = s.view()
            if v["phase"] != "play":
                break
            r = s.play(v["legal"][0]["notation"]) if v["waiting"] == "human" else s.computer_step()
            assert "error" not in r, r
        if any(d.get("napola") for d in v["results"][-1]["detail"]):
            return json.dumps(s.save())
    raise AssertionError("no napola in 200 deals")


def test_a_napola_shows_its_run(page, base_url):
    saved = napola_save()
    page.set_viewport_size(LAPTOP)
    page.add_init_script(f"localStorage.setItem('settebello.save', {json.dumps(saved)})")
    page.goto(base_url + "index.html?lang=en")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=TIMEOUT_MS)
    page.locator("#sheet #next").wait_for()
    view = page.evaluate("settebello.view")
    detail = view["results"][-1]["detail"]
    for side, d in enumerate(detail):
        cell = page.locator(f"#sheet tr[data-category=napola] td").nth(side)
        drawn = cell.locator("[data-testid=napola-run] img").evaluate_all("imgs => imgs.map(i => i.alt)")
        runs = d.get("napola", [])
        assert len(drawn) == sum(len(r) for r in runs)
        if runs:
            assert drawn[:3] == ["Ace of Diamonds", "Two of Diamonds", "Three of Diamonds"]  # French-suited (SB40)
            assert int(cell.locator("strong").inner_text()) == len(drawn)
    page.screenshot(path=f"{SHOTS}/sheet_napola_1366.png")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_axe_finds_nothing_on_the_story(table_page, lang):
    save = near_the_end({"variant": "scopa", "seed": 2, "options": {"target": 3}, "seats": person_and_computers(2)})
    page = table_page(f"fast=1&lang={lang}", viewport=LAPTOP, save=save)
    play_match(page)
    page.locator("#sheet [data-testid=story]").wait_for()
    assert axe_violations(page) == []
