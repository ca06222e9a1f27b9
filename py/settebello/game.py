"""The match at the table and its undo: seats, computer players, the engine match, the shown seat.

One `Game` is one match on one device. It knows nothing of clocks or tournaments (the session
puts those beside it); every method either reads (`table_part`, `seats_part`, `record`, `last_trick`, `hint`, `save`)
or changes the match by one step (`apply`, `next_hand`, `undo`, `show`). A request it
refuses raises SessionError (or the engine's ScopaError) and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from scopa.cards import card_str
from scopa.errors import ScopaError
from scopa.inputs import brief
from scopa.mechanics import OWNER
from scopa.loop import Turn, choose_turn
from scopa.record import from_record, to_record
from scopa.rules import PRESETS, options_as_of, preset
from scopa.state import Match, Play, PlayerView, PlayEvent

from scopa_ai import LEVELS, seat_players
from scopa_ai.explain import advise, warn
from scopa_ai.holds import probable
from scopa_ai.thinking import searches_for
from . import lesson as first_lesson
from .daily import checked_seed as daily_seed
from .errors import SessionError, is_whole
from .view import SeatsPart, TablePart

LEVEL_NAMES = {"beginner": "Beginner", "easy": "Easy", "expert": "Expert", "master": "Master",
               "random": "Random"}
HINT_LEVELS = ("expert", "master")
CONFIG_KEYS = ("variant", "options", "seats", "seed", "clock", "tournament", "lesson", "daily", "replay")  # clock, tournament: the session's


def variants() -> list[dict[str, Any]]:
    """Every preset: id, name, description, players, teams, target."""
    return [{"id": p.id, "name": p.name, "description": p.description,
             "players": p.rules.players, "teams": p.rules.teams, "target": p.rules.target,
             "rules": p.rules.options()} for p in PRESETS.values()]


def levels() -> list[dict[str, str]]:
    """The computer levels, easiest first."""
    order = [lv for lv in ("beginner", "easy", "expert", "master") if lv in LEVELS] or ["random"]
    return [{"id": lv, "name": LEVEL_NAMES.get(lv, lv.title())} for lv in order]


def _as_played(config: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """A save's settings as its match was played: a save from before a preset changed (its record's
    `rules_revision`, scopa/rules.py's PRESETS_PAST) gets the options the preset had then written
    out, so the match comes back as it was, never under the preset's new rules."""
    variant, options = config.get("variant", "scopa"), config.get("options")
    if not isinstance(variant, str) or variant not in PRESETS or not isinstance(options, (dict, type(None))):
        return config  # Game.new says what is wrong
    migrated = options_as_of(variant, options or {}, record.get("rules_revision", 1))
    return config if migrated == (options or {}) else {**config, "options": migrated}


def _check_seats(seats: Any, players: int, variant_name: str) -> list[dict[str, Any]]:
    """The seats of a new game ([{human, name} | {human: false, level, name?}]), cleaned."""
    if seats is None:
        seats = [{"human": True, "name": "You"}] + [
            {"human": False, "level": levels()[0]["id"]} for _ in range(players - 1)]
    if not isinstance(seats, list) or len(seats) != players:
        raise SessionError(f"{variant_name} needs {players} seats")
    clean = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SessionError(f"seat {i + 1} must be an object")
        name = seat.get("name")
        if name is not None and not isinstance(name, str):
            raise SessionError(f"seat {i + 1}'s name must be text")
        human = seat.get("human", False)
        if not isinstance(human, bool):
            raise SessionError(f"seat {i + 1}'s 'human' must be true or false")
        remote = seat.get("remote", False)
        if not isinstance(remote, bool) or (remote and not human):
            raise SessionError(f"seat {i + 1}'s 'remote' (a person on another device) must be true or false, "
                               "and only a person's", reason="seats.remote")
        if human:
            name = (name or f"Player {i + 1}").strip()[:24] or f"Player {i + 1}"
            clean.append({"human": True, "name": name, **({"remote": True} if remote else {})})
        else:
            level = seat.get("level")
            level = levels()[0]["id"] if level is None else level
            if not isinstance(level, str) or level not in LEVELS:
                raise SessionError(f"unknown level {brief(level)}")
            clean.append({"human": False, "level": level, "name": (name or f"Computer {i + 1}")[:24]})
    if not any(s["human"] for s in clean):
        raise SessionError("at least one seat must be a person", reason="seats.person")
    if not any(s["human"] and not s.get("remote") for s in clean):
        raise SessionError("at least one person must sit at this device", reason="seats.local")
    return clean


