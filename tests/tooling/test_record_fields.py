"""The page's check of a record file (static/js/filecheck.js, RECORD_FILE) knows every field the
game writes to a record: a field it does not know is refused, so a record the game wrote itself
could not be replayed or opened again (the review of 2026-12-01: "thinking" and "clock")."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from scopa import Match, rules_for, to_record  # noqa: E402

FILECHECK = ROOT / "static" / "js" / "filecheck.js"


def _page_fields() -> set[str]:
    text = FILECHECK.read_text(encoding="utf-8")
    block = text[text.index("export const RECORD_FILE"):]
    block = block[block.index("fields: {"):block.index("\n};")]
    return set(re.findall(r"(?:^ {4}|, )([a-z_]+): ", block, re.M))  # a field's name and its check


def _written_fields() -> set[str]:
    """RULES §6's fields (py/scopa/record.py's to_record) and each extra one the game adds."""
    written = set()
    for path in (ROOT / "py").rglob("*.py"):
        written |= set(re.findall(r'\brecord\["([a-z_]+)"\]\s*=', path.read_text(encoding="utf-8")))
    m = Match.new(rules_for("scopa"), random.Random(1))
    m.deal_until_played()
    while m.phase == "play":
        m.apply(m.legal_plays()[0])
    return written | set(to_record(m, "scopa"))


def test_the_page_knows_every_field_the_game_writes_to_a_record():
    written, known = _written_fields(), _page_fields()
    assert {"thinking", "clock", "forfeit", "fair_deal", "hands"} <= written  # the search finds them
    assert written - known == set(), f"fields the game writes that the page's check refuses: {sorted(written - known)}"
