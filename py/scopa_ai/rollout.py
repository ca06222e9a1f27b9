"""The master's simulations: a hand played to its end by a fast rule policy, on a copied state.

`playout` follows the engine's rules for a play, a scopa, a new round of dealing and the last
capture (R2, R4–R6, S5, SB6; the capture options come from the engine's own cached `CaptureRule`,
what a sweep is from its `scopa_kind`) and
scores the finished hand with the engine's count (`hand_totals`: `score_hand`'s totals), but skips what only a real game needs
(events, records, checks): it is the inner loop of the master's search.
tests/unit/test_ai.py replays its plays through `Match.apply` and checks the same hand result.

The policy: the worth taken now (scopa included), minus a scopa left to the next player, minus a
share of the worth of a card laid; with a small chance `eps` of any legal play. With `fair` (the
master's default) the scopa left is weighed by the chance that the next player holds a card to
make it, counted from the cards the mover cannot see, as the expert does; without it the policy
looks at the next player's cards of the determinisation, which no real player can. (Weighing everything the next player could take instead of
the scopa alone was measured no stronger, benchmarks/ai_results.md, and is not kept.)
It knows loose table cards only: with builds (SB30) the master plays out a hand
with `playout_legal`, through the engine itself. It plays the 40 cards and the 52 (SB37, SB38: a
court takes only a court, as the engine's `CaptureRule` says); the 80 cards' twins and the sweeps
of other worth a mechanic adds (SB41, SB42) go through the engine (`by_engine`).
The master may fix the next seat's first play (`reply`: its model of that player's answer) and
give each seat its own chance `eps` of a random play (its model of how often that player errs).
"""

from __future__ import annotations

import random
from bisect import insort
from math import comb
from typing import Sequence

from scopa.captures import SCOPA, TRADIZIONALE, scopa_kind
from scopa.cards import VALUE, VALUES, Card
from scopa.rules import RuleSet
from scopa.mechanics import judge_sweep, special_sweeps
from scopa.scoring import hand_totals
from scopa.state import Match, Play
from .heuristics import Knowledge
from .pushed import pushed_playout
from .parts import asked, overriding, owner, parts


