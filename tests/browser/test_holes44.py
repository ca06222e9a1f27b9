"""Issue 44 at the table: what the page asks the engine is checked there, what the page keeps stays
its own, and the game plays whatever the browser lets it keep."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, settled

LANGS = ("en", "it", "es")


def strings(lang: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


# -- Scopa a fidasse: a claim's answer belongs to the next player (SB61) ------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_person_cannot_answer_their_own_claim_through_the_play_call(table_page, lang):
    """`4S?trust` through the page's play call would take the table as a scopa with any card; it is
    record notation (SB66), refused with its reason in the page's language, and nothing changes."""
    page = table_page(f"fast=1&variant=fidasse&seed=0&level=expert&lang={lang}")
    page.wait_for_function("settebello.view.waiting === 'human' && settebello.view.legal.some(p => p.claim)")
    before = page.evaluate("settebello.view")
    card = before["hand"][0]
    for answer in ("trust", "doubt"):
        refused = page.evaluate("""async (play) => {
            const { refusalText } = await import("./static/js/names.js");
            try { await settebello.game("play", play); return null; }
            catch (err) { return { reason: err.reason, text: refusalText(err) }; }
        }""", f"{card}?{answer}")
        assert refused == {"reason": "play.answered", "text": strings(lang)["refusal.play.answered"]}
    settled(page)
    after = page.evaluate("settebello.game('view')")
    for key in ("hand", "table", "scope", "prese", "turn", "claims", "plays"):
        assert after[key] == before[key], key


# -- Records always opens: a bad set-aside entry is skipped and said ----------------------------------
PERSIST = "import('./static/js/persist.js')"


def plant_aside(page) -> dict[str, str]:
    """A set-aside list with one whole entry, one whose time is out of range, one that is no entry,
    and a save stored under a key no entry names whose id is no time (the issue's repro)."""
    return page.evaluate(f"""async () => {{
        const m = await {PERSIST};
        const keys = {{good: m.ASIDE_PREFIX + "good1", late: m.ASIDE_PREFIX + "late1",
                       orphan: m.ASIDE_PREFIX + "zzzzzzzzzzzzzzzzzzzz"}};
        for (const [name, key] of Object.entries(keys)) localStorage.setItem(key, `{{"format": "test/${{name}}"}}`);
        localStorage.setItem(m.ASIDE_KEY, JSON.stringify([
            {{key: keys.good, at: Date.now(), why: "a good entry", size: 24, format: "test/good"}},
            {{key: keys.late, at: 1e20, why: "a time out of range", size: 24, format: "test/late"}},
            42]));
        return keys;
    }}""")


def test_a_bad_set_aside_entry_is_skipped_and_said_and_records_opens(table_page):
    page = table_page("fast=1&seed=3&level=random&lang=en")
    plant_aside(page)
    words = strings("en")
    page.locator("#records-btn").click()
    dialog = page.locator("#records-dialog")
    dialog.wait_for(state="visible")
    entries = dialog.get_by_test_id("aside-entry")
    # every save stored is reachable: the whole entry, and the two whose entry could not be read
    assert entries.count() == 3
    texts = entries.all_inner_texts()
    assert "a good entry" in texts[0]
    assert sum(words["storage.why_unreadable"] in x for x in texts) == 1  # the time out of range
    assert sum(words["storage.when_unknown"] in x for x in texts) == 1     # the orphan's key is no time
    status = dialog.locator("[data-aside-msg]")
    assert status.inner_text() == words["storage.aside_skipped"].format(n=2)
    for i in range(3):  # each one downloads as it was stored
        with page.expect_download() as got:
            entries.nth(i).get_by_role("button", name=words["storage.aside_download"]).click()
        assert got.value.suggested_filename.startswith("settebello-set-aside-")
    # deleting the orphan writes the list again without the bad entries: nothing left to skip
    entries.nth(2).get_by_role("button", name=words["storage.aside_delete"]).click()
    assert entries.count() == 2 and status.inner_text() == words["storage.aside_deleted"]


# -- statistics: a merge past what a load accepts is refused and said ---------------------------------
COUNTERS = ("matches", "won", "forfeits", "hands", "hands_won", "scope", "settebelli", "primiere", "points")


def stats_json(prefix: str, n: int) -> dict:
    """Statistics of `n` made-up variants, one lost match in each (a file the engine reads)."""
    one = {k: 0 if k in ("won", "hands_won") else 1 for k in COUNTERS}
    return {"format": "settebello-stats/1", "variants": {f"{prefix}{i}": dict(one) for i in range(n)},
            "best": None, "worst": None, "tournaments": {"played": 0, "won": 0}, "seen": [f"{prefix}-seen"]}


def test_a_statistics_merge_past_the_bounds_is_refused_and_said(table_page, tmp_path):
    page = table_page("fast=1&seed=3&level=random&lang=it")
    key = page.evaluate("import('./static/js/statsview.js').then(m => m.STATS_KEY)")
    mine = json.dumps(stats_json("a", 60))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, mine])
    page.locator("#stats-btn").click()
    dialog = page.locator("#stats-dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("tbody tr").count() == 60
    other = tmp_path / "other.json"
    other.write_text(json.dumps(stats_json("b", 60)), encoding="utf-8")
    dialog.locator("input[data-stats-file]").set_input_files(str(other))
    message = dialog.locator(".stats__message")
    message.wait_for(state="attached")
    page.wait_for_function("document.querySelector('#stats-dialog .stats__message').textContent !== ''")
    assert message.inner_text() == strings("it")["refusal.stats.bounds"].format(variants=100)
    assert page.evaluate("(k) => localStorage.getItem(k)", key) == mine  # nothing added, nothing moved
    assert dialog.locator("tbody tr").count() == 60
    dialog.get_by_role("button", name=strings("it")["action.close"]).click()
    page.locator("#stats-btn").click()  # opened again: the same statistics, nothing set aside
    dialog.wait_for(state="visible")
    assert dialog.locator("tbody tr").count() == 60 and message.inner_text() == ""
    assert page.evaluate("(k) => localStorage.getItem(k + '.set-aside')", key) is None


def test_stored_statistics_a_load_refuses_are_said_and_offered_as_a_file(table_page):
    page = table_page("fast=1&seed=3&level=random&lang=en")
    key = page.evaluate("import('./static/js/statsview.js').then(m => m.STATS_KEY)")
    damaged = json.dumps(stats_json("a", 101))  # what an old merge stored: past the bounds
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, damaged])
    page.locator("#stats-btn").click()
    dialog = page.locator("#stats-dialog")
    dialog.wait_for(state="visible")
    words = strings("en")
    said = dialog.locator(".stats__message").inner_text()
    assert said.startswith(words["stats.setAside"].split("(")[0]) and "100" in said, said
    with page.expect_download() as got:
        dialog.get_by_role("button", name=words["stats.downloadAside"]).click()
    assert json.loads(got.value.path().read_text()) == json.loads(damaged)
