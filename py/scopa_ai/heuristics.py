"""What cards and plays are worth under a rule set: the shared knowledge of every level above random.

Everything is derived from the `RuleSet` (its scoring profile, primiera mode, extras, capture mode,
a mechanic's own count of the sums, misère), never from a variant's name; what a card scores by
itself is the scoring's own table (`scoring.card_points`), the one `score_hand` counts with. Which
cards a card takes is always the engine's `CaptureRule` (sums, fifteens, differences or a
mechanic's own count alike, SB5), never a sum worked out here; what a sweep is worth is the
engine's `scopa_kind` (a traditional scopa scores its own, SB6). Worths are in points-of-the-hand
units, roughly: the Settebello is worth its point, a scopa its point, a denaro a share of the
denari point, and so on. In misère every worth is negated: taking cards is what loses.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Sequence

from scopa.captures import SCOPA, TRADIZIONALE, CaptureRule, scopa_kind
from scopa.cards import ALL_CARDS, DECKS, FACE, PRIMIERA, SETTEBELLO, SUIT, VALUE, Card
from scopa.rules import RuleSet
from scopa.scoring import NAPOLA_RUN, PROFILES, SPADE, card_points
from scopa.mechanics import OWNER, active, judges, special_sweeps
from scopa.state import Play, PlayerView


SET_SHARE = 0.5  # what a card of a scored set is worth, as a share of its part of the set's points


class Knowledge:
    """Card worths and the scopa worth of one rule set (cached per rule set)."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.special = special_sweeps(rules)  # SB41, SB42: the sweeps of a mechanic's own, kind → points
        profile = PROFILES[rules.scoring]
        sign = self.sign = -1.0 if rules.misere else 1.0
        w = [0.0] * len(ALL_CARDS)
        # what a card scores by itself is the scoring's own table (scoring.card_points): one source
        by_card = card_points(rules)
        singles = [t for name, t in by_card.items() if name.startswith("carta:")]
        empty: dict[Card, int] = {}
        settebello, frac, mazzetto = (by_card.get(k, empty) for k in ("settebello", "frac", "mazzetto"))
        figures, rebello, rosmarino = (by_card.get(k, empty) for k in ("denari_figures", "rebello", "rosmarino"))
        due_denari = by_card.get("due_denari", empty)
        # the sets a mechanic scores when one side takes them all (R27's grande): each card a share
        # of the points, as the napola's first cards below (a set is often split between sides)
        in_sets: dict[Card, float] = {}
        for mech in active(rules):
            for cards, points in mech.sets(rules):
                for c in cards:
                    in_sets[c] = in_sets.get(c, 0.0) + SET_SHARE * points / len(cards)
        # a mechanic's own worths of the cards it scores from the piles (Mechanic.worths)
        own: dict[Card, float] = {}
        for mech in active(rules):
            for c, worth in mech.worths(rules).items():
                own[c] = own[c] + worth if c in own else worth
        for c in DECKS[rules.deck]:
            v = 0.0
            if profile.carte:
                # a share of the point (SB51: Cicera's two) for most cards
                v += (0.12 if rules.sides == 2 else 0.08) * profile.carte_points * 40 / rules.deck
            if SUIT[c] == 0:
                if profile.denari_each:
                    v += 1.0 if c != SETTEBELLO else 0.0
                elif profile.denari and not profile.frac:
                    v += 0.22 * 40 / rules.deck  # a share of the point for most denari
            if profile.spade and SUIT[c] == SPADE:
                v += 0.18  # SB51: a share of the point for most spade
                if profile.napula and VALUE[c] <= 3:
                    v += 0.6  # SB52: the napula's first cards
            v += sum(t.get(c, 0) for t in singles)  # SB53
            if c in own:
                v += own[c]
            v += settebello.get(c, 0)
            if profile.primiera and rules.primiera != "none":
                if rules.primiera in ("standard", "veneto"):
                    v += max(0, PRIMIERA[c] - 12) * 0.035  # 7s 0.32, 6s 0.21, Assi 0.14, 5s 0.1
                elif rules.primiera == "milanese":
                    v += {7: 0.35, 6: 0.2, 1: 0.12}.get(VALUE[c], 0.0)
                elif rules.primiera == "sevens":
                    v += 0.35 if VALUE[c] == 7 else 0.0
            v += frac.get(c, 0)
            v += mazzetto.get(c, 0)  # SB23: each card taken is a point
            v += figures.get(c, 0)
            if rules.settanta and VALUE[c] == 7:
                v += 0.25
            v += rebello.get(c, 0)
            v += rosmarino.get(c, 0)
            if rules.napola and FACE[c] in NAPOLA_RUN[:3]:
                v += 0.6
            v += due_denari.get(c, 0)  # SB36: the 2D's point with `due_denari`
            v += in_sets.get(c, 0.0)
            w[c] = sign * v
        self.worth: tuple[float, ...] = tuple(w)
        # A scopa is worth its point, plus the tempo of an empty table; in misère it is a loss.
        self.scopa = sign * (profile.scope * 1.0 + 0.1) if profile.scope else 0.0
        # SB6: a traditional scopa is worth its points (`scopa_tradizionale`) with the same tempo;
        # a sweep that is no scopa at all only the tempo. `judged`: whether the rules tell one apart
        # (a plain sweep is then judged by its cards: the rollout asks the engine).
        self.tradizionale = sign * (rules.scopa_tradizionale + 0.1)
        self.judges = judges(rules)
        self.judged = bool(self.judges)
        self.capture = CaptureRule.of(rules)

    def takes(self, table: Sequence[Card], value: int) -> list[tuple[Card, ...]]:
        """The sets of cards of this sorted table that a card of `value` may take."""
        entry = self.capture.positions(tuple([VALUE[c] for c in table]))
        return [tuple([table[i] for i in pos]) for pos in entry[value]]

    def plays(self, table: Sequence[Card], cards: Sequence[Card]) -> list[Play]:
        """The legal plays of a hand of `cards` on this sorted table (R4: a card that can take
        must take; each way of taking is a play), in the engine's order."""
        out: list[Play] = []
        for c in cards:
            options = self.takes(table, VALUE[c])
            if options:
                out.extend(Play(c, o) for o in options)
                if VALUE[c] > 10:
                    out.append(Play(c, ()))  # SB38: a court need not take
            else:
                out.append(Play(c, ()))
        return out

    def sweep(self, card: Card, presa: Sequence[Card], table_len: int, last_play: bool) -> float:
        """What taking `presa` with `card` from a table of `table_len` cards is worth as a sweep:
        a scopa's worth, a traditional scopa's (SB6) or 0 (no scopa)."""
        if not presa or len(presa) != table_len or last_play:
            return 0.0
        kind = scopa_kind(self.rules, card, presa)
        if kind == SCOPA:
            return self.scopa
        if kind == TRADIZIONALE:
            return self.tradizionale
        special = self.special
        if kind in special:  # SB41, SB42: the twins' 3, the Re di picche's -4 or 10
            return self.sign * (special[kind] + 0.1)
        return 0.0

    def is_scopa(self, card: Card, presa: Sequence[Card], table_len: int, last_play: bool) -> bool:
        """Whether taking `presa` with `card` from a table of `table_len` cards is a scopa that
        scores for its side (a traditional one, SB6, is not)."""
        if not presa or len(presa) != table_len or last_play:
            return False
        return scopa_kind(self.rules, card, presa) == SCOPA

    def gain(self, play: Play, table_len: int, last_play: bool) -> float:
        """The immediate worth of a play to its side: the cards it takes and the sweep."""
        if not play.presa:
            return 0.0
        w = self.worth
        return w[play.card] + sum(w[c] for c in play.presa) + self.sweep(play.card, play.presa, table_len, last_play)


