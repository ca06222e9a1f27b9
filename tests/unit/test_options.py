"""Options O1–O12 and the presets of RULES §3–§4, each with a concrete case (the Phase 2 capture
rules in detail: test_phase2_captures.py)."""

import random

import pytest

from deals import cards, dealt, set_table, takes
from scopa import PRESETS, Match, RuleError, rules_for, score_hand


def play_match(variant: str, seed: int, **options) -> Match:
    rng = random.Random(seed)
    m = Match.new(rules_for(variant, options), rng)
    while m.phase != "over":
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
    return m


# -- O1 players and seating ---------------------------------------------------------------------
@pytest.mark.parametrize("players,teams,sides", [(2, "none", 2), (3, "none", 3), (4, "pairs", 2), (4, "none", 4),
                                                 (6, "pairs", 3), (6, "triples", 2)])
def test_o1_partners_never_sit_next_to_each_other(players, teams, sides):
    rules = rules_for("scopa", {"players": players, "teams": teams})
    assert rules.sides == sides
    m = Match(rules)
    assert all(m.side_of[s] != m.side_of[(s + 1) % players] for s in range(players))
    assert sorted(m.side_of) == sorted(s % sides for s in range(players))


def test_o1_team_cards_go_to_one_pile():
    m = dealt("scopa-a-quattro", hands={0: "5D 1C 10C", 2: "7D 1S 2S"}, table="5B 7S 4C 6D", dealer=3)
    m.play("5D:5B")
    m.apply(m.legal_plays()[0])  # seat 1
    m.play("7D:7S")
    assert sorted(cards("5D 5B 7D 7S")) == sorted(m.prese[0])


@pytest.mark.parametrize("options", [{"players": 5}, {"players": 3, "teams": "pairs"}, {"players": 4, "teams": "triples"},
                                     {"hand_size": 5}, {"players": 7}])
def test_o1_o2_impossible_seatings_and_deals_are_refused(options):
    with pytest.raises(RuleError):
        rules_for("scopa", options)


# -- O2 hand size -------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,options,hand,table", [
    ("scopa", {"hand_size": 6}, 6, 4), ("scopa", {"hand_size": 9}, 9, 4), ("scopa", {"hand_size": 18}, 18, 4),
    ("scopa-a-tre", {"hand_size": 6}, 6, 4), ("scopone", {}, 9, 4), ("scopone-a-dieci", {}, 10, 0),
    ("scopa", {"players": 5, "hand_size": 7, "table_cards": 5}, 7, 5),
])
def test_o2_hand_sizes(variant, options, hand, table):
    m = Match(rules_for(variant, options), rng=random.Random(1))
    m.deal_until_played()
    assert [len(h) for h in m.hands] == [hand] * m.n
    assert len(m.table) == table


# -- O3 capture rules (and S4) ------------------------------------------------------------------
def test_o3_fifteen_escoba_003():
    # [003]: a 6 with 5 and 4 on the table takes both (6 + 5 + 4 = 15).
    m = dealt("escoba", hands={0: "6D 1C 2C"}, table="5B 4S 9C 10D")
    assert takes(m, "6D") == {"6D:4S+5B", "6D:9C"}
    # No matching capture in Escoba: a 9 does not take the 9.
    assert "9D:9C" not in takes(dealt("escoba", hands={0: "9D 1C 2C"}, table="5B 4S 9C 10D"), "9D")


def test_o3_s4_scopa_a_quindici_002():
    # S4: with 1, 3, 4, 5, 8 on the table a 6 may take 1+5 (a sum of 6), 1+8 or 4+5 (fifteen with the 6),
    # never 1+3+5 (fifteen too, but O4 keeps only the captures with the fewest cards).
    m = dealt("scopa-a-quindici", hands={0: "6D 2C 7C"}, table="1B 3S 4C 5D")
    set_table(m, "1B 3S 4C 5D 8S")
    assert takes(m, "6D") == {"6D:1B+5D", "6D:1B+8S", "6D:4C+5D"}


def test_o3_match_plus_eleven_takes_even_with_a_same_value_card_002():
    # [002]: with a Fante one may take a 3 (8 + 3 = 11), even if the Fante lies on the table.
    m = dealt("scopa-a-undici", hands={0: "8D 1C 2C"}, table="3B 8S 6C 9D")
    assert takes(m, "8D") == {"8D:3B", "8D:8S"}


def test_o3_difference_is_playable_and_checked_sb4():
    assert rules_for("scopa", {"capture": "difference"}).capture == "difference"
    with pytest.raises(RuleError, match="modulo 7 counts the sums of the capture rule match"):
        rules_for("scopa", {"capture": "difference", "modulo": 7})


