"""The first lesson (issue 24, part 4; static/js/lesson.js, py/settebello/lesson.py): offered on a
first visit, played to its end by clicking, skipped and remembered, found again in Help in each
language; its bubbles are live regions, reachable by keyboard, and axe-core finds nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness import TIMEOUT_MS
from site_helpers import wait_ready
from test_a11y import axe_violations

ROOT = Path(__file__).resolve().parents[2]


def strings(code: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def first_visit(page, base_url, query: str = "") -> None:
    """A first visit (nothing stored) of a page that offers the lesson (?test pages offer it only
    when asked: lesson=offer)."""
    page.goto(f"{base_url}index.html?test&lesson=offer&fast=1{query}")
    wait_ready(page)


def wait_turn(page) -> dict:
    """Wait for the coach to speak on the person's turn (or for the hand's end); the view."""
    page.wait_for_function(
        """() => { const v = window.settebello.view;
            if (!v || !v.lesson) return false;
            if (v.phase !== 'play') return !!document.querySelector('#sheet:not([hidden]) [data-testid=lesson-end]');
            const c = document.getElementById('lesson-coach');
            return v.waiting === 'human' && c && !c.hidden && document.getElementById('lesson-text').textContent.trim() !== ''
                && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])'); }""")
    return page.evaluate("window.settebello.view")


def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the focus is on selector (it is reachable by keyboard)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
    raise AssertionError(f"{selector} is not reachable with Tab")


def test_the_lesson_runs_to_its_end_by_clicking_from_the_welcome_offer(page, base_url):
    en = strings("en")
    first_visit(page, base_url)
    offer = page.get_by_test_id("lesson-offer")
    offer.wait_for()
    assert en["lesson.offer.title"] in offer.inner_text()
    problems = {"offer": axe_violations(page)}
    page.get_by_test_id("lesson-start").click()

    steps, turns = [], 0
    while True:
        v = wait_turn(page)
        if v["phase"] != "play":
            break
        step = v["lesson"]
        steps.append(step["step"])
        text = page.get_by_test_id("lesson-text")
        # the coach's words are a live region, said when they change
        assert text.get_attribute("aria-live") == "polite"
        card = step["cards"][0]
        button = page.locator(f"#hand-cards .card[data-card='{card}']")
        # the card to play is lit for the player to see
        assert button.evaluate("b => getComputedStyle(b).outlineStyle") == "solid"
        if turns == 0:
            assert text.inner_text().startswith("You play first.")
            problems["coach"] = axe_violations(page)
            # another card is not played: the coach says which one to play
            other = next(c for c in v["hand"] if c != card)
            page.locator(f"#hand-cards .card[data-card='{other}']").click()
            note = page.get_by_test_id("lesson-note")
            note.wait_for()
            assert "Knave of Cups" in note.inner_text()
            assert page.evaluate("window.settebello.view.plays.length") == len(v["plays"])
            # the bubble's button is reachable by keyboard
            tab_to(page, "[data-testid=lesson-quit]")
        plays = len(v["plays"])
        button.click()
        if step["step"] == "choice":
            # the player picks which capture: here the Seven of Cups, leaving the Seven of Swords
            page.locator("#choices button", has_text="Seven of Cups").click()
        # played: the hand's plays grew, or (the last card) the hand is over
        page.wait_for_function("(n) => { const v = window.settebello.view; return v.plays.length > n || v.phase !== 'play'; }",
                               arg=plays)
        turns += 1
        assert turns <= 18
    assert steps[:5] == ["capture", "choice", "single", "scopa", "play_on"] and len(steps) == 18

    # the lesson's own end, not a match's: its title, who took the hand
    assert page.locator("#sheet-title").inner_text() == en["lesson.over.title"]
    over = page.locator("#sheet #over").inner_text()
    assert over.startswith("You took the lesson's hand") and "match" not in over.lower(), over
    # what the hand was worth, every count of it: scope, carte, denari, settebello, primiera, each
    # side's number and who scored; the primiera card by card
    end = page.get_by_test_id("lesson-end")
    assert en["lesson.sum.title"] in end.inner_text()
    result = page.evaluate("window.settebello.view.results.at(-1)")
    told = {li.get_attribute("data-category"): li.inner_text() for li in end.locator(".lesson-end__counts > li").all()}
    assert set(told) == {"scope", "carte", "denari", "settebello", "primiera"} == set(result["categories"])
    mine, theirs = result["detail"]
    assert told["carte"].startswith("Carte: a point for the most cards") and f"You {mine['cards']}, Bruno {theirs['cards']}" in told["carte"]
    assert f"You {mine['denari']}, Bruno {theirs['denari']}" in told["denari"]
    assert f"You {mine['scope']}, Bruno {theirs['scope']}" in told["scope"]
    assert "You 1, Bruno 0" in told["settebello"] and "Points: You 1." in told["settebello"]
    assert "Seven of Coins 21" in told["primiera"] and "= 84" in told["primiera"] and "You 84, Bruno 62" in told["primiera"]
    for cat, text in told.items():  # who scored, as the sheet's table says
        won = [f"{name} {result['points'][i][cat]}" for i, name in enumerate(["You", "Bruno"]) if result["points"][i][cat] > 0]
        assert (f"Points: {', '.join(won)}." if won else en["lesson.sum.none"]) in text, (cat, text)
    levels = page.evaluate("window.settebello.view.lesson.levels.map(l => l.id)")
    shown = end.locator(".lesson-end__levels button").evaluate_all("bs => bs.map(b => b.dataset.level)")
    assert shown == levels and len(levels) >= 2
    # a newcomer is offered the gentlest level first: the keyboard player is on it already
    assert page.evaluate("window.settebello.view.lesson.level") == levels[0] == "beginner"
    assert page.evaluate("document.activeElement.dataset.level") == "beginner"
    assert end.locator(".lesson-end__levels .btn--primary").evaluate_all("bs => bs.map(b => b.dataset.level)") == ["beginner"]
    assert "Beginner is a gentle start" in end.inner_text()
    problems["sheet"] = axe_violations(page)
    assert not any(problems.values()), problems

    # a level starts a match of classic Scopa against it
    page.get_by_test_id(f"lesson-level-{levels[0]}").click()
    page.wait_for_function("(lv) => { const v = window.settebello.view; return !v.lesson && v.phase === 'play'"
                           " && v.seats[1].level === lv && document.getElementById('sheet').hidden; }", arg=levels[0])
    v = page.evaluate("window.settebello.view")
    assert v["variant"] == "scopa" and v["rules"]["target"] == 11
    assert page.locator("#lesson-coach:not([hidden])").count() == 0
    assert page.evaluate("localStorage.getItem('settebello.lesson:/')") == "seen"


