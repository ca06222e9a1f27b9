"""Puzzles in the page (issue 47): a costly play of a hand the person played comes back as a puzzle
of that position, seen as they saw it; a puzzle solved by keyboard, right, with its reason and the
points at stake, the rating moved; a missed one said to come back; axe finds nothing in the dialog."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from saves import near_the_end, person_and_computers
from settebello import training
from settebello.session import Session
from test_a11y import axe_violations

CONFIG = {"variant": "scopa", "seed": 1, "seats": person_and_computers(2, "expert")}


def own_puzzles(save: dict) -> list[training.Puzzle]:
    """The person's costly plays of the save's hand, played on with the first legal play (as the page
    plays it below), as CPython's session makes them puzzles."""
    s = Session()
    s.pondering = False
    assert "error" not in s.restore(save)
    while s.game.match.phase == "play":
        v = s.view()
        assert "error" not in (s.play(v["legal"][0]["notation"]) if v["waiting"] == "human" else s.computer_step())
    return [training.Puzzle.from_json(d) for d in s.call("puzzle_own", {"state": None})["state"]["own"]]


def press_until_focused(page, selector: str, limit: int = 40) -> None:
    """Tab until the focus is on `selector` (the keyboard's way to a button)."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_costly_play_of_the_persons_hand_is_a_puzzle_solved_by_keyboard(table_page):
    save = near_the_end(CONFIG, person_plays_left=1, of="hand")
    want = own_puzzles(save)
    assert want, "the hand had no costly play a principle decides"
    page = table_page("fast=1&lang=en", save=save)
    play = page.evaluate("settebello.view.legal[0]")
    page.get_by_role("region", name="Your hand").locator(f'[data-card="{play["card"]}"]').click()
    if page.evaluate("c => settebello.view.legal.filter(p => p.card === c).length", play["card"]) > 1:
        page.locator(f'[data-play="{play["notation"]}"]').click()
    # the hand's sheet; meanwhile its costly plays are kept as the person's own puzzles
    page.wait_for_function("""() => { const k = Object.keys(localStorage).find((k) => k.startsWith('settebello.puzzles:'));
        return k && JSON.parse(localStorage.getItem(k)).own.length > 0; }""")
    stored = json.loads(page.evaluate(
        "localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('settebello.puzzles:')))"))
    assert [p["id"] for p in stored["own"]] == [p.id for p in want]

    # the New game dialog's Puzzles button, by keyboard: the first puzzle is the person's own position
    page.locator("#new").focus()
    page.keyboard.press("Enter")
    press_until_focused(page, "#newgame-dialog [data-puzzles-open]")
    page.keyboard.press("Enter")
    d = page.locator("#puzzle-dialog")
    expect(d).to_be_visible()
    first = want[0]
    position = d.get_by_test_id("puzzle")
    expect(position).to_have_attribute("data-id", first.id)
    expect(position).to_have_attribute("data-own", "true")
    seen = training.position(first, True)
    cards = position.locator(".puzzle__cards").nth(1).locator("img")
    expect(cards).to_have_count(len(seen["hand"]))
    # who is who at that table, the mazzo, the piles and the cards gone (the review of 2026-12-01)
    around = d.get_by_test_id("puzzle-around")
    other = seen["others"][0]
    expect(around).to_contain_text("It is your turn.")
    expect(around.locator("li").first).to_have_text(
        f"{other['name']}, an opponent: {other['cards']} card{'s' if other['cards'] != 1 else ''} in hand · plays after you")
    expect(around).to_contain_text(f"{seen['deck_left']} cards left in the mazzo")
    mine = next(pile for pile in seen["piles"] if pile["mine"])
    expect(around).to_contain_text(f"You: {mine['cards']} cards taken")
    around.get_by_text(f"{len(seen['gone'])} cards already taken").click()
    expect(around.locator("details p")).to_be_visible()
    assert axe_violations(page) == []
    # Tab to the answer, Enter: right, with the reason and the points at stake
    press_until_focused(page, f'#puzzle-dialog button[data-play="{first.answer}"]')
    page.keyboard.press("Enter")
    verdict = d.get_by_test_id("puzzle-verdict")
    expect(verdict).to_have_attribute("data-right", "true")
    expect(verdict).to_contain_text("Right:")
    expect(verdict).to_contain_text(f"The best play gains at least {round(first.margin, 1)} points over the next best.")
    expect(d.get_by_test_id("puzzle-rules")).to_have_count(0)  # the game on the table: no rules said
    assert page.evaluate("document.activeElement.dataset.act") == "next"
    expect(d.get_by_test_id("puzzle-rating")).not_to_have_attribute("data-rating", str(training.START))
    assert axe_violations(page) == []

    # the next one, missed on purpose: said to come back
    page.keyboard.press("Enter")
    expect(verdict).to_have_attribute("data-right", "")
    pid = position.get_attribute("data-id")
    puzzle = next((p for p in want if p.id == pid), None) or training.shipped()[pid]
    answer = puzzle.answer
    # a puzzle of another game says that game's rules (the review of 2026-11-30)
    on_table = page.evaluate("settebello.view.variant")
    if puzzle.variant != on_table:
        expect(d.get_by_test_id("puzzle-rules")).to_have_text(re.compile(r"^Rules of [^.]+\. .+"))
    else:
        expect(d.get_by_test_id("puzzle-rules")).to_have_count(0)
    wrong = d.locator("button[data-play]").evaluate_all(
        "(bs, a) => bs.map((b) => b.dataset.play).find((p) => p !== a)", answer)
    press_until_focused(page, f'#puzzle-dialog button[data-play="{wrong}"]')
    page.keyboard.press("Enter")
    expect(verdict).to_have_attribute("data-right", "false")
    expect(verdict).to_contain_text("meet this one again")

    # on to a puzzle of another game than the table's: that game's rules are said above it
    for _ in range(12):
        d.locator("[data-act=next]").click()
        expect(position).not_to_have_attribute("data-id", pid)  # (the next one drawn)
        pid = position.get_attribute("data-id")
        puzzle = next((p for p in want if p.id == pid), None) or training.shipped()[pid]
        if puzzle.variant != on_table:
            break
        d.locator(f'button[data-play="{puzzle.answer}"]').click()
    assert puzzle.variant != on_table, "no puzzle of another game among the next twelve"
    expect(d.get_by_test_id("puzzle-rules")).to_have_text(re.compile(r"^Rules of [^.]+\. .+"))
