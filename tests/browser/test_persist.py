"""Nothing lost (issue 5): a reload mid-hand restores the same position; a corrupt save is set
aside with a clear message and a fresh game starts (static/js/persist.js, Session.save/restore)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from harness import wait_for_engine
from saves import near_the_end, person_and_computers
from site_helpers import human_to_play, open_save, open_table, play_first_card, play_until_sheet
from test_a11y import axe_violations

PERSIST = "import('./static/js/persist.js')"


def save_key(page) -> str:
    """This tab's save key (persist.js: scoped to the deployment, one slot per tab)."""
    return page.evaluate(f"{PERSIST}.then(m => m.saveKey())")


def set_aside_texts(page) -> list[str]:
    """The set-aside saves' texts, newest first."""
    return page.evaluate(f"{PERSIST}.then(m => m.setAsideSaves().map(e => m.setAsideText(e.key)))")


def position(page):
    """What the player sees and the match so far: hand, table, plays, score."""
    return page.evaluate(
        """() => { const v = settebello.view;
        return {hand: v.hand, table: v.table, plays: v.plays, totals: v.totals,
                deck_left: v.deck_left, turn: v.turn}; }"""
    )


def saved_position(page):
    """Wait until the save in localStorage holds the current plays, and return the position."""
    human_to_play(page)
    page.wait_for_function(
        f"""() => {{ const s = JSON.parse(localStorage.getItem('{save_key(page)}') || 'null');
        if (!s) return false;
        const hands = s.record.hands; const last = hands[hands.length - 1];
        return last && last.plays.length === settebello.view.plays.length; }}"""
    )
    return position(page)


def test_reload_mid_hand_restores_the_same_position(page, base_url):
    open_table(page, base_url, "variant=scopa&seed=4&level=random")
    for _ in range(3):
        play_first_card(page)
    before = saved_position(page)
    assert len(before["plays"]) >= 5  # three of ours, and the computer's answers
    said = page.locator("#status-last").inner_text().strip()
    assert said.startswith("Bruno "), said  # the computer's play, before "Your turn"
    page.reload()
    wait_for_engine(page)
    human_to_play(page)
    assert position(page) == before
    # ... written there again (the review of 2026-12-02: a reload left only "Your turn")
    expect(page.locator("#status-last")).to_have_text(said)
    # the address asks for the very game restored: nothing to ask
    assert page.get_by_test_id("address-notice").count() == 0
    hand = page.get_by_role("region", name="Your hand")
    for card in before["hand"]:
        assert hand.locator(f'[data-card="{card}"]').count() == 1
    # the restored match goes on: the next play is accepted and saved again
    play_first_card(page)
    after = saved_position(page)
    assert after["plays"][: len(before["plays"])] == before["plays"]


def test_reload_with_a_different_seed_in_the_url_still_restores_the_match(page, base_url):
    open_table(page, base_url, "variant=scopa&seed=4&level=random")
    play_first_card(page)
    before = saved_position(page)
    open_table(page, base_url, "variant=scopa&seed=99&level=random")
    human_to_play(page)
    assert position(page) == before
    # the address's other deal is not passed over in silence: kept, the match goes on
    notice = page.get_by_test_id("address-notice")
    notice.wait_for()
    notice.get_by_test_id("address-keep").click()
    assert notice.count() == 0
    assert position(page) == before
    play_first_card(page)


def test_an_address_asking_for_another_game_says_so_and_starts_it_when_asked(page, base_url):
    """A saved match against the computer, then the address asks for two persons at one device
    (?players=human,human): the saved match comes back and a notice says the address asks for
    another game, naming both; starting it sets the match aside (Records lists it) and deals the
    address's game, whose persons are Player 1 and Player 2."""
    open_table(page, base_url, "variant=scopa&seed=4&level=random")
    play_first_card(page)
    before = saved_position(page)
    open_table(page, base_url, "players=human,human&lang=en")
    human_to_play(page)
    assert position(page) == before   # restored, as before
    notice = page.get_by_test_id("address-notice")
    notice.wait_for()
    text = notice.inner_text()
    assert "Scopa with You and Bruno (Random)" in text and "another game: Scopa with Player 1 and Player 2" in text, text
    problems = axe_violations(page)
    assert not problems, problems
    notice.get_by_test_id("address-start").click()
    page.wait_for_function("settebello.view.seats.length === 2 && settebello.view.seats.every(s => s.human)")
    assert page.evaluate("settebello.view.players") == ["Player 1", "Player 2"]
    page.locator("#pass").wait_for(state="visible")
    assert "You" not in page.locator("#pass-msg").inner_text()
    assert notice.count() == 0
    # the match that was on the table is kept, set aside, to restore from Records
    aside = page.evaluate(f"{PERSIST}.then(m => m.setAsideSaves())")
    assert len(aside) == 1 and "address" in aside[0]["why"], aside
    saved = json.loads(set_aside_texts(page)[0])
    assert saved["config"]["seed"] == 4 and len(saved["record"]["hands"][0]["plays"]) == len(before["plays"])


