#!/usr/bin/env python3
"""Build the git-ignored runtime folder ``static/vendor/`` from ``node_modules/``.

What it writes (and nothing else: other files there are removed):

    static/vendor/pyodide/   the Pyodide files the page really requests
    static/vendor/pyscript/  PyScript's core.js/core.css and the chunks really loaded
    static/vendor/pyodide/snapshot.bin.gz
                             Python's memory after start-up and the standard library
                             modules the page imports (SNAPSHOT_MODULES), made by the pinned
                             Pyodide under Node (scripts/snapshot.mjs), gzip-compressed; the
                             worker boots from it (static/js/pyodide-boot.mjs). Remade only
                             when Pyodide, the module list or the script changed
    static/vendor/py.zip     the Python package dir ``py/`` (``scopa`` ...), unpacked by
                             PyScript into the worker's working dir via pyscript.toml [files];
                             with each module's bytecode, compiled by the pinned Pyodide
                             (scripts/pycompile.mjs), so the worker does not compile it
    static/vendor/trystero/  trystero's Nostr meeting for Play with people's relay path (issue 41,
                             docs/PEOPLE.md): its ESM files and its two dependencies', each bare
                             import made relative; loaded only when a person chooses a seat on
                             another device or opens an invitation
    static/vendor/lean-qr/   lean-qr's encoder and its SVG drawing: the QR code of each invitation
                             and reply code (people.js; loaded only then)
    static/vendor/mechanics.js the list of the mechanics' renderers (static/js/mechanics/*.js but
                             index.js, in the engine's order), imported by index.js
    static/vendor/BUILD.json what was copied, from which package versions
    static/vendor/precache.js the offline cache list for sw.js: every file of the site and
                             a version made from their contents (a new build = a new cache)

The lists below were made by recording every request a real Chromium made while loading
index.html; tests/browser/test_smoke.py fails when the page requests a vendored file that
is not built (404) or when a built file is never requested (dead weight).
PyScript's editor/terminal/codemirror/xterm chunks (about 1 MB) are not shipped.

Usage:  python3 scripts/build.py           # everything
        python3 scripts/build.py --py-only # only static/vendor/py.zip (fast; serve.py does
                                           # this by itself when py/ changed) and precache.js
        python3 scripts/build.py --site DIR
                                           # everything, then DIR = exactly the published site
                                           # (what .github/workflows/pages.yml uploads)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
PY_SRC = ROOT / "py"
PY_ZIP = VENDOR / "py.zip"

# Files of the npm package ``pyodide`` that the page loads (pyodide 314 ships its
# Emscripten glue as pyodide.asm.mjs, no longer pyodide.asm.js).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]

# The standard library, trimmed (STDLIB_* below, scripts/stdlib.mjs)
STDLIB_ZIP = VENDOR / "pyodide" / "python_stdlib.zip"
# The memory snapshot of the worker's Python (static/js/pyodide-boot.mjs boots from it).
SNAPSHOT = VENDOR / "pyodide" / "snapshot.bin.gz"
# The standard library modules in it: every one the page had imported once the game was
# ready (PyScript's bootstrap and its `pyscript` package, static/bridge.py, the engine),
# recorded from sys.modules in the worker of a real load. Only the standard library (and
# Pyodide's own modules in python_stdlib.zip): the game's code comes from py.zip. A module
# missing here is imported from python_stdlib.zip as usual, only slower (tests/browser/
# test_snapshot.py fails on one the game imports: ping reports it in `late_stdlib`).
SNAPSHOT_MODULES = """
    __future__ _collections_abc _colorize _opcode_metadata _py_warnings _pyodide _pyodide._base
    _pyodide._core_docs _pyodide._future_helper _pyodide._importhook _pyodide.docs_argspec
    _pyodide.docstring _pyodide.jsbind _sitebuiltins _ssl _weakrefset abc annotationlib ast
    asyncio asyncio.base_events asyncio.base_futures asyncio.base_subprocess asyncio.base_tasks
    asyncio.constants asyncio.coroutines asyncio.events asyncio.exceptions
    asyncio.format_helpers asyncio.futures asyncio.graph asyncio.locks asyncio.log
    asyncio.mixins asyncio.protocols asyncio.queues asyncio.runners asyncio.selector_events
    asyncio.sslproto asyncio.staggered asyncio.streams asyncio.subprocess asyncio.taskgroups
    asyncio.tasks asyncio.threads asyncio.timeouts asyncio.transports asyncio.trsock
    asyncio.unix_events base64 bisect bz2 codecs codeop collections collections.abc compression
    compression._common compression._common._streams compression.zstd compression.zstd._zstdfile
    concurrent concurrent.futures concurrent.futures._base contextlib contextvars copy copyreg
    dataclasses dis email encodings encodings.aliases encodings.cp437 encodings.utf_8 enum
    fnmatch functools genericpath glob hashlib heapq html html.entities importlib importlib._abc
    importlib.abc importlib.machinery importlib.metadata importlib.util inspect io json
    json.decoder json.encoder json.scanner keyword linecache locale logging lzma ntpath opcode
    operator os os.path pathlib pathlib._os pkgutil posixpath pyodide pyodide._package_loader
    pyodide._state pyodide.code pyodide.common pyodide.ffi pyodide.webloop random re re._casefix
    re._compiler re._constants re._parser reprlib selectors shutil signal site socket ssl stat
    string struct subprocess tempfile textwrap threading token tokenize traceback types typing
    warnings weakref zipfile zipfile._path zipfile._path.glob zipimport
