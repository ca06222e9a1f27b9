"""Issue 42: a special mechanic's sweeps, scores, rules-page examples and the principles' say are
declared by its own modules (the engine's `Mechanic`, the computer players' `Part`) and read by the
generic capture judge, scoring, rules page and hints, which name no mechanic."""

from __future__ import annotations

import random

import pytest

from scopa import Match, rules_for
from scopa.mechanics.steal import Steal
from scopa.captures import SCOPA, scopa_kind
from scopa.cards import parse_card, parse_cards
from scopa.errors import RuleError
from scopa.mechanics import ORDER, active, special_sweeps
from scopa.mechanics.decks import DECKS
from scopa.mechanics.maresciallo import MARESCIALLO
from scopa.rules import OPTION_SPECS, PRESETS, RuleSet
from scopa.scoring import card_points, score_hand
from scopa.mechanics.accuse import accuse_points
from scopa_ai.beliefs import defined
from scopa_ai.parts.declare import declared_points
from scopa_ai.parts import asked, legal_for, parts, reads_plays
from scopa_ai.principles import speaks
from settebello.describe import open_options
from settebello.rulebook import SCENE_OWNERS, rulebook

# What `speaks` answered for every preset before the mechanics declared it (issue 42's point 5).
SPOKEN_FOR = {"scopa", "scopa-a-tre", "scopa-a-quattro", "scopa-a-sei", "scopone", "scopone-a-dieci",
              "scopone-spagnolo", "escoba", "scopa-a-quindici", "scopa-a-undici", "scopa-d-assi", "sottratta",
              "inversa", "bazzica", "tuzzulicchio", "cocchiaundici", "cirulla"}


def test_the_sweeps_of_other_worth_are_those_the_played_mechanics_declare():
    # SB41, SB42: the twins' 3 where there are twins; the Re di picche's -4, and 10 on its twin
    assert special_sweeps(rules_for("maresciallo-80")) == {"gemelle": 3, "maresciallo": -4, "maresciallone": 10}
    assert special_sweeps(rules_for("maresciallo")) == {"maresciallo": -4}
    assert special_sweeps(rules_for("cicera")) == {} and special_sweeps(rules_for("scopa")) == {}
    for p in PRESETS.values():
        assert special_sweeps(p.rules) == {k: v for m in active(p.rules) for k, v in m.sweeps(p.rules).items()}


def test_a_sweep_of_other_worth_is_judged_by_the_mechanic_that_makes_it():
    m80, re, re2 = rules_for("maresciallo-80"), parse_card("10S"), parse_card("10S'")
    assert scopa_kind(m80, re, [re2]) == "maresciallone"  # SB41's, before SB42's gemelle
    assert scopa_kind(m80, parse_card("5S"), [parse_card("5S'")]) == "gemelle"
    assert scopa_kind(m80, re, parse_cards(["3C", "7B"])) == "maresciallo"
    assert scopa_kind(rules_for("maresciallo"), re, parse_cards(["3C", "7B"])) == "maresciallo"
    assert scopa_kind(rules_for("scopa"), re, parse_cards(["3C", "7B"])) == SCOPA


def test_maresciallo_scores_its_own_categories_in_their_place():
    rules = rules_for("maresciallo-80")  # SB44: with the saponificatrice
    piles = [parse_cards(["10S", "9D", "7D", "9S"]), parse_cards(["10S'", "1C"])]
    result = score_hand(rules, piles, [0, 0], speciali=[{"maresciallone": 1}, {}])
    cats = result.categories
    assert cats[:4] == ("scope", "gemelle", "maresciallo", "maresciallone")
    at = cats.index("marescialli")
    assert cats[at:at + 4] == ("marescialli", "polacca", "saponificatrice", "napola")
    assert [(p["maresciallone"], p["marescialli"], p["polacca"], p["saponificatrice"]) for p in result.points] == \
        [(10, -1, 1, -1), (0, -1, 0, 0)]
    # SB40: the Re di picche's cost is a card's own points, which the computer players' worths read
    assert card_points(rules)["marescialli"] == MARESCIALLO.card_points(rules)["marescialli"]
    assert "marescialli" not in card_points(rules_for("scopa"))


