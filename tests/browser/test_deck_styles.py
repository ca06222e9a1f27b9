"""The deck styles (issue 24, static/js/deck.js and static/js/decks/): every card of every deck
(40, 52 and 80 cards, second copies included) is drawn in every style, as a picture the browser
shows, with the same accessible name in every style; a style changes the table's cards and not
their names; the choice is remembered across a reload; the first load fetches no style but the
default, and every style's module is in the offline cache's list."""

from __future__ import annotations

import re

from harness import settled, wait_for_engine
from site_helpers import load_build

STYLES = ["napoletane", "piacentine", "siciliane", "trevigiane", "bergamasche", "french"]

# In the page: for each style, for each deck Python describes, every card's SVG (parsed, counted,
# shown as an <img>), its style mark and its name.
DRAW_ALL = """async (styles) => {
  const deck = await import("./static/js/deck.js");
  const { info } = await import("./static/js/store.js");
  const { cardName } = await import("./static/js/i18n.js");
  const before = deck.deckOptions();
  const out = { ids: deck.STYLES.map((s) => s.id), keys: deck.STYLES.map((s) => s.nameKey), decks: {} };
  const show = (svg) => new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0 && img.naturalHeight > img.naturalWidth);
    img.onerror = () => resolve(false);
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  });
  for (const size of Object.keys(info().decks)) {
    out.decks[size] = {};
    for (const id of styles) {
      await deck.setStyle(id);
      deck.setDeck({ deck: Number(size) });
      const cards = {};
      for (const { code } of info().decks[size].cards) {
        const svg = deck.artSVG(code);
        const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
        const root = doc.documentElement;
        cards[code] = {
          svg, name: cardName(code), tag: root.localName, error: doc.querySelector("parsererror") !== null,
          shapes: root.querySelectorAll("path, circle, ellipse, rect").length, style: root.getAttribute("data-style"),
          shown: await show(svg), second: root.querySelector('[data-mark="second"]') !== null,
        };
      }
      out.decks[size][id] = cards;
    }
  }
  deck.setDeck(before);
  return out;
}"""


def test_every_card_of_every_deck_is_drawn_in_every_style_with_the_same_name(table_page):
    page = table_page("fast=1&seed=5")
    got = page.evaluate(DRAW_ALL, STYLES)
    assert got["ids"] == STYLES and got["keys"] == [f"deckstyle.{s}" for s in STYLES]
    assert sorted(got["decks"], key=int) == ["40", "52", "80"]
    for size, by_style in got["decks"].items():
        codes = list(by_style["napoletane"])
        assert len(codes) == int(size), (size, len(codes))
        if size == "80":
            assert sum(c.endswith("'") for c in codes) == 40
        for style, cards in by_style.items():
            assert list(cards) == codes
            for code, c in cards.items():
                where = f"{code} of the {size}-card deck in {style}"
                assert c["tag"] == "svg" and not c["error"], where
                assert c["style"] == style, where
                assert c["shapes"] >= 3, f"{where}: an empty picture ({c['shapes']} shapes)"
                assert c["shown"], f"{where}: the browser cannot show it"
                assert c["second"] == code.endswith("'"), f"{where}: the second deck's mark"
                # the screen reader's name is the style's business in no style
                assert c["name"] == by_style["napoletane"][code]["name"], where
                assert c["name"] != code, f"{where}: no name"
            assert len({c["svg"] for c in cards.values()}) == len(codes), f"two cards look alike in {style} ({size})"
        # each style really is another look: most cards differ from the same card in every other style
        for i, a in enumerate(STYLES):
            for b in STYLES[i + 1:]:
                same = [code for code in codes if by_style[a][code]["svg"].replace(a, "") == by_style[b][code]["svg"].replace(b, "")]
                assert not same, f"{a} and {b} draw these {size}-deck cards alike: {same[:5]}"
    # a 40-card game in French suits keeps the Italian suits' names
    assert got["decks"]["40"]["french"]["7D"]["name"] == got["decks"]["40"]["napoletane"]["7D"]["name"]
    assert "Coins" in got["decks"]["40"]["french"]["7D"]["name"]


def _table_cards(page):
    return page.evaluate("""() => [...document.querySelectorAll('#felt button.card[data-card]')].map((b) =>
        ({ code: b.dataset.card, name: b.getAttribute('aria-label'), src: b.querySelector('.card__face').src }))""")


