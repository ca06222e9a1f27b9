"""Classic two-player Scopa, RULES §2 (R1–R8), pinned with concrete deals and the seeds' examples."""

import random

import pytest

from deals import cards, dealt, legal, make_deck, takes
from scopa import CardError, IllegalPlayError, Match, Play, card_name, card_str, parse_card, rules_for


# -- cards (RULES §1) ---------------------------------------------------------------------------
def test_card_notation_round_trips_and_rejects_bad_cards():
    assert [card_str(parse_card(t)) for t in ("1D", "7D", "10S", "8B")] == ["1D", "7D", "10S", "8B"]
    for bad in ("14D", "11D'", "7X", "0C", "", "D7", None):
        with pytest.raises(CardError):
            parse_card(bad)
    assert card_name(parse_card("7D")) == "Sette di Denari"
    assert card_name(parse_card("7D"), french=True) == "Sette di Quadri"
    assert card_name(parse_card("9S")) == "Cavallo di Spade"
    # SB37: the 52 cards' 8 is a numeral and their courts are 11-13; the 80 cards' second copies
    assert card_name(parse_card("8S"), size=52) == "Otto di Spade"
    assert card_name(parse_card("12S"), french=True, size=52) == "Donna di Picche"
    assert card_name(parse_card("7D'"), size=80) == "Sette di Denari (secondo mazzo)"
    assert [card_str(parse_card(t)) for t in ("13B", "7d'", "10S'")] == ["13B", "7D'", "10S'"]


# -- R1 first player, R2 deal -------------------------------------------------------------------
def test_r1_first_player_is_drawn_and_sits_after_the_dealer():
    firsts = set()
    for seed in range(40):
        m = Match.new(rules_for("scopa"), random.Random(seed))
        assert m.turn == (m.dealer + 1) % 2
        firsts.add(m.turn)
    assert firsts == {0, 1}


def test_r2_deal_one_at_a_time_from_the_player_after_the_dealer_then_four_to_the_table():
    rules = rules_for("scopa")
    deck = cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D") + [c for c in range(40) if card_str(c)[-1] != "D"]
    m = Match(rules, first_dealer=1)
    assert m.deal(deck)
    assert [card_str(c) for c in m.hands[0]] == ["1D", "3D", "5D"]
    assert [card_str(c) for c in m.hands[1]] == ["2D", "4D", "6D"]
    assert sorted(card_str(c) for c in m.table) == sorted(["7D", "8D", "9D", "10D"])
    assert m.turn == 0


def test_r2_new_three_cards_each_and_none_to_the_table_when_hands_are_empty():
    m = dealt(hands={0: "1C 2C 3C", 1: "4S 5S 6S"}, table="8B 9B 10B 10C")
    for play in ("1C", "4S", "2C", "5S", "3C", "6S"):
        m.play(play)
    assert len(m.hands[0]) == len(m.hands[1]) == 3
    assert len(m.table) + sum(len(p) for p in m.prese) == 4 + 6  # no card came to the table
    assert len(m.mazzo) == 40 - 4 - 12
    assert m.turn == 0


def test_dealer_changes_every_hand():
    rng = random.Random(7)
    m = Match.new(rules_for("scopa"), rng)
    dealers = []
    while m.phase != "over":
        dealers.append(m.dealer)
        m.deal_until_played()
        while m.phase == "play":
            m.apply(rng.choice(m.legal_plays()))
    assert all(a != b for a, b in zip(dealers, dealers[1:]))


def test_a_scored_hand_still_names_its_own_dealer_while_the_deal_has_passed_on():
    """R2: the deal passes on when a hand ends; the score sheet still shows who dealt that hand."""
    rng = random.Random(11)
    m = Match.new(rules_for("scopone"), rng)
    m.deal_until_played()
    dealt_by = m.dealer
    assert m.observe(0).hand_dealer == dealt_by == m.observe(0).to_json()["hand_dealer"]
    while m.phase == "play":
        m.apply(rng.choice(m.legal_plays()))
    view = m.observe(2)
    assert view.dealer == (dealt_by + 1) % 4  # the next hand's dealer
    assert view.hand_dealer == dealt_by and view.to_json()["hand_dealer"] == dealt_by


