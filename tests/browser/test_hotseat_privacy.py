"""Hot-seat privacy (issue 22, point 6): while the pass screen is up, the page holds no card of
either person's hand: not in its view (`window.settebello.view`), not in the document, not in
any live region. The real hands are worked out afterwards from the match's record, in CPython."""

from __future__ import annotations

import re

from harness import wait_for_engine
from playwright.sync_api import expect
from scopa import card_str, from_record
from settebello.session import Session

PAGE_STATE = """() => ({
  view: JSON.stringify(window.settebello.view),
  html: document.documentElement.outerHTML,
  live: [...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
    .map((el) => el.textContent).join(' | '),
})"""


def my_turn(page):
    page.wait_for_function(
        "settebello.view && settebello.view.waiting === 'human' && settebello.view.pass_to === null"
        " && document.querySelector('#hand-cards .card:not([aria-disabled=true])')", timeout=60000)


def hand_over_first(page):
    """The first pass screen, before anyone's first hand: its person says they hold the device (the
    module's shared page, index.html?test, offers no lesson)."""
    page.locator("#pass").wait_for(state="visible", timeout=60000)
    page.locator("#pass-btn").click()


def skip_the_lesson(page):
    """A first visit offers the guided hand once the table shows; these people skip it."""
    offer = page.locator("[data-testid=lesson-offer]")
    offer.wait_for(timeout=60000)
    offer.get_by_role("button", name="Skip").click()


def mentions(text: str, card: str) -> bool:
    """Whether a card's code (e.g. 7D) stands as a word of its own in the text (not inside a
    %-escape such as the card art's `%3C`)."""
    return re.search(rf"(?<![A-Za-z0-9%]){re.escape(card)}(?![A-Za-z0-9])", text) is not None


def pass_screen_up(page):
    """Wait until the pass screen is up and the page has dropped the last hand."""
    page.locator("#pass").wait_for(state="visible", timeout=60000)
    page.wait_for_function("settebello.view.pass_to !== null && settebello.view.waiting !== 'show'")


def play_first_to_the_pass_screen(page):
    """Click the first playable card (and its first capture choice) and wait for the pass screen."""
    page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()
    choice = page.locator("#choices button[data-play]").first
    if choice.count():
        choice.click()
    pass_screen_up(page)


def assert_nowhere_in_page(page, card: str, when: str) -> None:
    """The card is in neither the view, the document nor a live region."""
    state = page.evaluate(PAGE_STATE)
    for where in ("view", "html", "live"):
        assert not mentions(state[where], card), f"{card} is in the page ({where}) {when}"


