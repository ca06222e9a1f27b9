"""Smoke tests of the runtime seam: the page loads, Python boots in the worker from the
vendored runtime, the bridge answers, and nothing is fetched from another host or left
unused in static/vendor/ (the network_log fixture checks hosts and console errors). The tests of
a boot's own requests boot a page of their own (game_page); the others share the module's
(table_page)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from harness import TIMEOUT_MS, Held

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor"


def test_page_boots_engine_and_ping_answers(game_page, network_log):
    info = game_page.evaluate(
        """async () => {
            const { connectEngine } = await import("./static/js/engine.js");
            const engine = await connectEngine();
            return await engine.call("ping", {hello: "world", n: [1, 2.5, null, true]});
        }"""
    )
    assert info["pong"] is True
    assert info["python"].startswith("3.")
    assert info["platform"] == "emscripten"
    assert info["scopa"]["imported"] is True, info["scopa"]
    assert info["echo"] == {"hello": "world", "n": [1, 2.5, None, True]}
    # the worker ran from the vendored files, fetched through our server
    paths = {urlsplit(u).path for u in network_log.urls()}
    for needed in ("/static/bridge.py", "/pyscript.toml", "/static/vendor/py.zip",
                   "/static/vendor/pyodide/pyodide.mjs", "/static/vendor/pyodide/pyodide.asm.wasm"):
        assert needed in paths, f"{needed} was not requested"


@pytest.mark.allow_console_errors  # the deliberate failure's traceback goes to the console (engine.js)
def test_engine_errors_reject_with_engine_error_and_queue_goes_on(table_page):
    result = table_page().evaluate(
        """async () => {
            const { connectEngine, EngineError } = await import("./static/js/engine.js");
            const engine = await connectEngine();
            const out = {exports: engine.exports};
            try { await engine.call("no_such_function"); } catch (e) { out.missing = e.message; }
            try { await engine.call("ping", {fail: "boom"}); } catch (e) {
                out.error = {isEngineError: e instanceof EngineError, type: e.type,
                             detail: e.detail, call: e.call, traceback: e.traceback};
            }
            // calls made together run one at a time, in order, and all answer (the page's own
            // calls, e.g. a view drawn after the load, finished first: not counted with them)
            while (engine.pending) await new Promise((resolve) => setTimeout(resolve, 20));
            const calls = [1, 2, 3].map(n => engine.call("ping", n));
            out.pendingWhileQueued = engine.pending;
            out.echoes = (await Promise.all(calls)).map(r => r.echo);
            out.pendingAfter = engine.pending;
            return out;
        }"""
    )
    assert "ping" in result["exports"]
    assert "no_such_function" in result["missing"]
    err = result["error"]
    assert err["isEngineError"] and err["type"] == "ValueError" and err["detail"] == "boom"
    assert err["call"] == "ping" and "Traceback" in err["traceback"]
    assert result["pendingWhileQueued"] == 3
    assert result["echoes"] == [1, 2, 3]
    assert result["pendingAfter"] == 0


def test_every_vendored_file_is_used_and_every_request_is_served(game_page, network_log):
    """static/vendor/ holds exactly what the page loads: no 404, no dead weight."""
    # the offline cache's list (precache.js) is read by sw.js, registered once the engine is up
    game_page.wait_for_function(
        "['ready', 'unsupported'].includes(document.documentElement.dataset.offline)")
    served = {urlsplit(u).path for u in network_log.urls() if u.startswith("http")}
    shipped = {
        "/" + p.relative_to(ROOT).as_posix()
        for p in VENDOR.rglob("*")
        if p.is_file() and p.name != "BUILD.json"
    }
    requested_vendor = {p for p in served if p.startswith("/static/vendor/")}
    assert requested_vendor - shipped == set(), "requested but not built (404)"
    assert shipped - requested_vendor == set(), "built but never requested (dead weight)"
    unused_chunks = [n for n in (p.rsplit("/", 1)[-1] for p in shipped)
                     if n.startswith(("codemirror", "xterm", "py-editor", "py-terminal"))]
    assert unused_chunks == []


def test_worker_tag_and_page_use_relative_urls(table_page):
    """The site must work under https://USER.github.io/REPO/: no absolute URL anywhere."""
    game_page = table_page()
    # what the page adds as it is used too: the Settings dialog's stylesheet, loaded on first open
    if game_page.locator("#more-btn").is_visible():
        game_page.click("#more-btn")
    game_page.click("#settings-btn")
    game_page.wait_for_selector("#settings-dialog[open]")
    game_page.keyboard.press("Escape")
    game_page.wait_for_function("!document.querySelector('#settings-dialog[open]')")
    assert game_page.locator("link#settings-css").count() == 1
    tag = game_page.locator('script[type="py"][worker][name="engine"]')
    assert tag.get_attribute("config") == "./pyscript.toml"
    assert tag.get_attribute("src") == "./static/bridge.py"
    absolute = game_page.evaluate(
        """[...document.querySelectorAll('[src], [href]')]
            .map(el => el.getAttribute('src') ?? el.getAttribute('href'))
            .filter(u => /^([a-z]+:)?\\/\\//i.test(u) || u.startsWith('/'))"""
    )
    assert absolute == []


def test_page_paints_before_python_is_ready(page, base_url):
    """First paint does not wait for Python (the 300 ms target is benchmarks/load.py's): with the
    runtime's file held back, the page has painted its table and says it is loading."""
    held = Held(page)
    page.goto(base_url, wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-paint').length > 0"
                           " && !!document.querySelector('#loading')?.checkVisibility()")
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    assert page.locator("header").first.is_visible()
    held.release()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=TIMEOUT_MS)


@pytest.mark.allow_console_errors
def test_foreign_request_is_detected(page, base_url, network_log):
    """The harness itself: a request to another host is recorded as foreign."""
    page.route("http://example.invalid/**", lambda route: route.abort())  # never leaves
    page.goto(base_url)
    page.evaluate("fetch('http://example.invalid/x').catch(() => null)")
    foreign = network_log.foreign_requests()
    assert any("example.invalid" in f for f in foreign), network_log.requests
    network_log.requests.clear()  # this test's own teardown must pass


def test_bridge_results_are_plain_json(table_page):
    raw = table_page().evaluate(
        """async () => {
            const script = document.querySelector('script[name="engine"]');
            const worker = await script.xworker.ready;
            return await worker.sync.ping(JSON.stringify({x: 1}));
        }"""
    )
    assert isinstance(raw, str)
    assert json.loads(raw)["ok"] is True


@pytest.mark.allow_console_errors
def test_a_broken_bridge_marks_the_engine_error_instead_of_hanging(page, base_url, network_log):
    """If bridge.py raises while it starts, connectEngine() rejects and the page says so;
    the traceback goes to the console."""
    page.route("**/static/bridge.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('bridge is broken')\n"))
    page.goto(base_url)
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.engine)")
    assert page.evaluate("document.documentElement.dataset.engine") == "error"
    assert "bridge.py did not start" in page.evaluate("document.documentElement.dataset.engineError")
    assert any("bridge is broken" in e for e in network_log.console_errors), network_log.console_errors
