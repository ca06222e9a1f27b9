"""A player's statistics, from finished matches: per variant, best and worst match, tournaments.

`match_summary(match, seat, variant)` reads a finished `Match` (or a record through
`summary_from_record`) from one seat's point of view: that seat's side's totals, each hand's points
and what it took (scope, Settebello, primiera). `Stats` adds summaries up, each match once (by a
fingerprint of its record), merges two players' files, resets, and is JSON-able so the page can
keep it in localStorage and export it.

A hand is *won* by the side that scored the most points in it alone (the fewest in misère, O12);
a match by the side the engine (or a forfeit) named. The *margin* of a match is the seat's side's
total minus the best other side's total (reversed in misère); the best match is the won match
with the largest margin, the worst the lost match with the smallest.

Per level (issue 45): the matches against computers of each level (the strongest level on the
other sides), with the wins, the current streak (n > 0: n won in a row; n < 0: -n lost in a row)
and the longest winning streak.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from scopa.errors import ScopaError
from scopa.inputs import brief, check_value
from scopa.record import from_record, to_record
from scopa.state import Match

from .errors import is_whole

FORMAT = "settebello-stats/1"
COUNTERS = ("matches", "won", "forfeits", "hands", "hands_won", "scope", "settebelli", "primiere", "points")
SEEN_KEPT = 1000  # fingerprints remembered, so a match counted twice (e.g. after a reload) counts once


LEVEL_COUNTERS = ("matches", "won", "streak", "best_streak")  # per level; `streak` is signed
FIELDS = ("format", "variants", "totals", "best", "worst", "tournaments", "seen", "added", "levels")  # `to_json`, `stats_add`
BRIEF = {"id": str, "variant": str, "players": list, "seat": int, "totals": list, "margin": int, "won": bool}
MAX_VARIANTS = 100  # variants counted in one file (there are fewer than 20)
MAX_ID = 200  # characters of a variant id or a match fingerprint
MAX_SEEN = 100_000  # fingerprints in an imported file (a file keeps SEEN_KEPT)
MAX_COUNT = 2**53  # a counter's magnitude (what the page's numbers hold exactly)


def _brief_ok(value: Any) -> bool:
    """Whether a stored best/worst match has exactly `_brief`'s fields, each of its type: the
    Statistics dialog shows them (a `players` that is not a list of names would break it)."""
    if not isinstance(value, Mapping) or set(value) != set(BRIEF):
        return False
    for key, kind in BRIEF.items():
        item = value[key]
        if not isinstance(item, kind) or (kind is int and not is_whole(item)):
            return False
    return (all(isinstance(p, str) for p in value["players"]) and 1 <= len(value["players"]) <= 6
            and all(is_whole(t) and abs(t) <= MAX_COUNT for t in value["totals"]) and 1 <= len(value["totals"]) <= 6
            and 0 <= value["seat"] < len(value["players"]) and abs(value["margin"]) <= MAX_COUNT
            and len(value["id"]) <= MAX_ID and len(value["variant"]) <= MAX_ID)


class StatsError(ScopaError):
    """Statistics that cannot be read or a match that cannot be counted."""


def fingerprint(record: Mapping[str, Any]) -> str:
    """A short id of a match record: the same match always gives the same id."""
    text = json.dumps({k: record.get(k) for k in ("variant", "options", "players", "first_dealer", "hands")},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def match_summary(match: Match, seat: int, variant: str, winner: int | None = None,
                  forfeit: int | None = None, tournament: bool = False, level: str | None = None) -> dict[str, Any]:
    """What one finished match counts for `seat`'s player; `winner`/`forfeit` (sides) override the
    engine's when the match ended on time; `level`, the computers' level it was played against
    (None: counted under no level). StatsError if the match is not over."""
    if not (isinstance(seat, int) and 0 <= seat < match.n):
        raise StatsError(f"no seat {seat!r}: seats are 0 to {match.n - 1}")
    if winner is None:
        winner = match.winner
    if winner is None:
        raise StatsError("the match is not finished: only finished matches are counted")
    side = match.side_of[seat]
    misere = match.rules.misere
    hands, hands_won, scope, settebelli, primiere = 0, 0, 0, 0, 0
    for result in match.results:
        hands += 1
        totals = result.totals
        mine = totals[side]
        others = [t for s, t in enumerate(totals) if s != side]
        if (mine < min(others)) if misere else (mine > max(others)):
            hands_won += 1
        detail = result.detail[side]
        scope += detail["scope"]
        # a Settebello counts where the hand's sheet scores it (not in Rubamazzo or Cicera: issue 45)
        settebelli += 1 if detail["settebello"] and "settebello" in result.categories else 0
        primiere += 1 if result.points[side].get("primiera", 0) > 0 else 0
    totals = list(match.totals)
    best_other = (min if misere else max)(t for s, t in enumerate(totals) if s != side)
    margin = (best_other - totals[side]) if misere else (totals[side] - best_other)
    record = to_record(match, variant)
    return {
        "id": fingerprint(record), "variant": variant, "seat": seat, "side": side,
        "players": list(match.names), "totals": totals, "won": winner == side,
        "forfeit": forfeit, "lost_on_time": forfeit == side, "margin": margin,
        "hands": hands, "hands_won": hands_won, "scope": scope, "settebelli": settebelli,
        "primiere": primiere, "points": totals[side], "tournament": bool(tournament), "level": level,
    }


def summary_from_record(record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The summary of a finished match given as a record (RULES §6), for `seat`."""
    match = from_record(record)
    return match_summary(match, seat, record.get("variant", "scopa"))


