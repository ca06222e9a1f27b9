"""Issue 29 in the New game dialog: a switch that changes the deal (misère deals all the cards,
O12, SB70) says the deal it gives and starts it at the table chosen; Punti a denari leaves the
primiera closed and says why (O8, SB70); a combination the engine refuses is said in the page's
language and changes nothing."""

import json

from conftest import wait_for_engine
from playwright.sync_api import expect
from test_a11y import axe_violations


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
