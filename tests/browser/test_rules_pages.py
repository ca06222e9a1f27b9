"""The rules page of every game (issue 23): opened from the New game dialog for each preset, in
each language, it says what the game changes from classic Scopa in the page's own words (never an
engine key) with the engine's examples drawn in cards; the table always shows which game is on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from site_helpers import click_in_bar

LANGS = {"en": "How to play", "it": "Come si gioca", "es": "Cómo se juega"}


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_every_games_rules_page_opens_from_the_dialog_in_words_of_the_language(table_page, lang):
    page = table_page(f"fast=1&seed=2&level=random&lang={lang}")
    presets = page.evaluate("settebello.game('variants').then(i => i.variants.map(v => v.id))")
    keys = page.evaluate("settebello.game('variants').then(i => Object.keys(i.option_specs))")
    page.locator("#new").click()
    dialog = page.locator("#newgame-dialog")
    dialog.wait_for(state="visible")
    rules = page.locator("#rules-dialog")
    for variant in presets:
        dialog.locator("#ng-variant").select_option(variant)
        dialog.locator("#ng-rules").click()
        rules.locator(".rules__body").wait_for()
        title = rules.locator("#rules-title").inner_text()
        changes = rules.locator(".rules__changes li").all_inner_texts()
        if variant == "scopa":
            assert not changes, changes  # classic Scopa is the rules below
        else:
            assert title.startswith(LANGS[lang]) and changes, (variant, title)
            # each change in words: no engine key ("capture: fifteen") and no missing text key
            assert not [c for c in changes if "rulebook." in c or any(c.startswith(k + ": ") for k in keys)], changes
        # an example of each capture rule and each declaration the game has, drawn with its cards
        for example in rules.locator(".rules__example").all():
            assert example.locator("img").count() >= 2
        rules.locator(".rules__close").click()
        rules.wait_for(state="hidden")
        assert dialog.is_visible()  # back in the New game dialog
    dialog.locator("#ng-cancel").click()


def test_the_table_says_which_game_is_on_and_opens_its_rules(table_page):
    page = table_page("fast=1&variant=escoba&players=human,random,random,random&teams=pairs&target=21"
                      "&seed=3&lang=en")
    line = page.locator("#game-rules")
    expect(line).to_have_text("Escoba · 4 players in pairs · to 21 · by 2")  # not Escoba's own table: said
    line.click()
    rules = page.locator("#rules-dialog")
    expect(rules.locator("#rules-title")).to_have_text("How to play Escoba")
    changes = rules.locator(".rules__changes li").all_inner_texts()
    assert changes[0] == "4 players, in pairs: 3 cards each, 4 on the table."
    assert changes[1:] == ["A card takes the cards that make fifteen with it, and only those: no capture by equal value or by sum.",
                           "Instead of the primiera, a point for the most Sevens.",
                           "The match is played to 21 points.",
                           "To win, a side must reach the target and lead every other side by at least 2 points."]
    # the example: the Six on Ace, Three, Four, Five, Knave takes what makes fifteen with it
    example = rules.locator(".rules__example")
    assert example.count() == 1 and example.locator(".rules__cards").count() == 4  # the table, 3 ways
    # read to the bottom and closed, the next opening starts at the top again
    rules.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    rules.locator(".rules__close").click()
    line.click()
    rules.locator(".rules__changes").wait_for()
    assert rules.evaluate("d => d.scrollTop") == 0
    rules.locator(".rules__close").click()
    # a house rule chosen on top of the game is in the line too
    page.evaluate("""() => settebello.startGame({variant: 'scopa', seed: 4, options: {rebello: true, napola: true},
        seats: [{human: true, name: 'Anna'}, {human: false, level: 'random'}]})""")
    expect(line).to_have_text("Scopa · to 11 · Re bello · Napola")


def test_the_games_line_in_italian_says_the_target_apart_from_a_games_name(table_page):
    """"Scopa · a 11" read like the game "Scopa a undici": the target is "fino a 11"."""
    page = table_page("fast=1&variant=scopa&seed=3&level=random&lang=it")
    line = page.locator("#game-rules")
    expect(line).to_have_text("Scopa · fino a 11")
    page.evaluate("""() => settebello.startGame({variant: 'scopa-a-undici', seed: 4, options: {},
        seats: [{human: true}, {human: false, level: 'random'}]})""")
    expect(line).to_have_text("Scopa a undici · fino a 11")


def test_on_a_wide_screen_the_rules_open_beside_the_cards_and_a_click_on_the_table_closes_them(table_page):
    """Opened over the table, the rules run down the screen's right side and the table moves aside,
    so a rule is read against the cards in play; over New game they stay in the middle."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en", viewport={"width": 1366, "height": 768})
    page.wait_for_function("window.settebello.view.waiting === 'human'")
    plays = page.evaluate("settebello.view.plays.length")
    click_in_bar(page, "#rules-btn")
    rules = page.locator("#rules-dialog")
    expect(rules.locator(".rules__body")).to_be_visible()
    page.wait_for_function("""() => { const r = document.getElementById('rules-dialog').getBoundingClientRect();
        return Math.abs(r.right - innerWidth) < 1 && r.top === 0 && r.height === innerHeight; }""")
    left = rules.bounding_box()["x"]
    assert 700 < left < 1000, left
    cards = page.locator("#table-cards .card, #hand-cards .card")
    assert cards.count() == 7
    for box in (c.bounding_box() for c in cards.all()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= left, (box, left)
    # a click on the table's side closes them; nothing was played by it
    page.mouse.click(left / 2, 200)
    expect(rules).to_be_hidden()
    assert page.evaluate("settebello.view.plays.length") == plays
    expect(page.locator("#felt")).to_have_css("translate", "none")
    # over New game: in the middle, and a click outside leaves them open
    page.locator("#new").click()
    page.locator("#ng-rules").click()
    expect(rules.locator(".rules__body")).to_be_visible()
    box = rules.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - 683) < 2, box
    page.mouse.click(20, 700)
    expect(rules).to_be_visible()
    rules.locator(".rules__close").click()
    page.locator("#ng-cancel").click()
    # a table of four: its side seats would go under the page or off the screen, so in the middle
    page.evaluate("""() => settebello.startGame({variant: 'scopone', seed: 1, options: {},
        seats: [{human: true}, {human: false, level: 'random'}, {human: false, level: 'random'}, {human: false, level: 'random'}]})""")
    page.wait_for_function("settebello.view.variant === 'scopone'")
    click_in_bar(page, "#rules-btn")
    expect(rules.locator(".rules__body")).to_be_visible()
    box = rules.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - 683) < 2, box
    expect(page.locator("#felt")).to_have_css("translate", "none")
    rules.locator(".rules__close").click()
    # a window too narrow for both keeps them in the middle
    page.set_viewport_size({"width": 1024, "height": 768})
    click_in_bar(page, "#rules-btn")
    expect(rules.locator(".rules__body")).to_be_visible()
    box = rules.bounding_box()
    assert abs(box["x"] + box["width"] / 2 - 512) < 2, box
    rules.locator(".rules__close").click()
