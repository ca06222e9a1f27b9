"""What the computer players know of Scopa a fidasse (SB60–SB66): when to claim a scopa face
down, when to bluff one, and whether to trust a claim.

Everything reads the seat's view: its hand, the table and the cards it has not seen (a card
another seat claimed face down is among them, SB62). Whether a card sweeps the table is always
the engine's (`scopa.mechanics.fidasse.sweeps`, by the rule set's own captures), never worked out here.

The answer's arithmetic (SB61–SB64): against trusting, a doubt proved wrong costs the doubter's
side a point (the scopa stands either way), a doubt proved right swings two (the claimer's side
loses a point and does not take its scopa). So a claim true with chance P is worth doubting when
2 (1 − P) > P, that is P < 2/3.
"""

from __future__ import annotations

import random
from typing import Sequence

from scopa.cards import Card
from scopa.mechanics.fidasse import DOUBT_PLAY, TRUST_PLAY, Answer, Claim, sweeps
from scopa.state import Match, Play, PlayerView
from ..heuristics import Knowledge, p_holds
from ..part import Part

# A claim true with less than this chance is doubted (see the module's docstring).
DOUBT_BELOW = 2.0 / 3.0
# How often the expert believes a player who holds no card that sweeps claims all the same (its
# prior on bluffing, the other half of P(true) beside the cards unseen).
BLUFF_BELIEF = 0.2
# What a true claim adds over the same scopa played openly: the point a doubter may lose (SB64).
TRUE_CLAIM_EDGE = 0.3
# The expert bluffs, now and then (`BLUFF_RATE`, its own generator), only when no play of its own is
# worth more than `NO_GOOD_PLAY`, the table is worth at least `WORTH_BLUFFING` (its cards and the
# scopa), and at least `CREDIBLE` unseen cards would sweep it (else nobody would believe it).
BLUFF_RATE = 0.3
NO_GOOD_PLAY = 0.1
WORTH_BLUFFING = 1.4
CREDIBLE = 2


def answering(view: PlayerView) -> bool:
    """Whether this seat is to answer a claim (SB61): its only plays are trust and doubt."""
    return bool(view.legal) and type(view.legal[0]) is Answer


def sweepers(k: Knowledge, table: Sequence[Card], cards: Sequence[Card]) -> int:
    """How many of `cards` would truly sweep this table (SB60)."""
    return sum(1 for c in cards if sweeps(k.capture, table, c))


def p_true(view: PlayerView, k: Knowledge, bluff_belief: float = BLUFF_BELIEF) -> float:
    """The chance the pending claim is true, from this seat's view: the claimer's hand before the
    claim (its cards now and the one claimed) drawn from the cards this seat has not seen holds a
    card that sweeps with chance `p`; a claimer who holds one claims with it, one who does not
    bluffs with chance `bluff_belief`: P(true) = p / (p + (1 − p) × bluff_belief)."""
    claimer = view.claims[-1].seat
    unseen = view.unseen()
    p = p_holds(sweepers(k, view.table, unseen), len(unseen), view.hand_counts[claimer] + 1)
    if p <= 0.0:
        return 0.0
    return p / (p + (1.0 - p) * bluff_belief)


def answer_scores(view: PlayerView, k: Knowledge, bluff_belief: float = BLUFF_BELIEF) -> list[float]:
    """Per legal answer (trust, doubt), what it is worth against trusting: 0 and 2 − 3 P(true)."""
    p = p_true(view, k, bluff_belief)
    return [0.0 if a == TRUST_PLAY else 2.0 - 3.0 * p for a in view.legal]


def answer(view: PlayerView, k: Knowledge, bluff_belief: float = BLUFF_BELIEF) -> Answer:
    """Trust, unless the claim is true with less than 2/3 chance (`p_true`): then doubt."""
    return DOUBT_PLAY if p_true(view, k, bluff_belief) < DOUBT_BELOW else TRUST_PLAY


def claim_scores(view: PlayerView, scores: list[float]) -> list[float]:
    """`scores` (a level's score per legal play) with each claim scored: a true one as the same
    scopa played openly plus `TRUE_CLAIM_EDGE`; a bluff as laying its card and losing a point (what
    it is worth if doubted; `bluff` decides when to risk one anyway)."""
    legal = view.legal
    index = {p: i for i, p in enumerate(legal)}
    sweep = tuple(view.table)
    lowest = min(scores) if scores else 0.0
    out = list(scores)
    for i, p in enumerate(legal):
        if type(p) is not Claim:
            continue
        j = index.get(Play(p.card, sweep))
        if j is not None:
            out[i] = scores[j] + TRUE_CLAIM_EDGE
        else:
            lay = index.get(Play(p.card, ()))
            out[i] = (scores[lay] if lay is not None else lowest) - 1.0
    return out


