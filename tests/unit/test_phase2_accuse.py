"""The declaration variants of RULES §4 (Bàzzica, Tuzzulicchio, Cocchiaundici; [002]) and the
settled details SB10–SB13 (docs/RULINGS.md): what each declaration scores, when it is made and shown, its
place in events, views, hand results, records and replays, and every computer level playing them."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples, spread

from deals import cards, dealt, legal
from scopa import DECK, PRESETS, Match, RuleError, from_record, rules_for, sample_match, to_record
from scopa.mechanics.accuse import ACCUSA_KINDS, ACCUSE_SETS, accuse_of
from scopa.cards import card_str
from scopa.replay import replay_steps
from scopa_ai import LEVELS
from scopa_ai.levels import ExpertPlayer
from settebello.cli import main
from players import expert_match, level, whole_match

VARIANTS = ["bazzica", "tuzzulicchio", "cocchiaundici"]


def declared(mode: str, hand: str) -> list[tuple[str, list[str], int]]:
    """The declarations of a hand as (kind, cards, points)."""
    return [(a.kind, [card_str(c) for c in a.cards], a.points) for a in accuse_of(mode, 0, cards(hand))]


def full_deck(rounds: list[tuple[str, str]], table: str) -> list[int]:
    """Two players, seat 0 playing first (dealer 1): the deck dealing these (seat 0, seat 1) hands
    round after round, one card at a time from seat 0 (R2), the table after the first round (S1)."""
    deck: list[int] = []
    for i, (mine, theirs) in enumerate(rounds):
        for a, b in zip(cards(mine), cards(theirs)):
            deck += [a, b]
        if i == 0:
            deck += cards(table)
    assert sorted(deck) == list(DECK)
    return deck


# Tuzzulicchio: seat 0 a Buongioco (1D 1B) and a Napoli (1D 2D), seat 1 a full Napoli of Coppe;
# no later hand holds two of Asso, Due and Tre.
TUZZ_ROUNDS = [("1D 1B 2D", "1C 2C 3C"), ("1S 4D 8D", "2B 4C 8C"), ("3D 4B 8B", "2S 5D 8S"),
               ("3B 5C 9D", "3S 5B 9C"), ("6D 9B 10D", "6C 9S 10C"), ("6B 7D 10B", "7C 7B 10S")]
TUZZ_TABLE = "4S 5S 6S 7S"
# Bàzzica: seat 0 three Cinque, seat 1 Asso, Due and Sei (nine, all different); no other.
BAZZ_ROUNDS = [("5D 5C 5B", "1D 2C 6S"), ("1C 4D 10D", "1B 4C 10C"), ("1S 4B 10B", "2D 6D 10S"),
               ("2B 6C 9D", "2S 6B 9C"), ("3D 7C 9S", "3C 7B 8D"), ("3B 7S 8B", "3S 5S 8S")]
BAZZ_TABLE = "7D 8C 9B 4S"


def match_of(variant: str, rounds: list[tuple[str, str]], table: str, **options) -> Match:
    m = Match(rules_for(variant, options), ["Anna", "Bruno"], first_dealer=1)
    assert m.deal(full_deck(rounds, table))
    return m


def play_out(m: Match) -> list:
    """The rest of the hand with the first legal play each turn; the events."""
    events = []
    while m.phase == "play":
        events.append(m.apply(m.legal_plays()[0]))
    return events


# -- the declarations of each kind, literally ([002]) ----------------------------------------------
@pytest.mark.parametrize("hand, expected", [
    # [002] "Esempi di Buongioco": two equal of Asso, Due, Tre 3 points, three 6
    ("1D 1C 7S", [("buongioco-2", ["1D", "1C"], 3)]),
    ("2B 2S 9D", [("buongioco-2", ["2B", "2S"], 3)]),
    ("3D 3S 5C", [("buongioco-2", ["3D", "3S"], 3)]),
    ("1D 1C 1S", [("buongioco-3", ["1D", "1C", "1S"], 6)]),
    ("2D 2C 2B", [("buongioco-3", ["2D", "2C", "2B"], 6)]),
    ("3C 3B 3S", [("buongioco-3", ["3C", "3B", "3S"], 6)]),
    # "Esempi di Napoli": two of one suit among Asso, Due, Tre 3 points, all three 7
    ("1S 2S 6D", [("napoli-2", ["1S", "2S"], 3)]),
    ("1B 3B 10D", [("napoli-2", ["1B", "3B"], 3)]),
    ("2D 3D 4D", [("napoli-2", ["2D", "3D"], 3)]),
    ("1C 2C 3C", [("napoli-3", ["1C", "2C", "3C"], 7)]),
    # the "ibridi": Asso + (Asso and Due of one suit) are two tuzzilicchi, 6 points (SB11)
    ("1D 1C 2D", [("buongioco-2", ["1D", "1C"], 3), ("napoli-2", ["1D", "2D"], 3)]),
    ("1D 1C 3C", [("buongioco-2", ["1D", "1C"], 3), ("napoli-2", ["1C", "3C"], 3)]),
    ("2B 2S 3S", [("buongioco-2", ["2B", "2S"], 3), ("napoli-2", ["2S", "3S"], 3)]),
    # nothing: different values and suits, or cards above the Tre
    ("1D 2C 3B", []),
    ("4D 4C 4B", []),
    ("5D 6D 7D", []),
])
def test_sb11_tuzzulicchio_declarations(hand, expected):
    assert declared("tuzzulicchio", hand) == expected


@pytest.mark.parametrize("hand, expected", [
    # [002] Bàzzica: three equal cards 7 points, figures too
    ("5D 5C 5B", [("tre-uguali", ["5D", "5C", "5B"], 7)]),
    ("10D 10C 10S", [("tre-uguali", ["10D", "10C", "10S"], 7)]),
    # three cards adding up to nine or less: 2 points all different, 3 with two equal
    ("1D 2C 6S", [("nove-diverse", ["1D", "2C", "6S"], 2)]),
    ("2D 3C 4S", [("nove-diverse", ["2D", "3C", "4S"], 2)]),
    ("1D 1C 7S", [("nove-coppia", ["1D", "1C", "7S"], 3)]),
    ("4D 4B 1S", [("nove-coppia", ["1S", "4D", "4B"], 3)]),
    # SB11: three Due are three alike (7), not also nine or less with a pair
    ("2D 2C 2B", [("tre-uguali", ["2D", "2C", "2B"], 7)]),
    # ten is not nine or less
    ("1D 2C 7S", []),
    ("3D 3C 4S", []),
])
def test_sb11_bazzica_declarations(hand, expected):
    assert declared("bazzica", hand) == expected


def test_declaration_kinds_are_data_on_the_rule_set():
    assert rules_for("scopa").accuse_kinds == ()
    assert [k.id for k in rules_for("bazzica").accuse_kinds] == ["tre-uguali", "nove-coppia", "nove-diverse"]
    assert rules_for("cocchiaundici").accuse_kinds == rules_for("tuzzulicchio").accuse_kinds == \
        ACCUSE_SETS["tuzzulicchio"]
    assert {k.name for k in ACCUSA_KINDS.values()} == {"Buongioco", "Napoli", "Tre uguali", "Nove o meno",
                                                       "Nove o meno con coppia", "Buona da tre", "Buona da dieci",
                                                       "Quindici in tavola", "Trenta in tavola"}  # R24, R25
    # any game may score them: an option like any other (RULES §3), refused when unknown
    assert rules_for("scopa", {"accuse": "tuzzulicchio"}).accuse_kinds == ACCUSE_SETS["tuzzulicchio"]
    with pytest.raises(RuleError, match="accuse must be one of"):
        rules_for("scopa", {"accuse": "tressette"})


def test_sb12_presets():
    assert rules_for("bazzica").diff(rules_for("scopa")) == {"accuse": "bazzica", "accuse_choice": True, "target": 21}
    tuzz = rules_for("tuzzulicchio")
    assert tuzz.ace_takes_all and not tuzz.ace_scopa and not tuzz.rebello and tuzz.target == 21
    assert rules_for("cocchiaundici").diff(tuzz) == {"capture": "match+eleven"}


def test_cocchiaundici_takes_by_eleven_and_the_asso_takes_all():
    # [002] "fante+3": a Fante takes a Tre, though a Fante lies on the table (O3, S4)
    m = dealt("cocchiaundici", {0: "8D 4B 5B", 1: "7C 6B 9S"}, "3C 8B 10S 6D")
    assert {"8D:3C", "8D:8B"} <= legal(m) and "4B:6D" not in legal(m)  # 4 + 6 is ten, not eleven
    assert "5B:6D" in legal(m)  # 5 + 6
    m = dealt("cocchiaundici", {0: "1D 4B 5B", 1: "7C 6B 9S"}, "3C 8B 10S 6D")
    assert [p for p in legal(m) if p.startswith("1D")] == ["1D:3C+6D+8B+10S"]  # S5, not the Re by eleven


# -- SB10: made at the first play of each deal, in public ---------------------------------------
def test_sb10_a_declaration_is_made_with_the_first_play_and_shown_to_all():
    m = match_of("tuzzulicchio", TUZZ_ROUNDS, TUZZ_TABLE)
    ev = m.play("2D")  # Anna's first play: she declares before it (the 2D lays)
    assert [(a.seat, a.kind, [card_str(c) for c in a.cards], a.points) for a in ev.declarations] == [
        (0, "buongioco-2", ["1D", "1B"], 3), (0, "napoli-2", ["1D", "2D"], 3)]
    shown = ev.to_json(viewer=1)
    assert shown["accuse"] == [
        {"seat": 0, "kind": "buongioco-2", "name": "Buongioco", "cards": ["1D", "1B"], "points": 3},
        {"seat": 0, "kind": "napoli-2", "name": "Napoli", "cards": ["1D", "2D"], "points": 3}]
    # the cards shown, each once, stay in her hand; then the play itself
    assert shown["moves"] == [
        {"card": "1D", "from": "hand:0", "to": "hand:0", "kind": "accusa"},
        {"card": "1B", "from": "hand:0", "to": "hand:0", "kind": "accusa"},
        {"card": "2D", "from": "hand:0", "to": "hand:0", "kind": "accusa"},
        {"card": "2D", "from": "hand:0", "to": "table", "kind": "lay"}]
    assert m.observe(1).shown() == {0: tuple(cards("1D 1B"))}
    # her next plays of the round declare nothing again
    m.play("3C")
    assert m.play("1B").declarations == ()


def test_sb10_a_declaration_is_public_only_once_made():
    m = match_of("tuzzulicchio", TUZZ_ROUNDS, TUZZ_TABLE)
    m.play("2D")
    before = m.observe(0)  # Bruno has not played yet: his Napoli is not known
    assert {a.seat for a in before.declarations} == {0} and before.shown() == {}
    assert set(cards("1C 2C 3C")) <= set(before.unseen())
    assert "1C" not in json.dumps(before.to_json())
    # a twin deal where Bruno holds no Napoli looks the same to Anna until he plays
    twin_rounds = [("1D 1B 2D", "7C 7B 10S")] + TUZZ_ROUNDS[1:5] + [("6B 7D 10B", "1C 2C 3C")]
    twin = match_of("tuzzulicchio", twin_rounds, TUZZ_TABLE)
    twin.play("2D")
    assert twin.observe(0) == before
    ev = m.play("3C")
    assert [(a.kind, a.points) for a in ev.declarations] == [("napoli-3", 7)]
    assert [mv["card"] for mv in ev.to_json(viewer=0)["moves"] if mv["kind"] == "accusa"] == ["1C", "2C", "3C"]
    assert twin.play("7B").declarations == ()
    after = m.observe(0)
    assert after.shown() == {1: tuple(cards("1C 2C"))}
    assert not set(cards("1C 2C 3C")) & set(after.unseen())
    assert [a["kind"] for a in after.to_json()["mechanics"]["accuse"]["accuse"]] == ["buongioco-2", "napoli-2", "napoli-3"]
    # a determinisation for the AI keeps the shown cards where they are
    for seed in range(20):
        assert set(cards("1C 2C")) <= set(sample_match(after, random.Random(seed)).hands[1])


def test_sb10_declarations_score_in_the_hand_result():
    m = match_of("tuzzulicchio", TUZZ_ROUNDS, TUZZ_TABLE)
    events = play_out(m)
    assert sum(1 for e in events if e.declarations) == 2  # one first play each; no later hand declares
    result = events[-1].hand_result
    assert result.categories[-1] == "accuse"
    assert [p["accuse"] for p in result.points] == [6, 7]
    assert [[(a["kind"], a["cards"]) for a in d["accuse"]] for d in result.detail] == [
        [("buongioco-2", ["1D", "1B"]), ("napoli-2", ["1D", "2D"])], [("napoli-3", ["1C", "2C", "3C"])]]
    assert result.to_json()["points"][1]["accuse"] == 7
    assert all(sum(p.values()) == t for p, t in zip(result.points, result.totals))
    assert m.totals == list(result.totals)
    # the same deal in classic Scopa d'assi scores the same but for the declarations
    plain = match_of("scopa-d-assi", TUZZ_ROUNDS, TUZZ_TABLE)
    plain_result = play_out(plain)[-1].hand_result
    assert "accuse" not in plain_result.categories
    assert [t - p["accuse"] for t, p in zip(result.totals, result.points)] == list(plain_result.totals)


def test_sb10_bazzica_hand():
    m = match_of("bazzica", BAZZ_ROUNDS, BAZZ_TABLE, accuse_choice=False)  # as before SB14
    result = play_out(m)[-1].hand_result
    assert [p["accuse"] for p in result.points] == [7, 2]
    assert [[a["kind"] for a in d["accuse"]] for d in result.detail] == [["tre-uguali"], ["nove-diverse"]]


def test_sb10_every_deal_of_the_hand_declares():
    # the Napoli of Coppe dealt to Bruno in the last round is declared there (SB10, [002] Bàzzica)
    rounds = [("1D 1B 2D", "7C 7B 10S")] + TUZZ_ROUNDS[1:5] + [("6B 7D 10B", "1C 2C 3C")]
    m = match_of("tuzzulicchio", rounds, TUZZ_TABLE)
    events = play_out(m)
    made = [(i, a.seat, a.kind) for i, e in enumerate(events) for a in e.declarations]
    assert made == [(0, 0, "buongioco-2"), (0, 0, "napoli-2"), (31, 1, "napoli-3")]
    assert [p["accuse"] for p in events[-1].hand_result.points] == [6, 7]


# -- records, replays, the command line -----------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_match_record_replays_to_its_totals(variant):
    m = expert_match(variant, 3)
    assert m.phase == "over" and m.winner is not None
    record = to_record(m)
    assert record["variant"] == variant and record["options"] == {}
    assert set(record) == set(to_record(expert_match("scopa", 3)))  # derived from the deal: no new field
    again = from_record(json.dumps(record))
    assert again.totals == m.totals and again.winner == m.winner
    assert [r.to_json() for r in again.results] == [r.to_json() for r in m.results]
    replay = replay_steps(record)
    assert replay["totals"] == m.totals and replay["winner"] == m.winner
    made = [a for s in replay["steps"] if s["event"] for a in s["event"]["accuse"]]
    assert sum(a["points"] for a in made) == sum(p["accuse"] for r in m.results for p in r.points)


def test_cli_lists_the_declaration_variants(capsys):
    assert main(["variants"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert set(VARIANTS) <= set(ids)


# -- properties: random legal play ---------------------------------------------------------------
def deals_of(m: Match):
    """(dealer, deck) of each hand played, from the match's log (a redeal keeps the dealer, S2)."""
    dealer = m.first_dealer
    for h in m.log:
        if not h.redeal:
            yield dealer, h.deck
            dealer = (dealer + 1) % m.n


