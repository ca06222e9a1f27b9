"""Targets a finger can hit (issue 24): on a phone (360 × 740) every control of the bar, its More
menu, the dialogs and the score sheet is 44 × 44 px or more; New game is in the bar, one tap
away; the bar stays one tidy row of buttons at 360 × 740 and at 1366 × 800."""

from __future__ import annotations

import pytest

from site_helpers import open_table, play_until_sheet, skip_the_lesson_offer

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1366, "height": 800}

# every control shown inside `root`, with its box: a checkbox or a radio is hit through its label
SMALL = """(root) => [...document.querySelectorAll(root)].flatMap((box) =>
    [...box.querySelectorAll('button, a[href], select, summary, input, label:has(> input[type=checkbox], > input[type=radio])')]
      .filter((e) => !(e.matches('input[type=checkbox], input[type=radio], input[type=file], input[type=hidden]')))
      .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => { const r = e.getBoundingClientRect();
                    return { what: e.id || e.getAttribute('data-i18n') || e.textContent.trim().slice(0, 30) || e.outerHTML.slice(0, 60),
                             w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10 }; })
      .filter((c) => c.w < 44 || c.h < 44))"""

# the bar's controls shown, their boxes, and whether one is outside the window or cut
BAR = """() => [...document.querySelectorAll('header.bar :is(button, select)')]
    .filter((e) => e.getClientRects().length)
    .map((e) => { const r = e.getBoundingClientRect();
                  return { id: e.id, mid: Math.round((r.top + r.bottom) / 2), w: r.width, h: r.height,
                           out: r.left < 0 || r.right > innerWidth || e.scrollWidth > e.clientWidth + 2 }; })"""


def small(page, root):
    return page.evaluate(SMALL, root)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_bar_on_a_phone_new_game_in_it_every_button_44_px(table_page, lang):
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang={lang}", viewport=PHONE)
    bar = page.evaluate(BAR)
    # New game, Undo, Hint and More, side by side in one row, all inside the window
    assert [b["id"] for b in bar] == ["new", "undo", "hint", "more-btn"], bar
    assert len({b["mid"] for b in bar}) == 1, bar
    assert not [b for b in bar if b["out"] or b["w"] < 44 or b["h"] < 44], bar
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the bar stays low: the row of buttons and the row of scores
    assert page.evaluate("document.querySelector('header.bar').offsetHeight") <= 90
    # Undo and Hint are icons that keep their names
    strings = page.evaluate(f"fetch('./static/i18n/{lang}.json').then((r) => r.json())")
    assert page.get_by_role("button", name=strings["action.undo"], exact=True).is_visible()
    assert page.get_by_role("button", name=strings["action.hint"], exact=True).is_visible()
    # the More menu: each item 44 px or more, inside the window
    page.locator("#more-btn").click()
    page.locator("#rules-btn").wait_for(state="visible")
    assert small(page, "header.bar") == []
    menu = page.locator("#more-menu").bounding_box()
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= 360 and menu["y"] + menu["height"] <= 740
    page.keyboard.press("Escape")
    # New game: one tap, from the bar
    page.locator("#new").click()
    page.locator("#newgame-dialog[open]").wait_for()
    page.keyboard.press("Escape")


def test_the_bar_on_a_wide_screen_is_one_row(table_page):
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=it", viewport=DESKTOP)
    bar = page.evaluate(BAR)
    assert {"new", "undo", "hint", "rules-btn", "records-btn", "stats-btn", "help-button", "lang-select"} <= {b["id"] for b in bar}
    assert page.locator("#more-btn").is_hidden()
    buttons = [b for b in bar if b["id"] != "game-rules"]
    assert max(b["mid"] for b in buttons) - min(b["mid"] for b in buttons) <= 1 and not [b for b in bar if b["out"]], bar
    assert page.evaluate("document.querySelector('header.bar').offsetHeight") <= 90
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366


