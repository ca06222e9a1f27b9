"""Issue 44 at the table: what the page asks the engine is checked there, what the page keeps stays
its own, and the game plays whatever the browser lets it keep."""

from __future__ import annotations

import json

import pytest

from harness import ROOT, settled

LANGS = ("en", "it", "es")


def strings(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


# -- Scopa a fidasse: a claim's answer belongs to the next player (SB61) ------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_person_cannot_answer_their_own_claim_through_the_play_call(table_page, lang):
    """`4S?trust` through the page's play call would take the table as a scopa with any card; it is
    record notation (SB66), refused with its reason in the page's language, and nothing changes."""
    page = table_page(f"fast=1&variant=fidasse&seed=0&level=expert&lang={lang}")
    page.wait_for_function("settebello.view.waiting === 'human' && settebello.view.legal.some(p => p.claim)")
    before = page.evaluate("settebello.view")
    card = before["hand"][0]
    for answer in ("trust", "doubt"):
        refused = page.evaluate("""async (play) => {
            const { refusalText } = await import("./static/js/names.js");
            try { await settebello.game("play", play); return null; }
            catch (err) { return { reason: err.reason, text: refusalText(err) }; }
        }""", f"{card}?{answer}")
        assert refused == {"reason": "play.answered", "text": strings(lang)["refusal.play.answered"]}
    settled(page)
    after = page.evaluate("settebello.game('view')")
    for key in ("hand", "table", "scope", "prese", "turn", "mechanics", "plays"):
        assert after[key] == before[key], key


# -- Records always opens: a bad set-aside entry is skipped and said ----------------------------------
PERSIST = "import('./static/js/persist.js')"


def plant_aside(page) -> dict[str, str]:
    """A set-aside list with one whole entry, one whose time is out of range, one that is no entry,
    and a save stored under a key no entry names whose id is no time (the issue's repro)."""
    return page.evaluate(f"""async () => {{
        const m = await {PERSIST};
        const keys = {{good: m.ASIDE_PREFIX + "good1", late: m.ASIDE_PREFIX + "late1",
                       orphan: m.ASIDE_PREFIX + "zzzzzzzzzzzzzzzzzzzz"}};
        for (const [name, key] of Object.entries(keys)) localStorage.setItem(key, `{{"format": "test/${{name}}"}}`);
        localStorage.setItem(m.ASIDE_KEY, JSON.stringify([
            {{key: keys.good, at: Date.now(), why: "a good entry", size: 24, format: "test/good"}},
            {{key: keys.late, at: 1e20, why: "a time out of range", size: 24, format: "test/late"}},
            42]));
        return keys;
    }}""")


def test_a_bad_set_aside_entry_is_skipped_and_said_and_records_opens(table_page):
    page = table_page("fast=1&seed=3&level=random&lang=en")
    plant_aside(page)
    words = strings("en")
    page.locator("#records-btn").click()
    dialog = page.locator("#records-dialog")
    dialog.wait_for(state="visible")
    entries = dialog.get_by_test_id("aside-entry")
    # every save stored is reachable: the whole entry, and the two whose entry could not be read
    assert entries.count() == 3
    texts = entries.all_inner_texts()
    assert "a good entry" in texts[0]
    assert sum(words["storage.why_unreadable"] in x for x in texts) == 1  # the time out of range
    assert sum(words["storage.when_unknown"] in x for x in texts) == 1     # the orphan's key is no time
    status = dialog.locator("[data-aside-msg]")
    assert status.inner_text() == words["storage.aside_skipped"].format(n=2)
    for i in range(3):  # each one downloads as it was stored
        with page.expect_download() as got:
            entries.nth(i).get_by_role("button", name=words["storage.aside_download"]).click()
        assert got.value.suggested_filename.startswith("settebello-set-aside-")
    # deleting the orphan writes the list again without the bad entries: nothing left to skip
    entries.nth(2).get_by_role("button", name=words["storage.aside_delete"]).click()
    assert entries.count() == 2 and status.inner_text() == words["storage.aside_deleted"]


# -- statistics: a merge past what a load accepts is refused and said ---------------------------------
COUNTERS = ("matches", "won", "forfeits", "hands", "hands_won", "scope", "settebelli", "primiere", "points")


def stats_json(prefix: str, n: int) -> dict:
    """Statistics of `n` made-up variants, one lost match in each (a file the engine reads)."""
    one = {k: 0 if k in ("won", "hands_won") else 1 for k in COUNTERS}
    return {"format": "settebello-stats/1", "variants": {f"{prefix}{i}": dict(one) for i in range(n)},
            "best": None, "worst": None, "tournaments": {"played": 0, "won": 0}, "seen": [f"{prefix}-seen"]}


def test_a_statistics_merge_past_the_bounds_is_refused_and_said(table_page, tmp_path):
    page = table_page("fast=1&seed=3&level=random&lang=it")
    key = page.evaluate("import('./static/js/statsview.js').then(m => m.STATS_KEY)")
    mine = json.dumps(stats_json("a", 60))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, mine])
    page.locator("#stats-btn").click()
    dialog = page.locator("#stats-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("tbody tr").count() == 60
    other = tmp_path / "other.json"
    other.write_text(json.dumps(stats_json("b", 60)), encoding="utf-8")
    dialog.locator("input[data-stats-file]").set_input_files(str(other))
    message = dialog.locator(".stats__message")
    message.wait_for(state="attached")
    page.wait_for_function("document.querySelector('#stats-dialog .stats__message').textContent !== ''")
    assert message.inner_text() == strings("it")["refusal.stats.bounds"].format(variants=100)
    assert page.evaluate("(k) => localStorage.getItem(k)", key) == mine  # nothing added, nothing moved
    assert dialog.locator("tbody tr").count() == 60
    dialog.get_by_role("button", name=strings("it")["action.close"]).click()
    page.locator("#stats-btn").click()  # opened again: the same statistics, nothing set aside
    dialog.wait_for(state="visible")
    assert dialog.locator("tbody tr").count() == 60 and message.inner_text() == ""
    assert page.evaluate("(k) => localStorage.getItem(k + '.set-aside')", key) is None


def test_stored_statistics_a_load_refuses_are_said_and_offered_as_a_file(table_page):
    page = table_page("fast=1&seed=3&level=random&lang=en")
    key = page.evaluate("import('./static/js/statsview.js').then(m => m.STATS_KEY)")
    damaged = json.dumps(stats_json("a", 101))  # what an old merge stored: past the bounds
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, damaged])
    page.locator("#stats-btn").click()
    dialog = page.locator("#stats-dialog")
    dialog.wait_for(state="visible")
    words = strings("en")
    said = dialog.locator(".stats__message").inner_text()
    assert said.startswith(words["stats.setAside"].split("(")[0]) and "100" in said, said
    with page.expect_download() as got:
        dialog.get_by_role("button", name=words["stats.downloadAside"]).click()
    assert json.loads(got.value.path().read_text()) == json.loads(damaged)


