"""What the rules page says about one game: how it differs from classic Scopa, with examples.

The page's rules open with classic Scopa (R1–R8); for any other game, `rulebook(variant, options)`
lists each rule that differs (an option of RULES §3 and its value, which the page words in its
language) and, for each capture rule that differs, an example on a fixed table whose answer — the
cards the played card may take — is the engine's own (`CaptureRule`), so a page never shows a
capture the game would refuse.
"""

from __future__ import annotations

from typing import Any

from scopa.mechanics import ORDER, active
from scopa.captures import CaptureRule
from scopa.cards import SETTEBELLO, VALUE, card, card_str, parse_card, parse_cards
from scopa import mechanics
from scopa.rules import RuleSet, preset
from scopa.tables import TABLE_KEYS

from .errors import SessionError

# The tables the examples of the core's capture rules are played on, by the option they show: (table
# cards, the card played). A mechanic's own are its `examples` (the other sides' pile tops a third).
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
}
# The mechanic whose example each of the other scenes is.
SCENE_OWNERS = {scene: mech for mech in ORDER for scene in mech.examples}

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
    `rules` (the engine's answer, a mechanic's where the scene is its own; [] when it takes
    nothing); with `tops`, the other side's pile tops, which a presa may take too, stealing their
    piles (SB21)."""
    owner = SCENE_OWNERS.get(scene)
    table, card, *more = SCENES[scene] if owner is None else owner.examples[scene]
    cards = sorted(parse_cards(list(table)))
    tops = parse_cards(list(more[0])) if more else []
    rule = CaptureRule.of(rules)
    if owner is None:
        takes = rule.options(cards, parse_card(card))
    else:
        takes = owner.example_takes(rule, rules, cards, tops, parse_card(card))
    out = {"scene": scene, "table": [card_str(c) for c in cards], "card": card,
           "takes": [[card_str(c) for c in presa] for presa in takes]}
    if tops:
        out["tops"] = [card_str(c) for c in tops]
    return out


# The card laid on the swept table in the scopa's picture (R5): any card sweeps; this one is the
# picture's, as the classic rules' other examples are SCENES'.
SWEEP_PICTURE = "6S"


def classic_page() -> dict[str, Any]:
    """The classic rules' pictures (R1–R8), so that the page names no card of its own: the figures
    with the values they count, a capture by a sum (R4) and a card taken before a sum (O5), each
    the engine's answer, the sum O5 forbids there, the scopa's card and the settebello."""
    rules = RuleSet()
    single = example(rules, "single_priority")
    any_presa = example(rules.with_options({"single_priority": False}), "single_priority")
    return {"figures": [[card_str(c), VALUE[c]] for c in (card(rank, "C") for rank in (8, 9, 10))],
            "capture": example(rules, "match"),
            "single": {**single, "not": [p for p in any_presa["takes"] if p not in single["takes"]]},
            "sweep": SWEEP_PICTURE,
            "settebello": card_str(SETTEBELLO)}


def rulebook(arg: Any) -> dict[str, Any]:
    """{variant, options?}: the game's rules as the page explains them — `changes` from classic
    Scopa ([{key, value}] in the order of RULES §3; the table, when it differs, first as one
    {key: "table", players, teams, hand_size, table_cards}), `examples` of each capture rule
    that differs, and each mechanic's own part (`Mechanic.rules_page`: the declarations a game
    scores, SB10, SB11, each with an example hand); `offers`, the other ways the preset's seed plays it
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
    # a mechanic that counts the sums its own way (the trait "residues", SB5) shows its examples
    # first, where the capture rule's would be
    counting = [mech for mech in active(rules) if "residues" in mech.traits]
    if counting:
        scenes += [s for mech in counting for s in mech.scenes(rules)]
    elif rules.capture != classic.capture:
        scenes += _CAPTURE_SCENES.get(rules.capture, ())
    for switch in ("fewest_cards", "single_priority", "ace_takes_all"):
        if switch in changed:
            scenes.append(switch)
    for mech in active(rules):  # a mechanic's own examples (SB38, SB42; SB20, issue 45)
        if mech not in counting:
            scenes += mech.scenes(rules)
    own = {key: part for mech in ORDER for key, part in mech.rules_page(rules).items()}
    # the other ways the preset's own seed plays it (Preset.offers: Scopa inversa's "partite
    # ibride", SB7), each as a change the page words like the others, with its example
    offers = [{"key": k, "value": v, "examples": [example(rules.with_options({k: v}), s)
                                                  for s in _CAPTURE_SCENES.get(v, ()) if k == "capture"]}
              for k, values in preset(arg["variant"]).offers.items() for v in values if v != getattr(rules, k)]
    return {"variant": arg["variant"], "rules": rules.options(), "changes": changes,
            "examples": [example(rules, s) for s in scenes], **own, "offers": offers,
            "figures_count": rules.king_value == classic.king_value, "words": mechanics.words(rules)}
