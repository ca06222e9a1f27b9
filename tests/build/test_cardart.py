"""static/js/cardart.js: every card, in every variant, is a valid self-contained SVG.

The ES module is run in Node (imported from a data: URL, so no package.json "type" is needed)
and its output is dumped as JSON; the checks are made here with xml.etree.
"""

from __future__ import annotations

import json
import subprocess
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CARDART = ROOT / "static" / "js" / "cardart.js"
SVG_NS = "{http://www.w3.org/2000/svg}"
CODES = [f"{r}{s}" for s in "DCBS" for r in range(1, 11)]
VARIANTS = {
    "plain": {},
    "french": {"french": True},
    "hc": {"highContrast": True},
    "french_hc": {"french": True, "highContrast": True},
}

DUMP = r"""
const fs = await import('node:fs');
const src = fs.readFileSync(process.argv[1], 'utf8');
const m = await import('data:text/javascript;base64,' + Buffer.from(src).toString('base64'));
const variants = JSON.parse(process.argv[2]);
const out = { SUITS: m.SUITS, RANKS: m.RANKS, cards: {}, back: m.backSVG(),
              backHC: m.backSVG({ highContrast: true }), dataURL: m.cardDataURL('7D'),
              svg7D: m.cardSVG('7D'), bad: {} };
const codes = m.SUITS.flatMap((s) => m.RANKS.map((r) => `${r}${s}`));
for (const [name, opts] of Object.entries(variants)) {
  out.cards[name] = Object.fromEntries(codes.map((c) => [c, m.cardSVG(c, opts)]));
}
for (const bad of ['', '0D', '11C', '7X', 'D7', '7d', ' 7D', '1', 'back']) {
  try { m.cardSVG(bad); out.bad[bad] = 'returned'; } catch (e) { out.bad[bad] = 'threw'; }
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def dump(node):
    res = subprocess.run(
        [node, "--input-type=module", "-e", DUMP, str(CARDART), json.dumps(VARIANTS)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def _check_svg(markup: str) -> ET.Element:
    root = ET.fromstring(markup)  # raises on malformed XML
    assert root.tag == SVG_NS + "svg"
    assert root.get("viewBox") == "0 0 200 320"
    assert root.get("width") is None and root.get("height") is None, "size must come from CSS"
    # Self-contained: nothing fetched, no fonts or images loaded, no ids that could clash.
    for bad in ("<image", "href", "url(", "@import", "@font-face", "<script", "<foreignObject"):
        assert bad not in markup, bad
    assert "http" not in markup.replace('xmlns="http://www.w3.org/2000/svg"', "")
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert ids == [], f"ids would clash between cards on one page: {ids[:5]}"
    return root


def test_module_size_is_compact():
    assert CARDART.stat().st_size < 60_000


def test_suits_and_ranks(dump):
    assert dump["SUITS"] == ["D", "C", "B", "S"]
    assert dump["RANKS"] == list(range(1, 11))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_card_is_a_valid_svg(dump, variant):
    cards = dump["cards"][variant]
    assert sorted(cards) == sorted(CODES)
    for code, markup in cards.items():
        root = _check_svg(markup)
        assert root.get("data-card") == code
        # The corner index prints the rank (8, 9, 10 for the figures, as Italian decks do).
        texts = [el.text for el in root.iter(SVG_NS + "text")]
        assert texts and all(t == code[:-1] for t in texts), (code, texts)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_all_forty_cards_differ(dump, variant):
    cards = dump["cards"][variant]
    assert len(set(cards.values())) == 40


def test_variants_really_differ(dump):
    plain = dump["cards"]["plain"]
    for name in ("french", "hc", "french_hc"):
        other = dump["cards"][name]
        assert all(plain[c] != other[c] for c in CODES), name
    assert dump["cards"]["french"]["7D"] != dump["cards"]["french_hc"]["7D"]


def test_high_contrast_is_a_white_card_with_black_outlines(dump):
    for code in ("1D", "5C", "9B", "10S"):
        root = ET.fromstring(dump["cards"]["hc"][code])
        card = root.find(SVG_NS + "rect")
        assert card.get("fill").lower() in ("#fff", "#ffffff")
        assert 'stroke="#000000"' in dump["cards"]["hc"][code]


def test_figures_are_drawn_bigger_than_pips(dump):
    # A figure is a drawing (many shapes), not a handful of pips: a crude but real check
    # that 8/9/10 got their Fante / Cavallo / Re and differ from each other.
    for s in "DCBS":
        sizes = [len(ET.fromstring(dump["cards"]["plain"][f"{r}{s}"]).findall(f".//{SVG_NS}path")) for r in (8, 9, 10)]
        assert min(sizes) >= 15, (s, sizes)


def test_back_and_data_url(dump):
    _check_svg(dump["back"])
    _check_svg(dump["backHC"])
    url = dump["dataURL"]
    prefix = "data:image/svg+xml;charset=utf-8,"
    assert url.startswith(prefix)
    assert urllib.parse.unquote(url[len(prefix):]) == dump["svg7D"]


def test_bad_codes_throw(dump):
    assert dump["bad"] and set(dump["bad"].values()) == {"threw"}, dump["bad"]
