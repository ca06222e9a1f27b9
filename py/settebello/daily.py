"""Today's deal (issue 47): duplicate Scopa against the master, the same decks for everyone that day.

The day is the player's calendar date as the device shows it, written 'YYYY-MM-DD'; the seed is a
hash of it (and of the variant), so every device in every time zone deals the same decks on the same
date with no server, and the next date deals others. The person plays the match against the master
(seat 0 the person, seat 1 the master). Then the master plays the same decks from the person's seat
against the very same opponent (`seat_players` gives seat 1 the same generator in both matches) and
the two are compared hand by hand, as duplicate bridge compares tables.

    config = daily_config("2026-11-29")           # Session.new_game's settings for today's deal
    dup = Duplicate(config)                        # the master in the person's seat ...
    while not dup.step(20): ...                    # ... played a few plays at a time (the page paces it)
    sheet = compare(person_record, dup.match)      # both results, hand by hand; where the plays parted
    share_lines(sheet)                             # the result to share: no card named, a row per hand

What the device keeps (the days played, their results, the streak) is the page's (static/js/daily.js,
localStorage); the functions at the end read and update that JSON, so the rules of "one try a day"
and of the streak are written once, here.
"""

from __future__ import annotations

import hashlib
import random
import re
from typing import Any

from scopa.loop import play_turn
from scopa.record import from_record, to_record
from scopa.rules import PRESETS, preset
from scopa.state import Match

from scopa_ai import seat_players
from .errors import SessionError, is_whole

__all__ = ["DAILY_VARIANT", "OPPONENT", "check_day", "daily_seed", "daily_config", "Duplicate", "compare",
           "share_lines", "history_of", "attempt", "remember", "streak", "calendar"]

DAILY_VARIANT = "scopa"
# The seat the master plays in today's deal, named as the page names it (i18n "daily.master" words it).
OPPONENT = {"human": False, "level": "master", "name": "Master"}
# The master playing from the person's seat in the duplicate, as its record names it (the page words
# it, i18n "seat.masterInYourSeat"): not the person's name, whose plays these are not (review of
# 2026-12-01: the replay said "You play the Ace of Swords" of the master's play).
MASTER_IN_YOUR_SEAT = "Master in your seat"
# What the seed hashes besides the day and the variant: a new version deals new decks for every day.
SALT = "settebello-daily/1"
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# The marks of the shared result: a point of the person's side, a point of the other side, and
# the verdict of a hand against the master in the person's seat (better, the same, worse). Shapes
# every system font draws (an emoji square is a blank box where no emoji font is installed).
MARK_OURS, MARK_THEIRS = "●", "○"
VERDICT = {1: "▲", 0: "=", -1: "▼"}
# Days kept in the device's history at most (some three years); the oldest are forgotten first.
KEEP_DAYS = 1100


def check_day(day: Any) -> str:
    """The day as 'YYYY-MM-DD' (a real calendar date), or SessionError saying what is wrong."""
    import datetime  # here, not at the top: the page's boot (its snapshot) needs none of it
    if not isinstance(day, str) or not DAY.fullmatch(day):
        raise SessionError(f"a day is written YYYY-MM-DD, not {day!r}", reason="daily.day")
    try:
        datetime.date.fromisoformat(day)
    except ValueError:
        raise SessionError(f"{day} is not a date of the calendar", reason="daily.day") from None
    return day


def check_variant(variant: Any) -> str:
    """A preset played by two (today's deal is one person against the master), or SessionError."""
    if not isinstance(variant, str):
        raise SessionError("the variant must be a preset id")
    if preset(variant).rules.players != 2:
        raise SessionError(f"today's deal is played by two; {preset(variant).name} is not", reason="daily.variant")
    return variant


def daily_variants() -> list[str]:
    """The presets a day's deal may be played in (played by two), the classic one first."""
    return [DAILY_VARIANT] + [v for v in PRESETS if v != DAILY_VARIANT and PRESETS[v].rules.players == 2]


