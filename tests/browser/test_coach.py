"""The coach at the table (issue 28): a hint says why, in the page and to the screen reader; the
Settings dialog's "Coach" (off by default) asks before a play that leaves a scopa, and never plays
for the person; the page words a reason exactly as tests/unit/test_principles.py does; axe-core
finds nothing, on a desktop and on a phone. Screenshots to look at go to /tmp/coach.

The deal: seed 10 with the expert, Anna ("You") to play with 2B 3D 10C against 1S 2C 4B 9D on the
table. The hint takes 1S + 2C with the Three and leaves 13; the King would take 1S + 9D and leave 6,
a sweep for Bruno (py/scopa_ai/explain.py; tests/unit/test_principles.py has the same deal)."""

from __future__ import annotations

import json
import os

import pytest

from harness import settled
from test_a11y import axe_violations, strings
from test_settings import close_settings, human_to_play, open_settings

SHOTS = "/tmp/coach"
os.makedirs(SHOTS, exist_ok=True)
DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}
QUERY = "fast=1&variant=scopa&seed=10&level=expert"
COACH_ON = "localStorage.setItem('settebello.settings:/', JSON.stringify({coach: true}))"

WHY = {
    "en": "The King of Cups would leave 6 on the table and Bruno could sweep it; the Three of Coins leaves 13, "
          "which Bruno cannot.",
    "it": "Il Re di Coppe lascerebbe 6 in tavola e Bruno potrebbe fare scopa; il Tre di Denari lascia 13, e Bruno "
          "non può.",
}
WARNING = {
    "en": "The King of Cups would leave 6 on the table and Bruno could sweep it for a scopa. Another play leaves no "
          "sweep.",
    "it": "Il Re di Coppe lascerebbe 6 in tavola e Bruno potrebbe fare scopa. Un'altra giocata non lascia scopa.",
}


def plays(page) -> int:
    return page.evaluate("settebello.view.plays.length")


@pytest.mark.parametrize("lang, viewport", [("en", DESKTOP), ("it", PHONE)], ids=["desktop-en", "phone-it"])
def test_a_hint_says_why_on_the_table_and_to_the_screen_reader(table_page, lang, viewport):
    page = table_page(f"{QUERY}&lang={lang}", viewport=viewport)
    human_to_play(page)
    assert page.locator("#hint-why").is_hidden()
    page.click("#hint")
    why = page.locator("#hint-why")
    why.wait_for()
    assert why.inner_text() == WHY[lang]
    assert why.is_visible()
    # said with the hint, in the live region the table speaks through
    hint = strings(lang)["hint.take"]
    live = page.locator("#live").inner_text()
    assert live.startswith(hint.split("{")[0]) and live.endswith(WHY[lang]), live
    # the hinted card and its capture are marked, the reason stays until the person plays
    assert page.locator("#hand-cards .card--hint").get_attribute("data-card") == "3D"
    page.screenshot(path=f"{SHOTS}/hint_{viewport['width']}_{lang}.png")
    assert axe_violations(page) == []
    page.click("#hand-cards .card[data-card='3D']")
    page.wait_for_function("settebello.view.plays.length >= 1")
    assert why.is_hidden()


def test_the_page_words_a_reason_as_the_unit_tests_do(table_page):
    """coach.js's reasonText against tests/unit/test_principles.py's sentences: card names with
    their articles, lists, counts and plurals, the margin's decimals, in the three languages."""
    page = table_page(f"{QUERY}&lang=en")
    cases = [
        ({"key": "coach.settebelloHome", "params": {"cards": ["3C", "4B"]}}, {
            "en": "The Settebello takes the Three of Cups and the Four of Clubs and goes to your pile: a point on its own.",
            "it": "Il Settebello prende il Tre di Coppe e il Quattro di Bastoni e va nel tuo mazzetto: da solo vale un "
                  "punto.",
            "es": "El Siete de Oros levanta el Tres de Copas y el Cuatro de Bastos y va a tu montón: un punto por sí "
                  "solo."}),
        ({"key": "coach.denari", "params": {"card": "6C", "count": 1}}, {
            "en": "The Six of Cups puts a denaro in your pile: the most denari win a point.",
            "it": "Il Sei di Coppe porta un denaro nel tuo mazzetto: chi ha più denari prende un punto.",
            "es": "El Seis de Copas lleva un oro a tu montón: quien tenga más oros gana un punto."}),
        ({"key": "coach.cards", "params": {"card": "9C", "count": 4}}, {
            "en": "The Knight of Cups puts 4 cards in your pile, more than any other play: the most cards win a point.",
            "it": "Il Cavallo di Coppe porta 4 carte nel tuo mazzetto, più di ogni altra giocata: chi ha più carte "
                  "prende un punto.",
            "es": "El Caballo de Copas lleva 4 cartas a tu montón, más que cualquier otra jugada: quien tenga más "
                  "cartas gana un punto."}),
        ({"key": "coach.search", "params": {"card": "8C", "other": "4D", "margin": 0.4}}, {
            "en": "The computer's search finds the Knave of Cups best: +0.4 points on average over the Four of Coins.",
            "it": "Secondo la ricerca del computer il Fante di Coppe è la giocata migliore: il Quattro di Denari vale "
                  "in media 0,4 punti in meno.",
            "es": "Según la búsqueda del ordenador, la Sota de Copas es la mejor jugada: 0,4 puntos de media más "
                  "que el Cuatro de Oros."}),
        ({"key": "coach.mula", "params": {"card": "6B"}}, {
            "en": "Only you can take the Six of Clubs on the table: every other card of its value is already played "
                  "or in your hand, so you choose when.",
            "it": "Solo tu puoi prendere il Sei di Bastoni in tavola: le altre carte del suo valore sono già uscite o "
                  "sono in mano tua, quindi scegli tu quando.",
            "es": "Solo tú puedes llevarte el Seis de Bastos de la mesa: las otras cartas de su valor ya han salido o "
                  "están en tu mano, así que eliges cuándo."}),
        ({"key": "coach.reckon.risk", "params": {"card": "8C", "other": "4D", "name": "Bruno"}}, {
            "en": "The Knave of Cups leaves Bruno less to take from the table than the Four of Coins would.",
            "it": "Con il Fante di Coppe Bruno trova in tavola meno da prendere che con il Quattro di Denari.",
            "es": "Con la Sota de Copas Bruno encuentra en la mesa menos para llevarse que con el Cuatro de Oros."}),
    ]
    said = page.evaluate(
        """async (reasons) => {
            const { reasonText } = await import(new URL("static/js/coach.js", location.href).href);
            const { setLanguage } = await import(new URL("static/js/i18n.js", location.href).href);
            const out = {};
            for (const lang of ["en", "it", "es"]) {
                await setLanguage(lang, false);
                out[lang] = reasons.map(reasonText);
            }
            await setLanguage("en", false);
            return out;
        }""",
        [reason for reason, _ in cases],
    )
    for lang in ("en", "it", "es"):
        assert said[lang] == [sentences[lang] for _, sentences in cases], lang


