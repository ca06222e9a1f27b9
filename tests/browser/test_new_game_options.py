"""Issue 29 in the New game dialog: a switch that changes the deal (misère deals all the cards,
O12, SB70) says the deal it gives and starts it at the table chosen; Punti a denari leaves the
primiera closed and says why (O8, SB70); a combination the engine refuses is said in the page's
language and changes nothing. And the dialog as a player reads it, in English, Italian and
Spanish, on a laptop and a phone: no raw key for any variant at any table, no word clipped, the
target and the lead side by side, opened at its top with the focus on its first control."""

import json
import os
import re
from pathlib import Path

import pytest

from harness import wait_for_engine
from playwright.sync_api import expect
from test_a11y import axe_violations

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "it", "es"]
LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}
SHOTS = "/tmp/newgame"  # screenshots to look at
os.makedirs(SHOTS, exist_ok=True)




def open_dialog(page):
    page.locator("#new").click()
    dialog = page.locator("#newgame-dialog")
    dialog.wait_for(state="visible")
    return dialog


def test_misere_in_the_dialog_says_and_deals_all_the_cards_at_the_table_chosen(table_page):
    page = table_page("fast=1&seed=3&level=random")
    dialog = open_dialog(page)
    dialog.locator("#ng-variant").select_option("scopa")
    dialog.locator("#ng-table").select_option("4/none")
    expect(dialog.locator("#ng-deal")).to_have_text("3 cards each, 4 on the table")
    dialog.locator(".ng-more summary").click()
    misere = dialog.locator('[data-option="misere"]')
    misere.check()
    expect(dialog.locator("#ng-deal")).to_have_text("9 cards each, 4 on the table")
    misere.uncheck()
    expect(dialog.locator("#ng-deal")).to_have_text("3 cards each, 4 on the table")
    misere.check()
    dialog.locator("#ng-start").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("settebello.view.players.length === 4 && settebello.view.rules.misere")
    assert page.evaluate("settebello.view.rules.hand_size") == 9
    expect(page.locator("#hand-cards .card")).to_have_count(9)


@pytest.mark.parametrize("lang, kind, level", [
    ("en", "Seat 2 (Team 2): who plays", "Seat 2 (Team 2): level"),
    ("it", "Posto 2 (Squadra 2): chi gioca", "Posto 2 (Squadra 2): livello")])
def test_a_seats_controls_name_its_team_to_a_screen_reader(table_page, lang, kind, level):
    """The team is written beside each seat; a screen reader reaching the seat's controls hears it
    too, not only "Seat 2: who plays"."""
    page = table_page(f"fast=1&seed=3&level=random&lang={lang}")
    dialog = open_dialog(page)
    dialog.locator("#ng-variant").select_option("scopone")
    expect(dialog.locator('[data-seat-kind="1"]')).to_have_attribute("aria-label", kind)
    expect(dialog.locator('[data-seat-level="1"]')).to_have_attribute("aria-label", level)
    expect(dialog.locator('[data-seat-kind="2"]')).to_have_attribute("aria-label", re.compile(r"\(\w+ 1\)"))
    # each computer shown with the name the table will call it by, and read with its level (the
    # review of 2026-12-01: "Carla" and "Dario" turned up at the table, never seen before)
    assert dialog.locator(".ng-seat__cname").all_inner_texts() == ["Bruno", "Carla", "Dario"]
    expect(dialog.locator('[data-seat-level="2"]')).to_have_accessible_description("Carla")
    # a table without teams keeps the plain words
    dialog.locator("#ng-variant").select_option("scopa")
    dialog.locator("#ng-table").select_option("2/none")
    expect(dialog.locator('[data-seat-kind="1"]')).to_have_attribute("aria-label", kind.replace(" (Team 2)", "").replace(" (Squadra 2)", ""))
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_punti_a_denari_closes_the_primiera_and_says_why(table_page):
    page = table_page("fast=1&seed=3&level=random")
    dialog = open_dialog(page)
    dialog.locator("#ng-variant").select_option("scopa")
    dialog.locator(".ng-more summary").click()
    primiera, scoring = dialog.locator('[data-option="primiera"]'), dialog.locator('[data-option="scoring"]')
    hint = dialog.locator("#ng-fixed-primiera")
    primiera.select_option("milanese")
    expect(hint).to_be_hidden()
    scoring.select_option("denari")
    expect(primiera).to_be_disabled()
    expect(primiera).to_have_value("none")
    expect(hint).to_have_text("Punti a denari counts no primiera.")
    scoring.select_option("standard")
    expect(primiera).to_be_enabled()
    expect(hint).to_be_hidden()
    scoring.select_option("denari")
    dialog.locator("#ng-start").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("settebello.view.rules.scoring === 'denari'")
    assert page.evaluate("settebello.view.rules.primiera") == "none"


