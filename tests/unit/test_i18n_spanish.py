"""The Spanish of the page is neutral Spanish with "tú" (issue 24): Escoba players in Spain say
"juega", "tienes", "elige", not the Rioplatense voseo "jugá", "tenés", "elegí" or "vos"."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ES = ROOT / "static" / "i18n" / "es.json"

# voseo words with no shape of their own (a pronoun, "to be", imperatives with a pronoun attached,
# whose stress mark drops: tú says "pásale", "muéstrame", "fíjate")
VOSEO_WORDS = {"vos", "sos", "che", "pasale", "mostrame", "fijate", "decime", "acordate", "llevate", "mirá", "dale",
               "andá", "vení", "poné", "tené", "decí", "hacé", "salí", "elegila", "jugala", "tocala", "dejala"}
# the voseo's own endings: the present tense stressed on its last syllable ("tenés", "podés", "jugás",
# "elegís") and the imperative with the stress mark on its last vowel ("jugá", "elegí", "tocá")
PRESENT = re.compile(r"\b\w+(?:ás|és|ís)\b")
IMPERATIVE = re.compile(r"\b\w+[áéí]\b")
# Spanish words that end so and are no voseo (adverbs, nouns, "está"); a new one goes here, with
# care: "tirá" is voseo, "tirará" is not
NOT_VOSEO = {"además", "atrás", "más", "demás", "jamás", "detrás", "través", "revés", "después", "inglés", "francés",
             "país", "interés", "milanés", "está", "esté", "aquí", "ahí", "así", "allí", "acá", "allá", "qué", "sí", "mí",
             "será", "podrá", "habrá", "quedará", "valdrá", "tendrá", "jugará", "ganará", "perderá", "empezará", "abrirá"}


def strings() -> dict[str, str]:
    return json.loads(ES.read_text(encoding="utf-8"))


def voseo_in(text: str) -> list[str]:
    words = [w for w in re.findall(r"\w+", text) if w.lower() in VOSEO_WORDS]
    shaped = [m.group(0) for rx in (PRESENT, IMPERATIVE) for m in rx.finditer(text)]
    return words + [w for w in shaped if w.lower() not in NOT_VOSEO]


def test_the_finder_knows_voseo_from_tu():
    assert voseo_in("Te toca: jugá una carta.") == ["jugá"]
    assert sorted(voseo_in("Elegí qué levantás con el Rey.")) == ["Elegí", "levantás"]
    assert set(voseo_in("Vos tenés cartas; podés jugar si querés, sos mano")) == {"Vos", "tenés", "podés", "querés", "sos"}
    assert voseo_in("Pasale el dispositivo; mostrame mis cartas") == ["Pasale", "mostrame"]
    assert voseo_in("Te toca: juega una carta. Elige qué levantas; tienes, puedes, quieres, eres mano. "
                    "Pásale el dispositivo, muéstrame las cartas: además está aquí, y tú más.") == []


def test_the_spanish_strings_say_tu_not_vos():
    found = {key: voseo_in(text) for key, text in strings().items() if voseo_in(text)}
    assert not found, f"voseo in es.json (neutral Spanish says juega, elige, tienes, puedes, tú): {found}"


def test_the_players_own_words_in_spanish():
    es = strings()
    assert es["seat.you"] == "Tú"
    assert es["status.yourTurn"] == "Te toca: juega una carta."
    assert es["hint.lay"] == "Pista: tira {card} a la mesa."


# vosotros, Spain's plural "you": neutral Spanish says "ustedes" (pierden) or speaks to one (¿te fías?)
VOSOTROS = re.compile(r"\b(?:os|vosotros|vosotras|vuestr[oa]s?|\w+(?:áis|éis))\b", re.IGNORECASE)


def test_the_spanish_strings_say_tu_not_vosotros():
    found = {key: VOSOTROS.findall(text) for key, text in strings().items() if VOSOTROS.search(text)}
    assert not found, f"vosotros in es.json (neutral Spanish says tú, and ustedes for several): {found}"


def test_the_spanish_words_of_the_game_are_one_each():
    """The sweep is an escoba, never a scopa (the games keep their names: Scopa, Escoba, Scopa a tre);
    the primiera is the primera; the clock's bank is the tiempo de reserva."""
    es = strings()
    scopa = {k: v for k, v in es.items() if re.search(r"\bscop[ae]\b", v)}  # lowercase: the sweep
    assert not scopa, f"the sweep is an escoba in Spanish: {scopa}"
    primiera = {k: v for k, v in es.items() if re.search(r"primiera", v, re.IGNORECASE)}
    assert not primiera, f"the primiera is the primera in Spanish: {primiera}"
    assert es["category.primiera"] == es["option.primiera"] == "Primera"
    assert es["category.fidasse"] == "¿Te fías?"
    assert es["clock.bank"] == "Tiempo de reserva (s)"


def test_the_clock_bank_has_words_in_each_language():
    for code in ("it", "es"):
        text = json.loads((ROOT / "static" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
        left = {k: v for k, v in text.items() if "BankTime" in v}
        assert not left, f"BankTime is untranslated in {code}.json: {left}"