def test_every_dialog_on_a_phone_has_targets_of_44_px(table_page):
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=it", viewport=PHONE)
    # New game, with every fold open (the seats of four, the rules, the advanced fields)
    page.locator("#new").click()
    page.locator("#newgame-dialog[open]").wait_for()
    page.select_option("#ng-variant", "scopone")
    page.evaluate("document.querySelectorAll('#newgame-dialog details').forEach((d) => d.open = true)")
    assert small(page, "#newgame-dialog") == []
    page.keyboard.press("Escape")
    page.locator("#newgame-dialog[open]").wait_for(state="detached")
    # the dialogs of the More menu
    for button, dialog in (("#rules-btn", "#rules-dialog"), ("#records-btn", "#records-dialog"),
                           ("#stats-btn", "#stats-dialog"), ("#tournament-btn", "#tournament-dialog"),
                           ("#help-button", "#access-help")):
        page.locator("#more-btn").click()
        page.locator(button).click()
        page.locator(f"{dialog}[open]").wait_for()
        page.locator(f"{dialog}[open] button").first.wait_for()
        assert small(page, dialog) == [], dialog
        page.keyboard.press("Escape")
        page.locator(f"{dialog}[open]").wait_for(state="detached")


@pytest.mark.parametrize("target", ["", "&target=0"], ids=["next-hand", "match-over"])
def test_the_score_sheet_on_a_phone_has_targets_of_44_px(table_page, target):
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang=es{target}", viewport=PHONE)
    play_until_sheet(page)
    button = page.locator("#sheet-new" if target else "#next")
    button.wait_for(state="visible")
    assert small(page, "#sheet") == []
    box = button.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    if target:
        return
    # the press shows at once, while the engine may still be judging the hand (the review of
    # 2026-12-01: 1.5-2 s of a button that looked unpressed): every state the button went through
    page.evaluate("""() => { const b = document.getElementById('next'); window.__pressed = [];
        new MutationObserver(() => window.__pressed.push([b.getAttribute('aria-busy'), b.textContent]))
          .observe(b, { attributes: true, childList: true, characterData: true, subtree: true }); }""")
    button.click()
    page.wait_for_selector("#sheet", state="hidden")
    assert ["true", "Repartiendo las cartas…"] in page.evaluate("window.__pressed")


@pytest.mark.parametrize("viewport", [{"width": 820, "height": 1180}, {"width": 1180, "height": 820}], ids=["upright", "sideways"])
def test_a_tablet_is_touched_its_bar_and_dialogs_44_px_and_its_cards_numbered(new_context, base_url, viewport):
    """The review of 2026-12-02 (a tablet, by touch): the bar's buttons were 29-34 px tall, the game
    line's chip 20, and the cards had no numbers, while the rules teach 8, 9 and 10 by them."""
    page = new_context(viewport=viewport, has_touch=True, is_mobile=True).new_page()
    open_table(page, base_url, "fast=1&variant=scopa&seed=1&level=random&lang=it")
    skip_the_lesson_offer(page)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    bar = page.evaluate(BAR)
    assert "new" in {b["id"] for b in bar} and not [b for b in bar if b["h"] < 44 and b["id"] != "game-rules"], bar
    # the chip keeps its size in the bar; a finger a little above or below it still opens the rules
    # (measured and touched in one turn of the page: a CI run under load saw the bar fold between
    # a look at the chip and its box)
    touched = page.evaluate("""() => { const c = document.getElementById('game-rules');
        if (!c || !c.getClientRects().length) return null;  // folded into More: nothing to touch in the bar
        const b = c.getBoundingClientRect();
        return [-10, b.height + 9].map((dy) => [dy, !!document.elementFromPoint(b.x + b.width / 2, b.y + dy)?.closest('#game-rules')]); }""")
    assert touched is None or all(hit for _, hit in touched), touched
    # every card drawn with its number and suit in the corner (cardart.js: the text at 29, 54)
    page.wait_for_function("document.querySelectorAll('#hand-cards .card__face').length === 3")
    assert page.evaluate("""() => [...document.querySelectorAll('#hand-cards .card__face, #table-cards .card__face')]
        .every((i) => decodeURIComponent(i.src).includes('<text x="29" y="54"'))""")
    page.locator("#new").click()
    page.locator("#newgame-dialog[open]").wait_for()
    assert small(page, "#newgame-dialog") == []
