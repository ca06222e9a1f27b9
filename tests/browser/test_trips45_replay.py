"""Issue 45, point 5: the replay plays itself (▶ plays on at the pace chosen, ❚❚ stops), and each
deck style has its own back."""

from __future__ import annotations

import json
from pathlib import Path

from site_helpers import wait_ready
from settebello.session import Session


def one_hand_record() -> dict:
    """The record of a single-hand match of Scopa played by the page's calls (first legal plays)."""
    s = Session()
    v = s.call("new_game", {"variant": "scopa", "seed": 4, "options": {"target": 0},
                            "seats": [{"human": True, "name": "You"}, {"human": False, "level": "random"}]})
    for _ in range(200):
        v = s.call("view")
        if v["phase"] == "over":
            return s.call("record")
        reply = s.call("play", v["legal"][0]["notation"]) if v["waiting"] == "human" else s.call("computer_step")
        assert "error" not in reply, reply
    raise AssertionError("the hand did not end")


def open_replay(page, base_url, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(one_hand_record()))
    page.goto(base_url + "static/replay.html?lang=en")
    wait_ready(page)
    page.locator("#rp-file").set_input_files(str(path))
    page.locator("#rp-pos").wait_for()


def play_index(page) -> int:
    return int(page.locator("#rp-slider").input_value())


def test_the_replay_plays_itself_and_stops(page, base_url, tmp_path):
    open_replay(page, base_url, tmp_path)
    page.locator("#rp-pace").select_option("fast")
    button = page.locator("#rp-play")
    assert button.get_attribute("aria-pressed") == "false" and button.get_attribute("aria-label") == "Play"
    button.click()
    assert button.get_attribute("aria-pressed") == "true" and button.get_attribute("aria-label") == "Pause"
    page.wait_for_function("+document.getElementById('rp-slider').value >= 3")
    page.screenshot(path="/tmp/trips45_replay_playing_1280.png")
    page.get_by_role("button", name="Pause").click()
    assert button.get_attribute("aria-pressed") == "false" and button.inner_text() == "▶"
    stopped = play_index(page)
    # one play forward by hand still works, from where it stopped
    page.locator("#rp-next").click()
    assert play_index(page) == stopped + 1
    # near the end, played on: it stops by itself at the last step
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    button.click()
    page.wait_for_function("document.getElementById('rp-play').getAttribute('aria-pressed') === 'false'")
    assert play_index(page) == int(page.locator("#rp-slider").get_attribute("max"))
    assert page.locator(".rp-end").count() == 1


def test_each_deck_style_has_its_own_back(page, base_url):
    page.goto(base_url + "static/cards-preview.html")
    backs = page.evaluate("""async () => {
        const deck = await import('./js/deck.js');
        return Promise.all(deck.STYLES.map((s) => deck.previewSVG(s.id, 'back'))); }""")
    assert len(backs) == 6 and len(set(backs)) == 6


def test_the_french_ace_reads_a_in_its_corner(page, base_url):
    page.goto(base_url + "static/cards-preview.html")
    corners = page.evaluate("""async () => {
        const deck = await import('./js/deck.js');
        return [await deck.previewSVG('french', '1D'), await deck.previewSVG('napoletane', '1D', { indices: true })]; }""")
    assert '<text x="29" y="54"' in corners[0] and ">A</text>" in corners[0]
    assert ">1</text>" in corners[1]


def test_the_italian_replay_says_you_in_the_you_form(page, base_url, tmp_path):
    """A record whose person is "You" (the English page's name), replayed in Italian: "Tu" at the
    seat, and the person's plays said to them, never "You gioca ..."."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(one_hand_record()))
    page.goto(base_url + "static/replay.html?lang=it")
    wait_ready(page)
    page.locator("#rp-file").set_input_files(str(path))
    page.locator("#rp-pos").wait_for()
    said = []
    for _ in range(4):
        page.locator("#rp-next").click()
        said.append(page.locator("#rp-event").inner_text())
    assert not any("You" in s for s in said), said
    assert page.locator("#rp-seats h3").first.inner_text().startswith("Tu")
    # the seat that made the play shown says so in words (the review of 2026-11-30: a bare gold dot)
    words = json.loads((Path(__file__).resolve().parents[2] / "static/i18n/it.json").read_text(encoding="utf-8"))
    mover = page.evaluate("document.querySelector('.rp-seat--just')?.dataset.seat")
    heads = page.locator("#rp-seats h3").all_inner_texts()
    assert mover is not None and [words["replay.justPlayed"] in h or words["replay.you.justPlayed"] in h for h in heads] == [
        seat == int(mover) for seat in range(len(heads))], (mover, heads)
    # said to the person in the you form: "Tu · hai appena giocato", never "Tu · ha appena giocato"
    if int(mover) != 0:
        page.locator("#rp-next").click()  # two at the table: the person's play is the next
        page.wait_for_function("document.querySelector('.rp-seat--just')?.dataset.seat === '0'")
    you = page.locator("#rp-seats h3").first.inner_text()
    assert words["replay.you.justPlayed"] in you and words["replay.justPlayed"] not in you, you
