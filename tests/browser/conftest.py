"""Browser test harness: the site served locally, Debian's Chromium driven by pytest-playwright.

Fixtures for tests under tests/browser/:

- ``site_url`` (session): the repo root served by scripts/serve.py's server in a thread,
  on a free loopback port, e.g. ``http://127.0.0.1:41234``. ``base_url`` is the same with a
  trailing slash, so ``page.goto("./")`` or ``page.goto("index.html")`` work.
- ``page`` / ``context`` / ``new_context``: pytest-playwright's, launched with
  ``/usr/lib/chromium/chromium`` (override with $CHROMIUM) and the flags below.
- ``game_page``: ``page`` with the site opened and the engine ready (see below).
- ``network_log`` (autouse): records every request of every page of every context made
  through these fixtures; at teardown the test fails if one went to a host other than the
  served one (``data:``/``blob:``/``about:`` URLs are allowed). Also fails the test on a
  console error or an uncaught page error unless the test is marked
  ``@pytest.mark.allow_console_errors``.

The "ready" contract the UI must keep: ``<html data-engine="...">`` is ``loading`` at
first, then ``ready`` once the engine answered and the table is playable, or ``error``
(with ``data-engine-error="message"``) if the boot failed. static/js/engine.js's
``markEngine(state, message)`` sets both and dispatches ``engine:ready``/``engine:error``
on window. ``game_page`` waits for ``ready`` and fails at once on ``error``.

Browsers cannot be downloaded here (``playwright install`` fails): Debian's chromium
package is used instead; scripts/test installs it when missing.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
# Playwright adds --headless and --no-sandbox (chromiumSandbox defaults to false) itself.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ENGINE_TIMEOUT_MS = int(os.environ.get("ENGINE_TIMEOUT_MS", "60000"))
ALLOWED_SCHEMES = {"data", "blob", "about"}


def _load_serve():
    spec = importlib.util.spec_from_file_location("_settebello_serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _load_serve()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "allow_console_errors: do not fail the test on console/page errors"
    )


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
        context.on("request", lambda req: self.requests.append((req.url, req.resource_type)))
        context.on("console", self._on_console)
        context.on("weberror", lambda err: self.page_errors.append(str(err.error)))
        return context

    def _on_console(self, msg):
        if msg.type == "error":
            loc = msg.location or {}
            self.console_errors.append(f"{msg.text} ({loc.get('url', '?')}:{loc.get('lineNumber', '?')})")

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


@pytest.fixture(autouse=True)
def network_log(request, site_url):
    """Autouse: records requests/errors; fails the test on a foreign request or an error."""
    log = NetworkLog(urlsplit(site_url).netloc)
    yield log
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


def wait_for_engine(page, timeout_ms: int = ENGINE_TIMEOUT_MS) -> None:
    """Wait for <html data-engine="ready">; fail with the page's message on "error"."""
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.engine)",
        timeout=timeout_ms,
    )
    state = page.evaluate("document.documentElement.dataset.engine")
    if state != "ready":
        message = page.evaluate("document.documentElement.dataset.engineError || ''")
        pytest.fail(f"the engine failed to start: {message}", pytrace=False)


@pytest.fixture
def game_page(page, base_url):
    """The site opened in a fresh page, with the engine ready to play."""
    page.goto(base_url)
    wait_for_engine(page)
    return page
