#!/usr/bin/env python3
"""Load-time benchmark of the game page against the floor of its runtime (not a test).

What it measures, in one run and one browser (Debian's Chromium, headless, as the tests):

- ``game``: index.html, which boots PyScript + Pyodide in the "engine" worker and marks
  ``<html data-engine="ready">`` once the engine answered (see static/js/engine.js);
- ``bare``: benchmarks/bare.html, which only boots the same Pyodide release (stock, node_modules/pyodide/) in a plain
  module worker and marks the same attribute: the floor of this runtime.

For each page, a **cold** load (a new browser profile: empty disk cache) and then a
**warm** load (the same profile, page reloaded: what a returning player gets, with the
runtime and V8's compiled wasm in the disk cache), repeated ``--runs`` times (alternating
the pages) and reported as medians:

- ``first paint``: the ``first-paint`` entry of the Paint Timing API, ms after navigation;
- ``ready``: when ``data-engine`` became ``ready`` (a MutationObserver added before any
  page script), ms after navigation: the time to "ready to play";
- ``bytes``: what the server actually sent (status line + headers + bodies, counted in the
  server), and how many requests reached it. A warm load sends only the revalidations
  (304) of no-cache files; the vendored runtime comes from the browser cache.

It then checks the targets of issue 3: first paint < 300 ms; game ready <= 1.15x bare
ready (cold and warm); every file in static/vendor/ requested by the cold game load
(nothing shipped that the page never uses). Exit code 0 when all hold, 1 otherwise.

Usage (after scripts/test or scripts/serve built static/vendor/):

    .venv/bin/python benchmarks/load.py            # 7 runs of each
    .venv/bin/python benchmarks/load.py --runs 9 --json results.json
    .venv/bin/python benchmarks/load.py --block-sw  # diagnostic: without the offline service worker
    .venv/bin/python benchmarks/load.py --seam      # diagnostic: also benchmarks/seam.html
    .venv/bin/python benchmarks/load.py --no-snapshot  # diagnostic: also the game booting
                                                       # without its memory snapshot

``--seam`` adds a third page to every run, ``seam``: benchmarks/seam.html, index.html's runtime
seam alone (the same PyScript worker, pyscript.toml, bridge.py and first ping, no table). It is
not a target; it splits the game's distance from the bare boot into the part the issue's seam
costs (PyScript's worker start-up) and the part that is the game's own.

Reading the figures: ``loadPyodide`` dominates the bare page (~2 s idle; mostly Python's
start-up in the instance, the wasm compile is ~0.2-0.35 s of it). The game skips that
start-up: its worker restores Python from a memory snapshot (static/js/pyodide-boot.mjs,
static/vendor/pyodide/snapshot.bin.gz, 6.7 MB more on a cold load), ~0.7 s instead of ~2 s.
Both move with whatever else the 2 cores are doing (other tests, servers), by a second or
more between loads; compare the pages only within one run, and prefer more runs on a busy
machine. What the game does on top of the Pyodide boot, measured on a cold load here: ~150-200 ms before
``loadPyodide`` is called (core.js -> its chunks -> pyscript.toml -> worker -> pyscript.toml
again -> pyodide.mjs, and PyScript's IndexedDB package cache), then after it: fetching and
unpacking py.zip (~35 ms), PyScript's bootstrap and ``import pyscript`` in the worker
(~75-100 ms), ``import scopa`` (~20-30 ms, reported by ping as scopa.import_ms), the first
ping, and the game's first calls and drawing (see benchmarks/load_results.md).

The server is scripts/serve.py's, in a thread on a free loopback port, with the same
cache headers as scripts/serve (runtime: max-age=3600; app files: no-cache). It serves the
**published site** (``scripts/build.py --site`` into a temporary folder: index.html with its
stylesheets inline), plus the benchmark pages and the stock Pyodide of the bare page;
``--source`` serves the repo root instead (the stylesheets linked: on a busy machine the cold
first paint waits for those requests, 1204 ms against 324 ms inlined in one measurement).
Compression is off (GitHub Pages gzips, so real transfers are smaller; times here are loopback
times; benchmarks/load_net.py measures over emulated networks with gzip).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/lib/chromium/chromium"
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PAGES = {"game": "index.html", "bare": "benchmarks/bare.html"}
SEAM_PAGE = "benchmarks/seam.html"  # --seam: the PyScript seam alone (diagnostic)
# --no-snapshot: index.html again, its memory snapshot answered 404, so the worker boots Python
# the ordinary way (static/js/pyodide-boot.mjs's fallback): the snapshot's own effect on a cold
# load (diagnostic, cold only: Playwright's routing disables the browser's cache)
PLAIN_PAGE = "index.html"
SNAPSHOT_GLOB = "**/static/vendor/pyodide/snapshot.bin.gz"
FIRST_PAINT_TARGET_MS = 300
READY_RATIO_TARGET = 1.15

# Runs before any script of the page: note when data-engine becomes "ready".
READY_PROBE = """
(() => {
  const note = () => {
    const state = document.documentElement.dataset.engine;
    if ((state === 'ready' || state === 'error') && window.__engineAt === undefined) {
      window.__engineAt = performance.now();
      window.__engineState = state;
    }
  };
  new MutationObserver(note).observe(document, {
    attributes: true, subtree: true, attributeFilter: ['data-engine'],
  });
})();
"""


def _load_serve():
    spec = importlib.util.spec_from_file_location("_settebello_serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _load_serve()
build = serve._build  # scripts/build.py, as the server loaded it
# the stock Pyodide the bare page boots (benchmarks/bare-worker.mjs imports it from node_modules/)
STOCK_PYODIDE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]


def prepare_site(folder: Path, published: Path | None = None) -> Path:
    """The published site (scripts/build.py --site: what GitHub Pages serves, the stylesheets
    inlined into index.html), or a copy of `published` (one made by another revision's build, to
    compare with), plus the benchmark pages and the stock Pyodide the bare page boots."""
    site = folder / "site"
    if published is None:
        build.assemble_site(site)
    else:
        shutil.copytree(published, site)
    (site / "benchmarks").mkdir(exist_ok=True)
    for name in ("bare.html", "bare-worker.mjs", "seam.html"):
        shutil.copy2(ROOT / "benchmarks" / name, site / "benchmarks" / name)
    stock = site / "node_modules" / "pyodide"
    stock.mkdir(parents=True, exist_ok=True)
    for name in STOCK_PYODIDE:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, stock / name)
    return site


class Meter:
    """Bytes and requests the server sent, since the last reset."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with getattr(self, "lock", threading.Lock()):
            self.bytes = 0
            self.requests = 0
            self.statuses: dict[int, int] = {}

    def add_bytes(self, n):
        with self.lock:
            self.bytes += n

    def add_request(self, code, path=None):
        with self.lock:
            self.requests += 1
            self.statuses[code] = self.statuses.get(code, 0) + 1


