"""Scoring a hand (R7, O7–O9, O12, S3, S6, SB6): points per side and category, with the detail shown.

Which categories count, and what each is worth, is data (`PROFILES`) chosen by the rule set's
`scoring` option; the primiera rule and the extras are read from their own options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .cards import DECKS, FACE, PRIMIERA, RE_BELLO, ROSMARINO, SETTEBELLO, SUIT, SUITS, VALUE, Card, card, card_str
from .mechanics import active, special_sweeps
from .result import HandResult
from .rules import RuleSet

DENARI = 0  # suit index of D
DUE_DENARI = card(2, "D")  # SB36: worth a point with `due_denari` ([002])
FIGURE_DENARI = tuple(card(r, "D") for r in (8, 9, 10))
NAPOLA_RUN = tuple(card(r, "D") for r in range(1, 11))
SPADE = 3  # suit index of S
NAPULA_RUN = tuple(card(r, "S") for r in range(1, 14))  # SB52: Cicera's napula runs through the courts

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
    carte_points: int = 1  # points for most cards; SB51: Cicera's 2, shared 1 each on a tie
    spade: bool = False  # SB51: a point for most spade (Cicera)
    napula: bool = False  # SB52: the napula of spade (Cicera), as the napola of denari (O8)
    singles: tuple[Card, ...] = ()  # SB53: cards worth a point each to the side that takes them


PROFILES: dict[str, Profile] = {
    "standard": Profile(),
    # O8 Punti a denari: "no primiera" ([002] "la primiera non si conta"); the rule set says so too (SB70).
    "denari": Profile(denari_figures=True, primiera=False),
    "romano": Profile(denari_each=True, settebello=2),
    # [002] FRAC: "the only cards that score" — the classic points, scope included, do not count:
    # a sweep is no scopa (a review: "Scopa!" said, and nothing scored)
    "frac": Profile(scope=0, carte=False, settebello=0, primiera=False, frac=True, sweeps=False),
    # SB23, SB24 [002] Rubamazzo: "non si calcolano i punti tradizionali della scopa ma soltanto il
    # numero di carte prese": the cards taken are the points, and there is no scopa.
    "mazzetto": Profile(scope=0, carte=False, settebello=0, primiera=False, denari=False, mazzetto=True,
                        sweeps=False),
    # SB50–SB54 (docs/RULINGS.md): Cicera, the Brescian Scopa of 52 cards.
    "cicera": Profile(carte_points=2, denari=False, settebello=0, primiera=False, spade=True, napula=True,
                      singles=(card(2, "S"), card(10, "D"), card(11, "D"))),
}


def card_points(rules: RuleSet) -> dict[str, dict[Card, int]]:
    """The categories a card scores by itself, wherever it lies: category → card → points (the
    Settebello's point, each card in mazzetto or frac, a Re bello, Cicera's single cards, the Re di
    picche's cost...). `score_hand` counts these categories from this table, and the computer
    players' card worths (scopa_ai/heuristics.py) read it too: one source for what a card is worth
    by itself. The categories won by having most cards of a kind, or a set (primiera, napola), are
    not here."""
    profile = PROFILES[rules.scoring]
    deck = DECKS[rules.deck]
    out: dict[str, dict[Card, int]] = {}
    if profile.settebello:
        out["settebello"] = {c: profile.settebello for c in deck if FACE[c] == SETTEBELLO}
    if profile.mazzetto:
        out["mazzetto"] = {c: 1 for c in deck}  # SB23: each card taken is a point
    if profile.frac:
        out["frac"] = {c: 1 for c in deck if VALUE[c] in (1, 8, 9, 10)}
    if profile.denari_figures:
        out["denari_figures"] = {c: 1 for c in FIGURE_DENARI}
    if rules.rebello:
        out["rebello"] = {RE_BELLO: 1}
    if rules.rosmarino:
        out["rosmarino"] = {ROSMARINO: 1}
    if rules.due_denari:
        out["due_denari"] = {DUE_DENARI: 1}  # SB36
    for c in profile.singles:  # SB53
        out[f"carta:{card_str(c)}"] = {c: 1}
    for mech in active(rules):  # a mechanic's own (SB40)
        out.update(mech.card_points(rules))
    return out


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
    return tuple(_VENETO_BY_RANK[VALUE[c] - 1] for c in range(80))


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


def napola_runs(pile: Sequence[Card], run_cards: Sequence[Card] = NAPOLA_RUN) -> list[list[Card]]:
    """The runs that score a napola (O8) in a pile, each the pile's own cards in order (Asso first):
    1D 2D 3D and each further denaro in sequence. SB45: among the 80 cards, the run of the ranks
    held at least once, and a second run of the ranks held twice (both copies), each counted alone. SB52: Cicera's napula is the same run of spade,
    through its courts."""
    by_face: dict[Card, list[Card]] = {}
    for c in sorted(pile):
        by_face.setdefault(FACE[c], []).append(c)
    runs = []
    for k in (1, 2):
        run = []
        for c in run_cards:
            if len(by_face.get(c, ())) < k:
                break
            run.append(by_face[c][k - 1])
        if len(run) >= 3:
            runs.append(run)
    return runs


def _runs_detail(piles: Sequence[Sequence[Card]], detail: list[dict[str, Any]], key: str,
                 run_cards: Sequence[Card]) -> list[int]:
    """Each side's napola (or napula) points; the cards of a side's runs go to its detail under
    `key` (one list per run: the score sheet draws them, the match's story tells them)."""
    points = []
    for side, pile in enumerate(piles):
        runs = napola_runs(pile, run_cards)
        if runs:
            detail[side][key] = [[card_str(c) for c in run] for run in runs]
        points.append(sum(len(run) for run in runs))
    return points


def score_hand(rules: RuleSet, piles: Sequence[Sequence[Card]], scope: Sequence[int],
               tradizionali: Sequence[int] | None = None,
               speciali: Sequence[dict[str, int]] | None = None) -> HandResult:
    """Score a finished hand from each side's captured cards and scope (and, where a mechanic tells
    them apart, its traditional scope, SB6: category `tradizionali`, `mechanics.traditional_points`
    each; the sweeps worth other points, SB41, SB42: a category each, by kind)."""
    profile = PROFILES[rules.scoring]
    mechs = active(rules)  # asked once: the rollouts score a hand each
    # SB6: what a traditional scopa scores, where an active mechanic tells one apart (as
    # `mechanics.traditional_points` says), else None
    traditional = next((t for m in mechs if (t := m.traditional_points(rules)) is not None), None)
    by_card = card_points(rules)
    sides = len(piles)
    points: list[dict[str, int]] = [dict() for _ in range(sides)]
    detail: list[dict[str, Any]] = []
    for side, pile in enumerate(piles):
        denari = sevens = settebelli = 0
        for c in pile:
            if c % 4 == DENARI:
                denari += 1
                if FACE[c] == SETTEBELLO:
                    settebelli += 1
            if VALUE[c] == 7:
                sevens += 1
        detail.append({"cards": len(pile), "denari": denari, "sevens": sevens,
                       "settebello": settebelli > 0, "scope": scope[side]})
        if settebelli > 1:
            detail[side]["settebelli"] = settebelli  # SB45: two decks, two Settebelli
        if traditional is not None:
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

    def each(category: str) -> None:
        """A category of `card_points`: each side scores the points of the cards it took."""
        table = by_card[category]
        count(category, [sum(table.get(c, 0) for c in pile) for pile in piles])

    if profile.scope:
        count("scope", [s * profile.scope for s in scope])
    if traditional is not None:
        # SB6: a traditional scopa scores its own points, a category of its own.
        count("tradizionali", [d["tradizionali"] * traditional for d in detail])
    for kind, worth in special_sweeps(rules).items():  # SB41, SB42: only where such a sweep can be made
        count(kind, [(speciali[side].get(kind, 0) if speciali else 0) * worth for side in range(sides)])
    if profile.carte and profile.carte_points > 1:
        # SB51: Cicera's cards, 2 points to the side with most, 1 each on an even split.
        cards = [d["cards"] for d in detail]
        leaders = [s for s, n in enumerate(cards) if n == max(cards)]
        count("carte", [(profile.carte_points if len(leaders) == 1 else profile.carte_points // 2)
                        if s in leaders and cards[s] else 0 for s in range(sides)])
    elif profile.carte:
        award("carte", _most([d["cards"] for d in detail], max(rules.carte_min, 1), rules.misere))
    if profile.denari_each:
        count("denari", [d["denari"] - (1 if d["settebello"] else 0) for d in detail])
    elif profile.denari and not profile.frac:
        award("denari", _most([d["denari"] for d in detail], 1, rules.misere))
    if profile.settebello:
        each("settebello")
    if profile.primiera and rules.primiera != "none":
        award("primiera", _primiera(rules, piles, detail))
    if profile.mazzetto:
        each("mazzetto")  # SB23: each card taken is a point
    if profile.frac:
        each("frac")
    if profile.denari_figures:
        each("denari_figures")
    if rules.settanta:
        award("settanta", [s for s, d in enumerate(detail) if d["sevens"] == 4])
    if rules.rebello:
        each("rebello")
    if rules.rosmarino:
        each("rosmarino")
    if rules.due_denari:
        each("due_denari")  # SB36
    if profile.spade:
        award("spade", _most([sum(1 for c in pile if SUIT[c] == SPADE) for pile in piles], 1, rules.misere))
    if profile.singles:  # SB53
        for c in profile.singles:
            each(f"carta:{card_str(c)}")
    for mech in mechs:  # a mechanic's categories counted from the piles (SB40, SB43, SB44)
        for category, per_side in mech.pile_points(rules, piles):
            count(category, per_side)
    napoleone = None
    if rules.napola:
        count("napola", _runs_detail(piles, detail, "napola", NAPOLA_RUN))
        whole = sum(1 for c in DECKS[rules.deck] if SUIT[c] == DENARI)
        napoleone = next((s for s, d in enumerate(detail) if d["denari"] == whole), None)
    if profile.napula:
        count("napula", _runs_detail(piles, detail, "napula", NAPULA_RUN))  # SB52
        napoleone = next((s for s, pile in enumerate(piles)  # SB54: all thirteen spade win the match
                          if sum(1 for c in pile if SUIT[c] == SPADE) == 13), None)
    return HandResult(tuple(categories), tuple(points), tuple(detail), napoleone)


_PLAIN: dict[RuleSet, bool] = {}


def _plain(rules: RuleSet) -> bool:
    """Whether `hand_totals` may count this rule set itself: the standard profile on 40 cards, a
    primiera by points, by sevens or none, and no extra category or mechanic of its own."""
    found = _PLAIN.get(rules)
    if found is None:
        found = _PLAIN[rules] = (
            rules.scoring == "standard" and rules.deck == 40 and rules.primiera in ("standard", "veneto", "sevens", "none")
            and not (rules.settanta or rules.rebello or rules.rosmarino or rules.napola or rules.due_denari)
            and not active(rules) and PROFILES["standard"] == Profile())
    return found


def hand_totals(rules: RuleSet, piles: Sequence[Sequence[Card]], scope: Sequence[int],
                tradizionali: Sequence[int] | None = None) -> tuple[int, ...]:
    """Each side's points for a finished hand, as `score_hand(...).totals` gives them, counted
    without the detail where the rule set has only the classic categories (R7, O7, O9, O12): the
    computer players' rollouts end every simulated hand here."""
    if not _plain(rules):
        return score_hand(rules, piles, scope, tradizionali).totals
    misere = rules.misere
    totals = list(scope)
    cards = []
    denari = []
    sevens = []
    primiera = []
    complete = []
    values = _VENETO if rules.primiera == "veneto" else PRIMIERA
    for side, pile in enumerate(piles):
        d = s7 = 0
        best = [-1, -1, -1, -1]
        for c in pile:
            suit = c % 4
            if suit == DENARI:
                d += 1
                if FACE[c] == SETTEBELLO:
                    totals[side] += 1  # the Settebello's point
            if VALUE[c] == 7:
                s7 += 1
            v = values[c]
            if v > best[suit]:
                best[suit] = v
        cards.append(len(pile))
        denari.append(d)
        sevens.append(s7)
        held = [v for v in best if v >= 0]
        primiera.append(sum(held))
        if len(held) == 4:
            complete.append(side)
    for won in (_most(cards, max(rules.carte_min, 1), misere), _most(denari, 1, misere)):
        for side in won:
            totals[side] += 1
    if rules.primiera == "sevens":
        won = _most(sevens, 1, misere)
    elif rules.primiera == "none":
        won = []
    else:
        contenders = complete or (range(len(piles)) if rules.missing_suit == "lose" else ())
        masked = [primiera[s] if s in contenders else -1 for s in range(len(piles))]
        won = _most(masked, 1, misere) if contenders else []
    for side in won:
        totals[side] += 1
    return tuple(totals)