def _empty_counts() -> dict[str, int]:
    return {k: 0 for k in COUNTERS}


def _brief(summary: Mapping[str, Any]) -> dict[str, Any]:
    """What the best/worst match keeps: enough to show it."""
    return {k: summary[k] for k in ("id", "variant", "players", "seat", "totals", "margin", "won")}


class Stats:
    """The running statistics of the player on this device."""

    def __init__(self) -> None:
        """No matches yet."""
        self.variants: dict[str, dict[str, int]] = {}
        self.best: dict[str, Any] | None = None
        self.worst: dict[str, Any] | None = None
        self.tournaments = {"played": 0, "won": 0}
        self.seen: list[str] = []
        self.levels: dict[str, dict[str, int]] = {}

    def add(self, summary: Mapping[str, Any]) -> bool:
        """Count a match summary; False (and nothing changes) when that match was already counted."""
        if summary["id"] in self.seen:
            return False
        counts = self.variants.setdefault(summary["variant"], _empty_counts())
        counts["matches"] += 1
        counts["won"] += 1 if summary["won"] else 0
        counts["forfeits"] += 1 if summary["lost_on_time"] else 0
        for key in ("hands", "hands_won", "scope", "settebelli", "primiere", "points"):
            counts[key] += summary[key]
        if summary.get("level") is not None:
            self._count_level(str(summary["level"]), bool(summary["won"]))
        if summary["won"] and (self.best is None or summary["margin"] > self.best["margin"]):
            self.best = _brief(summary)
        if not summary["won"] and (self.worst is None or summary["margin"] < self.worst["margin"]):
            self.worst = _brief(summary)
        self._remember(summary["id"])
        return True

    def _count_level(self, level: str, won: bool) -> None:
        """One more match against `level`: its wins and streaks."""
        c = self.levels.setdefault(level, {k: 0 for k in LEVEL_COUNTERS})
        c["matches"] += 1
        if won:
            c["won"] += 1
            c["streak"] = c["streak"] + 1 if c["streak"] > 0 else 1
            c["best_streak"] = max(c["best_streak"], c["streak"])
        else:
            c["streak"] = c["streak"] - 1 if c["streak"] < 0 else -1

    def add_tournament(self, won: bool, tournament_id: str) -> bool:
        """Count a finished tournament once; True when it was new."""
        key = f"t:{tournament_id}"
        if key in self.seen:
            return False
        self.tournaments["played"] += 1
        self.tournaments["won"] += 1 if won else 0
        self._remember(key)
        return True

    def _remember(self, key: str) -> None:
        self.seen.append(key)
        del self.seen[:-SEEN_KEPT]

    def merge(self, other: "Stats") -> None:
        """Add another file's statistics (e.g. imported from another device) to these.

        Counters are totals, so matches both files counted cannot be told apart: a file that
        shares a match or tournament with these is refused (StatsError) and nothing changes."""
        shared = set(self.seen) & set(other.seen)
        if shared:
            raise StatsError(f"{len(shared)} of its matches or tournaments are already counted here "
                             "(was it imported before?)")
        for variant, counts in other.variants.items():
            mine = self.variants.setdefault(variant, _empty_counts())
            for key in COUNTERS:
                mine[key] += counts[key]
        if other.best is not None and (self.best is None or other.best["margin"] > self.best["margin"]):
            self.best = dict(other.best)
        if other.worst is not None and (self.worst is None or other.worst["margin"] < self.worst["margin"]):
            self.worst = dict(other.worst)
        for key in ("played", "won"):
            self.tournaments[key] += other.tournaments[key]
        # per level: the counts add up, the longest streak is the longer; the current streak stays
        # this device's (the two files' matches cannot be put in one order)
        for level, counts in other.levels.items():
            mine = self.levels.setdefault(level, {k: 0 for k in LEVEL_COUNTERS})
            mine["matches"] += counts["matches"]
            mine["won"] += counts["won"]
            mine["best_streak"] = max(mine["best_streak"], counts["best_streak"])
            if mine["matches"] == counts["matches"]:
                mine["streak"] = counts["streak"]
        for key in other.seen:
            if key not in self.seen:
                self._remember(key)

    def reset(self) -> None:
        """Forget everything."""
        self.__init__()

    def totals(self) -> dict[str, int]:
        """All variants added together."""
        out = _empty_counts()
        for counts in self.variants.values():
            for key in COUNTERS:
                out[key] += counts[key]
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON-able form: what the page stores and exports."""
        return {"format": FORMAT, "variants": {v: dict(c) for v, c in sorted(self.variants.items())},
                "totals": self.totals(), "best": self.best, "worst": self.worst,
                "tournaments": dict(self.tournaments), "seen": list(self.seen),
                "levels": {lv: dict(c) for lv, c in sorted(self.levels.items())}}

    @classmethod
    def from_json(cls, data: Any) -> "Stats":
        """Read stored or imported statistics; StatsError saying what is wrong."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise StatsError("these are not Settebello statistics")
        check_value(dict(data), "the statistics", StatsError)  # bounded and JSON-like before it is read
        unknown = sorted(k for k in data if k not in FIELDS)
        if unknown:
            raise StatsError(f"the statistics have an unknown field {brief(unknown[0])}")
        stats = cls()
        variants = data.get("variants", {})
        if not isinstance(variants, Mapping):
            raise StatsError("the statistics' 'variants' must be an object")
        if len(variants) > MAX_VARIANTS:
            raise StatsError(f"the statistics count more than {MAX_VARIANTS} variants")
        for variant, counts in variants.items():
            if len(variant) > MAX_ID:
                raise StatsError(f"the statistics name a variant of {len(variant)} characters")
            if not isinstance(counts, Mapping):
                raise StatsError(f"the statistics of {variant!r} must be an object")
            clean = _empty_counts()
            for key in COUNTERS:
                value = counts.get(key, 0)
                if not is_whole(value) or (value < 0 and key != "points") or abs(value) > MAX_COUNT:
                    raise StatsError(f"the statistics' {variant}.{key} must be a whole number, not {brief(value)}")
                clean[key] = value
            if clean["won"] > clean["matches"] or clean["hands_won"] > clean["hands"]:
                raise StatsError(f"the statistics of {variant!r} have more wins than games")
            stats.variants[str(variant)] = clean
        for key in ("best", "worst"):
            value = data.get(key)
            if value is not None and not _brief_ok(value):
                raise StatsError(f"the statistics' {key!r} match is damaged")
            setattr(stats, key, None if value is None else dict(value))
        tournaments = data.get("tournaments", {"played": 0, "won": 0})
        if (not isinstance(tournaments, Mapping) or any(k not in ("played", "won") for k in tournaments)
                or not all(is_whole(tournaments.get(k, 0)) and 0 <= tournaments.get(k, 0) <= MAX_COUNT
                           for k in ("played", "won"))):
            raise StatsError("the statistics' 'tournaments' must be whole numbers")
        stats.tournaments = {k: int(tournaments.get(k, 0)) for k in ("played", "won")}
        seen = data.get("seen", [])
        if not isinstance(seen, list) or len(seen) > MAX_SEEN or not all(
                isinstance(s, str) and len(s) <= MAX_ID for s in seen):
            raise StatsError("the statistics' 'seen' must be a list of match ids")
        stats.seen = list(seen)[-SEEN_KEPT:]
        stats.levels = _levels_from(data.get("levels", {}))
        return stats


