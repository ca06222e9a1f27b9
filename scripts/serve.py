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

Usage:  python3 scripts/serve.py [--host 127.0.0.1] [--port 8000] [--root DIR] [--quiet]
        PORT=9000 python3 scripts/serve.py
"""

from __future__ import annotations

import argparse
import functools
import http.server
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

# URL path prefixes whose content only changes with the npm pins.
LONG_CACHE_PREFIXES = ("/static/vendor/pyodide/", "/static/vendor/pyscript/")
PY_ZIP_PATH = "/static/vendor/py.zip"


def _load_build():
    spec = importlib.util.spec_from_file_location("_settebello_build", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_build = _load_build()
_zip_lock = threading.Lock()


class Handler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler with our MIME types, cache headers and py.zip rebuild."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
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
        return super().send_head()

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
                quiet: bool = False) -> Server:
    """A server bound to (host, port); port 0 picks a free port (see server.server_address)."""
    handler = type("BoundHandler", (Handler,), {"quiet": quiet})
    return Server((host, port), functools.partial(handler, directory=str(root)))


def start_in_thread(root: Path | str = ROOT, host: str = "127.0.0.1", port: int = 0,
                    quiet: bool = True) -> tuple[Server, str]:
    """Start a server in a daemon thread; returns (server, base_url). Stop: server.shutdown()."""
    server = make_server(root, host, port, quiet)
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
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.host, args.port, args.quiet)
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
