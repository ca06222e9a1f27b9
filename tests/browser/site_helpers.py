"""Helpers for the offline, embedding, records and published-site browser tests.

- ``open_table(page, base_url, query)``, ``human_to_play(page)``, ``play_first_card(page)``: a
  fresh table at the tests' pace, the person's turn, and the first legal play clicked as a player
  clicks it.
- ``open_save(page, base_url, save)``: a page of the test's own with a late position restored.
- ``play_until_sheet(page)``: click playable cards (and the first capture choice) until the
  hand's score sheet shows, as a player would (skipping the lesson a first visit offers).
- ``skip_the_lesson_offer(page)``: a first visit offers the guided hand, and the game behind the
  offer waits for the answer (no computer plays): Skip it, if it is there.
- ``serve_dir(path)``: a plain ``python -m http.server`` for a directory (the published site,
  or a copy of it changed to make "a new build"), on a free port.
- ``Watch``: the same checks as conftest's ``network_log`` for contexts on such a server
  (another port, so conftest's own host check does not apply): every request stays on that
  host and no console error or page error happens.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from harness import TIMEOUT_MS, wait_for_engine
from loader import load

ROOT = Path(__file__).resolve().parents[2]


def load_build():
    """scripts/build.py as a module (site_files, write_precache, assemble_site ...)."""
    return load("scripts/build.py")


def wait_ready(page, timeout_ms: int = TIMEOUT_MS) -> None:
    """Wait for <html data-engine="ready">; fail with the page's message on "error"."""
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.engine)", timeout=timeout_ms
    )
    state = page.evaluate("[document.documentElement.dataset.engine, document.documentElement.dataset.engineError]")
    assert state[0] == "ready", f"the engine failed to start: {state[1]}"


def open_table(page, base_url: str, query: str = "") -> None:
    """A fresh load of the table at the tests' pace (?fast=1&<query>), once the engine is ready."""
    page.goto(base_url + "?fast=1&" + query)
    wait_for_engine(page)


def open_save(page, base_url: str, save: dict, lang: str = "en") -> None:
    """A page of the test's own (a display setting is not undone without a reload, so the shared
    table_page will not do) at ?test&fast=1&lang=<lang>, the match `save` (saves.py) restored
    through the test hook, once the engine is ready; the person to play."""
    page.goto(f"{base_url}index.html?test&fast=1&lang={lang}")
    wait_for_engine(page)
    page.wait_for_function("typeof window.settebello?.reset === 'function'")
    page.evaluate("([query, save]) => window.settebello.reset(query, save)", [f"test&fast=1&lang={lang}", save])
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")


def human_to_play(page) -> None:
    """Wait until it is the person's turn at this screen (no pass screen between players)."""
    page.wait_for_function(
        "settebello.view && settebello.view.waiting === 'human' && settebello.view.pass_to === null"
    )


def play_first_card(page, then_wait: bool = False) -> None:
    """Click the first legal play of the hand (and its capture choice, if asked) and wait until the
    engine has it; with ``then_wait``, also until it is the person's turn again."""
    human_to_play(page)
    before = page.evaluate("settebello.view.plays.length")
    play = page.evaluate("settebello.view.legal[0]")
    page.locator(f'#hand-cards [data-card="{play["card"]}"]').click()  # (in any language)
    if page.evaluate("c => settebello.view.legal.filter(p => p.card === c).length", play["card"]) > 1:
        page.locator(f'[data-play="{play["notation"]}"]').click()
    page.wait_for_function(f"settebello.view.plays.length > {before}")
    if then_wait:
        human_to_play(page)


def sheet_shown(page) -> bool:
    return page.locator("#sheet:not([hidden])").count() > 0


def skip_the_lesson_offer(page) -> None:
    """Skip the lesson's offer if the page shows it (a first visit's, made as the page says it is
    ready): the game behind it then goes on, the computers' plays too."""
    skip = page.locator("#lesson-offer [data-testid=lesson-skip]")
    if skip.count():
        skip.click()
        skip.wait_for(state="detached")


