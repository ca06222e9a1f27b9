"""Knock-out tournaments of the online rooms (RULES §5 [001]): a bracket of 2 to 64 entrants.

- Seats at round one are drawn at random (the tournament's seeded generator). The bracket is
  padded to the next power of two; the missing players are **byes**, drawn at random among the
  first-round tables, at most one per table, so only first-round players get a bye and nobody gets
  more than one bye more than anyone else.
- Afterwards the winner of table 1 meets the winner of table 2, table 3 meets table 4, and so on.
- Places: winner 1st, runner-up 2nd, then equal places by the round of elimination (3rd–4th,
  5th–8th …; fewer when byes left a round short). Points scored in the tournament only order the
  equal places for display, as the rooms do.
- A table seats two sides: each entrant plays one side (in team variants its partners are
  computers of its level; a person's partners are `partner_level`). Variants of three or more sides
  cannot be played as a knock-out and are refused.
- Perfect tie (`decide`): the side that made the last game action loses.

Every match's seed is drawn when the tournament is made, so a tournament replays from its seed
whatever order its matches are played in. Computer-only matches are simulated here (`simulate`);
a match with a person is played at the table and its result reported (`report`).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any, Sequence

from .clock import ClockConfig
from .errors import is_whole
from scopa.errors import ScopaError
from scopa.inputs import brief
from scopa.loop import hands_dealt, play_match
from scopa.rules import PRESETS, PRESETS_REVISION, RuleSet, options_as_of, rules_for
from scopa.state import Match

FORMAT = "settebello-tournament/1"
MIN_ENTRANTS, MAX_ENTRANTS = 2, 64
MAX_HANDS = 200  # a simulated match still level after this many hands is decided as a perfect tie


_IDENT = re.compile(r"[0-9a-f]{16}")


def _ident_of(variant: Any, options: Any, entrants: Any, seed: Any) -> str:
    """A tournament's short id from its draw (variant, options, entrants, seed)."""
    text = json.dumps([variant, options, entrants, seed], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


class TournamentError(ScopaError):
    """A tournament request that cannot be done, with the reason."""


def decide(totals: Sequence[int], last_side: int | None, winner: int | None = None) -> int:
    """The side that goes through: `winner` if the match named one, else the higher total; in a
    perfect tie the side that made the last game action (`last_side`) loses (RULES §5)."""
    if len(totals) != 2:
        raise TournamentError("a knock-out table has exactly two sides")
    if winner is not None:
        if winner not in (0, 1):
            raise TournamentError(f"the winner must be side 0 or 1, not {brief(winner)}")
        return winner
    if totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    if last_side not in (0, 1):
        raise TournamentError("a perfect tie needs the side that made the last game action")
    return 1 - last_side


def _level_names() -> dict[str, str]:
    from scopa_ai import LEVELS
    return {lvl: lvl.title() for lvl in LEVELS}


def _check_entrants(entrants: Any) -> list[dict[str, Any]]:
    """Entrants as {kind: "human", name} or {kind: "computer", level, name?}; unique names."""
    levels = _level_names()
    if not isinstance(entrants, list) or not MIN_ENTRANTS <= len(entrants) <= MAX_ENTRANTS:
        count = len(entrants) if isinstance(entrants, list) else "no list of"
        raise TournamentError(f"a knock-out needs {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants, not {count}",
                              reason="entrants.count", low=MIN_ENTRANTS, high=MAX_ENTRANTS)
    clean: list[dict[str, Any]] = []
    for i, e in enumerate(entrants):
        if not isinstance(e, dict):
            raise TournamentError(f"entrant {i + 1} must be an object, not {brief(e)}",
                                  reason="entrant.type", entrant=i + 1)
        human = e.get("human", False)
        if "kind" not in e and not isinstance(human, bool):
            raise TournamentError(f"entrant {i + 1}: 'human' must be true or false, not {brief(human)}",
                                  reason="entrant.kind", entrant=i + 1)
        kind = e.get("kind", "human" if human else "computer")
        name = e.get("name")
        if name is not None and not isinstance(name, str):
            raise TournamentError(f"entrant {i + 1}: the name must be text, not {brief(name)}",
                                  reason="entrant.name", entrant=i + 1)
        name = (name or "").strip()[:24]
        if kind == "human":
            entry = {"kind": "human", "level": None, "name": name or f"Player {i + 1}"}
        elif kind == "computer":
            level = e.get("level")
            if not isinstance(level, str) or level not in levels:  # a list or object is no level (and unhashable)
                raise TournamentError(f"entrant {i + 1}: unknown level {brief(level)}; the levels are: "
                                      f"{', '.join(levels)}", reason="entrant.level", entrant=i + 1)
            entry = {"kind": "computer", "level": level, "name": name or levels[level]}
        else:
            raise TournamentError(f"entrant {i + 1}: kind must be 'human' or 'computer', not {brief(kind)}",
                                  reason="entrant.kind", entrant=i + 1)
        clean.append(entry)
    counts: dict[str, int] = {}
    for entry in clean:
        counts[entry["name"]] = counts.get(entry["name"], 0) + 1
    taken = {name for name, count in counts.items() if count == 1}
    numbers: dict[str, int] = {}
    for entry in clean:  # the same name twice ("Expert", "Expert") becomes "Expert 1", "Expert 2"
        base = entry["name"]
        if counts[base] == 1:
            continue
        while True:
            numbers[base] = numbers.get(base, 0) + 1
            name = f"{base} {numbers[base]}"
            if name not in taken:
                break
        entry["name"] = name
        taken.add(name)
    return clean


def _table(a: int | None, b: int | None, seed: int) -> dict[str, Any]:
    return {"a": a, "b": b, "seed": seed, "winner": None, "totals": None, "forfeit": None,
            "bye": False, "hands": 0, "record": None}


class Tournament:
    """One knock-out: entrants, the bracket (rounds of tables) and the results so far."""

    def __init__(self, variant: str, options: dict[str, Any] | None, entrants: list[dict[str, Any]],
                 seed: int, partner_level: str = "expert", clock: Any = None):
        """Draw the first-round seats and the byes with `random.Random(seed)` (see the module doc);
        `clock` (ClockConfig.parse: "off", "standard" or settings) times the persons' matches."""
        if not is_whole(seed):
            raise TournamentError(f"the seed must be a whole number, not {brief(seed)}", reason="seed")
        if options is not None and not isinstance(options, dict):
            raise TournamentError("the tournament's options must be an object")
        options = dict(options or {})
        self.rules = self._two_sided(variant, options)
        if not isinstance(partner_level, str) or partner_level not in _level_names():
            raise TournamentError(f"unknown partner level {brief(partner_level)}")
        self.variant, self.options, self.seed, self.partner_level = variant, options, seed, partner_level
        self._ident: str | None = None  # set by from_json: a saved tournament's id as it was made
        parsed = ClockConfig.parse(clock)
        self.clock = None if parsed is None else parsed.to_json()
        self.entrants = _check_entrants(entrants)
        n = len(self.entrants)
        size = 1
        while size < n:
            size *= 2
        rng = random.Random(seed)
        order = list(range(n))
        rng.shuffle(order)
        byes = set(rng.sample(range(size // 2), size - n))
        seeds = [rng.randrange(2**31) for _ in range(size - 1)]
        self.rounds: list[list[dict[str, Any]]] = []
        first, it = [], iter(order)
        for t in range(size // 2):
            if t in byes:
                table = _table(next(it), None, seeds.pop())
                table.update(bye=True, winner=table["a"])
            else:
                table = _table(next(it), next(it), seeds.pop())
            first.append(table)
        self.rounds.append(first)
        width = size // 4
        while width >= 1:
            self.rounds.append([_table(None, None, seeds.pop()) for _ in range(width)])
            width //= 2
        self._advance()

    @staticmethod
    def _two_sided(variant: Any, options: dict[str, Any]) -> RuleSet:
        if not isinstance(variant, str) or variant not in PRESETS:
            raise TournamentError(f"unknown variant {brief(variant)}; the variants are: {', '.join(PRESETS)}")
        rules = rules_for(variant, options)
        if rules.sides != 2:
            raise TournamentError(f"a knock-out table seats two sides, and {PRESETS[variant].name} "
                                  f"with these options has {rules.sides}")
        return rules

    # -- the bracket ----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Move every decided winner into its next-round slot (table t feeds table t // 2)."""
        for r in range(len(self.rounds) - 1):
            for t, table in enumerate(self.rounds[r]):
                if table["winner"] is not None:
                    self.rounds[r + 1][t // 2]["a" if t % 2 == 0 else "b"] = table["winner"]

    def table(self, round_index: int, table_index: int) -> dict[str, Any]:
        """A table of the bracket, by 0-based round and table; TournamentError if none."""
        if not (isinstance(round_index, int) and 0 <= round_index < len(self.rounds)):
            raise TournamentError(f"no round {brief(round_index)}: rounds are 0 to {len(self.rounds) - 1}")
        tables = self.rounds[round_index]
        if not (isinstance(table_index, int) and 0 <= table_index < len(tables)):
            raise TournamentError(f"round {round_index + 1} has tables 0 to {len(tables) - 1}, "
                                  f"not {brief(table_index)}")
        return tables[table_index]

    def ready(self) -> list[tuple[int, int]]:
        """Tables whose two entrants are known and whose match is not played, bracket order."""
        return [(r, t) for r, tables in enumerate(self.rounds) for t, tb in enumerate(tables)
                if tb["winner"] is None and tb["a"] is not None and tb["b"] is not None]

    def has_person(self, round_index: int, table_index: int) -> bool:
        """Whether a person plays at that table (so it is played at the table, not simulated)."""
        tb = self.table(round_index, table_index)
        return any(e is not None and self.entrants[e]["kind"] == "human" for e in (tb["a"], tb["b"]))

    def next_table(self) -> tuple[int, int] | None:
        """The next match to play: the first ready table in bracket order (None when finished)."""
        ready = self.ready()
        return ready[0] if ready else None

    @property
    def finished(self) -> bool:
        """Whether the final has been played."""
        return self.rounds[-1][0]["winner"] is not None

    @property
    def champion(self) -> int | None:
        """The winning entrant's index, once the final is played."""
        return self.rounds[-1][0]["winner"]

    # -- matches --------------------------------------------------------------------------------
    def match_config(self, round_index: int, table_index: int) -> dict[str, Any]:
        """The new-game settings of a table's match (Session.new_game): entrant a on side 0."""
        tb = self.table(round_index, table_index)
        if tb["a"] is None or tb["b"] is None:
            raise TournamentError("that table's players are not known yet")
        seats = []
        for seat in range(self.rules.players):
            side = seat % 2
            entrant = self.entrants[tb["a"] if side == 0 else tb["b"]]
            if seat < 2:
                if entrant["kind"] == "human":
                    seats.append({"human": True, "name": entrant["name"]})
                else:
                    seats.append({"human": False, "level": entrant["level"], "name": entrant["name"]})
            else:
                level = entrant["level"] or self.partner_level
                seats.append({"human": False, "level": level,
                              "name": f"{entrant['name']} ({seat // 2 + 1})"[:24]})
        return {"variant": self.variant, "options": dict(self.options), "seed": tb["seed"], "seats": seats,
                "clock": None if self.clock is None else dict(self.clock)}

    def report(self, round_index: int, table_index: int, totals: Sequence[int], winner: int | None = None,
               last_side: int | None = None, forfeit: int | None = None, hands: int = 0,
               record: dict[str, Any] | None = None) -> int:
        """Enter a table's result (side 0 is entrant a); returns the entrant who goes through.

        `winner` is the side the match named (None if level: then `decide` applies the perfect-tie
        rule with `last_side`); `forfeit` the side that lost on time. Nothing changes on an error.
        """
        tb = self.table(round_index, table_index)
        if tb["winner"] is not None:
            raise TournamentError("that table's match has already been decided")
        if tb["a"] is None or tb["b"] is None:
            raise TournamentError("that table's players are not known yet")
        if (not isinstance(totals, (list, tuple)) or len(totals) != 2
                or not all(is_whole(x) for x in totals)):
            raise TournamentError("a result needs both sides' totals as whole numbers")
        if not is_whole(hands) or hands < 0:
            raise TournamentError(f"a result's hands must be a whole number, not {brief(hands)}")
        if forfeit is not None:
            if forfeit not in (0, 1):
                raise TournamentError(f"the side that forfeited must be 0 or 1, not {brief(forfeit)}")
            winner = 1 - forfeit
        side = decide(totals, last_side, winner)
        tb.update(winner=tb["a"] if side == 0 else tb["b"], totals=list(totals), forfeit=forfeit,
                  hands=hands, record=record)
        self._advance()
        return tb["winner"]

    def simulate(self, round_index: int, table_index: int) -> dict[str, Any]:
        """Play a computer-only table's match with the AI levels and enter its result."""
        from scopa_ai import seat_players
        from scopa.record import to_record

        if self.has_person(round_index, table_index):
            raise TournamentError("a person plays at that table: play the match at the table")
        config = self.match_config(round_index, table_index)
        seed = config["seed"]
        names = [s["name"] for s in config["seats"]]
        match = Match.new(self.rules, random.Random(seed), names)
        players = seat_players([s["level"] for s in config["seats"]], seed)
        last_side = None
        for turn in play_match(match, players, MAX_HANDS):
            last_side = turn.seat % 2
        self.report(round_index, table_index, list(match.totals), match.winner, last_side,
                    hands=hands_dealt(match), record=to_record(match, self.variant))
        return self.table(round_index, table_index)

    def simulate_until_person(self) -> list[tuple[int, int]]:
        """Simulate the next matches in bracket order while they are computer-only: stop when a
        person's match is next or the tournament is over; returns the tables simulated."""
        done = []
        nxt = self.next_table()
        while nxt is not None and not self.has_person(*nxt):
            self.simulate(*nxt)
            done.append(nxt)
            nxt = self.next_table()
        return done

    @property
    def ident(self) -> str:
        """A short id of this tournament (its draw): statistics count each tournament once."""
        if self._ident is not None:
            return self._ident  # a saved tournament keeps its id whatever its options became
        return _ident_of(self.variant, self.options, self.entrants, self.seed)

    # -- places ---------------------------------------------------------------------------------
    def points(self, entrant: int) -> int:
        """Points the entrant's side scored over all its matches (orders equal places only)."""
        total = 0
        for tables in self.rounds:
            for tb in tables:
                if tb["totals"] is not None and entrant in (tb["a"], tb["b"]):
                    total += tb["totals"][0 if tb["a"] == entrant else 1]
        return total

    def standings(self) -> list[dict[str, Any]]:
        """Every entrant's place so far: {entrant, name, place, place_to, out_round, points}.

        Those still in have place None; equal places share `place`..`place_to`, ordered by points.
        """
        rows = []
        size = 2 ** len(self.rounds)
        for r, tables in enumerate(self.rounds):
            survivors = size // 2 ** (r + 1)
            losers = [(tb["b"] if tb["winner"] == tb["a"] else tb["a"]) for tb in tables
                      if tb["winner"] is not None and not tb["bye"]]
            out_in_round = sum(1 for tb in tables if not tb["bye"])
            for e in losers:
                rows.append({"entrant": e, "place": survivors + 1, "place_to": survivors + out_in_round,
                             "out_round": r})
        if self.finished:
            rows.append({"entrant": self.champion, "place": 1, "place_to": 1, "out_round": None})
        placed = {row["entrant"] for row in rows}
        rows += [{"entrant": e, "place": None, "place_to": None, "out_round": None}
                 for e in range(len(self.entrants)) if e not in placed]
        for row in rows:
            row["name"] = self.entrants[row["entrant"]]["name"]
            row["points"] = self.points(row["entrant"])
        rows.sort(key=lambda x: (x["place"] is not None, x["place"] or 0, -x["points"], x["name"]))
        return rows

    # -- saving ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole tournament, JSON-able (it survives a reload)."""
        return {"format": FORMAT, "variant": self.variant, "options": dict(self.options), "seed": self.seed,
                "rules_revision": PRESETS_REVISION, "ident": self.ident, "partner_level": self.partner_level, "clock": self.clock,
                "entrants": [dict(e) for e in self.entrants],
                "rounds": [[dict(tb) for tb in tables] for tables in self.rounds]}

    @classmethod
    def from_json(cls, data: Any) -> "Tournament":
        """Rebuild a saved tournament: the bracket is drawn again from its seed and the saved
        results are entered through `report`, so a damaged save is refused, never half-loaded."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise TournamentError("this is not a saved Settebello tournament")
        try:
            options = data.get("options")
            if isinstance(data["variant"], str) and data["variant"] in PRESETS and isinstance(options, (dict, type(None))):
                # a tournament saved before its preset changed plays on as it was (rules.PRESETS_PAST)
                options = options_as_of(data["variant"], options or {}, data.get("rules_revision", 1))
            t = cls(data["variant"], options, data["entrants"], data["seed"],
                    data.get("partner_level", "expert"), data.get("clock"))
            # its id as it was made (statistics and a saved match's link name it so), even when an
            # older revision's options were written out above
            ident = data.get("ident")
            t._ident = ident if isinstance(ident, str) and _IDENT.fullmatch(ident) else \
                _ident_of(data["variant"], data.get("options") or {}, data["entrants"], data["seed"])
            rounds = data["rounds"]
            if not isinstance(rounds, list) or len(rounds) != len(t.rounds):
                raise TournamentError("the saved tournament's bracket has the wrong number of rounds")
            for r, tables in enumerate(rounds):
                if not isinstance(tables, list) or len(tables) != len(t.rounds[r]):
                    raise TournamentError(f"round {r + 1} of the saved tournament has the wrong tables")
                for i, tb in enumerate(tables):
                    mine = t.rounds[r][i]
                    if mine["bye"] or not isinstance(tb, dict) or tb.get("winner") is None:
                        continue
                    if (tb.get("a"), tb.get("b")) != (mine["a"], mine["b"]):
                        raise TournamentError(f"round {r + 1}, table {i + 1} of the save does not "
                                              "match its draw")
                    if tb["winner"] not in (mine["a"], mine["b"]):
                        raise TournamentError(f"round {r + 1}, table {i + 1}: the saved winner "
                                              "did not play there")
                    side = 0 if tb["winner"] == mine["a"] else 1
                    went = t.report(r, i, tb["totals"], side, forfeit=tb.get("forfeit"),
                                    hands=tb.get("hands", 0), record=tb.get("record"))
                    if went != tb["winner"]:
                        raise TournamentError(f"round {r + 1}, table {i + 1}: the saved forfeit "
                                              "contradicts the saved winner")
        except (KeyError, TypeError) as err:
            raise TournamentError(f"the saved tournament is incomplete ({err})") from None
        except ScopaError as err:
            if isinstance(err, TournamentError):
                raise
            raise TournamentError(f"the saved tournament is damaged: {err}") from None
        return t

    # -- what the page shows ----------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The bracket as the page draws it, the standings, and the next match."""
        names = [e["name"] for e in self.entrants]

        def who(e: int | None) -> dict[str, Any] | None:
            return None if e is None else {"entrant": e, "name": names[e], **{
                k: self.entrants[e][k] for k in ("kind", "level")}}

        nxt = self.next_table()
        return {
            "variant": self.variant, "options": dict(self.options), "seed": self.seed, "clock": self.clock,
            "entrants": [dict(e) for e in self.entrants],
            "rounds": [[{"round": r, "table": t, "a": who(tb["a"]), "b": who(tb["b"]), "bye": tb["bye"],
                         "winner": tb["winner"], "totals": tb["totals"], "forfeit": tb["forfeit"],
                         "person": self.has_person(r, t), "watchable": tb["record"] is not None}
                        for t, tb in enumerate(tables)] for r, tables in enumerate(self.rounds)],
            "standings": self.standings(),
            "next": None if nxt is None else {"round": nxt[0], "table": nxt[1],
                                              "person": self.has_person(*nxt)},
            "finished": self.finished,
            "champion": who(self.champion),
        }