# -- embed: the parent's new game sets the match aside; no parent=, no trust ---------------------------
import re  # noqa: E402

from site_helpers import Watch, play_first_card, play_until_sheet, wait_ready  # noqa: E402
from test_offline import _wait_offline_ready, build, site_copy  # noqa: E402,F401 - site_copy: a fixture

EMBEDDED = re.compile(r"index\.html\?embed=1")


def test_the_parents_new_game_sets_the_readers_match_aside(page, base_url):
    page.goto(base_url + "examples/embed.html?fast=1&seed=3&level=random")
    game = page.frame(url=EMBEDDED)
    wait_ready(game)
    play_first_card(game, then_wait=True)
    before = game.evaluate("settebello.view")
    assert before["plays"] or before["results"]
    page.get_by_role("button", name="New game: Scopone, 4 players").click()
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:new-game')")
    assert game.evaluate("settebello.view.variant") == "scopone"
    aside = game.evaluate(f"{PERSIST}.then(m => m.setAsideSaves().map(e => ({{why: e.why, text: m.setAsideText(e.key)}})))")
    assert len(aside) == 1 and aside[0]["why"] == strings("en")["storage.why_embed"], aside
    saved = json.loads(aside[0]["text"])
    assert saved["config"]["variant"] == "scopa"
    # restored, it is the reader's match as it was
    restored = game.evaluate("(saved) => settebello.game('restore', saved)", saved)
    assert restored["hand"] == before["hand"] and restored["table"] == before["table"]


