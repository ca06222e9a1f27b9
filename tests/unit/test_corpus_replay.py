"""Behaviour unchanged (issue 42, item 5): a corpus of games replays to the same digests as before.

The corpus: every game record the tests hold — each record the unit tests passed to `from_record`
on `main` (collected by a pytest plugin that wrapped it) and each literal one written in a test
file, kept in `corpus_records.json.gz` — replayed, or refused and its message kept; and seeded matches over every table of
every preset (tables.py), two single hands each and one whole match per preset, played by a
seeded generator choosing among the legal plays, each play written and read back in notation.
Each match's digest covers, at every play, the mover's and another seat's view as the page gets
it, the event, the notation, a refused play's message and a sampled determinisation; then the
record. `corpus_digests.json` holds the digests made on `main` before the engine was split into
mechanics (issue 42), with main's `py/` (`--py DIR` reads another tree); remake it only for a change
that is meant to show:

    git archive main py | tar -x -C /tmp/main
    .venv/bin/python tests/unit/test_corpus_replay.py --write --py /tmp/main/py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":
    sys.dont_write_bytecode = True
    sys.path.insert(0, sys.argv[sys.argv.index("--py") + 1] if "--py" in sys.argv else str(ROOT / "py"))
    sys.path.insert(0, str(ROOT / "tests"))  # depth.py, as tests/conftest.py's folder gives it under pytest

from scopa import PRESETS, Match, ScopaError, from_record, sample_match, to_record  # noqa: E402
from scopa.replay import replay_steps  # noqa: E402
from scopa.tables import tables  # noqa: E402
from depth import DEEP  # noqa: E402

DIGESTS = Path(__file__).with_name("corpus_digests.json")
RECORDS = Path(__file__).with_name("corpus_records.json.gz")  # JSON texts, as the tests gave them
RECORDS_PER_CASE = 40
SINGLE_HAND_SEEDS = (1, 2)  # per table, at target 0
MAX_PLAYS = 5_000


# Options added to RuleSet after the digests were made (a new game's mechanic: Cirulla, R21-R27):
# at their default they are left out of every view's `rules` and of the option lists in messages,
# so the digests still say that nothing else changed.
ADDED_OPTIONS = {"cirulla": False}


_PLAY_KEYS = {"card", "presa", "notation"}


def _as_before(value: Any) -> Any:
    """`value` (JSON-like) in the shape the digests were made with, in one walk:
    - the options added since the digests, at their default, left out of every `rules` and of
      the option lists in messages;
    - every play's `steal` key as the digests had it: every play (an event's too) but a build
      (SB30) wrote one, empty but a steal's (SB20); now only a steal writes it (issue 42)."""
    kind = type(value)
    if kind is dict or (kind is not str and isinstance(value, dict)):
        out = {}
        for k, v in value.items():
            if k == "rules" and isinstance(v, dict):
                v = {o: x for o, x in v.items() if not (o in ADDED_OPTIONS and x == ADDED_OPTIONS[o])}
            out[k] = _as_before(v)
        if "steal" not in out and "build" not in out and _PLAY_KEYS <= out.keys():
            out["steal"] = []
        return out
    if kind is list or kind is tuple or isinstance(value, (list, tuple)):
        return [_as_before(v) for v in value]
    if kind is str or isinstance(value, str):
        for k in ADDED_OPTIONS:
            if k in value:
                value = value.replace(f", {k}", "")
    return value


def _digest(parts: list[Any]) -> str:
    parts = _as_before(parts)
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def _view(view) -> dict[str, Any]:
    """A view's JSON in the flat shape the digests were made with (before the mechanics' parts
    went under `mechanics`, issue 42): every mechanic's keys at the top, an inactive one's empty."""
    out = view.to_json()
    parts = out.pop("mechanics")
    # keys added since the digests, each a function of what they cover: the game's own words (of
    # its rules), the declared cards a seat still holds (of `accuse`, the table and the piles) and
    # why the match plays on past its target (of the rules, the totals and the winner)
    out.pop("words")
    out.pop("plays_on")
    parts = {name: {k: v for k, v in part.items() if k != "held"} for name, part in parts.items()}
    sides = view.rules.sides
    flat = {"accuse": [], "pile_tops": [None] * sides, "cascine": [], "claims": [], "claim": None, "hidden": [0] * sides}
    for part in parts.values():
        flat.update(part)
    return {**out, **flat}


