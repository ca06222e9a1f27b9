"""A phone's narrow side seats keep their clock clear of their cards (issue 41's review, Scopone on
360 x 740: "bank 15:00" was drawn under the seat's card fan): static/css/rooms.css."""

from __future__ import annotations

from harness import settled

PHONE = {"width": 360, "height": 740}
SEATS = [{"human": True, "name": "Anna"}] + [{"human": False, "level": "random"} for _ in range(3)]

# each side seat's clock and the box of its cards: [seat, clock box, cards box]
BOXES = """() => [...document.querySelectorAll('.seat:not(.seat--me)')].filter((s) => s.querySelector('.clock'))
  .map((s) => [s.dataset.seat, s.querySelector('.clock').getBoundingClientRect().toJSON(),
               s.querySelector('.seat__hand').getBoundingClientRect().toJSON()])"""


def _meet(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_a_phones_side_seats_show_their_clock_clear_of_their_cards(table_page):
    page = table_page("fast=1", viewport=PHONE)
    # every seat on the clock (the computers too), as a table with people's is
    page.evaluate("c => settebello.startGame(c)", {"variant": "scopone", "seed": 5, "options": {},
                                                    "seats": SEATS, "clock": {"computers": True}})
    page.wait_for_function("settebello.view?.variant === 'scopone' && settebello.view.clock !== null"
                           " && document.querySelectorAll('.seat:not(.seat--me) .clock').length === 3")
    settled(page)
    boxes = page.evaluate(BOXES)
    assert len(boxes) == 3, boxes
    clashes = [seat for seat, clock, cards in boxes if _meet(clock, cards)]
    assert not clashes, boxes
    # and each clock inside its seat's column: nothing of it cut off at the screen's edges
    assert all(clock["left"] >= 0 and clock["right"] <= PHONE["width"] for _, clock, _ in boxes), boxes