def _check_rng_state(state: Any, what: str) -> tuple:
    """A random generator's saved state ([version, [ints], gauss]) as `Random.setstate` takes it."""
    if not (isinstance(state, list) and len(state) == 3 and is_whole(state[0])
            and isinstance(state[1], list) and all(is_whole(x) for x in state[1])
            and (state[2] is None or isinstance(state[2], (int, float)))):
        raise SessionError(f"{what} is damaged")
    version, internal, gauss = state
    probe = random.Random()
    try:
        probe.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as err:  # the shape is right, the numbers are not
        raise SessionError(f"{what} is damaged ({err})") from None
    return probe.getstate()


def _notation(play: Any) -> str:
    """A play from the page: notation "9C:4B+5S" or {card: "9C", presa: ["4B", "5S"], declare}
    (`declare` true: made with the hand's declarations, SB14: the notation's `!`)."""
    if isinstance(play, str):
        return play
    if isinstance(play, dict):
        card, presa, declare = play.get("card"), play.get("presa") or [], play.get("declare", False)
        if not isinstance(card, str) or not isinstance(presa, list) or not all(isinstance(t, str) for t in presa):
            raise SessionError("a play is {card: '7D', presa: ['3C', '4B']}")
        if type(declare) is not bool:
            raise SessionError("a play's declare is true or false")
        return card + (":" + "+".join(presa) if presa else "") + ("!" if declare else "")
    raise SessionError("a play is a notation like 9C:4B+5S")