def test_the_coach_is_off_by_default(table_page):
    page = table_page(f"{QUERY}&lang=en")
    human_to_play(page)
    page.click("#hand-cards .card[data-card='10C']")
    page.wait_for_function("settebello.view.plays.length >= 1")
    assert page.evaluate("!document.getElementById('coach-dialog').open")


def test_the_coach_warns_and_the_person_chooses(table_page):
    """Turned on in Settings: the King that leaves a sweep is asked about; "Choose again" plays
    nothing and gives the card back the focus; "Play anyway" plays it, as the person asked."""
    page = table_page(f"{QUERY}&lang=en", viewport=DESKTOP)
    dialog = open_settings(page)
    box = dialog.locator("#settings-coach")
    assert not box.is_checked()
    assert dialog.get_by_role("checkbox", name=strings("en")["settings.coachOn"]).is_visible()
    box.check()
    close_settings(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('settebello.settings:/')).coach") is True
    human_to_play(page)
    page.click("#hand-cards .card[data-card='10C']")
    coach = page.locator("#coach-dialog[open]")
    coach.wait_for()
    assert coach.get_by_role("heading", name="The coach").is_visible()
    assert page.locator("#coach-text").inner_text() == WARNING["en"]
    assert page.evaluate("document.activeElement.value") == "again"
    # the play asked about is marked on the table while the person decides
    assert page.locator("#hand-cards .card--chosen").get_attribute("data-card") == "10C"
    page.screenshot(path=f"{SHOTS}/coach_1280_en.png")
    problems = axe_violations(page)
    assert problems == [], json.dumps(problems, indent=1)
    page.click("#coach-dialog button[value=again]")
    page.wait_for_function("!document.getElementById('coach-dialog').open")
    settled(page)
    assert plays(page) == 0
    assert page.evaluate("document.activeElement.dataset.card") == "10C"
    assert page.locator("#hand-cards .card--chosen").count() == 0
    # a safe play is not asked about
    page.click("#hand-cards .card[data-card='10C']")
    coach.wait_for()
    page.click("#coach-dialog button[value=play]")
    page.wait_for_function("settebello.view.plays.length >= 1")
    assert page.evaluate("settebello.view.plays[0].notation") == "10C:1S+9D"


def test_the_coachs_warning_on_a_phone(table_page):
    page = table_page(f"{QUERY}&lang=it", viewport=PHONE)
    page.evaluate(COACH_ON)  # as the Settings dialog stores it (a reset forgets it: after it); read at each play
    human_to_play(page)
    page.click("#hand-cards .card[data-card='10C']")
    page.locator("#coach-dialog[open]").wait_for()
    assert page.locator("#coach-text").inner_text() == WARNING["it"]
    page.wait_for_function("!document.querySelector('.callout--on')")  # the game before's last "Scopa!"
    page.screenshot(path=f"{SHOTS}/coach_360_it.png")
    # the whole question fits the phone's screen, buttons included
    box = page.locator("#coach-dialog").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["width"] <= PHONE["width"]
    problems = axe_violations(page)
    assert problems == [], json.dumps(problems, indent=1)
    page.keyboard.press("Escape")  # as "Choose again"
    page.wait_for_function("!document.getElementById('coach-dialog').open")
    settled(page)
    assert plays(page) == 0
    # the safe play goes through without a question
    page.click("#hand-cards .card[data-card='3D']")
    page.wait_for_function("settebello.view.plays.length >= 1")
    assert page.evaluate("!document.getElementById('coach-dialog').open")
