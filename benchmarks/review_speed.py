"""How soon a hand's review (issue 28) is on screen after its score sheet, in the real page, in Chromium.

Serves the repository root locally (scripts/serve.py), opens the game in Debian's Chromium with
Playwright at the normal pace (no `fast=1`: the person's plays are judged in the worker while the
cards move and the computers think, static/js/table.js `judgeAhead`), plays the person's cards
(the first playable card, the first capture offered) against the computer and, the moment the
sheet shows, clicks "Review the hand" from inside the page (a MutationObserver: no round trip
through Playwright). Per hand it prints the time from the sheet shown to the review drawn
(`sheet_to_review_ms`), and what the same review costs asked with nothing judged ahead (`fast=1`,
`cold_ms`: every position of the hand judged on the click). Then the CPU time of judging one
hand in CPython (`scopa_ai.review`), and the machine's load, since the page shares two cores.

Usage: .venv/bin/python benchmarks/review_speed.py [HANDS] [LEVEL] [SEED]
e.g.   .venv/bin/python benchmarks/review_speed.py 3 expert 2
Needs static/vendor/ built (serve.py rebuilds py.zip itself when py/ changed).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
WAIT_MS = 600_000

# In the page: when the sheet shows, note the time and click Review at once; note when it is drawn.
WATCH = """() => {
  window.__review = [];
  const sheet = document.getElementById("sheet");
  new MutationObserver(() => {
    if (sheet.hidden) return;
    const btn = sheet.querySelector(".review__toggle");
    if (!btn || btn.dataset.timed) return;
    btn.dataset.timed = "1";
    const entry = { shown: performance.now(), drawn: null };
    window.__review.push(entry);
    btn.click();
    const done = () => {
      if (sheet.querySelector(".review[data-ready]")) { entry.drawn = performance.now(); return true; }
      return false;
    };
    if (!done()) {
      const o = new MutationObserver(() => { if (done()) o.disconnect(); });
      o.observe(sheet, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
    }
  }).observe(sheet, { attributes: true, attributeFilter: ["hidden"] });
}"""


def _serve():
    spec = importlib.util.spec_from_file_location("_settebello_serve_bench", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.start_in_thread(ROOT, "127.0.0.1", 0, quiet=True)


def _play_hand(page) -> None:
    """The person's first playable card (and first capture offered) until the sheet shows."""
    for _ in range(200):
        page.wait_for_function("document.querySelector('#sheet:not([hidden])')"
                               " || document.querySelector('#hand-cards button.card:not([disabled])')", timeout=WAIT_MS)
        if page.locator("#sheet:not([hidden])").count():
            return
        card = page.locator("#hand-cards button.card:not([disabled])").first
        code = card.get_attribute("data-card")
        card.focus()
        page.keyboard.press("Enter")
        choice = page.locator("#choices button[data-play]").first
        if choice.count():
            choice.click()
        page.wait_for_function(
            "(c) => !document.querySelector(`#hand-cards button.card[data-card=${JSON.stringify(c)}]:not([disabled])`)",
            arg=code, timeout=WAIT_MS)
    raise AssertionError("the hand did not end")


def browser_figures(url: str, hands: int, level: str, seed: int, fast: bool) -> list[float]:
    """Per hand, ms from the sheet shown to its review drawn (Review clicked the moment it shows)."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(f"{url}/?variant=scopa&seed={seed}&level={level}&lang=en" + ("&fast=1" if fast else ""))
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=WAIT_MS)
        page.evaluate(WATCH)
        out = []
        for hand in range(hands):
            _play_hand(page)
            page.wait_for_function("window.__review.length > %d && window.__review[%d].drawn !== null" % (hand, hand),
                                   timeout=WAIT_MS)
            entry = page.evaluate("window.__review[%d]" % hand)
            out.append(round(entry["drawn"] - entry["shown"], 1))
            if page.locator("#sheet #next").count() == 0:
                break
            page.click("#sheet #next")
            page.locator("#sheet").wait_for(state="hidden", timeout=WAIT_MS)
        browser.close()
    return out


def cpython_figures(hands: int, level: str, seed: int) -> list[float]:
    """CPU ms to judge every play of the person in a hand (scopa_ai.review, nothing kept)."""
    from scopa.record import to_record
    from scopa.rules import rules_for
    from scopa.state import Match
    from scopa_ai import make_player
    from scopa_ai.review import review
    out = []
    for h in range(hands):
        m = Match.new(rules_for("scopa"), random.Random(seed + h), ["You", "Bruno"])
        m.deal_until_played()
        person, computer = make_player("easy", random.Random(h)), make_player(level, random.Random(seed))
        while m.phase == "play":
            m.play(str((person if m.turn == 0 else computer).choose(m.observe(m.turn))))
        record = to_record(m)
        t0 = time.process_time()
        review(record, len(m.log), 0)
        out.append(round((time.process_time() - t0) * 1000, 1))
    return out


def main(hands: int = 3, level: str = "expert", seed: int = 2) -> dict:
    server, url = _serve()
    load_before = os.getloadavg()
    try:
        ahead = browser_figures(url, hands, level, seed, fast=False)
        cold = browser_figures(url, 1, level, seed, fast=True)
    finally:
        server.shutdown()
        server.server_close()
    return {
        "hands": len(ahead), "level": level, "seed": seed,
        "sheet_to_review_ms": ahead, "sheet_to_review_median_ms": round(statistics.median(ahead), 1),
        "cold_ms (fast=1, nothing judged ahead)": cold,
        "cpython_hand_cpu_ms": cpython_figures(hands, level, seed),
        "loadavg_before": [round(x, 1) for x in load_before], "loadavg_after": [round(x, 1) for x in os.getloadavg()],
        "cores": os.cpu_count(),
    }


if __name__ == "__main__":
    a = sys.argv[1:]
    print(json.dumps(main(int(a[0]) if a else 3, a[1] if len(a) > 1 else "expert", int(a[2]) if len(a) > 2 else 2)))
