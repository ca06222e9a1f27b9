"""The game controller the page talks to: JSON-able values in and out, one object per job behind it.

Pure Python, standard library only (it runs in the PyScript worker through static/bridge.py and in
CPython for the tests). `Session` is the one object the bridge drives (`Session.call(name,
payload)`); it puts four parts side by side and wires them, none of them reading another:

- `Game` (game.py): the match at the table and its undo, the seats and computer players, the
  seat whose hand is shown;
- `TimeControl` (timing.py): the clock policy, the clock and a forfeit on time;
- `TournamentDesk` (desk.py): the knock-out on this device and the table the match is for;
- `LookBack` (lookback.py): the judgements of the persons' plays behind each hand's review;
- statistics are plain functions of the page's stored JSON (stats.py).

Every request is checked before anything changes; a refused request returns ``{"error": "..."}``
(a SessionError, or the engine's ScopaError) and changes nothing. Any other exception is a bug
and reaches the bridge, which reports it to the page with its traceback. `view()` only reads:
time is charged and a forfeit declared only by `play`, `computer_step` and `tick`.

    s = Session()
    s.new_game({"variant": "scopa", "options": {}, "seed": 7,
                "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "random"}]})
    s.view()              # what the shown human may see (never another hand)
    s.play("9C:4B+5S")    # or {"card": "9C", "presa": ["4B", "5S"]}; returns {event, view}
    s.computer_step()     # one computer play, so the page can pace and animate it
    s.next_hand(); s.undo(); s.last_trick(); s.hint(); s.coach("7D"); s.record()
    s.review({"hand": 1}); s.review_ahead()   # a hand looked back at (lookback.py)
    s.call("tick"); s.call("tournament_new", {...}); s.call("stats_add", {"stats": ...})
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from scopa.errors import ScopaError
from scopa.inputs import brief, check_value
from scopa.state import PlayEvent

from .daily import DailyDesk
from . import training
from .describe import describe as describe_page
from .desk import TournamentDesk
from .errors import SessionError, is_whole, refusal
from .game import Game, levels, variants
from .lookback import LookBack, can_review
from .ponder import Ponder
from .public import public_facts
from .rulebook import rulebook
from .stats import match_summary, stats_add, stats_from, stats_merge
from .story import match_story
from .timing import TimeControl
from .view import ReviewPart, StoryPart, TournamentPart, page_view

SAVE_FORMAT = "settebello-save/1"
SAVE_KEYS = ("format", "config", "record", "extras", "rng", "players_rng", "shown", "hints")  # what `save` writes
# What the page may add to a save: `elapsed_ms`, the time the page stayed open after the save was
# made (static/js/persist.js stamps it when the page is hidden or closed, and every few seconds
# while a clock runs), charged to a person's running turn on restore (RULES §5).
PAGE_KEYS = ("elapsed_ms",)

__all__ = ["SAVE_FORMAT", "Session", "SessionError"]


def _refusals(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """A refused request (SessionError, ScopaError) becomes {"error": message}; anything else is
    a bug and propagates."""

    @functools.wraps(fn)
    def wrapper(self: "Session", *args: Any) -> dict[str, Any]:
        try:
            return fn(self, *args)
        except ScopaError as err:  # SessionError is one
            return refusal(err)
    return wrapper



def _opposed_level(game: Any) -> str | None:
    """The level a match was played against, for the statistics: the strongest computer on the
    other sides (levels easiest first), None with no computer against the person."""
    side = game.match.side_of[game.humans[0]]
    order = [lv["id"] for lv in levels()]
    faced = [s["level"] for i, s in enumerate(game.seats) if not s["human"] and game.match.side_of[i] != side]
    return max(faced, key=lambda lv: order.index(lv) if lv in order else -1) if faced else None

class Session:
    """One device's table: the game being played, its clock, the tournament, the statistics ops."""

    def __init__(self, now: Callable[[], float] | None = None) -> None:
        """No game yet: call new_game. `now()` is the clock's time source in ms (a fake in tests)."""
        self.game: Game | None = None
        self.time = TimeControl(now)
        self.desk = TournamentDesk()
        self.lookback = LookBack()
        self.daily = DailyDesk()  # today's deal (daily.py): the master's duplicate of the finished match
        # The computer's replies searched while a person chooses (ponder.py), when `pondering`.
        self.ponder = Ponder()
        self.pondering = True
        # Whether the person's thinking time buys the master's reply more searches (issue 46,
        # scopa_ai/thinking.py): off unless the page asks (`ponder_strength`), so tests and
        # benchmarks play as the budget alone says.
        self.strength = False

    # -- the dialog -----------------------------------------------------------------------------
    @staticmethod
    def variants() -> list[dict[str, Any]]:
        """Every preset: id, name, description, players, teams, target."""
        return variants()

    @staticmethod
    def levels() -> list[dict[str, str]]:
        """The computer levels, easiest first."""
        return levels()

    # -- helpers --------------------------------------------------------------------------------
    def _need(self) -> Game:
        """The game, or a refusal when none was started."""
        if self.game is None:
            raise SessionError("no game yet: start a new game")
        return self.game

    def _people(self) -> list[bool]:
        """Per seat, whether a person plays it (the clock times persons by wall time)."""
        return [s["human"] for s in self._need().seats]

    def _view(self) -> dict[str, Any]:
        """The game's view with the clock, the forfeit and the tournament table (reads only)."""
        game = self._need()
        return page_view(game.table_part(), game.seats_part(),
                         public_facts(game.observed(), hand_shown=not game.hand_hidden()), self.time.part(self._can_pause()),
                         TournamentPart(self.desk.playing()), StoryPart(self._story()), ReviewPart(can_review(game)))

    def _story(self) -> dict[str, Any] | None:
        """Once the match is over (or lost on time): its story (story.py), every hand's sheet and
        moment, with the settings of a rematch at the same table (the same variant, options, seats
        and clock, a new deal; none for a tournament's match, whose next match is the bracket's, also
        while a restored one waits for its tournament to load, nor for a remote seat)."""
        game, forfeit = self._need(), self.time.forfeit
        if game.match.phase != "over" and forfeit is None:
            return None
        if game.lesson is not None:
            return None  # the lesson's one hand is told by its own end (lesson.py), not as a match
        rematch = None
        # a remote seat's device is offered none: the host's starts the next match, with the same
        # people (people.py, PeopleHost.rematch)
        if self.desk.link is None and self.desk.pending_link is None and not game.seats[game.shown].get("remote"):
            config = {k: v for k, v in game.config.items() if k != "seed"}
            clock = self.time.config_json()
            rematch = {**config, "clock": clock} if clock is not None else config
        return match_story(game.match, None if forfeit is None else forfeit["winner"], rematch)

    def _moved(self, event: PlayEvent) -> dict[str, Any]:
        """After a play: the next clock starts, a finished match goes to its tournament."""
        game = self._need()
        self.time.moved(game.match, self._people())
        self._hold()
        if game.match.phase == "over":
            self.desk.report(game.match, self.time.forfeit)
        return {"event": game.event_json(event), "view": self._view()}

    def _hold(self) -> None:
        """The person to play's time waits while the pass screen is up (timing.py `hold`)."""
        game = self.game
        self.time.hold(game is not None and game.pass_to() is not None, self._people() if game else [])

    def _record(self) -> dict[str, Any]:
        """The record with any clock and forfeit (what `record` and `save` give)."""
        return self.time.add_to_record(self._need().record())

    # -- a new match ----------------------------------------------------------------------------
    @_refusals
    def new_game(self, config: Any) -> dict[str, Any]:
        """Start a match from {variant, options, seats: [{human, name} | {human: false, level}],
        seed, clock?, tournament?}."""
        game, clock, link = self._checked(config)  # nothing here has changed yet
        self.game = game
        self.time.start(clock, game.match, self._people())
        self._hold()
        self.desk.start_match(link)
        return self._view()

    @_refusals
    def check_game(self, config: Any) -> dict[str, Any]:
        """Whether new_game would start this config ({"ok": true}, or its refusal), changing
        nothing: the new-game dialog asks before it closes, so a refusal is shown beside the fields."""
        self._checked(config)
        return {"ok": True}

    def _checked(self, config: Any) -> tuple[Game, Any, Any]:
        """A config's dealt game, clock settings and tournament link, or the refusal."""
        game = Game.new(config)  # checks the settings and deals
        return game, TimeControl.parse(config.get("clock")), self.desk.check_link(config)

    # -- what the page shows --------------------------------------------------------------------
    @_refusals
    def view(self) -> dict[str, Any]:
        """The shown human's view plus whose turn it is, who is a computer, the pass screen, the
        clock (read, never charged) and the tournament table."""
        return self._view()

    @_refusals
    def show(self, seat: Any) -> dict[str, Any]:
        """After the "pass to X" screen: show that human's hand (only when it is their turn)."""
        game = self._need()
        self._check_going()
        game.show(seat)
        self._hold()  # the device is in their hands: their time runs from now
        return self._view()

    # -- a pause ------------------------------------------------------------------------------------
    @_refusals
    def pause(self, paused: Any) -> dict[str, Any]:
        """Stop every clock (true) or go on (false): an interruption at a table on the clock whose
        people are all at this device. The running person's time is charged up to the pause; the
        page hides the cards while it lasts. {event: null, forfeit, view} when that time had run
        out (the match is lost on time, as a tick would have found)."""
        game = self._need()
        if not isinstance(paused, bool):
            raise SessionError(f"pause takes true (pause) or false (go on), not {brief(paused)}", reason="pause.value")
        if paused and not self._can_pause():
            self.time.check_playing()
            if self.time.clock is None:
                raise SessionError("there is no clock to stop in this match", reason="pause.clock")
            if self._remote():
                raise SessionError("a match with people on other devices cannot be paused from one of them",
                                   reason="pause.remote")
            raise SessionError("a match can be paused only while a hand is being played", reason="pause.hand")
        if self.time.pause(paused, game.match, self._people()):
            self.desk.report(game.match, self.time.forfeit)
            return {"event": None, "forfeit": self.time.forfeit, "view": self._view()}
        self.ponder.pause(paused)
        return self._view()

    def _can_pause(self) -> bool:
        """Whether a pause may start now: a clock, no forfeit, a hand being played, no one at
        another device (their clocks are the host's, and they could not see why time stopped)."""
        game = self._need()
        return (self.time.clock is not None and self.time.forfeit is None and game.match.phase == "play"
                and not self._remote())

    def _remote(self) -> bool:
        """Whether any seat is played from another device (people.py)."""
        return any(s.get("remote") for s in self._need().seats)

    def _check_going(self) -> None:
        """No play, step or pass while the match is paused (the clocks would not time it)."""
        if self.time.paused:
            raise SessionError("the match is paused: go on first", reason="pause.paused")

    # -- playing --------------------------------------------------------------------------------
    @_refusals
    def play(self, play: Any) -> dict[str, Any]:
        """The shown human plays: notation "9C:4B+5S" or {card, presa}. Returns {event, view}, or
        {event: null, forfeit, view} when the person's time had run out before the play came (the
        match is lost on time, as a tick would have found; the play is not made)."""
        game = self._need()
        self.time.check_playing()
        self._check_going()
        checked = game.parse_play(play)  # refused (nothing changes) unless legal and their turn
        if self.time.charge_person(game.match, self._people()):
            self.desk.report(game.match, self.time.forfeit)
            return {"event": None, "forfeit": self.time.forfeit, "view": self._view()}
        self.ponder.chosen(game, checked)
        event = game.apply(checked)
        self.ponder.played(game)
        return self._moved(event)

    @_refusals
    def computer_step(self) -> dict[str, Any]:
        """One computer play (when it is a computer's turn). Returns {event, view}, or
        {event: null, forfeit, view} when a timed computer ran out of time thinking."""
        game = self._need()
        if game.match.phase != "play" or game.seats[game.match.turn]["human"]:
            raise SessionError("it is not a computer's turn")
        self.time.check_playing()
        self._check_going()
        turn = self.ponder.turn(game) or game.choose(self.time.now)
        if self.time.charge_computer(game.match, turn.ms):
            self.desk.report(game.match, self.time.forfeit)
            return {"event": None, "forfeit": self.time.forfeit, "view": self._view()}
        if self.ponder.last_thinking is not None:  # the person's time bought it searches (issue 46)
            game.thought(turn.seat, *self.ponder.last_thinking)
        return self._moved(game.apply(turn.play))

    @_refusals
    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand after the score sheet."""
        game = self._need()
        if game.match.phase == "deal":
            self.time.check_playing()
        game.next_hand()
        self.time.start_turn(game.match, self._people())
        self._hold()
        return self._view()

    @_refusals
    def tick(self) -> dict[str, Any]:
        """The page's clock poll: each seat's time left, whose clock runs, any forfeit (declared
        here when a person's time ran out)."""
        game = self._need()
        result, declared = self.time.tick(game.match, self._people())
        if declared:
            self.desk.report(game.match, self.time.forfeit)
        return result

    # -- undo, last trick, hint, record ---------------------------------------------------------
    @_refusals
    def undo(self) -> dict[str, Any]:
        """Take back the human's last play (and the computers' after it)."""
        game = self._need()
        self.time.check_undo()
        game.undo()
        return self._view()

    @_refusals
    def last_trick(self) -> dict[str, Any]:
        """The last play of this hand that took cards: who, the card played and the cards taken."""
        return self._need().last_trick()

    @_refusals
    def hint(self, level: Any = None) -> dict[str, Any]:
        """A suggested play for the human whose turn it is, as "expert" (default) or "master" plays,
        with its reason ({key, params} of the page's words, or null)."""
        return self._need().hint(level)

    @_refusals
    def coach(self, play: Any) -> dict[str, Any]:
        """The coach setting's question before the shown person plays `play` (notation or {card,
        presa}; checked, never made): {warning: {key, params} | null} (game.py `coach`)."""
        game = self._need()
        self.time.check_playing()
        return game.coach(play)

    @_refusals
    def review(self, arg: Any = None) -> dict[str, Any]:
        """A finished hand's review ({hand?, seat?}: the sheet's number, the last by default; the
        shown person by default): the person's plays that cost most against the master's choice
        (lookback.py). It only reads."""
        return self.lookback.review(self._need(), arg)

    @_refusals
    def review_ahead(self) -> dict[str, Any]:
        """Judge the persons' plays of this hand not judged yet, saying nothing of them ({judged}):
        the page asks while the computers play, so the sheet's review is ready when it shows."""
        return self.lookback.ahead(self._need())

    @_refusals
    def record(self) -> dict[str, Any]:
        """The match record (RULES §6), with this session's variant id and any clock, for the person
        to save or replay. While a person plays a hand, it holds the hands played to their end: the
        hand being played would give its deck, every hidden card (the others' hands, the mazzo's
        order); it joins the record when it ends. (A save keeps it: `save`.)"""
        game = self._need()
        record = game.record()
        if game.match.phase == "play" and self.time.forfeit is None:
            record["hands"].pop()
            thinking = [t for t in record.get("thinking", []) if t["hand"] < len(record["hands"])]
            record.pop("thinking", None)
            if thinking:
                record["thinking"] = thinking
            if not any(hand["plays"] for hand in record["hands"]):  # none, or a void deal only (R3)
                raise SessionError("no hand of this match has ended yet: the hand being played joins "
                                   "the record when it ends", reason="record.unfinished")
        return self.time.add_to_record(record)

    # -- save and restore (the page keeps the save in localStorage after every play) -------------
    @_refusals
    def save(self) -> dict[str, Any]:
        """Everything needed to restore this match exactly: settings, record, shuffle states, shown
        seat, the clock as it reads now, the forfeit and the tournament table."""
        game = self._need()
        return {"format": SAVE_FORMAT, "config": {**game.config, "clock": self.time.config_json()},
                "record": self._record(), "extras": {**self.time.save(), "link": self.desk.link},
                **game.save()}

    @_refusals
    def restore(self, saved: Any) -> dict[str, Any]:
        """Rebuild a saved match (every play checked by the engine); a bad save changes nothing.

        The clock comes back as the save read it, the running turn's time included; the page's
        `elapsed_ms` (the time it stayed open after the save was made) is charged to a person's
        running turn too, so a reload gives no time back. The time the page was closed is
        charged to nobody."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise SessionError("this is not a saved Settebello game")
        check_value(saved, "the saved game", SessionError)  # bounded and JSON-like, whoever calls
        unknown = sorted(k for k in saved if k not in SAVE_KEYS + PAGE_KEYS)
        if unknown:
            raise SessionError(f"the saved game has an unknown field {brief(unknown[0])}")
        try:
            game, clock, forfeit, paused, link, elapsed = self._restored(saved)
        except ScopaError:
            raise
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as err:
            # a save is data from storage: whatever in it the checks above did not foresee is
            # damage, refused like the rest (nothing has changed yet), never a crash of the page
            raise SessionError(f"the saved game is damaged ({type(err).__name__})") from None
        # all checked: now change state
        self.game = game
        self.time.restore(clock, forfeit, self._people(), elapsed, paused)
        self._hold()
        self.desk.restore(link, game.match, forfeit)
        return self._view()

    @_refusals
    def peek(self, saved: Any) -> dict[str, Any]:
        """A saved match as its own restore would show it, {view, record} (record None before a hand
        has ended), leaving this session's match as it is: a match another tab left (Records). A bad
        save is refused as restore refuses it."""
        other = Session()
        view = other.restore(saved)
        if "error" in view:
            return view
        record = other.record()
        return {"view": view, "record": None if "error" in record else record}

    @staticmethod
    def _restored(saved: dict[str, Any]) -> tuple[Game, Any, Any, bool, Any, int]:
        """A save's game, clock, forfeit, pause, tournament link and the page's time after the
        save, each checked; nothing is changed."""
        config = saved.get("config")
        game = Game.restore(config, saved.get("record"), saved.get("rng"), saved.get("players_rng"),
                            saved.get("shown"), saved.get("hints"))
        TimeControl.parse(config.get("clock"))  # the settings' clock must still be a clock
        extra = saved.get("extras")
        extra = {} if extra is None else extra  # older saves have none
        if not isinstance(extra, dict):
            raise SessionError("the saved game's clock is damaged")
        clock, forfeit, paused = TimeControl.load(extra, game.match)
        link = TournamentDesk.check_saved_link(extra.get("link"))
        elapsed = saved.get("elapsed_ms", 0)
        if not (is_whole(elapsed) and elapsed >= 0):
            raise SessionError(f"the saved game's elapsed time must be a whole number of ms >= 0, "
                               f"not {brief(elapsed)}")
        return game, clock, forfeit, paused, link, elapsed

    # -- tournaments and statistics -------------------------------------------------------------
    @_refusals
    def tournament_new(self, arg: Any) -> dict[str, Any]:
        """Draw a new tournament from {variant, options, entrants, seed?, partner_level?, clock?}."""
        return self.desk.new(arg)

    @_refusals
    def tournament_view(self) -> dict[str, Any]:
        """The bracket, the standings, the next match and the table being played, if any."""
        return self.desk.view()

    @_refusals
    def tournament_simulate(self, arg: Any) -> dict[str, Any]:
        """Simulate a computer-only match ({round, table} or the next), or {until_person: true}."""
        return self.desk.simulate(arg)

    @_refusals
    def tournament_match(self, arg: Any) -> dict[str, Any]:
        """The new-game settings of a person's tournament match ({round, table}, default the next)."""
        return self.desk.match_config(arg)

    @_refusals
    def tournament_play(self, arg: Any) -> dict[str, Any]:
        """Start a person's tournament match at once (its settings, then new_game)."""
        return self.new_game(self.desk.match_config(arg))  # its refusal, if any, as new_game words it

    @_refusals
    def tournament_record(self, arg: Any) -> dict[str, Any]:
        """The record of a simulated match ({round, table}), to watch it as a replay."""
        return self.desk.record(arg)

    @_refusals
    def tournament_save(self) -> dict[str, Any]:
        """The whole tournament, JSON-able (the page stores it)."""
        return self.desk.save()

    @_refusals
    def tournament_load(self, arg: Any) -> dict[str, Any]:
        """Load a saved tournament; a match restored before it is attached to its table."""
        game = self.game
        return self.desk.load(arg, None if game is None else game.match, self.time.forfeit)

    @_refusals
    def tournament_quit(self) -> dict[str, Any]:
        """Leave the tournament (the match at the table, if any, goes on as a friendly)."""
        return self.desk.quit()

    def _summary(self) -> dict[str, Any] | None:
        """What this session's match counts for its first person, once it is over."""
        game, forfeit = self.game, self.time.forfeit
        if game is not None and game.lesson is not None:
            return None  # the lesson is not a match to count
        if game is None or not (game.match.phase == "over" or forfeit is not None):
            return None
        return match_summary(game.match, game.local[0], game.variant,
                             winner=None if forfeit is None else forfeit["winner"],
                             forfeit=None if forfeit is None else forfeit["side"],
                             tournament=self.desk.link is not None, level=_opposed_level(game))

    @_refusals
    def stats_add(self, arg: Any) -> dict[str, Any]:
        """Add this session's finished match (and finished tournament) to the statistics the page
        keeps ({stats}); each is counted once however often this is called."""
        if not isinstance(arg, dict):
            raise SessionError("adding to the statistics needs {stats}")
        return stats_add(arg.get("stats"), self._summary(), self.desk.champion_is_person())

    @_refusals
    def stats_view(self, arg: Any) -> dict[str, Any]:
        """The page's statistics ({stats}) read and checked."""
        return stats_from(arg.get("stats") if isinstance(arg, dict) else arg).to_json()

    @_refusals
    def stats_merge(self, arg: Any) -> dict[str, Any]:
        """Merge imported statistics into the page's ({stats, other})."""
        if not isinstance(arg, dict):
            raise SessionError("merging needs {stats, other}")
        return stats_merge(arg.get("stats"), arg.get("other"))

    @_refusals
    def stats_reset(self) -> dict[str, Any]:
        """Empty statistics."""
        return stats_from(None).to_json()

    @_refusals
    def describe(self) -> dict[str, Any]:
        """What the page needs once at boot (settebello/describe.py): presets with their sides, levels,
        the deck, option bounds, the clock's limits, tournament bounds."""
        return describe_page(variants(), levels())

    @_refusals
    def rules_page(self, arg: Any) -> dict[str, Any]:
        """What the rules page says about a game ({variant, options}): rulebook.py."""
        return rulebook(arg)

    # -- thinking on the person's time (ponder.py) ------------------------------------------------
    def ponder_step(self, slice_ms: float = 8.0) -> bool:
        """Search the computer's replies to the person's possible plays for about `slice_ms`
        milliseconds; whether there is more to search. The page's worker calls it between requests
        (static/bridge.py), never during one: a request is served before the next slice."""
        if self.game is None or not self.pondering or self.time.paused:
            return False  # a paused match: the cards are hidden, nobody thinks (nor the worker)
        return self.ponder.step(self.game, slice_ms)

    def ponder_set(self, on: bool) -> dict[str, Any]:
        """Switch thinking on the person's time on or off (benchmarks compare both); its counts."""
        if not isinstance(on, bool):
            raise SessionError("pondering is on (true) or off (false)")
        self.pondering = on
        if not on:
            self.ponder = Ponder(strength=self.strength)
        return self.ponder_status()

    def ponder_strength(self, on: bool) -> dict[str, Any]:
        """Let the person's thinking time buy the master's reply more searches (true) or not
        (false, the default: the budget alone); its counts."""
        if not isinstance(on, bool):
            raise SessionError("the thinking time's strength is on (true) or off (false)")
        self.strength = self.ponder.strength = on
        return self.ponder_status()

    def ponder_status(self) -> dict[str, Any]:
        """Thinking on the person's time: whether it is on (and buys strength), replies ready, taken,
        deals searched."""
        return dict(self.ponder.status(), on=self.pondering, strength=self.strength)

    # -- today's deal (daily.py) -------------------------------------------------------------------
    @_refusals
    def daily_start(self, arg: Any) -> dict[str, Any]:
        """{day, variant?, name?, history?}: the day's settings for new_game, replay or not, the history."""
        return self.daily.start(arg)

    @_refusals
    def daily_step(self, arg: Any) -> dict[str, Any]:
        """{plays?}: the master replays a few plays of the finished day's deal from the person's seat."""
        return self.daily.step(self.game, arg)

    @_refusals
    def daily_remember(self, arg: Any) -> dict[str, Any]:
        """{history, today?}: the device's history with the compared day's result, and the streak."""
        return self.daily.remember(self.game, arg)

    @_refusals
    def daily_calendar(self, arg: Any) -> dict[str, Any]:
        """{history, month, today}: a month of days played, and the streak."""
        return self.daily.calendar(arg)

    # -- puzzles (puzzles.py, training.py) ----------------------------------------------------------
    @staticmethod
    def _arg(arg: Any) -> dict[str, Any]:
        if not isinstance(arg, dict):
            raise SessionError("a puzzle request is an object")
        return arg

    @_refusals
    def puzzle_next(self, arg: Any) -> dict[str, Any]:
        """{state}: the next puzzle (a missed one due, the person's own, a new one near their rating)."""
        return training.next_puzzle(self._arg(arg).get("state"))

    @_refusals
    def puzzle_answer(self, arg: Any) -> dict[str, Any]:
        """{state, id, play}: right or wrong, the answer, why, the points at stake, the new rating."""
        arg = self._arg(arg)
        return training.answer(arg.get("state"), arg.get("id"), arg.get("play"))

    @_refusals
    def puzzle_own(self, arg: Any) -> dict[str, Any]:
        """{state, hand?}: a finished hand's costly plays of the person (the look-back's) as puzzles."""
        arg = self._arg(arg)
        game = self._need()
        looks = self.lookback.review(game, {k: v for k, v in arg.items() if k == "hand"})["looks"]
        return training.add_own(arg.get("state"), game.record(), looks, game.variant)

    # -- the bridge's entry -----------------------------------------------------------------------
    # every request the page may make, by name: the method's name, whether it takes an argument
    OPS: dict[str, tuple[str, bool]] = {
        "new_game": ("new_game", True), "check_game": ("check_game", True), "view": ("view", False), "show": ("show", True),
        "play": ("play", True), "computer_step": ("computer_step", False), "pause": ("pause", True), "next_hand": ("next_hand", False),
        "undo": ("undo", False), "last_trick": ("last_trick", False), "hint": ("hint", True),
        "coach": ("coach", True), "review": ("review", True), "review_ahead": ("review_ahead", False),
        "record": ("record", False), "save": ("save", False), "restore": ("restore", True), "peek": ("peek", True),
        "variants": ("describe", False), "rulebook": ("rules_page", True), "tick": ("tick", False),
        "tournament_new": ("tournament_new", True), "tournament_view": ("tournament_view", False),
        "tournament_simulate": ("tournament_simulate", True), "tournament_match": ("tournament_match", True),
        "tournament_play": ("tournament_play", True), "tournament_record": ("tournament_record", True),
        "tournament_save": ("tournament_save", False), "tournament_load": ("tournament_load", True),
        "tournament_quit": ("tournament_quit", False),
        "stats_add": ("stats_add", True), "stats_view": ("stats_view", True), "stats_merge": ("stats_merge", True),
        "stats_reset": ("stats_reset", False),
        "ponder_set": ("ponder_set", True), "ponder_status": ("ponder_status", False),
        "ponder_strength": ("ponder_strength", True),
        "daily_start": ("daily_start", True), "daily_step": ("daily_step", True),
        "daily_remember": ("daily_remember", True), "daily_calendar": ("daily_calendar", True),
        "puzzle_next": ("puzzle_next", True), "puzzle_answer": ("puzzle_answer", True), "puzzle_own": ("puzzle_own", True),
    }

    @_refusals
    def call(self, name: Any, payload: Any = None) -> dict[str, Any]:
        """Dispatch a request by name (what the bridge uses); an op without an argument refuses one."""
        if not isinstance(name, str) or name not in self.OPS:
            raise SessionError(f"unknown request {brief(name)}")
        check_value(payload, "the request", SessionError)  # bounded and JSON-like before any op reads it
        method, takes_arg = self.OPS[name]
        fn = getattr(self, method)
        if takes_arg:
            return fn(payload)
        if payload is not None:
            raise SessionError(f"{name} takes no argument")
        return fn()