def test_an_address_asking_for_another_game_names_a_finished_match_and_another_shuffle_so(page, base_url):
    """The review of 2026-12-01: a finished match on the table was called "unfinished", and
    starting the address's game set it aside among the saves that could not be restored (Your
    matches has it). Then, the same game in words asking for another shuffle read as the same game
    twice: the address's shuffle is named."""
    save = near_the_end({"variant": "scopa", "seed": 5, "seats": person_and_computers(2), "options": {"target": 0}}, 1)
    open_save(page, base_url, save)
    play_until_sheet(page)
    page.wait_for_function("settebello.view.phase === 'over'")
    page.wait_for_function(f"{PERSIST}.then(m => m.savesSettled()).then(() => true)")
    open_table(page, base_url, "level=beginner&seed=5&lang=en")
    notice = page.get_by_test_id("address-notice")
    notice.wait_for()
    text = notice.inner_text()
    assert text.startswith("Your finished match, Scopa with You and ") and "unfinished" not in text, text
    assert "another game: Scopa with You and Bruno (Beginner)." in text, text
    notice.get_by_test_id("address-start").click()
    page.wait_for_function("settebello.view.phase === 'play' && settebello.view.seats[1].level === 'beginner'")
    assert page.evaluate(f"{PERSIST}.then(m => m.setAsideSaves())") == []  # nothing set aside
    # the same game in words, another shuffle: named
    human_to_play(page)
    play_first_card(page)
    open_table(page, base_url, "level=beginner&seed=6&lang=en")
    notice.wait_for()
    text = notice.inner_text()
    assert text.startswith("Your unfinished match, Scopa with You and Bruno (Beginner), is back on the table."), text
    assert "another game: Scopa with You and Bruno (Beginner), shuffle number 6." in text, text


def test_corrupt_save_is_set_aside_with_a_message_and_a_fresh_game_starts(page, base_url):
    open_table(page, base_url, "variant=scopa&seed=4&level=random")
    page.evaluate("k => localStorage.setItem(k, '{not json')", save_key(page))
    page.reload()
    wait_for_engine(page)
    notice = page.get_by_role("alert").filter(has_text="could not be restored")
    notice.wait_for()
    assert "not valid JSON" in notice.inner_text()
    assert set_aside_texts(page) == ["{not json"]
    human_to_play(page)
    assert page.evaluate("settebello.view.deck_left") > 0
    assert page.evaluate("settebello.game('save').then(s => s.record)")["hands"][0]["plays"] == page.evaluate(
        "settebello.view.plays"
    )
    notice.get_by_role("button", name="OK").click()
    assert page.get_by_role("alert").filter(has_text="could not be restored").count() == 0


def test_tampered_save_names_the_illegal_play_and_changes_nothing_else(page, base_url):
    open_table(page, base_url, "variant=scopa&seed=4&level=random")
    play_first_card(page)
    saved_position(page)
    key = save_key(page)
    save = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    plays = save["record"]["hands"][0]["plays"]
    plays[0] = "7X"  # a card that does not exist
    tampered = json.dumps(save)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, tampered])
    page.reload()
    wait_for_engine(page)
    notice = page.get_by_role("alert").filter(has_text="could not be restored")
    notice.wait_for()
    assert "7X" in notice.inner_text()
    assert set_aside_texts(page) == [tampered]
    human_to_play(page)
    # a fresh game: the engine dealt a new hand and the tampered record is not on the table
    assert page.evaluate("settebello.game('save').then(s => s.record)")["hands"][0]["plays"] == page.evaluate(
        "settebello.view.plays"
    )


def test_a_restored_match_goes_on_exactly_as_if_never_reloaded(new_context, base_url):
    """Same seed, same plays: with a reload in the middle, the next deals and the computer's
    answers are the very ones of the match that was never reloaded (deck and shuffle restored)."""

    def play(reload_after: int | None, plays: int = 6):
        page = new_context().new_page()
        open_table(page, base_url, "variant=scopa&seed=21&level=random")
        for i in range(plays):
            if i == reload_after:
                saved_position(page)
                page.reload()
                wait_for_engine(page)
            play_first_card(page)
        human_to_play(page)
        out = position(page)
        page.context.close()
        return out

    assert play(reload_after=3) == play(reload_after=None)
