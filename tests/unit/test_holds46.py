"""The coach's word on what an opponent probably holds (issue 46, item 5, py/scopa_ai/holds.py):
worded from the master's belief over the seat's own view, only when the belief is confident and
learnt it from this round's plays, in English, Italian and Spanish; the session's hint carries it."""

from __future__ import annotations

import random

from deals import dealt
from depth import examples
from scopa.cards import VALUE, parse_card
from scopa.rules import rules_for
from scopa.state import Match
from scopa_ai import make_player
from scopa_ai.beliefs import Belief, reading
from scopa_ai.holds import LEARNT, LIKELY, SHRUNK, UNLIKELY, chances, probable
from settebello.session import Session
from test_principles import scrambled, words


def _sweep_of_seven_passed_up() -> Match:
    """Seat 0 (3C 9C 10C) took the 3B with its 3C from 1C 1S 2D 3B, where any 7 would have swept
    the table; seat 1 is to move."""
    m = dealt("scopa", hands={0: "3C 9C 10C", 1: "5B 6B 4C"}, table="1C 1S 2D 3B")
    m.play("3C:3B")
    return m


def test_the_coach_says_the_opponent_holds_no_seven_after_passing_up_the_sweep_of_seven():
    view = _sweep_of_seven_passed_up().observe(1)
    said = probable(view)
    assert said is not None
    assert said.to_json() == {"key": "coach.belief.none.sweep",
                              "params": {"name": "Player 1", "value": 7, "sum": 7, "card": "3C"}}
    assert words(said.to_json(), "en") == ("Player 1 probably holds no card of value 7: one would have swept the "
                                           "table (7), and they played the Three of Cups instead.")
    assert words(said.to_json(), "it") == ("Probabilmente Player 1 non ha carte di valore 7: con una avrebbe fatto "
                                           "scopa (7 in tavola), e invece ha giocato il Tre di Coppe.")
    assert words(said.to_json(), "es") == ("Probablemente Player 1 no tiene ninguna carta de valor 7: con una habría "
                                           "hecho escoba (7 en la mesa), y en cambio jugó el Tres de Copas.")
    # the thresholds the sentence stands on: the belief's chance of a 7 against the cards' chance
    post, prior = chances(view, 0, Belief(view, reading(view)))[7]
    assert post <= UNLIKELY and post <= SHRUNK * prior, (post, prior)


def test_the_coach_says_the_opponent_holds_a_seven_after_it_left_a_take_for_one():
    """Seat 0 laid its 5D beside 1D 1C 8S 9C where it could have taken: the 5D and the two Aces
    it left make 7, which a 7 would take next."""
    m = dealt("scopa", hands={0: "5D 10B 3S", 1: "5B 6B 4B"}, table="9C 8S")
    m.play("5D")
    view = m.observe(1)
    said = probable(view).to_json()
    # the Five laid is one of the cards a 7 would take: it is named once (the player's review: "after
    # the Five of Coins they left the Ace of Coins, the Ace of Cups, and the Five of Coins")
    assert said == {"key": "coach.belief.holds.laid",
                    "params": {"name": "Player 1", "value": 7, "card": "5D", "cards": ["1D", "1C"]}}
    # the cards the value would take, and no more (the review of 2026-12-01: "it would take them
    # all" read as the whole table, which held other cards)
    assert words(said, "en") == ("Player 1 probably holds a card of value 7: they laid the Five of Coins, and it "
                                 "would take that card together with the Ace of Coins and the Ace of Cups.")
    assert words(said, "it") == ("Probabilmente Player 1 ha una carta di valore 7: ha calato il Cinque di Denari, "
                                 "e con quella la prenderebbe insieme con l'Asso di Denari e l'Asso di Coppe.")
    assert words(said, "es") == ("Probablemente Player 1 tiene una carta de valor 7: tiró el Cinco de Oros, y con "
                                 "ella se la llevaría junto con el As de Oros y el As de Copas.")
    assert words(said, "en").count("Five of Coins") == 1
    post, prior = chances(view, 0, Belief(view, reading(view)))[7]
    assert post >= LIKELY and post - prior >= LEARNT, (post, prior)


