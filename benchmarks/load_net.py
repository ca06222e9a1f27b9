#!/usr/bin/env python3
"""Load-time benchmark over an emulated network (issue 27; not a test).

``benchmarks/load.py`` measures on loopback with compression off: it cannot see the network,
where a first visit on a phone spends its time. This one serves the site **gzip-compressed as
GitHub Pages does** (``scripts/serve.py``'s ``--gzip``: text and wasm, not the zips nor the
already-gzipped snapshot) — the published site, as ``scripts/build.py --site`` makes it
(``--source``: the repo root instead) — and loads the game and the bare Pyodide page (benchmarks/bare.html:
the same Pyodide release as npm ships it) under network profiles emulated with the Chrome
DevTools Protocol (``Network.emulateNetworkConditions``), in one run:

- ``fast4g``: Chrome DevTools' "Fast 4G" preset (9 Mbit/s down x 0.9, 1.5 Mbit/s up x 0.9,
  60 ms x 2.75 = 165 ms latency), the phone network of the issue;
- ``broadband``: a home line, 100 Mbit/s down, 20 Mbit/s up, 20 ms latency;
- ``loopback`` (with ``--profiles``): no emulation.

For each profile and page, a **cold** load (a new browser profile) and a **warm** one (the same
profile reloaded; for the game once its first visit has finished filling the offline cache),
``--runs`` times, pages alternating, reported as medians:

- ``ready``: ms from navigation to ``<html data-engine="ready">`` (the game: a hand dealt and
  playable; bare: Python ran a line) — the time to playable;
- ``bytes``: what the server sent (compressed, headers included) until that moment, counted in
  the server with timestamps (the offline cache's download, which starts once the game is
  ready, is not part of it);
- ``first paint``: the Paint Timing API's ``first-paint``;
- for the game, how its worker booted Python (``snapshot`` restored or the ordinary boot, and
  why: static/js/pyodide-boot.mjs's ``settebelloBoot``).

``--busy N`` runs N CPU-bound processes beside the browser for the whole run (the first paint
target of issue 27 holds "with two CPU-bound processes running").

Targets checked (exit code 1 when one fails): on ``fast4g`` the game's cold time to playable
<= 1.0x the bare page's and its cold bytes <= 1.1x; the game's cold first paint < 300 ms on
loopback (on an emulated line the page itself arrives after two round trips, 330 ms on Fast 4G,
for the bare page too: there the table shows both, and the target is the busy machine's, with
``--profiles loopback --busy 2``); no request to another host.

Usage (after ``python3 scripts/build.py``):

    .venv/bin/python benchmarks/load_net.py                    # 3 runs, fast4g and broadband
    .venv/bin/python benchmarks/load_net.py --runs 5 --busy 2
    .venv/bin/python benchmarks/load_net.py --profiles fast4g,broadband,loopback --json out.json
    .venv/bin/python benchmarks/load_net.py --site /tmp/old  # another revision's build.py --site
"""

from __future__ import annotations

import argparse
import bisect
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


load = _load("_settebello_load", ROOT / "benchmarks" / "load.py")
prepare_site = load.prepare_site


MBIT = 1_000_000 / 8  # bytes per second
# Network.emulateNetworkConditions: latency in ms, throughputs in bytes per second
PROFILES = {
    "fast4g": {"latency": 60 * 2.75, "downloadThroughput": 9 * MBIT * 0.9, "uploadThroughput": 1.5 * MBIT * 0.9},
    "broadband": {"latency": 20, "downloadThroughput": 100 * MBIT, "uploadThroughput": 20 * MBIT},
    "loopback": None,
}
PAGES = {"game": "index.html", "bare": "benchmarks/bare.html"}
READY_RATIO_TARGET = 1.0  # fast4g, cold
BYTES_RATIO_TARGET = 1.1  # fast4g, cold
FIRST_PAINT_TARGET_MS = 300

BOOT_RECORD = "globalThis.settebelloBoot ?? null"