def declared_from_deck(m: Match, dealer: int, deck) -> list[int]:
    """Each side's declaration points in a hand, worked out from its deck alone (R2, SB10)."""
    r = m.rules
    n, k = m.n, r.hand_size
    rounds = [deck[:n * k]] + [deck[i:i + n * k] for i in range(n * k + r.table_cards, 40, n * k)]
    out = [0] * r.sides
    for dealt_cards in rounds:
        for seat in range(n):
            hand = [c for i, c in enumerate(dealt_cards) if (dealer + 1 + i) % n == seat]
            out[seat % r.sides] += sum(a.points for a in accuse_of(r.accuse, seat, hand))
    return out


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1),
       seating=st.sampled_from([{}, {"players": 3}, {"players": 4, "teams": "pairs"}, {"players": 5},
                                {"players": 6, "teams": "triples"}]))
def test_random_play_ends_the_match_with_points_that_add_up(variant, seed, seating):
    from scopa.tables import seat
    rules = seat(rules_for(variant), seating.get("players", 2), seating.get("teams", "none"))
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    made = []
    by_hand: list[list[int]] = []  # each hand's declaration points by side, as made
    while m.phase != "over" and len(m.results) < 60:
        m.deal_until_played()
        by_hand.append([0] * rules.sides)
        while m.phase == "play":
            ev = m.apply(rng.choice(m.legal_plays()))
            made.extend(ev.declarations)
            for a in ev.declarations:
                by_hand[-1][a.seat % rules.sides] += a.points
            # what is declared is public; what is not yet declared is in no other view
            for s in range(m.n):
                view = m.observe(s)
                assert set(view.declarations) == set(m.accuse) if m.phase == "play" else view.declarations == ()
    assert m.phase == "over" and m.winner is not None
    assert m.totals == [sum(r.totals[s] for r in m.results) for s in range(rules.sides)]
    for r in m.results:
        assert all(sum(p.values()) == t for p, t in zip(r.points, r.totals))
        for side in range(rules.sides):
            assert r.points[side]["accuse"] == sum(a["points"] for a in r.detail[side]["accuse"])
    assert [[p["accuse"] for p in r.points] for r in m.results] == by_hand
    if not rules.accuse_choice:  # SB10: every declaration held is made; SB14: those chosen
        assert by_hand == [declared_from_deck(m, d, deck) for d, deck in deals_of(m)]
    assert sum(a.points for a in made) == sum(p["accuse"] for r in m.results for p in r.points)
    again = from_record(to_record(m))
    assert again.totals == m.totals and again.winner == m.winner


