"""The card table played by clicking, in fast mode; the score sheet checked against the engine."""

from __future__ import annotations

import pytest

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from scopa import from_record  # noqa: E402


def open_table(table_page, query):
    """The module's shared page as a fresh load of ?fast=1&<query> gives it (conftest.table_page)."""
    return table_page("fast=1&" + query)


def click_until(page, stop, limit=400):
    """Click the first playable card (and the first capture choice) until stop() is true."""
    for _ in range(limit):
        # wait until something can be clicked (or the game is over): never race the engine
        page.wait_for_function("document.querySelector('#hand-cards button.card:not([disabled])')"
                               " || document.querySelector('#sheet:not([hidden]) :is(#next, #over)')")
        if stop():
            return
        nxt = page.locator("#next")
        if nxt.count() and nxt.is_visible():
            nxt.click()
            # the sheet stays up while the engine deals the next hand: wait, don't click twice
            page.locator("#sheet").wait_for(state="hidden")
        else:
            card = page.locator("#hand-cards button.card:not([disabled])").first
            code = card.get_attribute("data-card")
            card.click()
            choice = page.locator("#choices button[data-play]").first
            if choice.count():
                choice.click()
            # the play is under way once the card can no longer be played
            page.wait_for_function("(c) => !document.querySelector(`#hand-cards button.card[data-card=${JSON.stringify(c)}]:not([disabled])`)", arg=code)
    raise AssertionError("did not finish")


def test_full_two_player_match_by_clicking(table_page):
    # seed 1: clicking the first card each turn wins the match, 14-1
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    click_until(page, lambda: page.locator("#over").count() > 0)
    record = page.evaluate("settebello.game('record')")
    match = from_record(record)
    totals = [int(t) for t in page.locator("[data-match-total]").all_inner_texts()]
    assert totals == list(match.totals)
    hand = [int(t) for t in page.locator("[data-hand-total]").all_inner_texts()]
    assert hand == list(match.results[-1].totals)
    assert page.get_by_role("region", name="Your hand").count() == 1
    # the winner line agrees with its subject: "You win", "Bruno wins"
    names = page.evaluate("settebello.view.players")
    expected = "You win the match!" if match.winner == 0 else f"{names[1]} wins the match!"
    assert page.locator("#over").inner_text() == expected


def test_scopone_hand_by_clicking(table_page):
    page = open_table(table_page, "variant=scopone&seed=1&level=random")
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    record = page.evaluate("settebello.game('record')")
    assert len(from_record(record).results) == 1


def test_capture_choice_lights_candidates_and_named_buttons(table_page):
    # seed 1 (found with settebello.session in CPython): the first hand card 10B has two captures
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    buttons = page.locator("#choices button[data-play]")
    assert buttons.count() == 2
    assert page.locator("#table-cards .card--candidate").count() == 4
    # the choice is named after the cards it takes; nothing is played before it is made
    assert page.evaluate("settebello.view.plays.length") == 0
    page.get_by_role("button", name="Take Two of Clubs, Three of Cups, and Five of Cups").click()
    page.wait_for_function("settebello.view.plays.length > 0")
    record = page.evaluate("settebello.game('record')")
    assert "10B:2B+3C+5C" in record["hands"][0]["plays"]


def test_capture_choice_by_clicking_the_table_cards(table_page):
    # the same position: 10B takes 2B+3C+5C or 2C+3C+5C; the Two of Clubs is in one only
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    page.locator('#table-cards button[data-card="3C"]').click()   # in both: narrows nothing yet
    assert page.locator("#table-cards .card--picked").count() == 1
    assert page.evaluate("settebello.view.plays.length") == 0
    page.locator('#table-cards button[data-card="2B"]').click()   # only in the first
    page.wait_for_function("settebello.view.plays.length > 0")
    record = page.evaluate("settebello.game('record')")
    assert record["hands"][0]["plays"][0] == "10B:2B+3C+5C"


