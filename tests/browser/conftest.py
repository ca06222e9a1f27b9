"""Browser test harness: the site served locally, Debian's Chromium driven by pytest-playwright.

Fixtures for tests under tests/browser/:

- ``site_url`` (session): the repo root served by scripts/serve.py's server in a thread,
  on a free loopback port, e.g. ``http://127.0.0.1:41234``. ``base_url`` is the same with a
  trailing slash, so ``page.goto("./")`` or ``page.goto("index.html")`` work.
- ``page`` / ``context`` / ``new_context``: pytest-playwright's, launched with
  ``/usr/lib/chromium/chromium`` (override with $CHROMIUM) and the flags below.
- ``game_page``: ``page`` with the site opened and the engine ready (see below).
- ``table_page(query, viewport=None, init_script=None)``: the game page a worker's tests share
  (Pyodide boots once per worker, not per test or module): the first call opens
  ``index.html?test&<query>``, later calls, in this module and the next ones, reset it with the
  test hook (static/js/testhook.js: ``window.settebello.reset(query)``), which gives the page
  what a fresh load of ``index.html?<query>`` gives (stored keys forgotten, dialogs closed, a new
  game) without booting Python again. A module that leaves what a reset cannot undo (see
  ``WorkerPage``) hands the next one a newly booted page. The viewport, the mouse and the
  emulated media are put back too. Tests about booting, reloads, offline, snapshots,
  persistence, embedding, display settings chosen in the Help dialog, tournaments, or that need
  a context of their own (touch, locale, a system preference before the first paint) use
  ``page``/``new_context`` as before.
- ``viewer_page(query="")``: the same shared page at the replay viewer, ``static/replay.html?<query>``,
  its engine ready: opened (and booted) once, then handed on as it is, the focus let go, for a
  test that opens its own record in it (as a person opens one record after another).
- ``network_log`` (autouse): records every request of every page of every context made
  through these fixtures; at teardown the test fails if one went to a host other than the
  served one (``data:``/``blob:``/``about:`` URLs are allowed). Also fails the test on a
  console error or an uncaught page error unless the test is marked
  ``@pytest.mark.allow_console_errors``. The shared page's events go to the test that is running
  (those between two tests to the next one), so an error during a test fails that test.
- ``TIMEOUT_MS`` (harness.py, with ``settled`` and ``wait_for_engine``): the one knob for every wait (the engine's boot, Playwright's actions, waits and
  ``expect``): 60 s, doubled under ``CI=true``, or ``$ENGINE_TIMEOUT_MS``. Sized for a busy
  two-core machine, where a boot or a played hand takes several times as long as idle; a wait
  ends as soon as its condition holds, so a generous limit costs nothing when all goes well.

The "ready" contract the UI must keep: ``<html data-engine="...">`` is ``loading`` at
first, then ``ready`` once the engine answered and the table is playable, or ``error``
(with ``data-engine-error="message"``) if the boot failed. static/js/engine.js's
``markEngine(state, message)`` sets both. ``game_page`` waits for ``ready`` and fails at once on ``error``.

Browsers cannot be downloaded here (``playwright install`` fails): Debian's chromium
package is used instead; scripts/test installs it when missing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from harness import (ALLOWED_SCHEMES, CHROMIUM, CHROMIUM_ARGS, ENGINE_TIMEOUT_MS,  # noqa: F401
                     ROOT, TIMEOUT_MS, serve, settled, wait_for_engine)


# ---------------------------------------------------------------- a failure's notes


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test of a module with ``failure_notes()`` (e.g. test_people_hand: what each of its
    pages showed) gets those notes in its report: a CI log is all there is to read afterwards."""
    outcome = yield
    report = outcome.get_result()
    notes = getattr(item.module, "failure_notes", None)
    if report.when == "call" and report.failed and notes is not None:
        try:
            report.sections.append(("the pages", notes()))
        except Exception as e:  # (the notes must never hide the failure itself)
            report.sections.append(("the pages", f"unreadable: {e!r}"))
    shared = getattr(item, "_settebello_shared", None)
    if report.when == "call" and report.failed and shared is not None and shared.page is not None:
        report.sections.append(("the shared page", shared.describe()))


