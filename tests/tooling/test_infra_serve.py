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


def test_gzip_compresses_text_and_wasm_as_github_pages_does(site):
    """--gzip (benchmarks/load_net.py): text and wasm go out gzip-compressed to a browser that
    accepts it, with the cache headers and 304s as before; an archive is sent as it is, and a
    client that does not accept gzip gets the plain file."""
    import gzip as gz

    root, _ = site
    (root / "static" / "big.js").write_text("const x = 1;\n" * 500)
    (root / "static" / "vendor" / "a.zip").write_bytes(b"PK\x03\x04" + bytes(2000))
    server, url = serve.start_in_thread(root, "127.0.0.1", 0, quiet=True, gzip=True)
    try:
        accept = {"Accept-Encoding": "gzip, deflate, br"}
        for path, plain in [("/static/big.js", "const x = 1;\n" * 500), ("/static/r.wasm", "\0asm"),
                            ("/", "<!doctype html><title>t</title>"), ("/pyscript.toml", "x = 1")]:
            status, headers, body = _get(url + path, accept)
            assert status == 200 and headers["Content-Encoding"] == "gzip", path
            assert headers["Vary"] == "Accept-Encoding"
            assert int(headers["Content-Length"]) == len(body)
            assert gz.decompress(body).decode() == plain, path
        _, headers, body = _get(url + "/static/big.js", accept)
        assert len(body) < 200 and headers["Cache-Control"] == "no-cache"
        status, _, body = _get(url + "/static/big.js", {**accept, "If-Modified-Since": headers["Last-Modified"]})
        assert status == 304 and body == b""
        _, headers, _ = _get(url + "/static/vendor/pyodide/pyodide.mjs", accept)
        assert headers["Cache-Control"] == "public, max-age=3600" and headers["Content-Encoding"] == "gzip"
        status, headers, body = _get(url + "/static/vendor/a.zip", accept)
        assert status == 200 and "Content-Encoding" not in headers and len(body) == 2004
        status, headers, body = _get(url + "/static/big.js")  # no Accept-Encoding
        assert "Content-Encoding" not in headers and body.decode() == "const x = 1;\n" * 500
        assert _get(url + "/nope.js", accept)[0] == 404
    finally:
        server.shutdown()
        server.server_close()
