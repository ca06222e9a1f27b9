"""Settebello's Scopa engine: pure Python, standard library only, the same in CPython and Pyodide.

The public API:
- `rules_for(variant, options)` → `RuleSet`; `PRESETS` lists the variants (RULES §3, §4).
- `Match(rules, names, first_dealer, rng)` / `Match.new(rules, rng)`: `deal()`, `legal_plays()`,
  `apply(play)` (checked) or `play("9C:4B+5S")`, `push(play)` (unchecked), `observe(seat)`,
  `clone()`; `results`, `totals`, `winner`.
- `to_record(match, variant)` / `from_record(record)` (RULES §6).
- Cards are ints: `parse_card("7D")`, `card_str(c)`, `card_name(c)`.
"""

from .cards import (DECK, PRIMIERA, RE_BELLO, ROSMARINO, SETTEBELLO, SUIT, SUITS, VALUE, Card, card,
                    card_name, card_str, cards_str, parse_card, parse_cards, shuffled_deck)
from .errors import CardError, IllegalPlayError, RecordError, RuleError, ScopaError
from .record import from_record, load_record, to_record
from .rules import DEFAULT_VARIANT, OPTION_SPECS, PRESETS, Preset, RuleSet, preset, rules_for
from .scoring import HandResult, score_hand
from .state import HandLog, Match, Move, Play, PlayerView, PlayEvent, sample_match

__all__ = [
    "DECK", "PRIMIERA", "RE_BELLO", "ROSMARINO", "SETTEBELLO", "SUIT", "SUITS", "VALUE", "Card", "card",
    "card_name", "card_str", "cards_str", "parse_card", "parse_cards", "shuffled_deck",
    "CardError", "IllegalPlayError", "RecordError", "RuleError", "ScopaError",
    "from_record", "load_record", "to_record",
    "DEFAULT_VARIANT", "OPTION_SPECS", "PRESETS", "Preset", "RuleSet", "preset", "rules_for",
    "HandResult", "score_hand", "HandLog", "Match", "Move", "Play", "PlayerView", "PlayEvent",
    "sample_match",
]
