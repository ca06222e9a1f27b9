"""The game controller the page talks to: JSON-able values in and out, never a crash.

Pure Python, standard library only (it runs in the PyScript worker through static/bridge.py and in
CPython for the tests). Every public method returns a JSON-able dict; a bad request returns
``{"error": "..."}`` and changes nothing. The session never decides a rule: it asks the engine.

    s = Session()
    s.new_game({"variant": "scopa", "options": {}, "seed": 7,
                "seats": [{"human": True, "name": "Anna"}, {"human": False, "level": "random"}]})
    s.view()              # what the shown human may see (never another hand)
    s.play("9C:4B+5S")    # or {"card": "9C", "presa": ["4B", "5S"]}
    s.computer_step()     # one computer play, so the page can pace and animate it
    s.next_hand(); s.undo(); s.last_trick(); s.hint(); s.record()
"""

from __future__ import annotations

import random
from typing import Any

from scopa.errors import ScopaError
from scopa.record import from_record, to_record
from scopa.rules import PRESETS, preset
from scopa.state import Match, Play

from scopa_ai import LEVELS, make_player
from scopa_ai import hint as _ai_hint
from . import session_extras as extras
from .describe import describe
from .public import public_facts
from scopa.cards import card_str

LEVEL_NAMES = {"beginner": "Beginner", "easy": "Easy", "expert": "Expert", "master": "Master",
               "random": "Random"}


SAVE_FORMAT = "settebello-save/1"


class SessionError(Exception):
    """A request the session refuses, with the reason for the player."""


def _safe(fn):
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except (SessionError, ScopaError, ValueError, TypeError, KeyError) as err:
            return {"error": str(err) or type(err).__name__}
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


