"""scripts/build.py remakes what it must and nothing else: py.zip is packed again (Pyodide's compile
under Node) only when a source under py/ changed, and the trimmed standard library is kept when its
inputs are the last build's (each is a Pyodide start under Node: seconds on every `scripts/test`)."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

from loader import load

build = load("scripts/build.py")
ROOT = Path(__file__).resolve().parents[2]


def test_py_zip_is_packed_again_only_when_a_source_changes(tmp_path, monkeypatch):
    src = tmp_path / "py"
    shutil.copytree(ROOT / "py", src, ignore=shutil.ignore_patterns("__pycache__"))
    dest = tmp_path / "py.zip"
    packs = []
    # the compile itself (Node + Pyodide) is the tooling suite's other tests' business: here, what
    # is packed and when
    monkeypatch.setattr(build, "compile_py", lambda s: packs.append(s) or {})
    assert build.pack_py_if_changed(src, dest) is True
    first = dest.read_bytes()
    assert build.pack_py_if_changed(src, dest) is False and dest.read_bytes() == first
    module = src / "scopa" / "cards.py"
    module.write_text(module.read_text() + "\n# changed\n")
    assert build.pack_py_if_changed(src, dest) is True
    with zipfile.ZipFile(dest) as zf:
        assert zf.read("scopa/cards.py").endswith(b"# changed\n")
    (src / "scopa" / "extra.py").write_text("X = 1\n")  # a new module is a change too
    assert build.pack_py_if_changed(src, dest) is True
    assert len(packs) == 3
    dest.write_bytes(b"not a zip")  # a damaged archive is packed again, not trusted
    assert build.pack_py_if_changed(src, dest) is True


def test_the_trimmed_standard_library_is_kept_when_its_inputs_are_the_last_builds(tmp_path, monkeypatch):
    dest = tmp_path / "python_stdlib.zip"
    dest.write_bytes(b"x" * 10)
    calls = []

    def run(*args, **kwargs):
        calls.append(args)
        dest.write_bytes(b"y" * 12)
        return subprocess.CompletedProcess(args, 0, stdout='{"kept": 1, "dropped": 2, "bytes": 12, "full_bytes": 20}', stderr="")

    monkeypatch.setattr(subprocess, "run", run)
    made = build.trim_stdlib(dest)
    assert len(calls) == 1 and made["bytes"] == 12 and made["key"]
    assert build.trim_stdlib(dest, previous=made) == made and len(calls) == 1  # kept
    assert build.trim_stdlib(dest, previous={**made, "key": "0" * 16}) and len(calls) == 2  # other inputs
    dest.write_bytes(b"z" * 5)  # the file is not the one the last build wrote
    build.trim_stdlib(dest, previous=made)
    assert len(calls) == 3