class TimedMeter:
    """Every write the server made (wall-clock time, bytes) and every request, since reset."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.writes: list[tuple[float, int]] = []
            self.requests: list[tuple[float, str]] = []

    def add_bytes(self, n):
        with self.lock:
            self.writes.append((time.time() * 1000, n))

    def add_request(self, code, path):
        with self.lock:
            self.requests.append((time.time() * 1000, path))

    def until(self, epoch_ms):
        with self.lock:
            writes = sorted(self.writes)
            requests = [p for t, p in self.requests if t <= epoch_ms]
        cut = bisect.bisect_right(writes, (epoch_ms, float("inf")))
        return sum(n for _, n in writes[:cut]), requests


def start_server(meter, root):
    """load.py's counting server, compressing as GitHub Pages does."""
    return load.start_server(meter, root, gzip=True)


def emulate(context, page, conditions):
    """Apply the profile to the page (its dedicated workers' requests go through the same
    frame's network conditions) and return the CDP session (kept open: closing it resets)."""
    if conditions is None:
        return None
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    return cdp


def boot_record(page):
    for worker in page.workers:
        try:
            record = worker.evaluate(BOOT_RECORD)
        except Exception:  # noqa: BLE001 - a worker gone or not ours
            continue
        if record is not None:
            return record
    return None


def measure(page, meter, action, timeout_ms):
    meter.reset()
    action()
    page.wait_for_function("window.__engineAt !== undefined", timeout=timeout_ms)
    if page.evaluate("window.__engineState") != "ready":
        raise SystemExit(f"{page.url}: engine error: "
                         + page.evaluate("document.documentElement.dataset.engineError || ''"))
    timing = page.evaluate(
        """() => {
            const paint = Object.fromEntries(
                performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
            return {first_paint: paint['first-paint'] ?? null, ready: window.__engineAt,
                    ready_epoch: performance.timeOrigin + window.__engineAt,
                    connection: navigator.connection ? {type: navigator.connection.effectiveType,
                        downlink: navigator.connection.downlink, rtt: navigator.connection.rtt} : null};
        }"""
    )
    sent, requests = meter.until(timing.pop("ready_epoch") + 1)
    return {**timing, "bytes": sent, "requests": len(requests), "paths": requests}


def run(runs, profiles, timeout_ms, busy, root):
    meter = TimedMeter()
    server, base = start_server(meter, root)
    netloc = urlsplit(base).netloc
    results = {p: {name: {"cold": [], "warm": []} for name in PAGES} for p in profiles}
    foreign = []
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    try:
        with sync_playwright() as pw:
            for i in range(runs):
                for profile in profiles:
                    order = list(PAGES) if i % 2 == 0 else list(reversed(PAGES))
                    for name in order:
                        folder = tempfile.mkdtemp(prefix="settebello-net-")
                        context = pw.chromium.launch_persistent_context(
                            folder, executable_path=load.CHROMIUM, args=load.CHROMIUM_ARGS)
                        requested = []
                        context.on("request", lambda r, requested=requested: requested.append(r.url))
                        context.add_init_script(load.READY_PROBE)
                        page = context.pages[0] if context.pages else context.new_page()
                        cdp = emulate(context, page, PROFILES[profile])
                        url = base + PAGES[name]
                        cold = measure(page, meter, lambda: page.goto(url), timeout_ms)
                        if name == "game":
                            cold["boot"] = boot_record(page)
                            # warm = a returning player: the first visit has filled the offline cache
                            page.wait_for_function(
                                "['ready', 'unsupported'].includes(document.documentElement.dataset.offline)",
                                timeout=timeout_ms * 4)
                        results[profile][name]["cold"].append(cold)
                        warm = measure(page, meter, lambda: page.reload(), timeout_ms)
                        if name == "game":
                            warm["boot"] = boot_record(page)
                        results[profile][name]["warm"].append(warm)
                        if cdp is not None:
                            cdp.detach()
                        context.close()
                        shutil.rmtree(folder, ignore_errors=True)
                        foreign += [u for u in requested if urlsplit(u).scheme in ("http", "https")
                                    and urlsplit(u).netloc != netloc]
                    print(f"  run {i + 1}/{runs}, {profile}: done", file=sys.stderr)
    finally:
        for p in burners:
            p.kill()
            p.wait()
        server.shutdown()
        server.server_close()
    return results, foreign


def median(values):
    return load.median(values)