# -- R3 kings redeal ----------------------------------------------------------------------------
@pytest.mark.parametrize("table,void", [("10D 10C 10B 1S", True), ("10D 10C 10B 10S", True), ("10D 10C 1B 1S", False)])
def test_r3_three_or_four_kings_on_the_table_void_the_deal(table, void):
    rules = rules_for("scopa")
    m = Match(rules, first_dealer=0)
    assert m.deal(make_deck(rules, 0, {}, table)) is (not void)
    assert m.phase == ("deal" if void else "play")
    assert m.dealer == 0  # S2: a redeal does not move the dealer
    if void:
        assert m.log[-1].redeal and m.log[-1].plays == []


# -- R4 capture ---------------------------------------------------------------------------------
def test_r4a_same_value_card_must_be_taken_never_a_sum_000():
    # [000]: table 3, 6, Cavallo — a Cavallo takes only the Cavallo.
    m = dealt(hands={0: "9D 1C 2C"}, table="3B 6S 9C 4D")
    assert takes(m, "9D") == {"9D:9C"}
    with pytest.raises(IllegalPlayError, match="cannot take"):
        m.play("9D:3B+6S")


def test_r4a_fante_takes_only_the_fante_002():
    # [002]: table 3, 5, Fante — a Fante takes only the Fante.
    m = dealt(hands={0: "8D 1C 2C"}, table="3B 5S 8C 4D")
    assert takes(m, "8D") == {"8D:8C"}


def test_r4a_choice_between_several_same_value_cards():
    m = dealt(hands={0: "5D 1C 2C"}, table="5B 5S 9C 10D")
    assert takes(m, "5D") == {"5D:5B", "5D:5S"}
    with pytest.raises(IllegalPlayError, match="more than one way"):
        m.play("5D")


def test_r4b_player_chooses_among_sums_000():
    # [000]: table 7, 2, 4, 5 — a Cavallo may take 7+2 or 4+5.
    m = dealt(hands={0: "9D 1C 10C"}, table="7B 2S 4C 5D")
    assert takes(m, "9D") == {"9D:2S+7B", "9D:4C+5D"}
    event = m.play("9D:4C+5D")
    assert sorted(card_str(c) for c in m.table) == ["2S", "7B"]
    assert not event.scopa


def test_r4b_sums_of_different_sizes_002():
    # [002]: table 1, 3, 4, 5 — a Cavallo may take 1+3+5 or 4+5.
    m = dealt(hands={0: "9D 2C 10C"}, table="1B 3S 4C 5D")
    assert takes(m, "9D") == {"9D:1B+3S+5D", "9D:4C+5D"}


def test_r4c_no_capture_leaves_the_card_on_the_table():
    m = dealt(hands={0: "10D 1C 2C"}, table="7B 6S 8C 9D")
    assert takes(m, "10D") == {"10D"}
    m.play("10D")
    assert parse_card("10D") in m.table and len(m.table) == 5


def test_r4_a_possible_capture_is_compulsory_and_a_refusal_changes_nothing():
    m = dealt(hands={0: "5D 1C 10C"}, table="5B 7S 4C 6D")
    before = repr(m)
    with pytest.raises(IllegalPlayError, match="compulsory"):
        m.apply(m.legal_plays()[0]._replace(card=parse_card("5D"), presa=()))
    assert repr(m) == before
    assert m.turn == 0


