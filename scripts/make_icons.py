#!/usr/bin/env python3
"""Draw the app icons in static/icons/ from the project's own card art (static/js/cardart.js).

The icon is the Settebello (the seven of coins, 7D) on the green cloth of the table, tilted
like a card just played, over a second card's back. The SVG is written from cardSVG/backSVG
(run in Chromium), then rendered to PNG at 192 and 512 pixels. The PNGs are committed, so
this only runs when the art changes:

    .venv/bin/python scripts/make_icons.py

Writes static/icons/icon.svg, icon-192.png, icon-512.png (full-bleed, so they also serve
as "maskable" icons: the card stays inside the central 80 % safe zone).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")

# Built in the page: cardart.js's SVGs nested in one 512 x 512 SVG.
ICON_JS = """async () => {
  const { cardSVG, backSVG } = await import("./static/js/cardart.js");
  const inner = (svg) => svg.replace(/^<svg[^>]*>/, "").replace(/<\\/svg>\\s*$/, "");
  const card = (svg, x, y, angle) =>
    `<g transform="rotate(${angle} 256 256)"><svg x="${x}" y="${y}" width="200" height="320" ` +
    `viewBox="0 0 200 320">${inner(svg)}</svg></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` +
    `<defs><radialGradient id="cloth" cx="50%" cy="45%" r="70%">` +
    `<stop offset="0" stop-color="#2f7d4a"/><stop offset="1" stop-color="#174f2c"/></radialGradient></defs>` +
    `<rect width="512" height="512" fill="url(#cloth)"/>` +
    card(backSVG(), 176, 104, 14) + card(cardSVG("7D"), 136, 96, -8) + `</svg>`;
}"""


def _serve():
    spec = importlib.util.spec_from_file_location("_serve", ROOT / "scripts" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    from playwright.sync_api import sync_playwright

    server, url = _serve().start_in_thread(ROOT, "127.0.0.1", 0, quiet=True)
    ICONS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--disable-gpu"])
            page = browser.new_page()
            page.goto(url + "/pyscript.toml")  # any file at the site root, for the import
            svg = page.evaluate(ICON_JS)
            (ICONS / "icon.svg").write_text(svg + "\n", encoding="utf-8")
            for size in (192, 512):
                shot = browser.new_page(viewport={"width": size, "height": size})
                shot.set_content(
                    "<style>html,body{margin:0;background:#174f2c}svg{display:block;"
                    f"width:{size}px;height:{size}px}}</style>{svg}"
                )
                shot.screenshot(path=str(ICONS / f"icon-{size}.png"))
                shot.close()
            browser.close()
    finally:
        server.shutdown()
    for name in ("icon.svg", "icon-192.png", "icon-512.png"):
        print(f"make_icons: wrote static/icons/{name} ({(ICONS / name).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
