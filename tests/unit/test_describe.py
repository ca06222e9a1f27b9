"""The facts the page reads instead of knowing rules: `describe` (once at boot, the `variants`
request) and the public facts of each view (py/settebello/describe.py, public.py). The table shows
what these say, so they must be the engine's own answers."""

from __future__ import annotations

import json

import pytest

from scopa import SETTEBELLO
from scopa.captures import CaptureRule
from scopa.cards import DECK, PRIMIERA, VALUE, card_str, parse_card
from scopa.errors import ScopaError
from scopa.replay import replay_steps
from scopa.rules import RuleSet, preset
from settebello.clock import ClockConfig
from settebello.session import Session
from settebello.tournament import Tournament


@pytest.fixture(scope="module")
def info():
    return Session().call("variants")


def test_describe_is_json_and_lists_the_deck_in_order(info):
    assert json.loads(json.dumps(info)) == info
    codes = [c["code"] for c in info["deck"]["cards"]]
    assert codes == [card_str(c) for c in DECK]
    assert info["deck"]["suits"] == ["D", "C", "B", "S"]
    for c in info["deck"]["cards"]:
        assert parse_card(c["code"]) == parse_card(f"{c['rank']}{c['suit']}")
        assert info["deck"]["primiera"][c["code"]] == PRIMIERA[parse_card(c["code"])]


def test_describe_gives_each_presets_tables_as_the_engine_seats_them(info):
    for v in info["variants"]:
        rules = preset(v["id"]).rules
        assert v["sides"] == rules.sides and v["side_of"] == v["tables"][0]["side_of"]
        assert v["tables"][0]["options"] == {"players": rules.players, "teams": rules.teams,
                                             "hand_size": rules.hand_size, "table_cards": rules.table_cards}
        assert len({t["id"] for t in v["tables"]}) == len(v["tables"])
        for t in v["tables"]:
            seated = rules.with_options(t["options"])
            assert len(t["side_of"]) == seated.players == t["players"] and max(t["side_of"]) + 1 == seated.sides
    scopa = next(v for v in info["variants"] if v["id"] == "scopa")
    by_id = {t["id"]: t for t in scopa["tables"]}
    assert by_id["6/pairs"]["side_of"] == [0, 1, 2, 0, 1, 2] and by_id["6/triples"]["side_of"] == [0, 1, 0, 1, 0, 1]
    assert by_id["2/none"]["side_of"] == [0, 1] and "6/none" not in by_id


def test_a_table_describe_offers_is_one_the_session_starts(info):
    for v in info["variants"]:
        for t in v["tables"]:
            seats = [{"human": True, "name": "A"}] + [{"human": False, "level": "random"}] * (t["players"] - 1)
            view = Session().new_game({"variant": v["id"], "options": t["options"], "seats": seats, "seed": 1})
            assert "error" not in view, (v["id"], t["id"], view)
            assert view["side_of"] == t["side_of"]


def test_describe_bounds_are_the_ones_the_session_enforces(info):
    low, high = info["option_bounds"]["target"]
    seats = [{"human": True, "name": "A"}, {"human": False, "level": "random"}]
    assert "error" not in Session().new_game({"variant": "scopa", "options": {"target": high}, "seats": seats})
    assert "error" in Session().new_game({"variant": "scopa", "options": {"target": high + 1}, "seats": seats})
    assert "error" in Session().new_game({"variant": "scopa", "options": {"target": low - 1}, "seats": seats})
    limits = info["clock"]["limits"]
    for key, (lo, hi) in limits.items():
        ClockConfig(**{key: hi}).validate()
        with pytest.raises(ScopaError):
            ClockConfig(**{key: hi + 1}).validate()
        if lo > 0:
            with pytest.raises(ScopaError):
                ClockConfig(**{key: lo - 1}).validate()
    assert info["clock"]["standard"]["move_ms"] == ClockConfig().move_ms
    t = info["tournament"]
    person = {"kind": "human", "name": "A"}
    Tournament("scopa", {}, [person] + [{"kind": "computer", "level": "easy", "name": "c"}] * (t["max_entrants"] - 1), 1)
    with pytest.raises(ScopaError):
        Tournament("scopa", {}, [person] * (t["max_entrants"] + 1), 1)
    with pytest.raises(ScopaError):
        Tournament("scopa", {}, [person] * (t["min_entrants"] - 1), 1)