class Game:
    """One match on one device: seats (humans and computers), the engine match, the shown seat."""

    def __init__(self, variant: str, options: dict[str, Any], seats: list[dict[str, Any]], seed: int,
                 match: Match, rng: random.Random) -> None:
        """A game around a match already dealt; use `Game.new` (checked settings) or `Game.restore`."""
        self.variant = variant
        self.options = options
        self.seats = seats
        self.seed = seed
        self.match = match
        self.rng = rng  # the match's shuffle, kept across undo and saves
        match.rng = rng
        self.players = seat_players([None if s["human"] else s["level"] for s in seats], seed)
        self.humans = [i for i, s in enumerate(seats) if s["human"]]
        # the persons at this device; a remote seat (people.py) is a person on another device, whose
        # hand this device never shows and to whom it is never passed
        self.local = [i for i in self.humans if not seats[i].get("remote")]
        self.shown = self._first_human_to_show()  # the human seat whose hand the page shows
        # whether the device is known to be in the shown person's hands: with one person at the
        # table it is theirs from the start; at one device shared by several, only once a person
        # has said "it is me" on the pass screen (`show`), from the first deal to the last
        self.handed = len(self.local) <= 1
        self.lesson: str | None = None  # the first lesson's id (lesson.py): its script plays the hand
        self.daily: str | None = None  # the day of today's deal (daily.py) this game is, if it is one
        self.replay = False  # a day's deal played again: marked, never the day's result
        # The computer replies that the person's thinking time gave more searches (issue 46,
        # scopa_ai/thinking.py): {hand, play, seat, ms, searches}, indices from 0; the record's
        # "thinking" field, so that a replay gives the same plays.
        self.thinking: list[dict[str, int]] = []
        # The hints given (`hint`): (the record's hand, the play's number in it, seat), 1-based as
        # the review counts them, -> (the hint's play, its level): so that a look back at a hand can
        # say that a play it judges was the hint's (review of 2026-11-30).
        self.hints: dict[tuple[int, int, int], tuple[str, str]] = {}

    @classmethod
    def new(cls, config: Any) -> "Game":
        """A dealt match from {variant, options, seats, seed} (clock and tournament are the session's)."""
        if not isinstance(config, dict):
            raise SessionError("the game settings must be an object")
        unknown = sorted(str(k) for k in config if k not in CONFIG_KEYS)
        if unknown:
            raise SessionError(f"unknown game setting(s): {', '.join(unknown)}; the settings are: "
                               f"{', '.join(CONFIG_KEYS)}")
        if config.get("lesson") is not None:
            return cls._lesson(config)
        variant = config.get("variant", "scopa")
        if not isinstance(variant, str):
            raise SessionError("the variant must be a preset id")
        options = config.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise SessionError("options must be an object")
        if config.get("daily") is not None:
            daily_seed(config)  # a day's deal is refused for what makes it one before anything else
        rules = preset(variant).rules.with_options(options) if options else preset(variant).rules
        rules.validate()
        seats = _check_seats(config.get("seats"), rules.players, preset(variant).name)
        seed = config.get("seed")
        if config.get("daily") is not None:  # today's deal (daily.py): the day's seed, its seats
            seed = daily_seed(config)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not is_whole(seed):
            raise SessionError("the seed must be a whole number", reason="seed")
        rng = random.Random(seed)
        match = Match.new(rules, rng, [s["name"] for s in seats])
        match.deal_until_played()
        replay = config.get("replay", False)
        if type(replay) is not bool or (replay and config.get("daily") is None):
            raise SessionError("'replay' is true or false, and only for a day's deal", reason="daily.replay")
        game = cls(variant, options, seats, seed, match, rng)
        game.daily, game.replay = config.get("daily"), replay
        return game

    @classmethod
    def _lesson(cls, config: dict[str, Any]) -> "Game":
        """The first lesson (lesson.py): {lesson: "first", seats?} — the seats only name the person
        and the computer; the deal, the rules and both sides' plays are the lesson's."""
        if config["lesson"] != first_lesson.LESSON_ID:
            raise SessionError(f"unknown lesson {brief(config['lesson'])}")
        rules = first_lesson.rules()
        seats = _check_seats(config.get("seats"), rules.players, preset(first_lesson.VARIANT).name)
        if [s["human"] for s in seats] != [True, False]:
            raise SessionError("the lesson is a person against the computer, the person first")
        seed = 0  # nothing is shuffled: the script plays the computer
        match = first_lesson.new_match([s["name"] for s in seats])
        game = cls(first_lesson.VARIANT, dict(first_lesson.OPTIONS), seats, seed, match, random.Random(seed))
        game.lesson = first_lesson.LESSON_ID
        return game

    @property
    def config(self) -> dict[str, Any]:
        """The settings this game was made from (what a save keeps)."""
        if self.lesson is not None:
            return {"lesson": self.lesson, "seats": self.seats}
        config = {"variant": self.variant, "options": self.options, "seats": self.seats, "seed": self.seed}
        return config if self.daily is None else {**config, "daily": self.daily, "replay": self.replay}

    def _first_human_to_show(self) -> int:
        m = self.match
        if m.phase == "play" and m.turn in self.local:
            return m.turn
        return self.local[0]

    # -- reading ----------------------------------------------------------------------------
    def pass_to(self) -> int | None:
        """The person the device must be passed to before anything of theirs is shown: the person
        to play, unless the device is already known to be in their hands (a pass screen before each
        person's first hand too)."""
        m = self.match
        if m.phase == "play" and m.turn in self.local and (m.turn != self.shown or not self.handed):
            return m.turn
        return None

    def hand_hidden(self) -> bool:
        """Whether the page may show no hand now: the pass screen is up, or the device has not yet
        been handed to anyone (a computer plays first at a table of several persons)."""
        return self.pass_to() is not None or not self.handed

    def observed(self) -> PlayerView:
        """What the page may show: the shown seat's view, but while the pass screen is up a card
        claimed face down is as nobody sees it (SB62), so the claimer's card, pending or trusted,
        is not in the page the next person is handed (their own view shows it again)."""
        return self.match.observe(self.shown, hidden_from_all=self.hand_hidden())

    def table_part(self) -> TablePart:
        """The table as the page may show it (view.py): while the pass screen is up (`pass_to` is a
        seat) no hidden card: the hand is empty (its count stays in `hand_counts`), a claimed card
        is face down (`observed`) and there is nothing to play; each play says if it was a scopa."""
        m = self.match
        turn_human = m.phase == "play" and self.seats[m.turn]["human"]
        return TablePart(self.observed(), hand_shown=not self.hand_hidden(),
                         legal_open=turn_human and m.turn == self.shown and self.handed,
                         scopa_flags=tuple(self._scope_of_hand()[1]))

    def seats_part(self) -> SeatsPart:
        """Whose turn it is, who is a computer, the pass screen, undo and hints (view.py)."""
        m = self.match
        turn_human = m.phase == "play" and self.seats[m.turn]["human"]
        return SeatsPart(
            seats=[dict(s) for s in self.seats], variant=self.variant,
            waiting=("human" if turn_human else "computer") if m.phase == "play" else m.phase,
            pass_to=self.pass_to(), can_undo=self.undo_target() is not None, undo_off=self.undo_off(),
            can_hint=self.daily is None,
            daily=None if self.daily is None else {"day": self.daily, "replay": self.replay},
            scope_cards=self._scope_of_hand()[0],
            lesson=None if self.lesson is None else first_lesson.step(m, levels()))

    def event_json(self, event: PlayEvent) -> dict[str, Any]:
        """A play's event as the shown seat may see it (as nobody while the pass screen is up)."""
        return event.to_json(viewer=None if self.hand_hidden() else self.shown)

    def _scope_of_hand(self) -> tuple[list[list[str]], list[bool]]:
        """The cards that made each side's scope in the last dealt hand (shown turned across the
        pile) and, per play of that hand, whether it was a scopa: read from the hand's events."""
        m = self.match
        cards: list[list[str]] = [[] for _ in range(m.sides)]
        hands = [h for h in m.log if not h.redeal]
        if not hands:
            return cards, []
        events = hands[-1].events
        viewer = None if self.hand_hidden() else self.shown
        for event in events:
            # SB62: a trusted claim's card stays face down in the pile for every other seat
            if event.scopa and event.shows_card_to(viewer):
                cards[m.side_of[event.seat]].append(card_str(event.play.card))
        return cards, [e.scopa for e in events]

    def undo_off(self) -> str | None:
        """Why this game never takes a play back (one of UNDO_OFF), or None: a day's deal is compared
        play for play with the master; where several people play, a card laid stays played, as at a
        real table (a clock, the third reason, is the session's: view.py)."""
        if self.daily is not None:
            return "daily"
        if len(self.humans) > 1:
            return "people"
        return None

    def undo_target(self) -> int | None:
        """Index in this hand's plays of the lone human's last play, if undo is allowed."""
        m = self.match
        if self.undo_off() is not None or len(self.humans) != 1 or m.phase != "play" or not m.log:
            return None  # never in such a game (undo_off), nor with no person to take a play back
        events = m.log[-1].events
        mine = [i for i, e in enumerate(events) if e.seat == self.humans[0]]
        return mine[-1] if mine else None

    def last_trick(self) -> dict[str, Any]:
        """The last play of this hand that took cards: who, the card played and the cards taken."""
        m = self.match
        for s, p in reversed(m.observe(self.shown).plays):
            if p.presa:
                return {"seat": s, "name": m.names[s], **p.to_json()}
        return {"seat": None}

    def hint(self, level: Any) -> dict[str, Any]:
        """A suggested play for the shown human on their turn, as `level` plays, with its `reason`
        (scopa_ai/explain.py: {key, params} of the page's words, or None) and the coach's `belief`
        (scopa_ai/holds.py: what an opponent probably holds, or None)."""
        if level is None:
            level = "expert"
        if level not in HINT_LEVELS:
            raise SessionError(f"a hint comes from 'expert' or 'master', not {brief(level)}")
        if self.daily is not None:  # the master's own play would be its hint: the comparison would say nothing
            raise SessionError("today's deal is played without hints", reason="daily.hint")
        self.check_persons_turn()
        if self.lesson is not None:  # the lesson's hint is its script's play; its coach says why
            return {**first_lesson.allowed(self.match)[0].to_json(), "reason": None, "belief": None}
        m = self.match
        view = m.observe(m.turn)
        play, reason = advise(view, level)
        self.hints[(len(m.log), len(m.log[-1].plays) + 1, m.turn)] = (str(play), level)
        belief = probable(view)
        return {**play.to_json(), "reason": None if reason is None else reason.to_json(),
                "belief": None if belief is None else belief.to_json()}

    def coach(self, play: Any) -> dict[str, Any]:
        """The coach's word before the shown person's play (checked, not made): {warning: {key,
        params}} when it leaves the next player an obvious scopa or the Settebello and another play
        would not (scopa_ai/explain.py warn), else {warning: None}. Never in the lesson, nor in
        today's deal, which has no hint either: a warning is half a hint, and the day's result is
        compared with the master's own play (the review of 2026-11-30)."""
        checked = self.parse_play(play)
        if self.lesson is not None or self.daily is not None:
            return {"warning": None}
        found = warn(self.match.observe(self.match.turn), checked)
        return {"warning": None if found is None else found.to_json()}

    def record(self) -> dict[str, Any]:
        """The match record (RULES §6), with this game's variant id and, when the person's thinking
        time bought a reply more searches, the extra "thinking" field (RULES §6 readers ignore it)."""
        record = to_record(self.match, self.variant)
        if self.thinking:
            record["thinking"] = [dict(t) for t in self.thinking]
        return record

    def thought(self, seat: int, ms: float, searches: int) -> None:
        """Note that the reply about to be made by `seat` had `searches` searches, bought by the
        person's `ms` of thinking (scopa_ai/thinking.py); one search (today's) is not noted."""
        if searches > 1:
            m = self.match
            self.thinking.append({"hand": len(m.log) - 1, "play": len(m.log[-1].plays), "seat": seat,
                                  "ms": int(round(ms)), "searches": searches})

    def save(self) -> dict[str, Any]:
        """The random states and the shown seat a save needs beside the settings and the record."""
        version, internal, gauss = self.rng.getstate()
        # each computer player's own random state, so it goes on choosing as if never reloaded
        players_rng = [None if p is None else (lambda v, i, g: [v, list(i), g])(*p.rng.getstate())
                       for p in self.players]
        return {"rng": [version, list(internal), gauss], "players_rng": players_rng, "shown": self.shown,
                "hints": [[*key, *given] for key, given in sorted(self.hints.items())]}

    def hinted(self, hand: int, play: int, seat: int, made: str) -> str | None:
        """The level of the hint `made` followed at that play (the review's numbering), else None."""
        given = self.hints.get((hand, play, seat))
        return given[1] if given is not None and given[0] == made else None

    # -- changing the match -----------------------------------------------------------------------
    def check_persons_turn(self) -> None:
        """Refuse unless a hand is being played and it is the shown person's turn."""
        m = self.match
        if m.phase != "play":
            raise SessionError("no hand is being played")
        if not self.seats[m.turn]["human"] or m.turn != self.shown or not self.handed:
            raise SessionError("it is not your turn")

    def parse_play(self, play: Any) -> Play:
        """The shown person's play from the page, checked by the engine (nothing is played)."""
        self.check_persons_turn()
        checked = self.match.parse_play(_notation(play))
        mech = OWNER.get(type(checked))
        record_only = mech.record_only(checked) if mech is not None else None
        if record_only is not None:  # a form only a record writes (SB66: a claim with its answer)
            raise SessionError(record_only[0], reason=record_only[1])
        if self.lesson is not None:
            first_lesson.check(self.match, checked)
        return checked

    def choose(self, timer: Callable[[], float]) -> Turn:
        """The computer to move chooses its play (not made yet), timed by `timer` in ms."""
        m = self.match
        if m.phase != "play" or self.seats[m.turn]["human"]:
            raise SessionError("it is not a computer's turn")
        if self.lesson is not None:
            return Turn(m.turn, first_lesson.computer_play(m), 0.0)
        return choose_turn(m, self.players, timer)

    def apply(self, play: Play) -> PlayEvent:
        """Make a checked play; with one person at the table, their hand shows when it is their turn."""
        m = self.match
        event = m.apply(play)
        if m.phase == "play" and m.turn in self.local and len(self.local) == 1:
            self.shown = m.turn
        return event

    def show(self, seat: Any) -> None:
        """After the "pass to X" screen: show that human's hand (only when it is their turn)."""
        m = self.match
        if not (is_whole(seat) and 0 <= seat < m.n and seat in self.local):
            raise SessionError("that seat is not a person at this table")
        if m.phase == "play" and m.turn != seat:
            raise SessionError("it is not that player's turn")
        self.shown = seat
        self.handed = True

    def next_hand(self) -> None:
        """Deal the next hand after the score sheet."""
        m = self.match
        if m.phase != "deal":
            raise SessionError("the match is over" if m.phase == "over" else "the hand is not finished")
        m.deal_until_played()
        if len(self.local) <= 1:
            self.shown = self._first_human_to_show()
        else:
            # several persons: everyone crowded round the score sheet, so the new hand opens on the
            # pass screen, even for the one who played last (the review of 2026-11-30: whoever
            # pressed Next hand saw that person's new cards)
            self.handed = False

    def undo(self) -> None:
        """Take back the lone human's last play (and the computers' after it): the match is
        rebuilt from its record without them, the shuffle kept."""
        target = self.undo_target()
        if target is None:
            raise SessionError("there is no play of yours to take back in this hand")
        record = to_record(self.match)
        record["hands"][-1]["plays"] = record["hands"][-1]["plays"][:target]
        hand = len(record["hands"]) - 1
        self.thinking = [t for t in self.thinking if (t["hand"], t["play"]) < (hand, target)]
        # the hints of the plays taken back go too, but the one for the play to be made again
        self.hints = {k: v for k, v in self.hints.items() if k[:2] <= (hand + 1, target + 1)}
        rebuilt = from_record(record)
        rebuilt.rng = self.rng
        self.match = rebuilt
        self.shown = self.humans[0]

    # -- restoring --------------------------------------------------------------------------------
    @classmethod
    def restore(cls, config: Any, record: Any, rng_state: Any, players_rng: Any, shown: Any,
                hints: Any = None) -> "Game":
        """Rebuild a saved game (every play checked by the engine); SessionError or RecordError
        saying what is damaged. The computer players watch the match again, as they did."""
        if not isinstance(config, dict) or not isinstance(record, dict):
            raise SessionError("the saved game is incomplete", reason="save.incomplete")
        try:
            config = _as_played(config, record)
            game = cls.new(config)  # the same checks as a new game: variant, options, seats
        except ScopaError as err:  # SessionError is one
            raise SessionError(f"the saved game's settings are wrong: {err}", reason="save.settings") from None
        # A computer player that learns from the match (the master reads what kind of player each
        # other seat is) watches it again, every view it had at its turns: it chooses as before.
        watchers = {s: p for s, p in enumerate(game.players) if hasattr(p, "watch")}

        def rewatch(m: Match) -> None:
            if m.turn in watchers:
                watchers[m.turn].watch(m.observe(m.turn))

        match = from_record(record, rewatch if watchers else None)
        if match.rules != game.match.rules or list(match.names) != list(game.match.names):
            raise SessionError("the saved record does not belong to the saved settings", reason="save.mismatch")
        rng = random.Random()
        rng.setstate(_check_rng_state(rng_state, "the saved shuffle state"))
        states: list[Any] = [None] * len(game.players)
        if players_rng is not None:  # absent in older saves: the players start afresh
            if not isinstance(players_rng, list) or len(players_rng) != len(game.players):
                raise SessionError("the saved computer players' state is damaged")
            for seat, (player, state) in enumerate(zip(game.players, players_rng)):
                if (player is None) != (state is None):
                    raise SessionError("the saved computer players' state does not match the seats")
                if state is not None:
                    states[seat] = _check_rng_state(state, "the saved computer players' state")
        if shown is not None and not (is_whole(shown) and 0 <= shown < match.n and shown in game.local):
            raise SessionError("the saved game shows a seat that is not a person")
        for player, state in zip(game.players, states):
            if state is not None:
                player.rng.setstate(state)
        game.thinking = _check_thinking(record.get("thinking", []), match)
        game.hints = _check_hints([] if hints is None else hints, match)  # absent in older saves
        game.match, game.rng = match, rng
        match.rng = rng
        game.shown = shown if shown is not None else game._first_human_to_show()
        return game


