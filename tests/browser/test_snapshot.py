"""The engine worker boots Python from the memory snapshot (static/vendor/pyodide/snapshot.bin.gz,
made by scripts/build.py; static/js/pyodide-boot.mjs restores it), and boots the ordinary way,
with no error shown, when the snapshot is missing or does not restore.

How each test knows which way Python started: bridge.py's ping reports ``snapshot``, true only
when Python's memory holds the module scripts/snapshot.mjs leaves in it; the worker's
``settebelloBoot`` says why a snapshot was not used. (The network_log fixture fails any test
here on a console error: the fallback must be silent.)"""

from __future__ import annotations

import gzip
from urllib.parse import urlsplit

from site_helpers import ROOT, play_until_sheet, wait_ready

SNAPSHOT = ROOT / "static" / "vendor" / "pyodide" / "snapshot.bin.gz"
GAME = "?fast=1&variant=scopa&seed=3&level=random"
PING = "import('./static/js/engine.js').then(m => m.connectEngine()).then(e => e.call('ping'))"


def _boot_record(page) -> dict:
    """The engine worker's globalThis.settebelloBoot (set by static/js/pyodide-boot.mjs)."""
    for worker in page.workers:
        record = worker.evaluate("globalThis.settebelloBoot ?? null")
        if record is not None:
            return record
    raise AssertionError(f"no worker has settebelloBoot: {[w.url for w in page.workers]}")


def test_engine_boots_from_the_snapshot_and_a_hand_plays(page, base_url, network_log):
    assert SNAPSHOT.is_file(), "static/vendor/pyodide/snapshot.bin.gz is not built: python3 scripts/build.py"
    page.goto(base_url + GAME)
    wait_ready(page)
    ping = page.evaluate(PING)
    assert ping["snapshot"] is True
    assert ping["scopa"]["imported"] is True  # the game's code came from py.zip, after the restore
    record = _boot_record(page)
    assert record["snapshot"] is True and record["reason"] == "restored", record
    assert "/static/vendor/pyodide/snapshot.bin.gz" in {urlsplit(u).path for u in network_log.urls()}
    play_until_sheet(page)  # a whole hand: clicks, the computer's plays, the score sheet
    assert page.locator("[data-match-total]").count() == 2
    # every standard library module the game used was in the snapshot (scripts/build.py's
    # SNAPSHOT_MODULES is current): none was read and compiled from the zip at this visit
    late = page.evaluate(PING)["late_stdlib"]
    assert late == [], f"imported from python_stdlib.zip after the restore: {late}"


def test_missing_snapshot_falls_back_to_an_ordinary_boot(page, base_url, network_log):
    page.context.route("**/static/vendor/pyodide/snapshot.bin.gz",
                       lambda route: route.fulfill(status=404, body="not here"))
    page.goto(base_url + GAME)
    wait_ready(page)
    ping = page.evaluate(PING)
    assert ping["snapshot"] is False
    assert ping["scopa"]["imported"] is True
    record = _boot_record(page)
    assert record["snapshot"] is False and "404" in record["reason"], record
    play_until_sheet(page)
    assert page.locator("[data-match-total]").count() == 2


def test_snapshot_of_another_pyodide_build_is_not_used(page, base_url):
    """A snapshot that does not restore (here: made by another build of Pyodide, as a stale
    cached copy after an upgrade would be) costs a second boot, never a broken page."""
    memory = bytearray(gzip.decompress(SNAPSHOT.read_bytes()))
    memory[16:20] = bytes(4)  # the first word of the build id in the snapshot's header
    other = gzip.compress(bytes(memory), compresslevel=1)
    page.context.route("**/static/vendor/pyodide/snapshot.bin.gz",
                       lambda route: route.fulfill(status=200, body=other,
                                                   content_type="application/gzip"))
    page.goto(base_url + GAME)
    wait_ready(page)
    assert page.evaluate(PING)["snapshot"] is False
    record = _boot_record(page)
    assert record["snapshot"] is False and "build id" in record["reason"], record
    # the game works on the Python booted the ordinary way
    play_until_sheet(page)
    assert page.locator("[data-match-total]").count() == 2


def test_slow_connection_skips_the_download_but_uses_a_cached_snapshot(page, base_url):
    """On a 3g-class connection (emulated: Chromium's effectiveType follows the round trip
    time) a first visit does not fetch the 6.5 MB; once the offline cache holds the
    snapshot, the next visit boots from it with no download."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1})
    page.goto(base_url + GAME)
    wait_ready(page)
    assert page.evaluate("navigator.connection.effectiveType") == "3g"
    assert page.evaluate(PING)["snapshot"] is False
    record = _boot_record(page)
    assert record["reason"] == "not downloaded: 3g connection", record
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller")
    page.reload()
    wait_ready(page)
    assert page.evaluate(PING)["snapshot"] is True
    assert _boot_record(page)["reason"] == "restored"
