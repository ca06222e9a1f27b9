"""What the browser tests share besides fixtures: the one timeout, the served site's server module,
the Chromium to launch, and waits on the page's own events (``settled``, ``wait_for_engine``).
Tests import these from here (``from harness import settled``), never from conftest.py: with
tests/tooling collected in the same run, ``conftest`` names another folder's module."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from loader import load

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
TIMEOUT_MS = int(os.environ.get("ENGINE_TIMEOUT_MS") or 60_000 * (2 if os.environ.get("CI") else 1))
ENGINE_TIMEOUT_MS = TIMEOUT_MS
expect.set_options(timeout=TIMEOUT_MS)
ALLOWED_SCHEMES = {"data", "blob", "about"}


serve = load("scripts/serve.py")


def settled(page) -> None:
    """Wait until the engine has answered every call made before this one and the page has drawn
    two frames since: what an action set off (a play, a new game, words for the screen reader on
    the next frame, a focus move) has happened. An event, not a time, so a test can then check
    that something did NOT happen. ``page`` may be a frame (an embedded game)."""
    page.evaluate("""async () => {
        await window.settebello.engine.call("ping");
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }""")


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


WASM = "**/pyodide.asm.wasm"


class Held:
    """The runtime's largest file (Pyodide's wasm) held back, every request for it, until released:
    a test sees the page while Python cannot have started, whatever the machine's speed."""

    def __init__(self, page):
        self.page, self.routes, self.holding = page, [], True
        page.route(WASM, self.handle)

    def handle(self, route):
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self):
        self.holding = False
        for route in self.routes:
            route.continue_()
        self.routes.clear()
