"""Hints that explain (issue 28): each principle of scopa_ai/principles.py on a fixed deal, the
reason it gives and the sentence that reason makes in English, Italian and Spanish; the hint's
choice of reason (scopa_ai/explain.py); the coach's warnings; and that a reason uses only what the
seat could see (the other hand and the mazzo scrambled: the same reason).

The sentences are made here as static/js/coach.js makes them from the same files (`words`): a card
param with its article, a list of cards joined as Intl.ListFormat joins them, `margin` with one
decimal, `count` choosing the plural, the first letter capitalised. tests/browser/test_coach.py
checks that the page says some of these very sentences.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from deals import make_deck
from depth import examples
from scopa.cards import card_str, parse_card
from scopa.rules import rules_for
from scopa.state import Match, Play, PlayerView
from scopa_ai import hint
from scopa_ai import principles as P
from scopa_ai.explain import advise, explain, greedy, warn
from scopa_ai.levels import ExpertPlayer
from scopa_ai.master import MasterPlayer
from settebello.session import Session

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "static" / "i18n"
LANGS = ("en", "it", "es")
STRINGS = {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
NAMES = ["Anna", "Bruno"]


# -- the page's words, made as coach.js makes them ---------------------------------------------

def _the(code: str, lang: str) -> str:
    """A card with its article: "the Three of Coins", "il Tre di Denari", "el Tres de Oros"."""
    s = STRINGS[lang]
    rank, suit = code[:-1], code[-1]
    name = s["card.name"].format(rank=s[f"rank.{rank}"], suit=s[f"suit.{suit}"])
    return s[f"access.the.{rank}"].format(card=name)


def _join(items: list[str], lang: str) -> str:
    """Intl.ListFormat's conjunction in en, it and es (en-US keeps the serial comma)."""
    word = {"en": "and", "it": "e", "es": "y"}[lang]
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + ("," if lang == "en" else "") + f" {word} " + items[-1]


def words(reason: dict[str, Any], lang: str) -> str:
    """A reason's sentence in `lang`."""
    s = STRINGS[lang]
    key, params = reason["key"], dict(reason["params"])
    if "count" in params:
        form = "one" if params["count"] == 1 else "other"
        key = f"{key}.{form}" if f"{key}.{form}" in s else f"{key}.other"
    said = {}
    for name, value in params.items():
        if name in ("card", "other"):
            said[name] = _the(value, lang)
        elif isinstance(value, list):
            said[name] = _join([_the(c, lang) for c in value], lang)
        elif name == "margin":
            said[name] = f"{value:.1f}".replace(".", "." if lang == "en" else ",")
        else:
            said[name] = str(value)
    text = s[key]
    for name, value in said.items():
        text = text.replace("{" + name + "}", value)
    assert "{" not in text, text
    return text[:1].upper() + text[1:]


def said(reason: P.Reason | None) -> dict[str, str]:
    """The reason's sentence in each language."""
    assert reason is not None
    return {lang: words(reason.to_json(), lang) for lang in LANGS}


# -- fixed deals ---------------------------------------------------------------------------------

def position(hands: dict[int, str], table: str, variant: str = "scopa", plays: str = "") -> PlayerView:
    """Anna (seat 0) to play against Bruno, who deals: the first deal gives `hands` and `table`
    (the rest of the deck in the shoe's order), then `plays` are made."""
    rules = rules_for(variant)
    m = Match(rules, NAMES, 1)
    assert m.deal(make_deck(rules, 1, hands, table))
    for p in plays.split():
        m.play(p)
    return m.observe(m.turn)


def recorded(deck: str, plays: str) -> tuple[Match, PlayerView]:
    """A classic hand from its record (RULES §6): the deck in dealing order, the plays so far."""
    m = Match(rules_for("scopa"), NAMES, 1)
    assert m.deal([parse_card(c) for c in deck.split()])
    for p in plays.split():
        m.play(p)
    return m, m.observe(m.turn)


def the(view: PlayerView, notation: str) -> Play:
    """The legal play written so."""
    return next(p for p in view.legal if str(p) == notation)


