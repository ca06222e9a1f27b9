"""static/js/storage.js and tabs.js under Node (issue 25), with a localStorage of a small quota and
a Web Locks manager faked in a few lines: a full storage frees what can be rebuilt and tries
again, else reports the failure once per write as an event; a tab's slot is its own after a
reload, a free saved one for a new tab, a new one when every saved match is open elsewhere."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"

# node -e SCRIPT ARG...: process.argv is [node, ARG...]
FAKES = r"""
class FakeStorage {
  constructor(quota) { this.map = new Map(); this.quota = quota; }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  removeItem(k) { this.map.delete(k); }
  used() { let n = 0; for (const [k, v] of this.map) n += k.length + v.length; return n; }
  setItem(k, v) {
    const old = this.map.has(k) ? k.length + this.map.get(k).length : 0;
    if (this.used() - old + k.length + String(v).length > this.quota)
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.map.set(k, String(v));
  }
}
const events = [];
globalThis.window = { localStorage: new FakeStorage(1000),
  dispatchEvent: (e) => { events.push(e.detail.key); return true; } };
globalThis.sessionStorage = new FakeStorage(1000);
const heldElsewhere = new Set(JSON.parse(process.argv[1] || "[]"));
const mine = new Set();
globalThis.navigator = { locks: {
  request(name, options, callback) {
    if (heldElsewhere.has(name) || mine.has(name)) {
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return new Promise((_, reject) => options.signal.addEventListener("abort", () => reject(options.signal.reason)));
    }
    mine.add(name);
    callback({ name });
    return new Promise(() => {});
  },
} };
console.warn = () => {};
"""

STORAGE = FAKES + r"""
const s = await import(process.argv[2]);
const ls = window.localStorage;
const out = { scope: s.SCOPE, scoped: s.scoped("settebello.save") };
ls.setItem("settebello.replay", "r".repeat(900));
out.freed = { err: s.writeText("settebello.stats", "x".repeat(500)), replay: ls.getItem("settebello.replay"),
              stats: ls.getItem("settebello.stats")?.length, events: [...events] };
const err = s.writeText("settebello.save:/:a", "y".repeat(800));
out.full = { name: err?.name, quota: s.isQuotaError(err), events: [...events], stored: ls.getItem("settebello.save:/:a") };
const quiet = s.writeText("settebello.save:/:a", "y".repeat(800), { report: false });
out.quiet = { name: quiet?.name, events: [...events] };
let asked = null;
s.onFreeSpace((keep) => { asked = keep; ls.removeItem("settebello.stats"); return 1; });
out.freer = { err: s.writeText("settebello.save:/:a", "y".repeat(800)), asked, stats: ls.getItem("settebello.stats") };
out.keys = s.keysWith("settebello.save:").sort();
window.localStorage.getItem = () => { throw new Error("blocked"); };
out.blocked = s.readJSON("settebello.clock", { fallback: true });
process.stdout.write(JSON.stringify(out));
"""

TABS = FAKES + r"""
const alive = setInterval(() => {}, 1000); // Node's AbortSignal.timeout does not keep it running
const tabs = await import(process.argv[2]);
const { SCOPE } = await import(process.argv[3]);
const own = process.argv[4];
if (own) sessionStorage.setItem(`settebello.slot:${SCOPE}`, own);
const slot = await tabs.claimSlot(JSON.parse(process.argv[5]));
process.stdout.write(JSON.stringify({ slot, again: await tabs.claimSlot([]), remembered: sessionStorage.getItem(`settebello.slot:${SCOPE}`), scope: SCOPE }));
clearInterval(alive);
"""


def run(node, script: str, *args: str) -> dict:
    res = subprocess.run([node, "--input-type=module", "-e", script, *args],
                         capture_output=True, text=True, timeout=60, check=False)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.fixture(scope="module")
def storage(node):
    return run(node, STORAGE, "[]", (JS / "storage.js").as_uri())


def test_keys_are_scoped_by_the_site_root(storage):
    assert storage["scope"] == ROOT.as_posix().rstrip("/") + "/"
    assert storage["scoped"] == f"settebello.save:{storage['scope']}"


def test_a_full_storage_drops_what_can_be_rebuilt_and_tries_again(storage):
    assert storage["freed"] == {"err": None, "replay": None, "stats": 500, "events": []}


def test_a_write_that_still_fails_is_reported_once_unless_the_caller_reports_it(storage):
    assert storage["full"] == {"name": "QuotaExceededError", "quota": True,
                               "events": ["settebello.save:/:a"], "stored": None}
    assert storage["quiet"] == {"name": "QuotaExceededError", "events": ["settebello.save:/:a"]}


def test_a_registered_freer_is_asked_and_the_write_goes_through(storage):
    assert storage["freer"] == {"err": None, "asked": "settebello.save:/:a", "stats": None}
    assert storage["keys"] == ["settebello.save:/:a"]


def test_blocked_storage_reads_the_fallback(storage):
    assert storage["blocked"] == {"fallback": True}


def claim(node, own: str, saved: list[str], held: list[str]) -> dict:
    scope = ROOT.as_posix().rstrip("/") + "/"
    return run(node, TABS, json.dumps([f"settebello:{scope}:{h}" for h in held]),
               (JS / "tabs.js").as_uri(), (JS / "storage.js").as_uri(), own, json.dumps(saved))


def test_a_reloaded_tab_takes_its_own_slot_back(node):
    out = claim(node, "a", ["b", "a"], held=[])
    assert out["slot"] == out["again"] == out["remembered"] == "a"


def test_a_new_tab_takes_the_newest_saved_slot_no_tab_holds(node):
    out = claim(node, "", ["b", "c", "d"], held=["b"])
    assert out["slot"] == out["remembered"] == "c"


def test_a_duplicated_tab_whose_slot_is_held_takes_another(node):
    out = claim(node, "a", ["a", "b"], held=["a"])
    assert out["slot"] == out["remembered"] == "b"


def test_when_every_saved_match_is_open_elsewhere_a_tab_plays_its_own(node):
    out = claim(node, "", ["a", "b"], held=["a", "b"])
    assert out["slot"] not in ("a", "b")
    assert out["remembered"] == out["slot"]