@lru_cache(maxsize=64)
def knowledge(rules: RuleSet) -> Knowledge:
    """The shared `Knowledge` of a rule set."""
    return Knowledge(rules)


def table_after(table: Sequence[Card], play: Play) -> list[Card]:
    """The sorted table once `play` is made."""
    if play.presa:
        rest = list(table)
        for c in play.presa:
            if c in rest:  # a stolen pile's top (SB20) or a build's card (SB33) is not a loose card
                rest.remove(c)
        return rest
    mech = OWNER.get(type(play))
    own = mech.table_after(table, play) if mech is not None else None  # a build's (SB30)
    return own if own is not None else sorted([*table, play.card])


def is_last_play(view: PlayerView) -> bool:
    """Whether the seat to move makes the last play of the hand (its sweep is no scopa)."""
    return view.deck_left == 0 and sum(view.hand_counts) == 1


def p_holds(unseen_of_value: int, unseen_total: int, hand: int) -> float:
    """Probability that a hand of `hand` cards drawn from the unseen cards holds one of a value."""
    if unseen_of_value <= 0 or hand <= 0 or unseen_total <= 0:
        return 0.0
    hand = min(hand, unseen_total)
    miss = comb(unseen_total - unseen_of_value, hand) / comb(unseen_total, hand)
    return 1.0 - miss
