"""The computer's reply time in the real page, with and without thinking on the person's time (issue 26).

Opens the site in Debian's Chromium (as benchmarks/ai_speed_browser.py does) and, from the page's
main thread, plays the person's side of a match against LEVEL through the page's own engine calls
(the session of static/bridge.py, the very requests table.js makes): at each of the person's
turns it waits THINK_MS (a person choosing: the worker is free to think on the person's time),
plays a legal play drawn from a seeded generator, and times from sending the play until the
computer's reply (`computer_step`) is back: what the table waits for between the person's card
and the computer's card, animations excluded. Done twice: thinking on (the shipped page) and off
(`ponder_set false`), the same seeds, so the same plays. Prints one JSON object: the reply
medians, how many replies were taken from the search on the person's time (ready, or finished on
the computer's turn), and the main thread's frames while the person thinks (requestAnimationFrame:
the table's 60 fps while the worker searches).

Usage: .venv/bin/python benchmarks/ponder_speed_browser.py [VARIANT] [PLAYS] [THINK_MS] [LEVEL] [SEED]
e.g.   .venv/bin/python benchmarks/ponder_speed_browser.py scopa 40 2500 master 1
Needs static/vendor/ built from the current py/ (python3 scripts/build.py).
"""

from __future__ import annotations

import json
import sys
import time

from playwright.sync_api import sync_playwright

from ai_speed_browser import ARGS, CHROMIUM, _chromium_version, _serve, _stats

# Runs in the page: the person's side of matches against `level`, each reply timed.
PLAY = """async ([variant, plays, thinkMs, level, seed, ponder]) => {
  const engine = window.settebello.engine;
  const game = (op, arg) => engine.call("game", arg === undefined ? {op} : {op, arg});
  // The person's thinking time, the main thread's frames counted meanwhile (the worker thinks).
  const frames = [];
  const sleep = (ms) => new Promise((resolve) => {
    const end = performance.now() + ms;
    let last = null;
    const tick = (t) => {
      if (last !== null) frames.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(tick); else resolve();
    };
    requestAnimationFrame(tick);
  });
  let x = seed >>> 0 || 1;
  const rand = (n) => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 8) % n; };
  await game("ponder_set", ponder);
  let match = 0;
  const start = async () => game("new_game", {variant, seed: seed * 100 + match++,
    seats: [{human: true, name: "Anna"}, {human: false, level}]});
  let v = await start();
  const replies = [];
  let ready = 0, whole = 0;
  while (replies.length < plays) {
    if (v.phase === "over") { v = await start(); continue; }
    if (v.phase === "deal") { v = await game("next_hand"); continue; }
    if (v.waiting !== "human") { v = (await game("computer_step")).view; continue; }
    await sleep(thinkMs);
    const before = (await game("ponder_status")).taken;
    const t0 = performance.now();
    const r = await game("play", v.legal[rand(v.legal.length)].notation);
    v = r.view;
    if (v.phase !== "play" || v.waiting === "human") continue;  // the hand ended: no reply to time
    const s = await game("computer_step");
    replies.push(performance.now() - t0);
    v = s.view;
    const after = await game("ponder_status");
    if (after.taken > before) { ready += 1; if (after.last === "ready") whole += 1; }
  }
  return {replies, ready, whole, frames};
}"""


def measure(variant: str = "scopa", plays: int = 40, think_ms: int = 2500, level: str = "master",
            seed: int = 1) -> dict:
    """The reply times over `plays` of the person's plays, thinking on and off."""
    server, url = _serve()
    out = {"variant": variant, "level": level, "plays": plays, "think_ms": think_ms, "seed": seed,
           "browser": "Chromium (Debian) " + _chromium_version()}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url + "/?fast=1")
            page.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.engine)",
                                   timeout=180_000)
            if page.evaluate("document.documentElement.dataset.engine") != "ready":
                raise SystemExit("the page's engine failed to start")
            page.set_default_timeout(0)
            for ponder in (True, False):
                t0 = time.perf_counter()
                got = page.evaluate(PLAY, [variant, plays, think_ms, level, seed, ponder])
                out["pondering" if ponder else "no_pondering"] = {
                    "reply_ms": _stats(got["replies"]), "taken_from_pondering": got["ready"],
                    "searched_to_the_end_before_the_play": got["whole"],
                    "frame_ms_while_thinking": _stats(got["frames"]),
                    "fps_while_thinking": round(1000 * len(got["frames"]) / max(1.0, sum(got["frames"])), 1),
                    "wall_s": round(time.perf_counter() - t0, 1)}
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


if __name__ == "__main__":
    a = sys.argv[1:]
    print(json.dumps(measure(a[0] if a else "scopa", int(a[1]) if len(a) > 1 else 40,
                             int(a[2]) if len(a) > 2 else 2500, a[3] if len(a) > 3 else "master",
                             int(a[4]) if len(a) > 4 else 1)))
