"""Rubamazzo and Rubamazzetto a somme (RULES §4 Phase 2, [002]), pinned with the seed's example and
the settled details SB20–SB26 (docs/RULINGS.md): steals on fixed deals, the public pile tops,
the notation, the scoring; then whole matches: random play, records and replays, every level."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples, spread

from deals import cards, dealt, set_table, takes
from scopa import (DECK, IllegalPlayError, Match, Play, card_str, from_record, rules_for, sample_match,
                   score_hand, to_record)
from scopa.loop import play_match
from scopa.mechanics.steal import Steal
from scopa.replay import replay_steps
from scopa.state import match_winner
from scopa_ai import LEVELS, make_player
from scopa_ai.heuristics import knowledge
from scopa_ai.levels import ExpertPlayer
from scopa_ai.parts.steals import exact_last_round, last_round, play_score, steal_playout, top_takers
from settebello.cli import main
from players import expert_match, level, whole_match

VARIANTS = ("rubamazzo", "rubamazzo-a-somme")


def position(variant: str, hand: str, table: str, piles: dict[int, str], players: int = 2,
             teams: str = "none") -> Match:
    """A hand of `variant` with seat 0 to play `hand`, exactly `table` on the table and each side's
    pile as given (bottom first: its last card is the face-up top)."""
    used = set(cards(hand)) | set(cards(table)) | {c for p in piles.values() for c in cards(p)}
    spare = [card_str(c) for c in reversed(DECK) if c not in used]
    first = " ".join(spare[-4:])  # low cards: no kings redeal
    others = {s: " ".join(spare[3 * (s - 1): 3 * s]) for s in range(1, players)}  # high cards
    opts = {} if players == 2 else {"players": players, "teams": teams}
    m = dealt(variant, hands={0: hand, **others}, table=first, dealer=players - 1, **opts)
    set_table(m, table)
    for side, pile in piles.items():
        for c in cards(pile):
            assert c in m.mazzo, f"{card_str(c)} must still be in the deck to go on a pile"
            m.mazzo.remove(c)
        m.prese[side] = cards(pile)
    m._legal = None
    assert m.turn == 0
    return m


def give(m: Match, seat: int, card: str) -> None:
    """Swap a card still in the deck into a seat's hand (for its first card)."""
    c = cards(card)[0]
    i = m.mazzo.index(c)
    m.mazzo[i] = m.hands[seat].pop(0)
    m.hands[seat] = sorted([*m.hands[seat], c])
    m._legal = None


# -- SB20 the steal -------------------------------------------------------------------------------
def test_sb20_a_card_equal_to_the_opponents_top_steals_the_whole_pile_002():
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 6B 8C", {1: "5D 5S 4S"})
    assert takes(m, "4C") == {"4C:^4S"}
    ev = m.play("4C")  # forced: its only capture
    assert isinstance(ev.play, Steal) and ev.play.tops == tuple(cards("4S")) and str(ev.play) == "4C:^4S"
    assert ev.stolen == ((1, tuple(cards("5D 5S 4S"))),)
    # [002]: the stolen cards join the taker's, the card that stole goes back on top
    assert m.prese == [cards("5D 5S 4S 4C"), []]
    assert m.table == sorted(cards("1D 3S 6B 8C")) and m.last_capturer == 0 and not ev.scopa
    moves = [(mv["card"], mv["from"], mv["to"], mv["kind"]) for mv in ev.to_json()["moves"]]
    assert moves == [("5D", "pile:1", "pile:0", "steal"), ("5S", "pile:1", "pile:0", "steal"),
                     ("4S", "pile:1", "pile:0", "steal"), ("4C", "hand:0", "pile:0", "take")]
    j = ev.to_json()
    assert j["steal"] == ["4S"] and j["stolen"] == [{"side": 1, "cards": ["5D", "5S", "4S"]}]
    # the victim's pile is empty, the stealer's top is the card that stole, for every seat
    for seat in (0, 1):
        assert m.observe(seat).to_json()["mechanics"]["steal"]["pile_tops"] == ["4C", None]