def seen(view: PlayerView) -> tuple[list[str], list[str]]:
    """The seat's hand and the table, as codes: what a position shows."""
    return [card_str(c) for c in view.hand], [card_str(c) for c in view.table]


# A recorded hand (found by playing expert against expert) whose positions show the principles of
# the middle of a hand: the carta mula, counting what is gone.
DECK_A = ("1D 7S 4D 6C 8C 4S 10B 9B 1C 6D 2S 2C 3B 4C 4B 10C 6B 10S 6S 5C 3D 9S 1S 9C 3C 2D 10D 2B 8D 5B 3S 8B "
          "5S 7C 8S 9D 5D 1B 7B 7D")
PLAYS_A = ("1D:1C 6C:6D 8C 4S 4D:4S 7S 2S 2C:2S 4B 4C:4B 3B 10C:10B 3D:3B 9S:9B 6S 10S 6B:6S 5C 10D:10S 2D "
           "1S 9C:2D+7S 3C 2B 5S:5C 8B:8C")
DECK_B = ("2C 4B 5B 1S 7B 8S 7S 9S 4C 3C 1B 1C 3B 9D 3S 6C 5D 5S 8D 9C 6D 4D 7C 7D 8C 10S 6B 2B 2S 5C 10D 10B "
          "1D 2D 8B 6S 3D 9B 10C 4S")
DECK_C = ("8D 7S 7B 10S 6S 10B 6B 4B 1B 5B 6C 9D 9S 3B 4C 1D 10C 6D 1S 9C 3D 3S 8C 5D 2S 8S 7D 10D 9B 5C 4D 1C "
          "2D 2C 3C 8B 7C 2B 5S 4S")


# -- each principle, its reason and its sentence ----------------------------------------------