# -- O4 fewest cards ----------------------------------------------------------------------------
def test_o4_fewest_cards_004():
    # [004]: As, 3, 4, 5, Jack on the table, a Reina (9): As+Jack or 4+5, never As+3+5.
    m = dealt("scopone-spagnolo", hands={0: "9D 2C 6C 7B 2B 6B 2S 6S 7S"}, table="1B 3S 4C 5D", dealer=3)
    assert takes(m, "9D") == {"9D:4C+5D"}
    m = dealt("scopone", hands={0: "9D 2C 6C 7B 2B 6B 2S 6S 7S"}, table="1B 3S 4C 5D", dealer=3)
    assert takes(m, "9D") == {"9D:4C+5D", "9D:1B+3S+5D"}


# -- O5 single-card priority --------------------------------------------------------------------
def test_o5_off_allows_sums_beside_the_single_card():
    m = dealt("frac", hands={0: "9D 1C 2C"}, table="3B 6S 9C 4D")
    assert takes(m, "9D") == {"9D:9C", "9D:3B+6S"}


# -- O6 ace takes all (S5) ----------------------------------------------------------------------
def test_o6_ace_takes_all_and_is_not_a_scopa_unless_asked():
    m = dealt("scopa-d-assi", hands={0: "1D 2C 3C"}, table="5B 6S 9C 1C")
    assert takes(m, "1D") == {"1D:1C+5B+6S+9C"}
    event = m.play("1D")
    assert m.table == [] and not event.scopa
    m = dealt("scopa-d-assi", hands={0: "1D 2C 3C"}, table="5B 6S 9C 4D", ace_scopa=True)
    assert m.play("1D").scopa


def test_o6_ace_on_an_empty_table_stays():
    m = dealt("scopa-d-assi", hands={0: "10D 1C 3C", 1: "1D 1S 2B"}, table="10C 9S 8B 7B")
    set_table(m, "")
    m.play("10D")
    m.play("1D:10D")  # an Asso takes the whole table, here the lone Re
    assert m.table == []
    assert takes(m, "1C") == {"1C"}  # on an empty table the Asso takes nothing and stays
    m.play("1C")
    assert m.table == cards("1C")


def test_o6_ace_scopa_needs_ace_takes_all():
    with pytest.raises(RuleError, match="ace_takes_all"):
        rules_for("scopa", {"ace_scopa": True})


# -- O7 primiera variants -----------------------------------------------------------------------
def test_o7_milanese_counts_sevens_then_sixes_then_assi():
    rules = rules_for("scopa", {"primiera": "milanese"})
    r = score_hand(rules, [cards("7D 7C 6B 1S"), cards("7B 7S 6D 6C")], [0, 0])
    assert (r.points[0]["primiera"], r.points[1]["primiera"]) == (0, 1)
    assert r.detail[1]["primiera"] == {"sevens": 2, "sixes": 2, "assi": 0}


def test_o7_veneto_nominal_values():
    rules = rules_for("scopa", {"primiera": "veneto"})
    # 7+7+7+1(Asso 5.5) = 26.5 against 6+6+6+6 = 24.
    r = score_hand(rules, [cards("7D 7C 7B 1S"), cards("6D 6C 6B 6S")], [0, 0])
    assert r.detail[0]["primiera"]["total"] == 26.5 and r.points[0]["primiera"] == 1


def test_o7_sevens_scored_under_primiera_and_none():
    r = score_hand(rules_for("escoba"), [cards("7D 7C 1B"), cards("7B 6S")], [0, 0])
    assert r.points[0]["primiera"] == 1
    r = score_hand(rules_for("scopa", {"primiera": "none"}), [cards("7D"), cards("7B")], [0, 0])
    assert "primiera" not in r.points[0]


# -- O8 extra points ----------------------------------------------------------------------------
def test_o8_settanta_rebello_rosmarino():
    rules = rules_for("scopa", {"settanta": True, "rebello": True, "rosmarino": True})
    r = score_hand(rules, [cards("7D 7C 7B 7S 10D"), cards("8S")], [0, 0])
    assert r.points[0]["settanta"] == 1 and r.points[0]["rebello"] == 1 and r.points[1]["rosmarino"] == 1
    assert r.categories[-3:] == ("settanta", "rebello", "rosmarino")


