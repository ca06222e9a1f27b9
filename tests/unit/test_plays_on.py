"""Why a match goes on with its target reached (R8, S7, O11, O12): the score sheet says it, from
the view's `plays_on` (the review: at 11-11 the sheet only offered "Next hand")."""

from __future__ import annotations

import pytest

from scopa import rules_for
from scopa.state import plays_on
from settebello.session import Session


@pytest.mark.parametrize("options, totals, reason", [
    ({}, [11, 11], "level"),            # R8: the highest tied plays on
    ({}, [12, 12], "level"),
    ({}, [10, 9], None),                # short of the target
    ({}, [11, 9], None),                # won
    ({"lead": 2}, [12, 11], "lead"),    # O11: a point ahead is not enough
    ({"lead": 2}, [13, 11], None),
    ({"target": 0}, [3, 3], "level"),   # a single hand, tied: plays on
    ({"target": 0}, [4, 3], None),
    ({"misere": True}, [11, 11], "level"),  # O12: level at the top, none has lost alone
    ({"misere": True}, [11, 8], None),
])
def test_the_reason_another_hand_is_played(options, totals, reason):
    assert plays_on(rules_for("scopa", options), totals) == reason


def _first_hand(seed: int) -> dict:
    """The view after the first hand of a match to 1 point: the person plays the first legal play."""
    s = Session()
    s.call("new_game", {"variant": "scopa", "seed": seed, "options": {"target": 1}})
    while True:
        view = s.call("view")
        if view["phase"] != "play":
            return view
        assert view["plays_on"] is None  # no hand ended yet
        s.call("play", view["legal"][0]["notation"]) if view["waiting"] == "human" else s.call("computer_step")


def test_the_view_says_another_hand_is_played_when_the_first_hand_ends_level():
    views = [_first_hand(seed) for seed in range(1, 30)]
    level = [v for v in views if v["totals"][0] == v["totals"][1]]
    decided = [v for v in views if v["totals"][0] != v["totals"][1]]
    assert level and decided  # both kinds among these deals
    assert all(v["winner"] is None and v["plays_on"] == "level" for v in level)
    assert all(v["winner"] is not None and v["plays_on"] is None for v in decided)