# -- computer players ------------------------------------------------------------------------------

@pytest.mark.parametrize("name,variant", spread(list(LEVELS), VARIANTS))  # every pair in the deep run
def test_every_level_plays_a_whole_match_legally(variant, name):
    m, turns = whole_match(variant, name)  # every play checked by Match.apply
    assert m.phase == "over" and m.winner is not None and turns
    assert any(t.event.declarations for t in turns)


def test_the_expert_counts_a_declared_card_as_held():
    """SB10: Bruno showed 1C 2C 3C and laid the 3C; the expert knows his Asso takes the table
    (asso piglia tutto) for sure, where a card it has not seen would be only a chance."""
    rounds = [("5D 6C 4B", "1C 2C 3C"), ("1S 4D 8D", "2B 4C 8C"), ("3D 1B 8B", "2S 10S 8S"),
              ("3B 5C 9D", "3S 5B 9C"), ("6D 9B 10D", "2D 9S 10C"), ("6B 7D 10B", "7C 7B 1D")]
    m = Match(rules_for("tuzzulicchio"), ["Anna", "Bruno"], first_dealer=0)  # Bruno plays first
    deck = []
    for i, (a_hand, b_hand) in enumerate(rounds):
        for b, a in zip(cards(b_hand), cards(a_hand)):
            deck += [b, a]
        if i == 0:
            deck += cards("4S 5S 6S 7S")
    assert m.deal(deck)
    m.play("3C")
    view = m.observe(0)
    assert view.shown() == {1: tuple(cards("1C 2C"))}
    from dataclasses import replace
    knowing = ExpertPlayer(random.Random(1)).scores(view)
    unknowing = ExpertPlayer(random.Random(1)).scores(replace(view, declarations=()))
    assert all(k < u for k, u in zip(knowing, unknowing))