""".split()

# Files of ``@pyscript/core/dist``. core.js statically imports one hashed chunk
# (core-XXXXXXXX.js); that chunk dynamically imports the others. We follow the static
# imports from core.js and take, among the chunks the core chunk can import, only those
# whose stem is listed here. The rest (codemirror*, xterm*, py-editor, py-terminal,
# py-game, donkey, zip, pyodide_graph, the second toml parser used by py-editor ...) is
# never requested: index.html's <py-config>/<mpy-config> turn the unused plugins off.
PYSCRIPT_FILES = ["core.js", "core.css"]

# trystero (npm, pinned in package.json) for Play with people's relay path: only its Nostr
# strategy (trystero/nostr re-exports @trystero-p2p/nostr) and what that imports. The package's
# ESM files import each other by bare name; a static site has no resolver, so each bare name is
# made a path relative to static/vendor/trystero/ (TRYSTERO_IMPORTS) as the file is copied.
TRYSTERO_DIR = VENDOR / "trystero"
TRYSTERO_PACKAGES = {  # vendor subfolder -> (package, its files that ship, its licence file)
    "core": ("@trystero-p2p/core", "dist/*.mjs", "LICENSE"),
    "nostr": ("@trystero-p2p/nostr", "dist/index.mjs", "LICENSE"),
    "secp256k1": ("@noble/secp256k1", "index.js", "LICENSE"),
}
# lean-qr (npm, pinned): the QR codes of Play with people's links and reply codes. Both files
# import nothing, so they are copied as they are.
LEAN_QR_FILES = ["index.mjs", "extras/svg.mjs", "LICENSE"]
TRYSTERO_IMPORTS = {"@trystero-p2p/core": "core/index.mjs", "@noble/secp256k1": "secp256k1/index.js"}
# trystero's pool of ready offers, mended as the files are copied (each text must be found once:
# a new version of the library fails the build here). An offer older than offerTtl (57 s), or one
# that went unanswered, is remade by the library with an ICE restart on the same connection, and
# such an offer never connected: the host's page that called a guest with it (the lower peer id
# calls) met no one, a guest opening the link a minute after the host's page joined the room
# (docs/PEOPLE.md, issue 41). Mended: such an offer is dropped and a fresh connection made
# instead (checkout's own retry makes it when the offer is refused).
TRYSTERO_PATCHES = {  # vendored file -> [(text, its replacement)]
    "core/strategy.mjs": [(
        "const plainOffer = await peer.getOffer(Date.now() - peer.created > offerTtl);",
        'if (Date.now() - peer.created > offerTtl) throw mkErr("offer too old: a fresh one is made");'
        " /* settebello: no ICE restart on an old offer */\n\t\t\tconst plainOffer = await peer.getOffer();",
    )],
    "core/offer-pool.mjs": [(
        "\t\tif (!this.active) {\n\t\t\tpeer.destroy();\n\t\t\treturn;\n\t\t}\n\t\tthis.recycling.add(peer);",
        "\t\tif (!this.active || true) {  // settebello: an unanswered offer is dropped, not restarted\n"
        "\t\t\tpeer.destroy();\n\t\t\treturn;\n\t\t}\n\t\tthis.recycling.add(peer);",
    )],
}
# The standard library the page ships (static/vendor/pyodide/python_stdlib.zip): Pyodide's own
# zip trimmed by scripts/stdlib.mjs to STDLIB_ROOTS, the modules they import (followed through
# every import statement of their sources) and nothing reached only through STDLIB_NEVER; the
# build then boots Pyodide from the trimmed zip and imports every root and every module of py/
# in it, and fails naming any module that is missing. 2.5 MB -> see BUILD.json "stdlib".
# The roots: every module the page imported once a hand was played (SNAPSHOT_MODULES, the same
# record), Pyodide's own packages, the codecs Python starts with or a zip/JSON may need, and
# (added by stdlib_roots()) every standard library module the code under py/ and
# static/bridge.py imports anywhere, except STDLIB_NOT_IN_PAGE.
STDLIB_BASE_ROOTS = """
    _pyodide pyodide pyodide.code pyodide.console pyodide.ffi pyodide.ffi.wrappers pyodide.http
    pyodide.webloop pyodide._package_loader pyodide._state pyodide._run_js pyodide._core
    _sysconfigdata__emscripten_wasm32-emscripten sysconfig site _sitebuiltins
    encodings encodings.aliases encodings.utf_8 encodings.utf_8_sig encodings.ascii
    encodings.latin_1 encodings.cp437 encodings.idna encodings.charmap encodings.raw_unicode_escape
    encodings.unicode_escape encodings.utf_16 encodings.utf_16_le encodings.utf_16_be
    encodings.utf_32 encodings.utf_32_le encodings.utf_32_be encodings.punycode
    traceback linecache tokenize token importlib.resources tomllib