# ---------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def site_url():
    """The repo root served on a free loopback port (same server as scripts/serve)."""
    vendor = ROOT / "static" / "vendor"
    if not (vendor / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("static/vendor/ is not built: run scripts/test (or npm ci && python3 scripts/build.py)")
    server, url = serve.start_in_thread(ROOT, "127.0.0.1", 0, quiet=True)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_url):
    """Overrides pytest-playwright's base_url: relative page.goto() targets our server."""
    return site_url + "/"


# ---------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: apt-get install -y chromium "
            "(scripts/test does it when run as root), or set $CHROMIUM"
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class NetworkLog:
    """Every request, console error and page error of the watched contexts."""

    def __init__(self, allowed_netloc: str):
        self.allowed_netloc = allowed_netloc
        self.requests: list[tuple[str, str]] = []  # (url, resource type)
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []

    def watch(self, context):
        context.set_default_timeout(TIMEOUT_MS)
        context.on("request", self.on_request)
        context.on("console", self.on_console)
        context.on("weberror", self.on_weberror)
        return context

    def on_request(self, req):
        self.requests.append((req.url, req.resource_type))

    def on_console(self, msg):
        if msg.type == "error":
            loc = msg.location or {}
            self.console_errors.append(f"{msg.text} ({loc.get('url', '?')}:{loc.get('lineNumber', '?')})")

    def on_weberror(self, err):
        self.page_errors.append(str(err.error))

    def take(self, other: "NetworkLog") -> None:
        """Adopt what `other` recorded (a shared page's events from between two tests)."""
        self.requests += other.requests
        self.console_errors += other.console_errors
        self.page_errors += other.page_errors

    def foreign_requests(self) -> list[str]:
        out = []
        for url, kind in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ALLOWED_SCHEMES:
                continue
            if parts.scheme not in ("http", "https") or parts.netloc != self.allowed_netloc:
                out.append(f"{url} ({kind})")
        return out

    def urls(self) -> list[str]:
        return [url for url, _ in self.requests]


class Relay:
    """A shared context's events, handed to the log of the test that is running."""

    def __init__(self, allowed_netloc: str):
        self.allowed_netloc = allowed_netloc
        self.log = NetworkLog(allowed_netloc)  # between tests: kept for the next one

    def watch(self, context):
        context.set_default_timeout(TIMEOUT_MS)
        context.on("request", lambda req: self.log.on_request(req))
        context.on("console", lambda msg: self.log.on_console(msg))
        context.on("weberror", lambda err: self.log.on_weberror(err))
        return context

    def attach(self, log: NetworkLog) -> None:
        if self.log is not log:
            log.take(self.log)
            self.log = log

    def detach(self) -> None:
        self.log = NetworkLog(self.allowed_netloc)


RELAYS: list[Relay] = []  # the shared pages' relays (table_page); network_log attaches them


@pytest.fixture(autouse=True)
def network_log(request, site_url):
    """Autouse: records requests/errors; fails the test on a foreign request or an error."""
    log = NetworkLog(urlsplit(site_url).netloc)
    for relay in RELAYS:
        relay.attach(log)
    yield log
    for relay in RELAYS:
        relay.detach()
    problems = []
    foreign = log.foreign_requests()
    if foreign:
        problems.append("requests to other hosts:\n  " + "\n  ".join(foreign))
    if not request.node.get_closest_marker("allow_console_errors"):
        if log.console_errors:
            problems.append("console errors:\n  " + "\n  ".join(log.console_errors))
        if log.page_errors:
            problems.append("uncaught page errors:\n  " + "\n  ".join(log.page_errors))
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def new_context(new_context, network_log):
    """pytest-playwright's new_context, with every context watched by network_log."""

    def factory(**kwargs):
        return network_log.watch(new_context(**kwargs))

    return factory


# ---------------------------------------------------------------- the game


@pytest.fixture
def game_page(page, base_url):
    """The site opened in a fresh page, with the engine ready to play."""
    page.goto(base_url)
    wait_for_engine(page)
    return page


# ---------------------------------------------------------------- one booted page per worker

DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, as for ``page``


