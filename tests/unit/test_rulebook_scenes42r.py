"""Issue 42: Modulo sette's example on the rules page (SB5) is its mechanic's own, shown where a
capture rule's example would be: first, before the switches' examples, as it was."""

from __future__ import annotations

from scopa.mechanics.modulo import MODULO
from settebello.rulebook import SCENE_OWNERS, SCENES, rulebook


def test_modulo_settes_example_is_its_mechanics_and_comes_first():
    assert SCENE_OWNERS["modulo"] is MODULO and "modulo" not in SCENES
    page = rulebook({"variant": "modulo-sette", "options": None})
    # SB5, [002]: a Knight (2 modulo 7) on a Seven and a Two takes the Two, or the Two and the Seven
    assert page["examples"][0] == {"scene": "modulo", "table": ["2B", "7C"], "card": "9S",
                                   "takes": [["2B"], ["2B", "7C"]]}


def test_a_switch_on_modulo_sette_shows_its_example_after_the_modulos():
    page = rulebook({"variant": "modulo-sette", "options": {"ace_takes_all": True}})
    assert [e["scene"] for e in page["examples"]] == ["modulo", "ace_takes_all"]