def _check_hints(value: Any, match: Match) -> dict[tuple[int, int, int], tuple[str, str]]:
    """A save's hints (`Game.save`), checked against its match: SessionError saying what is wrong."""
    if not isinstance(value, list):
        raise SessionError("the saved hints must be a list")
    hints = {}
    for item in value:
        if not (isinstance(item, list) and len(item) == 5 and all(is_whole(x) and x >= 0 for x in item[:3])
                and item[0] >= 1 and item[1] >= 1 and isinstance(item[3], str) and item[4] in HINT_LEVELS):
            raise SessionError("each saved hint is [hand, play, seat, play, level]: the hand and the play "
                               f"counted from 1, the seat from 0, a play and 'expert' or 'master', not {brief(item)}")
        hand, play, seat = item[:3]
        if hand > len(match.log) or seat >= match.n:
            raise SessionError(f"a saved hint names a hand or a seat the match does not have: {brief(item)}")
        hints[(hand, play, seat)] = (item[3], item[4])
    return hints


def _check_thinking(value: Any, match: Match) -> list[dict[str, int]]:
    """A record's "thinking" field (`Game.thought`), checked against its match: SessionError
    saying what is wrong."""
    keys = ("hand", "play", "seat", "ms", "searches")
    if not isinstance(value, list) or len(value) > 10_000:
        raise SessionError("the record's thinking must be a list of the computer's replies")
    out = []
    for t in value:
        if not isinstance(t, dict) or sorted(t) != sorted(keys) or not all(is_whole(t[k]) and t[k] >= 0 for k in keys):
            raise SessionError(f"each reply of the record's thinking is {{{', '.join(keys)}}}, whole numbers of at "
                               f"least 0, not {brief(t)}")
        plays = match.log[t["hand"]].plays if t["hand"] < len(match.log) else []
        if t["play"] >= len(plays) or t["seat"] >= match.n or t["searches"] != searches_for(t["ms"]) or t["searches"] < 2:
            raise SessionError(f"the record's thinking names a reply the record does not hold, or searches its "
                               f"time does not give: {brief(t)}")
        out.append({k: t[k] for k in keys})
    return out
