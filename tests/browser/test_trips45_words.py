"""Issue 45, point 4: sentences that name the player are built from the language's grammar (a
"you" form: "Hai vinto il torneo!", never "You vince il torneo!"), computers named after their
level are named in the page's language (the tournament, Statistics), and a language switch says
the open bracket again in the new language."""

from __future__ import annotations

import json

from harness import settled
from site_helpers import open_table
from settebello.session import Session

TOURNAMENT_KEY = "settebello.tournament:/"  # this deployment's (storage.js ownKey; the site is served at /)
STATS_KEY = "settebello.stats:/"


def won_tournament() -> tuple[dict, dict]:
    """A finished two-entrant tournament (single-hand matches) that the person, entered as "You"
    (the English page's name), won against "Beginner": the engine's save and the statistics with
    its match and its win counted, as the page stores them."""
    for seed in range(1, 60):
        s = Session()
        made = s.call("tournament_new", {"variant": "scopa", "options": {"target": 0}, "seed": seed, "entrants": [
            {"kind": "human", "name": "You"}, {"kind": "computer", "level": "beginner", "name": "Beginner"}]})
        assert "error" not in made, made
        assert "error" not in s.call("tournament_play", {})
        for _ in range(500):
            v = s.call("view")
            if v["phase"] == "over":
                break
            reply = s.call("next_hand") if v["phase"] == "deal" else (
                s.call("play", v["legal"][0]["notation"]) if v["waiting"] == "human" else s.call("computer_step"))
            assert "error" not in reply, reply
        view = s.call("tournament_view")
        if view["finished"] and view["champion"]["entrant"] == 0:
            stats = s.call("stats_add", {"stats": None})
            stats.pop("added", None)
            return s.call("tournament_save"), stats
    raise AssertionError("no seed lets the person win")


def test_an_italian_tournament_won_says_hai_vinto_il_torneo_with_italian_names(page, base_url):
    saved, stats = won_tournament()
    page.add_init_script(f"if (!localStorage.getItem('{TOURNAMENT_KEY}'))"
                         f" localStorage.setItem('{TOURNAMENT_KEY}', {json.dumps(json.dumps(saved))});"
                         f" if (!localStorage.getItem('{STATS_KEY}'))"
                         f" localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(stats))})")
    page.set_viewport_size({"width": 1366, "height": 800})
    open_table(page, base_url, "lang=it&fast=1&seed=3&level=random")
    page.locator("#tournament-btn").click()
    d = page.locator("#tournament-dialog[open]")
    champion = d.locator("[data-testid=champion]")
    champion.wait_for()
    page.screenshot(path="/tmp/trips45_tournament_it_1366.png")
    assert champion.inner_text() == "Hai vinto il torneo!"
    names = d.locator("[data-testid=standings] tbody tr td:nth-child(2)").all_inner_texts()
    assert names == ["Tu", "Principiante"]
    assert set(d.locator(".tmatch__name").all_inner_texts()) == {"Tu", "Principiante"}
    assert "You" not in d.inner_text() and "Beginner" not in d.inner_text()
    page.keyboard.press("Escape")
    # Statistics: the same names in Italian, and "1 giocato, 1 vinto" (not "1 giocati, 1 vinti")
    page.locator("#stats-btn").click()
    stats_dialog = page.locator("#stats-dialog[open]")
    stats_dialog.wait_for()
    page.screenshot(path="/tmp/trips45_stats_it_1366.png")
    assert stats_dialog.locator("[data-testid=stats-tournaments]").inner_text() == "1 giocato, 1 vinto"
    assert "Principiante · Tu" in stats_dialog.locator("[data-testid=stats-best]").inner_text()
    stats_dialog.locator("[data-stats=close]").click()
    page.locator("#tournament-btn").click()
    champion.wait_for()
    # the language switched while the bracket is open: said again in Spanish
    page.keyboard.press("Escape")
    page.select_option("#lang-menu select", "es")
    page.locator("#tournament-btn").click()
    page.wait_for_function("document.documentElement.lang === 'es'")
    champion.wait_for()
    assert champion.inner_text() == "¡Has ganado el torneo!"
    assert d.locator("[data-testid=standings] tbody tr td:nth-child(2)").all_inner_texts() == ["Tú", "Principiante"]
    d.locator("[data-act=close]").click()
    # with the bracket open during the switch, too
    page.locator("#tournament-btn").click()
    champion.wait_for()
    page.evaluate("""async () => { const { setLanguage } = await import('./static/js/i18n.js'); await setLanguage('en'); }""")
    page.wait_for_function("document.querySelector('#tournament-dialog [data-testid=champion]').textContent === 'You win the tournament!'")


def test_a_language_switch_says_the_status_line_again(table_page):
    """The hint's line in the status line, then the language switched: said again in Italian, and
    in English again after switching back."""
    page = table_page("fast=1&lang=en&seed=3&level=random", viewport={"width": 1366, "height": 800})
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Hint')")
    english = page.locator("#status").inner_text()
    page.select_option("#lang-menu select", "it")
    page.wait_for_function("document.documentElement.lang === 'it'")
    settled(page)
    italian = page.locator("#status").inner_text()
    assert italian != english and italian.startswith("Suggerimento"), italian
    page.select_option("#lang-menu select", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    settled(page)
    assert page.locator("#status").inner_text() == english


def test_the_spanish_records_dialog_fits_a_phone(table_page):
    page = table_page("fast=1&lang=es&seed=3&level=random", viewport={"width": 360, "height": 740})
    page.locator("#more-btn").click()
    page.locator("#records-btn").click()
    d = page.locator("#records-dialog[open]")
    d.wait_for()
    page.screenshot(path="/tmp/trips45_records_es_360.png")
    wide = page.evaluate("""() => [...document.querySelectorAll('#records-dialog button')].filter(b => b.getClientRects().length)
        .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > innerWidth)
        .map(b => b.textContent)""")
    assert wide == []
    assert "RULES" not in d.inner_text()


def test_a_number_with_a_fraction_is_written_as_the_language_writes_it(table_page):
    """The review of 2026-12-01: a puzzle's verdict said "0.7 punti" in Italian. A fraction is
    written "0,7" in Italian and Spanish, "0.7" in English; a whole number (a year) as it is."""
    page = table_page("fast=1&lang=it&seed=3&level=random")
    say = """([lang, key, params]) => import('./static/js/i18n.js').then(async (m) => {
        await m.setLanguage(lang, false); return m.t(key, params); })"""
    words = {lang: page.evaluate(say, [lang, "puzzle.points", {"count": 0.7}]) for lang in ("it", "es", "en")}
    assert "0,7 punti" in words["it"] and "0,7" in words["es"] and "0.7 points" in words["en"], words
    assert "2026" in page.evaluate(say, ["it", "puzzle.points", {"count": 2026}])