# What a module may leave in its page that a reset does not undo, so the next module gets a page
# of its own: what testhook.js refuses (the display settings, a tournament under way), and what a
# test patched in the page (test_daily_page moves Date; test_newgame_race slows the engine's
# answers; a full storage is faked on Storage.prototype).
LEFT_BEHIND = """() => {
    const native = (f) => typeof f === "function" && /\\[native code\\]/.test(Function.prototype.toString.call(f));
    const engine = window.settebello?.engine;
    return (window.settebello?.cannotReset?.() ?? []).length > 0
        || ![Date, Date.now, setTimeout, clearTimeout, requestAnimationFrame, fetch, Worker,
             Storage.prototype.setItem, Storage.prototype.getItem].every(native)
        || (engine != null && Object.keys(engine).some((k) => typeof engine[k] === "function"));
}"""


FRAME_WAIT_MS = 10_000
# whether the page draws two animation frames within `ms` (a timer, not a frame, ends the wait)
FRAMES_DRAWN = """(ms) => new Promise((done) => {
    let n = 0;
    const tick = () => (++n >= 2 ? done(true) : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
    setTimeout(() => done(false), ms);
})"""
PAGE_STATE = """async (ms) => ({
    url: location.href, visibility: document.visibilityState, focused: document.hasFocus(),
    frames: await (""" + FRAMES_DRAWN + """)(ms),
    engine: document.documentElement.dataset.engine, resetDone: window.__resetDone,
    dialogs: [...document.querySelectorAll("dialog[open]")].map((d) => d.id),
    sheet: !document.getElementById("sheet")?.hidden, status: document.getElementById("status")?.textContent,
    hand: [...document.querySelectorAll("#hand-cards .card")].map((b) => b.dataset.card + (b.getAttribute("aria-disabled") ? "-" : "")),
    focus: document.activeElement?.id || document.activeElement?.tagName,
})"""


class WorkerPage:
    """The booted page a worker hands from module to module (a Pyodide boot is seconds of CPU):
    made on first use, made anew once retired."""

    def __init__(self, browser, netloc: str):
        self.browser, self.netloc = browser, netloc
        self.page = self.relay = None
        self.scripts: set[str] = set()  # the init scripts the page was given

    def take(self) -> "WorkerPage":
        if self.page is not None and self.page.is_closed():
            self.retire()
        if self.page is None:
            self.relay = Relay(self.netloc)
            RELAYS.append(self.relay)
            self.page = self.relay.watch(self.browser.new_context(viewport=DEFAULT_VIEWPORT)).new_page()
        return self

    def handed_on(self) -> bool:
        """Whether the next module may have the page: it has no init scripts (they would run at the
        next module's loads) and nothing is left in it that a reset does not undo."""
        if self.page is None or self.page.is_closed() or self.scripts:
            return False
        if not self.page.url.startswith("http"):
            return True
        try:
            return not self.page.evaluate(LEFT_BEHIND)
        except Exception:  # (a page that cannot answer is not handed on)
            return False

    def painting(self) -> bool:
        """Whether the page still draws frames (two within FRAME_WAIT_MS). Its frames once stopped
        for good on a loaded CI machine (a CI run of 2026-12-01: every wait polled by animation frame,
        and every click's "stable" check, timed out test after test on one worker's page, while the
        pages of other tests drew): such a page is shown again or replaced, never used."""
        try:
            return bool(self.page.evaluate(FRAMES_DRAWN, FRAME_WAIT_MS))
        except Exception:
            return False

    def describe(self) -> str:
        """A failed test's note of the page's state (a CI log is all there is to read afterwards)."""
        try:
            return json.dumps(self.page.evaluate(PAGE_STATE, FRAME_WAIT_MS), indent=1)
        except Exception as e:
            return f"unreadable: {e!r}"

    def retire(self) -> None:
        if self.relay is not None:
            RELAYS.remove(self.relay)
            self.page.context.close()
        self.page, self.relay, self.scripts = None, None, set()


@pytest.fixture(scope="session")
def _worker_page(browser, site_url):
    """This worker's ``WorkerPage``."""
    shared = WorkerPage(browser, urlsplit(site_url).netloc)
    yield shared
    shared.retire()


