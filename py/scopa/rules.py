"""Rule sets: every option of RULES §3 as a field, and every playable variant of §4 as a preset.

A variant is a value, not a branch: code reads these fields and never tests a variant's name.
The option keys are the names used in game records and on the command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

from .errors import RuleError
from .inputs import brief
from .mechanics import incompatible, option_specs
from .mechanics.accuse import ACCUSE_SETS, AccusaKind
from .options import OptionSpec

# O3; `difference` is Sottratta's (SB4), `match+difference` the hybrid of Scopa inversa (SB7).
CAPTURE_MODES = ("match", "fifteen", "match+fifteen", "match+eleven", "difference", "match+difference",
                 "equal")  # SB21: `equal`, Rubamazzo's, takes one card of the same value, never a sum
PRIMIERA_MODES = ("standard", "milanese", "veneto", "sevens", "none")
MISSING_SUIT_MODES = ("lose", "void")
# SB23: mazzetto, each card taken 1; SB50: cicera, Cicera's cards, spade, napula and three cards
SCORING_MODES = ("standard", "denari", "romano", "frac", "mazzetto", "cicera")
TEAM_MODES = ("none", "pairs", "triples")


@dataclass(frozen=True)
class RuleSet:
    """All the switches of one way of playing; the defaults are classic two-player Scopa (R1–R8)."""

    players: int = 2  # O1
    teams: str = "none"  # O1: none (each alone), pairs, triples
    hand_size: int = 3  # O2
    table_cards: int = 4  # O2
    capture: str = "match"  # O3
    fewest_cards: bool = False  # O4
    single_priority: bool = True  # O5
    ace_takes_all: bool = False  # O6
    ace_scopa: bool = False  # O6
    primiera: str = "standard"  # O7
    missing_suit: str = "lose"  # O7
    settanta: bool = False  # O8
    rebello: bool = False  # O8
    rosmarino: bool = False  # O8
    napola: bool = False  # O8
    napola_wins: bool = False  # O8
    scoring: str = "standard"  # O8: standard, denari (Punti a denari), romano, frac
    carte_min: int = 0  # O9: 0 means "most cards" with no threshold
    target: int = 11  # O10: 0 means a single-hand match
    lead: int = 0  # O11
    misere: bool = False  # O12
    modulo: int = 0  # SB5: capture values and sums counted modulo this (7: Fante 1, Cavallo 2, Re 3, 7 zero)
    scopa_tradizionale: int = 1  # SB6: points of a scopa classic Scopa allows too, when counting modulo
    accuse: str = "none"  # §4 Bàzzica, Tuzzulicchio: the declarations from the hand (SB10–SB12)
    accuse_choice: bool = False  # SB14: each player chooses to declare (showing the cards) or keep them hidden
    steal: bool = False  # §4 Rubamazzo: piles face up, another side's pile taken by its top card's equal (SB20)
    cascina: bool = False  # §4 Scopa a cascina: builds on table cards (SB30–SB35)
    due_denari: bool = False  # SB36: the 2D scores 1 (Scopa a cascina [002])
    deck: int = 40  # SB37: 40 cards, 52 (Cicera: numerals to 10 and three courts) or 80 (two decks of 40)
    french: bool = False  # SB37: the cards are French-suited (Quadri, Cuori, Fiori, Picche); only their look
    maresciallo: bool = False  # SB40–SB43: the Re di picche's penalties and the polacca (Maresciallo [002])
    saponificatrice: bool = False  # SB44: the Donna di picche taken with a Re di picche costs 1 more
    fidasse: bool = False  # §4 Scopa a fidasse: a scopa claimed face down, trusted or doubted (SB60-SB66)
    cirulla: bool = False  # R23, R24, R27: the Asso pigliatutto, the table of 15 or 30, the grande (SB80-SB86)

    # -- derived facts the engine reads -------------------------------------------------
    @property
    def team_size(self) -> int:
        """Players per side."""
        return {"none": 1, "pairs": 2, "triples": 3}[self.teams]

    @property
    def sides(self) -> int:
        """How many sides (players or teams) compete."""
        return self.players // self.team_size

    def side_of(self, seat: int) -> int:
        """The side seat `seat` plays for: partners sit opposite, so seats s, s + sides, ... are one side."""
        return seat % self.sides

    @property
    def accuse_kinds(self) -> tuple[AccusaKind, ...]:
        """The declarations (accuse) this rule set scores, as data: empty for most variants."""
        return ACCUSE_SETS.get(self.accuse, ())

    @property
    def kings_redeal(self) -> bool:
        """R3/S2: the kings redeal applies to every deal that puts 4 cards on the table."""
        return self.table_cards == 4

    @property
    def king_value(self) -> int:
        """The value of a Re (R3): 10, or 13 among the 52 cards' courts (SB38)."""
        return 13 if self.deck == 52 else 10

    def with_options(self, options: Mapping[str, Any]) -> "RuleSet":
        """A copy with the given options (record keys) applied; raises RuleError on any bad one."""
        if not isinstance(options, Mapping):
            raise RuleError(f"options must be a mapping of option names to values, not {type(options).__name__}")
        changes = {}
        if len(options) > len(OPTION_SPECS):
            raise RuleError(f"{len(options)} options given; there are {len(OPTION_SPECS)}")
        for key, raw in options.items():
            spec = OPTION_SPECS.get(key) if type(key) is str else None
            if spec is None:
                raise RuleError(f"unknown option {brief(key)}; the options are: {', '.join(OPTION_SPECS)}")
            changes[key] = spec.coerce(key, raw)
        rules = implied(replace(self, **changes), explicit=changes)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Raise RuleError if the options cannot be played together."""
        if self in _VALID:
            return
        for f in fields(self):
            OPTION_SPECS[f.name].coerce(f.name, getattr(self, f.name))
        if self.players % self.team_size:
            raise RuleError(f"{self.players} players cannot sit in {self.teams}")
        if self.teams != "none" and self.sides < 2:
            raise RuleError(f"{self.players} players in {self.teams} would leave a single side")
        _check_implied(self)
        dealt = self.hand_size * self.players
        if self.table_cards + dealt > self.deck or (self.deck - self.table_cards) % dealt:
            raise RuleError(
                f"{self.players} players with {self.hand_size} cards each and {self.table_cards} on the "
                f"table do not use up the {self.deck} cards in equal deals"
            )
        for key, spec in OPTION_SPECS.items():
            if spec.needs and getattr(self, key) and not getattr(self, spec.needs):
                raise RuleError(f"{key} needs {spec.needs} on", reason="option.needs")
        broken = incompatible(self)  # what each mechanic declares it cannot be played with
        if broken is not None:
            raise RuleError(broken[0], reason=broken[1])
        if self.scopa_tradizionale != 1 and not self.modulo:
            raise RuleError("scopa_tradizionale only makes sense with a modulo: without one every scopa is traditional",
                            reason="option.needs")
        _VALID.add(self)

    def options(self) -> dict[str, Any]:
        """Every option as its record key and value (a new dict: the caller may change it)."""
        # Every field is a str, int or bool (test_options.py checks it), so no deep copy is needed; this
        # runs for every record and save written, where `asdict` cost more than the rest of to_json.
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def diff(self, base: "RuleSet") -> dict[str, Any]:
        """The options that differ from `base`: what a record writes as overrides."""
        mine, theirs = self.options(), base.options()
        return {k: v for k, v in mine.items() if theirs[k] != v}


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))
_VALID: set[RuleSet] = set()  # rule sets already checked: a Match per simulated hand stays cheap


# SB70 (docs/RULINGS.md): what an option implies, wherever the option comes from (a preset, an override, a
# record, an embed, the New game dialog). `implied` fills in what was not given; `_check_implied`
# (part of `validate`) refuses a rule set where a value given contradicts it.
# A choice another option's value fixes, as data the dialog reads too (describe.option_specs):
# {option: {other option: {its value: the value it fixes}}}. O8: Punti a denari counts no primiera.
IMPLIED_VALUES: dict[str, dict[str, dict[Any, Any]]] = {"primiera": {"scoring": {"denari": "none"}}}


def misere_hand(rules: RuleSet) -> int | None:
    """O12 "all cards dealt": each player's hand when misère deals the whole deck at once, the
    table cards aside, or None when the players cannot share those cards equally."""
    rest = rules.deck - rules.table_cards
    return rest // rules.players if rest > 0 and rest % rules.players == 0 else None


def implied(rules: RuleSet, explicit: Mapping[str, Any] = ()) -> RuleSet:
    """These rules with what their options imply filled in, except where `explicit` (the options
    given by name) sets a value itself: that is left for `validate` to refuse if it contradicts.

    - O12: misère deals all the cards, so the hand is the deck less the table, shared equally.
    - O8: Punti a denari (`scoring` denari) counts no primiera, so `primiera` is none.
    """
    changes: dict[str, Any] = {}
    if rules.misere and "hand_size" not in explicit:
        hand = misere_hand(rules)
        if hand is not None and hand != rules.hand_size:
            changes["hand_size"] = hand
    for key, by in IMPLIED_VALUES.items():
        for other, fixes in by.items():
            value = fixes.get(getattr(rules, other), getattr(rules, key))
            if value != getattr(rules, key) and key not in explicit:
                changes[key] = value
    return replace(rules, **changes) if changes else rules


def _check_implied(rules: RuleSet) -> None:
    """RuleError if a value contradicts what another option implies (SB70, O8, O12)."""
    if rules.misere:
        hand = misere_hand(rules)
        if hand is None:
            raise RuleError(
                f"misère (O12) deals all the cards, but {rules.deck - rules.table_cards} cards (the {rules.deck} "
                f"less {rules.table_cards} on the table) cannot be shared equally among {rules.players} players",
                reason="option.misere.share", deck=rules.deck, table=rules.table_cards, players=rules.players)
        if hand != rules.hand_size:
            raise RuleError(
                f"misère (O12) deals all the cards: {rules.players} players with {rules.table_cards} on the table "
                f"get {hand} cards each, not {rules.hand_size}",
                reason="option.misere.hand", players=rules.players, table=rules.table_cards, hand=hand,
                given=rules.hand_size)
    for key, by in IMPLIED_VALUES.items():
        for other, fixes in by.items():
            mine, theirs = getattr(rules, key), getattr(rules, other)
            if theirs in fixes and fixes[theirs] != mine:
                if (key, other) == ("primiera", "scoring"):
                    raise RuleError(f"Punti a denari (O8, scoring denari) counts no primiera: it cannot be played "
                                    f"with primiera {mine}", reason="option.denari.primiera")
                raise RuleError(f"{other} {theirs} means {key} {fixes[theirs]}, not {mine}", reason="option.implied")


OPTION_SPECS: dict[str, OptionSpec] = {
    "players": OptionSpec(int, choices=(2, 3, 4, 5, 6), help="number of players (O1)"),
    "teams": OptionSpec(str, choices=TEAM_MODES, help="each alone, pairs or triples (O1)"),
    "hand_size": OptionSpec(int, low=1, high=40, help="cards dealt to each player per deal (O2)"),
    "table_cards": OptionSpec(int, low=0, high=10, help="cards dealt face up to the table (O2)"),
    "capture": OptionSpec(str, choices=CAPTURE_MODES, help="capture rule (O3)"),
    "fewest_cards": OptionSpec(bool, help="only the captures with the fewest cards (O4)"),
    "single_priority": OptionSpec(bool, help="a same-value card must be taken before a sum (O5)"),
    "ace_takes_all": OptionSpec(bool, help="an Asso takes the whole table (O6)"),
    "ace_scopa": OptionSpec(bool, help="the Asso's sweep counts as a scopa (O6)", needs="ace_takes_all"),
    "primiera": OptionSpec(str, choices=PRIMIERA_MODES, help="primiera rule (O7)"),
    "missing_suit": OptionSpec(str, choices=MISSING_SUIT_MODES, help="primiera with a suit missing (O7)"),
    "settanta": OptionSpec(bool, help="all four 7s score 1 more (O8)"),
    "rebello": OptionSpec(bool, help="the Re bello 10D scores 1 (O8)"),
    "rosmarino": OptionSpec(bool, help="the Rosmarino 8S scores 1 (O8)"),
    "napola": OptionSpec(bool, help="1D 2D 3D score 3, +1 per further denaro in sequence (O8)"),
    "napola_wins": OptionSpec(bool, help="all ten denari win the match at once (O8)", needs="napola"),
    "scoring": OptionSpec(str, choices=SCORING_MODES, help="hand scoring profile (O8)"),
    "carte_min": OptionSpec(int, low=0, high=80, help="cards needed for the carte point (O9)"),
    "target": OptionSpec(int, low=0, high=1000, help="points that end the match; 0 = single hand (O10)"),
    "lead": OptionSpec(int, low=0, high=100, help="lead needed to win (O11)"),
    "misere": OptionSpec(bool, help="first side to reach the target loses (O12)"),
    **option_specs(),  # each mechanic's own options (Mechanic.specs), in the mechanics' order
}

if list(OPTION_SPECS) != [f.name for f in fields(RuleSet)]:  # a mechanic's option is a RuleSet field, in order
    raise RuleError(f"the options read are not the rule set's fields: {', '.join(OPTION_SPECS)}")


@dataclass(frozen=True)
class Preset:
    """A named variant: the rule set it plays and a one-line description."""

    id: str
    name: str
    description: str
    rules: RuleSet
    # choices the preset's own seed offers on an option it fixes ({option: values, the preset's
    # first}): [002]'s Scopa inversa "partite ibride" (SB7); the New game dialog offers them
    offers: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # the other tables (scopa/tables.py ids, "4/pairs") at which the preset's own seed plays it
    # with the deal SB1 gives there: not house tables (SB1), e.g. [003]'s Escoba for 3 to 6
    seated: tuple[str, ...] = ()


def _preset(id: str, name: str, description: str, offers: Mapping[str, tuple[Any, ...]] | None = None,
            seated: tuple[str, ...] = (), **options: Any) -> Preset:
    rules = RuleSet(**options)
    rules.validate()
    for key, values in (offers or {}).items():
        if values[0] != getattr(rules, key):
            raise RuleError(f"{id}: the offer of {key} starts with the preset's own value")
        for value in values:
            rules.with_options({key: value})  # each offer is played, or this raises at import
    return Preset(id, name, description, rules, dict(offers or {}), seated)


_SCOPONE = dict(players=4, teams="pairs", hand_size=9, table_cards=4)

PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        _preset("scopa", "Scopa", "Classic two-player Scopa to 11."),
        _preset("scopa-a-tre", "Scopa a tre", "Three players each alone; carte needs 14 cards; to 16.",
                players=3, carte_min=14, target=16),
        _preset("scopa-a-quattro", "Scopa a quattro", "Four players in two pairs, 3 cards a deal; to 21.",
                players=4, teams="pairs", target=21),
        _preset("scopa-a-sei", "Scopa a sei", "Six players in three pairs (or two triples), 3 cards a deal.",
                players=6, teams="pairs"),
        _preset("scopone", "Scopone", "Scopone classico/scientifico: four in pairs, 9 cards each and 4 on the table.",
                **_SCOPONE),
        _preset("scopone-a-dieci", "Scopone a dieci", "Four in pairs, all ten cards each, none on the table.",
                players=4, teams="pairs", hand_size=10, table_cards=0),
        _preset("scopone-spagnolo", "Scopone (Spanish rules)", "Scopone where the capture with the fewest cards is compulsory; to 16.",
                fewest_cards=True, target=16, **_SCOPONE),
        # [003]: 2 to 6 players, three cards each and four on the table, 4 or 6 in teams of two
        # (its five players' table of five is not SB1's deal for five: that one stays a house table)
        _preset("escoba", "Escoba", "Capture to fifteen with the card played; a point for most sevens; win by 2.",
                seated=("3/none", "4/pairs", "4/none", "6/pairs"), capture="fifteen", primiera="sevens", lead=2),
        _preset("scopa-a-quindici", "Scopa a quindici", "Take by matching or by making fifteen; fewest cards compulsory.",
                capture="match+fifteen", fewest_cards=True),
        _preset("scopa-a-undici", "Scopa a undici", "Also take when the card played and the cards taken make eleven.",
                capture="match+eleven"),
        # [002]: "Questa presa non conta per fatta scopa. L'obiettivo del gioco è di ottenere 41 punti."
        _preset("scopa-d-assi", "Scopa d'assi", "Asso piglia tutto: an Asso takes the whole table (not a scopa); to 41.",
                ace_takes_all=True, target=41),
        # SB2 (docs/RULINGS.md): the seeds give no target for Scopone romano; its hands are worth
        # 13 points or more, so it is played to 21 here.
        _preset("scopone-romano", "Scopone romano", "Scopone scored the Roman way: each denaro 1, Settebello 2; to 21.",
                scoring="romano", target=21, **_SCOPONE),
        _preset("punti-a-denari", "Punti a denari", "No primiera; Fante, Cavallo and Re of denari 1 point each.",
                scoring="denari", primiera="none"),
        # SB3 (docs/RULINGS.md): [002] says FRAC is usually played to 50 or 100; 50 here.
        _preset("frac", "Scopa FRAC", "Only Fanti, Re, Assi and Cavalli score, 1 each; no single-card priority; to 50.",
                single_priority=False, scoring="frac", primiera="none", target=50),
        _preset("non-prendere", "Scopa a non prendere", "Misère for four each alone, all cards dealt: first to 11 loses.",
                players=4, hand_size=10, table_cards=0, misere=True),
        # Phase 2 (RULES §4): captures by difference (SB4), modulo 7 (SB5, SB6), by sum or difference (SB7).
        _preset("sottratta", "Scopa di differenze (sottratta)",
                "Take two or more cards with their difference, the largest minus the rest (8-2=6); one card by its equal.",
                capture="difference"),
        _preset("modulo-sette", "Modulo sette",
                "Values and sums count modulo 7 (Fante 1, Cavallo 2, Re 3, 7 zero); a scopa classic Scopa allows costs a point.",
                modulo=7, scopa_tradizionale=-1),
        # SB7: [002] plays it by subtraction, and allows "partite ibride" (sum or difference) too
        _preset("inversa", "Scopa inversa",
                "Subtraction in place of the sum: take cards whose difference is the card played; "
                "the hybrid game (sum or difference) is an option.",
                capture="difference", offers={"capture": ("difference", "match+difference")}),
        # RULES §4 Phase 2, the declaration variants of [002]; SB12 (docs/RULINGS.md) settles what is left open.
        _preset("bazzica", "Bàzzica", "Scopa with declarations from the hand: three alike 7, three making nine "
                "or less 2 or 3, each declared or kept hidden; to 21.", accuse="bazzica", accuse_choice=True, target=21),
        _preset("tuzzulicchio", "Tuzzulicchio", "Asso piglia tutto with declarations from the hand: Buongioco "
                "and Napoli of Assi, Due and Tre, 3 to 7 points; to 21.",
                ace_takes_all=True, accuse="tuzzulicchio", target=21),
        _preset("cocchiaundici", "Cocchiaundici", "Tuzzulicchio where a card also takes when it and the cards "
                "taken make eleven; to 21.",
                ace_takes_all=True, capture="match+eleven", accuse="tuzzulicchio", target=21),
        # RULES §4 Phase 2, Rubamazzo and Rubamazzetto a somme of [002]; SB20-SB25 (docs/RULINGS.md).
        _preset("rubamazzo", "Rubamazzo", "Take a card by its equal, or steal another side's whole pile with a "
                "card equal to its top; each card taken is a point; one hand.",
                capture="equal", steal=True, scoring="mazzetto", primiera="none", target=0),
        _preset("rubamazzo-a-somme", "Rubamazzo a somme", "Rubamazzo where a card also takes by sum, a pile's top "
                "counting in the sum; each card taken is a point; one hand.",
                capture="match", steal=True, scoring="mazzetto", primiera="none", target=0),
        # RULES §4 Phase 2, Scopa a cascina [002]; SB30–SB36 (docs/RULINGS.md) settle what it leaves open.
        _preset("cascina", "Scopa a cascina", "Build on a table card for a value you hold, and take the "
                "build with it next turn; no primiera, the 2 of denari 1 point.",
                cascina=True, primiera="none", due_denari=True),
        # RULES §4 Phase 2, Maresciallo [002]: a scopa d'asso with napola and the Re di picche's
        # penalties; SB40–SB46 (docs/RULINGS.md) settle what it leaves open.
        _preset("maresciallo", "Maresciallo", "Scopa d'assi with the napola: the Re di picche costs a point, "
                "sweeping with it 4; the Donna di quadri with the Settebello scores 1; to 21.",
                ace_takes_all=True, napola=True, maresciallo=True, french=True, target=21),
        _preset("maresciallo-80", "Maresciallo (80 cards)", "Maresciallo with two decks: four in pairs, 5 cards "
                "each and none on the table; a card takes its twin only to sweep, for 3 points; to 21.",
                ace_takes_all=True, napola=True, maresciallo=True, saponificatrice=True, french=True, deck=80,
                players=4, teams="pairs", hand_size=5, table_cards=0, target=21),
        # RULES §4 Phase 2, Cicera [002] (Brescia): 52 cards; SB50–SB55 (docs/RULINGS.md).
        # SB50: [002] "Ogni giocatore riceve una mano di 13 carte": all 52 dealt, none on the table
        _preset("cicera", "Cicera", "The Brescian Scopa of 52 cards, four in pairs with 13 each and none on the "
                "table: courts take only courts; cards 2, spade 1, the napula of spade, three single cards; to 21.",
                deck=52, scoring="cicera", primiera="none", players=4, teams="pairs", hand_size=13, table_cards=0,
                target=21),
        # RULES §4 Phase 2, Scopa a fidasse [002]; SB60–SB66 (docs/RULINGS.md) settle what it leaves open.
        _preset("fidasse", "Scopa a fidasse", "Claim a scopa with any card face down: \"vi fidate?\" Trusted, "
                "you take the table; doubted, a false claim costs you a point, a true one the doubter.",
                fidasse=True),
        # RULES R21-R27: Cirulla, the Genoese Scopa, from published accounts; SB80-SB86 (docs/RULINGS.md).
        _preset("cirulla", "Cirulla", "The Genoese Scopa: take by 15 too, the Asso takes all, declare a hand of "
                "9 or less (3) or three alike (10), the 7 of Coppe wild; grande and piccola of denari; to 51.",
                capture="match+fifteen", cirulla=True, accuse="buone", accuse_choice=True, napola=True, target=51),
    )
}

DEFAULT_VARIANT = "scopa"

# Records and saves carry the revision of the presets they were played under (`rules_revision`),
# so that a preset whose rules change never misreads an older record. Revision 1 is every record
# written before the field existed.
PRESETS_REVISION = 3
# What a preset played before the revision that changed it, by that revision: {revision: {preset:
# {option: the value it had before}}}. Issue 43, revision 2: Cicera deals 13 each and none on the
# table ([002]; it dealt 12 and 4, SB50), Scopa inversa plays subtraction alone ([002]; it played
# the hybrid, SB7), Scopa d'assi is played to 41 ([002]; it was to 11).
PRESETS_PAST: dict[int, dict[str, dict[str, Any]]] = {
    2: {"cicera": {"hand_size": 12, "table_cards": 4}, "inversa": {"capture": "match+difference"},
        "scopa-d-assi": {"target": 11}},
    # issue 43, revision 3: Bàzzica's declarations are a choice ([002] "è possibile", SB14); they
    # were all made by themselves (SB10)
    3: {"bazzica": {"accuse_choice": False}},
}


def options_as_of(variant: str, options: Mapping[str, Any], revision: Any) -> dict[str, Any]:
    """The options that replay, under today's presets, what `variant` with `options` played at
    presets revision `revision`: each option the preset has changed since, at its old value, under
    the options written out (which stand as they are). RuleError for a revision this code does not
    know (a record from a newer Settebello, or not a whole number)."""
    if type(revision) is not int or not 1 <= revision <= PRESETS_REVISION:
        raise RuleError(f"rules revision {brief(revision)} is unknown: this Settebello reads revisions 1 to "
                        f"{PRESETS_REVISION} (a newer one wrote this?)", reason="record.revision")
    out = dict(options)
    for later in range(revision + 1, PRESETS_REVISION + 1):
        for key, value in PRESETS_PAST.get(later, {}).get(variant, {}).items():
            out.setdefault(key, value)  # the earliest change holds the value that was played
    return out


def preset(variant: str) -> Preset:
    """The preset of this id, or RuleError listing the ids."""
    found = PRESETS.get(variant) if type(variant) is str else None
    if found is None:
        raise RuleError(f"unknown variant {brief(variant)}; the variants are: {', '.join(PRESETS)}")
    return found


def rules_for(variant: str = DEFAULT_VARIANT, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set of a preset with option overrides applied."""
    rules = preset(variant).rules
    return rules.with_options(options) if options else rules