# Each row: the principle, Anna's hand and the table (and the variant), the play it judges, the
# reason it gives, and that reason's sentence in English, Italian and Spanish.
REASONS = [
    pytest.param(P.scopa, "5C 9S 10B", "1S 2C 3B 4D", "scopa", "10B:1S+2C+3B+4D",
                 {"key": "coach.scopa", "params": {"card": "10B"}},
                 {"en": "The King of Clubs takes the whole table: a scopa, worth a point.",
                  "it": "Il Re di Bastoni prende tutta la tavola: è scopa, un punto.",
                  "es": "El Rey de Bastos levanta toda la mesa: escoba, un punto."},
                 id="a scopa sweeps the table"),
    pytest.param(P.settebello, "7C 2S 9B", "7D 4S 5C 10B", "scopa", "7C:7D",
                 {"key": "coach.settebello", "params": {"card": "7C"}},
                 {"en": "The Seven of Cups takes the Settebello, a point on its own.",
                  "it": "Il Sette di Coppe prende il Settebello, che da solo vale un punto.",
                  "es": "El Siete de Copas levanta el Siete de Oros, que vale un punto por sí solo."},
                 id="taking the Settebello from the table"),
    pytest.param(P.settebello, "7D 2S 9B", "3C 4B 6S 10B", "scopa", "7D:3C+4B",
                 {"key": "coach.settebelloHome", "params": {"cards": ["3C", "4B"]}},
                 {"en": "The Settebello takes the Three of Cups and the Four of Clubs and goes to your pile: "
                        "a point on its own.",
                  "it": "Il Settebello prende il Tre di Coppe e il Quattro di Bastoni e va nel tuo mazzetto: "
                        "da solo vale un punto.",
                  "es": "El Siete de Oros levanta el Tres de Copas y el Cuatro de Bastos y va a tu montón: "
                        "un punto por sí solo."},
                 id="taking with the Settebello"),
    pytest.param(P.sevens, "7C 2S 9B", "7S 4B 5C 10B", "scopa", "7C:7S",
                 {"key": "coach.sevens", "params": {"card": "7C", "cards": ["7S"]}},
                 {"en": "The Seven of Cups takes the Seven of Swords: sevens are the best cards for the primiera.",
                  "it": "Il Sette di Coppe prende il Sette di Spade: i sette sono le carte migliori per la primiera.",
                  "es": "El Siete de Copas levanta el Siete de Espadas: los sietes son las mejores cartas para la "
                        "primera."},
                 id="a seven for the primiera"),
    pytest.param(P.sevens, "8C 2S 9B", "7S 4B 5C 10B", "escoba", "8C:7S",  # O3 fifteen: 8 + 7
                 {"key": "coach.sevensMost", "params": {"card": "8C", "cards": ["7S"]}},
                 {"en": "The Knave of Cups takes the Seven of Swords: the most sevens win a point.",
                  "it": "Il Fante di Coppe prende il Sette di Spade: chi ha più sette prende un punto.",
                  "es": "La Sota de Copas levanta el Siete de Espadas: quien tenga más sietes gana un punto."},
                 id="a seven in escoba, where the most sevens score"),
    pytest.param(P.denari, "5C 2S 9B", "2D 3D 8S 10B", "scopa", "5C:2D+3D",
                 {"key": "coach.denari", "params": {"card": "5C", "count": 2}},
                 {"en": "The Five of Cups puts 2 denari in your pile: the most denari win a point.",
                  "it": "Il Cinque di Coppe porta 2 denari nel tuo mazzetto: chi ha più denari prende un punto.",
                  "es": "El Cinco de Copas lleva 2 oros a tu montón: quien tenga más oros gana un punto."},
                 id="denari"),
    pytest.param(P.denari, "6C 2S 9B", "6D 4S 8S 10B", "scopa", "6C:6D",
                 {"key": "coach.denari", "params": {"card": "6C", "count": 1}},
                 {"en": "The Six of Cups puts a denaro in your pile: the most denari win a point.",
                  "it": "Il Sei di Coppe porta un denaro nel tuo mazzetto: chi ha più denari prende un punto.",
                  "es": "El Seis de Copas lleva un oro a tu montón: quien tenga más oros gana un punto."},
                 id="a single denaro"),
    pytest.param(P.cards, "9C 2S 5B", "2B 3S 4C 10B", "scopa", "9C:2B+3S+4C",
                 {"key": "coach.cards", "params": {"card": "9C", "count": 4}},
                 {"en": "The Knight of Cups puts 4 cards in your pile, more than any other play: the most cards "
                        "win a point.",
                  "it": "Il Cavallo di Coppe porta 4 carte nel tuo mazzetto, più di ogni altra giocata: chi ha più "
                        "carte prende un punto.",
                  "es": "El Caballo de Copas lleva 4 cartas a tu montón, más que cualquier otra jugada: quien tenga "
                        "más cartas gana un punto."},
                 id="the most cards"),
]


@pytest.mark.parametrize("principle, hand, table, variant, play, reason, sentences", REASONS)
def test_a_principle_gives_its_reason_and_says_it_in_three_languages(principle, hand, table, variant, play,
                                                                     reason, sentences):
    view = position({0: hand}, table, variant=variant)
    given = principle(view, the(view, play))
    assert given.to_json() == reason
    assert said(given) == sentences


@pytest.mark.parametrize("principle, hand, table, play", [
    pytest.param(P.scopa, "5C 9S 10B", "1S 2C 3B 4D", "9S:2C+3B+4D", id="a capture that leaves a card"),
    pytest.param(P.denari, "5C 2S 9B", "2D 3D 8S 10B", "9B", id="a card laid takes no denari"),
    pytest.param(P.cards, "9C 2S 5B", "2B 3S 4C 10B", "5B:2B+3S", id="the Knight takes more"),
])
def test_a_principle_is_silent_where_it_does_not_apply(principle, hand, table, play):
    view = position({0: hand}, table)
    assert principle(view, the(view, play)) is None