def test_sb20_the_pile_can_be_stolen_back():
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 6B 8C", {1: "5D 5S 4S"})
    m.play("4C")
    give(m, 1, "4D")
    assert "4D:^4C" in {str(p) for p in m.legal_plays()}
    ev = m.play("4D:^4C")
    assert m.prese == [[], cards("5D 5S 4S 4C 4D")] and ev.stolen == ((0, tuple(cards("5D 5S 4S 4C"))),)


def test_the_stories_best_moments_tell_each_steal():
    """SB20: in Rubamazzo every point is a card, so the steals decide a match; the story's best
    moments tell each one (a review: "nothing special this match" after two steals won it 28-12)."""
    from settebello.story import match_story
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 6B 8C", {1: "5D 5S 4S"})
    m.play("4C")
    give(m, 1, "4D")
    m.play("4D:^4C")
    while m.phase == "play":
        m.apply(m.legal_plays()[0])
    assert [x for x in match_story(m)["moments"] if x["kind"] == "steal"][:2] == [
        {"hand": 1, "kind": "steal", "seat": 0, "side": 0, "from": 1, "card": "4C", "top": "4S", "count": 3},
        {"hand": 1, "kind": "steal", "seat": 1, "side": 1, "from": 0, "card": "4D", "top": "4C", "count": 4}]


def test_sb21_rubamazzo_takes_by_equal_value_only_002():
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 5B 8C", {1: "6D 7S"})
    assert takes(m, "4C") == {"4C"}  # 1 + 3 is no capture in Rubamazzo
    assert takes(m, "9S") == {"9S"}  # nor 1 + 8
    assert takes(m, "2B") == {"2B"}


def test_sb21_a_steal_and_a_table_capture_are_the_players_choice_and_one_is_compulsory():
    m = position("rubamazzo", "4C 9S 2B", "1D 4B 6B 8C", {1: "5D 4S"})
    assert takes(m, "4C") == {"4C:4B", "4C:^4S"}
    with pytest.raises(IllegalPlayError, match="compulsory"):
        m.apply(Play(cards("4C")[0]))
    with pytest.raises(IllegalPlayError, match="more than one way"):
        m.play("4C")
    assert str(m.play("4C:4B").play) == "4C:4B" and m.prese[1] == cards("5D 4S")


def test_sb25_no_steal_of_ones_own_pile():
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 6B 8C", {0: "5D 4S", 1: "7D 7S"})
    assert takes(m, "4C") == {"4C"}


def test_sb25_four_in_pairs_steal_only_from_the_other_pair():
    # seats 0 and 2 are side 0, seats 1 and 3 side 1: side 0's pile is seat 2's too
    m = position("rubamazzo", "4C 7C 2B", "1D 3S 6B 8C", {0: "5D 4S", 1: "6D 7S"}, players=4, teams="pairs")
    assert m.rules.sides == 2
    assert takes(m, "4C") == {"4C"}  # the partner's capture is our own pile
    assert takes(m, "7C") == {"7C:^7S"}
    ev = m.play("7C")
    assert ev.stolen == ((1, tuple(cards("6D 7S"))),) and m.prese[0] == cards("5D 4S 6D 7S 7C")


def test_sb25_four_each_alone_steal_from_any_other_pile():
    m = position("rubamazzo", "4C 7C 2B", "1D 3S 6B 8C", {1: "4S", 2: "9D 4B", 3: "7S"}, players=4)
    assert m.rules.sides == 4
    assert takes(m, "4C") == {"4C:^4B", "4C:^4S"}
    assert takes(m, "7C") == {"7C:^7S"}
    m.play("4C:^4B")
    assert m.prese == [cards("9D 4B 4C"), cards("4S"), [], cards("7S")]
    assert m.observe(3).pile_tops == (cards("4C")[0], cards("4S")[0], None, cards("7S")[0])


# -- SB22 Rubamazzetto a somme --------------------------------------------------------------------
def test_sb22_a_somme_the_seeds_example_a_cavallo_takes_3_2_and_the_pile_topped_by_a_4_002():
    # [002]: a 3 of spades and a 2 of diamonds down, the opponent's pile ending with a 4 of hearts
    m = position("rubamazzo-a-somme", "9D 1B 10B", "3S 2D", {1: "8B 6S 4C"})
    assert "9D:2D+3S+^4C" in takes(m, "9D")
    ev = m.play("9D:2D+3S+^4C")
    assert m.prese[0][-1] == cards("9D")[0]  # [002]: the card that took goes on top
    assert m.prese == [cards("8B 6S 4C 2D 3S 9D"), []] and m.table == []
    assert not ev.scopa and m.scope == [0, 0]  # SB24: no scopa in Rubamazzo


