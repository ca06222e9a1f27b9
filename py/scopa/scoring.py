"""Scoring a hand (R7, O7–O9, O12, S3, S6, SB6): points per side and category, with the detail shown.

Which categories count, and what each is worth, is data (`PROFILES`) chosen by the rule set's
`scoring` option; the primiera rule and the extras are read from their own options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .cards import PRIMIERA, RE_BELLO, ROSMARINO, SETTEBELLO, SUIT, SUITS, VALUE, Card, card, card_str
from .rules import RuleSet

DENARI = 0  # suit index of D
DUE_DENARI = card(2, "D")  # SB36: worth a point in Scopa a cascina [002]
FIGURE_DENARI = tuple(card(r, "D") for r in (8, 9, 10))
NAPOLA_RUN = tuple(card(r, "D") for r in range(1, 11))

# Veneto primiera (O7): nominal values, Asso 5.5, figures 0.5 — kept doubled to stay in integers.
_VENETO_BY_RANK = (11, 4, 6, 8, 10, 12, 14, 1, 1, 1)


@dataclass(frozen=True)
class Profile:
    """What a scoring profile counts: the per-card and per-category worth of each category."""

    scope: int = 1  # points per scopa
    carte: bool = True  # a point for most cards
    denari_each: bool = False  # each denaro but the Settebello scores 1 (romano), instead of most denari
    settebello: int = 1  # points for the 7D
    primiera: bool = True  # whether the primiera option applies at all
    denari_figures: bool = False  # Fante, Cavallo, Re of denari 1 point each (Punti a denari)
    frac: bool = False  # 1 point per Asso, Fante, Cavallo, Re and nothing else of the classic points
    denari: bool = True  # the point for most denari (unless `denari_each` or `frac` says otherwise)
    mazzetto: bool = False  # SB23 (Rubamazzo): each card of a side's pile is a point, category `mazzetto`
    sweeps: bool = True  # R5: a capture that empties the table is a scopa at all; SB24: not in Rubamazzo


PROFILES: dict[str, Profile] = {
    "standard": Profile(),
    "denari": Profile(denari_figures=True),
    "romano": Profile(denari_each=True, settebello=2),
    # [002] FRAC: "the only cards that score" — the classic points, scope included, do not count.
    "frac": Profile(scope=0, carte=False, settebello=0, primiera=False, frac=True),
    # SB23, SB24 [002] Rubamazzo: "non si calcolano i punti tradizionali della scopa ma soltanto il
    # numero di carte prese": the cards taken are the points, and there is no scopa.
    "mazzetto": Profile(scope=0, carte=False, settebello=0, primiera=False, denari=False, mazzetto=True,
                        sweeps=False),
}


@dataclass(frozen=True)
class HandResult:
    """The points of one hand per side, by category in a fixed order, with the detail behind them."""

    categories: tuple[str, ...]
    points: tuple[dict[str, int], ...]
    detail: tuple[dict[str, Any], ...]
    napoleone: int | None = None  # the side that took all ten denari, if any

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points for the hand."""
        return tuple(sum(p.values()) for p in self.points)

    def to_json(self) -> dict[str, Any]:
        """JSON-able form for the page and the command line."""
        return {
            "categories": list(self.categories),
            "points": [dict(p) for p in self.points],
            "totals": list(self.totals),
            "detail": [dict(d) for d in self.detail],
            "napoleone": self.napoleone,
        }


def _most(counts: Sequence[float], minimum: float, misere: bool) -> list[int]:
    """Sides that win a "most" category: the single leader, or all tied leaders in misère (S3, O12)."""
    best = max(counts)
    if best < minimum or best <= 0:
        return []
    leaders = [i for i, c in enumerate(counts) if c == best]
    if len(leaders) == 1 or misere:
        return leaders
    return []


def primiera_cards(pile: Sequence[Card], values: Sequence[int]) -> dict[int, Card]:
    """The best card for primiera in each suit of a pile, by suit index."""
    best: dict[int, Card] = {}
    for c in pile:
        s = SUIT[c]
        if s not in best or values[c] > values[best[s]]:
            best[s] = c
    return best


def _veneto_values() -> tuple[int, ...]:
    return tuple(_VENETO_BY_RANK[VALUE[c] - 1] for c in range(40))


_VENETO = _veneto_values()