def _levels_from(levels: Any) -> dict[str, dict[str, int]]:
    """The stored per-level counts, checked: whole numbers, no more wins than matches, streaks no
    longer than the matches; StatsError saying what is wrong."""
    if not isinstance(levels, Mapping) or len(levels) > MAX_VARIANTS:
        raise StatsError(f"the statistics' 'levels' must be an object of at most {MAX_VARIANTS} levels")
    out = {}
    for level, counts in levels.items():
        if len(level) > MAX_ID or not isinstance(counts, Mapping) or set(counts) != set(LEVEL_COUNTERS):
            raise StatsError(f"the statistics of level {brief(level)} must be an object of {', '.join(LEVEL_COUNTERS)}")
        if not all(is_whole(counts[k]) and abs(counts[k]) <= MAX_COUNT for k in LEVEL_COUNTERS):
            raise StatsError(f"the statistics of level {brief(level)} must be whole numbers")
        c = {k: int(counts[k]) for k in LEVEL_COUNTERS}
        if not (0 <= c["won"] <= c["matches"] and 0 <= c["best_streak"] <= c["won"] and abs(c["streak"]) <= c["matches"]):
            raise StatsError(f"the statistics of level {brief(level)} have more wins or streaks than matches")
        out[str(level)] = c
    return out


