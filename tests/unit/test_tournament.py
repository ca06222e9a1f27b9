"""Knock-out tournaments (RULES §5): byes, pairing order, places, the perfect tie, reproducibility."""

import json

import pytest

from settebello.tournament import MAX_ENTRANTS, Tournament, TournamentError, decide

ANNA = {"kind": "human", "name": "Anna"}


def computers(n, level="random"):
    return [{"kind": "computer", "level": level, "name": f"C{i}"} for i in range(n)]


def byes_of(t):
    """How many byes each entrant received, over the whole bracket."""
    count = [0] * len(t.entrants)
    for tables in t.rounds:
        for tb in tables:
            if tb["bye"]:
                count[tb["a"]] += 1
    return count


@pytest.mark.parametrize("n", range(2, MAX_ENTRANTS + 1))
def test_byes_for_every_size(n):
    t = Tournament("scopa", {}, computers(n), seed=n)
    size = 2 ** len(t.rounds)
    assert size // 2 < n <= size  # the bracket is the next power of two
    first = t.rounds[0]
    seated = [e for tb in first for e in (tb["a"], tb["b"]) if e is not None]
    assert sorted(seated) == list(range(n))  # everyone seated once at round one
    assert sum(tb["bye"] for tb in first) == size - n
    assert all(tb["b"] is None and tb["winner"] == tb["a"] for tb in first if tb["bye"])
    assert all(not tb["bye"] for tables in t.rounds[1:] for tb in tables)
    byes = byes_of(t)
    assert max(byes) - min(byes) <= (1 if n != size else 0) and max(byes) <= 1


def test_seats_and_byes_are_drawn_at_random_from_the_seed():
    draws = {json.dumps([[tb["a"], tb["b"]] for tb in Tournament("scopa", {}, computers(6), seed=s).rounds[0]])
             for s in range(30)}
    assert len(draws) > 10
    bye_players = {tb["a"] for s in range(60) for tb in Tournament("scopa", {}, computers(5), seed=s).rounds[0]
                   if tb["bye"]}
    assert bye_players == set(range(5))  # any entrant can draw a bye


def test_winners_of_tables_one_and_two_meet_next():
    t = Tournament("scopa", {}, computers(16), seed=4)
    t.simulate_until_person()
    assert t.finished
    for r in range(1, len(t.rounds)):
        for i, tb in enumerate(t.rounds[r]):
            assert tb["a"] == t.rounds[r - 1][2 * i]["winner"]
            assert tb["b"] == t.rounds[r - 1][2 * i + 1]["winner"]
            assert tb["winner"] in (tb["a"], tb["b"])


@pytest.mark.parametrize("n, groups", [
    (2, [(1, 1), (2, 2)]),
    (4, [(1, 1), (2, 2), (3, 4), (3, 4)]),
    (8, [(1, 1), (2, 2)] + [(3, 4)] * 2 + [(5, 8)] * 4),
    (5, [(1, 1), (2, 2), (3, 4), (3, 4), (5, 5)]),  # three byes: only one first-round loser
    (12, [(1, 1), (2, 2)] + [(3, 4)] * 2 + [(5, 8)] * 4 + [(9, 12)] * 4),
])
def test_places_by_round_of_elimination(n, groups):
    t = Tournament("scopa", {}, computers(n), seed=n * 7)
    t.simulate_until_person()
    rows = t.standings()
    assert sorted((r["place"], r["place_to"]) for r in rows) == sorted(groups)
    assert sorted(r["entrant"] for r in rows) == list(range(n))
    assert rows[0]["entrant"] == t.champion and rows[0]["place"] == 1
    final = t.rounds[-1][0]
    assert rows[1]["entrant"] == ({final["a"], final["b"]} - {t.champion}).pop()
    # equal places are listed by points scored in the tournament, as the rooms display them
    for a, b in zip(rows, rows[1:]):
        if a["place"] == b["place"]:
            assert a["points"] >= b["points"]


def test_perfect_tie_the_side_that_made_the_last_action_loses():
    assert decide([11, 11], last_side=0) == 1
    assert decide([11, 11], last_side=1) == 0
    assert decide([12, 11], last_side=0) == 0
    assert decide([3, 3], last_side=None, winner=0) == 0
    with pytest.raises(TournamentError, match="last game action"):
        decide([5, 5], None)
    t = Tournament("scopa", {}, [ANNA] + computers(1), seed=1)
    entrant_b = t.rounds[0][0]["b"]
    assert t.report(0, 0, [7, 7], last_side=0) == entrant_b
    assert t.finished and t.champion == entrant_b