def paired(a, b, key):
    return median([x[key] / y[key] for x, y in zip(a, b) if x[key] and y[key]])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3, help="loads of each page and profile (default 3)")
    parser.add_argument("--profiles", default="fast4g,broadband",
                        help=f"comma-separated, of {', '.join(PROFILES)} (default fast4g,broadband)")
    parser.add_argument("--busy", type=int, default=0, help="CPU-bound processes to run beside the browser")
    parser.add_argument("--timeout", type=int, default=120000, help="ms to wait for ready")
    parser.add_argument("--json", help="also write the raw samples to this file")
    parser.add_argument("--source", action="store_true",
                        help="serve the repo root (the sources, stylesheets linked) instead of the published site")
    parser.add_argument("--site", type=Path, metavar="DIR",
                        help="serve this published site instead (another revision's `scripts/build.py --site DIR`, "
                             "to compare it with this one's figures)")
    args = parser.parse_args(argv)
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    unknown = [p for p in profiles if p not in PROFILES]
    if unknown:
        raise SystemExit(f"unknown profile(s): {unknown}")
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("static/vendor/ is not built: run python3 scripts/build.py first")

    folder = Path(tempfile.mkdtemp(prefix="settebello-site-"))
    try:
        root = ROOT if args.source else prepare_site(folder, args.site)
        results, foreign = run(args.runs, profiles, args.timeout, args.busy, root)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    print(f"\nMedian of {args.runs} runs (ms after navigation; bytes sent, gzip as GitHub Pages; "
          f"{args.busy} CPU-bound processes beside the browser)")
    print(f"{'profile':<10} {'load':<5} {'page':<5} {'first paint':>11} {'ready':>8} {'bytes':>12} "
          f"{'requests':>8}  boot")
    checks = []
    for profile in profiles:
        for kind in ("cold", "warm"):
            for name in PAGES:
                samples = results[profile][name][kind]
                boots = sorted({(s.get("boot") or {}).get("reason", "-") for s in samples}) if name == "game" else []
                print(f"{profile:<10} {kind:<5} {name:<5} {median([s['first_paint'] for s in samples]):>11.0f} "
                      f"{median([s['ready'] for s in samples]):>8.0f} {median([s['bytes'] for s in samples]):>12,.0f} "
                      f"{median([s['requests'] for s in samples]):>8.0f}  {'; '.join(boots)}")
            game, bare = results[profile]["game"][kind], results[profile]["bare"][kind]
            print(f"{'':<10} {kind:<5} game/bare: ready {paired(game, bare, 'ready'):.2f}x "
                  f"(ratio of medians {median([s['ready'] for s in game]) / median([s['ready'] for s in bare]):.2f}x), "
                  f"bytes {paired(game, bare, 'bytes'):.2f}x")
        conn = results[profile]["game"]["cold"][0].get("connection")
        print(f"{'':<10} navigator.connection in the page: {conn}")
        game, bare = results[profile]["game"]["cold"], results[profile]["bare"]["cold"]
        fp = median([s["first_paint"] for s in game])
        if PROFILES[profile] is None:  # an emulated line's round trips come before any paint
            checks.append((f"{profile}: game first paint (cold) < {FIRST_PAINT_TARGET_MS} ms",
                           fp < FIRST_PAINT_TARGET_MS, f"{fp:.0f} ms"))
        if profile == "fast4g":
            ratio = paired(game, bare, "ready")
            checks.append((f"fast4g: game ready (cold) <= {READY_RATIO_TARGET}x bare", ratio <= READY_RATIO_TARGET,
                           f"{ratio:.2f}x (median of the runs' own ratios)"))
            ratio = paired(game, bare, "bytes")
            checks.append((f"fast4g: game bytes (cold) <= {BYTES_RATIO_TARGET}x bare", ratio <= BYTES_RATIO_TARGET,
                           f"{ratio:.2f}x"))
    checks.append(("no request to another host", not foreign, ", ".join(foreign) or "none"))
    print("\nTargets")
    for label, ok, detail in checks:
        print(f"  [{'PASS' if ok else 'FAIL'}] {label}: {detail}")
    if args.json:
        Path(args.json).write_text(json.dumps({"samples": results, "checks": checks}, indent=2))
    return 0 if all(ok for _, ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