def test_leaving_the_table_at_11_or_more():
    """[002]: leave the table summing 11 or more, so the next player cannot sweep it."""
    view = position({0: "6C 9B 4D"}, "1S 2B 3C 10S")
    safe, risky = the(view, "4D:1S+3C"), the(view, "6C:1S+2B+3C")
    reason = P.safe(view, safe, risky)
    assert reason.to_json() == {"key": "coach.safe", "params": {"card": "4D", "left": 12, "other": "6C", "sum": 10,
                                                                 "name": "Bruno"}}
    assert said(reason) == {
        "en": "The Six of Cups would leave 10 on the table and Bruno could sweep it; "
              "the Four of Coins leaves 12, which Bruno cannot.",
        "it": "Il Sei di Coppe lascerebbe 10 in tavola e Bruno potrebbe fare scopa; il Quattro di Denari lascia 12, "
              "e Bruno non può.",
        "es": "El Seis de Copas dejaría 10 en la mesa y Bruno podría hacer escoba; el Cuatro de Oros deja 12 en la mesa, "
              "y Bruno no puede."}
    assert P.safe(view, risky, safe) is None


def test_counting_what_is_gone():
    """Late in the hand the table left sums to 3, but every Three is in the hand or played."""
    _, view = recorded(DECK_A, PLAYS_A)
    assert seen(view) == (["3S", "8D"], ["1S", "2B", "3C"])
    reason = P.counted(view, the(view, "3S:3C"))
    assert reason.to_json() == {"key": "coach.counted", "params": {"card": "3S", "sum": 3, "name": "Bruno"}}
    assert said(reason) == {
        "en": "The Three of Swords leaves 3 on the table, but every card that could sweep it is in your hand or "
              "already played: Bruno cannot.",
        "it": "Il Tre di Spade lascia 3 in tavola, ma ogni carta che potrebbe fare scopa è nella tua mano o è già "
              "uscita: Bruno non può.",
        "es": "El Tres de Espadas deja 3 en la mesa, pero cada carta que podría hacer escoba está en tu mano o ya ha "
              "salido: Bruno no puede."}
    assert explain(view, the(view, "3S:3C")) == reason


def test_a_card_only_you_can_take_is_said_in_the_players_words():
    """The other Sixes are gone (6C and 6D taken together): a Six laid can be taken only by the Six
    still in the hand. The tradition's "carta mula" ([002]) is not said: a player who does not know
    the word is told what it means (the player's review: the jargon came unexplained)."""
    _, view = recorded(DECK_A, "1D:1C 6C:6D 8C 4S 4D:4S 7S 2S 2C:2S 4B 4C:4B 3B 10C:10B")
    assert seen(view) == (["3D", "6B", "6S"], ["3B", "7S", "8C", "9B"])
    reason = P.mula(view, the(view, "6B"))
    assert reason.to_json() == {"key": "coach.mula", "params": {"card": "6B"}}
    assert said(reason) == {
        "en": "Only you can take the Six of Clubs on the table: every other card of its value is already played or "
              "in your hand, so you choose when.",
        "it": "Solo tu puoi prendere il Sei di Bastoni in tavola: le altre carte del suo valore sono già uscite o "
              "sono in mano tua, quindi scegli tu quando.",
        "es": "Solo tú puedes llevarte el Seis de Bastos de la mesa: las otras cartas de su valor ya han salido o "
              "están en tu mano, así que eliges cuándo."}
    assert not any("mula" in text.lower() for text in said(reason).values())


def test_playing_a_card_held_twice():
    _, view = recorded(DECK_B, "7B:7S 4B:4C 2C 8S 5B:2C+3C 1S")
    assert seen(view) == (["1B", "3B", "3S"], ["1S", "8S", "9S"])
    reason = P.twice(view, the(view, "3B"))
    assert reason.to_json() == {"key": "coach.twice", "params": {"card": "3B", "count": 1, "name": "Bruno"}}
    assert said(reason) == {
        "en": "You play the Three of Clubs holding another card of the same value: only one more of that value is "
              "unseen for Bruno to hold.",
        "it": "Giochi il Tre di Bastoni tenendo un'altra carta dello stesso valore: di quel valore ne resta solo una "
              "non ancora vista che Bruno possa avere.",
        "es": "Juegas el Tres de Bastos con otra carta del mismo valor en la mano: de ese valor solo queda una sin "
              "ver que Bruno pueda tener."}


