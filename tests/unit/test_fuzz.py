"""Property-based fuzz (issue 25): random and mutated inputs to the engine, records, the session and
the bridge. Nothing is accepted wrongly (an accepted play is exactly a legal one; an accepted
record replays to a legal game; a refused request changes nothing) and nothing escapes but the
engine's own errors. A modest number of examples here; `benchmarks/fuzz.py` runs the big counts
with the same inputs and oracles (tests/fuzzkit.py)."""

from __future__ import annotations

import json
import random

import fuzzkit as fk
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depth import examples

from scopa import Match, ScopaError, from_record, rules_for
from scopa.cards import ALL_CARDS, parse_card
from scopa.state import Play

FAST = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)

# JSON-like values and a few that are not: exotic numbers and text
leaves = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
          | st.text(max_size=12) | st.sampled_from(fk.TRAPS))
values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


def check(outcome: fk.Outcome) -> None:
    assert outcome.verdict in ("accepted", "refused"), outcome.detail


@pytest.fixture(scope="module")
def records() -> list[str]:
    return fk.real_records(7, 12)


@pytest.fixture(scope="module")
def bench() -> fk.SessionBench:
    return fk.SessionBench(7)


# -- the engine -----------------------------------------------------------------------------------------
@FAST
@given(seed=SEEDS, card=st.one_of(st.integers(-5, 100), st.floats(), st.booleans(), st.text(max_size=4), st.none()),
       presa=st.lists(st.one_of(st.integers(-2, 95), st.floats(0, 95), st.booleans()), max_size=4))
def test_any_play_of_any_types_is_legal_or_refused_with_nothing_changed(seed, card, presa):
    m = Match.new(rules_for("scopa"), random.Random(seed))
    m.deal_until_played()
    before = fk.state_key(m)
    legal = m.legal_plays()
    play = Play(card, tuple(presa))
    try:
        m.apply(play)
    except ScopaError:
        assert fk.state_key(m) == before
        # refused although it is a legal play of ints: that would be wrong too
        assert not (fk.exact(play) and play in legal)
    else:
        assert fk.exact(play) and play in legal


@FAST
@given(seed=SEEDS)
def test_random_and_mutated_plays_in_every_kind_of_match(seed):
    table = fk.EngineTable(seed % 1000)
    rng = random.Random(seed)
    for _ in range(25):
        check(fk.engine_case(rng, table))


@FAST
@given(text=st.text(max_size=6))
def test_a_card_is_read_only_from_its_ascii_notation(text):
    try:
        c = parse_card(text)
    except ScopaError:
        return
    assert text.isascii() and text.strip(" \t").upper() in {fk.card_str(x) for x in ALL_CARDS}
    assert fk.card_str(c) == text.strip(" \t").upper()


@FAST
@given(options=st.dictionaries(st.sampled_from(["target", "players", "napola", "deck", "capture", "zz"]), values,
                               max_size=3))
def test_options_of_any_value_are_read_or_refused_in_words(options):
    try:
        rules_for("scopa", options)
    except ScopaError as err:
        assert len(str(err)) < 1000


# -- records ------------------------------------------------------------------------------------------
@FAST
@given(seed=SEEDS)
def test_mutated_records_are_refused_or_replay_to_a_legal_game(records, seed):
    rng = random.Random(seed)
    for _ in range(5):
        check(fk.record_case(rng, records))


@FAST
@given(value=values)
def test_any_json_value_as_a_record_is_refused_or_a_legal_game(value):
    record = value if isinstance(value, (dict, str)) else {"hands": value}
    try:
        m = from_record(record)
    except ScopaError:
        return
    assert fk.record_ok(record if isinstance(record, str) else json.dumps(record), m) == ""


# -- the session and the bridge ---------------------------------------------------------------------------------
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_bad_session_requests_are_refused_and_change_nothing(bench, seed):
    rng = random.Random(seed)
    for _ in range(5):
        check(fk.session_case(rng, bench))


@FAST
@given(name=st.one_of(st.sampled_from(fk.SESSION_OPS), values), payload=values)
def test_any_request_of_any_value_is_answered_not_raised(bench, name, payload):
    answer = bench.session.call(name, payload)
    assert isinstance(answer, dict)
    json.dumps(answer, allow_nan=False)
    bench.key = None


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_the_bridge_answers_every_request_text_with_a_result_or_a_refusal(records, bench, seed):
    bridge = fk.load_bridge()
    rng = random.Random(seed)
    for _ in range(5):
        check(fk.bridge_case(rng, bridge, records, bench))


def test_the_oracle_catches_a_wrongly_accepted_record(records):
    """The record oracle is no rubber stamp: a record whose text is not the engine's notation (here a
    play spelt with a Unicode long s, as `str.upper()` once folded it) is flagged."""
    record = json.loads(next(r for r in records if "S" in json.dumps(json.loads(r)["hands"][0]["plays"])))
    m = from_record(record)
    hand = record["hands"][0]
    i = next(i for i, p in enumerate(hand["plays"]) if "S" in p)
    hand["plays"][i] = hand["plays"][i].replace("S", "ſ")
    assert "not ASCII notation" in fk.record_ok(json.dumps(record), m)
