"""The tables a rule set may be played at (O1 players and teams, O2 the deal that goes with them).

A preset names one table (Escoba: two players); RULES §3 lets every preset be played by 2 to 6
in the seatings of O1. `tables(rules)` lists them all, each with the deal it is played with, so
the page offers only tables the engine plays and sends their options back unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import RuleError
from .rules import RuleSet, implied

# O1: how each number of players may sit, the usual first: 3 each alone, 4 in two pairs or each
# alone, 6 in three pairs or two triples. Five each alone, as O2 deals them a table of 5.
SEATINGS: dict[int, tuple[str, ...]] = {2: ("none",), 3: ("none",), 4: ("pairs", "none"), 5: ("none",),
                                        6: ("pairs", "triples")}

# O2: the deals RULES names for each number of players, as (cards per hand, cards on the table),
# most usual first. 5 players: 7 each and 5 on the table ([002], Scopa a non prendere).
DEALS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((3, 4), (6, 4), (9, 4), (18, 4)),
    3: ((3, 4), (6, 4)),
    4: ((3, 4), (9, 4), (10, 0)),
    5: ((7, 5),),
    6: ((3, 4), (6, 4)),
}

# The options that make a table: what `seat` may change.
TABLE_KEYS = ("players", "teams", "hand_size", "table_cards")


def seating(rules: RuleSet) -> str:
    """The name of the table these rules sit at, as the page names it: "4/pairs"."""
    return f"{rules.players}/{rules.teams}"


def _fits(rules: RuleSet) -> bool:
    try:
        rules.validate()
    except RuleError:
        return False
    return True


def seat(rules: RuleSet, players: int, teams: str) -> RuleSet:
    """These rules at a table of `players` sitting `teams` (O1), or RuleError saying why not.

    SB1 (settled here, RULES is silent): the rule set's own deal is kept when it shares out its deck
    cards for that many players; otherwise the deal of O2 for that many players whose hand is
    nearest the rule set's (the first on a tie). So Scopone for 3 deals 6 each, Scopa for 5 deals
    7 each with 5 on the table, and Scopone a dieci for 2 stays all ten cards each.
    SB70: with misère (O12) every deal gives out all the cards: the hand follows from the table
    cards (the rule set's own, then those of O2's deals), so Scopa a non prendere for 2 deals 20 each.
    """
    if teams not in SEATINGS.get(players, ()):
        raise RuleError(f"{players!r} players cannot sit {teams!r}: the tables are "
                        + "; ".join(f"{n} {' or '.join(ts)}" for n, ts in SEATINGS.items()),
                        reason="table")
    candidates = [replace(rules, players=players, teams=teams)] + [
        replace(rules, players=players, teams=teams, hand_size=hand, table_cards=table)
        for hand, table in sorted(DEALS[players], key=lambda d: abs(d[0] - rules.hand_size))]
    for candidate in candidates:
        candidate = implied(candidate)  # SB70: misère's hand is the deck less the table, shared
        if _fits(candidate):
            return candidate
    raise RuleError(f"no deal of RULES O2 seats {players} players with these rules", reason="table")


def tables(rules: RuleSet) -> list[RuleSet]:
    """Every table these rules may be played at: the rule set's own first, then by players and
    seating (each alone before pairs before triples)."""
    out = [rules]
    for players, seatings in SEATINGS.items():
        for teams in seatings:
            if (players, teams) == (rules.players, rules.teams):
                continue
            try:
                out.append(seat(rules, players, teams))
            except RuleError:
                continue
    return out
