"""The strings of the replay viewer, the records dialog and the offline notice are looked up by
prefix (tx("pos") is "replay.pos", text("saved") is "records.saved"), which test_i18n's scan of
t("...") calls cannot see: check here that every one of them exists in English, with the plural
forms where a count is given, and that the viewer's page asks for no key the viewer lacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))


def _calls(path: Path, fn: str) -> dict[str, str]:
    """{key: the call's text} for every fn("key", ...) call in a JS file."""
    text = (ROOT / path).read_text(encoding="utf-8")
    starts = list(re.finditer(rf"""\b{fn}\(\s*["'](\w+)["']""", text))
    out: dict[str, str] = {}
    for m, after in zip(starts, starts[1:] + [None]):
        # the call's arguments: up to the next such call, the end of the statement or of the line
        call = re.split(r"[;\n]", text[m.start(): after.start() if after else None], maxsplit=1)[0]
        out[m.group(1)] = out.get(m.group(1), "") + call
    return out


def _has(key: str, call: str) -> bool:
    if "count:" in call:  # plural: i18n.js looks up key.one / key.other ...
        return f"{key}.other" in EN
    return key in EN


def test_every_replay_viewer_string_exists():
    calls = _calls(Path("static/js/replay.js"), "tx")
    html = (ROOT / "static" / "replay.html").read_text(encoding="utf-8")
    for key in re.findall(r'data-rp="(\w+)"', html) + re.findall(r'data-rp-attr="[\w-]+:(\w+)"', html):
        calls.setdefault(key, "")
    assert len(calls) > 25
    missing = sorted(k for k, call in calls.items() if not _has(f"replay.{k}", call))
    assert not missing, f"en.json lacks replay.{missing}"


def test_every_records_dialog_string_exists():
    calls = _calls(Path("static/js/records.js"), "text")
    for act in ("export", "replay", "open", "close"):  # the dialog's buttons, labelled in a loop
        calls.setdefault(act, "")
    missing = sorted(k for k, call in calls.items() if not _has(f"records.{k}", call))
    assert not missing, f"en.json lacks records.{missing}"


def test_the_offline_notice_and_the_save_notice_strings_exist():
    for path in ("static/js/offline.js", "static/js/persist.js"):
        text = (ROOT / path).read_text(encoding="utf-8")
        keys = set(re.findall(r"""(?:\bt\(|i18n: )\s*["']([\w.]+)["']""", text))
        assert keys, path
        assert not sorted(keys - set(EN)), path
