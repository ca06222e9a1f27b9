"""Saves made in CPython with the page's own session calls, for browser tests that start late in a
match (``table_page(query, save=...)``) instead of clicking their way there."""

from __future__ import annotations

from settebello.session import Session


def person_and_computers(players: int, level: str = "random") -> list[dict]:
    """Seat 0 the page's person, named as the page names them ("You"), the others computers."""
    return [{"human": True, "name": "You"}] + [{"human": False, "level": level}] * (players - 1)


def near_the_end(config: dict, person_plays_left: int = 2, of: str = "match", hints: bool = False) -> dict:
    """A save of the match `config` (Session.new_game's) played to the end of the match (or, with
    `of="hand"`, of its first hand), the person taking the first legal play (with `hints`, the
    expert's hint, asked at each turn) and the computers theirs, taken `person_plays_left` of the
    person's turns before that end: the page restores it with the person to play."""
    s = Session()
    first = s.call("new_game", config)
    assert "error" not in first, first
    saves = []
    for _ in range(20_000):
        view = s.call("view")
        if view["phase"] == "over" or (of == "hand" and view["phase"] != "play"):
            assert len(saves) >= person_plays_left, "the person had fewer turns than asked"
            return saves[-person_plays_left]
        if view["phase"] == "deal":
            reply = s.call("next_hand")
        elif view["waiting"] == "human":
            saves.append(s.call("save"))
            reply = s.call("play", s.call("hint", None)["notation"] if hints else view["legal"][0]["notation"])
        else:
            reply = s.call("computer_step")
        assert "error" not in reply, reply
    raise AssertionError("the match did not end")


def _first_turn(config: dict, found, what: str):
    """(a save, what `found` said) at the first turn of the person's in the match `config`
    (Session.new_game's) where `found(view)` says something (not None): the person lays a card
    down whenever the rules let them (else takes the fewest), the computers play theirs."""
    s = Session()
    first = s.call("new_game", config)
    assert "error" not in first, first
    for _ in range(20_000):
        view = s.call("view")
        assert view["phase"] != "over", f"the match ended with never {what} at the person's turn"
        if view["phase"] == "deal":
            reply = s.call("next_hand")
        elif view["waiting"] == "human":
            said = found(view)
            if said is not None:
                return s.call("save"), said
            fewest = min(view["legal"], key=lambda play: len(play.get("presa") or []))
            reply = s.call("play", fewest["notation"])
        else:
            reply = s.call("computer_step")
        assert "error" not in reply, reply
    raise AssertionError("the match did not end")


def full_table(config: dict, loose: int = 10) -> dict:
    """A save of the match `config` at the first turn of the person's with `loose` cards or more
    on the table: a crowded table, for layout tests."""
    return _first_turn(config, lambda view: len(view["table"]) >= loose or None, f"{loose} cards on the table")[0]


def capture_choices(config: dict, loose: int, ways: int) -> tuple[dict, str]:
    """A save of the match `config` at the first turn of the person's with `loose` cards on the
    table and a card of theirs that takes in `ways` ways or more, and that card: the capture
    choices fill the person's seat while the table is not crowded."""
    def card_with_choices(view: dict) -> str | None:
        takes: dict[str, int] = {}
        for play in view["legal"]:
            if play.get("presa"):
                card = play["notation"].split(":")[0]
                takes[card] = takes.get(card, 0) + 1
        best = max(takes, key=takes.__getitem__, default=None)
        return best if len(view["table"]) == loose and best and takes[best] >= ways else None
    return _first_turn(config, card_with_choices, f"a card taking {ways} ways of {loose} loose cards")


def scopa_by_other_side(config: dict) -> dict:
    """A save of the match `config` at the first turn of the person's once another side has made a
    scopa in the hand: its pile shows the scope's badge."""
    def others_swept(view: dict) -> bool | None:
        return any(n for side, n in enumerate(view["scope"]) if side != view["side"]) or None
    return _first_turn(config, others_swept, "a scopa by another side")[0]


def thought_on_the_clock(seed: int = 7) -> dict:
    """The record the page saves of a first hand played to its end against the master on the
    standard clock, the person taking 7 s over each play (the master searching meanwhile): RULES
    §6's fields and the game's own "thinking" (the searches her time bought the master's replies,
    scopa_ai/thinking.py) and "clock" (its times, settebello/timing.py)."""
    from dataclasses import replace

    from scopa_ai.master import MasterPlayer, MasterSettings
    from settebello.ponder import Ponder

    now = [1000.0]  # seconds, moved by the person's thinking only
    s = Session()
    first = s.call("new_game", {"variant": "scopa", "seed": seed, "clock": "standard", "seats": [
        {"human": True, "name": "You"}, {"human": False, "level": "master", "name": "Bruno"}]})
    assert "error" not in first, first
    # a cheap master (few iterations, no time valve): its replies the same on any machine
    s.game.players[1] = MasterPlayer(s.game.players[1].rng, replace(MasterSettings(), iterations=30, max_ms=float("inf")))
    s.ponder = Ponder(lambda: now[0], strength=True)
    while s.call("view")["phase"] == "play":
        if s.call("view")["waiting"] == "human":
            s.ponder_step(8.0)
            now[0] += 7.0
            reply = s.call("play", s.call("view")["legal"][0]["notation"])
        else:
            reply = s.call("computer_step")
        assert "error" not in reply, reply
    record = s.call("record")
    assert "thinking" in record and "clock" in record, sorted(record)
    return record