def test_escape_cancels_a_capture_choice(table_page):
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    assert page.locator("#table-cards .card--candidate").count() == 4
    page.keyboard.press("Escape")
    assert page.locator("#choices button[data-play]").count() == 0
    assert page.locator("#table-cards .card--candidate").count() == 0
    assert page.evaluate("settebello.view.plays.length") == 0


def assert_won_by_the_rules(page, players, teams, target=21, lead=2):
    """The match on the page is Escoba at this table, over, and won as O10/O11/S7 say."""
    match = from_record(page.evaluate("settebello.game('record')"))
    rules = match.rules
    assert (rules.players, rules.teams, rules.capture, rules.target, rules.lead) == (players, teams, "fifteen", target, lead)
    totals = [int(t) for t in page.locator("[data-match-total]").all_inner_texts()]
    assert totals == list(match.totals) and len(totals) == rules.sides
    best = match.totals[match.winner]
    assert best >= target and all(best - t >= lead for s, t in enumerate(match.totals) if s != match.winner)


def test_escoba_for_four_in_pairs_to_21_by_two_chosen_in_the_dialog_and_played_out(table_page):
    page = open_table(table_page, "seed=3&level=random")
    page.locator("#new").click()
    dialog = page.locator("#newgame-dialog")
    dialog.wait_for(state="visible")
    dialog.locator("#ng-variant").select_option("escoba")
    assert dialog.locator("#ng-lead").input_value() == "2"  # Escoba's own lead (O11)
    dialog.locator("#ng-table").select_option("4/pairs")
    assert dialog.locator("[data-seat-kind]").count() == 4
    assert dialog.locator("#ng-deal").inner_text() == "3 cards each, 4 on the table"
    dialog.locator("#ng-target").fill("21")
    dialog.locator(".ng-adv summary").click()
    dialog.locator("#ng-seed").fill("5")
    dialog.locator("#ng-start").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("settebello.view.players.length === 4")
    assert page.locator("#opponents .seat").count() == 3
    click_until(page, lambda: page.locator("#sheet:not([hidden]) #over").count() > 0, limit=1500)
    assert_won_by_the_rules(page, 4, "pairs")


def test_escoba_for_six_in_three_pairs_from_the_address_played_out(table_page):
    page = open_table(table_page, "variant=escoba&players=human,random,random,random,random,random"
                                  "&teams=pairs&target=21&seed=8")
    assert page.evaluate("settebello.view.side_of") == [0, 1, 2, 0, 1, 2]
    click_until(page, lambda: page.locator("#sheet:not([hidden]) #over").count() > 0, limit=1500)
    assert_won_by_the_rules(page, 6, "pairs")


def test_a_misere_sheet_marks_points_as_lost_not_won(table_page):
    """Scopa a non prendere (O12): the first to the target loses, so a point on the sheet is bad news."""
    page = open_table(table_page, "variant=non-prendere&seed=2&level=random")
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    sheet = page.locator("#sheet")
    assert sheet.locator("td.lost").count() >= 1
    assert sheet.locator("td.won").count() == 0


PHASE2 = ["sottratta", "modulo-sette", "inversa", "bazzica", "tuzzulicchio", "cocchiaundici", "rubamazzo", "rubamazzo-a-somme", "cascina",
          "maresciallo", "maresciallo-80", "cicera"]


@pytest.mark.parametrize("variant", PHASE2)
def test_a_whole_hand_of_each_phase2_game_by_clicking(table_page, variant):
    """RULES §4 Phase 2: a hand played to its sheet by clicking, the sheet the engine's (negative
    points too, SB6) and the table naming the game."""
    page = open_table(table_page, f"variant={variant}&seed=6&level=random&lang=en")
    name = page.evaluate(f"settebello.game('variants').then(i => i.variants.find(v => v.id === '{variant}').name)")
    assert page.locator("#game-rules").inner_text().startswith(name.split(" (")[0])
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    match = from_record(page.evaluate("settebello.game('record')"))
    hand = [int(t) for t in page.locator("[data-hand-total]").all_inner_texts()]
    assert hand == list(match.results[-1].totals)
    negative = page.locator("#sheet td.lost").count()
    assert negative == sum(1 for side in match.results[-1].points for v in side.values() if v < 0)