def test_r4_illegal_plays_name_the_problem_and_change_nothing():
    m = dealt(hands={0: "5D 1C 10C"}, table="5B 7S 4C 6D")
    before = (repr(m), [list(h) for h in m.hands], list(m.table))
    for bad, why in (("2S", "not in Player 1's hand"), ("5D:5C", "not on the table"),
                     ("5D:1C+4C", "not on the table"), ("11D", "not a card of the 40-card deck"), ("1C:4C", "takes nothing"),
                     ("5D:5B+5B", "taken twice"), ("", "not a play")):
        with pytest.raises((IllegalPlayError, CardError), match=why):
            m.play(bad)
    assert (repr(m), [list(h) for h in m.hands], list(m.table)) == before


# -- R5 scopa, R6 last capture ------------------------------------------------------------------
def test_r5_a_sweep_is_a_scopa():
    m = dealt(hands={0: "10D 1C 5C"}, table="1S 2S 3C 4C")
    assert takes(m, "10D") == {"10D:1S+2S+3C+4C"}
    event = m.play("10D")  # the only capture, so it may be written without the cards taken
    assert event.scopa and m.scope == [1, 0] and m.table == []
    assert m.observe(1).scope == (1, 0)


def _play_out(m: Match, choose=lambda plays: plays[0]) -> list:
    events = []
    while m.phase == "play":
        events.append(m.apply(choose(m.legal_plays())))
    return events