# -- what the page asks (the session's stats_* requests): plain functions of JSON-able values ------
def stats_from(data: Any) -> Stats:
    """The page's stored statistics (None: none yet); StatsError if damaged."""
    return Stats() if data is None else Stats.from_json(data)


def _readable(stats: Stats, doing: str) -> dict[str, Any]:
    """`stats` as JSON once `Stats.from_json` accepts it: what a writer (add, merge) gives, a load
    reads back (one set of bounds: MAX_VARIANTS, MAX_COUNT...). StatsError (reason "stats.bounds")
    when it would not, so the page keeps what it had and says why, instead of storing statistics
    its next load refuses."""
    data = stats.to_json()
    try:
        Stats.from_json(data)
    except StatsError as err:
        raise StatsError(f"{doing} would make statistics past what can be kept ({err})",
                         reason="stats.bounds", variants=MAX_VARIANTS) from None
    return data


def stats_add(data: Any, summary: Mapping[str, Any] | None, tournament: tuple[bool, str] | None) -> dict[str, Any]:
    """Add a finished match's summary and a finished tournament ((won, id)) to the page's
    statistics; each is counted once however often this is called. The statistics, with `added`."""
    stats = stats_from(data)
    added = False
    if summary is not None:
        added = stats.add(summary)
    if tournament is not None:
        added = stats.add_tournament(*tournament) or added
    result = _readable(stats, "counting this match")
    result["added"] = added
    return result


def stats_merge(data: Any, other: Any) -> dict[str, Any]:
    """Merge imported statistics into the page's; StatsError (nothing changes) when they overlap or
    when the sum would pass the bounds a load accepts."""
    stats = stats_from(data)
    stats.merge(Stats.from_json(other))
    return _readable(stats, "adding these statistics")