def test_a_refused_combination_is_said_in_the_pages_language_and_changes_nothing(table_page):
    """An embed or a saved choice may still ask for one: the engine refuses it with its reason."""
    page = table_page("fast=1&seed=5&level=random&lang=it")
    before = page.evaluate("settebello.view")
    said = page.evaluate("""async () => {
        const [{ game }, { refusalText }] = await Promise.all([import('./static/js/engine.js'), import('./static/js/names.js')]);
        const seats = [{human: true, name: 'Anna'}, {human: false, level: 'random'}];
        const out = [];
        for (const options of [{misere: true, hand_size: 3}, {scoring: 'denari', primiera: 'veneto'}]) {
          try { await game('check_game', {variant: 'scopa', options, seats}); out.push('accepted'); }
          catch (e) { out.push(refusalText(e)); }
        }
        return out; }""")
    assert said == ["A non prendere si distribuiscono tutte le carte: 2 giocatori con 4 in tavola ricevono 18 "
                    "carte a testa, non 3.",
                    "Ai punti a denari la primiera non si conta: scegli “Niente primiera” o un altro conteggio."]
    assert page.evaluate("settebello.view") == before



def test_a_remembered_misere_table_starts_with_all_the_cards_dealt(page, base_url):
    """A player who last chose misère at a table of four opens the page: it deals 9 each, 4 on the
    table (the remembered table's misère deal), instead of a refusal."""
    prefs = {"variant": "scopa", "table": "4/none", "options": {"misere": True}, "target": None, "lead": None,
             "seats": [{"human": True, "name": "Anna"}] + [{"human": False, "level": "random"}] * 3}
    page.add_init_script(f"localStorage.setItem('settebello.newgame', {json.dumps(json.dumps(prefs))})")
    page.goto(base_url + "?fast=1&seed=5")
    wait_for_engine(page)
    page.wait_for_function("settebello.view && settebello.view.players.length === 4")
    rules = page.evaluate("settebello.view.rules")
    assert rules["misere"] and (rules["hand_size"], rules["table_cards"]) == (9, 4)
    expect(page.locator("#hand-cards .card")).to_have_count(9)


# ---------------------------------------------------------------- every variant, as a player reads it

# Run `check(dialog)` (a JS function body returning a list of problems) on the dialog at every
# variant it offers and at each of that variant's tables, every fold open: the dialog's own change
# handler redraws it, as a player's choice does. Returns {"variant/table": problems}.
EVERY_FORM = """(check) => {
    const d = document.getElementById('newgame-dialog');
    const look = new Function('d', check);
    const pick = (sel, value) => { const el = d.querySelector(sel); el.value = value; el.dispatchEvent(new Event('change', { bubbles: true })); };
    const found = {};
    for (const variant of [...d.querySelectorAll('#ng-variant option')].map((o) => o.value)) {
        pick('#ng-variant', variant);
        for (const table of [...d.querySelectorAll('#ng-table option')].map((o) => o.value)) {
            pick('#ng-table', table);
            for (const fold of d.querySelectorAll('details')) fold.open = true;
            const problems = look(d);
            if (problems.length) found[`${variant}/${table}`] = problems;
        }
    }
    return found;
}"""

# every text a player meets in the dialog: its words, its options' and its labels' attributes
TEXTS = """
    const out = [];
    const walk = document.createTreeWalker(d, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) { const t = walk.currentNode.textContent.trim(); if (t) out.push(t); }
    for (const el of d.querySelectorAll('[aria-label], [title], [placeholder]'))
        for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    return out;"""