FRAMING = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Some page</title>
<link rel="icon" href="data:,"></head><body>
<script>window.got = []; addEventListener("message", (e) => got.push(e.data));</script>
<iframe id="game" src="SRC" style="width:900px;height:640px;border:0"></iframe></body></html>"""


@pytest.mark.parametrize("parent", [None, "javascript:alert(1)"], ids=["no-parent", "bad-parent"])
def test_without_parent_no_framing_page_is_told_names_or_obeyed(page, base_url, parent):
    """The framing page is of the game's own origin (the referrer the old code trusted): without a
    usable parent= it is posted nothing (not even "ready" with the players' names) and its
    new-game command changes nothing."""
    src = "index.html?embed=1&fast=1&seed=3&level=random" + (f"&parent={parent}" if parent else "")
    url = base_url + "holes44-framing.html"
    page.route(url, lambda route: route.fulfill(content_type="text/html", body=FRAMING.replace("SRC", src)))
    warnings = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(url)
    game = page.frame(url=EMBEDDED)
    wait_ready(game)
    game.wait_for_function("settebello.view.waiting === 'human'")
    before = game.evaluate("JSON.stringify(settebello.view)")
    page.evaluate("""(origin) => document.getElementById("game").contentWindow.postMessage({type: "settebello:new-game",
        config: {variant: "scopone", seats: [{human: true, name: "Reader"}, {human: false, level: "random"},
                 {human: false, level: "random"}, {human: false, level: "random"}]}}, origin)""", base_url.rstrip("/"))
    settled(game)
    assert game.evaluate("JSON.stringify(settebello.view)") == before
    assert page.evaluate("got") == []
    assert any("add &parent=https://your.site" in w for w in warnings), warnings
    if parent:  # said on the game's page, as every bad value of its address
        assert "parent=" in game.locator("[data-testid=url-notice]").inner_text()


# -- two deployments on one origin keep their own tournament, statistics, hand-off, preferences --------
@pytest.fixture
def two_deployments(tmp_path):
    """The site served twice on one origin, at /A/ and /B/ (two projects of one GitHub Pages user)."""
    from harness import serve as serve_module  # noqa: PLC0415 - the harness's server

    root = tmp_path / "origin"
    root.mkdir()
    for name in ("A", "B"):
        (root / name).symlink_to(ROOT, target_is_directory=True)
    server, url = serve_module.start_in_thread(root, "127.0.0.1", 0, quiet=True)
    yield url
    server.shutdown()
    server.server_close()


def start_tournament(page, open_it: bool = True) -> None:
    if open_it:
        page.locator("#tournament-btn").click()
    d = page.locator("#tournament-dialog")
    d.locator("#t-name").fill("Anna")
    for level, count in (("beginner", 1), ("easy", 0), ("expert", 0), ("master", 0)):
        d.locator(f'[data-level="{level}"]').fill(str(count))
    d.locator("#t-start").click()
    d.locator(".tbracket").wait_for()


def test_two_deployments_on_one_origin_keep_their_tournaments_apart(browser, two_deployments):
    context = browser.new_context()
    watch = Watch(context, two_deployments)
    a = context.new_page()
    a.goto(two_deployments + "/A/index.html?fast=1&seed=3&level=random")
    wait_ready(a)
    a.evaluate("localStorage.setItem('settebello.lang', 'it')")  # a preference of the versions before
    start_tournament(a)
    a.locator("#tournament-dialog [data-act=close]").click()

    b = context.new_page()
    b.goto(two_deployments + "/B/index.html?fast=1&seed=3&level=random")
    wait_ready(b)
    assert b.evaluate("document.documentElement.lang") == "it"  # the old key, taken over once by B
    b.locator("#tournament-btn").click()
    d = b.locator("#tournament-dialog")
    d.locator("#t-start").wait_for()  # B has no tournament: the set-up form, not A's bracket
    assert d.locator(".tbracket").count() == 0
    start_tournament(b, open_it=False)
    d.locator("[data-act=leave]").click()
    d.locator("[data-act=leave]").click()  # "Really leave?"
    d.locator("#t-start").wait_for()

    a.reload()
    wait_ready(a)
    assert a.evaluate("document.documentElement.lang") == "en"  # A kept nothing of B's, nor B of A's
    a.locator("#tournament-btn").click()
    a.locator("#tournament-dialog .tbracket").wait_for()  # A's tournament is still there
    keys = a.evaluate("Object.keys(localStorage).filter(k => k.startsWith('settebello.tournament'))")
    assert keys == ["settebello.tournament:/A/"], keys
    context.close()
    assert watch.problems() == []


# -- the offline cache installs from the network, never from a stale HTTP cache ------------------------
def test_a_stale_http_cache_does_not_reach_the_new_offline_cache(browser, site_copy):
    """A file of an older version sits in the browser's HTTP cache, still fresh there (the plain
    server sends no Cache-Control; a file last changed a year ago is fresh for weeks by the
    browser's rule), and no service worker is installed: the worker's first install of the new
    version must cache the new file, not the HTTP cache's old one."""
    import os  # noqa: PLC0415
    import time  # noqa: PLC0415

    from site_helpers import serve_dir  # noqa: PLC0415

    site = site_copy  # the published site assembled afresh (test_offline's fixture)
    target = site / "static" / "js" / "notice.js"  # loaded by every page as it boots
    a_year_ago = time.time() - 365 * 86400
    os.utime(target, (a_year_ago, a_year_ago))
    with serve_dir(site) as url:
        context = browser.new_context()
        watch = Watch(context, url)
        page = context.new_page()
        page.goto(url + "/index.html?fast=1&seed=5&level=random")
        wait_ready(page)
        _wait_offline_ready(page)
        # the worker goes (as after "clear site data" of the worker alone, or a visit before it
        # existed); the HTTP cache keeps the old notice.js
        page.evaluate("""async () => {
            for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
            for (const n of await caches.keys()) await caches.delete(n);
        }""")
        # a new version is published: notice.js changes, the precache version follows
        target.write_text(target.read_text() + "\n// the new version\n")
        version = build.write_precache(site, site / "static" / "vendor" / "precache.js")
        page.reload()
        wait_ready(page)
        _wait_offline_ready(page)
        cached = page.evaluate("""async ([name, url]) => {
            const hit = await (await caches.open(name)).match(url);
            return hit ? hit.text() : null;
        }""", [f"settebello:/:{version}", url + "/static/js/notice.js"])
        assert cached is not None and cached.endswith("// the new version\n")
        context.close()
    assert watch.problems() == []


# -- no storage: blocked, cross-site, full -----------------------------------------------------------
def blocked_context(browser_type, browser_type_launch_args, tmp_path, profile: dict):
    """A Chromium profile with the storage settings `profile` (Chromium's own preferences: "block
    all site data" is cookies = 2, blocking third-party cookies also blocks cross-site frames'
    storage), as a person sets them in the browser's settings."""
    user_data = tmp_path / "profile"
    (user_data / "Default").mkdir(parents=True)
    (user_data / "Default" / "Preferences").write_text(json.dumps({"profile": profile}))
    return browser_type.launch_persistent_context(str(user_data), accept_downloads=True, **browser_type_launch_args)


def match_notice(page):
    return page.get_by_test_id("storage-notice")


@pytest.mark.allow_console_errors  # Chromium logs the refused service worker and storage as errors
def test_with_site_data_blocked_the_game_plays_says_it_keeps_nothing_and_gives_the_match(
        browser_type, browser_type_launch_args, site_url, tmp_path):
    context = blocked_context(browser_type, browser_type_launch_args, tmp_path,
                              {"default_content_setting_values": {"cookies": 2}})
    try:
        page = context.new_page()
        page.goto(site_url + "/index.html?fast=1&seed=3&level=random&lang=en")
        assert page.evaluate("(() => { try { return !!localStorage; } catch { return 'blocked'; } })()") == "blocked"
        wait_ready(page)
        notice = match_notice(page)
        notice.wait_for()
        assert notice.count() == 1 and strings("en")["storage.blocked"] in notice.inner_text()
        # the first hand: the match is offered as a file at once, and Records plays on from it
        play_first_card(page, then_wait=True)
        at_download = page.evaluate("settebello.view")
        with page.expect_download() as got:
            notice.get_by_test_id("storage-download").click()
        assert got.value.suggested_filename.startswith("settebello-match-")
        saved = json.loads(got.value.path().read_text())
        assert saved["format"] == "settebello-save/1"
        play_first_card(page, then_wait=True)
        page.locator("#records-btn").click()
        page.locator("#records-dialog[open] [data-testid=record-file]").set_input_files(str(got.value.path()))
        page.wait_for_function("(n) => settebello.view.plays.length === n && settebello.view.waiting === 'human'",
                               arg=len(at_download["plays"]))
        assert page.evaluate("settebello.view.hand") == at_download["hand"]
        # and a whole hand is played, said once: one notice all along
        play_until_sheet(page)
        assert match_notice(page).count() == 1
        with page.expect_download() as record:
            match_notice(page).get_by_test_id("storage-download").click()
        assert json.loads(record.value.path().read_text())["hands"]  # now the record, the hand ended
    finally:
        context.close()


CROSS_SITE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A club</title>
<link rel="icon" href="data:,"></head><body><h1>Our game</h1>
<iframe id="game" src="SRC" style="width:900px;height:640px;border:0"></iframe></body></html>"""


@pytest.mark.allow_console_errors  # Chromium logs the frame's refused service worker and storage
def test_a_cross_site_embed_without_third_party_storage_plays(browser_type, browser_type_launch_args,
                                                              site_url, tmp_path):
    from site_helpers import serve_dir  # noqa: PLC0415

    blog_dir = tmp_path / "blog"
    blog_dir.mkdir()
    (blog_dir / "index.html").write_text("placeholder")
    context = blocked_context(browser_type, browser_type_launch_args, tmp_path,
                              {"block_third_party_cookies": True, "cookie_controls_mode": 1})
    try:
        with serve_dir(blog_dir, probe="/index.html") as blog:
            # another site: localhost frames 127.0.0.1
            blog = blog.replace("127.0.0.1", "localhost")
            src = f"{site_url}/index.html?embed=1&start=load&fast=1&seed=3&level=random&parent={blog}"
            (blog_dir / "index.html").write_text(CROSS_SITE.replace("SRC", src))
            page = context.new_page()
            page.goto(blog + "/index.html")
            game = page.frame(url=EMBEDDED)
            assert game.evaluate("(() => { try { return !!localStorage; } catch { return 'blocked'; } })()") == "blocked"
            wait_ready(game)
            match_notice(game).wait_for()
            play_first_card(game, then_wait=True)
            assert len(game.evaluate("settebello.view.plays")) >= 1
    finally:
        context.close()


FULL = """(() => {
  if (window.__full) return;
  window.__full = true;
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("settebello.save")) throw new DOMException("full", "QuotaExceededError");
    return set.call(this, key, value);
  };
})()"""


def test_storage_full_in_the_first_hand_still_gives_the_match_as_a_file(page, base_url):
    page.add_init_script(FULL)
    page.goto(base_url + "index.html?fast=1&seed=3&level=random&lang=en")
    wait_ready(page)
    notice = match_notice(page)
    notice.wait_for()
    assert strings("en")["storage.match_full"] in notice.inner_text()
    play_first_card(page, then_wait=True)
    assert page.evaluate("settebello.view.results") == []  # still the first hand
    with page.expect_download() as got:
        notice.get_by_test_id("storage-download").click()
    saved = json.loads(got.value.path().read_text())
    assert saved["format"] == "settebello-save/1" and saved["record"]["hands"][0]["plays"]
    assert strings("en")["storage.downloaded"].format(name=got.value.suggested_filename) in notice.inner_text()