@pytest.mark.parametrize("hand, table, laid, kept, key, sentences", [
    ("7S 5B 10B", "2C 4S 8C 9D", "7S", "10B:2C+8C", "coach.guard.seven", {
        "en": "Keep the Seven of Swords in your hand: sevens win points, and laid on the table Bruno could take it.",
        "it": "Tieni il Sette di Spade in mano: i sette valgono punti, e calato in tavola Bruno potrebbe prenderlo.",
        "es": "Guarda el Siete de Espadas en la mano: los sietes valen puntos, y en la mesa estaría al alcance de Bruno."}),
    ("7D 5B 10B", "2C 3S 8C 9D", "7D", "5B:2C+3S", "coach.guard.settebello", {
        "en": "Keep the Settebello in your hand: laid on the table, Bruno could take it.",
        "it": "Tieni il Settebello in mano: calato in tavola, Bruno potrebbe prenderlo.",
        "es": "Guarda el Siete de Oros en la mano: en la mesa estaría al alcance de Bruno."}),
    ("4D 5B 10B", "2C 3S 8C 9D", "4D", "5B:2C+3S", "coach.guard.denari", {
        "en": "Keep the Four of Coins in your hand: the most denari win a point, and laid on the table Bruno could "
              "take it.",
        "it": "Tieni il Quattro di Denari in mano: chi ha più denari prende un punto, e calato in tavola Bruno "
              "potrebbe prenderlo.",
        "es": "Guarda el Cuatro de Oros en la mano: quien tenga más oros gana un punto, y en la mesa estaría al "
              "alcance de Bruno."}),
], ids=["seven", "settebello", "denari"])
def test_guarding_the_settebello_the_sevens_and_the_denari(hand, table, laid, kept, key, sentences):
    view = position({0: hand}, table)
    reason = P.guard(view, the(view, kept), the(view, laid))
    assert reason.to_json() == {"key": key, "params": {"card": laid, "name": "Bruno"}}
    assert said(reason) == sentences
    assert P.guard(view, the(view, laid), the(view, kept)) is None


def test_a_play_that_is_the_only_one():
    view = position({0: "5C 9S 10B", 1: "4C 6B 8S"}, "1S 2C 3B 10D", plays="5C:2C+3B 4C 9S 6B")
    assert seen(view) == (["10B"], ["1S", "4C", "6B", "9S", "10D"])
    reason = explain(view, the(view, "10B:10D"))
    assert reason.to_json() == {"key": "coach.only", "params": {"card": "10B"}}
    assert said(reason) == {
        "en": "The King of Clubs is your only possible play.",
        "it": "Il Re di Bastoni è l'unica giocata possibile.",
        "es": "El Rey de Bastos es tu única jugada posible."}


def test_a_last_round_counted_to_the_end():
    m, view = recorded(DECK_C, "7B:1B+6B 10B 6S 10S:10B 8D 7S 6C:6S 9D:4B+5B 9S 3B 4C 1D 1S:1D 3S:3B 3D "
                               "9C:9S 10C:3D+7S 6D 8C:8D 10D:4C+6D 7D 8S 2S 5D 9B:2S+7D 5C:5D 4D 2C 2D:2C 1C")
    assert seen(view) == (["3C", "5S", "7C"], ["1C", "4D", "8S"]) and view.deck_left == 0
    play, reason = advise(view, "expert")
    assert str(play) == "5S:1C+4D"
    assert reason.to_json() == {"key": "coach.exact", "params": {"card": "5S"}}
    assert said(reason) == {
        "en": "Every card still to play is known now: counted to the end of the hand, the Five of Swords does best.",
        "it": "Ormai tutte le carte da giocare sono note: contando fino alla fine della mano, il Cinque di Spade è la "
              "giocata migliore.",
        "es": "Ya se conocen todas las cartas por jugar: contando hasta el final de la mano, el Cinco de Espadas es la "
              "mejor jugada."}


# -- no principle: what the search expects ------------------------------------------------------