def reload_when_saved(page) -> None:
    """Reload once every save the page asked for is written (testhook.js: persist.js's
    savesSettled), as a person's reload a moment after their last action finds it."""
    page.evaluate("""() => { window.__saved = false;
        window.settebello.savesSettled().then(() => { window.__saved = true; }); }""")
    page.wait_for_function("window.__saved === true")
    page.reload()


def click_in_bar(page, selector: str) -> None:
    """Click a button of the bar as a person would: through More ▾ when the bar is folded (a phone,
    a short or narrow window, a larger text: barfold.js). The bar is folded for the window as it is
    first: after a resize the page's own fold waits for its resize event, and a fresh clone's CI run
    saw the bar fold under a click already waiting on a button of the full bar."""
    page.evaluate("window.settebelloBarFold?.()")
    if page.locator("#more-btn").is_visible() and not page.locator(selector).is_visible():
        page.click("#more-btn")
    page.click(selector)


def play_until_sheet(page, limit: int = 200, keys: bool = False) -> None:
    """Play the person's first playable card (and the first capture offered) until the hand's score
    sheet shows: by clicking, or with `keys` by focus and Enter (ten cards in a hand overlap, and a
    click may land on the next one)."""
    skip_the_lesson_offer(page)  # a computer that leads waits for the answer
    for _ in range(limit):
        # a card to play, or the sheet: never race the computers
        page.wait_for_function("document.querySelector('#sheet:not([hidden])')"
                               " || document.querySelector('#hand-cards button.card:not([aria-disabled=true])')")
        if sheet_shown(page):
            return
        card = page.locator("#hand-cards button.card:not([aria-disabled=true])").first
        code = card.get_attribute("data-card")
        if keys:
            card.focus()
            page.keyboard.press("Enter")
        else:
            card.click()
        choice = page.locator("#choices button[data-play]").first
        if choice.count():
            choice.click()
        # the play is under way once that card can no longer be played (or the hand is over)
        page.wait_for_function(
            "(c) => !document.querySelector(`#hand-cards button.card[data-card=${JSON.stringify(c)}]:not([aria-disabled=true])`)"
            " || document.querySelector('#sheet:not([hidden])')", arg=code)
    raise AssertionError("the hand did not finish")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve_dir(path: Path, probe: str = "/pyscript.toml"):
    """Serve path with ``python -m http.server`` (plain files, as a simple host would);
    ready when ``probe`` (a file that must be there) answers."""
    port = _free_port()
    # -u: its "Serving HTTP on ..." line (printed once it listens) is not held in a buffer
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        listening = threading.Event()
        threading.Thread(target=_watch_for_serving, args=(proc, listening), daemon=True).start()
        if not listening.wait(SERVER_START_S):
            raise AssertionError(f"python -m http.server did not start on {url}")
        urllib.request.urlopen(url + probe, timeout=SERVER_START_S).close()
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=SERVER_START_S)


SERVER_START_S = 60  # a busy machine takes a while to start Python


def _watch_for_serving(proc, listening: threading.Event) -> None:
    """Set `listening` at http.server's "Serving HTTP" line; then keep its pipe drained."""
    for line in proc.stdout:
        if line.startswith("Serving HTTP"):
            listening.set()


class Watch:
    """Requests, console errors and page errors of a context, checked against its hosts."""

    def __init__(self, context, url: str, *more_urls: str):
        self.netlocs = {urlsplit(u).netloc for u in (url, *more_urls)}
        context.set_default_timeout(TIMEOUT_MS)
        self.requests: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda req: self.requests.append(req.url))
        context.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        context.on("weberror", lambda err: self.errors.append(str(err.error)))
        # which URL a "Failed to load resource" console error was about
        context.on("response", lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status} {r.url}"))

    def problems(self) -> list[str]:
        foreign = [u for u in self.requests
                   if urlsplit(u).scheme in ("http", "https") and urlsplit(u).netloc not in self.netlocs]
        return [f"request to another host: {u}" for u in foreign] + [f"console: {e}" for e in self.errors]