# the pictures of every back on the table: the mazzo's, an opponent's hand's, and the cards' own
BACKS = """() => [...document.querySelectorAll('#felt .card--down:not([data-card]) > img, #felt .card__back')].map((i) => i.src)"""


def test_choosing_a_style_redraws_the_table_and_keeps_the_names(table_page):
    page = table_page("fast=1&seed=9")
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")  # the table still
    settled(page)
    before = _table_cards(page)
    assert before and all("data-style%3D%22napoletane" in c["src"] for c in before)
    backs_before = page.evaluate(BACKS)[0]
    for style in STYLES[1:]:
        page.evaluate("""async (id) => {
            window.__styled = null;
            document.addEventListener('deckstyle', (e) => { window.__styled = e.detail.id; }, { once: true });
            await (await import('./static/js/deck.js')).setStyle(id);
        }""", style)
        assert page.evaluate("window.__styled") == style
        settled(page)
        after = _table_cards(page)
        assert [(c["code"], c["name"]) for c in after] == [(c["code"], c["name"]) for c in before]
        assert all(f"data-style%3D%22{style}" in c["src"] for c in after), style
        # every back too, the mazzo's and the opponent's hand's (the tablet review: they kept the
        # old style until the next deal, beside a pile already in the new one)
        backs = page.evaluate(BACKS)
        assert len(backs) > 3 and len(set(backs)) == 1 and backs[0] != backs_before, style
        backs_before = backs[0]
        assert page.evaluate("document.documentElement.dataset.deckstyle") == style
        assert page.evaluate("localStorage.getItem('settebello.deckstyle:/')") == style


def test_the_style_is_remembered_across_a_reload_and_loaded_only_when_chosen(page, base_url, network_log):
    page.goto(base_url + "index.html?sw=off&fast=1&seed=4")
    wait_for_engine(page)
    page.wait_for_selector("#felt button.card[data-card]")
    decks = lambda: [u for u in network_log.urls() if "/static/js/decks/" in u]  # noqa: E731
    assert decks() == [], "the first load fetched a style that is not shown"
    assert page.evaluate("(async () => (await import('./static/js/deck.js')).style())()") == "napoletane"
    page.evaluate("async () => { await (await import('./static/js/deck.js')).setStyle('trevigiane'); }")
    assert sorted(re.sub(r".*/decks/", "", u) for u in decks()) == ["common.js", "trevigiane.js"]
    page.reload()
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.deckstyle === 'trevigiane'")
    page.wait_for_function("""() => { const c = document.querySelector('#felt button.card[data-card] .card__face');
        return c && c.src.includes('data-style%3D%22trevigiane'); }""")
    assert page.evaluate("(async () => (await import('./static/js/deck.js')).style())()") == "trevigiane"
    # the address's ?style= shows another for this page only, and leaves the choice as it was
    page.goto(base_url + "index.html?sw=off&fast=1&seed=4&style=siciliane")
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.deckstyle === 'siciliane'")
    assert page.evaluate("localStorage.getItem('settebello.deckstyle:/')") == "trevigiane"


def test_every_style_module_is_cached_for_offline_play():
    files = load_build().precache_list()["files"]
    for name in ["common", *STYLES[1:]]:
        assert f"static/js/decks/{name}.js" in files, name


def test_the_replay_viewer_draws_in_the_chosen_style_and_redraws_when_it_changes(page, base_url, tmp_path):
    import json

    from test_records_page import _finished_match, to_record
    from site_helpers import wait_ready

    path = tmp_path / "scopa.json"
    path.write_text(json.dumps(to_record(_finished_match("scopa", 3), "scopa")))
    page.goto(base_url + "static/replay.html?lang=en&style=piacentine")
    wait_ready(page)
    page.locator("#rp-file").set_input_files(str(path))
    page.locator("#rp-pos").wait_for()
    page.get_by_role("button", name="Forward one play").click()
    shown = lambda: page.evaluate("""() => [...document.querySelectorAll('#rp-seats .rp-card, #rp-table .rp-card')].map((c) =>
        [c.dataset.card, c.getAttribute('aria-label'), c.querySelector('svg').getAttribute('data-style')])""")  # noqa: E731
    before = shown()
    assert before and {s for _, _, s in before} == {"piacentine"}
    page.evaluate("async () => { await (await import('./js/deck.js')).setStyle('siciliane'); }")
    after = shown()
    assert [(c, n) for c, n, _ in after] == [(c, n) for c, n, _ in before]
    assert {s for _, _, s in after} == {"siciliane"}