def test_the_expert_says_which_term_of_its_score_puts_the_play_ahead():
    """No principle speaks: the expert's hint says why its score prefers the play, in its own terms
    (the player's review: "by the computer's rules of thumb ... +0.1 points" said nothing usable).
    Here the Knave and the Four are both laid; the Knave leaves Bruno less to take."""
    _, view = recorded(DECK_A, "1D:1C 6C:6D")
    assert seen(view) == (["4D", "8C"], ["9B", "10B"])
    play, reason = advise(view, "expert")
    assert str(play) == "8C"
    assert reason.to_json() == {"key": "coach.reckon.risk", "params": {"card": "8C", "other": "4D", "name": "Bruno"}}
    assert said(reason) == {
        "en": "The Knave of Cups leaves Bruno less to take from the table than the Four of Coins would.",
        "it": "Con il Fante di Coppe Bruno trova in tavola meno da prendere che con il Quattro di Denari.",
        "es": "Con la Sota de Copas Bruno encuentra en la mesa menos para llevarse que con el Cuatro de Oros."}
    # the term said is the one that gives the play its lead: the next player's expected take
    expert = ExpertPlayer(None)
    terms = dict(zip(view.legal, expert.terms(view)))
    knave, four = terms[the(view, "8C")], terms[the(view, "4D")]
    assert knave[1] < four[1] and expert.caution * (four[1] - knave[1]) > knave[0] - four[0]


def test_the_experts_reasons_name_a_term_and_never_rules_of_thumb():
    """Along seeded hands, every hint of the expert that no principle explains says a term of its
    score (take, lay, risk, follow), never a margin of "rules of thumb"."""
    told = 0
    for seed in range(examples(8)):
        rng = random.Random(seed)
        m = Match.new(rules_for("scopa"), rng, NAMES)
        m.deal_until_played()
        while m.phase == "play":
            view = m.observe(m.turn)
            play, reason = advise(view, "expert")
            if reason is not None and reason.key.startswith("coach.reckon"):
                told += 1
                assert reason.key in ("coach.reckon.take", "coach.reckon.lay", "coach.reckon.risk",
                                      "coach.reckon.follow"), reason
                assert all("thumb" not in text and "+" not in text for text in said(reason).values())
            m.play(str(rng.choice(view.legal)))
    assert told >= 5, told


def test_the_masters_margin_is_its_expected_points_over_the_next_play():
    _, view = recorded(DECK_A, "1D:1C 6C:6D")
    knave, four = the(view, "8C"), the(view, "4D")
    reason = explain(view, knave, {knave: 1.32, four: 0.9}, "search")
    assert reason.to_json() == {"key": "coach.search", "params": {"card": "8C", "other": "4D", "margin": 0.4}}
    assert said(reason) == {
        "en": "The computer's search finds the Knave of Cups best: +0.4 points on average over the Four of Coins.",
        "it": "Secondo la ricerca del computer il Fante di Coppe è la giocata migliore: il Quattro di Denari vale in "
              "media 0,4 punti in meno.",
        "es": "Según la búsqueda del ordenador, la Sota de Copas es la mejor jugada: 0,4 puntos de media más que "
              "el Cuatro de Oros."}
    close = explain(view, knave, {knave: 0.93, four: 0.9}, "search")
    assert said(close) == {
        "en": "The computer's search finds the Knave of Cups best, by less than 0.1 points on average over the Four of "
              "Coins.",
        "it": "Secondo la ricerca del computer il Fante di Coppe è di poco la giocata migliore: la differenza con il "
              "Quattro di Denari è sotto 0,1 punti in media.",
        "es": "Según la búsqueda del ordenador, la Sota de Copas es la mejor jugada por menos de 0,1 puntos de "
              "media sobre el Cuatro de Oros."}
    assert explain(view, knave, {}, "search") is None  # no search, nothing to say


def test_the_master_quotes_its_own_search():
    _, view = recorded(DECK_A, "1D:1C 6C:6D")
    play, reason = advise(view, "master")
    assert play == hint(view, "master")  # the same play as the hint without its reason
    assert reason is not None and reason.key in ("coach.search", "coach.searchClose")
    master = MasterPlayer(random.Random(1))
    master.choose(view)
    assert set(master.last_values) <= set(view.legal) and len(master.last_values) >= 2


# -- which principle decides a hint ------------------------------------------------------------

