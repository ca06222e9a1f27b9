"""What each seat declared this hand (SB10), as the page view gives it for the seat's label
(py/settebello/public.py `declared`): the points summed and the kinds named in Python, public to
every seat once made, none before."""

from __future__ import annotations

from deals import dealt
from settebello.public import declared, public_facts
from settebello.session import Session


def test_a_declaration_made_with_a_play_is_on_the_seat_for_every_viewer():
    m = dealt("bazzica", hands={0: "7C 7D 7S", 1: "1B 2B 4C"}, table="1C 2D 3S 4D")
    assert declared(m.observe(1)) == [None, None]
    play = next(str(p) for p in m.observe(0).legal if str(p).endswith("!"))
    m.play(play)
    made = [a for a in m.observe(1).declarations if a.seat == 0]
    assert made
    want = {"points": sum(a.points for a in made), "kinds": [a.kind for a in made], "dealt": False}
    assert want["points"] > 0
    for seat in (0, 1):
        assert declared(m.observe(seat)) == [want, None]
    assert public_facts(m.observe(1)).declared == [want, None]


def test_the_page_view_carries_it():
    s = Session()
    view = s.new_game({"variant": "cirulla", "seed": 85, "seats": [{"human": True, "name": "Anna"},
                                                                    {"human": False, "level": "random", "name": "Bruno"}]})
    view = s.view()
    # R24: the dealer's table of fifteen came with the deal (its seat says so, not "declared")
    assert view["declared"] == [None, {"points": 1, "kinds": ["quindici"], "dealt": True}]