def test_sb22_a_somme_a_single_equal_card_comes_first_the_top_included():
    m = position("rubamazzo-a-somme", "4C 9S 2B", "1D 3S 4B 8C", {1: "5D 4S"})
    assert takes(m, "4C") == {"4C:4B", "4C:^4S"}  # R4(a): never 1 + 3 while a 4 is there
    assert takes(m, "9S") == {"9S:1D+8C", "9S:1D+4B+^4S"}  # R4(b): a sum, the top counting in it


def test_sb22_a_somme_the_rubamazzo_rule_takes_no_sum():
    m = position("rubamazzo-a-somme", "4C 9S 2B", "1D 3S 6B", {1: "5D 7S"})
    assert takes(m, "4C") == {"4C:1D+3S"}
    assert takes(m, "9S") == {"9S:3S+6B"}  # 7 + 2 would need a 2; 1 + 7 + ... no 1 + 8
    assert takes(position("rubamazzo", "4C 9S 2B", "1D 3S 6B", {1: "5D 7S"}), "4C") == {"4C"}


# -- SB26 notation --------------------------------------------------------------------------------
def test_sb26_a_steal_must_be_written_with_its_mark():
    m = position("rubamazzo", "4C 9S 2B", "1D 4B 6B 8C", {1: "5D 4S"})
    with pytest.raises(IllegalPlayError, match=r"write \^"):
        m.play("4C:4S")
    with pytest.raises(IllegalPlayError, match="without"):
        m.play("4C:^4B")
    assert str(m.parse_play("4C:^4S")) == "4C:^4S"


def test_sb26_old_records_read_exactly_as_before():
    m = Match.new(rules_for("scopa"), random.Random(5))
    players = [make_player("expert", random.Random(s)) for s in range(2)]
    for _ in play_match(m, players, 30):
        pass
    record = to_record(m)
    assert not any("^" in p for h in record["hands"] for p in h["plays"])
    again = from_record(json.dumps(record))
    assert to_record(again) == record and again.totals == m.totals
    assert all(p.tops == () and "steal" not in p.to_json() for h in again.log for p in h.plays)
    view = Match.new(rules_for("scopa"), random.Random(1))
    view.deal_until_played()
    assert "steal" not in view.observe(0).to_json()["mechanics"]  # piles face down: no top shown


# -- the view -------------------------------------------------------------------------------------
def test_sb20_every_view_shows_every_pile_top_and_nothing_else_new():
    m = position("rubamazzo", "4C 9S 2B", "1D 3S 6B 8C", {0: "8D 6S", 1: "5D 5S 4S"})
    plain = position("scopa", "4C 9S 2B", "1D 3S 6B 8C", {0: "8D 6S", 1: "5D 5S 4S"})
    for seat in (0, 1):
        j, old = m.observe(seat).to_json(), plain.observe(seat).to_json()
        assert set(j) == set(old)  # the same keys; the pile tops are the steal's part (issue 42)
        assert j["mechanics"] == {"steal": {"pile_tops": ["6S", "4S"]}} and old["mechanics"] == {}
        other = m.hands[1 - seat]
        text = json.dumps(j)
        assert all(f'"{card_str(c)}"' not in text for c in other + m.mazzo)  # hidden cards stay hidden
    # a determinisation keeps the piles in order: the same tops, the same steals
    s = sample_match(m.observe(1), random.Random(0))
    assert s.prese == m.prese


# -- SB23 scoring ---------------------------------------------------------------------------------
def test_sb23_each_card_taken_is_a_point_and_nothing_else_counts():
    rules = rules_for("rubamazzo")
    piles = [cards("7D 1D 2D 3D 10D 7S 7C 7B"), [c for c in DECK if c not in cards("7D 1D 2D 3D 10D 7S 7C 7B")]]
    r = score_hand(rules, piles, [3, 0])
    assert r.categories == ("mazzetto",) and r.totals == (8, 32)
    assert rules.target == 0 and match_winner(rules, [8, 32]) == 1
    assert match_winner(rules, [20, 20]) is None  # R8: a tied single hand plays on