def test_r5_no_scopa_with_the_last_card_of_the_hand():
    rules = rules_for("scopa", {"hand_size": 18})  # one deal: the whole hand is in view
    m = Match(rules, first_dealer=1)
    m.deal(make_deck(rules, 1, {}, "1D 2D 3D 4D"))
    while len(m.hands[0]) + len(m.hands[1]) > 1:
        m.apply(m.legal_plays()[0])
    last = m.hands[m.turn][0]
    # Put one card of the same value alone on the table, taking it from wherever it lies.
    twin = next(c for c in range(40) if c != last and c // 4 == last // 4)
    for pile in m.prese:
        if twin in pile:
            pile.remove(twin)
    m.table = [twin]
    m._legal = None
    scope_before = list(m.scope)
    event = m.apply(m.legal_plays()[0])
    assert event.play.presa == (twin,) and not event.scopa
    assert m.scope == scope_before


def test_r6_table_left_goes_to_the_last_capturer_and_is_no_scopa():
    rng = random.Random(11)
    for _ in range(20):
        m = Match.new(rules_for("scopa"), rng)
        m.deal_until_played()
        events = _play_out(m, lambda plays: rng.choice(plays))
        capturers = [e.seat for e in events if e.play.presa]
        end = events[-1]
        taker, swept = end.sweep
        assert taker == capturers[-1]
        assert end.hand_result.detail[taker]["scope"] == sum(1 for e in events if e.scopa and e.seat == taker)
        assert sum(d["cards"] for d in end.hand_result.detail) == 40


def test_s8_nobody_captured_means_the_table_counts_for_nobody():
    rules = rules_for("scopa", {"hand_size": 18})
    m = Match(rules, first_dealer=1)
    m.deal(make_deck(rules, 1, {}, "1D 2D 3D 4D"))
    while m.phase == "play":
        m.push(Play(m.hands[m.turn][0]))  # unchecked: every card laid down, nobody captures
    assert [d["cards"] for d in m.results[-1].detail] == [0, 0]
    assert m.results[-1].totals == (0, 0)


# -- R7 scoring ---------------------------------------------------------------------------------
from scopa import score_hand  # noqa: E402


def piles(a: str, b: str):
    return [cards(a), cards(b)]


def test_r7_every_category_with_primiera_detail():
    a = "7D 7C 7B 6S 1D 2D 3D 4D 5D 6D 1C 2C 3C 4C 5C 6C 1B 2B 3B 4B 5B"  # 21 cards, 6 denari
    b = " ".join(card_str(c) for c in range(40) if card_str(c) not in a.split())
    r = score_hand(rules_for("scopa"), piles(a, b), [2, 1])
    assert r.points[0] == {"scope": 2, "carte": 1, "denari": 1, "settebello": 1, "primiera": 1}
    assert r.points[1] == {"scope": 1, "carte": 0, "denari": 0, "settebello": 0, "primiera": 0}
    assert r.totals == (6, 1)
    assert r.detail[0]["primiera"] == {"cards": {"D": "7D", "C": "7C", "B": "7B", "S": "6S"}, "total": 81,
                                       "complete": True}
    # b holds only figures in D and C, 6B and 7S: 10 + 10 + 18 + 21.
    assert r.detail[1]["primiera"] == {"cards": {"D": "8D", "C": "8C", "B": "6B", "S": "7S"}, "total": 59,
                                       "complete": True}


def test_r7_ties_give_no_point():
    deck = list(range(40))
    a = [c for c in deck if c % 2 == 0]
    b = [c for c in deck if c % 2 == 1]
    r = score_hand(rules_for("scopa"), [a, b], [0, 0])
    assert r.detail[0]["cards"] == r.detail[1]["cards"] == 20
    assert r.points[0]["carte"] == r.points[1]["carte"] == 0
    # Suits alternate D C B S by id, so a holds all D and B, b all C and S: denari 10-0.
    a = cards("1D 2D 3D 4D 5D 1C 2C 3C 4C 5C")
    b = cards("6D 7D 8D 9D 10D 6C 7C 8C 9C 10C")
    r = score_hand(rules_for("scopa"), [a, b], [0, 0])
    assert r.points[0]["denari"] == r.points[1]["denari"] == 0


def test_r7_primiera_missing_suit_lose_and_void():
    a = cards("7D 7C 7B")  # no spade: 63 on three suits
    b = cards("1D 1C 1B 1S")  # all four suits: 64
    c = cards("6D 6C 6B")  # no spade
    lose = rules_for("scopa")
    void = rules_for("scopa", {"missing_suit": "void"})
    assert score_hand(lose, [a, b], [0, 0]).points[1]["primiera"] == 1
    assert score_hand(void, [a, b], [0, 0]).points[1]["primiera"] == 1
    # Nobody complete: "lose" counts the suits each has; "void" gives nobody the point (S6).
    assert score_hand(lose, [a, c], [0, 0]).points[0]["primiera"] == 1
    assert score_hand(void, [a, c], [0, 0]).points[0]["primiera"] == 0
    assert score_hand(void, [a, c], [0, 0]).points[1]["primiera"] == 0


def test_r7_primiera_tie_gives_no_point():
    r = score_hand(rules_for("scopa"), [cards("7D 7C 7B 7S"), cards("6D 6C 6B 6S")], [0, 0])
    assert r.points[0]["primiera"] == 1
    r = score_hand(rules_for("scopa"), [cards("7D 6C 7B 6S"), cards("6D 7C 6B 7S")], [0, 0])
    assert r.points[0]["primiera"] == r.points[1]["primiera"] == 0


# -- R8 match -----------------------------------------------------------------------------------
def _match_with_totals(totals, **options):
    m = Match(rules_for("scopa", options))
    m.totals = list(totals)
    return m._match_winner(score_hand(m.rules, [[], []], [0, 0]))


def test_r8_target_reached_highest_wins_ties_play_on():
    assert _match_with_totals([11, 9]) == 0
    assert _match_with_totals([10, 9]) is None
    assert _match_with_totals([12, 12]) is None  # tied at the top: another hand
    assert _match_with_totals([13, 12]) == 0
    assert _match_with_totals([3, 2], target=0) == 0  # single hand
    assert _match_with_totals([2, 2], target=0) is None


def test_r8_a_full_match_ends_with_a_side_on_target_and_ahead():
    rng = random.Random(3)
    m = Match.new(rules_for("scopa"), rng)
    while m.phase != "over":
        m.deal_until_played()
        _play_out(m, lambda plays: rng.choice(plays))
    assert m.totals[m.winner] >= 11 and m.totals[m.winner] > m.totals[1 - m.winner]
    with pytest.raises(IllegalPlayError, match="over"):
        m.deal()
