"""The runtime build (scripts/build.py), the configs it serves, and the bridge's contract,
checked on CPython without a browser."""

from __future__ import annotations

import json
import os
import re
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import pytest
from loader import load

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"


build = load("scripts/build.py")

needs_node_modules = pytest.mark.usefixtures("node_modules")  # tests/tooling/conftest.py: fails if missing


# ---------------------------------------------------------------- pins and configs


def test_package_json_pins_exact_runtime_versions():
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert deps == {"@pyscript/core": "0.7.31", "pyodide": "314.0.7", "trystero": "0.25.4", "lean-qr": "2.7.4"}
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/pyodide"]["version"] == "314.0.7"
    assert lock["node_modules/@pyscript/core"]["version"] == "0.7.31"
    # Play with people's relay path (docs/PEOPLE.md) and what build.py vendors of it
    assert lock["node_modules/trystero"]["version"] == "0.25.4"
    assert {pkg: lock[f"node_modules/{pkg}"]["version"] for pkg, _, _ in build.TRYSTERO_PACKAGES.values()} == {
        "@trystero-p2p/core": "0.25.4", "@trystero-p2p/nostr": "0.25.4", "@noble/secp256k1": "3.2.0"}


@needs_node_modules
def test_trystero_is_vendored_with_every_bare_import_made_relative():
    files = build.trystero_files()
    modules = {p.relative_to(build.TRYSTERO_DIR).as_posix(): d.decode() for p, d in files.items() if p.suffix in (".mjs", ".js")}
    assert {"nostr/index.mjs", "core/index.mjs", "secp256k1/index.js"} <= set(modules)
    assert {"nostr/LICENSE", "core/LICENSE", "secp256k1/LICENSE"} <= {p.relative_to(build.TRYSTERO_DIR).as_posix() for p in files}
    for name, text in modules.items():
        imported = re.findall(r'(?:from|import)\s*\(?\s*"([^"]+)"', text)
        assert all(i.startswith(("./", "../")) for i in imported), (name, imported)
        assert "sourceMappingURL" not in text
    assert 'from "../secp256k1/index.js"' in modules["nostr/index.mjs"]


@needs_node_modules
def test_trysteros_pool_makes_a_fresh_offer_rather_than_restart_an_old_one(monkeypatch):
    # issue 41: an offer remade with an ICE restart never connected (a guest met a minute late)
    files = build.trystero_files()
    strategy = files[build.TRYSTERO_DIR / "core" / "strategy.mjs"].decode()
    pool = files[build.TRYSTERO_DIR / "core" / "offer-pool.mjs"].decode()
    assert "getOffer(Date.now() - peer.created > offerTtl)" not in strategy
    assert 'if (Date.now() - peer.created > offerTtl) throw mkErr(' in strategy
    assert "if (!this.active || true) {" in pool
    # a new version of the library without the text to mend fails the build, naming it
    monkeypatch.setitem(build.TRYSTERO_PATCHES, "core/strategy.mjs", [("no such text", "x")])
    with pytest.raises(SystemExit, match="strategy.mjs: the text to mend is not found once"):
        build.trystero_files()


def test_pyscript_toml_uses_the_vendored_runtime_and_relative_urls():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./static/js/pyodide-boot.mjs"  # boots static/vendor/pyodide/
    assert config["files"] == {"./static/vendor/py.zip": "./*"}
    assert "packages" not in config  # a package list would make Pyodide fetch wheels


def test_index_html_declares_the_named_worker_with_config():
    html = (ROOT / "index.html").read_text()
    assert (
        '<script type="py" worker name="engine" src="./static/bridge.py" '
        'config="./pyscript.toml"></script>' in html
    )
    assert 'src="./static/vendor/pyscript/core.js"' in html
    assert 'href="./static/vendor/pyscript/core.css"' in html


# ---------------------------------------------------------------- vendored files