# what a player would see cut: a menu's choice wider than the menu leaves it room (its shown choice;
# for a seat's menus every choice, "Computadora" as much as "Persona"), or anything wider than its box
CLIPPED = """
    const ctx = document.createElement('canvas').getContext('2d');
    const fontOf = (cs) => `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const arrowOf = (sel) => {  // the room the menu's arrow takes: a copy sized to one choice
        const probe = sel.cloneNode(false);
        probe.removeAttribute('id');
        probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
        probe.append(new Option('MMMM'));
        sel.parentElement.append(probe);
        const cs = getComputedStyle(probe);
        ctx.font = fontOf(cs);
        const arrow = probe.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
            - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - ctx.measureText('MMMM').width;
        probe.remove();
        return arrow;
    };
    const out = [];
    for (const sel of d.querySelectorAll('select')) {
        if (!sel.getClientRects().length) continue;
        const cs = getComputedStyle(sel);
        const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - arrowOf(sel);
        ctx.font = fontOf(cs);
        const shown = sel.closest('.ng-seat') ? [...sel.options] : [...sel.selectedOptions];
        for (const o of shown) {
            const w = ctx.measureText(o.text).width;
            if (w > room + 0.5) out.push(`menu ${sel.id || sel.getAttribute('aria-label') || sel.dataset.option}: "${o.text}" ${w.toFixed(1)} > ${room.toFixed(1)} px`);
        }
    }
    for (const el of d.querySelectorAll('*')) {
        if (el.matches('select, option, input') || !el.getClientRects().length) continue;
        if (el.getBoundingClientRect().width <= 1) continue;  // words for screen readers only
        if (['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth} px`);
    }
    if (d.scrollWidth > d.clientWidth + 1) out.push(`the dialog scrolls sideways: ${d.scrollWidth} > ${d.clientWidth} px`);
    return out;"""


def en_strings() -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))


def raw_key_pattern() -> re.Pattern:
    """A key of static/i18n shown as it is ("choice.scoring.mazzetto"): one of the files' namespaces,
    a dot, more of a key."""
    spaces = sorted({k.split(".")[0] for k in en_strings() if "." in k})
    return re.compile(r"\b(?:" + "|".join(map(re.escape, spaces)) + r")\.[\w.-]*\w")


@pytest.mark.parametrize("lang", LANGS)
def test_no_raw_key_shows_in_the_new_game_dialog_for_any_variant(table_page, lang):
    """Every option and label of the dialog has words, at every variant and table it offers (the
    Scoring menu once showed "choice.scoring.mazzetto"), and none is missing in the page's language
    (i18n.js warns of a key it has no words for, or only English ones)."""
    page = table_page(f"fast=1&seed=3&level=random&lang={lang}")
    warned = []
    listen = lambda msg: msg.type == "warning" and "Settebello:" in msg.text and warned.append(msg.text)
    page.on("console", listen)
    try:
        dialog = open_dialog(page)
        texts = page.evaluate(EVERY_FORM, TEXTS.replace("return out;", "return out.filter((t) => KEY.test(t));")
                              .replace("const out = [];", f"const KEY = /{raw_key_pattern().pattern}/; const out = [];", 1))
        assert page.locator("#ng-variant option").count() >= 20  # every variant was looked at
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
    finally:
        page.remove_listener("console", listen)
    assert not texts, json.dumps(texts, indent=1, ensure_ascii=False)
    assert not warned, warned


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_game_dialog_opens_at_its_top_and_clips_no_word(table_page, lang):
    """On a laptop and on a phone: the dialog opens at its top, the focus on its first control (on a
    phone it once opened scrolled to the middle, on Start); the target and the lead sit side by
    side, their fields level; no word is clipped at any variant and table ("Computadora" once was);
    and axe finds nothing in it."""
    problems = {}
    for size in (LAPTOP, PHONE):
        page = table_page(f"fast=1&seed=3&level=random&lang={lang}", viewport=size)
        dialog = open_dialog(page)
        where = f"{lang} {size['width']}"
        assert page.evaluate("document.activeElement.id") == "ng-variant", where
        assert page.evaluate("document.getElementById('newgame-dialog').scrollTop") == 0, where
        title = page.locator("#ng-title").bounding_box()
        assert 0 <= title["y"] and title["y"] + title["height"] <= size["height"], (where, title)
        page.screenshot(path=f"{SHOTS}/newgame_{lang}_{size['width']}.png")
        target, lead = page.locator("#ng-target").bounding_box(), page.locator("#ng-lead").bounding_box()
        assert abs(target["y"] - lead["y"]) < 1 and abs(target["height"] - lead["height"]) < 1, (where, target, lead)
        assert abs(target["width"] - lead["width"]) < 1 and lead["x"] > target["x"] + target["width"], (where, target, lead)
        problems[f"axe {where}"] = axe_violations(page)
        clipped = page.evaluate(EVERY_FORM, CLIPPED)
        if clipped:
            problems[f"clipped {where}"] = clipped
        # the mazzetto's scoring (Rubamazzo's, offered with Scopa's): named in the Scoring menu
        page.select_option("#ng-variant", "scopa")
        if not page.locator(".ng-more[open]").count():
            page.locator(".ng-more summary").click()
        scoring = page.locator('select[data-option="scoring"]')
        scoring.select_option("mazzetto")
        assert scoring.evaluate("s => s.selectedOptions[0].text").startswith("Mazzetto:"), where
        scoring.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/newgame_mazzetto_{lang}_{size['width']}.png")
        page.keyboard.press("Escape")
        dialog.wait_for(state="hidden")
    bad = {k: v for k, v in problems.items() if v}
    assert not bad, json.dumps(bad, indent=1, ensure_ascii=False)


