"""Modulo sette (SB5, SB6): capture values and sums counted modulo 7, and the traditional scopa
scored apart, in one module.

It declares its options (`modulo`, and what a traditional scopa scores), the trait "residues"
(sums counted by their residue: the builds, the claims and the other decks exclude it) and its own
exclusion, SB5: it counts the sums of the capture rule `match` only. The engine asks it, as it asks
every active mechanic, how a capture's sums are counted (`counting`: `Residues`, read by
`captures.CaptureRule`) and what a plain sweep is (`judge_sweep`: a scopa, a traditional one or
none, read by `captures.scopa_kind`), and what a traditional scopa scores (`traditional_points`,
read by `scoring.score_hand`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..options import OptionSpec
from .base import SCOPA, TRADIZIONALE, Exclusion, Mechanic

MODULI = (0, 7)  # SB5: 0 counts values and sums as they are; 7 is Modulo sette's arithmetic


@dataclass(frozen=True)
class Residues:
    """SB5: a capture's sums counted by their residue modulo `modulus` (a `base.Counting`)."""

    modulus: int

    def subsets(self, values: Sequence[int]) -> dict[int, list[tuple[int, ...]]]:
        """Every non-empty set of positions, grouped by the sum of its values modulo the modulus.

        Every set is a candidate, so this is exponential in the table's length; counting modulo 7
        almost every card takes, and the table stays short.
        """
        modulus = self.modulus
        found: dict[int, list[tuple[int, ...]]] = {}
        n = len(values)
        stack: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
        while stack:
            start, total, chosen = stack.pop()
            for i in range(start, n):
                s = (total + values[i]) % modulus
                pos = chosen + (i,)
                found.setdefault(s, []).append(pos)
                stack.append((i + 1, s, pos))
        for lists in found.values():
            lists.sort(key=lambda p: (len(p), p))
        return found

    def count(self, value: int) -> int:
        """SB5: a card takes by its value's residue (Fante 1, Cavallo 2, Re 3, 7 zero)."""
        return value % self.modulus


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

    def counting(self, rules: Any) -> Residues:
        """SB5: values and sums counted by their residue."""
        return Residues(rules.modulo)

    def traditional_points(self, rules: Any) -> int:
        """SB6: a sweep classic Scopa allows too scores `scopa_tradizionale` (Modulo sette: -1)."""
        return rules.scopa_tradizionale

    def judge_sweep(self, rules: Any, value: int, taken: Sequence[int]) -> str | None:
        """SB6: a sweep whose taken face values add up to the card's (a card of the same rank
        included) is traditional; a 7 sweeping a lone 7 is neither; any other is a (modular) scopa."""
        if sum(taken) != value:
            return SCOPA
        if value % rules.modulo == 0 and len(taken) == 1:
            return None  # SB6: [002] "un 7 con un altro 7": no point either way
        return TRADIZIONALE


MODULO = Modulo()
MECHANIC = MODULO  # found by the package (`mechanics._discover`), not listed by hand
