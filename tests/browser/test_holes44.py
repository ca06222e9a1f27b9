"""Issue 44 at the table: what the page asks the engine is checked there, what the page keeps stays
its own, and the game plays whatever the browser lets it keep."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, settled

LANGS = ("en", "it", "es")


def strings(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


# -- Scopa a fidasse: a claim's answer belongs to the next player (SB61) ------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_person_cannot_answer_their_own_claim_through_the_play_call(table_page, lang):
    """`4S?trust` through the page's play call would take the table as a scopa with any card; it is
    record notation (SB66), refused with its reason in the page's language, and nothing changes."""
    page = table_page(f"fast=1&variant=fidasse&seed=0&level=expert&lang={lang}")
    page.wait_for_function("settebello.view.waiting === 'human' && settebello.view.legal.some(p => p.claim)")
    before = page.evaluate("settebello.view")
    card = before["hand"][0]
    for answer in ("trust", "doubt"):
        refused = page.evaluate("""async (play) => {
            const { refusalText } = await import("./static/js/names.js");
            try { await settebello.game("play", play); return null; }
            catch (err) { return { reason: err.reason, text: refusalText(err) }; }
        }""", f"{card}?{answer}")
        assert refused == {"reason": "play.answered", "text": strings(lang)["refusal.play.answered"]}
    settled(page)
    after = page.evaluate("settebello.game('view')")
    for key in ("hand", "table", "scope", "prese", "turn", "claims", "plays"):
        assert after[key] == before[key], key