@pytest.mark.parametrize("name", ["expert", "master"])
def test_no_level_reads_a_card_not_yet_declared(name):
    """A twin deal that differs only in cards the seat to move has not seen, nor been shown, and
    that gives the same public declarations, gets the same play."""
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        rules = rules_for(VARIANTS[seed % 3])
        m = Match.new(rules, rng)
        m.deal_until_played()
        deck = list(m.log[-1].deck)
        dealer = m.dealer
        for _ in range(seed % 9):
            m.apply(rng.choice(m.legal_plays()))
        if m.phase != "play":
            continue
        view = m.observe(m.turn)
        seen = set(view.hand) | set(view.table) | {c for p in view.prese for c in p}
        seen |= {c for a in view.declarations for c in a.cards} | {p.card for _, p in view.plays}
        hidden = [i for i, c in enumerate(deck) if c not in seen]
        for attempt in range(10):
            moved = [deck[i] for i in hidden]
            random.Random(seed * 100 + attempt).shuffle(moved)
            deck2 = deck[:]
            for i, c in zip(hidden, moved):
                deck2[i] = c
            twin = Match(rules, m.names, dealer)
            if not twin.deal(deck2):
                continue
            for p in m.log[-1].plays:
                twin.apply(p)
            if twin.observe(m.turn) != view:
                continue  # a seat that declared nothing holds no combination: that too is public
            a = level(name, random.Random(seed)).choose(view)
            b = level(name, random.Random(seed)).choose(twin.observe(m.turn))
            assert a == b
            checked += 1
            break
    assert checked >= 10


def test_the_rules_page_lists_each_declaration_with_an_example_the_engine_scores():
    from settebello.session import Session
    page = Session().call("rulebook", {"variant": "tuzzulicchio"})
    assert {"key": "accuse", "value": "tuzzulicchio"} in page["changes"]
    assert [(d["kind"], d["name"], d["points"], d["example"]) for d in page["accuse"]] == [
        ("buongioco-3", "Buongioco", 6, ["1D", "1C", "1B"]), ("napoli-3", "Napoli", 7, ["1D", "2D", "3D"]),
        ("buongioco-2", "Buongioco", 3, ["1D", "1C"]), ("napoli-2", "Napoli", 3, ["1D", "2D"])]
    assert Session().call("rulebook", {"variant": "scopa"})["accuse"] == []