class _CountingWriter:
    def __init__(self, raw, meter):
        self._raw, self._meter = raw, meter

    def write(self, data):
        self._meter.add_bytes(len(data))
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class _QuietServer(serve.Server):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):
            super().handle_error(request, client_address)  # a dropped download is no error


def start_server(meter, root=ROOT, gzip=False):
    """scripts/serve.py's server on a free port, telling `meter` each response (`add_request(code,
    path)`) and the bytes it writes (`add_bytes`); with `gzip`, compressing as GitHub Pages does."""
    class Counting(serve.Handler):
        quiet = True

        def setup(self):
            super().setup()
            self.wfile = _CountingWriter(self.wfile, meter)

        def send_response(self, code, message=None):
            meter.add_request(code, self.path)
            super().send_response(code, message)

    Counting.gzip = gzip
    server = _QuietServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def measure(page, meter, action, timeout_ms):
    meter.reset()
    action()
    page.wait_for_function("window.__engineAt !== undefined", timeout=timeout_ms)
    state = page.evaluate("window.__engineState")
    if state != "ready":
        raise SystemExit(f"{page.url}: engine error: "
                         + page.evaluate("document.documentElement.dataset.engineError || ''"))
    timing = page.evaluate(
        """() => {
            const paint = Object.fromEntries(
                performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
            return {first_paint: paint['first-paint'] ?? null,
                    first_contentful_paint: paint['first-contentful-paint'] ?? null,
                    ready: window.__engineAt};
        }"""
    )
    # let late requests (none expected) land before counting
    page.wait_for_timeout(100)
    return {**timing, "bytes": meter.bytes, "requests": meter.requests,
            "statuses": dict(meter.statuses)}


