"""static/js/cardart.js: every card of every deck (40, 52, 80), in every variant, is a valid
self-contained SVG, and the decks differ where a player would see it: the 52-card deck's 8, 9, 10
are pips and its courts show letters, the 80-card deck's second copies carry a mark, the French 9
is a queen, the second deck's back is another colour.

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
# Written here, not read from the module: what each deck must draw.
DECK_CODES = {
    40: CODES,
    52: [f"{r}{s}" for s in "DCBS" for r in range(1, 14)],
    80: CODES + [c + "'" for c in CODES],
}
COURT_LETTERS = {False: {11: "F", 12: "C", 13: "R"}, True: {11: "J", 12: "Q", 13: "K"}}
BAD = {
    40: ["", "0D", "11C", "7X", "D7", "7d", " 7D", "1", "back", "07D", "7D'", "13S"],
    52: ["0D", "14D", "7D'", "11D'", "7X", "D7", "back", "011D"],
    80: ["11D", "13S", "7D''", "'7D", "7D\"", "0D'", "7X'", "back", "back'"],
}
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
const variants = JSON.parse(process.argv[2]), bad = JSON.parse(process.argv[3]);
const out = { SUITS: m.SUITS, RANKS: m.RANKS, DECK_RANKS: m.DECK_RANKS, codes: {}, cards: {},
              back: m.backSVG(), backHC: m.backSVG({ highContrast: true }),
              back2: m.backSVG({ second: true }), back2HC: m.backSVG({ highContrast: true, second: true }),
              dataURL: m.cardDataURL('7D'), svg7D: m.cardSVG('7D'),
              dataURL52: m.cardDataURL('12C', { deck: 52, french: true }), svg12C: m.cardSVG('12C', { deck: 52, french: true }),
              dataURLback2: m.cardDataURL('back', { second: true }), bad: {} };
// Deck 40 first, then 52 and 80: a cache that forgot the deck would hand 52's 8D the Fante.
for (const deck of [40, 52, 80]) {
  out.codes[deck] = m.deckCodes(deck);
  out.cards[deck] = {};
  for (const [name, opts] of Object.entries(variants)) {
    out.cards[deck][name] = Object.fromEntries(out.codes[deck].map((c) => [c, m.cardSVG(c, { ...opts, deck })]));
  }
}
const attempt = (f) => { try { f(); return 'returned'; } catch (e) { return String(e.message); } };
for (const [deck, codes] of Object.entries(bad)) {
  out.bad[deck] = Object.fromEntries(codes.map((c) => [c, attempt(() => m.cardSVG(c, deck === '40' ? undefined : { deck: +deck }))]));
}
out.badDeck = attempt(() => m.cardSVG('7D', { deck: 60 }));
out.badDeckCodes = attempt(() => m.deckCodes(41));
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def dump(node):
    res = subprocess.run(
        [node, "--input-type=module", "-e", DUMP, str(CARDART), json.dumps(VARIANTS), json.dumps(BAD)],
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


def _rank(code: str) -> int:
    return int(code.rstrip("'")[:-1])


def _texts(root: ET.Element) -> list[str]:
    return [el.text for el in root.iter(SVG_NS + "text")]


def _is_symbol(el: ET.Element) -> bool:
    """A suit symbol as drawn (a pip, the index's suit, a figure's held suit): a translated, scaled group."""
    t = el.get("transform") or ""
    return el.tag == SVG_NS + "g" and t.startswith("translate(") and "scale(" in t


def _without(root: ET.Element, drop) -> str:
    """The markup with every element `drop` accepts taken out (and the data-card label)."""
    root = ET.fromstring(ET.tostring(root))
    for parent in list(root.iter()):
        for child in list(parent):
            if drop(child):
                parent.remove(child)
    root.attrib.pop("data-card", None)
    return ET.tostring(root, encoding="unicode")


def test_module_size_is_compact():
    assert CARDART.stat().st_size < 60_000


def test_suits_and_ranks(dump):
    assert dump["SUITS"] == ["D", "C", "B", "S"]
    assert dump["RANKS"] == list(range(1, 11))
    assert dump["DECK_RANKS"] == {"40": list(range(1, 11)), "52": list(range(1, 14)), "80": list(range(1, 11))}


@pytest.mark.parametrize("deck", [40, 52, 80])
def test_each_deck_draws_its_cards(dump, deck):
    assert dump["codes"][str(deck)] == DECK_CODES[deck]


@pytest.mark.parametrize("deck", [40, 52, 80])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_card_is_a_valid_svg(dump, deck, variant):
    cards = dump["cards"][str(deck)][variant]
    assert sorted(cards) == sorted(DECK_CODES[deck])
    french = VARIANTS[variant].get("french", False)
    for code, markup in cards.items():
        root = _check_svg(markup)
        assert root.get("data-card") == code
        # The corner index, top and bottom: the rank's number (8, 9, 10 for the 40-card deck's
        # figures, as Italian decks do), the 52-card deck's courts a letter, a French Ace "A" (issue 45).
        rank = _rank(code)
        label = COURT_LETTERS[french][rank] if deck == 52 and rank > 10 else "A" if french and rank == 1 else str(rank)
        assert _texts(root) == [label, label], (code, _texts(root))


@pytest.mark.parametrize("deck", [40, 52, 80])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_all_cards_of_a_deck_differ(dump, deck, variant):
    cards = dump["cards"][str(deck)][variant]
    assert len(set(cards.values())) == len(DECK_CODES[deck])


def test_variants_really_differ(dump):
    for deck in ("40", "52", "80"):
        plain = dump["cards"][deck]["plain"]
        for name in ("french", "hc", "french_hc"):
            other = dump["cards"][deck][name]
            assert all(plain[c] != other[c] for c in plain), (deck, name)
    assert dump["cards"]["40"]["french"]["7D"] != dump["cards"]["40"]["french_hc"]["7D"]


def test_high_contrast_is_a_white_card_with_black_outlines(dump):
    for deck, code in (("40", "1D"), ("40", "5C"), ("40", "9B"), ("40", "10S"), ("52", "10D"), ("52", "13S"), ("80", "9B'")):
        markup = dump["cards"][deck]["hc"][code]
        card = ET.fromstring(markup).find(SVG_NS + "rect")
        assert card.get("fill").lower() in ("#fff", "#ffffff")
        assert 'stroke="#000000"' in markup


def test_figures_are_drawn_bigger_than_pips(dump):
    # A figure is a drawing (many shapes), not a handful of pips: a crude but real check
    # that 8/9/10 got their Fante / Cavallo / Re and differ from each other.
    for s in "DCBS":
        sizes = [len(ET.fromstring(dump["cards"]["40"]["plain"][f"{r}{s}"]).findall(f".//{SVG_NS}path")) for r in (8, 9, 10)]
        assert min(sizes) >= 15, (s, sizes)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_pip_cards_show_as_many_pips_as_their_rank(dump, variant):
    # Every suit symbol on a pip card is a pip but the two of the corner index. Counted on the
    # 52-card deck's 1 to 10: its 8, 9 and 10 are pip cards, not the 40-card deck's figures.
    for code, markup in dump["cards"]["52"][variant].items():
        rank = _rank(code)
        if rank <= 10:
            symbols = [el for el in ET.fromstring(markup).iter() if _is_symbol(el)]
            assert len(symbols) == rank + 2, (code, len(symbols))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_52_deck_differs_from_the_40_where_it_should(dump, variant):
    forty, fifty2 = dump["cards"]["40"][variant], dump["cards"]["52"][variant]
    for s in "DCBS":
        for r in range(1, 8):   # the same pip cards
            assert fifty2[f"{r}{s}"] == forty[f"{r}{s}"], (r, s)
        for r in (8, 9, 10):    # pips in the 52, figures in the 40
            assert fifty2[f"{r}{s}"] != forty[f"{r}{s}"], (r, s)
            count = lambda markup: sum(map(_is_symbol, ET.fromstring(markup).iter()))  # noqa: E731
            assert (count(fifty2[f"{r}{s}"]), count(forty[f"{r}{s}"])) == (r + 2, 3), (r, s)  # the figure holds one
        for court, figure in ((11, 8), (12, 9), (13, 10)):   # the courts are the figures, but for the index
            drop = lambda el: _is_index(el)  # noqa: E731
            assert _without(ET.fromstring(fifty2[f"{court}{s}"]), drop) == _without(ET.fromstring(forty[f"{figure}{s}"]), drop)


def test_the_french_nine_is_a_queen_not_the_horseman(dump):
    # With the suit symbols and the index taken out, what is left is the figure: the French
    # Fante and Re are the Italian ones, the French 9 is another drawing (the queen), the same
    # in both decks (the 52-card deck's 12).
    def figure(deck, variant, code):
        return _without(ET.fromstring(dump["cards"][deck][variant][code]), lambda el: _is_symbol(el) or _is_index(el))
    for s in "DCBS":
        assert figure("40", "french", f"8{s}") == figure("40", "plain", f"8{s}")
        assert figure("40", "french", f"10{s}") == figure("40", "plain", f"10{s}")
        assert figure("40", "french", f"9{s}") != figure("40", "plain", f"9{s}")
        assert figure("40", "french", f"9{s}") == figure("52", "french", f"12{s}")
        assert figure("52", "plain", f"12{s}") == figure("40", "plain", f"9{s}")


def _is_index(el) -> bool:
    """The corner index's own marks: its number or letter, and a 6's or 9's underline."""
    return el.tag == SVG_NS + "text" or el.get("data-underline") is not None


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_six_and_a_nine_are_underlined_in_both_corners(dump, variant):
    """A turned 9 must not read as a 6 (review of 2026-11-30: the Knight of Swords' bottom corner
    read "6"): the index of every 6 and 9 is underlined, top and turned, and no other index is."""
    for deck in ("40", "52", "80"):
        for code, markup in dump["cards"][deck][variant].items():
            svg = ET.fromstring(markup)
            labels = [el.text for el in svg.iter(SVG_NS + "text")]
            lines = [el for el in svg.iter() if el.get("data-underline") is not None]
            if not labels:
                assert not lines, (deck, variant, code)  # a style without corner indices
                continue
            assert len(lines) == (2 if labels[0] in ("6", "9") else 0), (deck, variant, code, labels)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_second_copy_is_its_first_copy_plus_a_mark(dump, variant):
    cards, forty = dump["cards"]["80"][variant], dump["cards"]["40"][variant]
    for code in CODES:
        assert cards[code] == forty[code], code       # the first copies are the 40-card deck
        second = ET.fromstring(cards[code + "'"])
        assert second.get("data-card") == code + "'"
        marks = [el for el in second if el.get("data-mark") is not None]
        assert len(marks) == 1, code
        # Top and bottom, drawn over everything else, visible (filled shapes, not empty).
        assert list(second)[-1] is marks[0]
        assert len(marks[0].findall(f".//{SVG_NS}rect")) == 2, code
        assert _without(second, lambda el: el.get("data-mark") is not None) == \
            _without(ET.fromstring(cards[code]), lambda el: False), code
    assert "data-mark" not in "".join(forty.values())


