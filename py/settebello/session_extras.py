"""What the rooms add to a Session (issue 7): the clock and forfeits, tournaments, statistics.

`session.py` calls the hooks here at fixed points (new game, before and after a move, a computer's
thinking time, a new hand, view, save/restore, record) and adds the `ops` to its dispatch table,
so the game controller stays one small file. Same contract: JSON-able values in and out, a bad
request raises SessionError (the session turns it into {"error": ...}) and changes nothing.

Time comes from `session.now()` (milliseconds; `time.monotonic` in the worker, a fake in tests).
A person's turn is timed by wall time from the moment it becomes their turn; a computer's only by
its thinking time, so the page's pacing of computer moves never costs it time. The page calls the
`tick` op while a person's clock runs, to show it and to learn of a forfeit as it happens.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from .clock import Clock, ClockConfig, ClockError
from .stats import Stats, StatsError, match_summary
from .tournament import Tournament, TournamentError

if TYPE_CHECKING:
    from .session import Session


def monotonic_ms() -> float:
    """The default time source: a monotonic clock in milliseconds."""
    return time.monotonic() * 1000.0


def init(s: "Session", now: Callable[[], float] | None) -> None:
    """The extra state of a fresh session."""
    s.now = now or monotonic_ms
    s.clock = None  # Clock of the match, or None when it is not played on a clock
    s.forfeit = None  # {"seat", "name", "side", "winner"} once a player ran out of time
    s.tournament = None  # the Tournament being played on this device
    s.link = None  # {"round", "table", "ident"}: the tournament table the match is played for
    s.pending_link = None  # a restored match's link, kept until its tournament is loaded


def _error(message: str) -> Exception:
    from .session import SessionError
    return SessionError(message)


# -- the clock ------------------------------------------------------------------------------------
def parse_clock(config: dict[str, Any]) -> ClockConfig | None:
    """The new-game clock setting ("clock": "off" | "standard" | {settings}); SessionError if bad."""
    try:
        return ClockConfig.parse(config.get("clock"))
    except ClockError as err:
        raise _error(str(err)) from None


def parse_link(s: "Session", config: dict[str, Any]) -> dict[str, Any] | None:
    """The tournament table a new game is played for ("tournament": {round, table, ident}, as
    `tournament_match` gives it); the game's settings must be that table's. SessionError if not."""
    link = config.get("tournament")
    if link is None:
        return None
    t = s.tournament
    if not isinstance(link, dict) or t is None or link.get("ident") != t.ident:
        raise _error("that tournament is not the one loaded: open the tournament again")
    try:
        r, i = link.get("round"), link.get("table")
        expected = t.match_config(r, i)
    except TournamentError as err:
        raise _error(str(err)) from None
    if not t.has_person(r, i) or t.table(r, i)["winner"] is not None:
        raise _error("that tournament match is not waiting to be played at the table")
    mine = {k: v for k, v in config.items() if k != "tournament"}
    if ClockConfig.parse(mine.get("clock")) != ClockConfig.parse(expected.get("clock")):
        raise _error("a tournament match keeps the tournament's clock")
    if any(mine.get(k) != expected[k] for k in ("variant", "options", "seed", "seats")):
        raise _error("a tournament match keeps the tournament's settings")
    return {"round": r, "table": i, "ident": t.ident}


def start_match(s: "Session", clock: ClockConfig | None, link: dict[str, Any] | None = None) -> None:
    """After new_game has set up its match: the clock (if any) starts for the first turn."""
    s.config["clock"] = None if clock is None else clock.to_json()
    s.forfeit = None
    s.link, s.pending_link = link, None
    s.clock = None
    if clock is not None:
        s.clock = Clock(clock, [seat["human"] or clock.computers for seat in s.seats])
    start_turn(s)


def start_turn(s: "Session") -> None:
    """Start the clock of the seat to play, if a hand is being played and nobody's clock runs."""
    m, clock = s.match, s.clock
    if clock is None or s.forfeit is not None or m.phase != "play" or clock.running is not None:
        return
    human = s.seats[m.turn]["human"]
    clock.start(m.turn, s.now() if human else None)


def sync(s: "Session") -> None:
    """Charge a person's running turn up to now; a spent clock is a forfeit."""
    clock = s.clock
    if clock is None or clock.running is None or not s.seats[clock.running]["human"]:
        return
    if clock.tick(s.now()):
        declare_forfeit(s, clock.flagged)


