"""Scopa a fidasse (RULES §4 Phase 2, [002]): a scopa claimed face down, "vi fidate?", SB60–SB66 (docs/RULINGS.md)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import DEEP, examples

from deals import cards, dealt, legal
from players import expert_match, whole_match
from scopa import DECK, IllegalPlayError, Match, RuleError, from_record, rules_for, sample_match, to_record
from scopa.cards import card_str
from scopa.mechanics.fidasse import Answer, Claim, sweeps
from scopa.replay import replay_steps
from scopa_ai import LEVELS, make_player
from scopa_ai.parts.fidasse import p_true
from scopa_ai.heuristics import knowledge
from settebello.cli import main
from settebello.game import levels
from settebello.session import Session

C = cards
TABLE = "1C 2S 3B 4C"  # adds up to 10: a Re sweeps it (R4b), nothing else does


def fixed(hands: dict[int, str] | None = None, table: str = TABLE, **options) -> Match:
    """Seat 0 to play 10B 5D 6S on 1C 2S 3B 4C; seat 1 holds 7C 8C 9C."""
    return dealt("fidasse", hands or {0: "10B 5D 6S", 1: "7C 8C 9C"}, table, **options)


def state(m: Match) -> tuple:
    """Everything a refused play must leave as it was."""
    return (repr(m), m.turn, list(m.claims), [str(p) for p in m.log[-1].plays], len(m.log[-1].events),
            [list(p) for p in m.prese], list(m.scope))


def finish(m: Match):
    """Play the hand out with the first ordinary play (no claim) of each seat; its result."""
    while m.phase == "play":
        ev = m.apply(next(p for p in m.legal_plays() if type(p) is not Claim))
    return ev.hand_result


def moves(event, viewer=None, face_up=False) -> list[tuple]:
    return [(mv["card"], mv["from"], mv["to"], mv["kind"]) for mv in event.to_json(viewer, face_up)["moves"]]


# -- the rule set ---------------------------------------------------------------------------------
def test_preset_and_option_are_data():
    rules = rules_for("fidasse")
    assert rules.fidasse and rules.diff(rules_for("scopa")) == {"fidasse": True}
    assert rules_for("scopone", {"fidasse": True}).fidasse  # an option on other games (SB60)
    assert rules_for("escoba", {"fidasse": True}).fidasse
    for variant in ("rubamazzo", "cascina", "scopa-d-assi", "modulo-sette", "non-prendere", "bazzica"):
        with pytest.raises(RuleError, match="fidasse") as err:
            rules_for(variant, {"fidasse": True})
        assert err.value.reason == "option.fidasse"


def test_cli_lists_fidasse(capsys):
    assert main(["variants"]) == 0
    assert "fidasse" in [line.split()[0] for line in capsys.readouterr().out.splitlines()]


# -- SB60 the claim ------------------------------------------------------------------------------
def test_sb60_any_card_may_be_claimed_beside_the_ordinary_plays():
    m = fixed()
    assert legal(m) == {"10B:1C+2S+3B+4C", "5D:1C+4C", "5D:2S+3B", "6S:2S+4C", "6S:1C+2S+3B",
                        "10B?", "5D?", "6S?"}
    assert sweeps(m.capture_rule, m.table, C("10B")[0]) and not sweeps(m.capture_rule, m.table, C("5D")[0])
    assert "10B?" not in legal(dealt("scopa", {0: "10B 5D 6S"}, TABLE))  # no claim without the rule


def test_sb60_no_claim_on_an_empty_table():
    m = fixed()
    m.play("10B:1C+2S+3B+4C")
    assert m.table == [] and not any(type(p) is Claim for p in m.legal_plays())
    before = state(m)
    with pytest.raises(IllegalPlayError, match="cards on the table"):
        m.play("7C?")
    assert state(m) == before


def test_sb60_no_claim_with_the_hand_s_last_play():
    for seed in range(50):
        m = Match.new(rules_for("fidasse"), random.Random(seed))
        m.deal_until_played()
        while not (m.mazzo == [] and sum(map(len, m.hands)) == 1):
            m.apply(next(p for p in m.legal_plays() if type(p) is not Claim))
        if m.table:
            break
    assert m.table, "one of these hands reaches its last play with cards on the table"
    last = m.hands[m.turn][0]
    assert not any(type(p) is Claim for p in m.legal_plays())
    before = state(m)
    with pytest.raises(IllegalPlayError, match="last play"):
        m.play(card_str(last) + "?")
    assert state(m) == before


# -- SB61, SB62 the answer, trusted ----------------------------------------------------------------
def test_sb61_the_next_seat_answers_and_only_answers():
    m = fixed()
    ev = m.play("10B?")
    assert m.turn == 1 and m.current_player() == 1 and legal(m) == {"trust", "doubt"}
    assert m.legal_plays() == [Answer("trust"), Answer("doubt")] and m.parse_play("trust") == Answer("trust")
    assert m.hands[0] == C("5D 6S") and m.table == C(TABLE)
    assert moves(ev, 0) == [("10B", "hand:0", "table", "claim")]
    assert moves(ev, 1) == moves(ev) == [(None, "hand:0", "table", "claim")]  # face down (SB62)
    assert [str(p) for p in m.log[-1].plays] == ["10B?"]
    before = state(m)
    for bad, says in (("7C", "must first answer"), ("9C:1C+2S+3B+4C", "must first answer"), ("8C?", "must first answer")):
        with pytest.raises(IllegalPlayError, match=says):
            m.play(bad)
        assert state(m) == before
    with pytest.raises(IllegalPlayError, match="trust or doubt, not 'maybe'"):
        m.apply(Answer("maybe"))
    assert state(m) == before


@pytest.mark.parametrize("card, true", [("10B", True), ("5D", False)])
def test_sb62_trusted_takes_the_table_as_a_scopa_and_the_card_stays_hidden(card, true):
    m = fixed()
    m.play(card + "?")
    ev = m.play("trust")
    c = C(card)[0]
    assert ev.scopa and m.table == [] and m.scope == [1, 0] and m.last_capturer == 0
    assert sorted(m.prese[0]) == sorted([c, *C(TABLE)]) and m.turn == 1
    assert [str(p) for p in m.log[-1].plays] == [f"{card}?trust"]
    assert m.claims[-1].true is true and m.claims[-1].by == 1
    # the claimer's view knows it; the other seat's does not, and counts it unseen
    mine, theirs = m.observe(0), m.observe(1)
    assert c in mine.prese[0] and c not in theirs.prese[0] and sorted(theirs.prese[0]) == C(TABLE)
    assert c in theirs.unseen() and c not in mine.unseen()
    assert theirs.claims[-1].card is None and theirs.claims[-1].true is None and mine.claims[-1].true is true
    assert [str(p) for _, p in theirs.plays] == ["?trust"] and [str(p) for _, p in mine.plays] == [f"{card}?trust"]
    j = theirs.to_json()
    assert j["mechanics"]["fidasse"]["hidden"] == [1, 0] and j["plays"][0]["card"] is None and j["mechanics"]["fidasse"]["claims"][0]["card"] is None
    assert card not in json.dumps({k: j[k] for k in ("prese", "plays", "mechanics", "legal")})
    assert moves(ev, 1) == [(None, "table", "pile:0", "claim")] + [(t, "table", "pile:0", "take") for t in TABLE.split()]
    assert moves(ev, 0)[0] == (card, "table", "pile:0", "claim")
    assert ev.to_json(1)["card"] is None and ev.to_json(1)["claim"]["card"] is None
    assert ev.to_json(0)["notation"] == f"{card}?trust" and ev.to_json(face_up=True)["claim"]["true"] is true
    # the log keeps one event per play, the whole claim (the card from the hand, then the rest)
    whole = m.log[-1].events[-1]
    assert len(m.log[-1].events) == 1 and moves(whole, 0)[0] == (card, "hand:0", "table", "claim")
    # SB62: the table's cards to the pile, face down card and all; R6: the claimer took last
    result = finish(m)
    assert result.points[0]["scope"] >= 1 and result.points[0]["fidasse"] == 0 == result.points[1]["fidasse"]
    assert result.detail[0]["fidasse"] == [{"seat": 0, "card": None, "answer": "trust", "true": None, "by": 1}]


def test_sb62_partners_do_not_see_it_either():
    m = dealt("fidasse", {0: "10B 5D 6S", 1: "7C 8C 9C"}, TABLE, dealer=3, players=4, teams="pairs")
    m.play("5D?")
    assert m.turn == 1
    m.play("trust")
    assert C("5D")[0] in m.observe(0).prese[0]
    for seat in (1, 2, 3):
        v = m.observe(seat)
        assert C("5D")[0] not in v.prese[0] and C("5D")[0] in v.unseen() and v.to_json()["mechanics"]["fidasse"]["hidden"] == [1, 0]


# -- SB63, SB64 doubted -------------------------------------------------------------------------------
def test_sb63_doubted_false_is_laid_and_costs_the_claimer_a_point():
    m = fixed()
    m.play("5D?")
    ev = m.play("doubt")
    assert not ev.scopa and m.table == sorted([*C(TABLE), *C("5D")]) and m.prese == [[], []] and m.scope == [0, 0]
    assert moves(ev, 1) == [("5D", "table", "table", "reveal")]  # shown to everyone
    assert m.observe(1).claims[-1].card == C("5D")[0] and m.observe(1).claims[-1].true is False
    assert [str(p) for p in m.log[-1].plays] == ["5D?doubt"] and m.turn == 1
    result = finish(m)
    assert result.points[0]["fidasse"] == -1 and result.points[1]["fidasse"] == 0
    assert result.categories[-1] == "fidasse"
    assert result.detail[0]["fidasse"] == [{"seat": 0, "card": "5D", "answer": "doubt", "true": False, "by": 1}]


def test_sb64_doubted_true_is_a_scopa_and_costs_the_doubter_a_point():
    m = fixed()
    m.play("10B?")
    ev = m.play("doubt")
    assert ev.scopa and m.table == [] and sorted(m.prese[0]) == sorted([*C("10B"), *C(TABLE)]) and m.scope == [1, 0]
    assert moves(ev, 1) == [("10B", "table", "table", "reveal"), ("10B", "table", "pile:0", "take")] + \
        [(t, "table", "pile:0", "take") for t in TABLE.split()]
    assert C("10B")[0] in m.observe(1).prese[0]
    result = finish(m)
    assert result.points[0]["fidasse"] == 0 and result.points[1]["fidasse"] == -1
    assert sum(result.totals) == sum(sum(p.values()) for p in result.points)


def test_sb65_a_hand_may_total_below_zero():
    # seat 0 bluffs three times into a doubt: -3, more than the hand can give it back
    m = fixed({0: "5D 6S 8B", 1: "7C 9C 10C"}, "1C 2S 3B 4C")
    for _ in range(3):
        if m.phase != "play" or m.turn != 0:
            break
        claim = next((p for p in m.legal_plays() if type(p) is Claim and not sweeps(m.capture_rule, m.table, p.card)), None)
        if claim is None:
            break
        m.apply(claim)
        m.play("doubt")
        m.apply(next(p for p in m.legal_plays() if type(p) is not Claim))
    result = finish(m)
    assert result.points[0]["fidasse"] == -3 and result.totals[0] < 0


# -- SB66 notation and records ------------------------------------------------------------------------
def test_sb66_notation_round_trip_and_a_pending_claim_in_a_record():
    m = fixed()
    m.play("10B?")
    rec = to_record(m)
    assert rec["variant"] == "fidasse" and rec["hands"][0]["plays"] == ["10B?"]
    again = from_record(rec)
    assert again.turn == 1 and again.legal_plays() == [Answer("trust"), Answer("doubt")] and again.hands == m.hands
    m.play("doubt")
    m.play("7C")
    rec = to_record(m)
    assert rec["hands"][0]["plays"] == ["10B?doubt", "7C"]
    again = from_record(json.dumps(rec))
    assert again.prese == m.prese and again.table == m.table and to_record(again) == rec
    # a whole claim made at once, as a record writes it, is the same as the claim and its answer
    n = fixed()
    ev = n.play("10B?doubt")
    assert sorted(n.prese[0]) == sorted(m.prese[0]) and n.turn == 1 and [str(p) for p in n.log[-1].plays] == ["10B?doubt"]
    assert moves(ev, 1)[:2] == [("10B", "hand:0", "table", "claim"), ("10B", "table", "table", "reveal")]


def test_sb66_bad_claims_are_refused_and_change_nothing():
    m = fixed()
    before = state(m)
    for bad, says in (("5D?maybe", "trust or doubt, not 'maybe'"), ("7C?", "not in Player 1's hand"),
                      ("7C?trust", "not in Player 1's hand"), ("trust", "no claim is waiting"),
                      ("doubt", "no claim is waiting"), ("5D", "more than one way")):
        with pytest.raises(IllegalPlayError, match=says):
            m.play(bad)
        assert state(m) == before, bad
    with pytest.raises(IllegalPlayError, match="trust or doubt"):
        m.apply(Claim(C("5D")[0], "maybe"))
    assert state(m) == before
    with pytest.raises(IllegalPlayError, match="only with fidasse on"):
        dealt("scopa", {0: "10B 5D 6S"}, TABLE).play("10B?")


def test_a_record_that_skips_the_answer_is_refused_with_its_place():
    m = fixed()
    m.play("10B?trust")
    rec = to_record(m)
    rec["hands"][0]["plays"] = ["10B?", "7C"]
    with pytest.raises(Exception, match="hand 1, play 2: .*must first answer"):
        from_record(rec)


# -- views and samples ------------------------------------------------------------------------------
def test_a_sample_gives_the_face_down_card_a_likely_identity():
    m = fixed()
    m.play("5D?")
    v = m.observe(1)
    k = knowledge(m.rules)
    assert v.claims[-1].card is None and len(v.unseen()) == 40 - 3 - 4
    honest = 0
    for seed in range(40):
        s = sample_match(v, random.Random(seed))
        claimed = s.claims[-1].card
        held = [*s.hands[0], claimed]
        assert sorted([*sum(s.hands, []), *s.table, *s.mazzo, claimed]) == list(DECK)
        assert s.hands[1] == m.hands[1] and len(s.hands[0]) == 2 and s.legal_plays() == m.legal_plays()
        # a claimer who holds a card that sweeps claims with it
        assert sweeps(s.capture_rule, s.table, claimed) == any(sweeps(s.capture_rule, s.table, c) for c in held)
        honest += sweeps(s.capture_rule, s.table, claimed)
    assert 0 < honest < 40
    m.play("trust")
    s = sample_match(m.observe(1), random.Random(1))
    assert len(s.prese[0]) == 5 and sorted([*sum(s.hands, []), *s.mazzo, *sum(s.prese, [])]) == list(DECK)
    assert s.observe(0).claims[-1].card in s.prese[0] and 0 < p_true(v, k) <= 1


def test_clone_keeps_the_claims_apart():
    m = fixed()
    m.play("10B?")
    c = m.clone()
    c.play("trust")
    assert m.claims[-1].answer is None and c.claims[-1].answer == "trust" and m.table == C(TABLE)


def test_the_session_never_shows_a_trusted_card_to_the_other_seat():
    s = Session()
    s.call("new_game", {"variant": "fidasse", "seed": 1,
                        "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "beginner"}]})
    m = fixed({0: "6S 5D 10B", 1: "7C 8C 9C"})
    m.names = s.game.match.names
    s.game.match, s.game.shown = m, 0
    s.call("play", "6S:2S+4C")
    m.play("9C?")  # the computer's claim, false: 1C and 3B make 4
    answer = s.call("play", "trust")
    assert "error" not in answer and "9C" not in json.dumps(answer["event"])
    v = s.call("view")
    assert "9C" not in json.dumps({k: v[k] for k in ("prese", "plays", "mechanics", "scope_cards")})
    assert v["mechanics"]["fidasse"]["hidden"] == [0, 1] and v["tallies"][1]["cards"] == 3 and "9C" in v["unseen"]



def test_the_hot_seat_pass_screen_holds_no_claimed_card():
    """SB62 at one device: while the pass screen waits for the next person, the page is given the
    claimer's card neither pending on the table nor, trusted, in the claimer's pile; the claimer's
    own view shows it again."""
    s = Session()
    people = [{"human": True, "name": "Anna"}, {"human": True, "name": "Bruno"}]
    s.call("new_game", {"variant": "fidasse", "seed": 1, "seats": people})
    m = fixed()
    m.names = s.game.match.names
    s.game.match, s.game.shown, s.game.handed = m, 0, True  # Anna holds the device
    asked = s.call("play", "10B?")  # true: the Re sweeps 1C 2S 3B 4C
    assert asked["view"]["pass_to"] == 1 and "10B" not in json.dumps(asked)
    assert asked["view"]["mechanics"]["fidasse"]["claim"] == {"seat": 0, "card": None, "answer": None, "true": None, "by": None}
    s.call("show", 1)
    trusted = s.call("play", "trust")  # Bruno's own view: the card is one he has not seen
    seen = {k: v for k, v in trusted["view"].items() if k != "unseen"}
    assert "10B" not in json.dumps([trusted["event"], seen]) and "10B" in trusted["view"]["unseen"]
    assert trusted["view"]["mechanics"]["fidasse"]["hidden"] == [1, 0]
    s.call("play", "7C")  # Bruno lays: back to Anna, behind the pass screen
    passing = s.call("view")
    assert passing["pass_to"] == 0 and "10B" not in json.dumps(passing)
    assert passing["mechanics"]["fidasse"]["hidden"] == [1, 0] and passing["tallies"][0]["cards"] == 5
    s.call("show", 0)
    mine = s.call("view")
    assert "10B" in mine["prese"][0] and mine["mechanics"]["fidasse"]["hidden"] == [0, 0] and mine["mechanics"]["fidasse"]["claims"][0]["card"] == "10B"

# -- whole matches ----------------------------------------------------------------------------------
def _random_match(rules, seed: int) -> tuple[Match, int]:
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    claims = 0
    while m.phase != "over" and len(m.results) < 60:
        if m.phase == "deal":
            m.deal_until_played()
            continue
        p = rng.choice(m.legal_plays())
        claims += type(p) is Claim
        m.apply(p)
        for s in range(m.n):
            v = m.observe(s)
            assert len(v.unseen()) == len(m.mazzo) + sum(len(h) for o, h in enumerate(m.hands) if o != s) + \
                sum(1 for c in v.claims if c.card is None)
    return m, claims


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seating=st.sampled_from([{}, {"players": 3}, {"players": 4, "teams": "pairs"}]))
def test_random_legal_play_with_claims_ends_with_points_that_add_up(seed, seating):
    rules = rules_for("fidasse", seating)
    m, claims = _random_match(rules, seed)
    assert m.phase == "over" and m.winner is not None and claims > 0
    assert m.totals == [sum(r.totals[s] for r in m.results) for s in range(rules.sides)]
    for r in m.results:
        assert sum(d["cards"] for d in r.detail) == 40 and all(p["fidasse"] <= 0 for p in r.points)
    again = from_record(to_record(m))
    assert again.totals == m.totals and again.winner == m.winner


def test_a_whole_match_record_of_computer_players_replays_to_its_totals():
    m = expert_match("fidasse", 3)
    assert m.phase == "over" and m.winner is not None
    record = to_record(m)
    plays = [p for h in record["hands"] for p in h["plays"]]
    assert any(p.endswith("?trust") for p in plays) or any(p.endswith("?doubt") for p in plays)
    again = from_record(json.dumps(record))
    assert again.totals == m.totals and to_record(again) == record
    replay = replay_steps(record)
    assert replay["totals"] == m.totals
    shown = [s["event"]["claim"] for s in replay["steps"] if s["event"] and s["event"]["claim"]]
    # a replay shows everything: each claim's card, its answer and whether it was true
    assert shown and all(c["card"] is not None and c["answer"] in ("trust", "doubt") and c["true"] in (True, False)
                         for c in shown)


# The levels a person can choose, and the random player, by default; the benchmarks' searching
# sparring partners too in the deep run (tests/unit/test_ai.py seats them in a hand of every game).
@pytest.mark.parametrize("name", list(LEVELS) if DEEP else ["random", *[lv["id"] for lv in levels()]])
def test_every_level_plays_a_whole_match_legally(name):
    m, turns = whole_match("fidasse", name, max_hands=40)  # every play and answer checked by Match.apply
    assert m.phase == "over" and m.winner is not None and turns
    if name in ("random", "expert"):
        assert any(type(t.play) is Claim for t in turns)


def test_four_in_pairs_every_level_legally():
    rules = rules_for("fidasse", {"players": 4, "teams": "pairs"})
    m = Match.new(rules, random.Random(2))
    players = [make_player(lv, random.Random(s)) for s, lv in enumerate(["expert", "random", "beginner", "easy"])]
    while m.phase != "over":
        if m.phase == "deal":
            m.deal_until_played()
            continue
        m.apply(players[m.turn].choose(m.observe(m.turn)))
    assert m.winner is not None


# -- the computer players' judgement ------------------------------------------------------------------
def test_beginner_never_claims_and_always_trusts():
    beginner = make_player("beginner", random.Random(0))
    for seed in range(30):
        m = fixed()
        assert type(beginner.choose(m.observe(0))) is not Claim
        m.play("5D?")
        assert beginner.choose(m.observe(1)) == Answer("trust")
        beginner = make_player("beginner", random.Random(seed))


def test_expert_claims_with_a_card_that_truly_sweeps():
    m = fixed()
    assert str(make_player("expert", random.Random(0)).choose(m.observe(0))) == "10B?"


def test_expert_doubts_an_impossible_claim_and_trusts_a_likely_one():
    expert = make_player("expert", random.Random(0))
    # 10C and 10S make 20: no card sweeps them, so the claim is surely false
    m = fixed({0: "5D 6S 7D", 1: "7C 8C 9C"}, "1C 2S 10C 10S")
    m.play("5D?")
    assert p_true(m.observe(1), knowledge(m.rules)) == 0.0 and expert.choose(m.observe(1)) == Answer("doubt")
    # on 1C 2S 3B 4C any of the four Re sweeps, none seen by the answerer: likely enough to trust
    m = fixed()
    m.play("5D?")
    assert p_true(m.observe(1), knowledge(m.rules)) > 2 / 3 and expert.choose(m.observe(1)) == Answer("trust")
    # holding three of the Re itself, the answerer knows the claim is unlikely
    m = fixed({0: "10B 5D 6S", 1: "10C 10D 10S"})
    m.play("5D?")
    assert p_true(m.observe(1), knowledge(m.rules)) < 2 / 3 and expert.choose(m.observe(1)) == Answer("doubt")


def test_master_rollouts_never_bluff_even_at_random():
    """The master's rollouts through the engine (rollout.playout_legal) claim nothing, not even
    with their random plays: every play at random, a hand is played out without a claim."""
    from scopa_ai.rollout import playout_legal
    rules = rules_for("fidasse")
    k = knowledge(rules)
    for seed in range(6):
        m = Match.new(rules, random.Random(seed))
        m.deal_until_played()
        first = next(p for p in m.legal_plays() if type(p) is not Claim)
        rollout = sample_match(m.observe(m.turn), random.Random(seed))
        playout_legal(rollout, first, k, random.Random(seed), eps=1.0)
        assert rollout.claims == []
