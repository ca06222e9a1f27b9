"""The tournament desk: the knock-out being played on this device and the table the match is for.

`TournamentDesk` holds the `Tournament` (settebello/tournament.py), the `link` of the match at
the table ({round, table, ident}) and a restored match's link until its tournament is loaded (the
page may restore them in either order). It never reads the session: the session hands it the
finished match and the forfeit, and asks it for the settings of a person's tournament match.
"""

from __future__ import annotations

import random
from typing import Any

from scopa.state import Match

from .clock import ClockConfig
from .errors import SessionError, is_whole
from .tournament import Tournament


class TournamentDesk:
    """The tournament of this device (or none) and the table the current match is played for."""

    def __init__(self) -> None:
        """No tournament yet."""
        self.tournament: Tournament | None = None
        self.link: dict[str, Any] | None = None  # {"round", "table", "ident"(, "reported")}
        self.pending_link: dict[str, Any] | None = None  # a restored match's, until its tournament loads

    def need(self) -> Tournament:
        """The tournament, or a refusal when there is none."""
        if self.tournament is None:
            raise SessionError("no tournament: start one first")
        return self.tournament

    def playing(self) -> dict[str, Any] | None:
        """The table the current match is played for, if any (for the game's view)."""
        return None if self.link is None else dict(self.link)

    # -- a person's match -------------------------------------------------------------------------
    def check_link(self, config: dict[str, Any]) -> dict[str, Any] | None:
        """The tournament table a new game is played for ("tournament": {round, table, ident}, as
        `match_config` gives it); the game's settings must be that table's. SessionError if not."""
        link = config.get("tournament")
        if link is None:
            return None
        t = self.tournament
        if not isinstance(link, dict) or t is None or link.get("ident") != t.ident:
            raise SessionError("that tournament is not the one loaded: open the tournament again")
        r, i = link.get("round"), link.get("table")
        expected = t.match_config(r, i)
        if not t.has_person(r, i) or t.table(r, i)["winner"] is not None:
            raise SessionError("that tournament match is not waiting to be played at the table")
        mine = {k: v for k, v in config.items() if k != "tournament"}
        if ClockConfig.parse(mine.get("clock")) != ClockConfig.parse(expected.get("clock")):
            raise SessionError("a tournament match keeps the tournament's clock")
        if any(mine.get(k) != expected[k] for k in ("variant", "options", "seed", "seats")):
            raise SessionError("a tournament match keeps the tournament's settings")
        return {"round": r, "table": i, "ident": t.ident}

    def start_match(self, link: dict[str, Any] | None) -> None:
        """A new match at the table, played for `link` (or as a friendly)."""
        self.link, self.pending_link = link, None

    def report(self, match: Match, forfeit: dict[str, Any] | None) -> None:
        """Enter a finished tournament match's result into the bracket (once)."""
        link, t = self.link, self.tournament
        if link is None or t is None or link.get("ident") != t.ident:
            return
        if t.table(link["round"], link["table"])["winner"] is not None:
            return
        totals = list(match.totals)
        if forfeit is not None:
            t.report(link["round"], link["table"], totals, forfeit=forfeit["side"], hands=len(match.results))
        elif match.phase == "over":
            t.report(link["round"], link["table"], totals, match.winner, hands=len(match.results))
        else:
            return
        link["reported"] = True

    def match_config(self, arg: Any) -> dict[str, Any]:
        """The new-game settings of a person's tournament match ({round, table}, default the next
        one), with its "tournament" link: the page starts it like any game (new_game)."""
        t = self.need()
        where = self._where(arg) or t.next_table()
        if where is None:
            raise SessionError("the tournament is over")
        if not t.has_person(*where):
            raise SessionError("that match is between computers: simulate it")
        if t.table(*where)["winner"] is not None:
            raise SessionError("that match has already been played")
        config = t.match_config(*where)
        config["tournament"] = {"round": where[0], "table": where[1], "ident": t.ident}
        return config

    # -- the bracket ------------------------------------------------------------------------------
    def _where(self, arg: Any) -> tuple[int, int] | None:
        """{round, table} from the page, or None for "the next one"."""
        if arg is None or (isinstance(arg, dict) and arg.get("round") is None):
            return None
        if not isinstance(arg, dict):
            raise SessionError("say which table as {round, table}")
        r, i = arg.get("round"), arg.get("table")
        if not (is_whole(r) and is_whole(i)):
            raise SessionError("say which table as {round, table}, two whole numbers")
        self.need().table(r, i)  # checks both
        return r, i

    def view(self) -> dict[str, Any]:
        """The bracket, the standings, the next match and the table being played, if any."""
        t = self.need()
        view = t.view()
        view["playing"] = self.playing()
        view["ident"] = t.ident
        return view

    def new(self, arg: Any) -> dict[str, Any]:
        """Draw a new tournament from {variant, options, entrants, seed?, partner_level?, clock?}."""
        if not isinstance(arg, dict):
            raise SessionError("the tournament settings must be an object")
        seed = arg.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        partner = arg.get("partner_level")
        # Tournament checks every setting (the variant, options, entrants, seed, partner, clock)
        self.tournament = Tournament(arg.get("variant", "scopa"), arg.get("options"), arg.get("entrants"), seed,
                                     "expert" if partner is None else partner, arg.get("clock"))
        self.link = None
        return self.view()

    def simulate(self, arg: Any) -> dict[str, Any]:
        """Simulate one computer-only match ({round, table}, default the next ready one), or with
        {"until_person": true} every match until a person's is next or the tournament is over."""
        t = self.need()
        if isinstance(arg, dict) and arg.get("until_person"):
            done = t.simulate_until_person()
        else:
            where = self._where(arg)
            if where is None:
                where = next((rt for rt in t.ready() if not t.has_person(*rt)), None)
                if where is None:
                    raise SessionError("no computer match is ready to be played")
            t.simulate(*where)
            done = [where]
        view = self.view()
        view["simulated"] = [{"round": r, "table": i} for r, i in done]
        return view

    def record(self, arg: Any) -> dict[str, Any]:
        """The record of a simulated match ({round, table}), to watch it as a replay."""
        t = self.need()
        where = self._where(arg)
        if where is None:
            raise SessionError("say which table as {round, table}")
        record = t.table(*where)["record"]
        if record is None:
            raise SessionError("that match was not simulated, so there is no record to watch")
        return record

    def save(self) -> dict[str, Any]:
        """The whole tournament, JSON-able."""
        return self.need().to_json()

    def load(self, arg: Any, match: Match | None, forfeit: dict[str, Any] | None) -> dict[str, Any]:
        """Load a saved tournament (after a reload); a bad save changes nothing."""
        self.tournament = Tournament.from_json(arg)
        if self.link is not None and self.link.get("ident") != self.tournament.ident:
            self.link = None
        self.relink(match, forfeit)
        return self.view()

    def quit(self) -> dict[str, Any]:
        """Leave the tournament (the match at the table, if any, goes on as a friendly)."""
        self.tournament, self.link = None, None
        return {"tournament": None}

    def champion_is_person(self) -> tuple[bool, str] | None:
        """(whether a person won, the tournament's id) once a tournament with a person is over."""
        t = self.tournament
        if t is None or not t.finished or not any(e["kind"] == "human" for e in t.entrants):
            return None
        return t.entrants[t.champion]["kind"] == "human", t.ident

    # -- a restored match -----------------------------------------------------------------------
    @staticmethod
    def check_saved_link(link: Any) -> dict[str, Any] | None:
        """A save's tournament link, checked; SessionError if damaged."""
        if link is None:
            return None
        if not (isinstance(link, dict) and is_whole(link.get("round")) and is_whole(link.get("table"))
                and isinstance(link.get("ident"), str)):
            raise SessionError("the saved tournament table is damaged")
        return {k: link[k] for k in ("round", "table", "ident")}

    def restore(self, link: dict[str, Any] | None, match: Match, forfeit: dict[str, Any] | None) -> None:
        """A restored match: its link waits for its tournament (which may already be loaded)."""
        self.link, self.pending_link = None, link
        self.relink(match, forfeit)

    def relink(self, match: Match | None, forfeit: dict[str, Any] | None) -> None:
        """Attach a restored match to its tournament once both are loaded (in either order)."""
        link, t = self.pending_link, self.tournament
        if link is None or t is None or match is None:
            return
        self.pending_link = None
        r, i = link["round"], link["table"]
        if link["ident"] != t.ident or not (0 <= r < len(t.rounds) and 0 <= i < len(t.rounds[r])):
            return  # another tournament (or no such table): the match goes on as a friendly
        self.link = link
        if match.phase == "over" or forfeit is not None:
            self.report(match, forfeit)  # the page may have closed before it stored the tournament