def test_the_pass_screen_leaves_no_hand_in_the_page_and_ready_shows_the_right_one(table_page):
    page = table_page("fast=1&variant=scopa&seed=2&players=human,human")
    hand_over_first(page)
    for _ in range(3):
        my_turn(page)
        play_first_to_the_pass_screen(page)
        state = page.evaluate(PAGE_STATE)  # the page as it is while the screen is up
        other = page.evaluate("settebello.view.pass_to")
        record = page.evaluate("settebello.game('save').then(s => s.record)")  # only now: the deck, from the save
        match = from_record(record)
        assert match.phase == "play" and match.turn == other
        hands = [[card_str(c) for c in hand] for hand in match.hands]
        assert all(hands), "both people still hold cards"
        for hand in hands:
            for card in hand:
                assert not mentions(state["view"], card), f"{card} is in settebello.view"
                assert not mentions(state["html"], card), f"{card} is in the document"
                assert not mentions(state["live"], card), f"{card} is in a live region"
        page.locator("#pass-btn").click()
        my_turn(page)
        view = page.evaluate("settebello.view")
        assert view["seat"] == other and view["hand"] == hands[other]
        shown = page.locator("#hand-cards .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert shown == hands[other]
    # no take-backs at one device: Undo looks off, and a press says why and takes nothing back
    undo = page.locator("#undo")
    expect(undo).to_have_attribute("aria-disabled", "true")
    plays = page.evaluate("settebello.view.plays.length")
    undo.click(force=True)  # a real press: Playwright's own click would wait for aria-disabled to go
    expect(page.locator("#status")).to_contain_text("No take-backs with several people at the table")
    assert page.evaluate("settebello.view.plays.length") == plays and plays > 0


def test_a_card_claimed_face_down_is_not_in_the_page_the_next_person_is_handed(table_page):
    """Scopa a fidasse at one device (SB62): while the pass screen waits for the person who must
    answer, and later while it waits to hand the device back, the claimer's card is nowhere in the
    page; the answerer sees a back on the table; the claimer's own view shows it again, in the pile.
    (These two share the module's booted page, reset for each; the first hand at a fresh load is the
    next test's, on a page of its own.)"""
    page = table_page("fast=1&variant=fidasse&seed=2&players=human,human")
    hand_over_first(page)
    my_turn(page)
    view = page.evaluate("settebello.view")
    claimer, card = view["seat"], next(p["card"] for p in view["legal"] if p.get("claim"))
    page.locator(f'#hand-cards button[data-card="{card}"]').click()
    page.locator(f'#choices button[data-play="{card}?"]').click()
    pass_screen_up(page)
    assert_nowhere_in_page(page, card, "behind the pass screen")
    assert page.evaluate("settebello.view.mechanics.fidasse.claim.card") is None

    page.locator("#pass-btn").click()
    page.locator("#answer:not([hidden]) button").first.wait_for()
    assert page.evaluate("settebello.view.seat") != claimer
    claimed = page.locator("#table-cards .claimed")
    assert claimed.locator(".card--down").count() == 1 and claimed.locator("[data-card]").count() == 0
    page.get_by_role("button", name="Trust").click()
    my_turn(page)  # the answerer plays on
    play_first_to_the_pass_screen(page)
    assert_nowhere_in_page(page, card, "behind the pass screen")

    page.locator("#pass-btn").click()
    my_turn(page)
    view = page.evaluate("settebello.view")
    assert view["seat"] == claimer and card in view["prese"][view["side"]]
    assert page.locator(f'.pile[data-side="{view["side"]}"] [data-card="{card}"]').count() == 1


def test_no_hand_is_drawn_before_the_device_is_passed_the_first_hand_too(page, base_url):
    """Issue 25: two people at one device. The page opens on a pass screen to the one who leads:
    no card of either hand is in the page (view, document, live regions) before they say they hold
    the device; then their own hand only; after their play, the second person's first hand waits
    for its own pass screen, and is not in the page before they press ready."""
    page.goto(base_url + "?fast=1&variant=scopa&seed=2&players=human,human")
    wait_for_engine(page)
    page.locator("#pass").wait_for(state="visible", timeout=60000)
    first = page.evaluate("settebello.view.pass_to")
    assert page.locator("#pass-msg").inner_text() == f"Pass the device to Player {first + 1}"
    state = page.evaluate(PAGE_STATE)
    match = from_record(page.evaluate("settebello.game('save').then(s => s.record)"))
    hands = [[card_str(c) for c in hand] for hand in match.hands]
    assert match.turn == first and all(hands)
    assert page.locator("#hand-cards .card").count() == 0
    for hand in hands:
        for card in hand:
            for where in ("view", "html", "live"):
                assert not mentions(state[where], card), f"{card} is in the page ({where}) before anyone is handed it"
    page.locator("#pass-btn").click()
    skip_the_lesson(page)
    my_turn(page)
    shown = page.locator("#hand-cards .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == hands[first] and page.evaluate("settebello.view.seat") == first

    play_first_to_the_pass_screen(page)
    second = page.evaluate("settebello.view.pass_to")
    assert second != first
    html = page.evaluate("document.documentElement.outerHTML")
    for card in hands[second]:
        assert not mentions(html, card), f"{card} of the second person is in the document before they are ready"
    page.locator("#pass-btn").click()
    my_turn(page)
    shown = page.locator("#hand-cards .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == hands[second]


def test_on_the_clock_the_next_persons_time_waits_behind_the_pass_screen(table_page):
    """Two people at one device on a clock (RULES §5): while the pass screen is up nobody's time
    runs, in the view and at the engine's clock poll; it runs for the person once they have the
    device (the review of 2026-12-01: Anna's move time spent behind "Pass the device to Anna")."""
    page = table_page("fast=1&lang=en")
    page.evaluate("""() => settebello.startGame({variant: 'scopa', seed: 2, clock: 'standard',
        seats: [{human: true, name: 'Anna'}, {human: true, name: 'Bea'}]})""")
    for _ in range(2):
        pass_screen_up(page)
        seat = page.evaluate("settebello.view.pass_to")
        assert page.evaluate("settebello.view.clock.running") is None
        assert page.evaluate("settebello.game('tick').then(r => r.clock.running)") is None
        assert page.locator(".clock--running").count() == 0
        page.locator("#pass-btn").click()
        my_turn(page)
        assert page.evaluate("settebello.view.clock.running") == seat
        assert page.evaluate("settebello.game('tick').then(r => r.clock.running)") == seat
        page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()
        choice = page.locator("#choices button[data-play]").first
        if choice.count():
            choice.click()


FAMILY = {"variant": "scopa", "seed": 5, "options": {"target": 1},
          "seats": [{"human": True, "name": "Mamma"}, {"human": True, "name": "Papà"}]}
LIVE = "[...document.querySelectorAll('[aria-live]')].map((e) => e.textContent).join(' | ')"


def one_play_from_the_end(config: dict) -> dict:
    """A save of a match of people at one device, its last play still to make (by whoever holds it)."""
    s = Session()
    assert "error" not in s.call("new_game", config)
    saves = []
    while (v := s.call("view"))["phase"] != "over":
        if v["phase"] == "deal":
            s.call("next_hand")
        elif v["pass_to"] is not None:  # the pass screen: its person says they hold the device
            s.call("show", v["pass_to"])
        else:
            saves.append(s.call("save"))
            assert "error" not in s.call("play", v["legal"][0]["notation"])
    return saves[-1]


def test_at_one_device_the_words_name_each_person_and_keep_nothing_of_the_game_before(table_page):
    """Two people share the device: the screen reader's words name each of them (a "you" would be
    whoever holds it then: "Final score: Mamma 1, You 4"), and a new game of theirs keeps nothing
    of what was said of the game before it ("Your hand: …") behind its first pass screen."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")  # the person leads: the deal is the last said
    page.wait_for_function("settebello.view.waiting === 'human' && document.getElementById('access-live')?.textContent.includes('Your hand')")
    names = page.evaluate("[...document.querySelectorAll('#hand-cards .card')].map((c) => c.getAttribute('aria-label'))")
    assert names and all(names)
    page.evaluate("(c) => settebello.startGame(c)", FAMILY)
    pass_screen_up(page)
    live = page.evaluate(LIVE)
    assert "Your hand" not in live and not [n for n in names if n.split(",")[0] in live], live
    page.locator("#pass-btn").click()
    my_turn(page)
    holder = page.evaluate("settebello.view.players[settebello.view.seat]")
    said = page.locator(".score .visually-hidden").all_inner_texts()
    assert said == ["Mamma: 0 points", "Papà: 0 points"], said
    page.wait_for_function("(name) => document.getElementById('access-live').textContent.includes(name + ', your turn.')", arg=holder)
    assert "You" not in page.evaluate(LIVE)

    page = table_page("fast=1&lang=en", save=one_play_from_the_end(FAMILY))
    if page.locator("#pass").is_visible():
        page.locator("#pass-btn").click()
    my_turn(page)
    page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()
    page.wait_for_function("document.getElementById('live').textContent.includes('Final score')", timeout=60000)
    end = page.locator("#live").inner_text()
    assert "You" not in end and "Mamma" in end and "Papà" in end, end