@pytest.mark.parametrize("denari,points", [("1D 2D", 0), ("1D 2D 3D", 3), ("1D 2D 3D 4D", 4), ("1D 2D 3D 5D", 3),
                                           ("1D 2D 3D 4D 5D 6D", 6), ("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", 10)])
def test_o8_napola(denari, points):
    r = score_hand(rules_for("scopa", {"napola": True}), [cards(denari), []], [0, 0])
    assert r.points[0]["napola"] == points


def test_o8_napola_wins_the_match_at_once():
    m = Match(rules_for("scopa", {"napola": True, "napola_wins": True}))
    r = score_hand(m.rules, [cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"), cards("1C")], [0, 0])
    assert r.napoleone == 0
    assert m._match_winner(r) == 0


def test_o8_punti_a_denari():
    r = score_hand(rules_for("punti-a-denari"), [cards("8D 9D 10D"), cards("7D")], [0, 0])
    assert r.points[0]["denari_figures"] == 3 and "primiera" not in r.points[0]
    assert r.points[1]["settebello"] == 1


def test_o8_scopone_romano_each_denaro_one_settebello_two():
    r = score_hand(rules_for("scopone-romano"), [cards("1D 2D 7D 8C"), cards("3D 4D 5D")], [0, 0])
    assert r.points[0]["denari"] == 2 and r.points[0]["settebello"] == 2
    assert r.points[1]["denari"] == 3


def test_o8_frac_counts_assi_and_figures_only():
    r = score_hand(rules_for("frac"), [cards("1D 8C 9B 10S 7D 5C"), cards("1C 2C")], [3, 0])
    assert r.points[0] == {"frac": 4} and r.points[1] == {"frac": 1}


def test_o8_a_frac_sweep_is_no_scopa():
    """[002] FRAC: only the Fanti, Re, Assi and Cavalli score, "the classic points" (scope
    included) do not: a sweep is told as no scopa (a review saw "Scopa!" and nothing scored)."""
    m = dealt("frac", hands={0: "6D 2C 3C"}, table="1S 5D 9C 10B")
    set_table(m, "1S 5D")
    event = m.play("6D:1S+5D")
    assert m.table == [] and not event.scopa and m.scope == [0, 0]


def test_frac_hands_always_share_sixteen_points():
    m = play_match("frac", 2)
    assert all(sum(r.totals) == 16 for r in m.results)


# -- O9 carte threshold -------------------------------------------------------------------------
def test_o9_carte_needs_the_threshold():
    rules = rules_for("scopa-a-tre")
    r = score_hand(rules, [list(range(13)), list(range(13, 26)), list(range(26, 39))], [0, 0, 0])
    assert [p["carte"] for p in r.points] == [0, 0, 0]
    r = score_hand(rules, [list(range(14)), list(range(14, 27)), list(range(27, 40))], [0, 0, 0])
    assert [p["carte"] for p in r.points] == [1, 0, 0]


# -- O10 target, O11 lead, O12 misère (S7) ------------------------------------------------------
def _winner(totals, **options):
    m = Match(rules_for("scopa", options))
    m.totals = list(totals)
    return m._match_winner(score_hand(m.rules, [[], []], [0, 0]))


def test_o10_targets():
    assert _winner([7, 5], target=7) == 0
    assert _winner([20, 5], target=21) is None


def test_o11_lead_of_two():
    assert _winner([11, 10], lead=2) is None
    assert _winner([12, 10], lead=2) == 0
    assert play_match("escoba", 4).winner is not None


def test_o12_misere_first_to_target_loses_and_ties_score_for_all():
    assert _winner([11, 9], misere=True) == 1
    assert _winner([11, 11], misere=True) is None
    rules = rules_for("non-prendere")
    r = score_hand(rules, [list(range(10)), list(range(10, 20)), list(range(20, 30)), list(range(30, 40))], [0] * 4)
    assert [p["carte"] for p in r.points] == [1, 1, 1, 1]
    m = play_match("non-prendere", 5)
    assert max(m.totals) >= 11 and m.totals[m.winner] == min(m.totals)


# -- presets ------------------------------------------------------------------------------------
EXPECTED = {
    "scopa": {},
    "scopa-a-tre": {"players": 3, "carte_min": 14, "target": 16},
    "scopa-a-quattro": {"players": 4, "teams": "pairs", "target": 21},
    "scopa-a-sei": {"players": 6, "teams": "pairs"},
    "scopone": {"players": 4, "teams": "pairs", "hand_size": 9},
    "scopone-a-dieci": {"players": 4, "teams": "pairs", "hand_size": 10, "table_cards": 0},
    "scopone-spagnolo": {"players": 4, "teams": "pairs", "hand_size": 9, "fewest_cards": True, "target": 16},
    "escoba": {"capture": "fifteen", "primiera": "sevens", "lead": 2},
    "scopa-a-quindici": {"capture": "match+fifteen", "fewest_cards": True},
    "scopa-a-undici": {"capture": "match+eleven"},
    "scopa-d-assi": {"ace_takes_all": True, "target": 41},  # [002]: "ottenere 41 punti"
    "scopone-romano": {"players": 4, "teams": "pairs", "hand_size": 9, "scoring": "romano", "target": 21},
    "punti-a-denari": {"scoring": "denari", "primiera": "none"},
    "frac": {"single_priority": False, "scoring": "frac", "primiera": "none", "target": 50},
    "non-prendere": {"players": 4, "hand_size": 10, "table_cards": 0, "misere": True},
    "sottratta": {"capture": "difference"},
    "modulo-sette": {"modulo": 7, "scopa_tradizionale": -1},
    "inversa": {"capture": "difference"},  # SB7: [002]'s subtraction; the hybrid is its option
    # Phase 2, the declaration variants (tests/unit/test_phase2_accuse.py; SB10-SB12)
    "bazzica": {"accuse": "bazzica", "accuse_choice": True, "target": 21},
    "tuzzulicchio": {"ace_takes_all": True, "accuse": "tuzzulicchio", "target": 21},
    "cocchiaundici": {"ace_takes_all": True, "capture": "match+eleven", "accuse": "tuzzulicchio", "target": 21},
    "rubamazzo": {"capture": "equal", "steal": True, "scoring": "mazzetto", "primiera": "none", "target": 0},
    "rubamazzo-a-somme": {"steal": True, "scoring": "mazzetto", "primiera": "none", "target": 0},
    "cascina": {"cascina": True, "primiera": "none", "due_denari": True},  # SB30-SB36
    # SB40-SB46: a scopa d'asso with the napola and the Re di picche's penalties, French-suited
    "maresciallo": {"ace_takes_all": True, "napola": True, "maresciallo": True, "french": True, "target": 21},
    "maresciallo-80": {"ace_takes_all": True, "napola": True, "maresciallo": True, "saponificatrice": True,
                       "french": True, "deck": 80, "players": 4, "teams": "pairs", "hand_size": 5,
                       "table_cards": 0, "target": 21},
    # SB50-SB55: 52 cards, four in pairs with thirteen each and none on the table ([002])
    "cicera": {"deck": 52, "scoring": "cicera", "primiera": "none", "players": 4, "teams": "pairs",
               "hand_size": 13, "table_cards": 0, "target": 21},
    "fidasse": {"fidasse": True},  # SB60-SB66
    # R21-R27, SB80-SB86: Cirulla
    "cirulla": {"capture": "match+fifteen", "cirulla": True, "accuse": "buone", "accuse_choice": True,
                "napola": True, "target": 51},
}


def test_every_preset_is_listed():
    assert set(PRESETS) == set(EXPECTED)


@pytest.mark.parametrize("variant", sorted(EXPECTED))
def test_preset_is_the_documented_options_and_plays_to_the_end(variant):
    assert PRESETS[variant].rules.diff(PRESETS["scopa"].rules) == EXPECTED[variant]
    m = play_match(variant, 1)
    assert m.phase == "over" and m.winner is not None


def test_unknown_variant_and_options_are_named():
    with pytest.raises(RuleError, match="unknown variant 'briscola'"):
        rules_for("briscola")
    with pytest.raises(RuleError, match="unknown option 'jokers'"):
        rules_for("scopa", {"jokers": True})
    with pytest.raises(RuleError, match="capture must be one of"):
        rules_for("scopa", {"capture": "sum"})
    with pytest.raises(RuleError, match="whole number"):
        rules_for("scopa", {"target": "eleven"})
    assert rules_for("scopa", {"target": "single"}).target == 0


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_rule_sets_options_are_its_every_value_and_a_copy_the_caller_may_change(variant):
    """A record writes `options()`; it holds plain values only (no deep copy is made), every field
    of the rule set, and changing the dict a caller got changes neither the rules nor the next call."""
    from dataclasses import fields

    rules = rules_for(variant)
    options = rules.options()
    assert list(options) == [f.name for f in fields(rules)]
    assert all(type(v) in (bool, int, str) for v in options.values())
    assert options == {f.name: getattr(rules, f.name) for f in fields(rules)}
    options["players"] = 99
    assert rules.options()["players"] == rules.players != 99
    assert rules.diff(rules) == {}