# -- whole matches --------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_match_record_replays_to_its_totals(variant):
    m = expert_match(variant, 3, max_hands=20)
    assert m.phase == "over" and m.winner is not None
    record = to_record(m)
    assert record["variant"] == variant and record["options"] == {}
    again = from_record(json.dumps(record))
    assert again.totals == m.totals and again.winner == m.winner and to_record(again) == record
    replay = replay_steps(record)
    assert replay["totals"] == m.totals
    steals = [s["event"] for s in replay["steps"] if s["event"] and s["event"]["stolen"]]
    assert all("^" in e["notation"] and e["steal"] for e in steals)


def test_cli_lists_the_rubamazzo_variants(capsys):
    assert main(["variants"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert set(VARIANTS) <= set(ids)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1),
       seating=st.sampled_from([{}, {"players": 3}, {"players": 4}, {"players": 4, "teams": "pairs"},
                                {"players": 6, "teams": "pairs"}]))
def test_random_play_ends_the_match_with_points_that_add_up(variant, seed, seating):
    from scopa.tables import seat
    rules = seat(rules_for(variant), seating.get("players", 2), seating.get("teams", "none"))
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    steals = 0
    while m.phase != "over" and len(m.results) < 30:
        m.deal_until_played()
        while m.phase == "play":
            side = m.side_of[m.turn]
            for p in m.legal_plays():
                # SB25: never one's own pile; every top taken is another side's face-up top
                tops = {pile[-1] for s, pile in enumerate(m.prese) if pile and s != side}
                assert set(p.tops) <= tops and set(p.presa) <= tops | set(m.table)
            ev = m.apply(rng.choice(m.legal_plays()))
            steals += bool(ev.stolen)
            assert not ev.scopa
            for s in range(m.n):
                assert m.observe(s).pile_tops == tuple(p[-1] if p else None for p in m.prese)
            found = sorted([*m.table, *m.mazzo, *(c for h in m.hands for c in h), *(c for p in m.prese for c in p)])
            assert found == list(DECK) or m.phase != "play"
    assert m.phase == "over" and m.winner is not None
    assert m.totals == [sum(r.totals[s] for r in m.results) for s in range(rules.sides)]
    assert all(sum(r.totals) == 40 for r in m.results)  # each card taken is a point (SB23, R6)
    again = from_record(to_record(m))
    assert again.totals == m.totals and again.winner == m.winner


# -- computer players -----------------------------------------------------------------------------

@pytest.mark.parametrize("name,variant", spread(list(LEVELS), VARIANTS))  # every pair in the deep run
def test_every_level_plays_a_whole_match_legally(variant, name):
    m, turns = whole_match(variant, name, max_hands=20)  # every play checked by Match.apply
    assert m.phase == "over" and m.winner is not None and turns
    assert any(t.event.stolen for t in turns)


@pytest.mark.parametrize("name", ["expert", "master"])
def test_expert_and_master_play_four_in_pairs_legally(name):
    rules = rules_for("rubamazzo-a-somme", {"players": 4, "teams": "pairs"})
    m = Match.new(rules, random.Random(4))
    players = [level(name, random.Random(s)) for s in range(4)]
    list(play_match(m, players, 20))
    assert m.phase == "over"


def test_the_expert_steals_a_big_pile_before_a_table_card():
    m = position("rubamazzo", "4C 9S 2B", "1D 4B 6B 8C", {1: "5D 5S 6S 6C 8B 8S 10C 10S 4S"})
    assert str(ExpertPlayer(random.Random(0)).choose(m.observe(0))) == "4C:^4S"


def test_the_expert_does_not_leave_its_pile_topped_by_a_card_the_opponent_may_match():
    # Both plays take two cards; the 7 left on top is safe (every other 7 is seen), a 5 is not.
    m = position("rubamazzo", "7C 5B 1B", "7B 5S 10D", {0: "7D 7S 9D 9S 9C 8D 8S 8C"})
    assert {str(p) for p in m.legal_plays()} >= {"7C:7B", "5B:5S"}
    assert str(ExpertPlayer(random.Random(0)).choose(m.observe(0))) == "7C:7B"