def test_describe_levels_hint_levels_and_defaults_are_the_sessions(info):
    ids = [lv["id"] for lv in info["levels"]]
    assert info["default_level"] in ids
    # hints as the review and the puzzles judge: by the master's search (the review of 2026-12-01)
    assert info["default_hint_level"] == "master" and info["default_hint_level"] in info["hint_levels"]
    assert set(info["tournament"]["default_opponents"]) <= set(ids)
    s = Session()
    s.new_game({"variant": "scopa", "seats": [{"human": True, "name": "A"}, {"human": False, "level": "random"}],
                "seed": 3})
    for level in info["hint_levels"]:
        assert "error" not in s.hint(level)
    assert "error" in s.hint(next(lv for lv in ids if lv not in info["hint_levels"]))


def _play_until_piles(s: Session) -> dict:
    v = s.view()
    while not any(v["prese"]) and v["phase"] == "play":
        v = s.play(v["legal"][0]["notation"]) if v["waiting"] == "human" else s.computer_step()
        v = v["view"]
    return v


def test_each_view_carries_sides_unseen_cards_and_tallies():
    s = Session()
    v = s.new_game({"variant": "scopa-a-quattro", "seed": 5,
                    "seats": [{"human": True, "name": "A"}] + [{"human": False, "level": "random"}] * 3})
    assert v["side_of"] == [0, 1, 0, 1]
    v = _play_until_piles(s)
    seen = set(v["hand"]) | set(v["table"]) | {c for p in v["prese"] for c in p}
    assert v["unseen"] == [card_str(c) for c in DECK if card_str(c) not in seen]
    for pile, tally in zip(v["prese"], v["tallies"]):
        assert tally == {"cards": len(pile), "denari": sum(c.endswith("D") for c in pile),
                         "sevens": sum(c.startswith("7") for c in pile), "settebello": "7D" in pile}


def test_while_the_pass_screen_is_up_no_unseen_card_is_listed():
    """The unseen cards would name the hands' cards: behind the pass screen the view lists none."""
    s = Session()
    v = s.new_game({"variant": "scopa", "seed": 2, "seats": [{"human": True, "name": "A"}, {"human": True, "name": "B"}]})
    assert v["pass_to"] is not None and v["unseen"] == []  # the first hand too waits for its person
    v = s.show(v["pass_to"])
    assert len(v["unseen"]) == 40 - len(v["hand"]) - len(v["table"])
    v = s.play(v["legal"][0]["notation"])["view"]
    assert v["pass_to"] is not None
    assert v["unseen"] == [] and v["side_of"] == [0, 1] and len(v["tallies"]) == 2


def test_a_replay_says_the_side_of_each_seat():
    s = Session()
    s.new_game({"variant": "scopone", "seed": 4,
                "seats": [{"human": True, "name": "A"}] + [{"human": False, "level": "random"}] * 3})
    assert replay_steps(s.save()["record"])["side_of"] == [0, 1, 0, 1]


def test_each_preset_leaves_open_what_it_does_not_fix(info):
    by_id = {v["id"]: v for v in info["variants"]}
    # Escoba is its capture to fifteen and its sevens: those are not offered; the house rules are
    assert "capture" not in by_id["escoba"]["open"] and "primiera" not in by_id["escoba"]["open"]
    assert {"settanta", "rebello", "misere", "fewest_cards"} <= set(by_id["escoba"]["open"])
    # classic Scopa fixes nothing; the table, target and lead have their own controls
    assert by_id["scopa"]["open"] == [k for k in info["option_specs"]
                                      if k not in ("players", "teams", "hand_size", "table_cards", "target", "lead",
                                                   "modulo", "scopa_tradizionale", "accuse_choice", "steal", "cascina",
                                                   "due_denari", "deck")]
    for v in info["variants"]:
        rules = preset(v["id"]).rules
        for k in v["open"]:
            spec = info["option_specs"][k]
            # every value the dialog may offer for an open option is one the session starts with
            values = {"bool": [True, False], "choice": v["choices"].get(k), "number": [spec.get("low")]}[spec["kind"]]
            for value in values:
                options = {k: value}
                if spec["kind"] == "bool" and spec["needs"]:
                    options[spec["needs"]] = True
                rules.with_options(options)  # raises if the engine refused it


def test_a_switch_that_needs_another_is_refused_alone_with_a_reason():
    answer = Session().call("check_game", {"options": {"napola_wins": True}})
    assert answer["reason"] == "option.needs" and "napola" in answer["error"]
    assert Session().call("check_game", {"options": {"napola_wins": True, "napola": True}}) == {"ok": True}