def before_move(s: "Session") -> None:
    """Before a person's play: charge the time; refuse when the match was lost on time."""
    sync(s)
    if s.forfeit is not None:
        raise _error(f"{s.forfeit['name']} ran out of time: the match is lost on time")


def computer_thought(s: "Session", ms: float) -> bool:
    """Charge a timed computer's thinking time; True when it ran out of time (a forfeit)."""
    clock = s.clock
    if clock is None or clock.running is None:
        return False
    if clock.charge(max(0, int(ms))):
        declare_forfeit(s, clock.flagged)
        return True
    return False


def after_move(s: "Session") -> None:
    """After any play: stop the mover's clock, start the next one, report a finished match."""
    if s.clock is not None:
        s.clock.stop()
        start_turn(s)
    if s.match.phase == "over":
        report_to_tournament(s)


def forfeit_winner(totals: list[int], side: int, seat: int, sides: int, players: int) -> int:
    """The side that wins when `side` forfeits: the other side; with three or more sides the
    leading other side, a tie going to the side that plays soonest after the forfeiting seat."""
    others = [x for x in range(sides) if x != side]
    best = max(totals[x] for x in others)
    order = [(seat + k) % players % sides for k in range(1, players + 1)]
    return next(x for x in order if x != side and totals[x] == best)


def declare_forfeit(s: "Session", seat: int) -> None:
    """`seat` ran out of move time and BankTime: the match is over and the other side wins."""
    m = s.match
    side = m.side_of[seat]
    s.forfeit = {"seat": seat, "name": m.names[seat], "side": side,
                 "winner": forfeit_winner(list(m.totals), side, seat, m.sides, m.n)}
    report_to_tournament(s)


def decorate_view(s: "Session", v: dict[str, Any]) -> None:
    """Add the clock and the forfeit to a view; a forfeited match shows as over."""
    sync(s)
    v["clock"] = None if s.clock is None else s.clock.to_json()
    v["forfeit"] = s.forfeit
    v["tournament"] = None if s.link is None else dict(s.link)
    if s.forfeit is not None:
        v["phase"] = "over"
        v["waiting"] = "over"
        v["winner"] = s.forfeit["winner"]
        v["legal"] = []
        v["pass_to"] = None
        v["can_undo"] = False
    elif s.clock is not None:
        v["can_undo"] = False  # no take-backs on the clock


def check_undo(s: "Session") -> None:
    """Undo is not allowed on the clock (it would give time back)."""
    if s.clock is not None:
        raise _error("there are no take-backs in a match on the clock")


def check_not_forfeited(s: "Session") -> None:
    """No more plays or hands after a forfeit."""
    if s.forfeit is not None:
        raise _error(f"the match is over: {s.forfeit['name']} ran out of time")


def tick(s: "Session") -> dict[str, Any]:
    """The page's clock poll: each seat's time left, whose clock runs, and any forfeit."""
    s._need()
    sync(s)
    phase = "over" if s.forfeit is not None else s.match.phase
    return {"clock": None if s.clock is None else s.clock.to_json(), "forfeit": s.forfeit, "phase": phase}


def decorate_record(s: "Session", record: dict[str, Any]) -> dict[str, Any]:
    """A clock's per-play times and forfeit go in the record's extra "clock" field (RULES §6
    readers ignore unknown fields; `settebello.clock.replay` rebuilds the clock from it)."""
    if s.clock is not None:
        record["clock"] = {"config": s.clock.config.to_json(), "timed": list(s.clock.timed),
                           "ms": list(s.clock.log),
                           "forfeit": None if s.forfeit is None else {"seat": s.forfeit["seat"]}}
    if s.forfeit is not None:
        record["forfeit"] = dict(s.forfeit)
    return record


def save(s: "Session") -> dict[str, Any]:
    """The extra state a save keeps (the running turn charged up to now first)."""
    sync(s)
    return {"clock": None if s.clock is None else s.clock.save(), "forfeit": s.forfeit,
            "link": s.link}


