"""Nothing the first paint and the first hand do not need is shipped before they are shown
(issue 27): a cold load of the game asks for none of the modules of the dialogs a player opens
later (the rules page, the statistics, the tournaments, the game records); each arrives, with its content, when
the player first opens it (a dynamic import(), as the deck styles of static/js/deck.js)."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from harness import wait_for_engine
from site_helpers import human_to_play, skip_the_lesson_offer

# loaded on first use: rules.js (table.js, dialog.js), statsview.js (stats.js), bracketview.js
# (bracket.js), recordsdialog.js with asidelist.js and filecheck.js (records.js); replay.js is the
# viewer's page, never the game's; people.js only with a seat on another device or an invitation
LAZY = {"rules.js", "statsview.js", "bracketview.js", "recordsdialog.js", "asidelist.js", "filecheck.js", "replay.js",
        "dailyview.js", "puzzleview.js",  # daily.js and puzzles.js load these (issue 47)
        "people.js", "accessdialogs.js",  # (Help and the review lists: access.js)
        "reviewlooks.js"}  # a hand's review drawn (review.js, at its first opening)


def _modules(urls):
    return {urlsplit(u).path.rsplit("/", 1)[-1] for u in urls if "/static/js/" in urlsplit(u).path}


def test_a_cold_load_asks_for_no_dialog_module_until_one_is_opened(page, base_url, tmp_path):
    urls: list[str] = []
    page.on("request", lambda req: urls.append(req.url))
    page.goto(base_url + "index.html?seed=3&lang=en")
    wait_for_engine(page)
    skip_the_lesson_offer(page)
    human_to_play(page)  # the first hand, playable
    before = _modules(urls)
    assert not before & LAZY, sorted(before & LAZY)
    # the parts that wire the buttons and count a finished match are there from the start
    assert {"table.js", "stats.js", "bracket.js", "records.js"} <= before, sorted(before)

    # the rules page: its module arrives with the first opening, then the page in its cards
    page.locator("#game-rules").click()
    rules = page.locator("#rules-dialog")
    expect(rules.locator("#rules-title")).to_have_text("How to play Scopa")
    expect(rules.locator(".rules__body section").first).to_be_visible()
    assert rules.locator(".rules__body img").count() > 4
    page.screenshot(path=tmp_path / "rules.png")  # for a look (pytest --basetemp=...)
    rules.locator(".rules__close").click()
    expect(rules).to_be_hidden()

    # the statistics: nothing played yet, said in a sentence, with their actions
    page.locator("#stats-btn").click()
    stats = page.locator("#stats-dialog")
    expect(stats.locator("#stats-title")).to_have_text("Statistics")
    expect(stats.locator(".stats__empty")).to_be_visible()
    expect(stats.locator("[data-stats=export]")).to_be_visible()
    page.screenshot(path=tmp_path / "stats.png")
    stats.locator("[data-stats=close]").click()
    expect(stats).to_be_hidden()

    # the game records, with the saves set aside
    page.locator("#records-btn").click()
    records = page.locator("#records-dialog")
    expect(records.locator("#records-title")).not_to_be_empty()
    expect(records.locator("[data-act=export]")).not_to_be_empty()
    page.screenshot(path=tmp_path / "records.png")
    records.locator("[data-act=close]").click()
    expect(records).to_be_hidden()

    # the tournament's set-up form
    page.locator("#tournament-btn").click()
    tournament = page.locator("#tournament-dialog")
    expect(tournament.locator("#tournament-title")).not_to_be_empty()
    tournament.get_by_role("button", name="Close").click()
    expect(tournament).to_be_hidden()

    after = _modules(urls)
    assert {"rules.js", "statsview.js", "bracketview.js", "recordsdialog.js", "asidelist.js", "filecheck.js"} <= after, sorted(after)
    assert "replay.js" not in after
    # opened again: the module is not asked for twice (the import is cached)
    count = len([u for u in urls if u.endswith("/static/js/rules.js")])
    page.locator("#game-rules").click()
    expect(rules.locator("#rules-title")).to_have_text("How to play Scopa")
    assert len([u for u in urls if u.endswith("/static/js/rules.js")]) == count
    rules.locator(".rules__close").click()
