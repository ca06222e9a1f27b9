"""The Pyodide memory snapshot the engine worker boots from (scripts/build.py's make_snapshot,
scripts/snapshot.mjs): made from the pinned Pyodide under Node, it restores into a Python that
still imports what is not in it. The browser side (static/js/pyodide-boot.mjs, its fallback)
is tests/browser/test_snapshot.py's."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
from pathlib import Path

import pytest
from loader import load

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"


build = load("scripts/build.py")

pytestmark = pytest.mark.usefixtures("node", "node_modules")  # tests/tooling/conftest.py: fails if missing

# Restores a snapshot under Node the way the page does (Pyodide's _loadSnapshot), then runs
# Python in it and prints what it found as JSON.
RESTORE = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [indexURL, file, home, after] = process.argv.slice(2);
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const printed = [];
const py = await loadPyodide({ indexURL, _loadSnapshot: gunzipSync(readFileSync(file)),
                               stdout: (line) => printed.push(line) });
// a package written after the restore, as PyScript unpacks py.zip into the home folder
py.FS.mkdirTree(home + "/fresh_pkg");
py.FS.writeFile(home + "/fresh_pkg/__init__.py", "VALUE = 42\n");
const out = JSON.parse(py.runPython(`
import json, random, sys, time
before = sorted(sys.modules)
if ${after === "after" ? "True" : "False"}:  # what static/js/pyodide-boot.mjs does once restored
    sys.modules["_settebello_snapshot"].after_restore()
rand = random.random()
zone = [time.timezone, time.altzone, time.daylight]
empty_path = sys.path.count("")
import importlib; importlib.invalidate_caches()
import statistics                      # standard library, not in the snapshot: from the zip
import fresh_pkg                       # written to the file system after the restore
print("hello from the restored Python")
json.dumps({"marker": "_settebello_snapshot" in sys.modules,
            "marker_modules": getattr(sys.modules.get("_settebello_snapshot"), "modules", None),
            "had_dataclasses": "dataclasses" in before, "had_statistics": "statistics" in before,
            "mean": statistics.mean([1, 2, 3]), "fresh": fresh_pkg.VALUE,
            "hashseed_in_environ": "PYTHONHASHSEED" in __import__("os").environ,
            "random": rand, "zone": zone, "empty_path": empty_path})
`));
out.printed = printed;
process.stdout.write(JSON.stringify(out));
process.exit(0);
"""


MODULES = ["dataclasses", "json", "random", "no_such_module_xyz"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    dest = tmp_path_factory.mktemp("snapshot") / "snapshot.bin.gz"
    mp = pytest.MonkeyPatch()
    mp.setenv("TZ", "UTC")  # the build machine's zone; the player below is in New York
    try:
        report = build.make_snapshot(PYODIDE, dest, modules=MODULES)
    finally:
        mp.undo()
    return dest, report


def _restore(dest, tmp_path, after: bool) -> dict:
    script = tmp_path / "restore.mjs"
    script.write_text(RESTORE)
    done = subprocess.run(
        ["node", str(script), str(PYODIDE) + "/", str(dest), "/home/pyodide", "after" if after else "raw"],
        capture_output=True, text=True, timeout=120, env={**os.environ, "TZ": "America/New_York"})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_snapshot_is_gzip_of_pyodide_memory_and_reports_what_it_holds(made):
    dest, report = made
    raw = gzip.decompress(dest.read_bytes())
    assert raw[:4] == b"\0snp"  # Pyodide's snapshot magic number
    assert report["bytes"] == len(raw) and report["gzip_bytes"] == dest.stat().st_size
    assert report["modules"] == 3  # dataclasses, json, random
    assert [name for name, _ in report["not_importable"]] == ["no_such_module_xyz"]
    assert "ModuleNotFoundError" in report["not_importable"][0][1]
    assert report["remade"] is True


def test_snapshot_restores_and_python_still_imports_what_is_not_in_it(made, tmp_path):
    out = _restore(made[0], tmp_path, after=True)
    assert out["marker"] is True
    assert out["marker_modules"] == ["dataclasses", "json", "random"]
    assert out["had_dataclasses"] is True and out["had_statistics"] is False
    assert out["mean"] == 2 and out["fresh"] == 42
    assert out["hashseed_in_environ"] is False
    assert out["printed"] == ["hello from the restored Python"]
    assert out["empty_path"] == 1


def test_after_restore_gives_each_visit_its_own_random_state_and_the_players_time_zone(made, tmp_path):
    raw = [_restore(made[0], tmp_path, after=False) for _ in range(2)]
    # restored as is, every visit would draw the same numbers, in the build machine's zone
    assert raw[0]["random"] == raw[1]["random"]
    assert raw[0]["zone"] == [0, 0, 0]
    fixed = [_restore(made[0], tmp_path, after=True) for _ in range(2)]
    assert fixed[0]["random"] != fixed[1]["random"]
    assert fixed[0]["zone"] == [5 * 3600, 4 * 3600, 1]  # New York: EST, EDT


def test_an_unchanged_build_keeps_the_snapshot_file(made):
    dest, report = made
    before = dest.stat().st_mtime_ns
    again = build.make_snapshot(PYODIDE, dest, modules=MODULES, previous=report)
    assert again["remade"] is False and again["key"] == report["key"]
    assert dest.stat().st_mtime_ns == before
    # another module list is another snapshot
    assert build._snapshot_key(PYODIDE, ["json"]) != report["key"]
