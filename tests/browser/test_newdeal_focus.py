"""New game → Start (the player's review): until the new deal is playable the status line claims
no turn (it said "Your turn" of the game before, and over the new deal before it could be played)
and the old hand is not played; once the deal is on the table the focus leaves the New game
button for the hand, and a keyboard player's reaches its first card when the hand is playable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness import settled
from site_helpers import human_to_play

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))

# from the New game dialog's closing on, every change of the status line and every frame, until
# stopped: what it said, where the focus was, which hand was drawn and how many of its cards could
# be played
RECORD = """() => { window.__frames = []; window.__recording = false;
  const note = () => { const a = document.activeElement;
    const cards = [...document.querySelectorAll('#hand-cards .card')];
    window.__frames.push({ status: document.getElementById('status').textContent,
      focus: a ? (a.id || a.dataset.card || a.tagName) : null,
      hand: cards.map((c) => c.dataset.card).sort().join(' '),
      playable: cards.filter((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true').length }); };
  const tick = () => { if (!window.__recording) return; note(); requestAnimationFrame(tick); };
  document.getElementById('newgame-dialog').addEventListener('close', () => {
    window.__recording = true; note(); requestAnimationFrame(tick); }, { once: true });
  new MutationObserver(() => { if (window.__recording) note(); })
    .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true }); }"""


def start_by_keys(page, seed: int) -> None:
    """New game with the keyboard, the dialog's deal set to `seed`, Start with Enter."""
    page.focus("#new")
    page.keyboard.press("Enter")
    page.locator("#ng-start").wait_for()
    page.evaluate("(s) => { const e = document.getElementById('ng-seed'); e.value = s;"
                  " e.dispatchEvent(new Event('input', { bubbles: true })); }", str(seed))
    page.evaluate(RECORD)
    page.focus("#ng-start")
    page.keyboard.press("Enter")


@pytest.mark.parametrize("seed", [1, 5], ids=["person-leads", "computer-leads"])
def test_no_stale_turn_and_the_focus_goes_to_the_new_deal(table_page, seed):
    page = table_page("lang=en&seed=3&level=random", viewport={"width": 1366, "height": 800})
    human_to_play(page)
    old = " ".join(sorted(page.evaluate("settebello.view.hand")))
    start_by_keys(page, seed)
    # the new deal playable: the person's turn in the new game, the hand itself focused (a move on to
    # a card would cut the deal's words, or the computer's lead, for a screen reader)
    page.wait_for_function("(old) => { const v = settebello.view, a = document.activeElement;"
                           " return v.waiting === 'human' && v.hand.slice().sort().join(' ') !== old"
                           " && !!a && a.id === 'hand-cards' && !!a.querySelector('.card:not([aria-disabled=true])'); }", arg=old)
    settled(page)
    frames = page.evaluate("window.__recording = false, window.__frames")
    drawn_at = next(i for i, f in enumerate(frames) if f["focus"] == "hand-cards")
    assert {f["focus"] for f in frames[drawn_at:]} == {"hand-cards"}, frames[drawn_at:]
    # Enter goes on to the hand's first playable card
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('#hand-cards .card:not([aria-disabled=true])')")
    new = " ".join(sorted(page.evaluate("settebello.view.hand")))
    page.screenshot(path=f"/tmp/fix3_newdeal_{seed}_1366.png")
    your_turn = EN["status.yourTurn"]
    # "Your turn" only over the new hand, playable
    stale = [f for f in frames if f["status"].endswith(your_turn) and (f["hand"] != new or not f["playable"])]
    assert not stale, stale
    # the old hand is not played once Start is pressed
    assert not [f for f in frames if f["hand"] == old and f["playable"]], frames[:5]
    # once the new deal is drawn the focus is no longer on the New game button
    drawn = [f for f in frames if f["hand"] == new]
    assert drawn and not [f for f in drawn if f["focus"] == "new"], drawn[:5]
    assert any(f["status"] == EN["status.dealing"] for f in frames)


def test_with_a_pointer_the_focus_goes_to_the_hand_not_the_new_game_button(table_page):
    """A click on Start: the focus is on the hand itself (no ring) while the new deal comes in."""
    page = table_page("lang=en&seed=3&level=random", viewport={"width": 1366, "height": 800})
    human_to_play(page)
    page.click("#new")
    page.locator("#ng-start").wait_for()
    page.evaluate("(s) => { const e = document.getElementById('ng-seed'); e.value = s;"
                  " e.dispatchEvent(new Event('input', { bubbles: true })); }", "5")
    page.evaluate(RECORD)
    page.click("#ng-start")
    page.wait_for_function("settebello.view.waiting === 'human' && settebello.view.plays.length === 1"
                           " && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    settled(page)
    frames = page.evaluate("window.__recording = false, window.__frames")
    new = " ".join(sorted(page.evaluate("settebello.view.hand")))
    assert page.evaluate("document.activeElement.id") == "hand-cards"
    assert not [f for f in frames if f["hand"] == new and f["focus"] == "new"], frames[:5]
    page.screenshot(path="/tmp/fix3_newdeal_pointer_1366.png")
