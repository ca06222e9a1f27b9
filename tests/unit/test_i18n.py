"""Every word of the interface exists in every language, with the same placeholders (issue 6)."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "static" / "i18n"
LANGS = sorted(p.stem for p in I18N.glob("*.json"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PLURAL = (".zero", ".one", ".two", ".few", ".many", ".other")


def strings(code: str) -> dict[str, str]:
    return json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))


def base(key: str) -> str:
    """A plural form's key without its CLDR suffix (languages differ in which forms they need)."""
    for suffix in PLURAL:
        if key.endswith(suffix):
            return key[: -len(suffix)]
    return key


def used_keys() -> set[str]:
    """Keys the page asks for: t("key"...) in static/js and data-i18n / data-i18n-attr in HTML."""
    keys: set[str] = set()
    for path in list((ROOT / "static").rglob("*.js")) + [ROOT / "index.html", *(ROOT / "static").rglob("*.html")]:
        if "vendor" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        text = "\n".join(line for line in text.splitlines()
                          if not line.lstrip().startswith(("//", "*", "/*")))  # examples in comments
        keys |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", text))
        keys |= set(re.findall(r'data-i18n="([\w.-]+)"', text))
        for attrs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            keys |= {pair.split(":")[1].strip() for pair in attrs.split(";") if ":" in pair}
    return keys


def test_the_three_languages_of_the_players_are_there():
    assert {"en", "it", "es"} <= set(LANGS)


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
def test_every_string_is_translated(code):
    en, other = strings("en"), strings(code)
    missing = sorted({base(k) for k in en} - {base(k) for k in other})
    extra = sorted({base(k) for k in other} - {base(k) for k in en})
    assert not missing, f"{code}.json lacks {missing}"
    assert not extra, f"{code}.json has keys English does not: {extra}"


@pytest.mark.parametrize("code", LANGS)
def test_placeholders_match_english_and_no_string_is_empty(code):
    en, other = strings("en"), strings(code)
    en_slots = {base(k): set(PLACEHOLDER.findall(v)) for k, v in en.items()}
    for key, text in other.items():
        assert isinstance(text, str) and text.strip(), f"{code}: {key} is empty"
        assert set(PLACEHOLDER.findall(text)) <= en_slots.get(base(key), set()) | {"count"}, (
            f"{code}: {key} uses a placeholder English does not give: {text!r}")


@pytest.mark.parametrize("code", LANGS)
def test_plural_keys_have_an_other_form(code):
    other = strings(code)
    for key in other:
        if base(key) != key:
            assert f"{base(key)}.other" in other, f"{code}: {base(key)} has no .other form"


def test_every_key_the_page_uses_exists_in_english():
    en = {base(k) for k in strings("en")}
    assert not sorted(used_keys() - en)


def test_card_names_in_each_language():
    expected = {"en": "Seven of Coins", "it": "Sette di Denari", "es": "Siete de Oros"}
    for code, name in expected.items():
        s = strings(code)
        assert s["card.name"].format(rank=s["rank.7"], suit=s["suit.D"]) == name


def test_adding_a_language_is_adding_one_file(tmp_path):
    """The build lists every static/i18n/<code>.json, named by its own "_name", for the menu, with
    its name words (the page knows a name it gave in any language without loading every file)."""
    import shutil

    from loader import load

    build = load("scripts/build.py")
    src = tmp_path / "i18n"
    shutil.copytree(I18N, src)
    (src / "fr.json").write_text(json.dumps({"_name": "Français", "card.name": "{rank} de {suit}", "seat.you": "Vous",
                                             "level.easy": "Facile", "level.easyHelp": "…"}), encoding="utf-8")
    dest = tmp_path / "languages.json"
    listed = build.write_languages(src, dest)
    assert {"code": "fr", "name": "Français", "names": {"seat.you": "Vous", "level.easy": "Facile"}} in listed
    by_code = {entry["code"]: entry for entry in listed}
    assert by_code["it"]["name"] == "Italiano" and by_code["es"]["name"] == "Español"
    assert by_code["it"]["names"]["seat.you"] == "Tu" and by_code["es"]["names"]["level.master"] == "Maestro"
    assert set(by_code["en"]["names"]) == {"seat.you", "seat.masterInYourSeat", "dialog.defaultName", "level.random",
                                           "level.beginner", "level.easy", "level.expert", "level.master"}
    assert json.loads(dest.read_text(encoding="utf-8")) == listed
