"""Nothing lost, nothing leaked (issue 25): storage that fails loudly, tabs that don't collide,
deployments that don't collide (static/js/storage.js, persist.js, tabs.js, space.js, asidelist.js,
offline.js, sw.js)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from playwright.sync_api import expect

from harness import wait_for_engine
from site_helpers import (Watch, human_to_play, load_build, play_first_card as play_one, play_until_sheet, serve_dir,
                          skip_the_lesson_offer, wait_ready)
from test_a11y import axe_violations

build = load_build()

PERSIST = "import('./static/js/persist.js')"

# Storage.setItem throws QuotaExceededError for the game's keys while window.__full is true (as a
# full localStorage does); a reload starts with it false, as after the player freed some space.
FULL_STORAGE = """
(() => {
  window.__full = false;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__full && String(key).startsWith("settebello."))
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();
"""


def play_first_card(page) -> None:
    """The first legal play, then the person's turn again: the save then holds the answer too."""
    play_one(page, then_wait=True)


def position(page):
    return page.evaluate(
        "() => { const v = settebello.view; return {hand: v.hand, table: v.table, plays: v.plays, totals: v.totals}; }"
    )


def saved(page):
    """Wait until this tab's save holds the plays on the table; return the position."""
    human_to_play(page)
    page.wait_for_function(
        f"""async () => {{ const key = (await {PERSIST}).saveKey();
        const s = JSON.parse(localStorage.getItem(key) || 'null');
        if (!s) return false;
        const hands = s.record.hands;
        return hands[hands.length - 1].plays.length === settebello.view.plays.length; }}"""
    )
    return position(page)


def reload(page):
    page.reload()
    wait_for_engine(page)
    human_to_play(page)


def test_full_storage_is_told_once_and_the_match_comes_back(new_context, base_url):
    page = new_context(accept_downloads=True).new_page()
    page.add_init_script(FULL_STORAGE)
    page.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(page)
    play_first_card(page)
    saved(page)

    page.evaluate("window.__full = true")
    play_first_card(page)
    notice = page.get_by_role("alert").filter(has_text="storage is full")
    notice.wait_for()
    assert "not being saved" in notice.inner_text()
    play_first_card(page)  # every further save fails too: still one notice
    assert page.get_by_role("alert").filter(has_text="storage is full").count() == 1

    # the match as a file at any moment (issue 44): in the first hand the match itself (its record
    # would give the hand's deck), which Records plays on from; at the hand's end its record, the
    # hand's plays made while full included
    with page.expect_download() as info:
        notice.get_by_role("button", name="Download the match").click()
    assert info.value.suggested_filename.startswith("settebello-match-")
    match = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert match["format"] == "settebello-save/1" and len(match["record"]["hands"][0]["plays"]) >= 3
    play_until_sheet(page)
    with page.expect_download() as info:
        notice.get_by_role("button", name="Download the match").click()
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert [len(h["plays"]) for h in record["hands"] if h["plays"]] == [36]  # the whole hand, 18 plays each
    page.locator("#next").click()

    # space again: the next play is saved, the notice goes, and a reload brings the match back
    # (the hand's end also kept the person's puzzles and match list, which failed too: that notice,
    # space.js's, names them and stays until read; the match's own notice is the one that goes)
    other = page.locator("[data-testid=storage-full]")
    if other.count():
        assert "your settings" not in other.inner_text(), other.inner_text()
    page.evaluate("window.__full = false")
    play_first_card(page)
    page.locator("[data-testid=storage-notice]").wait_for(state="detached")
    before = saved(page)
    reload(page)
    assert position(page) == before


def test_full_storage_is_told_for_a_setting_too(new_context, base_url):
    """Preferences, statistics, tournaments fail the same way: the player is told, once."""
    page = new_context().new_page()
    page.add_init_script(FULL_STORAGE)
    page.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(page)
    human_to_play(page)
    page.evaluate("window.__full = true")
    if page.locator("#more-btn").is_visible():
        page.click("#more-btn")
    page.click("#settings-btn")
    dialog = page.locator("#settings-dialog[open]")
    dialog.get_by_role("radio", name="Slow").check()
    dialog.get_by_role("radio", name="Relaxed").check()
    page.keyboard.press("Escape")
    notice = page.get_by_role("alert").filter(has_text="your settings could not be saved")
    notice.wait_for()
    assert page.get_by_role("alert").filter(has_text="storage is full").count() == 1
    notice.get_by_role("button", name="OK").click()
    assert page.get_by_role("alert").filter(has_text="storage is full").count() == 0


def open_records(page):
    """Open the "Game records" dialog (its module loads on first use) and return it once shown."""
    page.get_by_role("button", name="Records").click()
    dialog = page.get_by_role("dialog", name="Game records")
    dialog.wait_for()
    return dialog


def test_a_3mb_damaged_save_is_set_aside_and_offered_in_records(new_context, base_url):
    page = new_context(accept_downloads=True).new_page()
    # what an older version left under its one key: 3 MB that are no save of this version, there
    # before the game's first visit of this browser
    damaged = '{"format": "settebello-save/0", "record": "' + "x" * 3_000_000 + '"}'
    page.add_init_script("""if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("settebello.save", '{"format": "settebello-save/0", "record": "' + "x".repeat(3000000) + '"}');
    }""")
    page.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(page)
    human_to_play(page)
    notice = page.get_by_role("alert").filter(has_text="could not be restored")
    notice.wait_for()
    assert "settebello-save/0" in notice.inner_text()
    notice.get_by_role("button", name="OK").click()
    play_first_card(page)  # the new game plays and is saved beside the set-aside one
    saved(page)

    dialog = open_records(page)
    section = dialog.get_by_role("region", name="Set-aside saves")
    entries = section.get_by_role("listitem")
    assert entries.count() == 1
    assert "earlier version of Settebello (settebello-save/0)" in entries.first.inner_text()
    assert axe_violations(page) == []  # the dialog with its list, as axe-core reads it
    with page.expect_download() as info:
        entries.first.get_by_role("button", name="Download").click()
    assert open(info.value.path(), encoding="utf-8").read() == damaged
    # it is no save: Restore says so and changes nothing
    entries.first.get_by_role("button", name="Restore").click()
    section.get_by_role("alert").filter(has_text="cannot be restored").wait_for()
    assert entries.count() == 1

    # still listed after another reload, and a second damaged save joins it (newest first)
    page.evaluate(f"{PERSIST}.then(m => localStorage.setItem(m.saveKey(), '{{not json'))")
    reload(page)
    page.get_by_role("alert").filter(has_text="not valid JSON").wait_for()
    page.get_by_role("alert").get_by_role("button", name="OK").click()
    texts = open_records(page).get_by_role("listitem").all_inner_texts()
    assert len(texts) == 2
    assert "not valid JSON" in texts[0] and "settebello-save/0" in texts[1]


def test_a_set_aside_match_is_restored_from_records(new_context, base_url):
    """An older version's match met while this tab has its own is set aside, not lost: Restore
    plays it here, and the match that was at the table takes its place in the list."""
    context = new_context()
    page = context.new_page()
    page.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(page)
    play_first_card(page)
    old_match = saved(page)
    old_save = page.evaluate(f"{PERSIST}.then(m => localStorage.getItem(m.saveKey()))")
    # the same match under the old version's key, while this tab goes on with a new game
    page.evaluate("t => localStorage.setItem('settebello.save', t)", old_save)
    page.evaluate("""settebello.startGame({variant: 'scopa', options: {}, seed: 9,
        seats: [{human: true, name: 'You'}, {human: false, level: 'random', name: 'Bot'}]})""")
    human_to_play(page)
    play_first_card(page)
    new_match = saved(page)
    assert new_match != old_match
    reload(page)
    assert position(page) == new_match  # this tab's own match, and the old one set aside
    entries = open_records(page).get_by_role("listitem")
    assert entries.count() == 1 and "earlier version" in entries.first.inner_text()
    with page.expect_navigation():
        entries.first.get_by_role("button", name="Restore").click()
    wait_for_engine(page)
    human_to_play(page)
    assert position(page) == old_match
    entries = open_records(page).get_by_role("listitem")
    assert entries.count() == 1 and "the match at the table" in entries.first.inner_text()


def test_two_tabs_keep_their_own_matches(new_context, base_url):
    context = new_context()
    first = context.new_page()
    first.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(first)
    play_first_card(first)
    saved(first)
    second = context.new_page()  # a second tab of the game, while the first is open
    second.goto(base_url + "index.html?fast=1&variant=scopa&seed=7&level=random")
    wait_for_engine(second)
    play_first_card(second)
    play_first_card(first)
    play_first_card(second)
    one, two = saved(first), saved(second)
    assert one != two
    reload(first)
    reload(second)
    assert position(first) == one
    assert position(second) == two
    # the first tab closed: a new tab takes its match up again, the second keeps its own
    first.close()
    third = context.new_page()
    third.goto(base_url + "index.html?fast=1&variant=scopa&seed=8&level=random")
    wait_for_engine(third)
    human_to_play(third)
    assert position(third) == one
    reload(second)
    assert position(second) == two


def test_a_match_left_in_a_closed_tab_is_in_the_other_tabs_records_to_play_on(new_context, base_url):
    """Both tabs closed but one reopened, or one closed while the other plays on: the closed tab's
    match under way is listed in Records (not only found by opening yet another tab), and plays on
    from there, the match it replaces kept in its place."""
    context = new_context()
    first = context.new_page()
    first.goto(base_url + "index.html?fast=1&variant=scopa&seed=4&level=random")
    wait_for_engine(first)
    play_first_card(first)
    one = saved(first)
    second = context.new_page()
    second.goto(base_url + "index.html?fast=1&variant=scopa&seed=7&level=random")
    wait_for_engine(second)
    play_first_card(second)
    two = saved(second)
    # while the first tab is open, its match is its own: not in the second's Records
    dialog = open_records(second)
    expect(dialog.get_by_test_id("history-entry")).to_have_count(0)
    dialog.get_by_role("button", name="Close").click()
    first.close()
    # closed a moment ago, it may be a reload on its way back: not taken yet
    dialog = open_records(second)
    expect(dialog.get_by_test_id("history-entry")).to_have_count(0)
    dialog.get_by_role("button", name="Close").click()
    second.evaluate(f"""async () => {{ const p = await {PERSIST}, mine = (await import('./static/js/tabs.js')).slot();
        const when = JSON.parse(localStorage.getItem(p.SLOTS_KEY));
        for (const id of Object.keys(when)) if (id !== mine) when[id] -= p.STRAY_MS;
        localStorage.setItem(p.SLOTS_KEY, JSON.stringify(when)); }}""")  # as if closed a while ago
    dialog = open_records(second)
    entry = dialog.get_by_test_id("history-entry")
    expect(entry).to_have_count(1)
    expect(entry).to_have_attribute("data-finished", "false")
    expect(entry).to_contain_text("Scopa")
    assert second.evaluate(f"async () => (await {PERSIST}).strayMatches(Date.now() + 10 ** 9)") == []  # taken in: gone from its slot
    entry.get_by_role("button", name="Play on").click()
    second.get_by_test_id("keep-yes").click()  # the second tab's own match, kept for later
    expect(dialog).to_be_hidden()
    human_to_play(second)
    assert position(second) == one
    dialog = open_records(second)
    expect(dialog.get_by_test_id("history-entry")).to_have_count(1)  # now the second's own, to play on
    dialog.get_by_test_id("history-entry").get_by_role("button", name="Play on").click()
    second.get_by_test_id("keep-yes").click()
    expect(dialog).to_be_hidden()  # (the match is on the table once Records has closed)
    human_to_play(second)
    assert position(second) == two


def _cache_names(page) -> list[str]:
    return page.evaluate("caches.keys().then(ks => ks.filter(k => k.startsWith('settebello')).sort())")


def _offline_ready(page):
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller"
    )