@needs_node_modules
def test_index_html_preloads_exactly_the_pyscript_modules_the_build_ships():
    """A stale hashed name after a PyScript upgrade would preload a missing file (a 404) and
    leave the real chunk to be discovered late: the page's preloads must follow the build."""
    import re

    html = (ROOT / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./static/vendor/pyscript/([^"]+)">', html))
    shipped = {p.name for p in build.pyscript_files(NODE_MODULES / "@pyscript" / "core" / "dist")
               if p.suffix == ".js"}
    assert preloaded == shipped, f"index.html preloads {sorted(preloaded)}, the build ships {sorted(shipped)}"


@needs_node_modules
def test_seam_benchmark_page_preloads_what_index_html_preloads():
    """benchmarks/seam.html (load.py --seam) is index.html's runtime seam alone: the same
    preloads, or its figures would not be the seam's floor."""
    import re

    def preloads(html, prefix):
        found = re.findall(r'<link rel="(modulepreload|preload)" href="([^"]+)"', html)
        return sorted((rel, href.removeprefix(prefix)) for rel, href in found)

    seam = preloads((ROOT / "benchmarks" / "seam.html").read_text(), "../")
    index = preloads((ROOT / "index.html").read_text(), "./")
    assert seam == index, f"seam.html preloads {seam}, index.html preloads {index}"


@needs_node_modules
def test_pyscript_files_are_core_and_the_chunks_it_loads_only():
    names = [p.name for p in build.pyscript_files(NODE_MODULES / "@pyscript" / "core" / "dist")]
    assert names[:2] == ["core.js", "core.css"]
    stems = sorted(n.rsplit("-", 1)[0] for n in names[2:])
    assert stems == ["core", "error", "toml"]
    for unused in ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey", "zip"):
        assert not any(n.startswith(unused) for n in names), unused


@needs_node_modules
def test_pyodide_files_exist_in_the_pinned_package():
    for name in build.PYODIDE_FILES:
        assert (NODE_MODULES / "pyodide" / name).is_file(), name


# ---------------------------------------------------------------- py.zip


def _tree(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_pack_py_zips_sources_relative_to_py_without_caches(tmp_path):
    src = _tree(tmp_path / "py", {
        "scopa/__init__.py": "X = 1\n",
        "scopa/rules/core.py": "Y = 2\n",
        "scopa/data/presets.json": "{}",
        "scopa/__pycache__/core.cpython-311.pyc": "junk",
        "scopa/.hidden.py": "junk",
    })
    dest = build.pack_py(src, tmp_path / "out" / "py.zip")
    with zipfile.ZipFile(dest) as zf:
        assert sorted(zf.namelist()) == [
            "scopa/__init__.py", "scopa/data/presets.json", "scopa/rules/core.py"
        ]
        assert zf.read("scopa/rules/core.py") == b"Y = 2\n"
    assert dest.stat().st_mode & 0o644 == 0o644  # readable by a web server


def test_pack_py_is_deterministic(tmp_path):
    src = _tree(tmp_path / "py", {"scopa/__init__.py": "X = 1\n", "scopa/a.py": "A = 1\n"})
    first = build.pack_py(src, tmp_path / "1.zip").read_bytes()
    os.utime(src / "scopa" / "a.py", (time.time() + 5, time.time() + 5))
    second = build.pack_py(src, tmp_path / "2.zip").read_bytes()
    assert first == second


def test_py_zip_is_rebuilt_only_when_sources_change(tmp_path):
    src = _tree(tmp_path / "py", {"scopa/__init__.py": "X = 1\n"})
    dest = tmp_path / "py.zip"
    assert build.py_zip_is_stale(src, dest)  # missing
    build.ensure_py_zip(src, dest)
    assert not build.py_zip_is_stale(src, dest)
    later = dest.stat().st_mtime + 10
    (src / "scopa" / "new.py").write_text("N = 1\n")
    os.utime(src / "scopa" / "new.py", (later, later))
    assert build.py_zip_is_stale(src, dest)  # added
    build.ensure_py_zip(src, dest)
    assert "scopa/new.py" in zipfile.ZipFile(dest).namelist()
    (src / "scopa" / "new.py").unlink()
    assert build.py_zip_is_stale(src, dest)  # removed


def test_the_real_py_dir_packs_every_python_file(tmp_path):
    dest = build.pack_py(ROOT / "py", tmp_path / "py.zip")
    expected = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert expected <= set(zipfile.ZipFile(dest).namelist())


@needs_node_modules
def test_py_zip_carries_pyodide_bytecode_checked_against_each_source(tmp_path):
    """The worker imports the engine without compiling it: every module's .pyc, made by the
    pinned Pyodide's Python, sits in __pycache__ beside it, and is hash-checked (PEP 552), so a
    source edited after the build is compiled afresh rather than run stale."""
    src = _tree(tmp_path / "py", {"scopa/__init__.py": "X = 1\n", "scopa/sub/a.py": "def f():\n    return 2\n",
                                  "scopa/data.json": "{}"})
    dest = build.pack_py(src, tmp_path / "py.zip", compiled=True)
    with zipfile.ZipFile(dest) as zf:
        names = sorted(zf.namelist())
        pycs = [n for n in names if n.endswith(".pyc")]
        assert [n.split("/__pycache__/")[0] + "/" + n.rsplit("/", 1)[1].split(".")[0] for n in pycs] == [
            "scopa/__init__", "scopa/sub/a"]
        tag = pycs[0].rsplit(".", 2)[1]
        assert tag.startswith("cpython-3") and tag != f"cpython-{sys.version_info[0]}{sys.version_info[1]}"
        for name in pycs:
            header = zf.read(name)[:16]
            assert int.from_bytes(header[4:8], "little") == 0b11  # hash-based, checked at import
    # ...and a module that does not compile stops the build with Python's message
    (src / "scopa" / "bad.py").write_text("def broken(:\n")
    with pytest.raises(SystemExit, match="SyntaxError"):
        build.pack_py(src, tmp_path / "bad.zip", compiled=True)
    assert not (tmp_path / "bad.zip").exists()


# ---------------------------------------------------------------- bridge.py on CPython


@pytest.fixture(scope="module")
def bridge():
    sys.path.insert(0, str(ROOT / "py"))
    try:
        yield load("static/bridge.py")
    finally:
        sys.path.remove(str(ROOT / "py"))


def test_bridge_exports_json_in_json_out(bridge):
    assert "ping" in bridge.__export__
    reply = json.loads(bridge.ping(json.dumps({"a": [1, None]})))
    assert reply["ok"] is True
    result = reply["result"]
    assert result["echo"] == {"a": [1, None]}
    assert result["exports"] == bridge.__export__
    assert set(result["scopa"]) == {"imported", "detail", "import_ms"}
    assert json.loads(bridge.ping())["result"]["echo"] is None  # no payload


def test_bridge_turns_exceptions_into_error_envelopes(bridge):
    reply = json.loads(bridge.ping(json.dumps({"fail": "boom"})))
    assert reply["ok"] is False
    assert reply["error"]["type"] == "ValueError"
    assert reply["error"]["message"] == "boom"
    assert "Traceback" in reply["error"]["traceback"]
    # a payload that cannot be read is refused before the function runs (a refusal, not a bug)
    bad = json.loads(bridge.ping("{not json"))
    assert bad["ok"] is True and bad["result"]["reason"] == "input.json"


def test_bridge_rejects_a_second_export_of_the_same_name(bridge):
    with pytest.raises(ValueError):

        @bridge.exported
        def ping(payload):  # noqa: F811 - the point of the test
            return None


# ---------------------------------------------------------------- the commands


@pytest.mark.parametrize("script", ["scripts/serve", "scripts/test", ".ci/run"])
def test_commands_are_executable_bash(script):
    import subprocess

    path = ROOT / script
    assert os.access(path, os.X_OK), f"{script} is not executable"
    assert path.read_text().startswith("#!/usr/bin/env bash\n")
    subprocess.run(["bash", "-n", str(path)], check=True)


# ---------------------------------------------------------------- issue 27: a lighter first visit


def test_the_trimmed_standard_library_holds_every_module_the_game_imports():
    """static/vendor/pyodide/python_stdlib.zip is Pyodide's zip trimmed (scripts/stdlib.mjs); the
    build checks it by importing in Pyodide, and here on CPython: every standard library module
    that py/ and bridge.py import (at the top or in a function) is in it, but for the command
    line's own (STDLIB_NOT_IN_PAGE), and it is much smaller than the stock one. The modules the
    page imports as it starts are there as bytecode only (a first visit does not compile them)."""
    shipped = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    assert shipped.is_file(), "static/vendor/ is not built: python3 scripts/build.py"
    names = set(zipfile.ZipFile(shipped).namelist())
    roots, game = build.stdlib_roots()
    stock = set(zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip").namelist())

    def files(module, ext=".py"):
        path = module.replace(".", "/")
        return {f"{path}{ext}", f"{path}/__init__{ext}"}

    in_stock = [m for m in roots if files(m) & stock]
    at_start = [m for m in build.SNAPSHOT_MODULES if files(m) & stock]
    assert {"asyncio", "json", "dataclasses"} <= set(at_start)
    assert [m for m in at_start if not files(m, ".pyc") & names or files(m) & names] == []
    names |= {n[:-1] for n in names if n.endswith(".pyc")}
    assert {"json", "random", "dataclasses", "asyncio", "traceback"} <= set(in_stock)
    missing = [m for m in in_stock if not files(m) & names]
    assert missing == [], f"the trimmed zip lacks {missing}"
    for module in STDLIB_NOT_IN_PAGE_CHECK:
        assert module not in game
    assert shipped.stat().st_size < 0.7 * (NODE_MODULES / "pyodide" / "python_stdlib.zip").stat().st_size


STDLIB_NOT_IN_PAGE_CHECK = list(build.STDLIB_NOT_IN_PAGE)


def test_the_published_index_inlines_its_stylesheets(tmp_path):
    """scripts/build.py --site: index.html's <link rel="stylesheet">s of static/css/ become <style>s
    (the first paint waits for no request), and a stylesheet that refers to other files fails."""
    site = tmp_path / "site"
    (site / "static" / "css").mkdir(parents=True)
    (site / "static" / "css" / "a.css").write_text("body { color: red; }\n")
    (site / "static" / "css" / "b.css").write_text(".x { background: url(x.png); }\n")
    page = site / "index.html"
    page.write_text('<head>\n  <link rel="stylesheet" href="./static/css/a.css">\n'
                    '  <link rel="stylesheet" href="./static/vendor/pyscript/core.css">\n</head>\n')
    assert build.inline_stylesheets(page, site) == 1
    html = page.read_text()
    assert '<style data-from="static/css/a.css">\nbody { color: red; }\n  </style>' in html
    assert 'href="./static/vendor/pyscript/core.css"' in html  # not ours: left as it is
    page.write_text('<link rel="stylesheet" href="./static/css/b.css">\n')
    with pytest.raises(SystemExit, match="b.css"):
        build.inline_stylesheets(page, site)
    # the real page: every stylesheet of static/css/ it links is inlined
    real = ROOT / "index.html"
    linked = real.read_text().count('<link rel="stylesheet" href="./static/css/')
    copy = tmp_path / "index.html"
    copy.write_text(real.read_text())
    assert build.inline_stylesheets(copy, ROOT) == linked > 0