def daily_seed(day: str, variant: str = DAILY_VARIANT) -> int:
    """The seed of `day`'s deal in `variant`: the first 31 bits of SHA-256 of the salt, the variant
    and the day, the same on every device (never Python's `hash`, which is salted per process)."""
    digest = hashlib.sha256(f"{SALT}|{check_variant(variant)}|{check_day(day)}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def daily_config(day: str, variant: str = DAILY_VARIANT, name: str = "You") -> dict[str, Any]:
    """Session.new_game's settings of `day`'s deal: the person in seat 0, the master in seat 1."""
    return {"variant": check_variant(variant), "seed": daily_seed(day, variant), "daily": check_day(day),
            "seats": [{"human": True, "name": name}, dict(OPPONENT)]}


def checked_seed(config: dict[str, Any]) -> int:
    """The seed of a day's deal from its settings (Game.new asks): the day's own, a seed given must be
    it, and the seats the person's and the master's; SessionError saying what is wrong."""
    seed = daily_seed(config["daily"], config.get("variant", DAILY_VARIANT))
    if config.get("seed") is not None and config["seed"] != seed:
        raise SessionError("a day's deal is dealt from its day's seed, not another", reason="daily.seed")
    if config.get("options"):
        raise SessionError("a day's deal is played by its variant's own rules, with no options", reason="daily.options")
    if not is_daily({**config, "seed": seed}):
        raise SessionError("a day's deal is one person (seat 1) against the master", reason="daily.seats")
    return seed


def is_daily(config: Any) -> bool:
    """Whether a game's settings are a day's deal as `daily_config` makes them (the seed the day's)."""
    if not isinstance(config, dict) or config.get("daily") is None:
        return False
    seats = config.get("seats")
    return (config.get("seed") == daily_seed(config["daily"], config.get("variant", DAILY_VARIANT))
            and isinstance(seats, list) and len(seats) == 2 and all(isinstance(s, dict) for s in seats)
            and seats[0].get("human") is True and not seats[1].get("human")
            and seats[1].get("level") == OPPONENT["level"])


class Duplicate:
    """The master playing the day's decks from the person's seat against the same opponent: a
    match of its own, played a few plays at a time so the page can show it going and stay alive."""

    def __init__(self, config: dict[str, Any]) -> None:
        """The duplicate of the day's deal `config` (`daily_config`'s), dealt, nothing played."""
        if not is_daily(config):
            raise SessionError("this game is not a day's deal", reason="daily.not_daily")
        self.config = config
        rules = preset(config["variant"]).rules
        seed = config["seed"]
        self.rng = random.Random(seed)  # the same shuffle as Game.new's: the same decks, hand by hand
        names = [MASTER_IN_YOUR_SEAT if s.get("human") else s["name"] for s in config["seats"]]
        self.match = Match.new(rules, self.rng, names)
        # seat 1 gets the generator it had against the person (seat_players seeds seat i by seed and i)
        self.players = seat_players([OPPONENT["level"], OPPONENT["level"]], seed)
        self.plays = 0

    @property
    def done(self) -> bool:
        """Whether the duplicate match is over."""
        return self.match.phase == "over"

    def step(self, plays: int) -> bool:
        """Play at most `plays` more plays (dealing as hands end); whether the match is over."""
        for _ in range(plays):
            if play_turn(self.match, self.players) is None:
                break
            self.plays += 1
        return self.done

    def adopt(self, record: Any) -> bool:
        """Take a finished duplicate the device kept (its record) instead of playing it again, when it
        is this one: dealt from the day's seed, every play legal, the match over. Whether it was taken;
        a record that is not changes nothing (the master plays the duplicate as before)."""
        if self.plays or not isinstance(record, (dict, str)):
            return False
        try:
            kept = from_record(record)
        except (ValueError, TypeError, KeyError):  # ScopaError is a ValueError: damaged or illegal
            return False
        if kept.phase != "over":
            return False
        fresh = Duplicate(self.config)
        m, plays = fresh.match, [p for hand in kept.log for p in hand.plays]
        try:
            for play in plays:
                if m.phase == "deal":
                    m.deal_until_played()
                if m.phase != "play":
                    return False
                m.apply(play)
        except ValueError:
            return False
        if m.phase != "over" or m.log != kept.log:
            return False  # another day's decks, or not played to the end
        self.match, self.plays = m, len(plays)
        return True

    def finish(self) -> Match:
        """Play the duplicate to its end; its match."""
        while not self.step(1000):
            pass
        return self.match


def _rows(match: Match) -> list[tuple[int, ...]]:
    """Each scored hand's points per side."""
    return [tuple(r.totals) for r in match.results]


def _parted(person: Match, master: Match, turns: list[list[int]]) -> dict[str, Any] | None:
    """The first play where the two matches differ: the record's hand (1-based, void deals counted, as
    the replay viewer counts), the play's number in that hand (1-based), whose it was (`turns`: the seat
    of each play of each hand of the person's match) and both plays."""
    for h, (a, b) in enumerate(zip(person.log, master.log), start=1):
        for p, (x, y) in enumerate(zip(a.plays, b.plays), start=1):
            if x != y:
                return {"hand": h, "play": p, "seat": turns[h - 1][p - 1], "yours": str(x), "master": str(y)}
        if len(a.plays) != len(b.plays):
            break
    return None


def compare(record: Any, master: Match, seat: int = 0) -> dict[str, Any]:
    """The comparison sheet: the person's match (its record) against the master's in their seat.

    {hands: [{hand, you: [ours, theirs] | None, master: [...] | None, verdict}], you: [ours, theirs],
    master: [...], verdict, parted: {hand, play, yours, master} | None}: `ours` is the points of
    `seat`'s side, `theirs` the other side's; `verdict` is +1 where the person's margin beat the
    master's (the hand's, or the match's), 0 the same, -1 worse (in a misère game fewer points win).
    A hand one match played and the other did not (it ended sooner) is None on that side."""
    turns: list[list[int]] = []

    def note(m: Match) -> None:  # the seat of each play, hand by hand (void deals have none)
        turns.extend([] for _ in range(len(m.log) - len(turns)))
        turns[len(m.log) - 1].append(m.turn)

    person = from_record(record, note)
    turns.extend([] for _ in range(len(person.log) - len(turns)))
    shared = min(len(person.log), len(master.log))
    if [h.deck for h in person.log[:shared]] != [h.deck for h in master.log[:shared]]:
        raise SessionError("that record was not dealt from the same decks", reason="daily.decks")
    if person.rules != master.rules:
        raise SessionError("that record is not of the same game", reason="daily.decks")
    ours = person.side_of[seat]
    sign = -1 if person.rules.misere else 1

    def pair(points: tuple[int, ...]) -> list[int]:
        return [points[ours], points[1 - ours]]

    def verdict(a: list[int] | None, b: list[int] | None) -> int:
        if a is None or b is None:
            return 0
        d = sign * ((a[0] - a[1]) - (b[0] - b[1]))
        return (d > 0) - (d < 0)

    mine, theirs = _rows(person), _rows(master)
    hands = []
    for i in range(max(len(mine), len(theirs))):
        you = pair(mine[i]) if i < len(mine) else None
        other = pair(theirs[i]) if i < len(theirs) else None
        hands.append({"hand": i + 1, "you": you, "master": other, "verdict": verdict(you, other)})
    you_total, master_total = pair(tuple(person.totals)), pair(tuple(master.totals))
    return {"hands": hands, "you": you_total, "master": master_total,
            "over": person.phase == "over" and master.phase == "over",
            "verdict": verdict(you_total, master_total), "parted": _parted(person, master, turns)}


def share_lines(sheet: dict[str, Any], day: str, replay: bool = False) -> list[Any]:
    """The result to share, with no card named: the words' keys with their facts (the page words them,
    static/i18n "daily.share.*") and one row of marks per hand: a full dot per point of the
    person's side, an empty one per point of the other side, then how the hand compares with the master
    in the person's seat (better, the same, worse)."""
    lines: list[Any] = [{"key": "daily.share.replay" if replay else "daily.share.head", "params": {"day": check_day(day)}},
                        {"key": "daily.share.score", "params": {"ours": sheet["you"][0], "theirs": sheet["you"][1],
                                                                "master_ours": sheet["master"][0],
                                                                "master_theirs": sheet["master"][1]}}]
    for row in sheet["hands"]:
        if row["you"] is None:
            continue  # a hand only the master's match played: nothing of the person's to show...
        ours, theirs = row["you"]
        lines.append(MARK_OURS * ours + MARK_THEIRS * theirs + " " + VERDICT[row["verdict"]])
    more = sum(1 for row in sheet["hands"] if row["you"] is None)
    if more:  # ...but said, or the rows and the master's score disagree (the review of 2026-12-01)
        lines.append({"key": "daily.share.masterMore", "params": {"count": more}})
    return lines


# -- the device's history of days ----------------------------------------------------------------

def _pair(value: Any) -> bool:
    """Whether `value` is two whole numbers of points."""
    return isinstance(value, list) and len(value) == 2 and all(is_whole(x) and x >= 0 for x in value)


def history_of(history: Any) -> dict[str, Any]:
    """The device's history ({days: {day: entry}}), checked: SessionError saying what is damaged.
    An entry is {variant, replays} once the day's try has started, and {variant, replays, you: [ours,
    theirs], master: [...], verdict} once it is finished (the first try's result: the day's)."""
    if history is None:
        return {"days": {}}
    if not isinstance(history, dict) or not isinstance(history.get("days", {}), dict):
        raise SessionError("the history of today's deals is damaged (not {days: {...}})", reason="daily.history")
    days = history.get("days", {})
    if len(days) > 2 * KEEP_DAYS:
        raise SessionError("the history of today's deals is damaged (too many days)", reason="daily.history")
    for day, entry in days.items():
        check_day(day)
        finished = isinstance(entry, dict) and "you" in entry
        if not (isinstance(entry, dict) and isinstance(entry.get("variant"), str)
                and is_whole(entry.get("replays", 0)) and entry.get("replays", 0) >= 0
                and (not finished or (_pair(entry.get("you")) and _pair(entry.get("master"))
                                      and entry.get("verdict") in (-1, 0, 1)))):
            raise SessionError(f"the history's day {day} is damaged", reason="daily.history")
    return {"days": {day: dict(entry) for day, entry in days.items()}}


def _forget_oldest(days: dict[str, Any]) -> dict[str, Any]:
    """The days without the oldest beyond `KEEP_DAYS`."""
    for old in sorted(days)[: max(0, len(days) - KEEP_DAYS)]:
        del days[old]
    return days


def attempt(history: Any, day: str, variant: str = DAILY_VARIANT) -> dict[str, Any]:
    """Starting `day`'s deal now: {replay, history}. The day's first start is its one try (the history
    notes it started, so leaving it and starting again is a replay too); a later one is a replay,
    marked and counted, never the day's result."""
    days = history_of(history)["days"]
    check_day(day)
    check_variant(variant)
    replay = day in days
    if replay:
        days[day] = {**days[day], "replays": days[day].get("replays", 0) + 1}
    else:
        days[day] = {"variant": variant, "replays": 0}
    return {"replay": replay, "history": {"days": _forget_oldest(days)}}


def remember(history: Any, day: str, variant: str, sheet: dict[str, Any], replay: bool = False) -> dict[str, Any]:
    """The history with `day`'s result: the first try's is the day's, once (asked again, e.g. after a
    reload, it changes nothing); a replay's is never kept."""
    days = history_of(history)["days"]
    check_day(day)
    entry = days.get(day, {"variant": variant, "replays": 0})
    if not replay and "you" not in entry:
        entry = {**entry, "you": list(sheet["you"]), "master": list(sheet["master"]), "verdict": sheet["verdict"]}
    days[day] = entry
    return {"days": _forget_oldest(days)}


def streak(history: Any, today: str) -> int:
    """Days in a row with the day's deal played to its end, ending today (or yesterday, when today's
    is still to finish: the streak is not lost before the day is)."""
    import datetime  # here, not at the top: the page's boot (its snapshot) needs none of it
    days = {d for d, e in history_of(history)["days"].items() if "you" in e}
    day = datetime.date.fromisoformat(check_day(today))
    if day.isoformat() not in days:
        day -= datetime.timedelta(days=1)
    n = 0
    while day.isoformat() in days:
        n += 1
        day -= datetime.timedelta(days=1)
    return n


def calendar(history: Any, month: Any) -> dict[str, Any]:
    """The month 'YYYY-MM' as the page draws it: {month, first_weekday (0 Monday), days: [{day, played,
    started, verdict, you, master}]}, every day of the month in order (`played`: finished, with both
    scores kept, so a day gone by is read again; `started`: begun only)."""
    import datetime  # here, not at the top: the page's boot (its snapshot) needs none of it
    if not isinstance(month, str) or not re.fullmatch(r"\d{4}-\d{2}", month):
        raise SessionError(f"a month is written YYYY-MM, not {month!r}", reason="daily.day")
    first = datetime.date.fromisoformat(check_day(month + "-01"))
    days = history_of(history)["days"]
    out, day = [], first
    while day.month == first.month:
        entry = days.get(day.isoformat())
        played = entry is not None and "you" in entry
        out.append({"day": day.isoformat(), "played": played, "started": entry is not None and not played,
                    "verdict": entry["verdict"] if played else None,
                    "you": entry["you"] if played else None, "master": entry["master"] if played else None})
        day += datetime.timedelta(days=1)
    return {"month": month, "first_weekday": first.weekday(), "days": out}


# -- the session's part ------------------------------------------------------------------------------

# Plays of the master's duplicate per `step` request at most: a few, so the worker answers the page
# between them (a master's play is some 80 ms of CPython, a few times that in the browser).
STEP_PLAYS = 4


def _arg(arg: Any, what: str) -> dict[str, Any]:
    """A request's argument object, or SessionError."""
    if arg is None:
        return {}
    if not isinstance(arg, dict):
        raise SessionError(f"{what} is asked with an object")
    return arg


class DailyDesk:
    """Today's deal at one device's table: starting it, the master's duplicate of the finished match
    and the device's history (the page keeps it and sends it; every answer gives it back updated)."""

    def __init__(self) -> None:
        """No duplicate played yet."""
        self.duplicate: Duplicate | None = None
        self.kept = False  # whether the duplicate is the one the device kept (not played again)

    @staticmethod
    def start(arg: Any) -> dict[str, Any]:
        """{day, variant?, name?, history?}: the day's game settings (Session.new_game's), whether it
        is a replay, the history noting the start, the streak."""
        arg = _arg(arg, "today's deal")
        day, variant = arg.get("day"), arg.get("variant", DAILY_VARIANT)
        name = arg.get("name", "You")
        if not isinstance(name, str) or not name.strip():
            raise SessionError("the person's name is text")
        config = daily_config(day, variant, name.strip()[:24])
        started = attempt(arg.get("history"), day, variant)
        return {"config": {**config, "replay": started["replay"]}, "replay": started["replay"],
                "history": started["history"], "streak": streak(started["history"], day)}

    def step(self, game: Any, arg: Any) -> dict[str, Any]:
        """{plays?, kept?}: the master plays a few more plays of the finished day's deal from the person's
        seat (`kept`: the record of the duplicate this device finished before, taken if it is this one);
        {done, plays, hands, kept}, and once done the sheet (`compare`), the result to share, the master's
        record and the replay's step where the lines parted (the play before the master's own)."""
        arg = _arg(arg, "the master's replay")
        plays = arg.get("plays", STEP_PLAYS)
        if not (is_whole(plays) and 1 <= plays <= 50):
            raise SessionError("plays is a whole number from 1 to 50")
        if game is None or game.daily is None:
            raise SessionError("this game is not a day's deal", reason="daily.not_daily")
        if game.match.phase != "over":
            raise SessionError("the master plays your seat once your match is over", reason="daily.unfinished")
        if self.duplicate is None or self.duplicate.config != {k: game.config[k] for k in self.duplicate.config}:
            self.duplicate = Duplicate({k: v for k, v in game.config.items() if k != "replay"})
            # the duplicate this device finished before (a reload, the comparison asked again): not
            # searched again when it is the day's (Duplicate.adopt checks it)
            self.kept = self.duplicate.adopt(arg["kept"]) if "kept" in arg else False
        dup = self.duplicate
        done = dup.step(plays)
        out: dict[str, Any] = {"done": done, "plays": dup.plays, "hands": len(dup.match.results), "kept": self.kept}
        if done:
            sheet = compare(game.record(), dup.match, game.humans[0])
            parted = sheet["parted"]
            out.update(sheet=sheet, share=share_lines(sheet, game.daily, game.replay), day=game.daily,
                       replay=game.replay, record=to_record(dup.match, game.variant),
                       link=None if parted is None else {"hand": parted["hand"], "play": parted["play"] - 1})
        return out

    def remember(self, game: Any, arg: Any) -> dict[str, Any]:
        """{history, today?}: the history with the finished day's result (the first try's, once) and
        the streak as of `today` (the day of the deal by default)."""
        arg = _arg(arg, "remembering today's deal")
        dup = self.duplicate
        if game is None or game.daily is None or dup is None or not dup.done:
            raise SessionError("the day's deal is not compared yet", reason="daily.unfinished")
        sheet = compare(game.record(), dup.match, game.humans[0])
        history = remember(arg.get("history"), game.daily, game.variant, sheet, game.replay)
        return {"history": history, "streak": streak(history, arg.get("today", game.daily))}

    @staticmethod
    def calendar(arg: Any) -> dict[str, Any]:
        """{history, month, today}: the month's calendar and the streak as of `today`."""
        arg = _arg(arg, "the calendar")
        history, today = arg.get("history"), check_day(arg.get("today"))
        entry = history_of(history)["days"].get(today)
        return {"calendar": calendar(history, arg.get("month", today[:7])), "streak": streak(history, today),
                "today": None if entry is None else entry, "variant": DAILY_VARIANT, "variants": daily_variants()}
