"""The card table played by clicking, in fast mode; the score sheet checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from scopa import from_record  # noqa: E402
from saves import near_the_end, person_and_computers  # noqa: E402


def open_table(table_page, query, save=None):
    """The module's shared page as a fresh load of ?fast=1&<query> gives it (conftest.table_page),
    with `save`'s match restored if one is given."""
    return table_page("fast=1&" + query, save=save)


def click_until(page, stop, limit=400):
    """Click the first playable card (and the first capture choice: an ordinary play, never a claim)
    until stop() is true; a claim to answer (Scopa a fidasse) gets the first answer, Trust; a
    declaration offered (Bàzzica, SB14) is made."""
    for _ in range(limit):
        # wait until something can be clicked (or the game is over): never race the engine
        page.wait_for_function("document.querySelector('#hand-cards button.card:not([aria-disabled=true])')"
                               " || document.querySelector('#answer:not([hidden]) button')"
                               " || document.querySelector('#declare:not([hidden]) button')"
                               " || document.querySelector('#sheet:not([hidden]) :is(#next, #over)')")
        if stop():
            return
        nxt = page.locator("#next")
        if nxt.count() and nxt.is_visible():
            nxt.click()
            # the sheet stays up while the engine deals the next hand: wait, don't click twice
            page.locator("#sheet").wait_for(state="hidden")
        elif page.locator("#declare:not([hidden])").count():
            page.locator('#declare [data-declare="yes"]').click()  # SB14: a declaration is made
            page.locator("#declare").wait_for(state="hidden")
        elif page.locator("#answer:not([hidden])").count():
            page.locator("#answer button").first.click()
            page.locator("#answer").wait_for(state="hidden")
        else:
            card = page.locator("#hand-cards button.card:not([aria-disabled=true])").first
            code = card.get_attribute("data-card")
            card.click()
            choice = page.locator("#choices button[data-play]").first
            if choice.count():
                choice.click()
            # the play is under way once the card can no longer be played
            page.wait_for_function("(c) => !document.querySelector(`#hand-cards button.card[data-card=${JSON.stringify(c)}]:not([aria-disabled=true])`)", arg=code)
    raise AssertionError("did not finish")


def last_hand_sheet(page):
    """The sheet of the match's last hand, in the story the finished match shows (story.js)."""
    hands = page.locator("#sheet [data-testid=story-hand]")
    return hands.nth(hands.count() - 1)


def test_the_last_plays_of_a_match_end_it_on_the_sheet(table_page):
    """A match restored three of the person's plays before its end (seed 1, the first card each
    turn), played out by clicking: the final sheet's totals are the record's, and the winner line
    agrees with its subject ("You win", "Bruno wins")."""
    save = near_the_end({"variant": "scopa", "seed": 1, "seats": person_and_computers(2)}, person_plays_left=3)
    page = open_table(table_page, "lang=en", save)
    assert page.evaluate("settebello.view.results.length") == len(save["record"]["hands"]) - 1  # the last hand on
    click_until(page, lambda: page.locator("#over").count() > 0)
    record = page.evaluate("settebello.game('record')")
    match = from_record(record)
    last = last_hand_sheet(page)
    totals = [int(t) for t in last.locator("[data-match-total]").all_inner_texts()]
    assert totals == list(match.totals)
    hand = [int(t) for t in last.locator("[data-hand-total]").all_inner_texts()]
    assert hand == list(match.results[-1].totals)
    assert page.get_by_role("region", name="Your hand").count() == 1
    names = page.evaluate("settebello.view.players")
    expected = "You win the match!" if match.winner == 0 else f"{names[1]} wins the match!"
    assert page.locator("#over").inner_text() == expected


def test_scopone_hand_by_clicking(table_page):
    page = open_table(table_page, "variant=scopone&seed=1&level=random")
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    record = page.evaluate("settebello.game('record')")
    assert len(from_record(record).results) == 1