""".split()
# Modules of py/ that only the command line uses, never the page: left out of the zip.
STDLIB_NOT_IN_PAGE = {
    "multiprocessing": "scopa_ai/arena.py's parallel runs of the AI arena (CPython only)",
}
# Never followed from another module's import (reached only from help(), a debugger, tests, a
# server or a process pool: nothing the page runs); a root still keeps its own.
STDLIB_NEVER = """
    pydoc pdb bdb doctest unittest _pyrepl idlelib tkinter turtle turtledemo lib2to3 ensurepip
    venv sqlite3 dbm shelve curses xmlrpc http.server wsgiref multiprocessing
    concurrent.futures.process concurrent.interpreters ctypes __phello__ __hello__ antigravity
    this webbrowser cProfile profile pstats trace tabnanny pyclbr compileall zipapp mailbox
    imaplib smtplib poplib ftplib netrc pty tty getpass cmd pydoc_data socketserver
    urllib.request http.client http.cookiejar tarfile difflib pickletools plistlib
""".split()

PYSCRIPT_DYNAMIC_STEMS = [
    "error",  # plugin: shows Python boot errors in the page
    "toml",  # parser for pyscript.toml (main thread and worker)
]
# A zip with fixed timestamps gives the same bytes for the same sources.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".hypothesis"}


_STATIC_IMPORT = re.compile(r"""(?:from|import)\s*["'](\./[\w.-]+\.js)["']""")
_DYNAMIC_IMPORT = re.compile(r"""import\(\s*["']\./([\w.-]+?)-([\w-]{8})\.js["']\s*\)""")


def _static_closure(dist: Path, names: list[str]) -> list[str]:
    """names plus every file they import statically (``from "./x.js"``), transitively."""
    seen, todo = [], list(names)
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        if name.endswith(".js"):
            text = (dist / name).read_text(encoding="utf-8")
            todo.extend(m.group(1)[2:] for m in _STATIC_IMPORT.finditer(text))
    return seen


def pyscript_files(dist: Path) -> list[Path]:
    """The PyScript dist files the page loads, failing loudly if the layout changed."""
    names = _static_closure(dist, PYSCRIPT_FILES)
    dynamic = {}
    for name in names:
        if name.endswith(".js"):
            for m in _DYNAMIC_IMPORT.finditer((dist / name).read_text(encoding="utf-8")):
                dynamic.setdefault(m.group(1), set()).add(f"{m.group(1)}-{m.group(2)}.js")
    for stem in PYSCRIPT_DYNAMIC_STEMS:
        found = sorted(dynamic.get(stem, ()))
        if len(found) != 1:
            raise SystemExit(
                f"build: expected one chunk '{stem}-*.js' imported by PyScript's core, "
                f"found {found or 'none'} (did the @pyscript/core pin change? re-record "
                "the requests, see tests/browser/test_smoke.py)"
            )
        names.extend(_static_closure(dist, found))
    files = [dist / name for name in dict.fromkeys(names)]
    missing = [str(f) for f in files if not f.is_file()]
    if missing:
        raise SystemExit(f"build: missing in {dist}: {', '.join(missing)}")
    return files


def py_sources(src: Path = PY_SRC) -> list[Path]:
    """Every file under py/ that belongs in the archive (no caches, no dotfiles)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                continue
            out.append(Path(dirpath) / name)
    return out


def compile_py(src: Path = PY_SRC) -> dict[str, bytes]:
    """Each module of src compiled by the pinned Pyodide's Python: {"scopa/__pycache__/x.cpython-3NN.pyc": bytes}.

    Bytecode is specific to a Python version, so Pyodide compiles it (Node runs
    scripts/pycompile.mjs, a few seconds); the files are hash-checked against their sources.
    """
    import base64
    import subprocess

    node = shutil.which("node")
    if not node or not (NODE_MODULES / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("build: compiling py/ needs Node and node_modules/pyodide (npm ci)")
    request = {"root": str(src), "files": [p.relative_to(src).as_posix() for p in py_sources(src)]}
    done = subprocess.run([node, str(ROOT / "scripts" / "pycompile.mjs")], input=json.dumps(request),
                          capture_output=True, text=True)
    if done.returncode != 0:
        detail = "\n".join(done.stderr.strip().splitlines()[-12:])  # Python's traceback, not Node's noise
        raise SystemExit(f"build: compiling py/ with Pyodide failed:\n{detail}")
    return {name: base64.b64decode(data) for name, data in json.loads(done.stdout)["files"].items()}


def pack_py(src: Path = PY_SRC, dest: Path = PY_ZIP, compiled: bool = False) -> Path:
    """Zip py/ (paths relative to py/, so ``scopa/...``) into dest, atomically; with
    `compiled`, each module's Pyodide bytecode beside it (compile_py)."""
    extra = compile_py(src) if compiled else {}
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".py-", suffix=".zip", dir=dest.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.comment = f"settebello py.zip {_py_zip_key(src, compiled)}".encode()
            for path in py_sources(src):
                info = zipfile.ZipInfo(path.relative_to(src).as_posix(), _ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes())
            for name in sorted(extra):
                info = zipfile.ZipInfo(name, _ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, extra[name])
        os.chmod(tmp, 0o644)  # mkstemp makes it 0600
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return dest


def _py_zip_key(src: Path = PY_SRC, compiled: bool = True) -> str:
    """What py.zip is made from: each source's name and bytes, and (compiled) the pinned Pyodide
    and scripts/pycompile.mjs that make its bytecode."""
    import hashlib

    digest = hashlib.sha256(b"compiled" if compiled else b"plain")
    for path in py_sources(src):
        digest.update(path.relative_to(src).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    if compiled:
        digest.update(_version(NODE_MODULES / "pyodide").encode() + b"\0")
        digest.update((ROOT / "scripts" / "pycompile.mjs").read_bytes())
    return digest.hexdigest()[:16]


def pack_py_if_changed(src: Path = PY_SRC, dest: Path = PY_ZIP) -> bool:
    """pack_py(compiled=True) unless dest was packed from these very inputs (its comment says
    which): a build with nothing changed under py/ skips Pyodide's compile. True when packed."""
    try:
        with zipfile.ZipFile(dest) as zf:
            if zf.comment.decode() == f"settebello py.zip {_py_zip_key(src, True)}":
                return False
    except (OSError, zipfile.BadZipFile, UnicodeDecodeError):
        pass
    pack_py(src, dest, compiled=True)
    return True


def py_zip_is_stale(src: Path = PY_SRC, dest: Path = PY_ZIP) -> bool:
    """True when dest is missing or older than a file under src (or a file was removed)."""
    if not dest.exists():
        return True
    built = dest.stat().st_mtime
    sources = py_sources(src)
    if any(p.stat().st_mtime > built for p in sources):
        return True
    # a deleted or renamed file: compare the lists of names (bytecode aside)
    with zipfile.ZipFile(dest) as zf:
        names = {n for n in zf.namelist() if not n.endswith(".pyc")}
    return names != {p.relative_to(src).as_posix() for p in sources}


def ensure_py_zip(src: Path = PY_SRC, dest: Path = PY_ZIP, compiled: bool = True) -> Path:
    """Rebuild py.zip only when the sources changed (compiled, as the build makes it)."""
    if py_zip_is_stale(src, dest):
        pack_py(src, dest, compiled=compiled)
    return dest


_GAME_PACKAGES = ("scopa", "scopa_ai", "settebello")


def _py_modules(src: Path = PY_SRC) -> list[str]:
    """Every module of py/ as a dotted name (scopa, scopa.cards ...), __main__ modules aside."""
    out = []
    for path in py_sources(src):
        if path.suffix != ".py" or path.name == "__main__.py":
            continue
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return sorted(out)


def stdlib_roots(src: Path = PY_SRC) -> tuple[list[str], list[str]]:
    """(roots, game_imports): STDLIB_BASE_ROOTS + SNAPSHOT_MODULES + every module py/ and
    static/bridge.py import (top level or in a function), minus STDLIB_NOT_IN_PAGE."""
    import ast

    found = set()
    files = [p for p in py_sources(src) if p.suffix == ".py"] + [ROOT / "static" / "bridge.py"]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    game = sorted(n for n in found
                  if n.split(".")[0] not in (*_GAME_PACKAGES, "js", "pyscript", "__future__")
                  and n.split(".")[0] not in STDLIB_NOT_IN_PAGE)
    roots = list(dict.fromkeys([*STDLIB_BASE_ROOTS, *SNAPSHOT_MODULES, "__future__", *game]))
    return roots, game


def _stdlib_key(request: dict) -> str:
    """What the trimmed standard library is made from: the request (the roots py/ imports, the
    modules to check), scripts/stdlib.mjs and the pinned Pyodide's whole standard library."""
    import hashlib

    digest = hashlib.sha256(json.dumps({k: v for k, v in request.items() if k != "out"}, sort_keys=True).encode())
    digest.update((ROOT / "scripts" / "stdlib.mjs").read_bytes())
    digest.update(hashlib.sha256((NODE_MODULES / "pyodide" / STDLIB_ZIP.name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def trim_stdlib(dest: Path, src: Path = PY_SRC, previous: dict | None = None) -> dict:
    """Write the trimmed standard library zip to dest (scripts/stdlib.mjs); what BUILD.json records.
    When `previous` (the last BUILD.json's record) has the same key and dest is that file, it is
    kept: the same inputs, the same zip, without starting Pyodide under Node to remake it."""
    import subprocess

    node = shutil.which("node")
    if not node:
        raise SystemExit("build: trimming the standard library needs Node")
    roots, _ = stdlib_roots(src)
    request = {"indexURL": str((NODE_MODULES / "pyodide").resolve()) + "/", "roots": roots,
               "never": STDLIB_NEVER, "pyRoot": str(src.resolve()), "pyModules": _py_modules(src),
               "imported": SNAPSHOT_MODULES, "out": str(dest)}
    key = _stdlib_key(request)
    if previous and previous.get("key") == key and dest.is_file() and dest.stat().st_size == previous.get("bytes"):
        return previous
    dest.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([node, str(ROOT / "scripts" / "stdlib.mjs")], input=json.dumps(request),
                          capture_output=True, text=True)
    if done.returncode != 0:
        detail = "\n".join(done.stderr.strip().splitlines()[-30:])
        raise SystemExit(f"build: the trimmed standard library failed its check:\n{detail}")
    return {**json.loads(done.stdout), "key": key}


def _write_atomic(dest: Path, data: bytes) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _snapshot_key(pyodide_dir: Path, modules: list[str]) -> str:
    """What the snapshot is made from: Pyodide's runtime files, the module list, the script."""
    import hashlib

    digest = hashlib.sha256()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        digest.update(name.encode() + b"\0" + hashlib.sha256((pyodide_dir / name).read_bytes()).digest())
    digest.update("\n".join(modules).encode() + b"\0")
    digest.update((ROOT / "scripts" / "snapshot.mjs").read_bytes())
    return digest.hexdigest()[:16]


def make_snapshot(pyodide_dir: Path, dest: Path = SNAPSHOT, modules: list[str] = SNAPSHOT_MODULES,
                  previous: dict | None = None) -> dict:
    """Write Pyodide's memory snapshot (gzip) to dest; returns what BUILD.json records of it.

    pyodide_dir must hold the very files the page loads (a snapshot only restores in the same
    build of Pyodide). When `previous` (the last BUILD.json's record) has the same key and dest
    exists, the file is kept as it is: the same inputs, the same file, the same offline cache.
    """
    import subprocess
    import time

    key = _snapshot_key(pyodide_dir, modules)
    if previous and previous.get("key") == key and dest.is_file() and dest.stat().st_size == previous.get("gzip_bytes"):
        return {**previous, "remade": False}
    node = shutil.which("node")
    if not node:
        raise SystemExit("build: making the Pyodide snapshot needs Node")
    request = {"indexURL": str(pyodide_dir.resolve()) + "/", "modules": modules, "out": str(dest)}
    started = time.monotonic()
    done = subprocess.run([node, str(ROOT / "scripts" / "snapshot.mjs")], input=json.dumps(request),
                          capture_output=True, text=True)
    if done.returncode != 0:
        detail = "\n".join(done.stderr.strip().splitlines()[-12:])
        raise SystemExit(f"build: making the Pyodide snapshot failed:\n{detail}")
    report = json.loads(done.stdout)
    return {"key": key, "python": report["python"], "modules": report["modules"],
            "not_importable": report["failed"], "bytes": report["bytes"],
            "gzip_bytes": report["gzip_bytes"], "seconds": round(time.monotonic() - started, 1),
            "remade": True}


def _copy_if_changed(src: Path, dest: Path) -> None:
    if dest.is_file() and dest.stat().st_size == src.stat().st_size:
        if dest.read_bytes() == src.read_bytes():
            return
    _write_atomic(dest, src.read_bytes())
    shutil.copystat(src, dest)


def trystero_files(node_modules: Path = NODE_MODULES) -> dict[Path, bytes]:
    """static/vendor/trystero/'s files and their contents, each bare import made relative."""
    out: dict[Path, bytes] = {}
    for folder, (package, pattern, licence) in TRYSTERO_PACKAGES.items():
        src = node_modules / package
        if not (src / "package.json").is_file():
            raise SystemExit(f"build: {src} not found; run 'npm ci' first")
        files = sorted(src.glob(pattern)) + [src / licence]
        if len(files) < 2 or not all(f.is_file() for f in files):
            raise SystemExit(f"build: {package} has no {pattern} or {licence} (package layout changed?)")
        for f in files:
            text = f.read_text(encoding="utf-8")
            if f.suffix in (".mjs", ".js"):
                text = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)  # the maps do not ship
                for name, path in TRYSTERO_IMPORTS.items():
                    text = text.replace(f'from "{name}"', f'from "../{path}"')
                for was, now in TRYSTERO_PATCHES.get(f"{folder}/{f.name}", []):
                    if text.count(was) != 1:
                        raise SystemExit(f"build: {package}/{f.name}: the text to mend is not found once: {was!r}")
                    text = text.replace(was, now)
                left = re.findall(r'(?:from|import)\s*\(?\s*"([^"./][^"]*)"', text)
                if left:
                    raise SystemExit(f"build: {package}/{f.name} imports {left}: not vendored")
            out[TRYSTERO_DIR / folder / f.name] = text.encode()
    return out


def _version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text())["version"]


I18N = ROOT / "static" / "i18n"
LANGUAGES = VENDOR / "languages.json"


# The words a name the page gave may be in (a person's "You", a computer's level): i18n.js's
# wordsOf knows them in every language from the list, without loading every language's file.
NAME_WORDS = re.compile(r"seat\.you|seat\.masterInYourSeat|dialog\.defaultName|level\.[a-z0-9]+")


def write_languages(src: Path = I18N, dest: Path = LANGUAGES) -> list[dict]:
    """List the language files (static/i18n/<code>.json, each with its own "_name") for the page,
    with each one's name words (NAME_WORDS)."""
    found = []
    for path in sorted(src.glob("*.json")):
        strings = json.loads(path.read_text(encoding="utf-8"))
        names = {k: v for k, v in strings.items() if NAME_WORDS.fullmatch(k)}
        found.append({"code": path.stem, "name": strings.get("_name", path.stem), "names": names})
    _write_atomic(dest, (json.dumps(found, ensure_ascii=False) + "\n").encode())
    return found


# ---------------------------------------------------------------- the mechanics' renderers (issue 42)

RENDERERS_SRC = ROOT / "static" / "js" / "mechanics"
RENDERERS = VENDOR / "mechanics.js"
_NOT_RENDERERS = {"index.js"}  # the registry itself: it imports the list written here


def engine_order(src: Path = PY_SRC) -> list[str]:
    """The names of the engine's mechanics in the order its hooks run (`scopa.mechanics.ORDER`)."""
    added = str(src) not in sys.path
    if added:
        sys.path.insert(0, str(src))
    try:
        from scopa.mechanics import ORDER
    finally:
        if added:
            sys.path.remove(str(src))
    return [m.name for m in ORDER]


def renderer_names(src: Path = RENDERERS_SRC, order: list[str] | None = None) -> list[str]:
    """The renderers of static/js/mechanics/ (each file but index.js, named after its engine
    mechanic), in the engine's order; SystemExit naming a file whose name is no engine mechanic's."""
    order = engine_order() if order is None else order
    names = sorted(p.stem for p in src.glob("*.js") if p.name not in _NOT_RENDERERS)
    unknown = [n for n in names if n not in order]
    if unknown:
        raise SystemExit(f"build: static/js/mechanics/{unknown[0]}.js is named after no engine mechanic "
                         f"(scopa.mechanics.ORDER: {', '.join(order)})")
    return sorted(names, key=order.index)


def write_renderers(dest: Path = RENDERERS, src: Path = RENDERERS_SRC, order: list[str] | None = None) -> list[str]:
    """Write static/vendor/mechanics.js, the list of the mechanics' renderers index.js imports: the
    renderers are found (a new one is a file in static/js/mechanics/), not listed by hand, and
    imported statically, so the page draws its first table with them all loaded and the service
    worker caches them with the rest (precache.js lists every file of static/). Returns the names."""
    names = renderer_names(src, order)
    rel = os.path.relpath(src, dest.parent).replace(os.sep, "/")
    lines = ["// Generated by scripts/build.py (write_renderers): the renderers of static/js/mechanics/,",
             "// index.js aside, in the engine's order of the mechanics (scopa.mechanics.ORDER). Do not edit."]
    lines += [f'import r{i} from "{rel}/{name}.js";' for i, name in enumerate(names)]
    lines.append(f"export default [{', '.join(f'r{i}' for i in range(len(names)))}];")
    text = "\n".join(lines) + "\n"
    if not (dest.is_file() and dest.read_text(encoding="utf-8") == text):
        _write_atomic(dest, text.encode())
    return names


def build() -> dict:
    pyodide_dir = NODE_MODULES / "pyodide"
    pyscript_dir = NODE_MODULES / "@pyscript" / "core"
    for d in (pyodide_dir, pyscript_dir):
        if not d.is_dir():
            raise SystemExit(f"build: {d} not found; run 'npm ci' first")

    # Update in place, file by file and atomically, rather than wiping the folder: other
    # people's servers and tests may be reading it while this runs.
    wanted: dict[Path, Path] = {}
    for name in PYODIDE_FILES:
        src = pyodide_dir / name
        if not src.is_file():
            raise SystemExit(f"build: {src} not found (pyodide package layout changed?)")
        if name != STDLIB_ZIP.name:  # written trimmed, below
            wanted[VENDOR / "pyodide" / name] = src
    for src in pyscript_files(pyscript_dir / "dist"):
        wanted[VENDOR / "pyscript" / src.name] = src
    for name in LEAN_QR_FILES:
        src = NODE_MODULES / "lean-qr" / name
        if not src.is_file():
            raise SystemExit(f"build: {src} not found; run 'npm ci' first")
        wanted[VENDOR / "lean-qr" / name] = src
    for dest, src in wanted.items():
        _copy_if_changed(src, dest)
    trystero = trystero_files()
    for dest, data in trystero.items():
        if not (dest.is_file() and dest.read_bytes() == data):
            _write_atomic(dest, data)
    try:
        last = json.loads((VENDOR / "BUILD.json").read_text())
        last = last if isinstance(last, dict) else {}
    except (OSError, ValueError):
        last = {}
    stdlib = trim_stdlib(STDLIB_ZIP, previous=last.get("stdlib"))
    snapshot = make_snapshot(VENDOR / "pyodide", previous=last.get("snapshot"))
    pack_py_if_changed()
    write_languages()
    write_renderers()
    keep = set(wanted) | set(trystero) | {STDLIB_ZIP, SNAPSHOT, PY_ZIP, LANGUAGES, RENDERERS, VENDOR / "BUILD.json",
                                          PRECACHE}
    for path in sorted(VENDOR.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    copied = [p.relative_to(VENDOR).as_posix() for p in [*wanted, *trystero]]
    copied += [STDLIB_ZIP.relative_to(VENDOR).as_posix(), SNAPSHOT.relative_to(VENDOR).as_posix(),
               "py.zip", "languages.json", "mechanics.js"]
    copied.append("precache.js")

    manifest = {
        "pyodide": _version(pyodide_dir),
        "@pyscript/core": _version(pyscript_dir),
        "trystero": _version(NODE_MODULES / "trystero"),
        "lean-qr": _version(NODE_MODULES / "lean-qr"),
        "files": copied,
        "snapshot": {k: v for k, v in snapshot.items() if k != "remade"},
        "stdlib": stdlib,
    }
    _write_atomic(VENDOR / "BUILD.json", (json.dumps(manifest, indent=2) + "\n").encode())
    manifest["precache"] = write_precache()
    manifest["snapshot_remade"] = snapshot["remade"]  # for the message, not in BUILD.json
    return manifest


# ---------------------------------------------------------------- the site and its offline cache

# What the published site is (paths relative to the repo root). sw.js must sit at the root to
# control the whole site; examples/ holds the embedding demo (not cached: it is the blog's page).
SITE_FILES = ["index.html", "sw.js", "manifest.webmanifest", "pyscript.toml"]
SITE_DIRS = ["static", "examples"]
PRECACHE = VENDOR / "precache.js"
# Never cached by the service worker: the worker itself (the browser fetches it), the demo of a
# foreign page, and files no player's page requests (testhook.js loads only at index.html?test).
_NOT_PRECACHED = {"sw.js", "static/vendor/BUILD.json", "static/vendor/precache.js",
                  "static/js/testhook.js"}
_NOT_PRECACHED_DIRS = ("examples/",)


def _site_walk(root: Path, folder: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root / folder):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                continue
            out.append((Path(dirpath) / name).relative_to(root).as_posix())
    return out


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the published site, relative to root, sorted (static/vendor/ must be built)."""
    out = [name for name in SITE_FILES if (root / name).is_file()]
    for folder in SITE_DIRS:
        out.extend(_site_walk(root, folder))
    return sorted(out)


def precache_list(root: Path = ROOT) -> dict:
    """{"version", "files"}: what sw.js caches, versioned by a hash of every cached file's bytes."""
    import hashlib

    files = [f for f in site_files(root)
             if f not in _NOT_PRECACHED and not f.startswith(_NOT_PRECACHED_DIRS)]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((root / name).read_bytes()).digest())
    return {"version": digest.hexdigest()[:16], "files": files}


def write_precache(root: Path = ROOT, dest: Path | None = None) -> str:
    """Write static/vendor/precache.js (imported by sw.js); returns the cache version.

    A script rather than JSON so the browser's service-worker update check (which compares
    sw.js and the scripts it imports byte for byte) sees every new build.
    """
    dest = dest or root / "static" / "vendor" / "precache.js"
    listing = precache_list(root)
    text = (
        "// Generated by scripts/build.py: the files sw.js caches for offline play, and the\n"
        "// cache version (a hash of their contents). Do not edit.\n"
        f"self.SETTEBELLO_PRECACHE = {json.dumps(listing, indent=1)};\n"
    )
    _write_atomic(dest, text.encode())
    return listing["version"]


def assemble_site(dest: Path, root: Path = ROOT) -> list[str]:
    """Copy exactly the published site into dest (emptied first); returns the files copied."""
    dest = dest.resolve()
    if dest == root.resolve() or root.resolve().is_relative_to(dest):
        raise SystemExit(f"build: refusing to replace {dest}: it holds the sources")
    if dest.exists():
        shutil.rmtree(dest)
    files = site_files(root)
    for name in files:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    inline_stylesheets(dest / "index.html", dest)
    if (dest / "static" / "vendor" / "precache.js").is_file():
        write_precache(dest, dest / "static" / "vendor" / "precache.js")  # index.html changed
    return files


_STYLESHEET = re.compile(r'^([ \t]*)<link rel="stylesheet" href="\./(static/css/[\w.-]+\.css)">[ \t]*$', re.M)


def inline_stylesheets(page: Path, root: Path) -> int:
    """In the published index.html, each <link rel="stylesheet"> of static/css/ becomes a <style>
    with the file's text: the first paint then waits for no request but the page's own (on a
    phone network each is a round trip of ~165 ms; on a busy machine, a turn of a busy server).
    The files stay in the site (other pages link them). Returns how many were inlined."""
    html = page.read_text(encoding="utf-8")

    def inline(match):
        css = (root / match.group(2)).read_text(encoding="utf-8")
        if "url(" in css or "@import" in css or "</style" in css:
            raise SystemExit(f"build: {match.group(2)} refers to other files: it cannot be inlined as it is")
        return f"{match.group(1)}<style data-from=\"{match.group(2)}\">\n{css.rstrip()}\n{match.group(1)}</style>"

    html, count = _STYLESHEET.subn(inline, html)
    page.write_text(html, encoding="utf-8")
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--py-only", action="store_true", help="only rebuild static/vendor/py.zip")
    parser.add_argument("--site", metavar="DIR", type=Path,
                        help="then copy exactly the published site into DIR (emptied first)")
    args = parser.parse_args(argv)
    if args.py_only:
        print(f"build: wrote {pack_py(compiled=True).relative_to(ROOT)}")
        if PRECACHE.is_file():  # keep the offline cache version in step with the new py.zip
            write_precache()
        return 0
    manifest = build()
    size = sum(f.stat().st_size for f in VENDOR.rglob("*") if f.is_file())
    print(
        f"build: static/vendor/ <- pyodide {manifest['pyodide']}, "
        f"@pyscript/core {manifest['@pyscript/core']}: "
        f"{len(manifest['files'])} files, {size / 1e6:.1f} MB; offline cache version "
        f"{manifest['precache']}"
    )
    lib = manifest["stdlib"]
    print(f"build: standard library trimmed to {lib['kept']} modules ({lib['dropped']} left out, "
          f"{lib.get('bytecode', 0)} as bytecode): {lib['bytes'] / 1e6:.2f} MB instead of {lib['full_bytes'] / 1e6:.2f} MB")
    snap = manifest["snapshot"]
    print(
        f"build: Pyodide snapshot {'made' if manifest['snapshot_remade'] else 'unchanged'}: "
        f"{snap['modules']} modules, {snap['bytes'] / 1e6:.1f} MB, {snap['gzip_bytes'] / 1e6:.1f} MB gzip"
        + (f", not importable under Node: {snap['not_importable']}" if snap["not_importable"] else "")
    )
    if args.site:
        files = assemble_site(args.site)
        print(f"build: site in {args.site}: {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