def test_the_persons_match_is_reported_from_the_table():
    t = Tournament("scopa", {}, [ANNA] + computers(3, "easy"), seed=9)
    simulated = t.simulate_until_person()
    nxt = t.next_table()
    assert nxt is not None and t.has_person(*nxt)
    assert all(not t.has_person(*rt) for rt in simulated)
    config = t.match_config(*nxt)
    assert {"human": True, "name": "Anna"} in config["seats"]
    with pytest.raises(TournamentError, match="a person plays"):
        t.simulate(*nxt)
    anna_side = 0 if t.table(*nxt)["a"] == 0 else 1
    before = t.to_json()
    with pytest.raises(TournamentError):
        t.report(*nxt, totals=[11, "x"])
    assert t.to_json() == before  # a bad report changes nothing
    t.report(*nxt, totals=[3, 11] if anna_side == 0 else [11, 3], forfeit=None, winner=1 - anna_side)
    anna = next(r for r in t.standings() if r["entrant"] == 0)
    assert anna["place"] is not None and anna["place"] > 1  # eliminated: a place already
    t.simulate_until_person()
    assert t.finished and t.champion != 0
    with pytest.raises(TournamentError, match="already been decided"):
        t.report(*nxt, totals=[1, 2])


def test_a_forfeit_puts_the_other_side_through():
    t = Tournament("scopa", {}, [ANNA] + computers(1), seed=2)
    assert t.report(0, 0, [9, 2], forfeit=0) == t.rounds[0][0]["b"]
    assert t.rounds[0][0]["forfeit"] == 0


def test_team_variants_give_each_entrant_a_side_with_partners():
    t = Tournament("scopone", {}, [ANNA] + computers(1, "easy"), seed=5, partner_level="beginner")
    seats = t.match_config(0, 0)["seats"]
    assert len(seats) == 4
    anna_seat = next(i for i, s in enumerate(seats) if s.get("human"))
    partner = seats[(anna_seat + 2) % 4]
    assert partner["human"] is False and partner["level"] == "beginner"
    other = seats[(anna_seat + 1) % 4]
    assert other["level"] == "easy" and seats[(anna_seat + 3) % 4]["level"] == "easy"


def test_a_computer_tournament_is_reproducible_from_its_seed():
    entrants = computers(3, "easy") + computers(3, "beginner")
    a = Tournament("escoba", {}, entrants, seed=11)
    b = Tournament("escoba", {}, entrants, seed=11)
    a.simulate_until_person()
    b.simulate(*b.next_table())  # another order of play gives the same results
    b.simulate_until_person()
    assert a.finished and a.to_json() == b.to_json()
    c = Tournament("escoba", {}, entrants, seed=12)
    c.simulate_until_person()
    assert c.to_json()["rounds"] != a.to_json()["rounds"]


def test_saved_tournament_survives_a_reload_and_damage_is_refused():
    t = Tournament("scopa", {"target": 7}, [ANNA] + computers(5, "easy"), seed=3)
    t.simulate_until_person()
    saved = json.loads(json.dumps(t.to_json()))
    again = Tournament.from_json(saved)
    assert again.to_json() == t.to_json() and again.next_table() == t.next_table()
    played = next((r, i) for r, tables in enumerate(saved["rounds"]) for i, tb in enumerate(tables)
                  if tb["winner"] is not None and not tb["bye"])
    tb = saved["rounds"][played[0]][played[1]]
    tb["winner"] = next(e for e in range(6) if e not in (tb["a"], tb["b"]))
    with pytest.raises(TournamentError, match="did not play there"):
        Tournament.from_json(saved)
    with pytest.raises(TournamentError, match="not a saved"):
        Tournament.from_json({"format": "x"})


def test_bad_tournaments_are_clear_errors():
    with pytest.raises(TournamentError, match="2 to 64 entrants, not 1"):
        Tournament("scopa", {}, [ANNA], seed=1)
    with pytest.raises(TournamentError, match="2 to 64 entrants, not 65"):
        Tournament("scopa", {}, computers(65), seed=1)
    with pytest.raises(TournamentError, match="unknown level 'grandmaster'"):
        Tournament("scopa", {}, [ANNA, {"kind": "computer", "level": "grandmaster"}], seed=1)
    with pytest.raises(TournamentError, match="two sides, and Scopa a tre"):
        Tournament("scopa-a-tre", {}, [ANNA] + computers(1), seed=1)
    with pytest.raises(TournamentError, match="unknown variant"):
        Tournament("briscola", {}, [ANNA] + computers(1), seed=1)
    with pytest.raises(TournamentError, match="seed"):
        Tournament("scopa", {}, [ANNA] + computers(1), seed="x")


def test_same_names_are_numbered():
    t = Tournament("scopa", {}, [{"kind": "computer", "level": "easy"}] * 3 + [ANNA], seed=1)
    assert [e["name"] for e in t.entrants] == ["Easy 1", "Easy 2", "Easy 3", "Anna"]