def test_the_coach_is_silent_when_nothing_was_learnt():
    """Before the opponent has played this round nothing is weighed; after a take of the 9D with
    its 9C (which says nothing much of its other cards) no chance moves far enough."""
    m = dealt("scopa", hands={0: "9C 3C 10C", 1: "5B 4B 4C"}, table="2D 8B 9D 10S", dealer=0)
    assert m.turn == 1 and probable(m.observe(1)) is None
    m = dealt("scopa", hands={0: "9C 3C 10C", 1: "5B 4B 4C"}, table="2D 8B 9D 10S")
    m.play("9C:9D")
    view = m.observe(1)
    assert probable(view) is None
    moved = chances(view, 0, Belief(view, reading(view)))
    assert all(abs(post - prior) < 0.1 for post, prior in moved.values()), moved
    # read as a player who plays anything, passing up the sweep of 7 says nothing either
    view = _sweep_of_seven_passed_up().observe(1)
    post, prior = chances(view, 0, Belief(view, {0: 0.0}))[7]
    assert abs(post - prior) < 0.05


def test_the_coach_is_silent_where_the_principles_do_not_speak():
    m = dealt("scopa", hands={0: "3C 9C 10C", 1: "5B 6B 4C"}, table="1C 1S 2D 3B", misere=True)
    m.play("3C:3B")
    assert probable(m.observe(1)) is None


def _positions(n: int):
    """(match, seat to move) along seeded hands of the expert against itself."""
    rules = rules_for("scopa")
    for seed in range(n):
        rng = random.Random(seed)
        m = Match(rules, None, 0, rng)
        m.deal_until_played()
        players = [make_player("expert", random.Random(seed * 2 + s)) for s in range(2)]
        while m.phase == "play":
            yield seed, m
            m.apply(players[m.turn].choose(m.observe(m.turn)))


def test_the_coach_names_only_what_the_seat_could_not_know_elsewhere_and_reads_no_hidden_card():
    """Along seeded hands: a value said to be held has a card the seat has not seen; every card
    named was seen by the seat (on the table or played); the hidden cards scrambled (the other
    hand and the mazzo), the coach says the same."""
    spoke = scrambled_checks = 0
    for seed, m in _positions(examples(6)):
        seat = m.turn
        view = m.observe(seat)
        said = probable(view)
        if said is None:
            continue
        spoke += 1
        params = dict(said.params)
        unseen = set(view.unseen())
        if said.key.startswith("coach.belief.holds"):
            assert any(VALUE[c] == params["value"] for c in unseen), (seed, said)
        named = [params[k] for k in ("card",) if k in params] + list(params.get("cards", []))
        assert not {parse_card(c) for c in named} & unseen, (seed, said)
        assert len(named) == len(set(named)), (seed, said)  # no card is named twice in the sentence
        if spoke % 5 == 1:
            twin = scrambled(m, seat, seed + 46)
            assert twin.observe(seat) == view and (twin.hands != m.hands or twin.mazzo != m.mazzo)
            assert probable(twin.observe(seat)) == said
            scrambled_checks += 1
    assert spoke >= 20 and scrambled_checks >= 4, (spoke, scrambled_checks)


def test_the_sessions_hint_carries_the_coachs_belief():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 0, "seats": [{"human": True, "name": "Anna"},
                                                         {"human": False, "level": "expert", "name": "Bruno"}]})
    beliefs = []
    while len(beliefs) < 2:
        if s.view()["waiting"] == "human":
            h = s.hint("expert")
            beliefs.append(h["belief"])
            s.play(h["notation"])
        else:
            s.computer_step()
    assert beliefs[0] is None  # Bruno has not played yet this round
    assert beliefs[1] == {"key": "coach.belief.none.take",
                          "params": {"name": "Bruno", "value": 7, "cards": ["7S"], "card": "4D"}}
    assert words(beliefs[1], "en") == ("Bruno probably holds no card of value 7: one would have taken the Seven of "
                                       "Swords, and they played the Four of Coins instead.")


def test_the_coach_says_nothing_of_an_opponents_hand_when_the_seat_has_one_play():
    """With one card left and one way to play it, what an opponent holds changes nothing the seat
    can do: the hint says "your only possible play" and no guess beside it (the player's review:
    "The Six of Coins is your only possible play. Bruno probably holds no card of value 3")."""
    only = spoke = 0
    for seed, m in _positions(examples(6)):
        view = m.observe(m.turn)
        said = probable(view)
        if len(view.legal) == 1:
            only += 1
            assert said is None, (seed, view.legal, said)
        elif said is not None:
            spoke += 1
    assert only >= 10 and spoke >= 20, (only, spoke)