def playout(m: Match, card: Card, presa: tuple[Card, ...], k: Knowledge, rng: random.Random,
            eps: float | Sequence[float], record: list | None = None,
            reply: tuple[Card, tuple[Card, ...]] | None = None,
            fair: bool = False, kinds: Sequence[int] | None = None, sums: bool = False,
            declares: bool = True) -> tuple[int, ...]:
    """Play (card, presa) for the seat to move of `m` (a clone: it is used up), then the policy
    for everyone to the end of the hand; the hand's points per side. `eps` is the chance of a
    random play, one for all or one per seat. `reply`, if given, is the next seat's play (it must
    be legal for it, before any new round is dealt). `record` gets every play. `kinds`, per seat,
    is how that seat plays (styles.py): careful (0) the policy, greedy (1) the policy without the
    scopa it leaves, novice (2) the most cards with noise. `sums`: with steals by sum (Rubamazzo a
    somme, SB22), the danger to a pile counts the sums that take its top and the last round is
    played exactly (steals.steal_playout). `declares`: whether the seat to move makes its hand's
    declarations with this play (SB14: it may keep them hidden); every later one is counted made."""
    rules = m.rules
    for part in parts(rules):
        played = part.playout(m, card, presa, k, rng, eps, record, reply, sums)  # its own hands (SB20)
        if played is not None:
            return played
    if by_engine(rules):
        return engine_playout(m, card, presa, k, rng, eps, record, reply)
    n = m.n
    eps_of = tuple(eps) if isinstance(eps, (tuple, list)) else (eps,) * n
    side_of = m.side_of
    hands = m.hands
    table = m.table
    mazzo = m.mazzo
    prese = m.prese
    scope = m.scope
    tradizionali = m.tradizionali
    # SB6: where the rules tell a traditional scopa apart, what a sweep is depends on the cards.
    judged = k.judged
    judging = k.judges  # empty where every sweep is a scopa
    tradizionale_worth = k.tradizionale
    positions = m.capture_rule.positions
    sweep_cache = _SWEEPERS.setdefault((id(m.capture_rule), judging), {})  # (judged by these mechanics)
    hand_size = rules.hand_size
    misere = rules.misere
    ace_no_scopa = rules.ace_takes_all and not rules.ace_scopa
    worth = k.worth
    scopa_worth = k.scopa
    last_capturer = m.last_capturer
    dealer = m.dealer
    seat = m.turn
    fixed = asked(rules, "fixed_points", m, declares)  # SB10: the declarations' points
    hidden = None
    if fair:
        hidden = [0] * 14
        for h in hands:
            for c in h:
                hidden[VALUE[c]] += 1
        for c in mazzo:
            hidden[VALUE[c]] += 1
    while True:
        if record is not None:
            record.append((card, presa))
        hands[seat].remove(card)
        if hidden is not None:
            hidden[VALUE[card]] -= 1
        nxt = (seat + 1) % n
        last_play = not mazzo and not hands[nxt]
        if presa:
            for t in presa:
                table.remove(t)
            pile = prese[side_of[seat]]
            pile.append(card)
            pile.extend(presa)
            last_capturer = seat
            if not table and not last_play:
                if judged:
                    kind = scopa_kind(rules, card, presa)
                    if kind == SCOPA:
                        scope[side_of[seat]] += 1
                    elif kind == TRADIZIONALE:
                        tradizionali[side_of[seat]] += 1
                elif not (ace_no_scopa and VALUE[card] == 1):
                    scope[side_of[seat]] += 1
        else:
            insort(table, card)
        seat = nxt
        if not hands[seat]:
            if not mazzo:
                break
            # R2: a new round, one card at a time from the player after the dealer.
            dealt = mazzo[: n * hand_size]
            del mazzo[: n * hand_size]
            first = dealer + 1
            for i, c in enumerate(dealt):
                hands[(first + i) % n].append(c)
            for h in hands:
                h.sort()
        if reply is not None:
            card, presa = reply
            reply = None
            continue
        # The policy for `seat`.
        hand = hands[seat]
        vals = [VALUE[t] for t in table]
        entry = positions(tuple(vals))
        e = eps_of[seat]
        if e and rng.random() < e:
            options = []
            for c in hand:
                opts = entry[VALUE[c]]
                if opts:
                    options.extend((c, tuple([table[i] for i in pos])) for pos in opts)
                else:
                    options.append((c, ()))
            card, presa = options[rng.randrange(len(options))] if len(options) > 1 else options[0]
            continue
        n_table = len(table)
        kind = kinds[seat] if kinds is not None else 0
        if kind == 2:
            # A novice: the most cards (a scopa counts two more), with noise (levels.BeginnerPlayer).
            best_s = -1e9
            no_scopa = not mazzo and sum(len(h) for h in hands) == 1
            for c in hand:
                opts = entry[VALUE[c]]
                if not opts:
                    s = rng.random() * _NOISE
                    if s > best_s:
                        best_s, card, presa = s, c, ()
                    continue
                for pos in opts:
                    s = len(pos) + 1.0
                    if len(pos) == n_table and not no_scopa and not (ace_no_scopa and VALUE[c] == 1):
                        if not judged:
                            s += 2.0 if scopa_worth > 0 else -2.0
                        else:  # SB6: a scopa, a traditional one (a cost) or a 7 on a 7 (nothing)
                            sweep = _sweep(rules, c, table, pos, scopa_worth, tradizionale_worth)
                            if abs(sweep) > 0.5:
                                s += 2.0 if sweep > 0 else -2.0
                    if misere:
                        s = -s
                    s += rng.random() * _NOISE
                    if s > best_s:
                        best_s, card, presa = s, c, tuple([table[i] for i in pos])
            continue
        after = (seat + 1) % n
        if kind == 1:
            threat = ()
        elif hidden is not None:
            h_next = len(hands[after]) or (hand_size if mazzo else 0)
            threat = ()
            if h_next:
                unseen = hidden[:]
                for c in hand:
                    unseen[VALUE[c]] -= 1
                total = sum(unseen)
                threat = _ALL_VALUES  # each sweep weighed below by the chance it is held
        else:
            threat = {VALUE[c] for c in hands[after]}  # empty when a new round is dealt first
        in_hands = sum(len(h) for h in hands)
        last = not mazzo and in_hands == 1
        best_s = -1e9
        card = presa = None
        for c in hand:
            opts = entry[VALUE[c]]
            if not opts:
                s = -0.5 * abs(worth[c])
                if threat and not last:
                    rest = tuple(sorted(vals + [VALUE[c]]))
                    sw = _sweepers(positions, rest, sweep_cache, judging, rules)
                    if not threat.isdisjoint(sw):
                        s -= scopa_worth if hidden is None else scopa_worth * _p_any(unseen, sw, total, h_next)
                if s > best_s:
                    best_s, card, presa = s, c, ()
                continue
            for pos in opts:
                s = worth[c] + 0.01 * len(pos)
                for i in pos:
                    s += worth[table[i]]
                if len(pos) == n_table:
                    if not last and not (ace_no_scopa and VALUE[c] == 1):
                        s += scopa_worth if not judged else _sweep(rules, c, table, pos, scopa_worth,
                                                                   tradizionale_worth)
                elif threat and not last:
                    rest = tuple([vals[i] for i in range(n_table) if i not in pos])
                    sw = _sweepers(positions, rest, sweep_cache, judging, rules)
                    if not threat.isdisjoint(sw):
                        s -= scopa_worth if hidden is None else scopa_worth * _p_any(unseen, sw, total, h_next)
                if s > best_s:
                    best_s, card, presa = s, c, tuple([table[i] for i in pos])
    if table and last_capturer is not None:
        prese[side_of[last_capturer]].extend(table)  # R6
        table.clear()
    totals = hand_totals(rules, prese, scope, tradizionali)
    if fixed is not None:
        return tuple(t + a for t, a in zip(totals, fixed))
    return totals