def test_the_hint_says_what_the_greedy_play_would_give_away():
    view = position({0: "6C 9B 4D"}, "1S 2B 3C 10S")
    assert str(greedy(view)) == "6C:1S+2B+3C"  # three cards and a Six: worth most now
    for level in ("expert", "master"):
        play, reason = advise(view, level)
        assert str(play) == "4D:1S+3C"
        assert reason.key == "coach.safe"


@pytest.mark.parametrize("hand, table, level, key", [
    ("5C 9S 10B", "1S 2C 3B 4D", "expert", "coach.scopa"),
    ("7C 2S 9B", "7D 4S 5C 10B", "expert", "coach.settebello"),
    ("7S 5B 10B", "2C 4S 8C 9D", "expert", "coach.guard.seven"),
    ("7D 5B 10B", "2C 3S 8C 9D", "expert", "coach.guard.settebello"),
    ("5C 2S 9B", "2D 3D 8S 10B", "expert", "coach.denari"),
])
def test_the_hint_names_the_principle_that_decides(hand, table, level, key):
    play, reason = advise(position({0: hand}, table), level)
    assert reason.key == key


def test_no_reason_where_the_principles_do_not_speak():
    for variant in ("non-prendere", "cascina", "rubamazzo", "fidasse", "cicera"):
        rules = rules_for(variant)
        assert not P.speaks(rules)
        m = Match(rules, None, 1, random.Random(3))
        m.deal_until_played()
        view = m.observe(m.turn)
        play, reason = advise(view, "expert")
        assert reason is None and warn(view, play) is None
    assert P.speaks(rules_for("escoba")) and P.speaks(rules_for("scopone")) and P.speaks(rules_for("scopa-d-assi"))


# -- the coach's warnings ------------------------------------------------------------------------

def test_the_coach_warns_of_a_scopa_left_to_the_next_player():
    view = position({0: "6C 9B 4D"}, "1S 2B 3C 10S")
    reason = warn(view, the(view, "6C:1S+2B+3C"))
    assert reason.to_json() == {"key": "coach.warn.scopa", "params": {"card": "6C", "sum": 10, "name": "Bruno"}}
    assert said(reason) == {
        "en": "The Six of Cups would leave 10 on the table and Bruno could sweep it for a scopa. Another play leaves "
              "no sweep.",
        "it": "Il Sei di Coppe lascerebbe 10 in tavola e Bruno potrebbe fare scopa. Un'altra giocata non lascia scopa.",
        "es": "El Seis de Copas dejaría 10 en la mesa y Bruno podría hacer escoba. Otra jugada no deja escoba."}
    assert warn(view, the(view, "4D:1S+3C")) is None and warn(view, the(view, "9B")) is None


def test_the_coach_warns_of_the_settebello_given_away():
    view = position({0: "7D 5B 10B"}, "2C 3S 8C 9D")
    reason = warn(view, the(view, "7D"))
    assert reason.to_json() == {"key": "coach.warn.settebello", "params": {"card": "7D", "name": "Bruno"}}
    assert said(reason) == {
        "en": "After the Seven of Coins the Settebello would be left on the table where Bruno could take it. Another play "
              "keeps it safe.",
        "it": "Dopo il Sette di Denari il Settebello resterebbe in tavola e Bruno potrebbe prenderlo. Un'altra giocata "
              "lo tiene al sicuro.",
        "es": "Tras el Siete de Oros, el Siete de Oros quedaría en la mesa al alcance de Bruno. Otra jugada lo "
              "protege."}
    assert warn(view, the(view, "5B:2C+3S")) is None


def test_the_coach_is_silent_when_every_play_leaves_a_sweep():
    view = position({0: "6C 6B 6S"}, "1S 2B 3C 10S")  # each Six takes 1 + 2 + 3 and leaves the King
    assert all(P.leaves_scopa(view, p) for p in view.legal)
    assert [warn(view, p) for p in view.legal] == [None] * 3


