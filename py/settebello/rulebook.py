"""What the rules page says about one game: how it differs from classic Scopa, with examples.

The page's rules open with classic Scopa (R1–R8); for any other game, `rulebook(variant, options)`
lists each rule that differs (an option of RULES §3 and its value, which the page words in its
language) and, for each capture rule that differs, an example on a fixed table whose answer — the
cards the played card may take — is the engine's own (`CaptureRule`), so a page never shows a
capture the game would refuse.
"""

from __future__ import annotations

from typing import Any

from scopa.mechanics.accuse import example as accusa_example
from scopa.captures import CaptureRule
from scopa.mechanics.decks import options_among_twins
from scopa.mechanics.steal import capture_choices
from scopa.cards import card_str, parse_card, parse_cards
from scopa import mechanics
from scopa.rules import RuleSet, preset
from scopa.tables import TABLE_KEYS

from .errors import SessionError

# The tables the examples are played on, by the option they show: (table cards, the card played).
SCENES: dict[str, tuple[tuple[str, ...], str]] = {
    "match": (("3C", "4B"), "7D"),
    # S4's example: with 1, 3, 4, 5, 8 on the table a 6 makes fifteen with 1+8 or 4+5
    "fifteen": (("1C", "3B", "4S", "5D", "8C"), "6S"),
    # [002]: with a Knave (8) one may take a Three, though a Knave lies on the table
    "eleven": (("3C", "8B"), "8D"),
    # O4: a Nine could take 1+3+5, 4+5 or 1+8; only the two-card captures stand
    "fewest_cards": (("1C", "3B", "4S", "5D", "8C"), "9S"),
    # O5 off: a Five takes the Five or the Two and Three, as the player likes
    "single_priority": (("2D", "3S", "5C"), "5S"),
    # S5: the Ace takes the whole table
    "ace_takes_all": (("3C", "5B", "9S"), "1D"),
    # SB4, [002]'s examples: a Six takes a Knave and a Two (8 - 2 = 6) ...
    "difference": (("2C", "8B"), "6D"),
    # ... and a Two takes a King, a Seven and an Ace (10 - 7 - 1 = 2)
    "difference3": (("1C", "7B", "10S"), "2D"),
    # SB7: a Five takes Two and Three (the sum) or Three and Knave (the difference)
    "match+difference": (("2C", "3S", "8B"), "5D"),
    # SB21: in Rubamazzo a Five takes no Two and Three: only a card of its value
    "equal": (("2D", "3S"), "5S"),
    # SB5, [002]: a Knight (2 modulo 7) on a Seven and a Two takes the Two, or the Two and the Seven
    "modulo": (("2B", "7C"), "9S"),
    # SB38: among the 52 cards a Knave takes the other Knave, never 5 + 6, or is laid
    "court": (("5C", "6B", "11S"), "11D"),
    # SB42: among the 80 cards a Five takes the other Five, never its twin ...
    "twin": (("5C", "5S'"), "5S"),
    # ... and sweeps its twin when it lies alone
    "twin_alone": (("5S'",), "5S"),
    # SB20-SB22: with piles to steal, a Five takes the Five on top of the other side's pile (no
    # Five on the table) and so steals that whole pile
    "steal": (("2D", "4C"), "5S"),
}
# The other side's pile tops a scene shows (SB20: the piles lie face up), by scene.
PILE_TOPS: dict[str, tuple[str, ...]] = {"steal": ("5B",)}

# Which scene shows which rule: a capture mode shows its own, each switch its own.
_CAPTURE_SCENES = {"match": ("match",), "fifteen": ("fifteen",), "match+fifteen": ("fifteen",),
                   "match+eleven": ("eleven",), "difference": ("difference", "difference3"),
                   "match+difference": ("match+difference",), "equal": ("equal",)}


def _rules(variant: Any, options: Any) -> RuleSet:
    if not isinstance(variant, str):
        raise SessionError("the variant must be a preset id")
    if options is not None and not isinstance(options, dict):
        raise SessionError("options must be an object")
    base = preset(variant).rules
    return base.with_options(options) if options else base