def test_skipping_the_offer_is_remembered(page, base_url):
    first_visit(page, base_url)
    page.get_by_test_id("lesson-offer").wait_for()
    # reachable by keyboard, and skipped with it
    tab_to(page, "[data-testid=lesson-skip]")
    page.keyboard.press("Enter")
    page.get_by_test_id("lesson-offer").wait_for(state="detached")
    assert page.evaluate("localStorage.getItem('settebello.lesson:/')") == "seen"
    assert page.evaluate("window.settebello.view.lesson") is None  # the game on the table goes on
    # the focus goes back to the hand, where the game goes on (it went to Help in the bar)
    assert page.evaluate("!!document.activeElement.closest('#hand-cards')")
    # the next visit does not offer it again
    page.reload()
    wait_ready(page)
    page.wait_for_function("!!window.settebello?.view")
    page.evaluate("() => new Promise(requestAnimationFrame)")
    assert page.get_by_test_id("lesson-offer").count() == 0


def test_the_more_menu_opens_above_the_offer_on_a_phone(page, base_url):
    """A first visit on a phone: the More menu, opened while the offer shows, is above it (it was
    under it, Statistics, Settings, Help and the language out of a finger's reach)."""
    page.set_viewport_size({"width": 360, "height": 740})
    first_visit(page, base_url, "&lang=it")
    page.get_by_test_id("lesson-offer").wait_for()
    page.click("#more-btn")
    page.locator("#more-menu").wait_for(state="visible")
    # (a button the menu does not show now, e.g. Pause without a clock, is not counted)
    covered = page.evaluate("""[...document.querySelectorAll('#more-menu button, #more-menu select')].filter((el) => el.getClientRects().length).filter((el) => {
        const r = el.getBoundingClientRect(), top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !el.contains(top); }).map((el) => el.id)""")
    page.screenshot(path="/tmp/more_menu_over_offer_360.png")  # to look at
    assert covered == [], covered
    page.click("#settings-btn")  # under the offer, this click timed out
    page.locator("#settings-dialog[open]").wait_for()


