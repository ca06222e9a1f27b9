"""No rule knowledge in the page's JavaScript (issue 22, point 4): the deck's cards and suits, the
computer levels, the sides and team sizes, and the rules' thresholds (targets, entrant bounds, clock
limits) come from Python (py/settebello/describe.py at boot, public.py in every view). This scans the
source of every module under static/js/ (comments left out) and fails on a literal that spells one
of them, so a rule copied into JS shows up here and not as a drift between the two."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"

# What a rule copied into JS looks like in its source.
PATTERNS = {
    "card code": re.compile(r"""["'`](?:10|[1-9])[DCBS]["'`]"""),
    "list of suits": re.compile(r"""["'][DCBS]["']\s*,\s*["'][DCBS]["']|\bDCBS\b|\[DCBS\]"""),
    "level": re.compile(r"""["'`](?:beginner|easy|expert|master)["'`]"""),
    "side rule": re.compile(r"""%\s*[\w.]*\bsides\b|\b(?:none|pairs|triples)\s*:\s*[123]\b|players\s*/\s*[23]\b"""),
    # targets (11, 16, 21), Scopa a tre's carte (14), entrants (63, 64), clock settings and limits
    "rule threshold": re.compile(r"""(?<![\w.#-])(?:11|14|16|21|63|64|2000|36000|45000|60000|225000|900000|3600000|36000000)(?![\w.%])"""),
    "bound in the markup": re.compile(r"""\bmax=["']?\d|[<>]=\s*1000\b"""),
}

# (file, or folder under static/js, pattern) pairs allowed, each with its reason.
ALLOWED = {
    ("cardart.js", "rule threshold"): "the card art's numbers are SVG coordinates and sizes",
    ("decks", "rule threshold"): "the decks' card art (static/js/decks/): SVG coordinates and sizes",
}


def _code(text: str) -> str:
    """The source without comments (a comment may name a card to explain an API)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|\s)//[^\n]*", r"\1", text)


def rule_literals(root: Path) -> list[str]:
    """'file:line: what: text' for each literal under root (its folders too: mechanics/, decks/) that
    spells a rule, the allowed ones left out."""
    found = []
    for path in sorted(root.rglob("*.js")) + sorted(root.rglob("*.mjs")):
        lines = _code(path.read_text(encoding="utf-8")).splitlines()
        where = path.relative_to(root).parts[0]  # the file, or the folder it is in
        for n, line in enumerate(lines, start=1):
            for what, pattern in PATTERNS.items():
                if (where, what) in ALLOWED:
                    continue
                for m in pattern.finditer(line):
                    found.append(f"{path.relative_to(root).as_posix()}:{n}: {what}: {m.group(0)!r} in {line.strip()[:100]}")
    return found


def test_no_js_module_holds_a_rule():
    found = rule_literals(JS)
    assert not found, "rule knowledge in static/js (it belongs in Python: describe.py, public.py):\n" + "\n".join(found)


def test_the_scan_finds_rules_written_in_js(tmp_path):
    """The patterns catch what the table held before issue 22 (so the test above can fail)."""
    samples = {
        "access.js": 'const SUITS = ["D", "C", "B", "S"];\nconst SETTEBELLO = "7D";',
        "bracket.js": 'const LEVELS = ["beginner", "easy", "expert", "master"];\n'
                      'const size = { none: 1, pairs: 2, triples: 3 }[v.rules.teams];\n'
                      'if (n < 2 || n > 64) return;  // a comment with "7D" is no rule',
        "layout.js": '"data-side": s % v.sides.length',
        "clock.js": "const MAX_S = { move_ms: 3600, bank_ms: 36000 };\nconst D = { move_ms: 45000 };",
        "dialog.js": 'const sides = teams === "pairs" ? p.players / 2 : p.players;\n'
                     '`<input id="ng-target" type="number" min="0" max="1000">`',
        "cardart.js": "export const SUITS = ['D', 'C', 'B', 'S'];",
        "mechanics/steal.js": 'if (v.level === "master") return;',
    }
    for name, text in samples.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = rule_literals(tmp_path)
    for what in PATTERNS:
        assert any(f": {what}: " in f for f in found), (what, found)
    assert not any("a comment" in f for f in found), found
    for name in samples:
        assert any(f.startswith(name + ":") for f in found), (name, found)
