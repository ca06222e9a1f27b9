"""Every preset at every table it offers, played to the match's end through the session (the calls
the bridge makes for the page), the person playing the first legal play as a click would and the
computers at random: the match ends as the rules say (R8, O10–O12, S7), the view's totals and each
hand's points are the record's when it is replayed, and each hand's categories add up to its total.
These are the engine facts the browser tests once checked by clicking whole matches.

By default a match is one hand (target 0) at every table, and a few whole matches to the preset's
own target; ``scripts/test --deep`` plays every table to its preset's target."""

from __future__ import annotations

import pytest

from depth import DEEP
from scopa import from_record
from settebello.session import Session

DESCRIPTION = Session().call("variants")
TABLES = [(v["id"], t["id"]) for v in DESCRIPTION["variants"] for t in v["tables"]]
# whole matches in the default run: the ones the table once played by clicking
WHOLE = {("scopa", "2/none"), ("escoba", "4/pairs"), ("escoba", "6/pairs"), ("non-prendere", "2/none"),
         ("scopone", "4/pairs")}


def play_out(variant: str, table: str, target: int | None, seed: int) -> tuple[Session, dict]:
    """A match of `variant` at `table` (one person, the rest computers) played to its end."""
    preset = next(v for v in DESCRIPTION["variants"] if v["id"] == variant)
    options = dict(next(t for t in preset["tables"] if t["id"] == table)["options"])
    if target is not None:
        options["target"] = target
    seats = [{"human": True, "name": "Anna"}] + [{"human": False, "level": "random"}] * (options["players"] - 1)
    s = Session()
    first = s.call("new_game", {"variant": variant, "seed": seed, "seats": seats, "options": options})
    assert "error" not in first, first
    for _ in range(20_000):
        view = s.call("view")
        if view["phase"] == "over":
            return s, view
        if view["phase"] == "deal":
            reply = s.call("next_hand")
        elif view["waiting"] == "human":
            reply = s.call("play", view["legal"][0]["notation"])
        else:
            reply = s.call("computer_step")
        assert "error" not in reply, reply
    raise AssertionError("the match did not end")


def assert_ended_by_the_rules(s: Session, view: dict) -> None:
    match = from_record(s.call("save")["record"])
    rules = match.rules
    assert view["totals"] == list(match.totals) and len(view["totals"]) == rules.sides
    assert view["winner"] == match.winner is not None
    assert [r["totals"] for r in view["results"]] == [list(r.totals) for r in match.results]
    for result in view["results"]:
        for side, points in enumerate(result["points"]):
            assert sum(points.values()) == result["totals"][side], result
    totals, winner, need = list(match.totals), match.winner, max(rules.lead, 1)  # S7: by 1 at least
    if rules.napola_wins and any(d.get("napola") for r in view["results"] for d in r["detail"]):
        return  # O8: a napola of the whole suit wins the match where it is made
    top = totals.index(max(totals))
    others = [t for side, t in enumerate(totals) if side != top]
    assert max(totals) >= rules.target and all(max(totals) - t >= need for t in others)  # R8, O10, O11
    if rules.misere:  # O12, SB71: the side alone at the top loses; the lowest total wins
        assert winner != top and totals[winner] == min(others)
    else:
        assert winner == top


@pytest.mark.parametrize("variant, table", TABLES)
def test_every_table_of_every_preset_plays_through_the_session(variant, table):
    whole = DEEP or (variant, table) in WHOLE
    s, view = play_out(variant, table, None if whole else 0, seed=7)
    assert_ended_by_the_rules(s, view)
