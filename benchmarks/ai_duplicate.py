"""Duplicate hands: a master configuration against the expert on the same deals, seats swapped.

Each deal (seeded) is played twice as a single hand from 0-0: once with the tested player at
seat 0, once at seat 1, the expert in the other seat. The figure is the tested player's hand
points minus the expert's, summed over both plays of a deal: the deal's luck cancels, so a
few hundred deals tell two configurations apart far sooner than whole matches do.

Usage: PYTHONPATH=py python benchmarks/ai_duplicate.py CONFIG DEALS [FIRST_SEED] [VARIANT] [OPPONENT] [BEFORE]
CONFIG is a comma-separated list of field=value of `MasterSettings` (py/scopa_ai/master.py; the
shipped value with those fields replaced, e.g. iterations=120,max_ms=1e9 or sharp=100,slip=0.03;
a switch takes 0/1) or the name of a level (expert, easy...); OPPONENT is a level (expert unless
given). BEFORE (0 unless given) hands are played first in the same match, on deals of their own
(the same for both seats), and only the hand after them is scored: the players have read each
other, as from a match's second hand on. Prints one JSON object (mean, its standard error, ms per
move, and for a master the searches its safety valve cut). Two-seat variants only.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
import sys
import time
from dataclasses import fields, replace

from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for
from scopa.state import Match


def settings_of(config: str) -> MasterSettings:
    """The shipped master's settings with CONFIG's fields replaced (each parsed as its default's type)."""
    kinds = {f.name: type(f.default) for f in fields(MasterSettings)}
    kw: dict = {}
    for item in config.split(","):
        key, _, value = item.partition("=")
        if key not in kinds:
            raise SystemExit(f"no MasterSettings field {key!r}; the fields are: {', '.join(kinds)}")
        kind = kinds[key]
        kw[key] = value not in ("0", "false", "False") if kind is bool else kind(float(value))
    return replace(MasterSettings(), **kw)


def build(config: str, rng: random.Random):
    """A player from a CONFIG string."""
    if "=" not in config:
        return make_player(config, rng)
    return MasterPlayer(rng, settings_of(config))


def duplicate_deck(rules, d: int) -> list[int]:
    """Deal `d`'s deck, the same in every duplicate benchmark: shuffled from "dup:d", and again
    while its deal is void (R3)."""
    deck = list(range(40))
    shuffler = random.Random(f"dup:{d}")
    shuffler.shuffle(deck)
    while not Match(rules, first_dealer=1).deal(list(deck)):
        shuffler.shuffle(deck)
    return deck


def play_hand(m: Match, players: list, seat: int, times: list[float], clock=time.perf_counter):
    """Play the hand being played to its end; the last play's event (the tested seat's move times,
    ms by `clock`, into `times`)."""
    ev = None
    while m.phase == "play":
        view = m.observe(m.turn)
        t0 = clock()
        play = players[m.turn].choose(view)
        if m.turn == seat:
            times.append((clock() - t0) * 1000.0)
        ev = m.apply(play)
    return ev


def one_hand(rules, deck, tested: str, seat: int, seed: str, times: list[float], opponent: str = "expert",
             capped: list[int] | None = None, before: int = 0, before_seed: str = "") -> int:
    """The tested player's hand points minus the opponent's on `deck`, tested at `seat` (`capped`
    gets how many of a master's searches its safety valve cut). With `before`, that many hands are
    played first in the same match on their own deals (from `before_seed`, the same for both seats),
    so that the scored hand is played by players who have watched each other; a match those hands
    end is played again on the next deals."""
    for attempt in itertools.count():
        m = Match(rules, first_dealer=1)
        players = [None, None]
        players[seat] = build(tested, random.Random(f"{seed}:t"))
        players[1 - seat] = make_player(opponent, random.Random(f"{seed}:e"))
        shuffler = random.Random(f"{before_seed}:before:{attempt}")
        for _ in range(before):
            warm = list(range(40))
            shuffler.shuffle(warm)
            while not m.deal(list(warm)):  # a void deal (R3): shuffle again
                shuffler.shuffle(warm)
            play_hand(m, players, seat, [])
            if m.phase == "over":
                break
        if m.phase != "over":
            break
    assert m.deal(list(deck))
    ev = play_hand(m, players, seat, times)
    if capped is not None:
        capped.append(getattr(players[seat], "capped", 0))
    tot = ev.hand_result.totals
    return tot[seat] - tot[1 - seat]


def main(argv: list[str]) -> None:
    tested, deals = argv[0], int(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    variant = argv[3] if len(argv) > 3 else "scopa"
    opponent = argv[4] if len(argv) > 4 else "expert"
    before = int(argv[5]) if len(argv) > 5 else 0
    rules = rules_for(variant)
    if "=" in tested:
        settings_of(tested)  # a bad CONFIG fails here, before any deal is played
    diffs, times, capped = [], [], []
    for d in range(first, first + deals):
        deck = duplicate_deck(rules, d)
        diffs.append(sum(one_hand(rules, deck, tested, seat, f"dup:{d}:{seat}", times, opponent, capped,
                                  before, f"dup:{d}")
                         for seat in (0, 1)))
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    times.sort()
    print(json.dumps({"config": tested, "opponent": opponent, "before": before, "deals": deals, "first": first,
                      "variant": variant,
                      "diff_per_deal": round(mean, 3), "se": round(se, 3), "diffs": diffs,
                      "ms_median": round(times[len(times) // 2], 2),
                      "ms_p95": round(times[int(0.95 * len(times))], 2), "capped": sum(capped)}))


if __name__ == "__main__":
    main(sys.argv[1:])