def test_a_mechanics_examples_on_the_rules_page_are_its_own():
    assert SCENE_OWNERS["twin"] is DECKS and SCENE_OWNERS["court"] is DECKS and SCENE_OWNERS["steal"].name == "steal"
    steal = [e for e in rulebook({"variant": "rubamazzo"})["examples"] if e["scene"] == "steal"]
    assert steal == [{"scene": "steal", "table": ["2D", "4C"], "card": "5S", "takes": [["5B"]], "tops": ["5B"]}]
    examples = {e["scene"]: e for e in rulebook({"variant": "maresciallo-80"})["examples"]}
    assert examples["twin"]["takes"] == [["5C"]] and examples["twin_alone"]["takes"] == [["5S'"]]  # SB42
    assert [e["scene"] for e in rulebook({"variant": "cicera"})["examples"]] == ["court"]  # SB38


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_principles_speak_for_the_games_they_spoke_for(variant):
    assert speaks(PRESETS[variant].rules) == (variant in SPOKEN_FOR)


def test_the_principles_are_silent_where_a_card_costs_its_taker():
    # SB40: Maresciallo's Re di picche costs a point: taking is not always good
    assert not speaks(RuleSet().with_options({"maresciallo": True}))


@pytest.mark.parametrize("variant", ["rubamazzo", "rubamazzo-a-somme", "scopa", "scopone"])
def test_the_computer_players_legal_plays_are_the_engines_through_the_parts(variant):
    # SB20-SB22: with steals the part makes them (the tops taken as table cards are); else the table's
    m = Match(rules_for(variant), rng=random.Random(11))
    steals = 0
    for _ in range(60):
        if m.winner is not None:
            break
        if m.phase == "deal":
            m.deal_until_played()
        view = m.observe(m.turn)
        assert legal_for(view, view.hand) == list(view.legal)
        steals += any(type(p) is Steal for p in view.legal)
        m.apply(view.legal[0])
    assert (steals > 0) == rules_for(variant).steal


def test_a_steal_games_piles_are_read_through_its_part():
    rubamazzo, scopa = rules_for("rubamazzo"), rules_for("scopa")
    piles = [parse_cards(["3C", "5B"]), []]
    assert asked(rubamazzo, "pile_tops", piles) == (parse_card("5B"), None)  # SB20: face up
    assert asked(scopa, "pile_tops", piles) is None
    # SB20: a play's worth hung on piles since moved: no hand is read from the plays
    assert not reads_plays(rubamazzo) and reads_plays(scopa) and reads_plays(rules_for("cascina"))


def test_a_games_own_machinery_is_declared_with_its_option_and_never_offered_as_a_house_rule():
    machinery = {k for k, spec in OPTION_SPECS.items() if not spec.house_rule}
    # SB5, SB6, SB14, SB20, SB30, SB36, SB37: what the dialog offered as none of another game's switches
    assert machinery == {"modulo", "scopa_tradizionale", "accuse_choice", "steal", "cascina", "due_denari", "deck"}
    for p in PRESETS.values():
        assert not machinery & set(open_options(p.rules, p.offers)), p.id


def test_which_mechanics_combine_is_read_from_their_declared_traits():
    # SB37: the other decks are played without a modulo, steals, builds or declarations, whichever
    # mechanic brings them: the exclusion names the traits, each mechanic declares its own
    [deck] = DECKS.excludes
    excluded = {m.name for m in ORDER if set(m.traits) & set(deck.off_traits)}
    assert excluded == {"modulo", "steal", "cascina", "accuse"}
    for option, value in (("modulo", 7), ("steal", True), ("cascina", True), ("accuse", "bazzica")):
        with pytest.raises(RuleError) as caught:
            rules_for("cicera", {option: value})  # SB37, SB50: Cicera's 52 cards
        assert caught.value.reason == "option.deck"
        assert str(caught.value) == deck.says(rules_for("cicera"), ORDER)


def test_the_declarations_reach_the_computer_players_through_their_part():
    m = Match(rules_for("bazzica"), rng=random.Random(2))
    m.deal_until_played()
    assert [p.mechanic for p in parts(m.rules)] == ["accuse"]
    # SB10: the hand's declaration points, counted once before the master's fast rollout
    points = asked(m.rules, "fixed_points", m, True)
    assert points == declared_points(m, True) and len(points) == m.sides
    # the hands dealt and the rounds still in the mazzo (each seat's share dealt as R2 deals it)
    assert sum(points) >= sum(accuse_points("bazzica", h) for h in m.hands)
    assert asked(rules_for("scopa"), "fixed_points", m, True) is None
    # the plays model leaves declared cards to the sampler; the light search plays plain plays
    assert not defined(m.observe(m.turn)) and defined(Match(rules_for("scopa"), rng=random.Random(2)).observe(0))
    assert all(part.light_search for part in parts(m.rules))
    assert not all(part.light_search for part in parts(rules_for("cirulla")))