def record_digest(record: dict) -> str:
    """The replayed record, every event, the final view of each seat and the replay's positions
    (scopa/replay.py, every card face up); or the refusal's message."""
    try:
        m = from_record(record)
    except ScopaError as e:
        return _digest(["refused", type(e).__name__, str(e)])
    events = [e.to_json(viewer=0) for h in m.log for e in h.events]
    views = [_view(m.observe(s)) for s in range(m.n)]
    steps = replay_steps(record)
    steps.pop("words")  # added since the digests, a function of the rules they cover (as the views')
    return _digest([to_record(m), events, views, m.totals, m.winner, steps])


def _refused(m: Match, notation: str) -> str:
    try:
        m.parse_play(notation)
    except ScopaError as e:
        return str(e)
    return "accepted"


def play_digest(rules, seed: int) -> str:
    """A match of `rules` played by a generator seeded `seed`, every step digested."""
    rng = random.Random(seed)
    m = Match.new(rules, rng)
    parts: list[Any] = []
    for step in range(MAX_PLAYS):
        if m.phase == "over":
            break
        if m.phase == "deal":
            parts.append(["deal", m.deal()])
            continue
        seat = m.turn
        other = (seat + 1 + step % max(1, m.n - 1)) % m.n
        legal = m.legal_plays()
        play = rng.choice(legal)
        hand = m.hands[seat]
        wrong = [_refused(m, "1D:" + "+".join(["7C", "7C"]))]
        if hand:
            wrong.append(_refused(m, f"{_card(hand[0])}:{_card(hand[-1])}"))
        if step % 5 == 0:
            sample = sample_match(m.observe(seat), random.Random(step))
            parts.append(["sample", [list(h) for h in sample.hands], list(sample.mazzo)[:8]])
        event = m.play(str(play))
        parts.append([str(play), [str(p) for p in legal], _view(m.observe(seat)), _view(m.observe(other)),
                      event.to_json(viewer=seat), wrong])
    else:
        raise AssertionError("the match did not end")
    record = to_record(m)
    again = from_record(record)
    assert again.totals == m.totals and again.winner == m.winner
    parts.append(record)
    return _digest(parts)


def _card(c: int) -> str:
    from scopa.cards import card_str
    return card_str(c)


def corpus() -> dict[str, Any]:
    """Case name → a function making its digest."""
    cases: dict[str, Any] = {}
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        texts = json.load(f)
    for i in range(0, len(texts), RECORDS_PER_CASE):
        group = texts[i: i + RECORDS_PER_CASE]
        cases[f"records {i:04}-{i + len(group) - 1:04}"] = lambda g=group: _digest([record_digest(t) for t in g])
    for variant, p in sorted(PRESETS.items()):
        for i, table in enumerate(tables(p.rules)):
            single = table.with_options({"target": 0})
            for seed in SINGLE_HAND_SEEDS:
                cases[f"hand {variant} table{i} seed{seed}"] = lambda r=single, s=seed: play_digest(r, s)
        cases[f"match {variant}"] = lambda r=p.rules: play_digest(r, 11)
    return cases


CASES = corpus()


def test_the_corpus_holds_records_and_every_preset():
    assert sum(k.startswith("records ") for k in CASES) * RECORDS_PER_CASE >= 1000
    assert {k.split()[1] for k in CASES if k.startswith("match ")} == set(PRESETS)


# every case in the deep run (scripts/test --deep, CI's); by default every 4th, a sample over
# records, hands and matches that keeps the default run a loop a developer can afford
@pytest.mark.parametrize("name", sorted(CASES)[::1 if DEEP else 4])
def test_the_corpus_replays_as_before(name):
    before = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert CASES[name]() == before[name]


if __name__ == "__main__":
    if "--write" in sys.argv:
        DIGESTS.write_text(json.dumps({k: f() for k, f in sorted(CASES.items())}, indent=1) + "\n", encoding="utf-8")
        print(f"{len(CASES)} digests written to {DIGESTS}")