def test_playing_a_card_instead_of_answering_the_offer_puts_it_away(page, base_url):
    """A player who ignores the offer and plays is not blocked: the offer goes when a card of the
    hand is picked (remembered as answered), and a capture choice it covered can be clicked."""
    first_visit(page, base_url, "&variant=scopa&seed=4")  # the person leads this deal
    page.get_by_test_id("lesson-offer").wait_for()
    page.wait_for_function("window.settebello.view?.waiting === 'human'"
                           " && !!document.querySelector('#hand-cards button.card:not([aria-disabled=true])')")
    card = page.locator("#hand-cards button.card:not([aria-disabled=true])").first
    code = card.get_attribute("data-card")
    card.click()
    page.get_by_test_id("lesson-offer").wait_for(state="detached")
    assert page.evaluate("localStorage.getItem('settebello.lesson:/')") == "seen"
    choice = page.locator("#choices button[data-play]").first
    if choice.count():
        choice.click()  # would time out under the offer
    page.wait_for_function("(c) => !window.settebello.view.hand.includes(c)", arg=code)  # played
    assert page.evaluate("window.settebello.view.lesson") is None


# what the offer covers of what was dealt: the table's cards, the mazzo, the seats (name plates,
# hands, piles) and the hand's cards, each by name
UNDER_OFFER = """() => {
    const o = document.getElementById('lesson-offer').getBoundingClientRect();
    const meets = (r) => r.width && r.height && o.left < r.right - 1 && r.left < o.right - 1 && o.top < r.bottom - 1 && r.top < o.bottom - 1;
    const out = [];
    for (const el of document.querySelectorAll('#table-cards .card, #deck, #opponents .seat, #me .seat__head, #hand-cards .card'))
      if (meets(el.getBoundingClientRect())) out.push(el.dataset.card || el.id || el.className);
    return out;
}"""


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 800}, {"width": 360, "height": 740}], ids=["desktop", "phone"])
def test_the_offer_hides_nothing_dealt_and_the_computer_that_leads_plays(page, base_url, viewport):
    """A first visit of Cirulla (the player's review: the offer sat on the table's cards and the
    mazzo of 30, and Bruno, to lead, waited behind it): the offer is in the band below the title
    bar, over none of the table, and the game dealt goes on while it is up."""
    page.set_viewport_size(viewport)
    first_visit(page, base_url, "&variant=cirulla&seed=5&lang=en")  # the computer leads this deal
    page.get_by_test_id("lesson-offer").wait_for()
    # the computer plays its first card with the offer still up, and the person's turn comes
    page.wait_for_function("window.settebello.view.plays.length > 0 && window.settebello.view.waiting === 'human'"
                           " && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    assert page.get_by_test_id("lesson-offer").is_visible()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.screenshot(path=f"/tmp/fix3_offer_{viewport['width']}.png")  # to look at
    assert page.evaluate(UNDER_OFFER) == []
    problems = axe_violations(page)
    assert not problems, problems


def test_the_guided_hand_replaces_the_game_behind_the_offer(page, base_url):
    """Play a guided hand, answered after the computer's first play: the lesson takes the table."""
    first_visit(page, base_url, "&variant=scopa&seed=5")  # the computer leads this deal
    page.get_by_test_id("lesson-offer").wait_for()
    page.wait_for_function("window.settebello.view.plays.length > 0")
    page.get_by_test_id("lesson-start").click()
    wait_turn(page)
    assert page.get_by_test_id("lesson-offer").count() == 0
    assert page.evaluate("window.settebello.view.lesson.step") == "capture"


@pytest.mark.parametrize("lang", ["it", "es", "en"])
def test_the_lesson_is_played_again_from_help_in_each_language(table_page, lang):
    words = strings(lang)
    page = table_page(f"fast=1&variant=scopa&seed=2&level=random&lang={lang}")
    # a test page does not offer the lesson unless asked: nothing is over the other tests' table
    assert page.get_by_test_id("lesson-offer").count() == 0
    page.click("#help-button")
    page.wait_for_selector("dialog#access-help[open]")
    help_button = page.get_by_test_id("lesson-help")
    assert help_button.inner_text() == words["lesson.help.button"]
    help_button.click()
    wait_turn(page)
    coach = page.get_by_test_id("lesson-coach")
    assert coach.locator("#lesson-coach-title").inner_text().startswith(words["lesson.turn"].split("{")[0].strip())
    first_words = words["lesson.step.capture"].split("{")[0].strip()
    assert page.get_by_test_id("lesson-text").inner_text().startswith(first_words)
    assert page.evaluate("window.settebello.view.lesson.step") == "capture"
    # ending it puts an ordinary game on the table
    page.get_by_test_id("lesson-quit").click()
    page.wait_for_function("() => { const v = window.settebello.view; return v && !v.lesson && v.rules.target > 0; }",
                           timeout=TIMEOUT_MS)
    assert page.locator("#lesson-coach:not([hidden])").count() == 0


# what the coach's bubble covers of the step's choices: the hand's cards, the capture buttons, the
# table cards the step points at (each as {what, card}); and whether it lies inside the window
COVERED = """() => {
    const coach = document.getElementById('lesson-coach'), c = coach.getBoundingClientRect();
    const meets = (r) => r.width && r.height && c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom;
    const lit = new Set(window.settebello.view.lesson.table);
    const out = [];
    for (const b of document.querySelectorAll('#hand-cards .card'))
      if (meets(b.getBoundingClientRect())) out.push({ what: 'hand', card: b.dataset.card });
    for (const b of document.querySelectorAll('#choices:not([hidden]) button'))
      if (meets(b.getBoundingClientRect())) out.push({ what: 'choice', card: b.textContent });
    for (const b of document.querySelectorAll('#table-cards .card'))
      if (lit.has(b.dataset.card) && meets(b.getBoundingClientRect())) out.push({ what: 'table', card: b.dataset.card });
    for (const b of document.querySelectorAll('#opponents .seat__head'))
      if (meets(b.getBoundingClientRect())) out.push({ what: 'seat', name: b.textContent });
    const inside = c.left >= 0 && c.top >= 0 && c.right <= innerWidth && c.bottom <= innerHeight;
    return { covered: out, inside, rect: [c.left, c.top, c.width, c.height] }; }"""

SETTLED = """() => document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)
    && !document.getElementById('lesson-coach').hidden"""


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1024, "height": 768}, {"width": 1280, "height": 720}],
                         ids=["phone", "tablet", "desktop"])
