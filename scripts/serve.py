#!/usr/bin/env python3
"""A small static file server for the repo root (stdlib only).

Used by ``scripts/serve`` (the developer's command) and by the browser tests
(``tests/browser/conftest.py`` starts it in a thread on a free port), so both serve the
site the same way GitHub Pages would: plain files, no COOP/COEP headers.

- Correct MIME types for .mjs, .wasm, .svg, .webmanifest, .toml, .py ...
- Cache headers: the vendored runtime (static/vendor/pyodide/, static/vendor/pyscript/)
  changes only when package.json's pins change, so it may be cached for an hour; everything
  else (HTML, CSS, JS, bridge.py, py.zip) is ``no-cache``: the browser revalidates and gets
  a 304 when nothing changed, so an edit shows on the next reload.
- ``static/vendor/py.zip`` is rebuilt on request when a file under py/ changed, so an
  engine edit needs no build step while the server runs.
- ``--gzip``: compress responses as GitHub Pages does (``Content-Encoding: gzip`` when the
  browser accepts it): text (HTML, CSS, JS, JSON, TOML, Python, SVG, the manifest) and
  WebAssembly; never files that are compressed already (.zip, .gz, .png, .woff2). Off by
  default (the tests and ``benchmarks/load.py`` measure loopback times without it);
  ``benchmarks/load_net.py`` uses it to count the bytes a first visit really downloads.

Usage:  python3 scripts/serve.py [--host 127.0.0.1] [--port 8000] [--root DIR] [--quiet] [--gzip]
        PORT=9000 python3 scripts/serve.py
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import importlib.util
import os
import socket
import socketserver
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".woff2": "font/woff2",
}

# What --gzip compresses, as GitHub Pages does: text and WebAssembly. A file that is compressed
# already (application/zip, application/gzip, image/png, font/woff2) is sent as it is.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "image/svg+xml", "application/wasm", "application/xml")
GZIP_LEVEL = 6  # what web servers use by default

# URL path prefixes whose content only changes with the npm pins (node_modules/pyodide/: the
# stock Pyodide of the benchmarks' bare page, cached as the game's copy is).
LONG_CACHE_PREFIXES = ("/static/vendor/pyodide/", "/static/vendor/pyscript/", "/node_modules/pyodide/")
PY_ZIP_PATH = "/static/vendor/py.zip"


def _load_build():
    spec = importlib.util.spec_from_file_location("_settebello_build", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_build = _load_build()
_zip_lock = threading.Lock()


_gzipped: dict[tuple[str, int, int], bytes] = {}  # (path, mtime_ns, size) -> gzip body
_gzip_lock = threading.Lock()


def gzip_body(path: str, st: os.stat_result) -> bytes:
    """The file's bytes gzip-compressed, made once per version of the file."""
    key = (path, st.st_mtime_ns, st.st_size)
    with _gzip_lock:
        body = _gzipped.get(key)
    if body is None:
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=GZIP_LEVEL, mtime=0)
        with _gzip_lock:
            _gzipped[key] = body
    return body


class Handler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with our MIME types, cache headers, py.zip rebuild and gzip."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    gzip = False  # --gzip: compress text and wasm as GitHub Pages does
    protocol_version = "HTTP/1.1"  # keep-alive: many small files, as a real host does

    def setup(self):
        super().setup()
        # Headers and body go out in separate writes: with Nagle's algorithm on, the body of
        # every response after the first on a kept-alive connection waits for the browser's
        # delayed ACK (~40 ms each; ~0.4 s of a first visit's 57 requests on 6 connections).
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == PY_ZIP_PATH and Path(self.directory, "py").is_dir():
            with _zip_lock:
                _build.ensure_py_zip(
                    Path(self.directory) / "py", Path(self.directory) / PY_ZIP_PATH.lstrip("/")
                )
        if self.gzip:
            head = self._send_gzip_head()
            if head is not None:
                return head
        return super().send_head()

    def _send_gzip_head(self):
        """send_head for a compressible file asked with Accept-Encoding gzip; None otherwise."""
        accepts = self.headers.get("Accept-Encoding", "")
        if "gzip" not in [part.split(";")[0].strip() for part in accepts.split(",")]:
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # the folder's page, as the stdlib serves it
        if not os.path.isfile(path):
            return None  # a folder without its slash (redirected), a 404: the stdlib's way
        ctype = self.guess_type(path)
        if not ctype.startswith(COMPRESSIBLE):
            return None
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                when = email.utils.parsedate_to_datetime(since)
            except (TypeError, IndexError, OverflowError, ValueError):
                when = None
            if when is not None and int(st.st_mtime) <= when.timestamp():
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return io.BytesIO(b"")
        body = gzip_body(path, st)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        if path.startswith(LONG_CACHE_PREFIXES):
            self.send_header("Cache-Control", "public, max-age=3600")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        if not self.quiet:
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 8000,
                quiet: bool = False, gzip: bool = False) -> Server:
    """A server bound to (host, port); port 0 picks a free port (see server.server_address).
    gzip: compress as GitHub Pages does (see COMPRESSIBLE)."""
    handler = type("BoundHandler", (Handler,), {"quiet": quiet, "gzip": gzip})
    return Server((host, port), functools.partial(handler, directory=str(root)))


def start_in_thread(root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 0,
                    quiet: bool = True, gzip: bool = False) -> tuple[Server, str]:
    """Start a server in a daemon thread; returns (server, base_url). Stop: server.shutdown()."""
    server = make_server(root, host, port, quiet, gzip)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    bound_host, bound_port = server.server_address[:2]
    return server, f"http://{bound_host}:{bound_port}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the repo root as static files.")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    parser.add_argument("--gzip", action="store_true",
                        help="compress text and wasm as GitHub Pages does (Content-Encoding: gzip)")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.host, args.port, args.quiet, args.gzip)
    except OSError as err:
        print(f"serve: cannot listen on {args.host}:{args.port}: {err.strerror} "
              f"(another server running? try PORT=8001)", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"Settebello is served at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