def test_the_computers_last_play_stays_written_before_your_turn(table_page):
    """At the normal pace the computer's play line showed for about a second, then "Your turn"
    alone: a player who looked away did not know what Bruno had done. It stays, until they play."""
    page = open_table(table_page, "variant=scopa&seed=4&level=random&lang=en")
    page.wait_for_function("settebello.view.waiting === 'human'"
                           " && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    if not page.evaluate("settebello.view.plays.length"):  # the person leads: one play each
        before = page.evaluate("settebello.view.plays.length")
        page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
        if page.locator("#choices button[data-play]").count():
            page.locator("#choices button[data-play]").first.click()
        page.wait_for_function(f"settebello.view.plays.length >= {before + 2} && settebello.view.waiting === 'human'"
                               " && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    view = page.evaluate("settebello.view")
    last = view["plays"][-1]
    assert last["seat"] != view["seat"]
    status = page.locator("#status").inner_text()
    assert status.startswith(view["players"][last["seat"]] + " ") and status.endswith("Your turn: play a card."), status
    # the person's own play clears it: the next time it is the computer's play again, not theirs
    page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    if page.locator("#choices button[data-play]").count():
        page.locator("#choices button[data-play]").first.click()
    n = len(view["plays"])
    page.wait_for_function(f"settebello.view.plays.length >= {n + 2} && settebello.view.waiting === 'human'"
                           " && !!document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    now = page.evaluate("settebello.view")
    assert page.locator("#status").inner_text().startswith(now["players"][now["plays"][-1]["seat"]] + " ")


def test_on_a_tablet_the_status_stays_one_line_and_your_turn_stays_whole(table_page):
    """The tablet review: a long play line wrapped the status to two lines, and the panel changed
    height from turn to turn. It stays one line beside the name; the play gives way (cut with
    "…"), "Your turn" never."""
    page = table_page("fast=1&variant=scopa&seed=4&level=random&lang=it", viewport={"width": 768, "height": 1024})
    page.evaluate("""() => { document.getElementById('status-last').textContent =
        'Bruno gioca il Sette di Spade e prende il Sette di Bastoni, il Cinque di Coppe e il Due di Denari. Scopa! '; }""")
    box = page.evaluate("""() => { const s = document.getElementById('status'), now = document.getElementById('status-now'),
        last = document.getElementById('status-last'), name = document.querySelector('#me .seat__head');
        const line = parseFloat(getComputedStyle(s).fontSize) * 1.6;
        return { height: s.getBoundingClientRect().height, line, nowCut: now.scrollWidth > now.clientWidth + 1,
                 lastCut: last.scrollWidth > last.clientWidth + 1, nowText: now.textContent,
                 besideName: Math.abs(name.getBoundingClientRect().top - s.getBoundingClientRect().top) < line }; }""")
    assert box["height"] <= box["line"] and box["lastCut"] and not box["nowCut"] and box["besideName"], box
    assert box["nowText"], box


@pytest.mark.parametrize("percent", ["150", "200"])
def test_on_a_tablet_with_a_larger_text_the_others_play_is_read_whole(page, base_url, percent):
    """The review of 2026-12-01 (a tablet at 150-200 %): one line left "Bruno gioca il …" of the
    computer's play on nearly every turn, its words only in a tooltip a finger cannot reach. With a
    larger text the play is whole, on lines of its own under the name, "Tocca a te" after it."""
    from site_helpers import open_table as open_page, skip_the_lesson_offer
    from test_a11y import choose_text_size  # (a text size is kept in storage: a page of its own)
    page.set_viewport_size({"width": 820, "height": 1180})
    open_page(page, base_url, "fast=1&variant=scopa&seed=4&level=random&lang=it")
    skip_the_lesson_offer(page)
    choose_text_size(page, percent)
    page.evaluate("""() => { document.getElementById('status-last').textContent =
        'Bruno gioca il Sette di Spade e prende il Sette di Bastoni, il Cinque di Coppe e il Due di Denari. Scopa! '; }""")
    box = page.evaluate("""() => { const s = document.getElementById('status'), now = document.getElementById('status-now'),
        last = document.getElementById('status-last'), me = document.getElementById('me').getBoundingClientRect();
        const r = s.getBoundingClientRect();
        return { lastCut: last.scrollWidth > last.clientWidth + 1 || last.scrollHeight > last.clientHeight + 1,
                 nowCut: now.scrollWidth > now.clientWidth + 1, inSeat: r.left >= me.left && r.right <= me.right,
                 nowBelow: now.getBoundingClientRect().top >= last.getBoundingClientRect().bottom - 1,
                 wide: document.documentElement.scrollWidth }; }""")
    assert not box["lastCut"] and not box["nowCut"] and box["inSeat"] and box["nowBelow"], box
    assert box["wide"] <= 820, box


def test_capture_choice_lights_candidates_and_named_buttons(table_page):
    # seed 1 (found with settebello.session in CPython): the first hand card 10B has two captures
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    buttons = page.locator("#choices button[data-play]")
    assert buttons.count() == 2
    assert page.locator("#table-cards .card--candidate").count() == 4
    # the choice is named after the cards it takes; nothing is played before it is made
    assert page.evaluate("settebello.view.plays.length") == 0
    page.get_by_role("button", name="Take the Two of Clubs, the Three of Cups, and the Five of Cups").click()
    page.wait_for_function("settebello.view.plays.length > 0")
    record = page.evaluate("settebello.game('save').then(s => s.record)")
    assert "10B:2B+3C+5C" in record["hands"][0]["plays"]


@pytest.mark.parametrize("lang,name", [("it", "Prendi il Due di Bastoni, il Tre di Coppe e il Cinque di Coppe"),
                                       ("es", "Levantar el Dos de Bastos, el Tres de Copas y el Cinco de Copas")])
def test_a_capture_choice_names_its_cards_as_the_language_says_them(table_page, lang, name):
    """Two reviews of 2026-12-01 (an Italian and a Spanish player): "Prendi Sette di Coppe" and
    "Levantar Seis de Bastos y Sota de Copas" read unnatural; the cards take their articles."""
    page = open_table(table_page, f"variant=scopa&seed=1&level=random&lang={lang}")
    page.locator('#hand-cards button[data-card="10B"]').click()
    expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()


def test_capture_choice_by_clicking_the_table_cards(table_page):
    # the same position: 10B takes 2B+3C+5C or 2C+3C+5C; the Two of Clubs is in one only
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    page.locator('#table-cards button[data-card="3C"]').click()   # in both: narrows nothing yet
    assert page.locator("#table-cards .card--picked").count() == 1
    assert page.evaluate("settebello.view.plays.length") == 0
    page.locator('#table-cards button[data-card="2B"]').click()   # only in the first
    page.wait_for_function("settebello.view.plays.length > 0")
    record = page.evaluate("settebello.game('save').then(s => s.record)")
    assert record["hands"][0]["plays"][0] == "10B:2B+3C+5C"


def test_escape_cancels_a_capture_choice(table_page):
    page = open_table(table_page, "variant=scopa&seed=1&level=random")
    page.locator('#hand-cards button[data-card="10B"]').click()
    assert page.locator("#table-cards .card--candidate").count() == 4
    page.keyboard.press("Escape")
    assert page.locator("#choices button[data-play]").count() == 0
    assert page.locator("#table-cards .card--candidate").count() == 0
    assert page.evaluate("settebello.view.plays.length") == 0


def assert_the_sheet_is_the_records(page, sides: int) -> None:
    """The match on the page is over, and its last sheet gives each of its sides the record's
    totals (whether they win by the rules is the unit tests', test_session_matches.py)."""
    match = from_record(page.evaluate("settebello.game('record')"))
    totals = [int(t) for t in last_hand_sheet(page).locator("[data-match-total]").all_inner_texts()]
    assert match.winner is not None and totals == list(match.totals) and len(totals) == sides


def test_escoba_for_four_in_pairs_to_21_by_two_chosen_in_the_dialog_and_its_last_plays(table_page):
    page = open_table(table_page, "seed=3&level=random")
    page.locator("#new").click()
    dialog = page.locator("#newgame-dialog")
    dialog.wait_for(state="visible")
    dialog.locator("#ng-variant").select_option("escoba")
    assert dialog.locator("#ng-lead").input_value() == "2"  # Escoba's own lead (O11)
    dialog.locator("#ng-table").select_option("4/pairs")
    assert dialog.locator("[data-seat-kind]").count() == 4
    assert dialog.locator("#ng-deal").inner_text() == "3 cards each, 4 on the table"
    dialog.locator("#ng-target").fill("21")
    dialog.locator(".ng-adv summary").click()
    dialog.locator("#ng-seed").fill("5")
    dialog.locator("#ng-start").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("settebello.view.players.length === 4")
    assert page.locator("#opponents .seat").count() == 3
    rules = page.evaluate("settebello.view.rules")
    assert (rules["players"], rules["teams"], rules["capture"], rules["target"], rules["lead"]) == (4, "pairs", "fifteen", 21, 2)
    # the same game near its end (a save made in CPython): its last plays by clicking, to the sheet
    config = page.evaluate("settebello.game('save').then(s => s.config)")
    page = open_table(table_page, "lang=en", near_the_end({**config, "seats": person_and_computers(4)}))
    click_until(page, lambda: page.locator("#sheet:not([hidden]) #over").count() > 0)
    assert_the_sheet_is_the_records(page, 2)


def test_escoba_for_six_in_three_pairs_from_the_address_and_its_last_plays(table_page):
    page = open_table(table_page, "variant=escoba&players=human,random,random,random,random,random"
                                  "&teams=pairs&target=21&seed=8")
    assert page.evaluate("settebello.view.side_of") == [0, 1, 2, 0, 1, 2]
    config = page.evaluate("settebello.game('save').then(s => s.config)")
    page = open_table(table_page, "lang=en", near_the_end({**config, "seats": person_and_computers(6)}))
    assert page.locator("#opponents .seat").count() == 5
    click_until(page, lambda: page.locator("#sheet:not([hidden]) #over").count() > 0)
    assert_the_sheet_is_the_records(page, 3)


def test_a_misere_sheet_marks_points_as_lost_not_won(table_page):
    """Scopa a non prendere (O12): the first to the target loses, so a point on the sheet is bad news."""
    page = open_table(table_page, "variant=non-prendere&seed=2&level=random")
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    sheet = page.locator("#sheet")
    assert sheet.locator("td.lost").count() >= 1
    assert sheet.locator("td.won").count() == 0


# One game for each kind of play the table draws beyond a capture: a build (Cascina, SB30), a steal
# (Rubamazzo), a declaration (Bàzzica, SB10, made by choice: SB14); a claim is Scopa a fidasse's, below. Every other
# Phase 2 game's hand adds up through the session in tests/unit/test_session_matches.py.
PHASE2 = ["cascina", "rubamazzo", "bazzica"]


@pytest.mark.parametrize("variant", PHASE2)
def test_a_whole_hand_of_each_phase2_game_by_clicking(table_page, variant):
    """RULES §4 Phase 2: a hand played to its sheet by clicking, the sheet the engine's (negative
    points too, SB6) and the table naming the game."""
    page = open_table(table_page, f"variant={variant}&seed=6&level=random&lang=en")
    name = page.evaluate(f"settebello.game('variants').then(i => i.variants.find(v => v.id === '{variant}').name)")
    assert page.locator("#game-rules").inner_text().startswith(name.split(" (")[0])
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    match = from_record(page.evaluate("settebello.game('record')"))
    hand = [int(t) for t in page.locator("[data-hand-total]").all_inner_texts()]
    assert hand == list(match.results[-1].totals)
    negative = page.locator("#sheet td.lost").count()
    assert negative == sum(1 for side in match.results[-1].points for v in side.values() if v < 0)


def test_a_steal_is_said_as_a_take_of_the_pile_and_told_among_the_best_moments(table_page):
    """SB20 (a review of 2026-12-01): a steal was said "... and took the Seven of Cups. It steals a
    pile of 8 cards." (the top said as a table card, "It" unclear), and the match's story said
    "nothing special this match" after two steals had won it. Now the steal is said as the take it
    is, and the story tells each pile stolen."""
    page = table_page("fast=1&variant=rubamazzo&seed=5&level=expert&lang=en", init_script=SAID)
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    steals = page.evaluate("settebello.view.story.moments.filter((m) => m.kind === 'steal')")
    assert steals, "this seed's match has a steal"
    words = " ".join(said(page, "status") + said(page, "live"))
    for m in steals:
        pile = f"the pile of {m['count']} cards topped by {the_card(m['top'])}" if m["count"] > 1 else f"the pile of a single card, {the_card(m['top'])}"
        assert f"played {the_card(m['card'])} and took " in words and f"{pile}." in words, (pile, words)
    assert "It steals" not in words
    told = page.locator("[data-testid=story-moments] .story__moment[data-kind=steal]")
    assert told.count() == len(steals)
    assert told.first.inner_text().startswith("Pile stolen:")
    assert page.get_by_text("nothing special this match").count() == 0


# ---------------------------------------------------------------- Scopa a fidasse (SB60-SB66)

# Records, from before the page's own scripts run, every text the table says (#live) and shows in
# its status line, in order: a claim's answer is followed at once by the next play, which replaces
# both. Run again before a reset (conftest.table_page), it only empties the list.
SAID = """
(() => {
  window.__said = [];
  if (window.__saidRecorder) return;
  window.__saidRecorder = true;
  const last = new Map();
  new MutationObserver(() => {
    for (const id of ['live', 'status']) {
      const text = document.getElementById(id)?.textContent.trim();
      if (text && last.get(id) !== text) window.__said.push({ where: id, text });
      last.set(id, text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""

EN_NAMES = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Knave", 9: "Knight", 10: "King"}
EN_SUITS = {"D": "Coins", "C": "Cups", "S": "Swords", "B": "Clubs"}


def the_card(code: str) -> str:
    """A card as the English table says it in a sentence: "the Four of Swords"."""
    return f"the {EN_NAMES[int(code[:-1])]} of {EN_SUITS[code[-1]]}"


def fidasse_table(table_page, seed: int, lang: str = "en"):
    """Scopa a fidasse against the expert (its claims and answers are the engine's), recording."""
    return table_page(f"fast=1&variant=fidasse&seed={seed}&level=expert&lang={lang}", init_script=SAID)


def wait_for_my_move(page) -> None:
    """Until the person can act: a card to play or a claim to answer."""
    page.wait_for_function("settebello.view.waiting === 'human'"
                           " && !!document.querySelector('#answer:not([hidden]) button, #hand-cards .card:not([aria-disabled=true])')")


def said(page, where: str) -> list[str]:
    return [s["text"] for s in page.evaluate("window.__said") if s["where"] == where]


# Seeds found in CPython with the page's session calls (settebello.session.Session, the person
# seat 0 against an expert seat 1): the person claims at the first turn, with the first claim
# offered (seed 0: the Four of Swords, which cannot sweep) or with a card that sweeps (73, 103).
@pytest.mark.parametrize("seed, sweeping, answer, how", [(0, False, "doubt", "click"), (0, False, "doubt", "keys"),
                                                      (103, True, "trust", "click"), (73, True, "doubt", "click")])
def test_fidasse_the_person_claims_a_scopa_and_the_computer_answers(table_page, seed, sweeping, answer, how):
    page = fidasse_table(table_page, seed)
    wait_for_my_move(page)
    view = page.evaluate("settebello.view")
    bruno = view["players"][1]
    legal = view["legal"]
    if sweeping:
        card = next(p["card"] for p in legal if not p.get("claim") and sorted(p["presa"]) == sorted(view["table"]))
    else:
        card = next(p["card"] for p in legal if p.get("claim"))
    ordinary = [p["notation"] for p in legal if p["card"] == card and not p.get("claim")]
    # the card's ordinary plays first, a lay included, then the claim: never forced either way
    if how == "keys":  # Enter on the card, as on a capture: the choices take the focus
        page.locator(f'#hand-cards button[data-card="{card}"]').focus()
        page.keyboard.press("Enter")
    else:
        page.locator(f'#hand-cards button[data-card="{card}"]').click()
    buttons = page.locator("#choices button[data-play]")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.play)") == ordinary + [f"{card}?"]
    assert buttons.last.inner_text() == "Claim a scopa (face down): vi fidate?"
    assert page.locator("#status").inner_text() == f"Choose how to play {the_card(card)}."
    assert page.evaluate("settebello.view.plays.length") == len(view["plays"])  # nothing played yet
    if how == "keys":
        assert page.evaluate("document.activeElement.dataset.play") == ordinary[0]
        for _ in ordinary:  # the arrows move among the choices: the claim is after the ordinary plays
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.play") == f"{card}?"
        page.keyboard.press("Enter")
        heard = f"You can play {the_card(card)} in {len(ordinary) + 1} ways: " + "; ".join(
            ["Lay it on the table" if p == card else p for p in ordinary] + ["Claim a scopa (face down): vi fidate?"])
        assert heard in said(page, "live")
    else:
        buttons.last.click()
    wait_for_my_move(page)

    match = from_record(page.evaluate("settebello.game('save').then(s => s.record)"))
    claimed = match.claims[0]
    assert (claimed.seat, claimed.by, claimed.answer, claimed.true) == (0, 1, answer, sweeping)
    assert str(match.log[-1].plays[len(view["plays"])]) == f"{card}?{answer}"
    made = f"You lay {the_card(card)} face down and claim a scopa: vi fidate?"
    verdict = {
        ("trust", True): f"{bruno} trusts you: you take the table. Scopa!",
        ("doubt", False): f"{bruno} doubts: {the_card(card)} could not sweep — it stays on the table and you lose a point.",
        ("doubt", True): f"{bruno} doubts, but the claim was true: {the_card(card)} sweeps the table, "
                         f"and {bruno} loses a point. Scopa!",
    }[answer, sweeping]
    for where in ("live", "status"):
        heard = said(page, where)
        assert made in heard and verdict in heard and heard.index(made) < heard.index(verdict), heard
    if sweeping:  # the table and the card went to the person's pile, which counts them
        assert page.locator('.pile[data-side="0"]').get_attribute("aria-label").startswith(
            f"You: {len(match.prese[0])} cards taken")
        assert card in page.evaluate("settebello.view.prese[0]")  # the claimer's own view shows it


# Seeds found the same way: the expert claims before the person's first play (38: the Ten of
# Swords, which sweeps 1C 2C 3S 4C) or after it (23: the Three of Swords, which cannot sweep 2D 6D);
# the person plays, until then, the first ordinary play of the first card. One of them plays on to
# the hand's sheet, whose claims row shows the claimer's lost point.
@pytest.mark.parametrize("seed, answer, how, to_sheet", [(38, "trust", "click", False), (38, "doubt", "keys", False),
                                                         (23, "doubt", "click", True)])
def test_fidasse_a_computer_claims_and_the_person_answers(table_page, seed, answer, how, to_sheet):
    page = fidasse_table(table_page, seed)
    for _ in range(10):
        wait_for_my_move(page)
        if page.locator("#answer:not([hidden])").count():
            break
        play, before = page.evaluate("[settebello.view.legal.find(p => !p.claim), settebello.view.plays.length]")
        page.locator(f'#hand-cards button[data-card="{play["card"]}"]').click()
        if page.locator("#choices:not([hidden])").count():
            page.locator(f'#choices button[data-play="{play["notation"]}"]').click()
        page.wait_for_function("(n) => settebello.view.plays.length > n", arg=before)  # the play is made
    view = page.evaluate("settebello.view")
    bruno = view["players"][1]
    assert view["mechanics"]["fidasse"]["claim"] == {"seat": 1, "card": None, "answer": None, "true": None, "by": None}
    assert [p["notation"] for p in view["legal"]] == ["trust", "doubt"]
    # the claim waits on the table: a back, named, with no card's code anywhere in it
    claimed = page.locator("#table-cards .claimed")
    assert claimed.get_attribute("aria-label") == f"{bruno}'s card, face down: a scopa claimed."
    assert claimed.locator(".claimed__tag").inner_text() == f"{bruno}: vi fidate?"
    assert claimed.locator(".card.card--down").count() == 1 and claimed.locator("[data-card]").count() == 0
    assert f"{bruno} lays a card face down and claims a scopa: do you trust it?" in said(page, "live")
    # the question, two answers of 44 px or more, the focus on the first; no card can be played
    prompt = page.get_by_role("group", name=f"{bruno} claims a scopa with a card face down. Do you trust it?")
    assert prompt.is_visible()
    answers = prompt.get_by_role("button")
    assert answers.all_inner_texts() == ["Trust", "Doubt"]
    for box in (b.bounding_box() for b in answers.all()):
        assert box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate("document.activeElement.dataset.play") == "trust"
    assert page.locator("#hand-cards .card:not([aria-disabled=true])").count() == 0
    assert page.locator("#status").inner_text() == "Your answer: trust or doubt?"
    page.keyboard.press("Escape")  # the question cannot be dismissed
    assert prompt.is_visible() and page.evaluate("settebello.view.mechanics.fidasse.claim") is not None
    if how == "keys":
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.play") == answer
        page.keyboard.press("Enter")
    else:
        prompt.get_by_role("button", name=answer.title()).click()
    page.wait_for_function("settebello.view.mechanics.fidasse.claim === null")
    wait_for_my_move(page)
    assert not prompt.is_visible()

    match = from_record(page.evaluate("settebello.game('save').then(s => s.record)"))
    claim = match.claims[0]
    assert (claim.seat, claim.by, claim.answer) == (1, 0, answer)
    card = the_card(str(match.log[-1].plays[len(view["plays"]) - 1]).split("?")[0])
    verdict = {
        ("trust", True): f"You trust {bruno}: {bruno} takes the table. Scopa!",
        ("doubt", True): f"You doubt, but the claim was true: {card} sweeps the table, and you lose a point. Scopa!",
        ("doubt", False): f"You doubt: {card} could not sweep — it stays on the table and {bruno} loses a point.",
    }[answer, claim.true]
    assert verdict in said(page, "live")
    # the person answers and plays on: the answer stays in the status line until they play
    assert page.locator("#status").inner_text() == f"{verdict} Your turn: play a card."
    now = page.evaluate("settebello.view")
    if answer == "trust":  # the card went to Bruno's pile face down: counted, never named
        assert now["mechanics"]["fidasse"]["hidden"] == [0, 1] and page.locator('.pile[data-side="1"] .card:not([data-card])').count() == 1
        assert page.locator('.pile[data-side="1"]').get_attribute("aria-label").startswith(
            f"{bruno}: {len(match.prese[1])} cards taken")
    if not to_sheet:
        return
    # the score: the hand's sheet has the claims' row, a lost point marked lost, as the engine counts
    click_until(page, lambda: page.locator("#sheet:not([hidden])").count() > 0)
    match = from_record(page.evaluate("settebello.game('record')"))
    points = [side["fidasse"] for side in match.results[0].points]
    row = page.locator('#sheet tr[data-category="fidasse"]')
    assert row.locator("th").inner_text() == "Claims (vi fidate?)"
    assert [int(x) for x in row.locator("td strong").all_inner_texts()] == points
    assert row.locator("td.lost").count() == sum(1 for x in points if x < 0)
    if answer == "doubt":
        assert points[1 if claim.true is False else 0] <= -1
    hand = [int(t) for t in page.locator("[data-hand-total]").all_inner_texts()]
    assert hand == list(match.results[0].totals)


def test_fidasse_the_review_keys_say_the_claim_and_its_answer(table_page):
    """The screen reader's review keys (access.js): T names the card waiting face down, L says the
    claim with its answer, C counts a pile's face-down cards (seed 38: the expert claims with the
    Ten of Swords before the person's first play; trusted once, doubted once)."""
    for answer in ("trust", "doubt"):
        page = fidasse_table(table_page, 38)
        page.locator("#answer:not([hidden]) button").first.wait_for()
        bruno = page.evaluate("settebello.view.players[1]")
        heard = page.get_by_test_id("access-live")
        page.keyboard.press("t")
        expect(heard).to_have_text("On the table: Ace of Cups, Two of Cups, Three of Swords, and Four of Cups. "
                                   f"{bruno}'s card, face down: a scopa claimed.")
        page.get_by_role("button", name=answer.title()).click()
        wait_for_my_move(page)
        page.locator("#hand-cards .card:not([aria-disabled=true])").first.focus()
        page.keyboard.press("l")
        if answer == "trust":
            expect(heard).to_have_text(f"You trust {bruno}: {bruno} takes the table. Scopa!")
            page.keyboard.press("c")
            expect(heard).to_have_text(f"{bruno} took Cups: Ace, Two, and Four; Swords: Three. {bruno}: also 1 card face down.")
        else:
            expect(heard).to_have_text("You doubt, but the claim was true: the King of Swords sweeps the table, "
                                       "and you lose a point. Scopa!")


def _first_hand_ended(config: dict) -> dict:
    """A save of the match `config` once its first hand has ended (the person's first legal play
    each turn, the computers' their own), at the sheet before the next deal."""
    from settebello.session import Session
    s = Session()
    assert "error" not in s.call("new_game", config)
    while (view := s.call("view"))["phase"] == "play":
        s.call("play", view["legal"][0]["notation"]) if view["waiting"] == "human" else s.call("computer_step")
    return s.call("save")


@pytest.mark.parametrize("lang, words", [("en", "Level at 1: another hand is played."),
                                         ("it", "Pari a 1: si gioca un'altra mano.")])
def test_a_hand_that_ends_level_at_the_target_says_another_hand_is_played(table_page, lang, words):
    """The tablet review: at 11-11 the sheet only offered Next hand, and a player wondered why the
    match went on. Seed 6 to 1 point (found in CPython, tests/unit/test_plays_on.py): 1-1."""
    save = _first_hand_ended({"variant": "scopa", "seed": 6, "options": {"target": 1}})
    page = table_page(f"fast=1&lang={lang}", save=save)
    note = page.locator("#sheet:not([hidden]) [data-testid=plays-on]")
    note.wait_for()
    assert note.inner_text() == words
    assert page.locator("#sheet #next").is_visible()
    page.screenshot(path=f"/tmp/plays_on_{lang}.png")  # to look at