def test_the_sessions_hint_carries_its_reason_and_the_coach_answers():
    s = Session()
    s.new_game({"variant": "scopa", "seed": 10, "seats": [{"human": True, "name": "Anna"},
                                                          {"human": False, "level": "expert", "name": "Bruno"}]})
    assert s.view()["hand"] == ["2B", "3D", "10C"] and s.view()["table"] == ["1S", "2C", "4B", "9D"]
    h = s.hint("expert")
    assert h["notation"] == "3D:1S+2C"
    assert h["reason"] == {"key": "coach.safe", "params": {"card": "3D", "left": 13, "other": "10C", "sum": 6,
                                                          "name": "Bruno"}}
    assert words(h["reason"], "en") == ("The King of Cups would leave 6 on the table and Bruno could sweep it; the "
                                        "Three of Coins leaves 13, which Bruno cannot.")
    assert s.coach("10C") == {"warning": {"key": "coach.warn.scopa",
                                          "params": {"card": "10C", "sum": 6, "name": "Bruno"}}}
    assert s.coach("3D:1S+2C") == {"warning": None}
    before = s.save()
    assert "error" in s.coach("7D") and "error" in s.coach("9S:9B")  # not in the hand; not legal
    assert s.call("coach", "10C")["warning"]["key"] == "coach.warn.scopa"
    assert s.save() == before  # the coach never plays


def test_the_lesson_has_no_coach_and_its_hint_no_reason():
    s = Session()
    s.new_game({"lesson": "first"})
    assert s.hint()["reason"] is None
    assert s.coach("8C:8B") == {"warning": None}


# -- only what the seat could see -----------------------------------------------------------------

def scrambled(m: Match, seat: int, seed: int) -> Match:
    """The same hand with every card `seat` has not seen (the other hands, the mazzo) shuffled
    among their places; the plays made are the same."""
    deck = list(m.log[-1].deck)
    view = m.observe(seat)
    shown = set(view.hand) | set(view.table) | {c for pile in view.prese for c in pile}
    for _, p in view.plays:
        shown |= {p.card, *p.presa}
    hidden = [i for i, c in enumerate(deck) if c not in shown]
    cards = [deck[i] for i in hidden]
    random.Random(seed).shuffle(cards)
    for i, c in zip(hidden, cards):
        deck[i] = c
    twin = Match(m.rules, m.names, m.hand_dealer)  # the match's first hand: its first dealer
    assert twin.deal(deck)
    for p in m.log[-1].plays:
        twin.apply(p)
    return twin


@pytest.mark.parametrize("variant", ["scopa", "escoba", "scopone", "scopa-d-assi"])
def test_a_reason_uses_only_what_the_seat_could_see(variant):
    rules = rules_for(variant)
    checked = 0
    for seed in range(24):
        m = Match(rules, None, 0, random.Random(seed))
        m.deal_until_played()
        rng = random.Random(seed)
        for _ in range(seed % 11):
            if m.phase != "play":
                break
            legal = m.legal_plays()
            m.apply(legal[rng.randrange(len(legal))])
        if m.phase != "play":
            continue
        seat = m.turn
        view = m.observe(seat)
        twin = scrambled(m, seat, seed + 100)
        twin_view = twin.observe(seat)
        assert twin_view == view
        if not view.unseen():
            continue
        assert twin.hands != m.hands or twin.mazzo != m.mazzo
        for level in ("expert",) + (("master",) if seed in (0, 12) else ()):  # the master: a search a deal
            assert advise(view, level) == advise(twin_view, level)
        assert [warn(view, p) for p in view.legal] == [warn(twin_view, p) for p in twin_view.legal]
        for p in view.legal:
            for principle in (P.counted, P.mula, P.twice, P.leaves_scopa, P.gives_settebello):
                assert principle(view, p) == principle(twin_view, p)
        checked += 1
    assert checked >= 12


def test_the_fixed_positions_say_the_same_with_the_hidden_cards_scrambled():
    for deck, plays in ((DECK_A, PLAYS_A), (DECK_A, "1D:1C 6C:6D"), (DECK_B, "7B:7S 4B:4C 2C 8S 5B:2C+3C 1S")):
        m, view = recorded(deck, plays)
        for seed in range(3):
            twin = scrambled(m, m.turn, seed)
            assert twin.observe(m.turn) == view
            assert twin.hands != m.hands or twin.mazzo != m.mazzo
            assert advise(twin.observe(m.turn), "expert") == advise(view, "expert")
