"""Computer players for tests: each level as the page makes it, the master on a small budget so a
whole match stays quick, and a whole match of a variant between two levels."""

from __future__ import annotations

import random

from scopa import Match, rules_for
from scopa.loop import Turn, play_match
from scopa_ai import LEVELS, make_player
from scopa_ai.ismcts import IsmctsPlayer, IsmctsSettings
from scopa_ai.master import MasterPlayer, MasterSettings


def level(name: str, rng: random.Random):
    """The level `name` as `make_player` makes it; the master searching 3 iterations a candidate,
    ISMCTS 12 deals a move."""
    if name == "master":
        return MasterPlayer(rng, MasterSettings(iterations=3))
    if name == "ismcts":
        return IsmctsPlayer(rng, IsmctsSettings(iterations=12))
    return make_player(name, rng)


def whole_match(variant: str, name: str, seed: int = 11, max_hands: int = 60) -> tuple[Match, list[Turn]]:
    """A match of `variant` between level `name` and another level (the expert, or the easy level
    against the expert), every play checked by the engine; the match and its turns."""
    m = Match.new(rules_for(variant), random.Random(seed), ["A", "B"])
    other = "expert" if name != "expert" else "easy"
    assert other in LEVELS
    players = [level(name, random.Random(seed + 1)), level(other, random.Random(seed + 2))]
    turns = list(play_match(m, players, max_hands))
    return m, turns


def expert_match(variant: str, seed: int, max_hands: int = 60, **options) -> Match:
    """A whole match of `variant` (with `options`) between experts at every seat, from `seed`."""
    rules = rules_for(variant, options)
    m = Match.new(rules, random.Random(seed))
    players = [make_player("expert", random.Random(seed + s)) for s in range(rules.players)]
    for _ in play_match(m, players, max_hands):
        pass
    return m