def test_back_and_data_url(dump):
    for key in ("back", "backHC", "back2", "back2HC"):
        assert _check_svg(dump[key]).get("data-card") == "back"
    prefix = "data:image/svg+xml;charset=utf-8,"
    for url, svg in ((dump["dataURL"], dump["svg7D"]), (dump["dataURL52"], dump["svg12C"]), (dump["dataURLback2"], dump["back2"])):
        assert url.startswith(prefix)
        assert urllib.parse.unquote(url[len(prefix):]) == svg


def _rgb(hexcolour: str) -> tuple[int, int, int]:
    h = hexcolour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def test_the_second_back_is_the_same_pattern_in_blue(dump):
    for first, second in ((dump["back"], dump["back2"]), (dump["backHC"], dump["back2HC"])):
        a, b = ET.fromstring(first).findall(SVG_NS + "rect")[1], ET.fromstring(second).findall(SVG_NS + "rect")[1]
        red, blue = _rgb(a.get("fill")), _rgb(b.get("fill"))
        assert red[0] > red[2] and blue[2] > blue[0], (red, blue)
        assert second != first and second.replace(b.get("fill"), a.get("fill")) == first


@pytest.mark.parametrize("deck", [40, 52, 80])
def test_bad_codes_throw_with_the_code(dump, deck):
    bad = dump["bad"][str(deck)]
    assert sorted(bad) == sorted(BAD[deck])
    for code, result in bad.items():
        assert result != "returned", code
        assert json.dumps(code) in result and f"{deck}-card deck" in result, (code, result)
    assert "unknown deck 60" in dump["badDeck"] and "unknown deck 41" in dump["badDeckCodes"]