def _sweep(rules: RuleSet, card: Card, table: Sequence[Card], pos: Sequence[int], scopa_worth: float,
           tradizionale_worth: float) -> float:
    """Where a traditional scopa is told apart (SB6): the worth of taking the whole table at `pos` with `card`."""
    kind = scopa_kind(rules, card, [table[i] for i in pos])
    return scopa_worth if kind == SCOPA else tradizionale_worth if kind == TRADIZIONALE else 0.0


def _p_any(unseen: list[int], values: frozenset[int], total: int, hand: int) -> float:
    """The chance that a hand of `hand` cards from `total` unseen ones holds one of `values`."""
    hit = sum(unseen[v] for v in values)
    if hit <= 0:
        return 0.0
    hand = min(hand, total)
    return 1.0 - comb(total - hit, hand) / comb(total, hand)


_ALL_VALUES = frozenset(VALUES)
# The novice's noise on its scores (levels.NOISE).
_NOISE = 1.5

# Per capture rule and the mechanics that judge its sweeps (SB6), per sorted table values: the card
# values that take the whole table for a scopa.
_SWEEPERS: dict[tuple[int, tuple], dict[tuple[int, ...], frozenset[int]]] = {}


def _sweepers(positions, rest: tuple[int, ...], cache: dict, judging: tuple = (), rules: RuleSet | None = None) -> frozenset[int]:
    """The values that sweep a table of these sorted values for a scopa (cached). With `judging`
    (the mechanics of `rules` that tell a traditional scopa apart, SB6), a sweep the engine judges
    no scopa (a traditional one, which costs the sweeper, or none at all) is no threat."""
    found = cache.get(rest)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        entry = positions(rest)
        full = len(rest)
        found = cache[rest] = frozenset(v for v in VALUES if any(len(p) == full for p in entry[v])
                                        and (not judging or judge_sweep(rules, v, rest, judging) == SCOPA))
    return found


def playout_legal(m: Match, first: Play, k: Knowledge, rng: random.Random, eps: float = 0.1,
                  guard: bool = True) -> tuple[int, ...]:
    """Play `first` on `m` (a clone: it is used up), then a policy for everyone to the end of the
    hand through the engine's own `legal_plays` and `push`; the hand's points per side. Slower
    than `playout`, but it knows every rule the engine knows: the master's rollouts with builds on
    the table (SB30–SB33) or claims (SB60–SB64; scopa_ai/engine_search.py). With `guard` (the
    master's) the policy is `guarded_choice`; without it, the first one's greedy policy: the capture
    worth most, else a mechanic's own play as its part scores it (`Part.greedy_worth`: a build),
    else the card worth least laid. A part's plays it never makes are not made (a claim: a true
    claim is the same scopa), with `guard` not even among its random plays, `eps` of them
    (`Part.honest`: no bluff); a mechanic's answer step is answered by its part
    (`Part.rollout_answer`: a claim's, as the expert would from the answering seat's view)."""
    worth = k.worth
    askers = overriding(m.rules, "rollout_asks")  # SB61: a mechanic's answer step
    honest = overriding(m.rules, "honest") if guard else ()  # SB60: no bluff
    ev = m.push(first)
    while ev.hand_result is None:
        legal = m.legal_plays()
        asker = next((part for part in askers if part.rollout_asks(legal)), None) if askers else None
        if asker is not None and rng.random() >= eps:
            ev = m.push(asker.rollout_answer(m, k))
            continue
        if len(legal) == 1 or rng.random() < eps:
            if honest and len(legal) > 1:
                for part in honest:
                    legal = part.honest(legal)  # a random play, but no bluff
            play = legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
        elif guard:
            play = guarded_choice(m, legal, k)
        else:
            play, best = legal[0], -1e9
            for p in legal:
                if p.presa:
                    s = worth[p.card] + sum(worth[c] for c in p.presa) + 0.01 * len(p.presa)
                elif type(p) is Play:
                    s = -0.5 * abs(worth[p.card])
                else:  # a mechanic's own play that takes nothing (a build), if its part makes it
                    part = owner(type(p))
                    own = part.greedy_worth(p, worth) if part is not None else None
                    if own is None:
                        continue
                    s = own
                if s > best:
                    play, best = p, s
        ev = m.push(play)
    return ev.hand_result.totals