def test_sb22_a_somme_a_pile_top_is_taken_by_its_equal_or_by_a_sum_with_the_table():
    rule = position("rubamazzo-a-somme", "7C 5B 1B", "7B 5S 2D", {}).capture_rule
    assert top_takers(rule, (5, 2), 7) == {7, 9}  # 7 + 2; 7 + 5 is more than a Re
    assert top_takers(rule, (7, 2), 5) == {5}  # R4(a): a 7 must take the loose 7, never 5 + 2
    assert top_takers(rule, (1, 3), 4) == {4, 5, 7, 8}
    plain = position("rubamazzo", "7C 5B 1B", "7B 5S 2D", {}).capture_rule
    assert top_takers(plain, (5, 2), 7) == {7}  # SB21: no sums


def test_the_masters_rollout_policy_a_somme_weighs_a_steal_of_its_pile_by_a_sum():
    # Both captures take two cards and leave a top whose equals are all seen; the 7 left with a
    # 2 on the table is taken by any 9 (SB22), the 5 is safe: the 7 that adds up to it must take
    # the loose 7 (R4a).
    m = position("rubamazzo-a-somme", "7C 5B 1B", "7B 5S 2D", {0: "7D 7S 5D 5C 3B 3S"})
    plays = {str(p): p for p in m.legal_plays()}
    w = knowledge(m.rules).worth
    a, b = plays["7C:7B"], plays["5B:5S"]
    assert play_score(m, a, w) == play_score(m, b, w)  # by equal values alone: the same
    assert play_score(m, b, w, m.capture_rule) == play_score(m, b, w)
    assert play_score(m, a, w, m.capture_rule) < play_score(m, b, w, m.capture_rule) - 1.0


def _minimax(m: Match) -> int:
    """The hand's final cards of the side to move less the other's, both playing perfectly,
    through the engine's own plays."""
    side = m.side_of[m.turn]
    best = None
    for p in m.legal_plays():
        c = m.clone()
        ev = c.push(p)
        if ev.hand_result is not None:
            d = ev.hand_result.totals[side] - ev.hand_result.totals[1 - side]
        else:
            d = _minimax(c) * (1 if c.side_of[c.turn] == side else -1)
        best = d if best is None else max(best, d)
    return best


@pytest.mark.parametrize("seed", range(12))
def test_the_a_somme_last_round_is_solved_as_the_engine_plays_it(seed):
    rng = random.Random(seed)
    m = Match.new(rules_for("rubamazzo-a-somme"), rng)
    m.deal_until_played()
    left = 6 - seed % 4  # the last round from its start, or from a play or more into it
    while m.mazzo or sum(len(h) for h in m.hands) > left:
        legal = m.legal_plays()
        m.push(legal[rng.randrange(len(legal))])
    assert exact_last_round(m.rules, m.n)
    mine, theirs = last_round(m, m.capture_rule)
    side = m.side_of[m.turn]
    assert (mine - theirs if side == 0 else theirs - mine) == _minimax(m.clone())
    assert mine + theirs <= 40


def test_the_masters_a_somme_rollout_plays_the_last_round_exactly_not_at_random():
    rng = random.Random(3)
    m = Match.new(rules_for("rubamazzo-a-somme"), rng)
    m.deal_until_played()
    while m.mazzo:
        legal = m.legal_plays()
        m.push(legal[rng.randrange(len(legal))])
    k = knowledge(m.rules)
    first = m.legal_plays()[0]
    after = m.clone()
    after.push(first)
    exact = last_round(after, after.capture_rule)
    for seed in range(5):  # every play after the first at random, were it not exact
        assert steal_playout(m.clone(), first.card, first.presa, k, random.Random(seed), 1.0, sums=True) == exact
    assert not exact_last_round(rules_for("rubamazzo-a-somme", {"players": 4, "teams": "pairs"}), 4)
    assert not exact_last_round(rules_for("scopa"), 2)


def test_the_master_with_sums_plays_a_whole_a_somme_match_legally():
    from dataclasses import replace
    from scopa_ai.master import MasterPlayer, MasterSettings
    rules = rules_for("rubamazzo-a-somme")
    m = Match.new(rules, random.Random(11))
    master = MasterPlayer(random.Random(1), replace(MasterSettings(), iterations=10, sums=True))
    list(play_match(m, [master, level("expert", random.Random(2))], 5))
    assert m.phase == "over" and master.searches > 0