def example(rules: RuleSet, scene: str) -> dict[str, Any]:
    """One example: the table, the card played and every set of table cards it may take under
    `rules` (the engine's answer; [] when it takes nothing); with `tops`, the other side's pile
    tops, which a presa may take too, stealing their piles."""
    table, card = SCENES[scene]
    cards = sorted(parse_cards(list(table)))
    tops = parse_cards(list(PILE_TOPS.get(scene, ())))
    if tops:  # SB21: the tops are taken as table cards are, a top taken steals its pile
        takes = [presa for _, presa, _ in capture_choices(CaptureRule.of(rules), cards, tops, [parse_card(card)]) if presa]
    else:
        takes = options_among_twins(CaptureRule.of(rules), rules, cards, parse_card(card))  # SB42
    out = {"scene": scene, "table": [card_str(c) for c in cards], "card": card,
           "takes": [[card_str(c) for c in presa] for presa in takes]}
    if tops:
        out["tops"] = [card_str(c) for c in tops]
    return out


def rulebook(arg: Any) -> dict[str, Any]:
    """{variant, options?}: the game's rules as the page explains them — `changes` from classic
    Scopa ([{key, value}] in the order of RULES §3; the table, when it differs, first as one
    {key: "table", players, teams, hand_size, table_cards}), `examples` of each capture rule
    that differs, and `accuse`: each declaration the game scores (SB10, SB11) as {kind, name, size,
    points, example} with an example hand of it; `offers`, the other ways the preset's seed plays it
    ([{key, value, examples}]: Scopa inversa's hybrid, SB7); `figures_count`, whether the figures
    count a number (8, 9, 10) as in classic Scopa: not among the 52 cards, whose courts take only
    courts (SB38), so the page does not say "the Knave counts 8" there (issue 45)."""
    if not isinstance(arg, dict):
        raise SessionError("the rules page needs {variant, options}")
    rules = _rules(arg.get("variant"), arg.get("options"))  # or the engine's RuleError
    classic = RuleSet()
    changed = rules.diff(classic)
    changes: list[dict[str, Any]] = []
    if any(k in changed for k in TABLE_KEYS):  # the table is said in one sentence
        changes.append({"key": "table", **{k: getattr(rules, k) for k in TABLE_KEYS}})
    changes += [{"key": k, "value": v} for k, v in rules.options().items() if k in changed and k not in TABLE_KEYS]
    scenes = []
    if rules.modulo:
        scenes.append("modulo")
    elif rules.capture != classic.capture:
        scenes += _CAPTURE_SCENES.get(rules.capture, ())
    for switch in ("fewest_cards", "single_priority", "ace_takes_all"):
        if switch in changed:
            scenes.append(switch)
    scenes += {52: ["court"], 80: ["twin", "twin_alone"]}.get(rules.deck, [])
    if rules.steal:
        scenes.append("steal")  # issue 45: Rubamazzo's page shows a steal
    accuse = [{"kind": k.id, "name": k.name, "size": k.size, "points": k.points,
               "example": [card_str(c) for c in accusa_example(rules.accuse, k)]} for k in rules.accuse_kinds]
    # the other ways the preset's own seed plays it (Preset.offers: Scopa inversa's "partite
    # ibride", SB7), each as a change the page words like the others, with its example
    offers = [{"key": k, "value": v, "examples": [example(rules.with_options({k: v}), s)
                                                  for s in _CAPTURE_SCENES.get(v, ()) if k == "capture"]}
              for k, values in preset(arg["variant"]).offers.items() for v in values if v != getattr(rules, k)]
    return {"variant": arg["variant"], "rules": rules.options(), "changes": changes,
            "examples": [example(rules, s) for s in scenes], "accuse": accuse, "offers": offers,
            "figures_count": rules.king_value == classic.king_value, "words": mechanics.words(rules)}