def seat_names(dialog):
    return dialog.locator("[data-seat-name]").evaluate_all("els => els.map(e => e.value)")


def test_hot_seat_persons_are_player_1_and_player_2_unless_named(table_page):
    """Two persons at one device (hot seat): the dialog names them "Player 1", "Player 2", so the
    pass screen never says "Pass the device to You"; a name the person typed stays; one person
    alone is "You" again."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")
    dialog = open_dialog(page)
    assert seat_names(dialog) == ["You"]
    dialog.locator('[data-seat-kind="1"]').select_option("human")
    assert seat_names(dialog) == ["Player 1", "Player 2"]
    problems = axe_violations(page)
    assert not problems, problems
    dialog.locator('[data-seat-kind="1"]').select_option("computer")
    assert seat_names(dialog) == ["You"]   # alone again: "You"
    # a typed name is the person's: it stays whoever else sits
    dialog.locator('[data-seat-name="0"]').fill("Anna")
    dialog.locator('[data-seat-kind="1"]').select_option("human")
    assert seat_names(dialog) == ["Anna", "Player 2"]
    dialog.locator('[data-seat-name="0"]').fill("Player 1")
    dialog.locator("#ng-start").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("settebello.view.seats.every(s => s.human)")
    assert page.evaluate("settebello.view.players") == ["Player 1", "Player 2"]
    page.locator("#pass").wait_for(state="visible")
    said = page.locator("#pass-msg").inner_text()
    assert said.startswith("Pass the device to Player ") and "You" not in said, said
    # the dialog opens on the game at the table: the two persons keep their names
    page.locator("#pass-btn").click()
    page.locator("#pass").wait_for(state="hidden")
    dialog = open_dialog(page)
    assert seat_names(dialog) == ["Player 1", "Player 2"]
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_a_remembered_hot_seat_game_names_its_persons_players(page, base_url):
    """A choice remembered from before (seat 1 "You" beside a second person) starts with "Player 1"
    and "Player 2": the pass screen calls each by a name that is not "You"."""
    prefs = {"variant": "scopa", "seats": [{"human": True, "name": "You"}, {"human": True, "name": "Player 2"}]}
    page.add_init_script(f"localStorage.setItem('settebello.newgame', {json.dumps(json.dumps(prefs))})")
    page.goto(base_url + "?fast=1&seed=1")
    wait_for_engine(page)
    assert page.evaluate("settebello.view.players") == ["Player 1", "Player 2"]
    page.locator("#pass").wait_for(state="visible")
    assert "You" not in page.locator("#pass-msg").inner_text()


def test_the_games_select_stays_one_control_while_the_arrow_keys_go_through_the_games(table_page):
    """The screen-reader review: each arrow key on "Game" drew the dialog again with a new select,
    so the reader announced a fresh control at each step. The select is the same element, with the
    focus kept; what follows it is drawn for the game chosen."""
    page = table_page("fast=1&lang=en")
    page.click("#new")
    page.wait_for_selector("#newgame-dialog[open] #ng-variant")
    page.locator("#ng-variant").focus()
    page.evaluate("document.getElementById('ng-variant').dataset.first = '1'")
    first = page.locator("#ng-desc").inner_text()
    page.evaluate("window.__focusins = 0; document.addEventListener('focusin', () => { window.__focusins++; })")
    for _ in range(2):
        before = page.evaluate("document.getElementById('ng-variant').value")
        page.keyboard.press("ArrowDown")
        page.wait_for_function("(v) => document.getElementById('ng-variant').value !== v", arg=before)
    assert page.evaluate("document.getElementById('ng-variant').dataset.first") == "1"
    assert page.evaluate("document.activeElement.id") == "ng-variant"
    assert page.evaluate("window.__focusins") == 0
    assert page.locator("#ng-desc").inner_text() != first
    # what other modules add to the dialog is still there for the new game: the clock, Today's deal
    assert page.locator("#newgame-dialog #ng-clock").count() == 1
    assert page.locator("#newgame-dialog .daily__from-new").count() == 1
    page.keyboard.press("Escape")