def run(runs: int, timeout_ms: int, block_sw: bool = False, pages: dict | None = None, root: Path = ROOT):
    pages = pages or PAGES
    meter = Meter()
    server, base = start_server(meter, root)
    results = {name: {"cold": [], "warm": []} for name in pages}
    cold_paths: set[str] = set()
    foreign: list[str] = []
    netloc = urlsplit(base).netloc
    try:
        with sync_playwright() as p:
            for i in range(runs):
                order = list(pages) if i % 2 == 0 else list(reversed(pages))
                for name in order:
                    # A browser profile of its own (empty disk cache) for each cold load.
                    # Not browser.new_context(): its in-memory cache never keeps the 9.6 MB
                    # pyodide.asm.wasm, so "warm" loads would download it again.
                    profile = tempfile.mkdtemp(prefix="settebello-bench-")
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                        # plain: no offline cache (its install would fail on the 404)
                        service_workers="block" if block_sw or name == "plain" else "allow")
                    if name == "plain":
                        context.route(SNAPSHOT_GLOB, lambda route: route.fulfill(status=404, body=""))
                    requested = []
                    context.on("request", lambda r, requested=requested: requested.append(r.url))
                    context.add_init_script(READY_PROBE)
                    page = context.pages[0] if context.pages else context.new_page()
                    url = base + pages[name]
                    results[name]["cold"].append(
                        measure(page, meter, lambda: page.goto(url), timeout_ms))
                    if name == "game":
                        cold_paths.update(urlsplit(u).path for u in requested)
                    if name == "game" and not block_sw:
                        # warm = a returning player: the first visit has finished caching the
                        # site for offline play (static/js/offline.js starts that once the engine
                        # is ready; reloading in the middle would measure the two at once)
                        page.wait_for_function(
                            "['ready', 'unsupported'].includes(document.documentElement.dataset.offline)",
                            timeout=timeout_ms)
                    if name != "plain":  # routing disables the browser's cache: no warm load
                        results[name]["warm"].append(
                            measure(page, meter, lambda: page.reload(), timeout_ms))
                    for u in requested:
                        parts = urlsplit(u)
                        if parts.scheme in ("http", "https") and parts.netloc != netloc:
                            foreign.append(u)
                    context.close()
                    shutil.rmtree(profile, ignore_errors=True)
                print(f"  run {i + 1}/{runs} done", file=sys.stderr)
    finally:
        server.shutdown()
        server.server_close()
    return results, cold_paths, foreign


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def summarise(results):
    out = {}
    for name, loads in results.items():
        for kind, samples in loads.items():
            if not samples:
                continue
            out[(name, kind)] = {
                "first_paint": median([s["first_paint"] for s in samples]),
                "first_contentful_paint": median([s["first_contentful_paint"] for s in samples]),
                "ready": median([s["ready"] for s in samples]),
                "ready_min": min(s["ready"] for s in samples),
                "ready_max": max(s["ready"] for s in samples),
                "bytes": median([s["bytes"] for s in samples]),
                "requests": median([s["requests"] for s in samples]),
            }
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=7, help="loads of each page (default 7)")
    parser.add_argument("--timeout", type=int, default=60000, help="ms to wait for ready")
    parser.add_argument("--json", help="also write the raw samples and medians to this file")
    parser.add_argument("--block-sw", action="store_true",
                        help="diagnostic: no service worker (sw.js), to see what the offline cache costs")
    parser.add_argument("--seam", action="store_true",
                        help=f"diagnostic: also load {SEAM_PAGE}, the PyScript seam without the game")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="diagnostic: also load the game with its Pyodide memory snapshot "
                             "answered 404 (the ordinary boot), page 'plain'")
    parser.add_argument("--source", action="store_true",
                        help="serve the repo root (the sources: stylesheets linked, not inlined) "
                             "instead of the published site")
    args = parser.parse_args(argv)

    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("static/vendor/ is not built: run scripts/test or scripts/serve first")

    pages = {**PAGES, "seam": SEAM_PAGE} if args.seam else dict(PAGES)
    if args.no_snapshot:
        pages["plain"] = PLAIN_PAGE
    folder = Path(tempfile.mkdtemp(prefix="settebello-site-"))
    try:
        root = ROOT if args.source else prepare_site(folder)
        results, cold_paths, foreign = run(args.runs, args.timeout, args.block_sw, pages, root)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    summary = summarise(results)

    print(f"\nLoad times, median of {args.runs} (ms after navigation start; bytes sent by the server)")
    print(f"{'page':<6} {'load':<5} {'first paint':>12} {'FCP':>7} {'ready':>8} "
          f"{'(min-max)':>13} {'bytes':>12} {'requests':>9}")
    for (name, kind), s in summary.items():
        print(f"{name:<6} {kind:<5} {s['first_paint']:>12.0f} {s['first_contentful_paint']:>7.0f} "
              f"{s['ready']:>8.0f} {s['ready_min']:>6.0f}-{s['ready_max']:<6.0f} "
              f"{s['bytes']:>12,.0f} {s['requests']:>9.0f}")

    shipped = {"/" + p.relative_to(ROOT).as_posix()
               for p in (ROOT / "static" / "vendor").rglob("*")
               if p.is_file() and p.name != "BUILD.json"}
    unused = sorted(shipped - cold_paths)
    checks = []
    for kind in ("cold", "warm"):
        fp = summary[("game", kind)]["first_paint"]
        checks.append((f"game first paint ({kind}) < {FIRST_PAINT_TARGET_MS} ms",
                       fp < FIRST_PAINT_TARGET_MS, f"{fp:.0f} ms"))
        ratio = summary[("game", kind)]["ready"] / summary[("bare", kind)]["ready"]
        best = summary[("game", kind)]["ready_min"] / summary[("bare", kind)]["ready_min"]
        # each run loads the two pages back to back: their ratio cancels the machine's drift
        paired = median([g["ready"] / b["ready"]
                         for g, b in zip(results["game"][kind], results["bare"][kind])])
        checks.append((f"game ready ({kind}) <= {READY_RATIO_TARGET}x bare ready",
                       ratio <= READY_RATIO_TARGET,
                       f"{ratio:.2f}x of the medians ({best:.2f}x of the fastest loads, "
                       f"{paired:.2f}x the median of the runs' own ratios)"))
    checks.append(("every vendored file requested by the game", not unused,
                   ", ".join(unused) or "all used"))
    checks.append(("no request to another host", not foreign, ", ".join(foreign) or "none"))

    if args.seam:
        print("\nThe seam alone (diagnostic, not a target): median of the runs' own ratios")
        for kind in ("cold", "warm"):
            def paired(a, b):
                return median([x["ready"] / y["ready"] for x, y in zip(results[a][kind], results[b][kind])])
            print(f"  {kind}: seam {paired('seam', 'bare'):.2f}x bare; game {paired('game', 'bare'):.2f}x bare, "
                  f"{paired('game', 'seam'):.2f}x seam")

    if args.no_snapshot:
        print("\nThe snapshot's effect (diagnostic): median of the runs' own ratios, game / plain")
        for kind in ("cold",):
            def paired_of(key):
                return median([x[key] / y[key] for x, y in zip(results["game"][kind], results["plain"][kind])
                               if x[key] and y[key]])
            print(f"  {kind}: ready {paired_of('ready'):.2f}x, first paint {paired_of('first_paint'):.2f}x; "
                  f"plain {median([p['ready'] / b['ready'] for p, b in zip(results['plain'][kind], results['bare'][kind])]):.2f}x bare")

    print("\nTargets")
    for label, ok, detail in checks:
        print(f"  [{'PASS' if ok else 'FAIL'}] {label}: {detail}")

    if args.json:
        Path(args.json).write_text(json.dumps({
            "samples": results,
            "medians": {f"{n}/{k}": v for (n, k), v in summary.items()},
            "checks": [{"check": c, "ok": ok, "detail": d} for c, ok, d in checks],
        }, indent=2))
    return 0 if all(ok for _, ok, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