def test_two_deployments_on_one_origin_keep_their_matches_and_caches(browser, tmp_path):
    """USER.github.io/one/ and USER.github.io/two/: one origin, one localStorage, one Cache
    Storage. Each keeps its own match and its own offline copy; ?sw=off on one leaves the other."""
    www = tmp_path / "www"
    build.assemble_site(www / "one")
    shutil.copytree(www / "one", www / "two", symlinks=True)
    index = www / "two" / "index.html"  # another build: its own cache version
    index.write_text(index.read_text().replace("<title>", '<meta name="build" content="two">\n  <title>', 1))
    versions = {"one": build.write_precache(www / "one", www / "one" / "static" / "vendor" / "precache.js"),
                "two": build.write_precache(www / "two", www / "two" / "static" / "vendor" / "precache.js")}
    assert versions["one"] != versions["two"]
    with serve_dir(www, probe="/one/pyscript.toml") as host:
        context = browser.new_context()
        watch = Watch(context, host)
        one = context.new_page()
        one.goto(f"{host}/one/index.html?fast=1&variant=scopa&seed=4&level=random")
        wait_ready(one)
        _offline_ready(one)
        play_first_card(one)
        match_one = saved(one)
        two = context.new_page()
        two.goto(f"{host}/two/index.html?fast=1&variant=scopa&seed=7&level=random")
        wait_ready(two)
        skip_the_lesson_offer(two)  # a first visit of this deployment (its "seen" is its own)
        _offline_ready(two)
        play_first_card(two)
        match_two = saved(two)
        assert match_one != match_two
        assert len(_cache_names(two)) == 2  # two's worker deleted no cache of one's
        assert _cache_names(two) == sorted(f"settebello:/{d}/:{versions[d]}" for d in ("one", "two"))

        # each deployment's tabs closed, then opened again: each finds its own match
        one.close()
        two.close()
        one = context.new_page()
        one.goto(f"{host}/one/index.html?fast=1&variant=scopa&seed=5&level=random")
        wait_ready(one)
        human_to_play(one)
        assert position(one) == match_one
        two = context.new_page()
        two.goto(f"{host}/two/index.html?fast=1&variant=scopa&seed=5&level=random")
        wait_ready(two)
        human_to_play(two)
        assert position(two) == match_two

        # ?sw=off on two removes two's worker and cache, and nothing of one's
        two.goto(f"{host}/two/index.html?sw=off&fast=1")
        wait_ready(two)
        two.wait_for_function("document.documentElement.dataset.offline === 'unsupported'")
        scopes = two.evaluate("navigator.serviceWorker.getRegistrations().then(rs => rs.map(r => r.scope))")
        assert scopes == [f"{host}/one/"]
        assert _cache_names(two) == [f"settebello:/one/:{versions['one']}"]

        # and one still plays with no network, its match restored from its own copy
        context.set_offline(True)
        one.reload()
        wait_ready(one)
        human_to_play(one)
        assert position(one) == match_one
        context.close()
    assert watch.problems() == []
