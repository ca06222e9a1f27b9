"""Maresciallo (RULES §4 Phase 2, [002]; rulings SB40–SB44): the Re di picche's penalties and the
polacca, in one module.

A scopa d'assi with the napola (the preset's data) to which the `maresciallo` option adds:

- SB40: each Re di picche (Maresciallo) taken costs its side a point (`marescialli`);
- SB41: a sweep made with the Re di picche costs 4 (`maresciallo`), and among the 80 cards the
  Re di picche sweeping its twin alone scores 10 (`maresciallone`), instead of a scopa;
- SB43: each Donna di quadri taken beside a Settebello scores a point (`polacca`);
- SB44: with `saponificatrice`, each Donna di picche beside a Re di picche costs one more.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import DECKS, FACE, SETTEBELLO, Card, card
from ..options import OptionSpec
from .base import Exclusion, Mechanic

RE_DI_PICCHE, DONNA_DI_PICCHE, DONNA_DI_QUADRI = card(10, "S"), card(9, "S"), card(9, "D")
SWEEP = "maresciallo"  # SB41: a sweep made with the Re di picche
SWEEP_TWIN = "maresciallone"  # SB41: the Re di picche sweeping its twin (80 cards)
SWEEPS = {SWEEP: -4, SWEEP_TWIN: 10}


class Maresciallo(Mechanic):
    """The Re di picche's cost and sweeps, the polacca and the saponificatrice (SB40–SB44)."""

    name = "maresciallo"
    order = 60
    check_order = 80
    option = "maresciallo"
    traits = ("sweeps",)  # SB41: sweeps worth other points than a scopa
    # SB41: its sweeps are worth other points than a scopa's, so no claim of a scopa worth a point
    # (the claims' own exclusion, checked first, is the one reported: the same pair from this side)
    excludes = (Exclusion("maresciallo", "maresciallo's sweeps with the Re di picche are worth other points than a "
                          "scopa (SB41): it is not played with claims of a scopa worth a point", "option.maresciallo",
                          off_traits=("claims",)),)

    def specs(self) -> dict[str, Any]:
        """SB40, SB44: the Re di picche's costs, and the saponificatrice with them."""
        return {"maresciallo": OptionSpec(bool, help="the Re di picche costs 1, sweeping with it 4; Donna di quadri with the Settebello 1 (SB40)"),
                "saponificatrice": OptionSpec(bool, help="the Donna di picche with a Re di picche costs 1 more (SB44)",
                                              needs="maresciallo")}

    def worths(self, rules: Any) -> dict[Card, float]:
        """SB40: the Re di picche its cost (SB44: a share more beside a Donna di picche); SB43: the
        Donna di quadri and the Settebello a share of the polacca's point."""
        cost = self.card_points(rules)["marescialli"]
        out: dict[Card, float] = {}
        for c in DECKS[rules.deck]:
            face = FACE[c]
            if face == RE_DI_PICCHE:
                out[c] = -(-cost.get(c, 0) + (0.3 if rules.saponificatrice else 0.0))  # SB40, SB44
            elif face == DONNA_DI_QUADRI:
                out[c] = 0.5  # SB43: a point beside a Settebello
            elif face == SETTEBELLO:
                out[c] = 0.4
            elif face == DONNA_DI_PICCHE and rules.saponificatrice:
                out[c] = -0.4  # SB44: a point lost beside a Re di picche
        return out

    def sweeps(self, rules: Any) -> dict[str, int]:
        """SB41: the Re di picche's sweep; its sweep of its twin where there are twins (80 cards)."""
        return dict(SWEEPS) if rules.deck == 80 else {SWEEP: SWEEPS[SWEEP]}

    def sweep_kind(self, rules: Any, card: Card, presa: Sequence[Card]) -> str | None:
        """SB41: a sweep with the Re di picche; `maresciallone` when it takes its lone twin."""
        if FACE[card] != RE_DI_PICCHE:
            return None
        twin = len(presa) == 1 and presa[0] != card and FACE[presa[0]] == FACE[card]
        return SWEEP_TWIN if twin else SWEEP

    def card_points(self, rules: Any) -> dict[str, dict[Card, int]]:
        """SB40: each Re di picche taken costs 1."""
        return {"marescialli": {c: -1 for c in DECKS[rules.deck] if FACE[c] == RE_DI_PICCHE}}

    def pile_points(self, rules: Any, piles: Sequence[Sequence[Card]]) -> list[tuple[str, list[int]]]:
        """SB40: each Re di picche taken costs 1; SB43: each Donna di quadri beside a Settebello
        scores 1; SB44: each Donna di picche beside a Re di picche costs 1 more."""
        cost = self.card_points(rules)["marescialli"]
        faces = [[FACE[c] for c in pile] for pile in piles]
        out = [("marescialli", [sum(cost.get(c, 0) for c in pile) for pile in piles]),
               ("polacca", [min(f.count(DONNA_DI_QUADRI), f.count(SETTEBELLO)) for f in faces])]
        if rules.saponificatrice:
            out.append(("saponificatrice", [-min(f.count(DONNA_DI_PICCHE), f.count(RE_DI_PICCHE)) for f in faces]))
        return out


MARESCIALLO = Maresciallo()
MECHANIC = MARESCIALLO  # found by the package (`mechanics._discover`), not listed by hand

__all__ = ["DONNA_DI_PICCHE", "DONNA_DI_QUADRI", "MARESCIALLO", "RE_DI_PICCHE", "SWEEP", "SWEEP_TWIN", "SWEEPS"]