def bluff(view: PlayerView, k: Knowledge, scores: Sequence[float], rng: random.Random) -> Claim | None:
    """Now and then (`BLUFF_RATE`, drawn from `rng`) the bluff `worth_bluffing` finds, if any."""
    found = worth_bluffing(view, k, scores)
    if found is None or rng.random() >= BLUFF_RATE:
        return None
    return found


def worth_bluffing(view: PlayerView, k: Knowledge, scores: Sequence[float]) -> Claim | None:
    """The bluff worth trying here, if any: when no ordinary play is worth `NO_GOOD_PLAY`, the
    table (its cards and the scopa) is worth `WORTH_BLUFFING`, and `CREDIBLE` unseen cards could
    sweep it, a claim with the card whose lay is scored best (where it goes if doubted, SB63)."""
    legal = view.legal
    claims = {p.card for p in legal if type(p) is Claim}
    if not claims:
        return None
    best = max((s for p, s in zip(legal, scores) if type(p) is not Claim), default=0.0)
    if best >= NO_GOOD_PLAY:
        return None
    if sum(k.worth[c] for c in view.table) + k.scopa < WORTH_BLUFFING:
        return None
    if sweepers(k, view.table, view.unseen()) < CREDIBLE:
        return None
    lays = [(s, p.card) for p, s in zip(legal, scores) if type(p) is Play and not p.presa and p.card in claims]
    return Claim(max(lays)[1]) if lays else None


def candidates(view: PlayerView, k: Knowledge, scores: Sequence[float]) -> list[int]:
    """The legal plays (indices) worth the master's search: every play but the claims, a true
    claim, and the one bluff `worth_bluffing` finds (a search on few deals would otherwise pick a
    hopeless bluff by chance now and then)."""
    keep = worth_bluffing(view, k, scores)
    sweep = tuple(view.table)
    plays = set(view.legal)
    return [i for i, p in enumerate(view.legal)
            if type(p) is not Claim or p == keep or Play(p.card, sweep) in plays]


def honest(legal: Sequence) -> list:
    """The plays that are not claims (what a player who never claims chooses from)."""
    return [p for p in legal if type(p) is not Claim]


def rollout_answer(m: Match, k: Knowledge) -> Answer:
    """The master's rollouts: the seat to answer answers as the expert would, from its own view
    (never from the determinised card)."""
    return answer(m.observe(m.turn), k)


class FidassePart(Part):
    """SB60–SB66: the beginner and the easy level never claim and always trust; the expert answers
    from the cards it has not seen, claims with a card that truly sweeps and now and then bluffs."""

    mechanic = "fidasse"
    through_engine = True  # SB60: claims are read by the engine's search, not the styles
    principles = False  # SB60: the principles know no claims

    def answer(self, view: PlayerView) -> Play | None:
        return TRUST_PLAY if answering(view) else None

    def keep(self, legal: list, scores: list[float]) -> tuple[list, list[float]]:
        """The plays that are not claims, with their scores (SB60: a level that never claims)."""
        kept = [(p, s) for p, s in zip(legal, scores) if type(p) is not Claim]
        return [p for p, _ in kept], [s for _, s in kept]

    def expert_answer(self, view: PlayerView, k: Knowledge) -> list[float] | None:
        return answer_scores(view, k) if answering(view) else None

    def expert_scores(self, view: PlayerView, scores: list[float]) -> list[float]:
        return claim_scores(view, scores)  # SB60: a claim as the scopa it makes, or a bluff

    def asks(self, view: PlayerView) -> bool:
        return answering(view)  # SB61

    def candidates(self, view: PlayerView, k: Knowledge, scores: Sequence[float], order: Sequence[int]) -> Sequence[int]:
        return candidates(view, k, scores)  # SB60: no hopeless bluff

    def expert_choose(self, view: PlayerView, k: Knowledge, scores: Sequence[float],
                      rng: random.Random) -> Play | None:
        return None if answering(view) else bluff(view, k, scores, rng)

    def rollout_asks(self, legal: Sequence) -> bool:
        return type(legal[0]) is Answer  # SB61: the answer step

    def rollout_answer(self, m: Match, k: Knowledge) -> Answer:
        return rollout_answer(m, k)

    def honest(self, legal: list) -> list:
        return [p for p in legal if type(p) is not Claim]  # SB60: a random play, no bluff


FIDASSE_PART = FidassePart()
PART = FIDASSE_PART  # found by the package (`scopa_ai.parts`), not listed by hand
