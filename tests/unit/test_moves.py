"""Play events say what moves (issue 22, point 3): each card's move in order, as the page animates
it, and a replay of the moves from the deal reaches every position the engine reaches."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from depth import examples

from deals import cards, dealt
from scopa import PRESETS, Match, ScopaError, card_str, parse_card, rules_for

SEATINGS = [{}, {"players": 3}, {"players": 4, "teams": "pairs"}, {"players": 6, "teams": "triples"}]


def moves(event, viewer=None) -> list[tuple]:
    """The event's moves as (card, from, to, kind) from its JSON."""
    return [(m["card"], m["from"], m["to"], m["kind"]) for m in event.to_json(viewer)["moves"]]


def test_a_lay_moves_the_card_from_the_hand_to_the_table():
    m = dealt(hands={0: "5B 1D 2D", 1: "3C 4C 6C"}, table="1C 2C 8S 10S")
    event = m.play("5B")
    assert moves(event) == [("5B", "hand:0", "table", "lay")]
    assert event.to_json()["scopa"] is False


def test_a_take_moves_the_played_card_then_each_taken_card_to_the_side_s_pile():
    m = dealt(hands={0: "9C 1D 2D", 1: "3C 4C 6C"}, table="4B 5S 1S 2S")
    event = m.play("9C:4B+5S")
    assert moves(event) == [("9C", "hand:0", "pile:0", "take"), ("4B", "table", "pile:0", "take"),
                            ("5S", "table", "pile:0", "take")]
    assert not event.scopa


def test_a_scopa_is_a_take_that_empties_the_table_and_says_so():
    m = dealt(hands={0: "7D 1D 2D", 1: "3C 4C 6C"}, table="7C")
    m.table = cards("7C")  # only one card on the table, the other three back in the deck
    m.mazzo += cards("1S 2S 3S")
    m._legal = None
    event = m.play("7D:7C")
    assert event.scopa
    assert moves(event) == [("7D", "hand:0", "pile:0", "take"), ("7C", "table", "pile:0", "take")]
    assert event.to_json()["scopa"] is True


def test_a_seat_of_the_second_side_takes_into_its_own_pile():
    m = dealt(hands={0: "1D 2D 3D", 1: "4C 5C 6C"}, table="4S 8S 9S 10S")
    m.play("1D")
    event = m.play("4C:4S")
    assert moves(event) == [("4C", "hand:1", "pile:1", "take"), ("4S", "table", "pile:1", "take")]


def test_the_hand_s_end_moves_the_rest_of_the_table_to_the_last_taker():
    rng = random.Random(5)
    for _ in range(20):
        m = Match.new(rules_for("scopa"), rng)
        m.deal_until_played()
        while m.phase == "play":
            event = m.apply(rng.choice(m.legal_plays()))
        taker, rest = event.sweep
        if rest:
            break
    assert rest, "one of these hands leaves cards on the table"
    assert moves(event)[-len(rest):] == [(card_str(c), "table", f"pile:{taker % 2}", "rest") for c in rest]
    assert len(moves(event)) == 1 + len(event.play.presa) + len(rest)
    assert m.table == [] and all(c in m.prese[taker % 2] for c in rest)


def test_a_mid_hand_deal_moves_three_cards_from_the_deck_to_each_hand_in_dealing_order():
    m = Match(rules_for("scopa"), first_dealer=1)
    m.deal(list(range(40)))
    event = None
    for _ in range(6):
        event = m.apply(m.legal_plays()[0])
    assert event.dealt
    deals = [mv for mv in moves(event, viewer=0) if mv[3] == "deal"]
    assert len(deals) == 6
    # R2: one at a time from the player after the dealer (seat 0), alternating.
    assert [mv[2] for mv in deals] == ["hand:0", "hand:1"] * 3
    assert all(mv[1] == "deck" for mv in deals)
    assert sorted(parse_card(mv[0]) for mv in deals if mv[2] == "hand:0") == m.hands[0]


def test_cards_dealt_to_another_hand_are_hidden_from_the_viewer():
    m = Match(rules_for("scopa", {"players": 3}), first_dealer=2)
    m.deal(list(range(40)))
    while True:
        event = m.apply(m.legal_plays()[0])
        if event.dealt:
            break
    for viewer in (None, 0, 1, 2):
        for card, _src, dst, kind in moves(event, viewer):
            if kind == "deal":
                assert (card is None) == (dst != f"hand:{viewer}"), (viewer, dst, card)
    shown = [parse_card(c) for c, _s, dst, _k in moves(event, 1) if dst == "hand:1"]
    assert sorted(shown) == m.hands[1]
    text = repr(event.to_json(viewer=1))
    for seat in (0, 2):
        for c in m.hands[seat]:
            assert f"'{card_str(c)}'" not in text.split("'moves'")[1]


def test_the_hand_s_log_keeps_its_events():
    m = Match(rules_for("scopa"), first_dealer=1)
    m.deal(list(range(40)))
    events = [m.apply(m.legal_plays()[0]) for _ in range(5)]
    assert m.log[-1].events == events
    assert [e.play for e in m.log[-1].events] == m.log[-1].plays


def _position(m: Match) -> tuple:
    built = [c for b in m.cascine for c in b.cards]  # SB30: a build's cards lie on the table
    built += [c.card for c in m.claims if c.answer is None]  # SB60: so does a claimed card, face down
    return (sorted(m.table + built), [sorted(p) for p in m.prese], [sorted(h) for h in m.hands])


def _apply_moves(table: list, prese: list, hands: list, event) -> None:
    """Carry out an event's moves on a plain copy of the position."""
    places = {"table": table}
    for s, h in enumerate(hands):
        places[f"hand:{s}"] = h
    for k, p in enumerate(prese):
        places[f"pile:{k}"] = p
    for mv in event.moves:
        if mv.src != "deck":
            places[mv.src].remove(mv.card)
        places[mv.dst].append(mv.card)


@settings(max_examples=examples(50), deadline=None)
@given(variant=st.sampled_from(sorted(PRESETS)), seating=st.sampled_from(SEATINGS), seed=st.integers(0, 2**32 - 1))
def test_replaying_the_moves_from_the_deal_reaches_every_position_the_engine_reaches(variant, seating, seed):
    rng = random.Random(seed)
    try:
        rules = rules_for(variant, seating)
    except ScopaError:  # a seating this variant does not allow
        rules = rules_for(variant)
    m = Match.new(rules, rng)
    for _hand in range(3):
        if m.phase == "over":
            break
        m.deal_until_played()
        table, prese, hands = list(m.table), [list(p) for p in m.prese], [list(h) for h in m.hands]
        while m.phase == "play":
            event = m.apply(rng.choice(m.legal_plays()))
            _apply_moves(table, prese, hands, event)
            if event.sweep is not None and event.sweep[0] is None:
                table.clear()  # S8: nobody ever took, so the rest is nobody's (no move)
            assert (sorted(table), [sorted(p) for p in prese], [sorted(h) for h in hands]) == _position(m)
        assert m.log[-1].events[-1].hand_result is not None
