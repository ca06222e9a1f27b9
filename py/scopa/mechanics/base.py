"""The mechanic interface: what a special rule declares and the hooks a `Match` calls (issue 42).

A mechanic is one module of this package that makes one `Mechanic` value, named `MECHANIC` at the
module's top level (the package finds it there: nothing lists the mechanics by hand): the rule-set option
that turns it on, what it cannot be played with (`Exclusion`s, read by `RuleSet.validate`), its
own play kinds and their notation mark, the `Match` attributes that hold its state, and the hooks
below. `Match` (state.py) keeps the core (deal, R4 captures, turns, scopa, the hand's end) and
calls the hooks of the mechanics its rule set names, in the fixed order of `mechanics.ORDER`.

A hook is given the match and reads its public fields; it changes the match only through its own
state, the table, hands and piles it plays on, and the match's public methods (`deal_round`,
`forget_legal`, `event`). No mechanic imports the state, the rules or the scoring: the types of
`m` ("Match") and of results are named in strings, so no import circle can form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple, Protocol, Sequence

from ..cards import Card, parse_card

# What a capture that empties the table is (`captures.scopa_kind`): a scopa that scores for its side,
# or a traditional scopa (SB6), where a mechanic's counting tells apart a sweep classic Scopa allows
# too, which scores its own points (`Mechanic.traditional_points`). Any other kind is a mechanic's
# own sweep (`Mechanic.sweeps`, SB41, SB42).
SCOPA = "scopa"
TRADIZIONALE = "tradizionale"

MAX_JSON_CARDS = 80  # the most cards a list of a view's JSON can name (the 80 cards, SB37)


class Shown(Protocol):
    """A declaration as the core knows it (SB10): the seat that made it and the cards it showed from
    its hand, public from then on (what the mechanic scores of it is its own)."""

    seat: int
    cards: tuple[Card, ...]


class Counting(Protocol):
    """A mechanic's own count of capture sums (SB5), hashable (the capture rules are shared by it):
    `subsets` groups every set of table positions by its count, `count` is what a card of a face
    value must match."""

    def subsets(self, values: Sequence[int]) -> dict[int, list[tuple[int, ...]]]:
        """Every non-empty set of positions of the sorted `values`, grouped by its count."""
        ...

    def count(self, value: int) -> int:
        """The count a card of face value `value` takes by."""
        ...


class Taken(NamedTuple):
    """What a mechanic's capture did: the play as the log keeps it, whether it swept the table,
    whether the core judges that sweep (`captures.scopa_kind`) or it is a plain scopa, and the piles
    it stole (SB20: (side, cards bottom first))."""

    play: Any
    swept: bool
    judged: bool = True
    stolen: tuple[tuple[int, tuple[Card, ...]], ...] = ()


@dataclass(frozen=True)
class Exclusion:
    """What cannot be played with `option` on (set other than its default): every option in `off`
    keeps its default, no option in `refuse` takes one of the values listed, and no mechanic with
    one of the `off_traits` (`Mechanic.traits`: what it brings to a game) is played; else RuleError
    with `message` and `reason`. The message names an excluded trait by the options that bring it
    (`{piles}`: the option of each mechanic with the trait "piles"), `{value}` by `option`'s value."""

    option: str
    message: str
    reason: str
    off: tuple[str, ...] = ()
    refuse: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    off_traits: tuple[str, ...] = ()

    def broken_by(self, rules: Any, mechanics: Iterable["Mechanic"] = ()) -> bool:
        """Whether `rules` (a RuleSet) sets `option` together with something it excludes, the
        traits read from `mechanics` (every mechanic: `mechanics.ORDER`)."""
        if not _set(rules, self.option):
            return False
        return (any(_set(rules, o) for o in self.off) or any(getattr(rules, k) in v for k, v in self.refuse.items())
                or any(m.active(rules) for m in mechanics if set(m.traits) & set(self.off_traits)))

    def says(self, rules: Any, mechanics: Iterable["Mechanic"] = ()) -> str:
        """Its message for `rules`: `{value}` the option's value, an option of `off` (`{capture}`) its
        value, an excluded trait (`{piles}`) the options of `mechanics` that bring it."""
        by_trait = {t: " or ".join(m.option for m in mechanics if t in m.traits) for t in self.off_traits}
        return self.message.format(value=getattr(rules, self.option), **{o: getattr(rules, o) for o in self.off},
                                   **by_trait)