def test_the_coach_never_covers_the_hand_the_choices_or_the_cards_it_points_at(page, base_url, viewport):
    """The coach's bubble, at each of the person's turns and while they choose between the two
    sevens, leaves in sight every card of the hand, the capture buttons, the table cards it
    points at and Bruno's name plate (on a phone it went over the two sevens to choose between; on
    a 1024 x 768 tablet it sat on Bruno's seat: it goes beside the table there)."""
    page.set_viewport_size(viewport)
    first_visit(page, base_url)
    page.get_by_test_id("lesson-start").click()
    where = []
    for turn in range(18):
        v = wait_turn(page)
        if v["phase"] != "play":
            break
        page.wait_for_function(SETTLED)
        seen = page.evaluate(COVERED)
        where.append(seen["rect"])
        assert seen["covered"] == [] and seen["inside"], (turn, v["lesson"]["step"], seen)
        step = v["lesson"]
        page.locator(f"#hand-cards .card[data-card='{step['cards'][0]}']").click()
        if step["step"] == "choice":
            # the two captures offered: the buttons, and the sevens lit on the table, all in sight
            page.locator("#choices button[data-play]").first.wait_for()
            page.wait_for_function(SETTLED)
            seen = page.evaluate(COVERED)
            assert seen["covered"] == [] and seen["inside"], ("choice", seen)
            assert page.evaluate("document.querySelectorAll('#table-cards .card--candidate').length") == 2
            if viewport["width"] == 360:
                page.screenshot(path="/tmp/i_lesson_choice_360.png")
                problems = axe_violations(page)
                assert not problems, problems
            page.locator("#choices button", has_text="Seven of Cups").click()
        page.wait_for_function("(n) => { const v = window.settebello.view; return v.plays.length > n || v.phase !== 'play'; }",
                               arg=len(v["plays"]))
    assert len(where) == 18
