"""Offline for good (issue 5): the service worker caches the whole site on the first visit, the
game starts and a hand is played with no network; a new build replaces the cache whole and the
player is told; the published site directory works on a plain static server."""

from __future__ import annotations

import json
import re

import pytest

from site_helpers import ROOT, Watch, load_build, play_until_sheet, serve_dir, wait_ready

build = load_build()

# What the page may fetch while offline, and must find in the cache.
RUNTIME = ("pyodide.asm.wasm", "python_stdlib.zip", "snapshot.bin.gz", "pyodide-boot.mjs", "py.zip",
           "pyscript.toml", "bridge.py")


def _precache(root=ROOT) -> dict:
    text = (root / "static" / "vendor" / "precache.js").read_text()
    return json.loads(re.search(r"=\s*(\{.*\});", text, re.S).group(1))


def _cache_name(version: str, root: str = "/") -> str:
    """sw.js's cache of a version, named after its deployment's root path."""
    return f"settebello:{root}:{version}"


def _wait_offline_ready(page):
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller"
    )
    page.evaluate("navigator.serviceWorker.ready")


def _cache_state(page) -> dict:
    return page.evaluate(
        """async () => {
            const names = (await caches.keys()).filter(n => n.startsWith('settebello'));
            const out = {};
            for (const n of names) out[n] = (await (await caches.open(n)).keys()).map(r => r.url);
            return out;
        }"""
    )


def test_first_visit_caches_the_whole_site_then_plays_offline(new_context, base_url, network_log):
    """Load once, go offline, reload: the game starts (Pyodide from the cache) and a hand is played."""
    stale = set(build.precache_list(ROOT)["files"]) ^ set(_precache()["files"])
    assert not stale, f"static/vendor/precache.js is stale ({sorted(stale)}): run python3 scripts/build.py"
    context = new_context()
    page = context.new_page()
    page.goto(base_url + "?fast=1&variant=scopa&seed=3&level=random")
    wait_ready(page)
    _wait_offline_ready(page)

    listing = _precache()
    # the browser tests' hook is not downloaded into every player's cache
    assert "static/js/testhook.js" not in listing["files"]
    cached = _cache_state(page)
    assert list(cached) == [_cache_name(listing['version'])]
    urls = next(iter(cached.values()))
    assert sorted(u.removeprefix(base_url) for u in urls) == sorted(listing["files"])
    for name in RUNTIME:
        assert any(u.endswith(name) for u in urls), name

    # sw.js prefers the HTTP cache's copy of Pyodide when it is the same file; with that cache
    # emptied, the offline copy alone must be enough
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()  # a session left open resets the page's network emulation (offline) when it goes
    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    before = len(network_log.requests)
    page.reload()
    wait_ready(page)
    # the PyScript worker's fetches (Pyodide, the wasm, py.zip) were answered by the cache too
    assert page.evaluate("document.documentElement.dataset.offline") == "ready"
    # ... the memory snapshot too: offline, Python still boots from it
    ping = page.evaluate("import('./static/js/engine.js').then(m => m.connectEngine()).then(e => e.call('ping'))")
    assert ping["snapshot"] is True
    play_until_sheet(page)
    assert page.locator("[data-match-total]").count() == 2
    # the server was not reached: every request of the reload was answered by the cache
    assert network_log.requests[before:], "the reload made no request at all"
    assert page.evaluate("navigator.onLine") is False


def test_query_strings_map_to_cached_files_offline(new_context, base_url):
    context = new_context()
    page = context.new_page()
    page.goto(base_url + "index.html?fast=1")
    wait_ready(page)
    _wait_offline_ready(page)
    context.set_offline(True)
    page.goto(base_url + "?fast=1&variant=scopone&level=random&seed=9")  # a URL never seen before
    wait_ready(page)
    page.locator("#hand-cards button.card").first.wait_for()
    # any file of the site, with any query string, comes from the cache
    assert page.evaluate("fetch('./static/js/engine.js?v=2').then(r => r.ok)") is True
    assert page.evaluate("fetch('./pyscript.toml?x=1#y').then(r => r.text())").startswith("# PyScript")