class Session:
    """One match on one device: seats (humans and computers), the engine match and its history."""

    def __init__(self, now: Any = None) -> None:
        """No game yet: call new_game. `now()` is the clock's time source in ms (a fake in tests)."""
        self.match: Match | None = None
        self.config: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.players: list[Any] = []
        self.rng = random.Random()
        self.shown: int | None = None  # the human seat whose hand the page shows
        extras.init(self, now)  # clock, forfeit, tournament (session_extras.py)

    # -- the dialog -----------------------------------------------------------------------------
    @staticmethod
    def variants() -> list[dict[str, Any]]:
        """Every preset: id, name, description, players, teams, target."""
        return [{"id": p.id, "name": p.name, "description": p.description,
                 "players": p.rules.players, "teams": p.rules.teams, "target": p.rules.target,
                 "rules": p.rules.options()} for p in PRESETS.values()]

    @staticmethod
    def levels() -> list[dict[str, str]]:
        """The computer levels, easiest first."""
        order = [l for l in ("beginner", "easy", "expert", "master") if l in LEVELS] or ["random"]
        return [{"id": l, "name": LEVEL_NAMES.get(l, l.title())} for l in order]

    # -- a new match ----------------------------------------------------------------------------
    @_safe
    def new_game(self, config: dict[str, Any]) -> dict[str, Any]:
        """Start a match from {variant, options, seats: [{human, name} | {human: false, level}], seed}."""
        if not isinstance(config, dict):
            raise SessionError("the game settings must be an object")
        variant = config.get("variant", "scopa")
        if not isinstance(variant, str):
            raise SessionError("the variant must be a preset id")
        options = config.get("options") or {}
        if not isinstance(options, dict):
            raise SessionError("options must be an object")
        rules = preset(variant).rules.with_options(options) if options else preset(variant).rules
        rules.validate()
        seats = config.get("seats")
        if seats is None:
            seats = [{"human": True, "name": "You"}] + [
                {"human": False, "level": self.levels()[0]["id"]} for _ in range(rules.players - 1)]
        if not isinstance(seats, list) or len(seats) != rules.players:
            raise SessionError(f"{preset(variant).name} needs {rules.players} seats")
        clean, names = [], []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                raise SessionError(f"seat {i + 1} must be an object")
            human = bool(seat.get("human", False))
            if human:
                name = str(seat.get("name") or f"Player {i + 1}").strip()[:24] or f"Player {i + 1}"
                clean.append({"human": True, "name": name})
            else:
                level = seat.get("level") or self.levels()[0]["id"]
                if level not in LEVELS and level != "random":
                    raise SessionError(f"unknown level {level!r}")
                name = str(seat.get("name") or f"Computer {i + 1}")[:24]
                clean.append({"human": False, "level": level, "name": name})
            names.append(clean[-1]["name"])
        if not any(s["human"] for s in clean):
            raise SessionError("at least one seat must be a person")
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SessionError("the seed must be a whole number")
        clock, link = extras.parse_clock(config), extras.parse_link(self, config)
        # all checked: now change state
        rng = random.Random(seed)
        match = Match.new(rules, rng, names)
        while not match.deal():
            pass
        self.match, self.rng, self.seats = match, rng, clean
        self.config = {"variant": variant, "options": options, "seats": clean, "seed": seed}
        self.players = [None if s["human"] else self._player(s["level"], seed * 31 + i)
                        for i, s in enumerate(clean)]
        self.shown = self._first_human_to_show()
        extras.start_match(self, clock, link)
        return self.view()

    def _player(self, level: str, seed: int):
        return make_player(level, random.Random(seed))

    def _humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["human"]]

    def _first_human_to_show(self) -> int:
        m = self.match
        if m.phase == "play" and self.seats[m.turn]["human"]:
            return m.turn
        return self._humans()[0]

    def _need(self) -> Match:
        if self.match is None:
            raise SessionError("no game yet: start a new game")
        return self.match

    # -- what the page shows --------------------------------------------------------------------
    @_safe
    def view(self) -> dict[str, Any]:
        """The shown human's view plus whose turn it is, who is a computer, and pass-screen state."""
        m = self._need()
        seat = self.shown if self.shown is not None else self._humans()[0]
        v = m.observe(seat).to_json()
        turn_human = m.phase == "play" and self.seats[m.turn]["human"]
        v["seats"] = [dict(s) for s in self.seats]
        v["variant"] = self.config["variant"]
        v["waiting"] = ("human" if turn_human else "computer") if m.phase == "play" else m.phase
        v["pass_to"] = m.turn if (turn_human and m.turn != seat) else None
        v.update(public_facts(m.observe(seat), hand_shown=v["pass_to"] is None))
        if not (turn_human and m.turn == seat):
            v["legal"] = []
        v["can_undo"] = self._undo_target() is not None
        v["scope_cards"], flags = self._scope_of_hand()
        if len(flags) == len(v["plays"]):
            for p, flag in zip(v["plays"], flags):
                p["scopa"] = flag
        extras.decorate_view(self, v)  # clock, forfeit, tournament table
        return v

    def _scope_of_hand(self) -> tuple[list[list[str]], list[bool]]:
        """The cards that made each side's scope in the last dealt hand (shown turned across the
        pile) and, per play of that hand, whether it was a scopa: the engine replays the hand."""
        m = self._need()
        cards: list[list[str]] = [[] for _ in range(m.sides)]
        hands = [h for h in m.log if not h.redeal]
        if not hands:
            return cards, []
        last = hands[-1]
        replay = Match(m.rules, m.names, m.dealer if m.phase == "play" else (m.dealer - 1) % m.n)
        replay.deal(last.deck)
        flags = []
        for play in last.plays:
            event = replay.push(play)
            flags.append(event.scopa)
            if event.scopa:
                cards[replay.side_of[event.seat]].append(card_str(play.card))
        return cards, flags

    @_safe
    def show(self, seat: int) -> dict[str, Any]:
        """After the "pass to X" screen: show that human's hand (only when it is their turn)."""
        m = self._need()
        if not (isinstance(seat, int) and 0 <= seat < m.n and self.seats[seat]["human"]):
            raise SessionError("that seat is not a person at this table")
        if m.phase == "play" and m.turn != seat:
            raise SessionError("it is not that player's turn")
        self.shown = seat
        return self.view()

    # -- playing --------------------------------------------------------------------------------
    @_safe
    def play(self, play: Any) -> dict[str, Any]:
        """The shown human plays: notation "9C:4B+5S" or {card, presa}. Returns {event, view}."""
        m = self._need()
        if m.phase != "play":
            raise SessionError("no hand is being played")
        if not self.seats[m.turn]["human"] or m.turn != self.shown:
            raise SessionError("it is not your turn")
        if isinstance(play, dict):
            card = play.get("card")
            presa = play.get("presa") or []
            if not isinstance(card, str) or not isinstance(presa, list):
                raise SessionError("a play is {card: '7D', presa: ['3C', '4B']}")
            notation = card + (":" + "+".join(presa) if presa else "")
        elif isinstance(play, str):
            notation = play
        else:
            raise SessionError("a play is a notation like 9C:4B+5S")
        extras.before_move(self)  # the clock: time is charged, a spent clock is a forfeit
        event = m.apply(m.parse_play(notation))
        extras.after_move(self)
        return {"event": event.to_json(), "view": self.view()}

    @_safe
    def computer_step(self) -> dict[str, Any]:
        """One computer play (when it is a computer's turn). Returns {event, view}."""
        m = self._need()
        if m.phase != "play" or self.seats[m.turn]["human"]:
            raise SessionError("it is not a computer's turn")
        extras.check_not_forfeited(self)
        seat = m.turn
        player = self.players[seat]
        view = m.observe(seat)
        started = self.now()
        chosen = player.choose(view) if player is not None else self.rng.choice(list(view.legal))
        if extras.computer_thought(self, self.now() - started):  # a timed computer ran out of time
            return {"event": None, "forfeit": self.forfeit, "view": self.view()}
        event = m.apply(chosen)
        extras.after_move(self)
        if m.phase == "play" and self.seats[m.turn]["human"] and len(self._humans()) == 1:
            self.shown = m.turn
        return {"event": event.to_json(), "view": self.view()}

    @_safe
    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand after the score sheet."""
        m = self._need()
        if m.phase != "deal":
            raise SessionError("the match is over" if m.phase == "over" else "the hand is not finished")
        extras.check_not_forfeited(self)
        while not m.deal():
            pass
        self.shown = self._first_human_to_show()
        extras.start_turn(self)
        return self.view()

    # -- undo, last trick, hint, record ---------------------------------------------------------
    def _undo_target(self) -> int | None:
        """Index in this hand's plays of the lone human's last play, if undo is allowed."""
        m = self.match
        humans = self._humans()
        if m is None or len(humans) != 1 or m.phase != "play" or not m.log:
            return None
        plays = m.log[-1].plays
        hand_start_turn = None
        # find the human's last play by replaying seats: the view lists (seat, play)
        seq = m.observe(humans[0]).plays
        for i in range(len(seq) - 1, -1, -1):
            if seq[i][0] == humans[0]:
                hand_start_turn = i
                break
        if hand_start_turn is None or len(seq) != len(plays):
            return None
        return hand_start_turn

    @_safe
    def undo(self) -> dict[str, Any]:
        """Take back the human's last play (and the computers' after it) by replaying the record."""
        m = self._need()
        extras.check_undo(self)
        target = self._undo_target()
        if target is None:
            raise SessionError("there is no play of yours to take back in this hand")
        record = to_record(m)
        record["hands"][-1]["plays"] = record["hands"][-1]["plays"][:target]
        rebuilt = from_record(record)
        rebuilt.rng = self.rng
        self.match = rebuilt
        self.shown = self._humans()[0]
        return self.view()

    @_safe
    def last_trick(self) -> dict[str, Any]:
        """The last play of this hand that took cards: who, the card played and the cards taken."""
        m = self._need()
        seat = self.shown if self.shown is not None else self._humans()[0]
        for s, p in reversed(m.observe(seat).plays):
            if p.presa:
                return {"seat": s, "name": m.names[s], **p.to_json()}
        return {"seat": None}

    @_safe
    def hint(self, level: Any = None) -> dict[str, Any]:
        """A suggested play for the human whose turn it is, as "expert" (default) or "master" plays."""
        m = self._need()
        level = level or "expert"
        if level not in ("expert", "master"):
            raise SessionError(f"a hint comes from 'expert' or 'master', not {level!r}")
        if m.phase != "play" or not self.seats[m.turn]["human"] or m.turn != self.shown:
            raise SessionError("it is not your turn")
        return _ai_hint(m.observe(m.turn), level).to_json()

    @_safe
    def record(self) -> dict[str, Any]:
        """The match record (RULES §6), with this session's variant id."""
        return extras.decorate_record(self, to_record(self._need(), self.config["variant"]))

    # -- save and restore (the page keeps the save in localStorage after every play) -------------
    @_safe
    def save(self) -> dict[str, Any]:
        """Everything needed to restore this match exactly: settings, record, shuffle state, shown seat."""
        m = self._need()
        version, internal, gauss = m.rng.getstate() if m.rng is not None else self.rng.getstate()
        # each computer player's own random state, so it goes on choosing as if never reloaded
        players_rng = [None if p is None else (lambda v, i, g: [v, list(i), g])(*p.rng.getstate())
                       for p in self.players]
        return {"format": SAVE_FORMAT, "config": self.config, "record": self.record(),
                "extras": extras.save(self),
                "rng": [version, list(internal), gauss], "players_rng": players_rng, "shown": self.shown}

    @_safe
    def restore(self, saved: Any) -> dict[str, Any]:
        """Rebuild a saved match (every play checked by the engine); a bad save changes nothing."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise SessionError("this is not a saved Settebello game")
        config, record, state = saved.get("config"), saved.get("record"), saved.get("rng")
        if not isinstance(config, dict) or not isinstance(record, dict):
            raise SessionError("the saved game is incomplete")
        fresh = Session()
        checked = fresh.new_game(config)  # the same checks as a new game: variant, options, seats
        if "error" in checked:
            raise SessionError(f"the saved game's settings are wrong: {checked['error']}")
        # A computer player that learns from the match (the master reads what kind of player each
        # other seat is) watches it again, every view it had at its turns: it chooses as before.
        watchers = {s: p for s, p in enumerate(fresh.players) if hasattr(p, "watch")}

        def rewatch(m: Match) -> None:
            if m.turn in watchers:
                watchers[m.turn].watch(m.observe(m.turn))

        match = from_record(record, rewatch if watchers else None)
        if match.rules != fresh.match.rules or list(match.names) != list(fresh.match.names):
            raise SessionError("the saved record does not belong to the saved settings")
        rng = random.Random()
        try:
            version, internal, gauss = state
            rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as err:
            raise SessionError(f"the saved shuffle state is damaged ({err})") from None
        players_rng = saved.get("players_rng")  # absent in older saves: the players start afresh
        if players_rng is not None:
            if not isinstance(players_rng, list) or len(players_rng) != len(fresh.players):
                raise SessionError("the saved computer players' state is damaged")
            player_states = []
            for player, pstate in zip(fresh.players, players_rng):
                if (player is None) != (pstate is None):
                    raise SessionError("the saved computer players' state does not match the seats")
                if pstate is not None:
                    probe = random.Random()
                    try:
                        probe.setstate((pstate[0], tuple(pstate[1]), pstate[2]))
                    except (TypeError, ValueError, IndexError) as err:
                        raise SessionError(f"the saved computer players' state is damaged ({err})") from None
                    player_states.append((player, probe.getstate()))
        shown = saved.get("shown")
        if shown is not None and not (isinstance(shown, int) and 0 <= shown < match.n
                                      and fresh.seats[shown]["human"]):
            raise SessionError("the saved game shows a seat that is not a person")
        match.rng = rng
        clock, forfeit, link = extras.check_restore(saved, match, fresh.seats)
        # all checked: now change state
        if players_rng is not None:
            for player, pstate in player_states:
                player.rng.setstate(pstate)
        self.match, self.rng, self.seats = match, rng, fresh.seats
        self.players, self.config = fresh.players, fresh.config
        self.shown = shown if shown is not None else self._first_human_to_show()
        extras.restore(self, clock, forfeit, link)
        return self.view()

    @_safe
    def call(self, name: str, payload: Any = None) -> dict[str, Any]:
        """Dispatch by name (what the bridge uses)."""
        table = {"new_game": lambda: self.new_game(payload), "view": self.view,
                 "play": lambda: self.play(payload), "computer_step": self.computer_step,
                 "next_hand": self.next_hand, "undo": self.undo, "last_trick": self.last_trick,
                 "hint": lambda: self.hint(payload), "record": self.record, "save": self.save,
                 "restore": lambda: self.restore(payload), "show": lambda: self.show(payload),
                 "variants": lambda: describe(self.variants(), self.levels())}
        table.update(extras.ops(self, payload))  # tick, tournament_*, stats_* (session_extras.py)
        if name not in table:
            raise SessionError(f"unknown request {name!r}")
        return table[name]()
