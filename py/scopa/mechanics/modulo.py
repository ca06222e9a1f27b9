"""Modulo sette's counting (SB5, SB6) as the mechanics declare themselves: its options, the trait
the other mechanics exclude and what it is played with.

The counting is the core capture rule's arithmetic, as the capture modes are: `captures.CaptureRule`
counts values and sums by their residue, and `captures.scopa_kind` judges the traditional scopa
(SB6) that `scopa_tradizionale` scores. This module declares the options (`modulo`, and what a
traditional scopa scores), the trait "residues" (sums counted by their residue: the builds, the
claims and the other decks exclude it) and its own exclusion, SB5: it counts the sums of the capture
rule `match` only.
"""

from __future__ import annotations

from typing import Any

from ..options import OptionSpec
from .base import Exclusion, Mechanic

MODULI = (0, 7)  # SB5: 0 counts values and sums as they are; 7 is Modulo sette's arithmetic


class Modulo(Mechanic):
    """Values and sums counted modulo 7 (SB5), a traditional scopa scored apart (SB6)."""

    name = "modulo"
    order = 10
    check_order = 10
    option = "modulo"
    traits = ("residues",)  # SB5: sums counted by their residue
    # SB5, [002]: a Knight (2 modulo 7) on a Seven and a Two takes the Two, or the Two and the Seven
    # (the rules page shows it where a capture rule's example would be: `rulebook`, "residues")
    examples = {"modulo": (("2B", "7C"), "9S")}
    excludes = (Exclusion("modulo", "modulo {value} counts the sums of the capture rule match, not {capture}",
                          "option.modulo", off=("capture",)),)

    def specs(self) -> dict[str, Any]:
        """SB5: the modulus; SB6: what a traditional scopa scores when counting by it."""
        return {"modulo": OptionSpec(int, choices=MODULI, help="capture values and sums counted modulo 7, or not (0) (SB5)",
                                     house_rule=False),
                "scopa_tradizionale": OptionSpec(int, choices=(-1, 0, 1), house_rule=False,
                                                 help="points of a scopa classic Scopa allows too, with a modulo (SB6)")}


MODULO = Modulo()
MECHANIC = MODULO  # found by the package (`mechanics._discover`), not listed by hand