@pytest.fixture
def site_copy(tmp_path):
    """The published site, assembled into a temporary directory (a build we may change)."""
    build.assemble_site(tmp_path / "site")
    return tmp_path / "site"


def test_new_build_replaces_the_cache_whole_and_player_is_told(browser, site_copy):
    with serve_dir(site_copy) as url:
        context = browser.new_context()
        watch = Watch(context, url)
        page = context.new_page()
        page.goto(url + "/?fast=1&seed=5&level=random")
        wait_ready(page)
        _wait_offline_ready(page)
        old = _cache_state(page)
        assert len(old) == 1
        other = context.new_page()  # a second tab of the game, open during the update
        other.goto(url + "/?fast=1&seed=5&level=random")
        wait_ready(other)

        # a new build: one file changes, the precache version follows
        index = site_copy / "index.html"
        index.write_text(index.read_text().replace("<title>", '<meta name="build" content="two">\n  <title>', 1))
        new_version = build.write_precache(site_copy, site_copy / "static" / "vendor" / "precache.js")
        assert _cache_name(new_version) not in old

        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function("document.documentElement.dataset.offline === 'update'")
        bar = page.get_by_role("status").filter(has_text="new version")
        assert bar.is_visible()
        # until the player reloads, the old version serves its own files, whole
        assert page.evaluate("fetch('./index.html').then(r => r.text())").count('name="build"') == 0
        caches_now = _cache_state(page)
        assert set(caches_now) == set(old) | {_cache_name(new_version)}
        assert len(caches_now[_cache_name(new_version)]) == len(next(iter(old.values())))

        with page.expect_navigation(), other.expect_navigation():
            page.get_by_role("button", name="Reload").click()
        wait_ready(page)
        _wait_offline_ready(page)
        assert page.locator('meta[name="build"]').get_attribute("content") == "two"
        # the other tab reloaded too: no page keeps running the old version's code
        wait_ready(other)
        assert other.locator('meta[name="build"]').get_attribute("content") == "two"
        assert list(_cache_state(page)) == [_cache_name(new_version)]  # the old cache is gone

        # and the new version works offline
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert page.locator('meta[name="build"]').count() == 1
        context.close()
    assert watch.problems() == []


def test_published_site_dir_on_plain_static_server_plays_a_hand(browser, tmp_path):
    """scripts/build.py --site DIR is what Pages publishes. Served by python -m http.server under a
    sub-path, as https://USER.github.io/REPO/ serves it: a hand is played, the app's icons load,
    every request stays inside /REPO/, and after one visit it plays with no network."""
    site = tmp_path / "www" / "settebello"
    files = build.assemble_site(site)
    assert {"index.html", "sw.js", "manifest.webmanifest", "pyscript.toml",
            "static/vendor/py.zip", "static/vendor/precache.js", "static/replay.html",
            "examples/embed.html"} <= set(files)
    assert not any(f.startswith(("py/", "tests/", "node_modules/", ".")) for f in files)
    with serve_dir(tmp_path / "www", probe="/settebello/pyscript.toml") as host:
        url = host + "/settebello/"
        context = browser.new_context()
        watch = Watch(context, host)
        page = context.new_page()
        page.goto(url + "?fast=1&variant=scopa&seed=11&level=random")
        wait_ready(page)
        play_until_sheet(page)
        assert page.locator("[data-match-total]").count() == 2
        manifest = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
        for icon in manifest["icons"]:
            status = page.evaluate(f"fetch({json.dumps(icon['src'])}).then(r => r.status)")
            assert status == 200, icon
        _wait_offline_ready(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == url

        context.set_offline(True)
        page.goto(url + "?fast=1&variant=scopa&seed=12&level=random")
        wait_ready(page)
        play_until_sheet(page)
        assert page.locator("[data-match-total]").count() == 2
        context.close()
    outside = [u for u in watch.requests if u.startswith(host) and not u.startswith(url)]
    assert outside == [], "a URL that is not relative to the site's folder"
    assert watch.problems() == []
