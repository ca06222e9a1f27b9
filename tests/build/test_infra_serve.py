"""scripts/serve.py: MIME types, cache headers, 304s and the py.zip rebuild on request."""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from loader import load

ROOT = Path(__file__).resolve().parents[2]
serve = load("scripts/serve.py")


@pytest.fixture
def site(tmp_path):
    files = {
        "index.html": "<!doctype html><title>t</title>",
        "static/a.mjs": "export {}",
        "static/a.js": "1",
        "static/r.wasm": "\0asm",
        "static/c.svg": "<svg/>",
        "static/app.webmanifest": "{}",
        "pyscript.toml": "x = 1",
        "static/bridge.py": "x = 1",
        "static/vendor/pyodide/pyodide.mjs": "export {}",
        "py/scopa/__init__.py": "V = 1\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    server, url = serve.start_in_thread(tmp_path, "127.0.0.1", 0, quiet=True)
    yield tmp_path, url
    server.shutdown()
    server.server_close()


# Asking for py.zip builds it, and the build compiles each module under Node's Pyodide: seconds on
# an idle machine, a minute or more on a busy one (a 10 s limit failed there).
REQUEST_TIMEOUT_S = 300


def _get(url, headers=None):
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=REQUEST_TIMEOUT_S) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, b""


@pytest.mark.parametrize("path, mime", [
    ("/", "text/html"),
    ("/static/a.mjs", "text/javascript"),
    ("/static/a.js", "text/javascript"),
    ("/static/r.wasm", "application/wasm"),
    ("/static/c.svg", "image/svg+xml"),
    ("/static/app.webmanifest", "application/manifest+json"),
    ("/pyscript.toml", "text/plain"),
    ("/static/bridge.py", "text/plain"),
])
def test_mime_types(site, path, mime):
    status, headers, _ = _get(site[1] + path)
    assert status == 200
    assert headers["Content-Type"].split(";")[0] == mime


def test_cache_headers_and_revalidation(site):
    _, url = site
    _, headers, _ = _get(url + "/static/vendor/pyodide/pyodide.mjs")
    assert headers["Cache-Control"] == "public, max-age=3600"
    status, headers, _ = _get(url + "/static/a.js")
    assert headers["Cache-Control"] == "no-cache"
    status, _, body = _get(url + "/static/a.js", {"If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and body == b""


def test_missing_file_is_404(site):
    assert _get(site[1] + "/nope.js")[0] == 404


def test_py_zip_is_built_and_rebuilt_on_request(site):
    root, url = site
    status, headers, body = _get(url + "/static/vendor/py.zip")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    zip_path = root / "static" / "vendor" / "py.zip"
    assert zipfile.ZipFile(zip_path).read("scopa/__init__.py") == b"V = 1\n"
    new = root / "py" / "scopa" / "extra.py"
    new.write_text("E = 1\n")
    later = time.time() + 10
    os.utime(new, (later, later))
    _get(url + "/static/vendor/py.zip")
    assert "scopa/extra.py" in zipfile.ZipFile(zip_path).namelist()