def check_restore(saved: dict[str, Any], match: Any, seats: list[dict[str, Any]]) -> tuple:
    """Read a save's extra state (clock, forfeit, link) and check it; SessionError if damaged."""
    extra = saved.get("extras") or {}
    if not isinstance(extra, dict):
        raise _error("the saved game's clock is damaged")
    clock = None
    if extra.get("clock") is not None:
        try:
            clock = Clock.load(extra["clock"])
        except ClockError as err:
            raise _error(str(err)) from None
        if len(clock.timed) != match.n:
            raise _error("the saved clock has the wrong number of seats")
    forfeit = extra.get("forfeit")
    if forfeit is not None and not (isinstance(forfeit, dict) and forfeit.get("seat") in range(match.n)
                                    and forfeit.get("winner") in range(match.sides)):
        raise _error("the saved forfeit is damaged")
    link = extra.get("link")
    if link is not None and not (isinstance(link, dict) and isinstance(link.get("round"), int)
                                 and isinstance(link.get("table"), int)):
        raise _error("the saved tournament table is damaged")
    return clock, forfeit, link


def restore(s: "Session", clock: Clock | None, forfeit: dict | None, link: dict | None) -> None:
    """Install checked extra state; time the page was closed is not charged to anyone."""
    s.clock, s.forfeit = clock, forfeit
    if clock is not None and clock.running is not None and s.seats[clock.running]["human"]:
        clock.mark = s.now()
    s.link, s.pending_link = None, link
    _relink(s)


def _relink(s: "Session") -> None:
    """Attach a restored match to its tournament once both are loaded (in either order)."""
    link, t = s.pending_link, s.tournament
    if link is None or t is None or s.match is None:
        return
    s.pending_link = None
    if link.get("ident") != t.ident:
        return  # another tournament: the match goes on as a friendly
    s.link = link
    if s.match.phase == "over" or s.forfeit is not None:
        report_to_tournament(s)  # the page may have closed before it stored the tournament


# -- tournaments ----------------------------------------------------------------------------------
def report_to_tournament(s: "Session") -> None:
    """Enter a finished tournament match's result into the bracket (once)."""
    link, t = s.link, s.tournament
    if link is None or t is None or link.get("ident") != t.ident:
        return
    table = t.table(link["round"], link["table"])
    if table["winner"] is not None:
        return
    m = s.match
    totals = list(m.totals)
    if s.forfeit is not None:
        t.report(link["round"], link["table"], totals, forfeit=s.forfeit["side"], hands=len(m.results))
    elif m.phase == "over":
        t.report(link["round"], link["table"], totals, m.winner, hands=len(m.results))
    link["reported"] = True


def _need_tournament(s: "Session") -> Tournament:
    if s.tournament is None:
        raise _error("no tournament: start one first")
    return s.tournament


def _table_arg(t: Tournament, arg: Any) -> tuple[int, int] | None:
    """{round, table} from the page, or None for "the next one"."""
    if arg is None or (isinstance(arg, dict) and arg.get("round") is None):
        return None
    if not isinstance(arg, dict):
        raise _error("say which table as {round, table}")
    r, i = arg.get("round"), arg.get("table")
    t.table(r, i)  # checks both
    return r, i


def tournament_view(s: "Session") -> dict[str, Any]:
    """The bracket, the standings, the next match and the table being played, if any."""
    view = _need_tournament(s).view()
    view["playing"] = None if s.link is None else dict(s.link)
    view["ident"] = s.tournament.ident
    return view


def tournament_new(s: "Session", arg: Any) -> dict[str, Any]:
    """Draw a new tournament from {variant, options, entrants, seed?, partner_level?, clock?}."""
    import random

    if not isinstance(arg, dict):
        raise _error("the tournament settings must be an object")
    seed = arg.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    t = Tournament(arg.get("variant", "scopa"), arg.get("options") or {}, arg.get("entrants"), seed,
                   arg.get("partner_level") or "expert", arg.get("clock"))
    s.tournament = t
    s.link = None
    return tournament_view(s)


def tournament_simulate(s: "Session", arg: Any) -> dict[str, Any]:
    """Simulate one computer-only match ({round, table}, default the next ready one), or with
    {"until_person": true} every match until a person's is next or the tournament is over."""
    t = _need_tournament(s)
    if isinstance(arg, dict) and arg.get("until_person"):
        done = t.simulate_until_person()
    else:
        where = _table_arg(t, arg)
        if where is None:
            where = next((rt for rt in t.ready() if not t.has_person(*rt)), None)
            if where is None:
                raise _error("no computer match is ready to be played")
        t.simulate(*where)
        done = [where]
    view = tournament_view(s)
    view["simulated"] = [{"round": r, "table": i} for r, i in done]
    return view