def guarded_choice(m: Match, legal: Sequence, k: Knowledge) -> Play:
    """`playout_legal`'s policy with `guard`, for the seat to move of `m` (not an answer): the worth
    a capture takes, a sweep's included; less the scopa a play leaves to the next player (of the
    other side, as seats alternate), weighed by the chance that its hand holds a card that makes
    it, counted from the cards the mover cannot see (as `playout` does with `fair`), where no card
    of a mechanic's own stays on the table (`Part.stays`: a build, SB33); a lay costs half its
    card's worth; a mechanic's own play is worth what its part says (`Part.guarded_worth`: a build,
    SB30, SB31), or is not made (a claim, SB60: a true claim is the same scopa)."""
    worth = k.worth
    scopa = k.scopa
    seat = m.turn
    hands = m.hands
    n = m.n
    nxt = (seat + 1) % n
    table = m.table
    stayers = overriding(m.rules, "stays")
    mazzo = m.mazzo
    last = not mazzo and sum(len(h) for h in hands) == 1
    h_next = len(hands[nxt]) or (m.rules.hand_size if mazzo else 0)
    unseen = [0] * 14
    for s, h in enumerate(hands):
        if s != seat:
            for c in h:
                unseen[VALUE[c]] += 1
    for c in mazzo:
        unseen[VALUE[c]] += 1
    total = sum(unseen)
    positions = m.capture_rule.positions
    cache = _SWEEPERS.setdefault((id(m.capture_rule), 0), {})
    vals = [VALUE[t] for t in table]

    def p_next_holds(value: int) -> float:
        """The chance the next player holds a card of `value`."""
        return _p_any(unseen, frozenset((value,)), total, h_next) if h_next else 0.0

    play, best = legal[0], -1e9
    for p in legal:
        kind = type(p)
        if kind is not Play:
            part = owner(kind)
            own = part.guarded_worth(m, p, worth, p_next_holds) if part is not None else None
            if own is None:
                continue  # a play its part never makes in a rollout (a claim, SB60)
            s = own
        else:
            presa = p.presa
            c = p.card
            if presa:
                s = worth[c] + 0.01 * len(presa)
                for t in presa:
                    s += worth[t]
                left_own = any(part.stays(m, presa) for part in stayers) if stayers else False
                rest = [VALUE[t] for t in table if t not in presa]
            else:
                s = -0.5 * abs(worth[c])
                left_own = any(part.stays(m, ()) for part in stayers) if stayers else False
                rest = sorted(vals + [VALUE[c]])
            if not last and not left_own:
                if not rest:
                    if presa and scopa_kind(m.rules, c, presa) == SCOPA:
                        s += scopa
                elif h_next:
                    sw = _sweepers(positions, tuple(rest), cache)
                    if sw:
                        s -= scopa * _p_any(unseen, sw, total, h_next)
        if s > best:
            play, best = p, s
    return play


# The decks the fast playout plays: each card one of a kind. The 52 cards' courts (SB38) take only
# a court of their rank, which the engine's `CaptureRule` says for the fast playout too; that a
# court may also decline to take is a play its policy never makes, as a player seldom would.
FAST_DECKS = (40, 52)


def by_engine(rules: RuleSet) -> bool:
    """Whether a rollout must play through the engine: where what a card takes depends on which
    copy it is (the 80 cards' twins, SB42) or a sweep is worth other points (SB41), which the
    fast playout does not know. (Cicera's 52 cards went through the engine until its master was
    found no stronger than the expert: the engine rollout's greedy policy leaves sweeps a careful
    player would not, and a hand of 48 plays so played was mostly noise; benchmarks/ai_results.md.)"""
    return rules.deck not in FAST_DECKS or bool(special_sweeps(rules))


def engine_playout(m: Match, card: Card, presa: tuple[Card, ...], k: Knowledge, rng: random.Random,
                   eps: float | Sequence[float], record: list | None = None,
                   reply: tuple[Card, tuple[Card, ...]] | None = None) -> tuple[int, ...]:
    """`playout` through the engine's own `legal_plays` and `push` (see `by_engine`): the policy
    takes what is worth most now, the sweep's own worth included, else lays the card worth least;
    `eps` is the chance of a random play. The hand's points per side."""
    w = k.worth

    def score(m: Match, p: Play) -> float:
        if not p.presa:
            return -0.5 * abs(w[p.card])
        last = not m.mazzo and sum(len(h) for h in m.hands) == 1
        return k.gain(p, len(m.table), last) + 0.01 * len(p.presa)

    return pushed_playout(m, card, presa, rng, eps, score, record, reply)
