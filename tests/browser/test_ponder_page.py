"""Thinking on the person's time in the page (issue 26): while the person chooses, the worker
searches the master's replies (py/settebello/ponder.py, driven by static/bridge.py between the
page's requests); the reply to the person's play comes from that search, and the page's requests
are answered while it runs."""

from __future__ import annotations

import time

from harness import TIMEOUT_MS
from site_helpers import play_first_card

STATUS = "() => window.settebello.engine.call('game', {op: 'ponder_status'})"


def until(page, condition) -> dict:
    """The worker's thinking status, asked again and again until `condition` holds; fails after
    the harness's timeout."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        status = page.evaluate(STATUS)
        if condition(status):
            return status
    raise AssertionError(f"still not so after {TIMEOUT_MS} ms: {status}")


# From before the master's game is dealt, the page asks the worker's thinking status again and again
# (each answer kept), until a search is seen to its end: asked from a test step by step, a warm page
# could finish the whole search before the first question.
WATCH = """() => {
    window.__ponderSeen = [];
    window.__ponderWatch = true;
    (async () => {
        while (window.__ponderWatch) {
            const s = await window.settebello.engine.call('game', {op: 'ponder_status'});
            window.__ponderSeen.push(s);
            if (s.planned && s.ready === s.planned) break;
        }
    })();
}"""


def test_the_masters_reply_is_searched_while_the_person_thinks(table_page):
    page = table_page("fast=1&variant=scopa&level=random&seed=7")  # no master on the table: nothing searched
    page.evaluate(WATCH)
    try:
        page = table_page("fast=1&variant=scopa&level=master&seed=7")
        page.wait_for_function("window.settebello.view && window.settebello.view.waiting === 'human'"
                               " && !!document.querySelector('#hand-cards button.card:not([aria-disabled=true])')")
        page.wait_for_function("window.__ponderSeen.some((s) => s.planned && s.ready === s.planned)")
    finally:
        seen = page.evaluate("window.__ponderWatch = false, window.__ponderSeen")
    status = seen[-1]
    assert status["on"] is True and status["deals"] > 0
    # Requests are answered while the search runs: some answer finds it begun and not finished.
    assert any(s["planned"] and s["ready"] < s["planned"] for s in seen), seen[:3]
    # The person plays: the master's reply is the one searched on her time.
    play_first_card(page)
    status = until(page, lambda s: s["taken"] >= 1)
    assert status["last"] == "ready"
