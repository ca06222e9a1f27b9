"""Milliseconds per move of a computer level in the game's Pyodide worker runtime, in Chromium.

Serves the repository root locally (scripts/serve.py), opens benchmarks/ai_bench.html in Debian's
Chromium with Playwright — the game's runtime (PyScript worker, pyscript.toml, the snapshot and
py.zip) running benchmarks/ai_bench_worker.py instead of the page's bridge, which exports nothing
for benchmarks since issue 42 — waits until its engine answers (the cold worker's boot is not
timed), then drives its `ai_bench`: a computer-only match. Every move of LEVEL (against OPPONENT) is timed twice: inside
the worker around `choose` (`python_ms`), and from the page's main thread around the whole
`engine.call` (`round_trip_ms`: what the table waits for). The first hand is a warm-up and is
not counted. Prints one JSON object.

Usage: .venv/bin/python benchmarks/ai_speed_browser.py [VARIANT] [MATCHES] [LEVEL] [OPPONENT]
e.g.   .venv/bin/python benchmarks/ai_speed_browser.py scopa 2 master expert
Needs static/vendor/ built from the current py/ (python3 scripts/build.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
ARGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]

# Runs in the page: one ai_bench match, every play timed from the main thread too.
PLAY_MATCH = """async ([variant, levels, seed, level]) => {
  const engine = window.settebello.engine;
  await engine.call("ai_bench", {op: "start", variant, levels, seed});
  const moves = [];
  let hands = 0;
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    const r = await engine.call("ai_bench", {op: "step"});
    const rt = performance.now() - t0;
    if (r.seat === null) break;
    if (r.level === level) moves.push({python_ms: r.ms, round_trip_ms: rt, hand: hands});
    if (r.phase !== "play") { hands += 1; if (r.phase === "over") break; }
  }
  return {moves, hands};
}"""


def _serve():
    spec = importlib.util.spec_from_file_location("_settebello_serve_bench", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.start_in_thread(ROOT, "127.0.0.1", 0, quiet=True)


def _stats(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"median": round(statistics.median(xs), 1), "p95": round(xs[min(len(xs) - 1, int(0.95 * len(xs)))], 1),
            "max": round(xs[-1], 1), "moves": len(xs)}


def measure(variant: str = "scopa", matches: int = 2, level: str = "master", opponent: str = "expert") -> dict:
    """Time every move of `level` over `matches` matches against `opponent` in the worker."""
    server, url = _serve()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            t0 = time.perf_counter()
            page.goto(url + "/benchmarks/ai_bench.html")
            page.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.engine)",
                                   timeout=180_000)
            if page.evaluate("document.documentElement.dataset.engine") != "ready":
                raise SystemExit("the benchmark page's worker failed to start: "
                                 + page.evaluate("document.documentElement.dataset.engineError || ''"))
            boot_s = time.perf_counter() - t0
            info = page.evaluate("window.settebello.engine.call('ping')")
            moves = []
            for i in range(matches):
                # Sides swap between matches; seat s is played by levels[s % 2] (pairs: a side each).
                levels = [level, opponent] if i % 2 == 0 else [opponent, level]
                got = page.evaluate(PLAY_MATCH, [variant, levels, 1000 + i, level])
                moves += [m for m in got["moves"] if not (i == 0 and m["hand"] == 0)]  # warm-up hand
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {
        "variant": variant, "level": level, "opponent": opponent, "matches": matches,
        "browser": "Chromium (Debian) " + _chromium_version(), "pyodide_python": info.get("python"),
        "boot_s": round(boot_s, 1),
        "python_ms": _stats([m["python_ms"] for m in moves]),
        "round_trip_ms": _stats([m["round_trip_ms"] for m in moves]),
    }


def _chromium_version() -> str:
    import subprocess
    try:
        return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except Exception:  # noqa: BLE001 - the version is only a label
        return "?"


if __name__ == "__main__":
    a = sys.argv[1:]
    print(json.dumps(measure(a[0] if a else "scopa", int(a[1]) if len(a) > 1 else 2,
                             a[2] if len(a) > 2 else "master", a[3] if len(a) > 3 else "expert")))
