"""The project's rules documents (docs/RULES.md, docs/RULINGS.md) hold every rule id the code and
tests cite, and every ruling names its seed and how the seed speaks to it (issue 43)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# where rule ids are cited: the engine, the players, the application, the page and the tests
CITING = ("py", "static", "tests", "scripts")
SKIP = ("static/vendor",)  # built, git-ignored
SUFFIXES = {".py", ".js", ".html", ".css", ".json", ".md"}
RULE_ID = re.compile(r"\b(?:SB|R|O|S)[0-9]{1,2}\b")
# a range cited as "SB50–SB55" or "R1-R8" cites every id between
RANGE = re.compile(r"\b(SB|R|O|S)([0-9]{1,2})\s*[–-]\s*(?:\1)?([0-9]{1,2})\b")
STATUSES = ("explicit", "ambiguous", "silent")


def _cited() -> dict[str, str]:
    """Every rule id cited in code and tests, with one file citing it."""
    found: dict[str, str] = {}
    for top in CITING:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if not path.is_file() or path.suffix not in SUFFIXES or rel.startswith(SKIP):
                continue
            if "__pycache__" in rel or "node_modules" in rel:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for m in RULE_ID.finditer(text):
                found.setdefault(m.group(0), rel)
            for kind, low, high in RANGE.findall(text):
                for n in range(int(low), int(high) + 1) if int(high) - int(low) < 20 else ():
                    found.setdefault(f"{kind}{n}", rel)
    return found


def _defined() -> set[str]:
    """The ids the documents define: each written in bold where its rule is stated."""
    text = (DOCS / "RULES.md").read_text() + (DOCS / "RULINGS.md").read_text()
    return set(re.findall(r"\*\*((?:SB|R|O|S)[0-9]{1,2})\b[^*]*\*\*", text))


def test_every_rule_id_the_code_cites_is_in_the_rules_documents():
    cited, defined = _cited(), _defined()
    assert {"R4", "O12", "S5", "SB7", "SB50"} <= set(cited)  # the walk finds citations at all
    missing = {rid: where for rid, where in cited.items() if rid not in defined}
    assert not missing, f"cited but not in docs/RULES.md or docs/RULINGS.md: {missing}"


def test_every_ruling_names_its_seed_and_status():
    text = (DOCS / "RULINGS.md").read_text()
    entries = re.split(r"\n(?=- \*\*SB[0-9]+\*\*)", text)
    rulings = [e for e in entries if re.match(r"- \*\*SB[0-9]+\*\*", e)]
    ids = [re.match(r"- \*\*(SB[0-9]+)\*\*", e).group(1) for e in rulings]
    assert len(ids) == len(set(ids)) and "SB1" in ids and "SB71" in ids
    for entry, rid in zip(rulings, ids):
        m = re.search(r"\*Seed:\* (.+?)\. \*Status:\* \*\*(\w+)\*\*", entry)
        assert m, f"{rid} names no seed and status"
        assert m.group(2) in STATUSES, f"{rid}: status {m.group(2)!r}"
        if m.group(2) == "explicit":
            assert '"' in entry.split("*Status:*")[1], f"{rid}: an explicit seed is quoted"


def test_the_readme_points_to_the_documents_and_no_longer_holds_the_rulings():
    readme = (ROOT / "README.md").read_text()
    assert "docs/RULES.md" in readme and "docs/RULINGS.md" in readme
    assert "- **SB" not in readme
