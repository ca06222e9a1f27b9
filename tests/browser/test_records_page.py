"""Game records on the page (issue 5, RULES §6): export the match as a file, import it again and
replay it to the same score; an illegal record is reported with its hand and play and changes
nothing; the replay viewer steps forwards and backwards with buttons and keys."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from playwright.sync_api import expect
from harness import TIMEOUT_MS
from saves import near_the_end, person_and_computers, thought_on_the_clock
from site_helpers import ROOT, play_until_sheet, skip_the_lesson_offer, wait_ready

sys.path.insert(0, str(ROOT / "py"))

from scopa import Match, cards_str, from_record, parse_card, rules_for, to_record  # noqa: E402

# The game the table tests open (the module's one booted page, reset for each: tests/browser/conftest.py).
GAME = "fast=1&variant=scopa&seed=7&level=random"


def _open_records(page):
    page.locator("#records-btn").click()
    dialog = page.get_by_role("dialog", name="Game records")
    dialog.wait_for()
    return dialog


def _pos(page):
    el = page.locator("#rp-pos")
    return int(el.get_attribute("data-hand")), int(el.get_attribute("data-play"))


def _view(viewer_page, tmp_path, record, name="record.json"):
    """Open `record` (a file written in tmp_path) in the replay viewer (the module's, opened once:
    conftest's viewer_page), at its first position; the page."""
    page = viewer_page()
    path = tmp_path / name
    path.write_text(json.dumps(record))
    before = page.locator("#rp-info").text_content()
    page.locator("#rp-file").set_input_files(str(path), timeout=TIMEOUT_MS)
    # shown once the viewer says this record's players and hands (the last test's said others)
    page.wait_for_function("(before) => document.getElementById('rp-info').textContent !== before"
                           " && !document.getElementById('rp-view').hidden", arg=before)
    return page


def _totals(page):
    return [int(x) for x in page.locator("[data-total]").all_inner_texts()]


def test_exported_record_imported_again_replays_to_the_same_score(table_page, tmp_path):
    # the first hand near its end (a save made in CPython), played to its sheet
    save = near_the_end({"variant": "scopa", "seed": 7, "seats": person_and_computers(2)}, 2, of="hand")
    page = table_page(GAME, save=save)
    play_until_sheet(page)
    shown = [int(x) for x in page.locator("[data-match-total]").all_inner_texts()]
    page.locator("#next").click()  # on to the next hand: its deck stays out of the record until it ends
    page.locator("#sheet").wait_for(state="hidden")
    dialog = _open_records(page)
    with page.expect_download() as dl:
        dialog.get_by_role("button", name="Save this match as a file").click()
    download = dl.value
    assert re.fullmatch(r"settebello-scopa-\d{4}-\d{2}-\d{2}-\d{4}\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "scopa-record/1" and record["variant"] == "scopa"
    match = from_record(record)  # the engine on CPython accepts the exported file
    assert list(match.totals) == shown
    assert match.phase == "deal"  # every hand in it played to its end: no hidden card of hand 2

    # import it again: checked, then shown in the replay viewer
    dialog.locator("[data-testid=record-file]").set_input_files(str(path))
    page.wait_for_url("**/static/replay.html?from=game&lang=en")  # in the table's language
    wait_ready(page)
    page.locator("#rp-pos").wait_for()
    assert _pos(page) == (1, 0)
    page.keyboard.press("End")  # the last play of the last hand ended, with its score sheet
    assert _totals(page) == shown
    assert _pos(page) == (len(record["hands"]), len(record["hands"][-1]["plays"]))
    hand_totals = [int(x) for x in page.locator("[data-hand-total]").all_inner_texts()]
    assert hand_totals == list(match.results[-1].totals)
    page.go_back()  # the module's next test finds the table booted again
    page.wait_for_function("typeof window.settebello?.reset === 'function'", timeout=TIMEOUT_MS)


def test_a_record_with_the_games_own_fields_opens_in_the_table_and_the_viewer(table_page, viewer_page, tmp_path):
    """A match played on a clock against the master, the person's thinking buying its replies more
    searches: its record carries "thinking" and "clock" beside RULES §6's fields (the review of
    2026-12-01: "This record cannot be used: it has a field 'thinking'", so a player who stops to
    think could neither replay nor open their own match)."""
    record = thought_on_the_clock()
    match = from_record(record)
    path = tmp_path / "thought.json"
    path.write_text(json.dumps(record))
    page = table_page(GAME)
    dialog = _open_records(page)
    dialog.locator("[data-testid=record-file]").set_input_files(str(path))
    page.wait_for_url("**/static/replay.html?from=game&lang=en")
    wait_ready(page)
    page.locator("#rp-pos").wait_for()
    page.keyboard.press("End")
    assert _pos(page) == (1, len(record["hands"][0]["plays"]))
    assert _totals(page) == list(match.totals)
    page.go_back()  # the module's next test finds the table booted again
    page.wait_for_function("typeof window.settebello?.reset === 'function'", timeout=TIMEOUT_MS)
    viewer = _view(viewer_page, tmp_path, record, "thought-viewer.json")
    viewer.keyboard.press("End")
    assert _totals(viewer) == list(match.totals)


def test_while_the_first_hand_is_played_the_file_is_the_match_and_there_is_no_replay(table_page):
    """The hand being played stays out of the record (its deck is every hidden card): in the first
    hand the dialog opens no replay and says why; saved as a file, the match is offered all the same
    (issue 44: at any moment), as the match itself, which Records opens to play on."""
    page = table_page(GAME)
    skip_the_lesson_offer(page)
    page.wait_for_function("settebello.view.waiting === 'human'")
    dialog = _open_records(page)
    assert "joins it when it ends" in dialog.inner_text()
    dialog.get_by_role("button", name="Replay this match").click()
    expect(dialog.get_by_role("alert")).to_have_text(re.compile(r"^No hand of this match has ended yet"))
    assert "replay.html" not in page.url
    with page.expect_download() as got:
        dialog.get_by_role("button", name="Save this match as a file").click()
    assert re.fullmatch(r"settebello-match-\d{4}-\d{2}-\d{2}-\d{4}\.json", got.value.suggested_filename)
    assert json.loads(open(got.value.path(), encoding="utf-8").read())["format"] == "settebello-save/1"


def test_a_finished_matchs_records_say_what_its_file_holds_and_nothing_of_a_hand_being_played(table_page):
    """The review of 2026-12-02: once the match was over, the note still spoke of "the hand being
    played" and of the first hand's file."""
    config = {"variant": "scopa", "seed": 2, "options": {"target": 1}, "seats": person_and_computers(2)}
    page = table_page("fast=1&lang=en", save=near_the_end(config, person_plays_left=1))
    page.wait_for_function("settebello.view.waiting === 'human'")
    page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()
    choice = page.locator("#choices button[data-play]").first
    if choice.count():
        choice.click()
    page.wait_for_function("settebello.view.phase === 'over'")
    dialog = _open_records(page)
    note = dialog.locator("[data-note=export]")
    expect(note).to_have_text("A record (.json) of every deal and play of this match, to watch again or to keep.")
    page.keyboard.press("Escape")


def test_illegal_record_is_reported_with_hand_and_play_and_changes_nothing(table_page, tmp_path):
    page = table_page(GAME)
    at = page.url
    skip_the_lesson_offer(page)  # the game behind a first visit's offer waits for the answer
    # the computer may lead: wait for the player's turn, when nothing moves by itself
    page.wait_for_function("settebello.view.waiting === 'human'")
    before = page.evaluate("JSON.stringify(settebello.view)")
    record = to_record(_finished_match("scopa", 3))
    hand = record["hands"][0] if record["hands"][0]["plays"] else record["hands"][1]
    hand_no = record["hands"].index(hand) + 1
    hand["plays"][2] = hand["plays"][0]  # that card was already played
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    dialog = _open_records(page)
    dialog.locator("[data-testid=record-file]").set_input_files(str(bad))
    alert = dialog.get_by_role("alert")
    alert.wait_for()
    assert f"Play 3 of hand {hand_no} in this record is not a legal play." in alert.inner_text()
    assert alert.inner_text().count("Nothing was changed") == 1  # said once, after the page's own words
    assert page.url == at  # still on the game
    assert page.evaluate("JSON.stringify(settebello.view)") == before

    (tmp_path / "junk.json").write_text("{not json")
    dialog.locator("[data-testid=record-file]").set_input_files(str(tmp_path / "junk.json"))
    page.wait_for_function("document.querySelector('#records-dialog [role=alert]').textContent.includes('not JSON')")


def test_a_record_of_nested_brackets_is_refused_and_the_engine_keeps_working(table_page, tmp_path):
    """Issue 25: a 200 KB file of 100,000 `[` then as many `]` killed the page's Python (every
    play after it failed). It is refused before Python's json reads it, and the match goes on."""
    page = table_page(GAME)
    skip_the_lesson_offer(page)  # the game behind a first visit's offer waits for the answer
    page.wait_for_function("settebello.view.waiting === 'human'")
    before = page.evaluate("JSON.stringify(settebello.view)")
    (tmp_path / "brackets.json").write_text("[" * 100_000 + "]" * 100_000)
    dialog = _open_records(page)
    dialog.locator("[data-testid=record-file]").set_input_files(str(tmp_path / "brackets.json"))
    alert = dialog.get_by_role("alert")
    alert.wait_for()
    assert "more than 20 deep" in alert.inner_text() and alert.inner_text().count("Nothing was changed") == 1
    assert page.evaluate("JSON.stringify(settebello.view)") == before
    # the engine still answers: asked for the match's replay, it says the first hand is not over
    dialog.get_by_role("button", name="Replay this match").click()
    expect(alert).to_have_text(re.compile(r"^No hand of this match has ended yet"))
    dialog.locator("[data-act=close]").click()
    page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()  # and a play is made as before
    if page.locator("#choices button").count():
        page.locator("#choices button").first.click()
    page.wait_for_function("(before) => JSON.stringify(settebello.view) !== before", arg=before)


def _finished_match(variant: str, seed: int) -> Match:
    rng = random.Random(seed)
    rules = rules_for(variant, {})
    match = Match.new(rules, rng, [f"P{i + 1}" for i in range(rules.players)])
    while match.phase != "over":
        if match.phase == "deal":
            match.deal()
        else:
            match.apply(rng.choice(match.legal_plays()))
    return match


def test_viewer_steps_forwards_and_backwards_with_buttons_and_keys(viewer_page, tmp_path):
    match = _finished_match("scopone", 5)
    record = to_record(match, "scopone")
    page = _view(viewer_page, tmp_path, record, "scopone.json")

    first_deal = next(h for h in record["hands"] if h["plays"])
    start = record["hands"].index(first_deal) + 1
    # the deal: every hand face up (scopone: 9 cards each, 4 on the table)
    first_hand = page.locator("#rp-seats .rp-seat").first.locator(".rp-card")
    assert [c.get_attribute("data-card") for c in first_hand.all()] == _hand_of(match, record, start, 0)
    assert page.locator("#rp-seats .rp-seat").count() == 4
    assert page.locator("#rp-table .rp-card").count() == 4

    page.get_by_role("button", name="Forward one play").click()
    assert _pos(page) == (start, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert _pos(page) == (start, 3)
    after3 = page.locator("#rp-table").inner_html()
    page.keyboard.press("ArrowLeft")
    assert _pos(page) == (start, 2)
    page.get_by_role("button", name="Back one play").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#rp-table").inner_html() == after3  # back and forth gives the same position

    page.keyboard.press("PageDown")  # the next hand's deal
    assert _pos(page) == (start + 1, 0)
    page.keyboard.press("ArrowLeft")  # the last play of the first hand: its score sheet
    assert _pos(page) == (start, 36) and page.locator("[data-testid=rp-hand-sheet]").is_visible()
    assert [int(x) for x in page.locator("[data-hand-total]").all_inner_texts()] == \
        list(match.results[0].totals)
    page.keyboard.press("End")
    assert _totals(page) == list(match.totals)
    assert page.locator(".rp-end").get_attribute("data-winner") == str(match.winner)
    page.keyboard.press("Home")
    assert _pos(page) == (1, 0)
    assert page.get_by_role("button", name="Back one play").is_disabled()

    # a bad file: reported, and the replay on screen stays as it was
    (tmp_path / "bad.json").write_text(json.dumps({**record, "players": ["A", "B"]}))
    page.locator("#rp-file").set_input_files(str(tmp_path / "bad.json"))
    page.get_by_role("alert").wait_for()
    assert "cannot be played" in page.get_by_role("alert").inner_text()  # refusal.record.rules
    assert _pos(page) == (1, 0) and page.locator("#rp-seats .rp-seat").count() == 4


def _hand_of(match: Match, record: dict, hand_no: int, seat: int) -> list[str]:
    """The cards seat was dealt in hand hand_no, from the record's deck (R2: one at a time)."""
    replayed = Match(match.rules, match.names, match.first_dealer)
    for h in record["hands"][: hand_no - 1]:
        if replayed.deal([parse_card(c) for c in h["deck"]]):
            for p in h["plays"]:
                replayed.play(p)
    replayed.deal([parse_card(c) for c in record["hands"][hand_no - 1]["deck"]])
    return cards_str(replayed.hands[seat])


def test_viewer_on_a_phone_in_italian_fits_the_screen(new_context, base_url, tmp_path):
    """A 390 px wide phone: nothing pushes the page sideways; the viewer speaks the chosen language."""
    match = _finished_match("scopa", 2)
    path = tmp_path / "scopa.json"
    path.write_text(json.dumps(to_record(match, "scopa")))
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(base_url + "static/replay.html?lang=it")
    wait_ready(page)
    page.locator("#rp-file").set_input_files(str(path))
    page.locator("#rp-pos").wait_for()
    page.keyboard.press("ArrowRight")
    assert page.locator("#rp-pos").inner_text().startswith("Mano ")
    assert page.get_by_role("button", name="Avanti di una giocata").is_visible()
    assert " mani" in page.locator("#rp-info").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in ("#rp-first", "#rp-prev", "#rp-next", "#rp-last"):
        box = page.locator(button).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, button


def test_viewer_draws_and_names_each_games_own_deck(viewer_page, tmp_path):
    """SB37: a record of 80 cards shows the second copies as such (`7D'`, named "second deck", in
    French suits); one of 52 cards shows its figures as figures and its 8s as numerals. The second
    record is opened in the same viewer (Open a record), as a person opens one after another."""
    for variant in ("maresciallo-80", "cicera"):
        match = _finished_match(variant, 2)
        page = _view(viewer_page, tmp_path, to_record(match, variant), f"{variant}.json")
        assert _pos(page) == (1, 0)
        page.get_by_role("button", name="Forward one play").click()
        cards = page.locator("#rp-seats .rp-card")
        codes = [c.get_attribute("data-card") for c in cards.all()]
        names = [c.get_attribute("aria-label") for c in cards.all()]
        svgs = [c.locator("svg").get_attribute("data-card") for c in cards.all()]
        assert codes == svgs  # each card drawn is the card recorded
        if variant == "maresciallo-80":
            seconds = [n for c, n in zip(codes, names) if c.endswith("'")]
            assert seconds and all(n.endswith("(second deck)") for n in seconds)
            assert any("Spades" in n or "Diamonds" in n or "Hearts" in n or "Clubs" in n for n in names)
        else:
            courts = {c: n for c, n in zip(codes, names) if c[:-1] in ("11", "12", "13")}
            numerals = {c: n for c, n in zip(codes, names) if c[:-1] in ("8", "9", "10")}
            assert courts and numerals
            assert all(n.split(" of ")[0] in ("Knave", "Knight", "King") for n in courts.values())
            assert all(n.split(" of ")[0] in ("Eight", "Nine", "Ten") for n in numerals.values())


def test_viewer_shows_each_claim_face_up_with_its_answer(viewer_page, tmp_path):
    """Scopa a fidasse (SB66): a replay shows every claimed card face up, with who answered what
    and whose side lost a point; a claim still waiting when the record was saved lies on the table,
    marked face down."""
    from scopa.mechanics.fidasse import Answer, Claim  # noqa: PLC0415 - only this test needs them

    match = Match.new(rules_for("fidasse"), random.Random(4), ["Anna", "Bruno"])
    match.deal_until_played()

    def claim(answer=None):
        play = next(p for p in match.legal_plays() if type(p) is Claim)  # the first card's claim
        match.apply(play)
        if answer:
            match.apply(Answer(answer))
        return play.card

    def ordinary():
        match.apply(next(p for p in match.legal_plays() if type(p) is not Claim))

    doubted = claim("doubt"); ordinary(); trusted = claim("trust"); ordinary(); waiting = claim()
    assert [c.true for c in match.claims] == [False, False, False]  # three bluffs
    page = _view(viewer_page, tmp_path, to_record(match, "fidasse"))
    name = {c: EN_CARD(c) for c in (doubted, trusted, waiting)}

    page.keyboard.press("ArrowRight")  # Anna's claim, doubted: the card stays on the table
    event = page.locator("#rp-event")
    words = event.locator(".rp-event__text")
    assert words.inner_text() == (f"Anna lays the {name[doubted]} face down and claims a scopa; Bruno doubts: it could "
                                  f"not sweep and stays on the table. A point off for Anna.")
    assert event.locator(f'.rp-card[data-card="{cards_str([doubted])[0]}"]').get_attribute("aria-label") == name[doubted]
    assert page.locator(f'#rp-table .rp-card[data-card="{cards_str([doubted])[0]}"]').count() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # trusted: the table and the card, face up here, to her pile
    assert words.inner_text() == (f"Anna lays the {name[trusted]} face down and claims a scopa; Bruno trusts: Anna takes "
                                  f"the table. Scopa! It was a bluff: it could not sweep.")
    pile = page.locator('.rp-seat[data-seat="0"] .rp-pile .rp-card').evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards_str([trusted])[0] in pile
    page.keyboard.press("End")  # the record ends on a claim still waiting for its answer
    assert words.inner_text() == f"Anna lays the {name[waiting]} face down and claims a scopa: the answer is still to come."
    laid = page.locator("#rp-table .rp-card--claimed")
    assert laid.get_attribute("data-card") == cards_str([waiting])[0]
    assert laid.get_attribute("aria-label") == f"{name[waiting]} (face down)"


def EN_CARD(card) -> str:  # noqa: N802 - a table of names, read like one
    """A card's English name, as the viewer writes it: "Six of Swords"."""
    code = cards_str([card])[0]
    ranks = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Knave", 9: "Knight", 10: "King"}
    return f"{ranks[int(code[:-1])]} of {dict(D='Coins', C='Cups', S='Swords', B='Clubs')[code[-1]]}"


def test_viewer_speaks_to_you_in_the_second_person(viewer_page, tmp_path):
    """A player named "You" (the page's name for a person who gives none) is said as the table says
    it: "You play…", "You deal…", never "You plays…"; the others in the third person."""
    record = to_record(_finished_match("scopa", 3), "scopa")
    record["players"] = ["You", "Bruno"]
    page = _view(viewer_page, tmp_path, record)
    words = page.locator("#rp-event .rp-event__text")
    said = []
    for _ in range(40):  # the first hands' deals and plays
        said.append(words.inner_text())
        page.keyboard.press("ArrowRight")
    assert any(s.startswith("You play the ") for s in said) and any(s.startswith("Bruno plays the ") for s in said)
    assert any(s.startswith("You deal hand ") or s.startswith("Bruno deals hand ") for s in said)
    wrong = [s for s in said if re.match(r"You (plays|takes|deals|lays)\b", s) or re.search(r"[.:;] You (takes|plays)", s)]
    assert wrong == []


def test_viewer_says_your_claims_and_answers_in_the_second_person(viewer_page, tmp_path):
    """Scopa a fidasse with a player named "You": "You lay … and claim a scopa", "…; you doubt"."""
    from scopa.mechanics.fidasse import Answer, Claim  # noqa: PLC0415 - only the claim tests need them

    match = Match.new(rules_for("fidasse"), random.Random(4), ["You", "Bruno"])
    match.deal_until_played()
    for _ in range(2):  # the first seat's claim, doubted by the other; then the other's, doubted
        match.apply(next(p for p in match.legal_plays() if type(p) is Claim))
        match.apply(Answer("doubt"))
    page = _view(viewer_page, tmp_path, to_record(match, "fidasse"))
    words = page.locator("#rp-event .rp-event__text")
    said = []
    for _ in range(2):
        page.keyboard.press("ArrowRight")
        said.append(words.inner_text())
    claimer = match.claims[0].seat  # who led the round
    mine, theirs = (said[0], said[1]) if claimer == 0 else (said[1], said[0])
    assert mine.startswith("You lay the ") and " claim a scopa; Bruno doubts" in mine, said
    assert theirs.startswith("Bruno lays the ") and "claims a scopa; you doubt" in theirs, said
