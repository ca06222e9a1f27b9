"""The mechanic interface (issue 42): each special rule is one module of py/scopa/mechanics/ that
declares its option, what it excludes, its plays and its state; the engine plays the ones a rule
set names, and which combine is read from the declarations."""

from __future__ import annotations

import random

import pytest

from scopa import PRESETS, Match, RuleError, RuleSet, rules_for
from scopa.mechanics import CHECKED, ORDER, OWNER, active
from scopa.mechanics.cascina import Build

# A playable value other than the default for each option an exclusion names.
SET = {"capture": "fifteen", "modulo": 7, "ace_takes_all": True, "steal": True, "cascina": True,
       "accuse": "bazzica", "deck": 80, "misere": True, "maresciallo": True, "scoring": "mazzetto",
       "fidasse": True}


def test_every_preset_plays_exactly_the_mechanics_its_options_name():
    for name, p in PRESETS.items():
        names = {m.name for m in active(p.rules)}
        named = {m.name for m in ORDER if getattr(p.rules, m.option) != getattr(RuleSet(), m.option)}
        assert names == named, name
        assert Match(p.rules).mechanics == active(p.rules)
    assert {m.name for m in active(rules_for("cascina"))} == {"cascina"}
    assert {m.name for m in active(rules_for("scopa"))} == set()


def test_each_play_kind_has_one_owner_and_its_mark():
    assert OWNER[Build].name == "cascina" and OWNER[Build].mark == ">"
    assert len(OWNER) == sum(len(m.play_kinds) for m in ORDER)
    assert set(CHECKED) == set(ORDER)


@pytest.mark.parametrize("mechanic", ORDER, ids=lambda m: m.name)
def test_every_declared_exclusion_is_refused_with_the_mechanics_own_words(mechanic):
    assert mechanic.excludes, mechanic.name
    for exclusion in mechanic.excludes:
        # a preset that plays it (Bàzzica chooses its declarations, SB14; Maresciallo plays 80 cards)
        preset = next(p for p in PRESETS.values() if getattr(p.rules, exclusion.option) != getattr(RuleSet(),
                                                                                                 exclusion.option))
        bad = [{o: SET[o]} for o in exclusion.off] + [{k: v[0]} for k, v in exclusion.refuse.items()]
        # a mechanic with a trait it excludes (Mechanic.traits: piles, builds, declarations)
        bad += [{m.option: SET[m.option]} for m in ORDER if set(m.traits) & set(exclusion.off_traits)]
        for extra in bad:
            with pytest.raises(RuleError) as caught:
                preset.rules.with_options(extra)
            try:
                RuleSet().with_options(extra)  # the other option alone is playable:
            except RuleError:
                continue
            # then the refusal is a declared exclusion's, in its own words (the first broken in
            # mechanics.CHECKED: this mechanic's, or another's the preset plays too)
            tried = RuleSet(**{**preset.rules.options(), **extra})  # the message may name a value tried
            declared = {e.says(tried, ORDER) for m in ORDER for e in m.excludes}
            assert str(caught.value) in declared, (preset.rules, extra)
            if not any(m.check(tried, ORDER) for m in CHECKED
                       if m is not mechanic and CHECKED.index(m) < CHECKED.index(mechanic)):
                assert str(caught.value) == exclusion.says(tried, ORDER)


def test_a_clone_has_its_own_copy_of_each_mechanics_state():
    m = Match(rules_for("cascina"), rng=random.Random(5))
    for _ in range(200):
        if m.phase == "deal":
            m.deal_until_played()
        builds = [p for p in m.legal_plays() if type(p) is Build]
        if builds:
            break
        m.push(m.legal_plays()[0])
    else:
        pytest.fail("no build came up")
    copy = m.clone()
    copy.push(builds[0])
    assert copy.cascine and not m.cascine  # SB30: the build is on the clone's table only
    assert m.legal_plays() != copy.legal_plays()


def test_a_mark_of_a_mechanic_the_game_does_not_play_gets_its_own_message():
    m = Match(rules_for("scopa"), rng=random.Random(1))
    m.deal_until_played()
    card = m.hands[m.turn][0]
    from scopa.cards import card_str
    with pytest.raises(Exception) as caught:
        m.play(f"{card_str(card)}>{card_str(m.table[0])}")
    assert "only with cascina on (SB30)" in str(caught.value)