def tournament_match(s: "Session", arg: Any) -> dict[str, Any]:
    """The new-game settings of a person's tournament match ({round, table}, default the next
    one), with its "tournament" link: the page starts it like any game (new_game)."""
    t = _need_tournament(s)
    where = _table_arg(t, arg) or t.next_table()
    if where is None:
        raise _error("the tournament is over")
    if not t.has_person(*where):
        raise _error("that match is between computers: simulate it")
    if t.table(*where)["winner"] is not None:
        raise _error("that match has already been played")
    config = t.match_config(*where)
    config["tournament"] = {"round": where[0], "table": where[1], "ident": t.ident}
    return config


def tournament_play(s: "Session", arg: Any) -> dict[str, Any]:
    """Start a person's tournament match at once (tournament_match, then new_game)."""
    view = s.new_game(tournament_match(s, arg))
    if "error" in view:
        raise _error(view["error"])
    return view


def tournament_record(s: "Session", arg: Any) -> dict[str, Any]:
    """The record of a simulated match ({round, table}), to watch it as a replay."""
    t = _need_tournament(s)
    where = _table_arg(t, arg)
    if where is None:
        raise _error("say which table as {round, table}")
    record = t.table(*where)["record"]
    if record is None:
        raise _error("that match was not simulated, so there is no record to watch")
    return record


def tournament_load(s: "Session", arg: Any) -> dict[str, Any]:
    """Load a saved tournament (after a reload); a bad save changes nothing."""
    s.tournament = Tournament.from_json(arg)
    if s.link is not None and s.link.get("ident") != s.tournament.ident:
        s.link = None
    _relink(s)
    return tournament_view(s)


def tournament_quit(s: "Session") -> dict[str, Any]:
    """Leave the tournament (the match at the table, if any, goes on as a friendly)."""
    s.tournament, s.link = None, None
    return {"tournament": None}


# -- statistics -----------------------------------------------------------------------------------
def _stats_arg(value: Any) -> Stats:
    if value is None:
        return Stats()
    return Stats.from_json(value)


def stats_add(s: "Session", arg: Any) -> dict[str, Any]:
    """Add this session's finished match (and finished tournament) to the statistics the page
    keeps ({stats}); each is counted once however often this is called. Returns the statistics."""
    stats = _stats_arg(arg.get("stats") if isinstance(arg, dict) else None)
    m = s.match
    added = False
    if m is not None and (m.phase == "over" or s.forfeit is not None):
        humans = [i for i, seat in enumerate(s.seats) if seat["human"]]
        summary = match_summary(m, humans[0], s.config["variant"],
                                winner=None if s.forfeit is None else s.forfeit["winner"],
                                forfeit=None if s.forfeit is None else s.forfeit["side"],
                                tournament=s.link is not None)
        added = stats.add(summary)
    t = s.tournament
    if t is not None and t.finished and any(e["kind"] == "human" for e in t.entrants):
        won = t.entrants[t.champion]["kind"] == "human"
        added = stats.add_tournament(won, t.ident) or added
    result = stats.to_json()
    result["added"] = added
    return result


def stats_merge(arg: Any) -> dict[str, Any]:
    """Merge imported statistics into the page's ({stats, other})."""
    if not isinstance(arg, dict):
        raise _error("merging needs {stats, other}")
    stats = _stats_arg(arg.get("stats"))
    stats.merge(Stats.from_json(arg.get("other")))
    return stats.to_json()


def ops(s: "Session", payload: Any) -> dict[str, Callable[[], Any]]:
    """The requests this module adds to Session.call."""
    return {
        "tick": lambda: tick(s),
        "tournament_new": lambda: tournament_new(s, payload),
        "tournament_view": lambda: tournament_view(s),
        "tournament_simulate": lambda: tournament_simulate(s, payload),
        "tournament_match": lambda: tournament_match(s, payload),
        "tournament_play": lambda: tournament_play(s, payload),
        "tournament_record": lambda: tournament_record(s, payload),
        "tournament_save": lambda: _need_tournament(s).to_json(),
        "tournament_load": lambda: tournament_load(s, payload),
        "tournament_quit": lambda: tournament_quit(s),
        "stats_add": lambda: stats_add(s, payload),
        "stats_view": lambda: _stats_arg(payload.get("stats") if isinstance(payload, dict) else payload).to_json(),
        "stats_merge": lambda: stats_merge(payload),
        "stats_reset": lambda: Stats().to_json(),
    }


ERRORS = (ClockError, StatsError, TournamentError)
