"""The computer players' card worths read what a card scores by itself from the scoring's own
table (`scoring.card_points`, which `score_hand` counts with): one source of truth (issue 42)."""

from __future__ import annotations

from scopa import PRESETS, rules_for
from scopa.cards import parse_card
from scopa.scoring import card_points, score_hand
from scopa.tables import tables
from scopa_ai.heuristics import Knowledge


def test_a_card_that_scores_points_by_itself_is_worth_them_to_the_computer():
    """Every preset at every table: a card worth points wherever it lies (the Settebello, a Re
    bello, Cicera's single cards, Scopa a cascina's 2D, SB36...) is worth at least those points
    to the computer players (in misère, as much against them)."""
    for name, p in PRESETS.items():
        for rules in tables(p.rules):
            k = Knowledge(rules)
            owed: dict[int, int] = {}
            for table in card_points(rules).values():
                for c, pts in table.items():
                    owed[c] = owed.get(c, 0) + pts
            for c, pts in owed.items():
                if pts > 0:
                    assert k.sign * k.worth[c] >= pts, (name, rules.players, c, pts, k.worth[c])


def test_scopa_a_cascina_the_due_denari_is_worth_its_point():
    """SB36: in Scopa a cascina the 2D scores 1, and the computer values it so: a point more than
    the same card where it scores nothing by itself."""
    rules = rules_for("cascina")
    assert rules.due_denari
    two = parse_card("2D")
    plain = Knowledge(rules.with_options({"due_denari": False}))
    assert Knowledge(rules).worth[two] - plain.worth[two] == 1.0
    # and the hand's score counts it the same way
    result = score_hand(rules, [[two], [parse_card("3D")]], [0, 0])
    assert result.points[0]["due_denari"] == 1 and result.points[1]["due_denari"] == 0