# -- the rules page (rulebook.py) -----------------------------------------------------------------
def test_the_rules_page_of_classic_scopa_changes_nothing():
    page = Session().call("rulebook", {"variant": "scopa"})
    assert page["changes"] == [] and page["examples"] == []


def test_the_rules_page_lists_what_a_game_changes_with_the_engines_own_examples():
    s = Session()
    escoba = s.call("rulebook", {"variant": "escoba"})
    assert escoba["changes"] == [{"key": "capture", "value": "fifteen"}, {"key": "primiera", "value": "sevens"},
                                 {"key": "lead", "value": 2}]
    [fifteen] = escoba["examples"]
    assert (fifteen["card"], fifteen["table"]) == ("6S", ["1C", "3B", "4S", "5D", "8C"])
    assert sorted(fifteen["takes"]) == [["1C", "3B", "5D"], ["1C", "8C"], ["4S", "5D"]]
    # S4, word for word: in Scopa a quindici the 6 takes 1+5, 1+8 or 4+5, never 1+3+5
    quindici = s.call("rulebook", {"variant": "scopa-a-quindici"})
    assert sorted(quindici["examples"][0]["takes"]) == [["1C", "5D"], ["1C", "8C"], ["4S", "5D"]]
    # the options a player chose are part of the game described
    chosen = s.call("rulebook", {"variant": "scopa", "options": {"ace_takes_all": True, "target": 21}})
    assert chosen["changes"] == [{"key": "ace_takes_all", "value": True}, {"key": "target", "value": 21}]
    assert chosen["examples"][0]["takes"] == [["3C", "5B", "9S"]]


@pytest.mark.parametrize("arg", [None, "escoba", {"variant": 3}, {"variant": "nope"},
                                 {"variant": "scopa", "options": {"capture": "x"}}, {"variant": "scopa", "options": []}])
def test_the_rules_page_refuses_what_is_not_a_game(arg):
    assert "error" in Session().call("rulebook", arg)


def test_the_rules_page_says_a_table_in_one_change():
    page = Session().call("rulebook", {"variant": "scopone"})
    assert page["changes"][0] == {"key": "table", "players": 4, "teams": "pairs", "hand_size": 9, "table_cards": 4}
    assert all(c["key"] not in ("players", "teams", "hand_size", "table_cards") for c in page["changes"])


def test_the_view_names_its_table_as_describe_does():
    s = Session()
    view = s.new_game({"variant": "escoba", "options": {"players": 6, "teams": "triples"}, "seed": 1,
                       "seats": [{"human": True, "name": "A"}] + [{"human": False, "level": "random"}] * 5})
    escoba = next(v for v in s.call("variants")["variants"] if v["id"] == "escoba")
    assert view["seating"] == "6/triples" and view["seating"] in {t["id"] for t in escoba["tables"]}


def test_the_classic_rules_pictures_are_the_engines_answers(info):
    """The rules page draws classic Scopa's examples from these (rules.js names no card): a sum
    taken (R4), a single card taken where a sum could be (O5) and the sum refused, the figures'
    values (R1) and the settebello (R7) as the engine has them."""
    pics = info["rules_page"]
    rule = CaptureRule.of(RuleSet())
    for name in ("capture", "single"):
        ex = pics[name]
        takes = rule.options(sorted(parse_card(c) for c in ex["table"]), parse_card(ex["card"]))
        assert ex["takes"] == [[card_str(c) for c in presa] for presa in takes] and ex["takes"]
    assert len(pics["capture"]["takes"][0]) == 2  # a sum, not a single card
    assert [len(p) for p in pics["single"]["takes"]] == [1]
    refused = pics["single"]["not"][0]
    assert sum(VALUE[parse_card(c)] for c in refused) == VALUE[parse_card(pics["single"]["card"])]
    assert [v for _, v in pics["figures"]] == [VALUE[parse_card(c)] for c, _ in pics["figures"]] == [8, 9, 10]
    assert pics["settebello"] == card_str(SETTEBELLO)
    parse_card(pics["sweep"])


def test_an_address_may_name_the_menus_levels_and_random_only(info):
    """The page checks ?level= against describe's list (tablestart.js names no level): the menu's,
    and "random" for tests and embeds; the arenas' research levels are not offered by address."""
    menu = [lv["id"] for lv in info["levels"]]
    assert info["address_levels"][:len(menu)] == menu
    assert set(info["address_levels"]) - set(menu) == {"random"}