def json_cards(value: Any) -> tuple[Card, ...]:
    """Cards read back from a list of their notations in a view's JSON; ValueError (or CardError)
    when it is not such a list."""
    if not isinstance(value, list) or len(value) > MAX_JSON_CARDS:
        raise ValueError("a list of cards is damaged")
    return tuple(parse_card(c) for c in value)


def json_int(value: Any, low: int, high: int) -> int:
    """A whole number from `low` to `high` read back from a view's JSON; ValueError otherwise."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"a number from {low} to {high} is damaged")
    return value


def _set(rules: Any, option: str) -> bool:
    """Whether `option` of a RuleSet differs from its default (read from the dataclass, no import)."""
    return getattr(rules, option) != type(rules).__dataclass_fields__[option].default


class Mechanic:
    """One special rule as the engine sees it; every hook's default does nothing."""

    name = ""  # its id, as the notes and the tests call it
    option = ""  # the RuleSet field that turns it on (any value but the default)
    # its place among the mechanics, each a different number (`mechanics.ORDER`, ascending): the
    # order their hooks run in, which records replay by, so a new mechanic takes a free number
    order = 0
    # its place in the compatibility checks (`mechanics.CHECKED`): the first exclusion broken is
    # the one reported, so the order decides which message a rule set that breaks two gets
    check_order = 0
    excludes: tuple[Exclusion, ...] = ()
    # what it brings to a game, which another's `Exclusion.off_traits` may exclude: "piles" (piles
    # face up that change hands, SB20), "builds" (cards built on the table, SB30), "declarations"
    # (cards shown from the hand, SB10), "claims" (scope claimed face down, SB60), "sweeps" (sweeps
    # worth other points than a scopa, SB41), "residues" (sums counted by their residue, SB5)
    traits: tuple[str, ...] = ()
    play_kinds: tuple[type, ...] = ()  # the plays it adds beside the core's Play
    plain_kinds: tuple[type, ...] = ()  # those of its plays written as the core writes its own (a mark inside, SB26)
    mark = ""  # the notation mark of its plays (RULES §6)
    offered = True  # its plays are named among a card's options when a play is refused
    state: tuple[str, ...] = ()  # the Match attributes (lists) that hold its state, empty each hand
    view_keys: tuple[str, ...] = ()  # the keys of its part of the page's view (`view_json`); none: no part
    # the game's own words for things the core names otherwise ({core word: its word}): the page
    # says a category, an option, by the word of the game on the table ({"napola": "piccola"}, R27)
    words: dict[str, str] = {}
    # the rules page's examples of its captures: scene → (table, card played[, other sides' pile tops])
    examples: Mapping[str, tuple[Any, ...]] = {}

    def specs(self) -> dict[str, Any]:
        """Its options as the rules read them (`options.OptionSpec`), its `option` first, in the order
        of their RuleSet fields: asked once all mechanics are imported (`mechanics.option_specs`)."""
        return {}

    def active(self, rules: Any) -> bool:
        """Whether these rules play this mechanic."""
        return _set(rules, self.option)

    def check(self, rules: Any, mechanics: Iterable["Mechanic"] = ()) -> tuple[str, str] | None:
        """(message, reason) of the first exclusion `rules` break, or None; the traits an exclusion
        names are those of `mechanics` (every mechanic: `mechanics.ORDER`)."""
        mechanics = tuple(mechanics)
        for e in self.excludes:
            if e.broken_by(rules, mechanics):
                return e.says(rules, mechanics), e.reason
        return None

    # -- the hand -------------------------------------------------------------------------
    def new_hand(self, m: "Match") -> None:
        """A hand is dealt: the mechanic's state starts empty."""
        for name in self.state:
            setattr(m, name, [])

    def copy_state(self, m: "Match", copy: "Match") -> None:
        """`copy` (a clone of `m` for search) gets its own copy of the mechanic's state."""
        for name in self.state:
            setattr(copy, name, getattr(m, name)[:])

    def well_typed(self, play: Any) -> bool:
        """Whether `play`, of one of its kinds, is made of the engine's own types (cards are ints)."""
        return False

    # -- the plays ------------------------------------------------------------------------
    def plays_instead(self, m: "Match") -> list | None:
        """The legal plays when this mechanic makes them all (an answer step, builds, steals), else None."""
        return None

    def more_plays(self, m: "Match", plays: list) -> list:
        """The core's legal plays changed by this mechanic (plays added, or some taken out)."""
        return plays

    def parse(self, m: "Match", text: str) -> Any:
        """Its own play read from `text` when the text carries its mark (checked: IllegalPlayError
        says why it is not legal), else None. Asked whether or not the rules play it, so a mark
        used where the mechanic is off gets its own message."""
        return None

    def misread(self, text: str, play: Any, marked: set[Card]) -> str | None:
        """Why `text`, written as the core writes its plays, names `play` (the legal play it reads
        as) with other cards after this mechanic's `mark` (`marked`) than the play's `tops`; else
        None. Asked of the mechanics with a mark inside a plain play (SB26)."""
        return None

    def why_illegal(self, m: "Match", play: Any) -> str | None:
        """Why `play` is not allowed, when this mechanic knows; else None (the core says)."""
        return None

    def reachable(self, m: "Match") -> Iterable[Card]:
        """Cards a capture may name beside the loose table cards (pile tops, built cards)."""
        return ()

    def record_only(self, play: Any) -> tuple[str, str] | None:
        """(message, reason) when `play`, one of its own the engine accepts, is a form only a record
        writes (a claim with its answer, SB66): a person at the table is refused it. Else None."""
        return None

    def table_after(self, table: Sequence[Card], play: Any) -> list[Card] | None:
        """The sorted loose table cards once its own `play`, which takes nothing, is made on
        `table`, when the play does not lay its card there (a build, SB30), else None."""
        return None

    def apply(self, m: "Match", play: Any) -> Any:
        """Check and make a play of its own that the legal plays do not list as it is (a claim
        with its answer, as a record writes it), returning its PlayEvent; else None."""
        return None

    def push(self, m: "Match", play: Any) -> Any:
        """Make one of its own plays wholly (trusted: legal) and return its PlayEvent, or None to
        leave it to the core."""
        return None

    def declare(self, m: "Match", seat: int, play: Any, hand: list[Card]) -> tuple:
        """What `seat` declares with this play, before the card leaves the hand (SB10)."""
        return ()

    def take(self, m: "Match", seat: int, play: Any, presa: tuple[Card, ...]) -> Taken | None:
        """Make a capture its own way (the card already out of the hand), or None for the core's."""
        return None

    def lay(self, m: "Match", seat: int, play: Any) -> bool:
        """Put a play that takes nothing on the table its own way; False leaves it to the core."""
        return False

    # -- how it counts a capture (captures.CaptureRule asks it) -------------------------------
    def counting(self, rules: Any) -> "Counting | None":
        """How these rules count a capture's sums when this mechanic counts them its own way (SB5:
        by their residue), else None (the core's sums)."""
        return None

    # -- its sweeps and points (captures.scopa_kind and scoring.score_hand ask them) ---------
    def traditional_points(self, rules: Any) -> int | None:
        """What a traditional scopa scores (SB6: a sweep classic Scopa allows too, a category of the
        hand's score of its own) when its counting tells one apart from a scopa, else None."""
        return None

    def judge_sweep(self, rules: Any, value: int, taken: Sequence[int]) -> str | None:
        """What a plain sweep (no mechanic's own) of the face values `taken` by a card of face value
        `value` is under its counting: `SCOPA`, `TRADIZIONALE` or None (no scopa at all, SB6);
        asked only of a mechanic whose `traditional_points` are not None."""
        return SCOPA

    def sweeps(self, rules: Any) -> dict[str, int]:
        """The sweeps of its own these rules can make, each worth other points than a scopa's and
        scored in a category of its own (SB41, SB42): kind → points a sweep."""
        return {}

    def sweep_kind(self, rules: Any, card: Card, presa: Sequence[Card]) -> str | None:
        """What taking the whole table (`presa`) with `card` is when it is one of its `sweeps`, else None."""
        return None

    def card_points(self, rules: Any) -> dict[str, dict[Card, int]]:
        """The categories it scores in which a card scores by itself, wherever it lies: category →
        card → points (read by `scoring.card_points`, so the computer players' worths too)."""
        return {}

    def pile_points(self, rules: Any, piles: Sequence[Sequence[Card]]) -> list[tuple[str, list[int]]]:
        """Its categories of a hand's score counted from the sides' piles alone, in order:
        (category, points per side)."""
        return []

    # -- the rules page ---------------------------------------------------------------------
    def scenes(self, rules: Any) -> tuple[str, ...]:
        """The scenes of its `examples` the rules page shows for these rules."""
        return tuple(self.examples)

    def example_takes(self, rule: Any, rules: Any, table: Sequence[Card], tops: Sequence[Card],
                      card: Card) -> list[tuple[Card, ...]]:
        """The sets of cards (of the sorted `table` and the pile `tops`) `card` may take in one of its
        examples, by the engine's capture rule `rule` (a CaptureRule) and this mechanic's."""
        return rule.options(table, card)

    # -- the hand's end, the views, the search --------------------------------------------
    def left_on_table(self, m: "Match") -> list[Card]:
        """Cards of its own still on the table at the hand's end (they go to the last taker, R6)."""
        return []

    def score(self, m: "Match", result: Any) -> Any:
        """The hand's result (a HandResult) with this mechanic's category added."""
        return result

    def sets(self, rules: Any) -> tuple[tuple[tuple[Card, ...], int], ...]:
        """The sets of cards its `score` counts when one side takes them all, each with its points
        (the computer players' card worths read them: one source for what scores)."""
        return ()

    def worths(self, rules: Any) -> dict[Card, float]:
        """The computer players' worth of a card for the categories this mechanic scores from the
        piles (a card's own points, and a share of a point it scores beside another card), added
        to the card's other worths (heuristics.Knowledge): card → worth; none for most."""
        return {}

    def deal_moments(self, hand: int, events: Sequence[Any], result: Any, sides: int) -> list[dict[str, Any]]:
        """The moments of hand `hand` worth telling (settebello.story) that no play made (the deal's
        own declarations, R24), from its play events and its result: told first."""
        return []

    def play_moments(self, hand: int, event: Any, sides: int) -> list[dict[str, Any]]:
        """The moments one play event makes of its own (its declarations, SB10), told before its sweep."""
        return []

    def declared(self, view: Any) -> list[tuple[int, int, str]]:
        """What each seat declared this hand, public once made (SB10): (seat, points, kind) in the
        order made; none for most (settebello.public sums them on the seat)."""
        return []

    def rules_page(self, rules: Any) -> dict[str, Any]:
        """Its part of the rules page (settebello.rulebook), asked of every mechanic, on or off, so
        the page's keys stay the same: key → what the page shows of it; none for most."""
        return {}

    def view(self, m: "Match", seat: int | None, parts: dict[str, Any]) -> None:
        """Fill in `parts`, the PlayerView fields, with what `seat` may see of this mechanic."""

    def view_json(self, view: Any) -> dict[str, Any]:
        """Its part of a view's JSON (a PlayerView's `mechanics[name]`, what the page's renderer of
        this mechanic draws): exactly the keys `view_keys` names, as that seat may see them."""
        return {}

    def read_view(self, part: Mapping[str, Any], parts: dict[str, Any]) -> None:
        """Read its part of a view's JSON (`part`, what `view_json` wrote) back into `parts`, the
        PlayerView fields read so far (`rules`, `names`): a guest's own hint reads its seat's view
        back (settebello/seatview.py). ValueError (or CardError) when damaged."""

    def read_play(self, p: Mapping[str, Any], parts: dict[str, Any]) -> Any:
        """One of its own plays read back from its JSON (what its `to_json` wrote), or None when `p`
        is not of its kinds (`parts` as `read_view`'s); ValueError (or CardError) when damaged."""
        return None

    def position(self, m: "Match", out: dict[str, Any]) -> None:
        """Fill in its part of a replay's position (`out`, every card face up: replay.py)."""

    def sample(self, view: Any, m: "Match", unseen: list[Card], shown: dict[int, Any]) -> dict[int, Any]:
        """For `sample_match`: set the mechanic's state on `m` from `view` and give cards hidden by
        it a likely identity; returns the cards known to be in each hand."""
        return shown

    def moves_before(self, event: Any) -> list:
        """Moves that come before the play's own in an event (cards shown, SB10)."""
        return []

    def moves(self, event: Any) -> list | None:
        """The moves of an event of its own play, or None (the core's)."""
        return None

    def hides_card(self, event: Any, viewer: int | None) -> bool:
        """Whether an event's card played is hidden from `viewer` (a claim face down)."""
        return False

    def event_json(self, event: Any, viewer: int | None, face_up: bool, out: dict[str, Any]) -> None:
        """Change an event's JSON (`out`) as `viewer` may see it."""
