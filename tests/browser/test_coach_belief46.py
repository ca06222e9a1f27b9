"""The coach says what the opponent probably holds (issue 46, item 5): after Bruno's first play of
seed 0, the person's hint says under its reason that Bruno probably holds no 7 — a 7 would have
taken the Seven of Swords and Bruno played the Four of Coins instead (py/scopa_ai/holds.py;
tests/unit/test_holds46.py has the same deal through the session). Its first hint, before Bruno
has played, says no such thing. Screenshots to look at go to /tmp/coach."""

from __future__ import annotations

import os

import pytest

from test_settings import human_to_play

SHOTS = "/tmp/coach"
os.makedirs(SHOTS, exist_ok=True)
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 360, "height": 740}
QUERY = "fast=1&variant=scopa&seed=0&level=expert"
BELIEF = {
    "en": "Bruno probably holds no card of value 7: one would have taken the Seven of Swords, and they played the "
          "Four of Coins instead.",
    "es": "Probablemente Bruno no tiene ninguna carta de valor 7: con una se habría llevado el Siete de Espadas, y "
          "en cambio jugó el Cuatro de Oros.",
}


def hint(page) -> str:
    """Ask for a hint and return the words under it ("" when it says nothing more)."""
    page.click("#hint")
    page.wait_for_function("!!document.querySelector('#hand-cards .card--hint')")
    why = page.locator("#hint-why")
    return why.inner_text() if why.is_visible() else ""


@pytest.mark.parametrize("lang, viewport", [("en", DESKTOP), ("es", PHONE)], ids=["desktop-en", "phone-es"])
def test_the_hint_says_what_the_opponent_probably_holds(table_page, lang, viewport):
    page = table_page(f"{QUERY}&lang={lang}", viewport=viewport)
    human_to_play(page)
    first = hint(page)
    assert "7" not in first and BELIEF[lang] not in first  # Bruno has not played this round
    hinted = page.locator("#hand-cards .card--hint").get_attribute("data-card")
    page.click(f"#hand-cards .card[data-card='{hinted}']")
    choice = page.locator("#choices button.btn--hint")
    if choice.count():
        choice.first.click()
    page.wait_for_function("settebello.view.plays.length >= 2")  # the person's play and Bruno's
    human_to_play(page)
    why = hint(page)
    assert why.endswith(BELIEF[lang]), why
    live = page.locator("#live").inner_text()
    assert live.endswith(BELIEF[lang]), live
    page.locator("#hint-why").scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/belief_{viewport['width']}_{lang}.png")