@pytest.fixture(scope="module")
def _shared_page(_worker_page):
    """The worker's booted page for this module's ``table_page``/``viewer_page``; after the module,
    kept for the next one or retired (``WorkerPage.handed_on``)."""
    yield _worker_page.take()
    if not _worker_page.handed_on():
        _worker_page.retire()


def _drawing(shared: WorkerPage, network_log: NetworkLog):
    """The shared page, drawing frames: brought to the front if its frames stopped, else replaced
    by a new one (booted afresh by the caller's load), said on stderr either way."""
    if shared.painting():
        return shared.page
    shared.page.bring_to_front()
    if shared.painting():
        print("the shared page had stopped drawing frames: brought to the front, it draws again", file=sys.stderr)
        return shared.page
    print("the shared page had stopped drawing frames: replaced by a new page", file=sys.stderr)
    shared.retire()
    shared.take()
    shared.relay.attach(network_log)
    return shared.page


@pytest.fixture
def table_page(_shared_page, base_url, network_log, request):
    """``table_page("fast=1&seed=3&level=random")``: the module's page as a fresh load of
    ``index.html?<query>`` gives it, with the engine ready (booted once, reset after)."""
    request.node._settebello_shared = _shared_page  # (a failure's notes: pytest_runtest_makereport)
    _shared_page.relay.attach(network_log)  # made in the module's first test: its log from the start

    def open_table(query: str = "", init_script: str | None = None, viewport: dict | None = None,
                   save: dict | None = None):
        """``viewport`` (default Playwright's 1280 x 720) is set before the load or reset, so the
        game is dealt at that size. ``init_script`` runs before the page's own scripts (as
        ``page.add_init_script``) on the first load, and just before each reset after it: write
        it so that running it again on the same page starts afresh instead of adding a second
        listener. ``save`` (a ``Session.save()``, e.g. from saves.py) is then restored, as a reload
        with that match saved restores it: a late position without playing up to it."""
        page = _drawing(_shared_page, network_log)
        scripts = _shared_page.scripts
        page.set_viewport_size(viewport or DEFAULT_VIEWPORT)
        page.mouse.move(0, 0)  # where a new page has it: hovering nothing the last test clicked
        page.emulate_media(media="null", color_scheme="null", reduced_motion="null", forced_colors="null",
                           contrast="null")
        if init_script and init_script not in scripts:
            page.add_init_script(init_script)
            scripts.add(init_script)
        fresh = not page.url.startswith(base_url + "index.html?test")
        if fresh:
            if page.url.startswith(base_url):  # the module's page left the game: forget its keys
                page.evaluate("localStorage.clear()")
            page.goto(base_url + "index.html?test&" + query)
            wait_for_engine(page)
            page.wait_for_function("typeof window.settebello?.reset === 'function'")
        if not fresh or save is not None:
            if init_script and not fresh:
                page.evaluate(init_script)
            page.evaluate(
                """([query, save]) => {
                    window.__resetDone = null;
                    window.settebello.reset(query, save).then(() => { window.__resetDone = "done"; },
                                                              (err) => { window.__resetDone = String(err); });
                }""",
                ["test&" + query, save],
            )
            page.wait_for_function("window.__resetDone !== null", timeout=TIMEOUT_MS)
            outcome = page.evaluate("window.__resetDone")
            if outcome != "done":
                pytest.fail(f"the test hook could not reset the page: {outcome}", pytrace=False)
        return page

    return open_table


@pytest.fixture
def viewer_page(_shared_page, base_url, network_log):
    """``viewer_page("lang=en")``: the module's shared page at ``static/replay.html?<query>``, the
    engine ready; loaded once, reused while it is at that address (the record shown is the last
    test's: a test opens its own)."""
    _shared_page.relay.attach(network_log)

    def open_viewer(query: str = ""):
        page = _drawing(_shared_page, network_log)
        url = base_url + "static/replay.html" + (f"?{query}" if query else "")
        page.set_viewport_size(DEFAULT_VIEWPORT)
        page.mouse.move(0, 0)
        if page.url != url:
            page.goto(url)
            page.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.engine)",
                                   timeout=TIMEOUT_MS)
            state = page.evaluate("document.documentElement.dataset.engine")
            assert state == "ready", f"the viewer's engine did not start: {state}"
        page.evaluate("document.activeElement?.blur?.()")
        return page

    return open_viewer
