"""Rules pages that agree with the game (issue 45, point 5): a game's rules page names the suits,
figures and cards as its table does (the French-suited Maresciallo says Spades, Diamonds and Jack,
never Swords, Coins or Knave, nor "Clubs for Batons"), and the 52 cards' page never says a figure
counts 8, 9 or 10 (Cicera's courts take only courts). Screenshots to look at go to /tmp/rules45."""

from __future__ import annotations

import os
import re

import pytest

SHOTS = "/tmp/rules45"
os.makedirs(SHOTS, exist_ok=True)
# the 40-card Italian deck's names, which a French-suited game's page must not use (the category
# "Denari", in Spanish "Oros", is the score's name in every deck: not a suit name here)
ITALIAN = {"en": ["Coins", "Cups", "Swords", "Batons", "Knave", "Knight"],
           "it": ["Coppe", "Spade", "Bastoni", "Cavallo"],
           "es": ["Copas", "Espadas", "Bastos", "Sota", "Caballo"]}
FRENCH = {"en": ["Diamonds", "Spades", "Jack", "Queen"], "it": ["Quadri", "Picche", "Donna"],
          "es": ["Diamantes", "Picas", "Jota", "Reina"]}


def open_rules(page) -> str:
    """The table's game line opens its rules page; its text."""
    page.locator("#game-rules").click()
    body = page.locator("#rules-dialog .rules__body")
    body.wait_for()
    return body.inner_text()


def close_rules(page) -> None:
    page.locator("#rules-dialog .rules__close").click()
    page.locator("#rules-dialog").wait_for(state="hidden")


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_french_suited_games_rules_page_names_the_cards_as_its_table(table_page, lang):
    page = table_page(f"fast=1&variant=maresciallo&seed=2&level=random&lang={lang}")
    text = open_rules(page)
    page.screenshot(path=f"{SHOTS}/maresciallo_{lang}.png")
    close_rules(page)
    wrong = [w for w in ITALIAN[lang] if re.search(rf"\b{w}\b", text)]
    assert not wrong, (wrong, text)
    assert all(re.search(rf"\b{w}\b", text) for w in FRENCH[lang]), text
    # the same names as the table's own cards
    names = page.locator("#hand-cards button.card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label') || e.getAttribute('alt'))")
    assert names and not [n for n in names if any(re.search(rf"\b{w}\b", n) for w in ITALIAN[lang])], names


def test_the_52_cards_rules_page_gives_the_figures_no_number(table_page):
    page = table_page("fast=1&variant=cicera&seed=2&level=random&lang=en")
    text = open_rules(page)
    page.screenshot(path=f"{SHOTS}/cicera_en.png")
    close_rules(page)
    assert "Knave 8" not in text and "Knight 9" not in text and "counts 8" not in text, text
    assert "Cards count their number; in this game the figures count none" in text
    assert "three figures (Knave, Knight, King)" in text  # the 52 cards' courts, named as on the table
    # classic Scopa's page still says what its figures count
    page.evaluate("""() => settebello.startGame({variant: 'scopa', seed: 4,
        seats: [{human: true, name: 'Anna'}, {human: false, level: 'random'}]})""")
    page.locator("#game-rules").filter(has_text="Scopa").wait_for()
    assert "the figures: Knave 8, Knight 9, King 10" in open_rules(page)
    close_rules(page)


def test_rubamazzos_rules_page_shows_a_steal(table_page):
    # issue 45, point 5: the example of a steal, the engine's own answer: the Five on the other
    # side's pile top is taken, and with it the whole pile
    page = table_page("fast=1&variant=rubamazzo&seed=2&level=random&lang=en")
    open_rules(page)
    example = page.locator("#rules-dialog .rules__example").filter(has_text="on top of the other side's pile")
    assert example.locator(":scope > figcaption").inner_text() == (
        "With Two of Coins and Four of Cups on the table and Five of Clubs on top of the other side's pile, "
        "the Five of Swords may take:")
    assert example.locator(".rc figcaption", has_text="their pile's top").count() == 1
    take = example.locator(".rules__takes .rules__cards")
    assert take.count() == 1 and take.locator("img").evaluate_all("els => els.map(e => e.dataset.art)") == ["5S", "5B"]
    assert example.locator(".rules__steals").inner_text() == "Taking that top card steals the whole pile."
    example.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/rubamazzo_en.png")
    close_rules(page)
