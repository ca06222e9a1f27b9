"""Issue 29: options combined beyond the presets. What an option implies holds wherever it comes
from (SB70: O12 misère deals all the cards, O8 Punti a denari counts no primiera), and a misère
match ends as O12 says (SB71). Literal cases; the property test over random option combinations
is test_option_matches.py."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from scopa import PRESETS, IllegalPlayError, Match, RecordError, RuleError, RuleSet, from_record, rules_for, \
    score_hand, to_record
from scopa.cards import card, parse_card
from scopa.record import FORMAT
from scopa.state import match_loser, match_winner
from scopa.tables import tables
from scopa.loop import play_match
from settebello.describe import option_specs, table_choices
from settebello.session import Session

from players import level

SEATS2 = [{"human": True, "name": "Anna"}, {"human": False, "level": "random"}]


def play_out(m: Match, rng: random.Random, hands: int = 1) -> None:
    """Random legal plays for `hands` hands (or to the match's end)."""
    while m.phase != "over" and hands > 0:
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
        hands -= 1


# -- O12 "all cards dealt" (SB70) ----------------------------------------------------------------
def test_o12_misere_on_classic_scopa_deals_all_the_cards():
    rules = rules_for("scopa", {"misere": True})
    assert (rules.hand_size, rules.table_cards) == (18, 4)
    m = Match(rules, rng=random.Random(5))
    m.deal_until_played()
    assert [len(h) for h in m.hands] == [18, 18] and len(m.table) == 4 and m.mazzo == []


def test_o12_misere_deals_from_the_table_cards_given():
    assert rules_for("non-prendere", {"table_cards": 4}).hand_size == 9
    assert rules_for("non-prendere", {"players": 5, "table_cards": 5}).hand_size == 7
    assert rules_for("scopa", {"misere": True, "players": 6, "teams": "pairs"}).hand_size == 6
    # turned off, the preset's deal stands: it uses up the deck in one deal too
    assert rules_for("non-prendere", {"misere": False}).hand_size == 10


def test_o12_a_hand_size_that_contradicts_misere_is_refused_with_the_reason():
    with pytest.raises(RuleError, match="deals all the cards: 2 players with 4 on the table get 18 cards each, "
                                        "not 3") as e:
        rules_for("scopa", {"misere": True, "hand_size": 3})
    assert e.value.reason == "option.misere.hand" and e.value.params["hand"] == 18
    with pytest.raises(RuleError, match="cannot be shared equally among 2 players") as e:
        rules_for("scopa", {"misere": True, "table_cards": 3})
    assert e.value.reason == "option.misere.share"
    with pytest.raises(RuleError, match="get 10 cards each, not 9"):
        rules_for("non-prendere", {"hand_size": 9})
    with pytest.raises(RuleError, match="deals all the cards"):
        RuleSet(misere=True).validate()  # a rule set built by hand is checked the same way


def test_o12_every_table_of_a_misere_game_deals_all_the_cards():
    for variant in ("scopa", "non-prendere", "scopone-a-dieci"):
        for t in tables(rules_for(variant, {"misere": True})):
            assert t.misere and t.hand_size * t.players + t.table_cards == 40, (variant, t)
    # SB1 keeps the preset's table cards where they share: Scopa a non prendere for 2 stays with none
    two = [t for t in tables(rules_for("non-prendere")) if t.players == 2][0]
    assert (two.hand_size, two.table_cards) == (20, 0)


def test_o12_a_record_naming_only_misere_replays():
    """Today's failure: the record's deck dealt 18 each was read as 3 each, refused at its first play."""
    rules = rules_for("scopa", {"misere": True})
    m = Match.new(rules, random.Random(3), ["A", "B"])
    play_out(m, random.Random(4), hands=2)
    record = to_record(m, "scopa")
    assert record["options"] == {"misere": True, "hand_size": 18}
    bare = {**record, "options": {"misere": True}}
    again = from_record(bare)
    assert again.totals == m.totals and [r.points for r in again.results] == [r.points for r in m.results]
    with pytest.raises(RecordError, match="not 3"):
        from_record({**record, "options": {"misere": True, "hand_size": 3}})


# -- O8 Punti a denari: no primiera (SB70) ----------------------------------------------------------
def test_o8_denari_scoring_on_any_preset_counts_no_primiera():
    assert rules_for("scopa", {"scoring": "denari"}) == PRESETS["punti-a-denari"].rules
    assert rules_for("escoba", {"scoring": "denari"}).primiera == "none"  # sevens is scored as primiera too
    assert rules_for("scopone", {"scoring": "denari"}).primiera == "none"


def _piles(*texts: str) -> list[list[int]]:
    return [[parse_card(c) for c in t.split()] for t in texts]


def test_o8_a_denari_hand_scores_exactly_its_categories():
    # side 0: 21 cards, 6 denari, the Settebello, the Re and Cavallo of denari and the best primiera
    deck = [card(r, s) for s in "DCBS" for r in range(1, 11)]
    zero = [card(r, "D") for r in (7, 9, 10, 1, 2, 3)] + [card(r, s) for s in "CBS" for r in (7, 6, 1, 5, 4)]
    one = [c for c in deck if c not in zero]
    rules = rules_for("scopa", {"scoring": "denari"})
    result = score_hand(rules, [zero, one], [1, 0])
    assert "primiera" not in result.categories
    assert result.points[0] == {"scope": 1, "carte": 1, "denari": 1, "settebello": 1, "denari_figures": 2}
    assert result.points[1] == {"scope": 0, "carte": 0, "denari": 0, "settebello": 0, "denari_figures": 1}
    assert result.totals == (6, 1)
    # a rule set never checked (built by hand) still scores no primiera: the profile says so too
    assert "primiera" not in score_hand(replace(RuleSet(), scoring="denari"), [zero, one], [0, 0]).categories


def test_o8_a_primiera_given_with_denari_scoring_is_refused_with_the_reason():
    for primiera in ("standard", "milanese", "veneto", "sevens"):
        with pytest.raises(RuleError, match=f"counts no primiera: it cannot be played with primiera {primiera}") as e:
            rules_for("scopa", {"scoring": "denari", "primiera": primiera})
        assert e.value.reason == "option.denari.primiera"
    with pytest.raises(RuleError, match="counts no primiera"):
        rules_for("punti-a-denari", {"primiera": "standard"})


def test_o8_denari_no_longer_ends_a_match_a_hand_early():
    """With the primiera counted too, totals ran ahead of Punti a denari's and a match could end a
    hand before it should: the same seeded match now plays exactly as the preset's."""
    for seed in range(6):
        a = Match.new(rules_for("scopa", {"scoring": "denari"}), random.Random(seed))
        b = Match.new(PRESETS["punti-a-denari"].rules, random.Random(seed))
        play_out(a, random.Random(seed + 100), hands=99)
        play_out(b, random.Random(seed + 100), hands=99)
        assert a.totals == b.totals and len(a.results) == len(b.results) and a.winner == b.winner
        assert all("primiera" not in r.categories for r in a.results)


# -- O12 "first side to reach the target loses" (SB71) ---------------------------------------------
def test_o12_one_side_over_the_target_loses_whatever_the_others_tie():
    rules = rules_for("non-prendere")
    assert match_winner(rules, [9, 9, 11, 9]) == 3  # SB71: the lowest, a tie to the side after the loser
    assert match_loser(rules, [9, 9, 11, 9]) == 2
    assert match_winner(rules, [8, 9, 11, 9]) == 0
    assert match_winner(rules, [8, 8, 11, 9]) == 0  # 3 plays first after the loser, but 0 has fewer
    assert match_winner(rules, [10, 10, 10, 10]) is None  # nobody has reached 11


def test_o12_sides_level_at_the_top_play_on_until_one_is_alone():
    rules = rules_for("non-prendere")
    assert match_winner(rules, [13, 12, 10, 9]) == 3  # the next hand: 0 alone at the top loses
    assert match_loser(rules, [11, 11, 9, 8]) is None and match_winner(rules, [11, 11, 9, 8]) is None
    two = rules_for("scopa", {"misere": True})
    assert match_winner(two, [11, 11]) is None and match_winner(two, [12, 11]) == 1
    assert match_winner(two, [16, 13]) == 1  # past the target alike: the higher loses


def test_o12_with_a_lead_and_a_single_hand():
    led = rules_for("scopa", {"misere": True, "lead": 2})
    assert match_winner(led, [11, 10]) is None and match_winner(led, [12, 10]) == 1  # S7 read for the loser
    single = rules_for("scopa", {"misere": True, "target": 0})
    assert match_winner(single, [3, 1]) == 1 and match_winner(single, [2, 2]) is None
    assert match_loser(rules_for("scopa"), [12, 3]) is None  # out of misère nobody "loses" first


def test_o12_a_match_with_one_side_over_is_over_and_refuses_a_further_hand():
    """Today's failure: with [9, 9, 11, 9] the match played on and dealt again."""
    rules = rules_for("non-prendere")
    want = [9, 9, 11, 9]
    for seed in range(50):
        rng = random.Random(seed)
        probe = Match.new(rules, random.Random(seed))
        probe.deal_until_played()
        plays = []
        while probe.phase == "play":
            play = rng.choice(probe.legal_plays())
            plays.append(play)
            probe.apply(play)
        got = probe.results[-1].totals
        # the hand's points, from totals that end at `want`: side 2 arrives, the others stay below
        if got[2] >= 1 and all(w - g >= 0 for w, g in zip(want, got)):
            break
    m = Match.new(rules, random.Random(seed))
    m.deal_until_played()
    m.totals = [w - g for w, g in zip(want, got)]
    for play in plays:
        event = m.apply(play)
    assert m.totals == want and m.phase == "over" and event.winner == 3 and m.winner == 3
    with pytest.raises(IllegalPlayError, match="the match is over"):
        m.deal()


# -- the session and the New game dialog's facts ----------------------------------------------------
def test_a_refused_combination_changes_nothing_and_says_what_is_wrong():
    s = Session()
    first = s.new_game({"variant": "scopa", "seats": SEATS2, "seed": 7})
    for options, reason in (({"misere": True, "hand_size": 3}, "option.misere.hand"),
                            ({"scoring": "denari", "primiera": "veneto"}, "option.denari.primiera")):
        config = {"variant": "scopa", "options": options, "seats": SEATS2, "seed": 8}
        for answer in (s.check_game(config), s.new_game(config)):
            assert "error" in answer and answer.get("reason") == reason, answer
        assert s.call("view") == first  # the game being played is the same game
    ok = s.new_game({"variant": "scopa", "options": {"misere": True}, "seats": SEATS2, "seed": 8})
    assert "error" not in ok and len(ok["hand"]) == 18


def test_describe_gives_each_table_its_misere_deal_and_the_fixed_primiera():
    scopa = table_choices(rules_for("scopa"))
    assert scopa[0]["switched"]["misere"] == {"hand_size": 18, "table_cards": 4, "options": {
        "players": 2, "teams": "none", "hand_size": 18, "table_cards": 4}}
    for variant, preset in PRESETS.items():
        for t in table_choices(preset.rules):
            alt = t["switched"].get("misere")
            if alt is None:
                continue
            # the options the dialog sends for that table with misère flipped start a game
            flipped = preset.rules.with_options({**alt["options"], "misere": not preset.rules.misere})
            assert (flipped.hand_size, flipped.table_cards) == (alt["hand_size"], alt["table_cards"]), variant
    assert option_specs()["primiera"]["fixed_by"] == {"scoring": {"denari": "none"}}


# -- the computer players in the changed combinations ------------------------------------------------
@pytest.mark.parametrize("variant,options", [("scopa", {"misere": True}), ("non-prendere", {"table_cards": 4}),
                                             ("scopa-a-tre", {"misere": True}), ("scopa", {"scoring": "denari"})])
def test_every_level_plays_the_changed_combinations_legally_to_the_end(variant, options):
    """Every play goes through the engine's check (loop.play_match): an illegal one fails loudly."""
    rules = rules_for(variant, options)
    m = Match.new(rules, random.Random(21))
    names = ["master", "expert", "easy", "beginner"]
    players = [level(names[s % len(names)], random.Random(30 + s)) for s in range(rules.players)]
    turns = sum(1 for _ in play_match(m, players, 60))
    assert m.phase == "over" and m.winner is not None and turns > 0
    assert m.winner == match_winner(rules, m.totals) or m.results[-1].napoleone is not None