def _primiera(rules: RuleSet, piles: Sequence[Sequence[Card]], detail: list[dict[str, Any]]) -> list[int]:
    """The sides that take the primiera point under the rule set's primiera option."""
    mode = rules.primiera
    if mode in ("standard", "veneto"):
        values, scale = (PRIMIERA, 1) if mode == "standard" else (_VENETO, 2)
        totals = []
        complete = []
        for side, pile in enumerate(piles):
            best = primiera_cards(pile, values)
            total = sum(values[c] for c in best.values())
            totals.append(total)
            if len(best) == 4:
                complete.append(side)
            detail[side]["primiera"] = {
                "cards": {SUITS[s]: card_str(c) for s, c in sorted(best.items())},
                "total": total // scale if total % scale == 0 else total / scale,
                "complete": len(best) == 4,
            }
        if complete:
            contenders = complete  # a side lacking a suit loses to any side that has all four
        elif rules.missing_suit == "lose":
            contenders = list(range(len(piles)))  # [000]: nobody complete — each counts what it has
        else:
            contenders = []  # S6: primiera void when nobody has all four suits
        if not contenders:
            return []
        masked = [totals[s] if s in contenders else -1 for s in range(len(piles))]
        return _most(masked, 1, rules.misere)
    if mode == "milanese":
        # [002] Milano: most 7s, then most 6s, then most Assi.
        counts = [[sum(1 for c in pile if VALUE[c] == r) for r in (7, 6, 1)] for pile in piles]
        for side, c in enumerate(counts):
            detail[side]["primiera"] = {"sevens": c[0], "sixes": c[1], "assi": c[2]}
        contenders = list(range(len(piles)))
        for k in range(3):
            best = max(counts[s][k] for s in contenders)
            contenders = [s for s in contenders if counts[s][k] == best]
            if len(contenders) == 1:
                return contenders
        return contenders if rules.misere else []
    if mode == "sevens":
        sevens = [sum(1 for c in pile if VALUE[c] == 7) for pile in piles]
        return _most(sevens, 1, rules.misere)
    return []


def _napola(pile: Sequence[Card]) -> int:
    """Napola points (O8): 1D 2D 3D make 3, and each further denaro in sequence 1 more."""
    have = set(pile)
    run = 0
    for c in NAPOLA_RUN:
        if c not in have:
            break
        run += 1
    return run if run >= 3 else 0


def score_hand(rules: RuleSet, piles: Sequence[Sequence[Card]], scope: Sequence[int],
               tradizionali: Sequence[int] | None = None) -> HandResult:
    """Score a finished hand from each side's captured cards and scope (and, counting modulo, its
    traditional scope, SB6: category `tradizionali`, `scopa_tradizionale` points each)."""
    profile = PROFILES[rules.scoring]
    sides = len(piles)
    points: list[dict[str, int]] = [dict() for _ in range(sides)]
    detail: list[dict[str, Any]] = []
    for side, pile in enumerate(piles):
        denari = sevens = 0
        for c in pile:
            if c % 4 == DENARI:
                denari += 1
            if c >> 2 == 6:  # a seven (card ids are (rank - 1) * 4 + suit)
                sevens += 1
        detail.append({"cards": len(pile), "denari": denari, "sevens": sevens,
                       "settebello": SETTEBELLO in pile, "scope": scope[side]})
        if rules.modulo:
            detail[side]["tradizionali"] = tradizionali[side] if tradizionali else 0
    categories: list[str] = []

    def award(category: str, winners: Sequence[int], worth: int = 1) -> None:
        categories.append(category)
        for side in range(sides):
            points[side][category] = worth if side in winners else 0

    def count(category: str, per_side: Sequence[int]) -> None:
        categories.append(category)
        for side in range(sides):
            points[side][category] = per_side[side]

    if profile.scope:
        count("scope", [s * profile.scope for s in scope])
    if rules.modulo:
        # SB6: a traditional scopa scores its own points (Modulo sette: -1), a category of its own.
        count("tradizionali", [d["tradizionali"] * rules.scopa_tradizionale for d in detail])
    if profile.carte:
        award("carte", _most([d["cards"] for d in detail], max(rules.carte_min, 1), rules.misere))
    if profile.denari_each:
        count("denari", [d["denari"] - (1 if d["settebello"] else 0) for d in detail])
    elif profile.denari and not profile.frac:
        award("denari", _most([d["denari"] for d in detail], 1, rules.misere))
    if profile.settebello:
        award("settebello", [s for s, d in enumerate(detail) if d["settebello"]], profile.settebello)
    if profile.primiera and rules.primiera != "none":
        award("primiera", _primiera(rules, piles, detail))
    if profile.mazzetto:
        count("mazzetto", [d["cards"] for d in detail])  # SB23: each card taken is a point
    if profile.frac:
        count("frac", [sum(1 for c in pile if VALUE[c] in (1, 8, 9, 10)) for pile in piles])
    if profile.denari_figures:
        count("denari_figures", [sum(1 for c in pile if c in FIGURE_DENARI) for pile in piles])
    if rules.settanta:
        award("settanta", [s for s, d in enumerate(detail) if d["sevens"] == 4])
    if rules.rebello:
        award("rebello", [s for s, pile in enumerate(piles) if RE_BELLO in pile])
    if rules.rosmarino:
        award("rosmarino", [s for s, pile in enumerate(piles) if ROSMARINO in pile])
    if rules.due_denari:
        award("due_denari", [s for s, pile in enumerate(piles) if DUE_DENARI in pile])  # SB36
    napoleone = None
    if rules.napola:
        count("napola", [_napola(pile) for pile in piles])
        napoleone = next((s for s, d in enumerate(detail) if d["denari"] == 10), None)
    return HandResult(tuple(categories), tuple(points), tuple(detail), napoleone)
