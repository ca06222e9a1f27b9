"""Issue 42: what a mechanic cannot be played with is declared by traits, so an exclusion names no
other mechanic: its message names an excluded trait by the option of each mechanic that brings it,
and a new mechanic with the trait is excluded without a word changed in the excluding module."""

from __future__ import annotations

import pytest

from scopa.errors import RuleError
from scopa.mechanics import ORDER
from scopa.mechanics.base import Exclusion, Mechanic
from scopa.mechanics.fidasse import FIDASSE
from scopa.rules import RuleSet, rules_for


class _Brings(Mechanic):
    """A stand-in mechanic turned on by `option`, bringing `traits`."""

    def __init__(self, option: str, traits: tuple[str, ...]):
        self.option, self.traits = option, traits


def test_an_exclusion_names_an_excluded_trait_by_the_options_that_bring_it():
    picky = Mechanic()
    picky.option = "fidasse"
    picky.excludes = (Exclusion("fidasse", "fidasse is not played with {builds}", "option.x", off_traits=("builds",)),)
    rules = RuleSet(fidasse=True, saponificatrice=True, rebello=True)
    others = (_Brings("saponificatrice", ("builds",)), _Brings("rebello", ("builds",)), _Brings("rosmarino", ("piles",)))
    assert picky.check(rules, others) == ("fidasse is not played with saponificatrice or rebello", "option.x")
    assert picky.check(RuleSet(fidasse=True, rosmarino=True), others) is None


def test_claims_exclude_any_mechanic_with_sweeps_of_other_worth_by_its_trait():
    rules = RuleSet(fidasse=True, rosmarino=True)
    assert FIDASSE.check(rules, ORDER) is None
    message, reason = FIDASSE.check(rules, (*ORDER, _Brings("rosmarino", ("sweeps",))))
    assert reason == "option.fidasse" and "rosmarino (sweeps of other worth)" in message


@pytest.mark.parametrize("variant, option, named", [
    ("scopa", {"cirulla": True, "fidasse": True}, "ace_takes_all, steal, cascina, fidasse or another deck"),
    ("fidasse", {"maresciallo": True}, "misere or accuse (a declared card face down), other decks or maresciallo"),
    ("bazzica", {"cascina": True}, "is not played with steal or cascina"),
])
def test_the_refusal_still_names_the_options_a_player_would_change(variant, option, named):
    with pytest.raises(RuleError) as err:
        rules_for(variant, option)
    assert named in str(err.value)


def test_each_mechanics_options_are_read_as_the_mechanic_declares_them():
    from dataclasses import fields
    from scopa.rules import OPTION_SPECS
    for mech in ORDER:
        specs = mech.specs()
        assert next(iter(specs)) == mech.option, mech.name
        assert all(OPTION_SPECS[k] == spec for k, spec in specs.items()), mech.name
    assert list(OPTION_SPECS) == [f.name for f in fields(RuleSet)]
    assert "buone" in OPTION_SPECS["accuse"].choices  # a set a mechanic registers (Cirulla's, R25)
    with pytest.raises(RuleError, match="fidasse must be true or false"):
        rules_for("scopa", {"fidasse": "maybe"})
