"""Playing without a mouse (issue 6): a whole hand with the keyboard alone, every play announced
in a polite live region; the review keys of static/js/access.js say what is on the table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness import settled
from saves import near_the_end, person_and_computers

ROOT = Path(__file__).resolve().parents[2]
EN = json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))

# Records, from before the page's own scripts run, every text the live regions take (in order)
# and every state the table publishes, so the test can match each play to its announcement.
RECORDER = """
(() => {
  window.__spoken = [];
  window.__states = [];
  if (window.__recording) return;  // run again before a reset (conftest.table_page): lists emptied
  window.__recording = true;
  const seen = new Map();
  const look = () => {
    for (const el of document.querySelectorAll('[aria-live]')) {
      const text = el.textContent.trim();
      if (text && seen.get(el) !== text) {
        window.__spoken.push({ region: el.id, polite: el.getAttribute('aria-live') === 'polite', text });
      }
      seen.set(el, text);
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  window.addEventListener('settebello:state', (e) => {
    const v = e.detail.view;
    window.__states.push({ op: e.detail.op, players: v.players, seat: v.seat, sides: v.sides, turn: v.turn,
                           plays: v.plays, scope: v.scope, hand: v.hand, table: v.table });
  });
})();
"""

SEED = "variant=scopa&seed=1&level=random&lang=en"


def card_name(code: str) -> str:
    """The English name of a card, from en.json (what the page says)."""
    return EN["card.name"].format(rank=EN[f"rank.{int(code[:-1])}"], suit=EN[f"suit.{code[-1]}"])


def open_table(table_page, query=SEED):
    """The module's shared page as a fresh load of ?fast=1&<query> gives it, recording from the start."""
    return table_page("fast=1&" + query, init_script=RECORDER)


def focused(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return { tag: a.tagName, id: a.id, card: a.dataset ? a.dataset.card || null : null,
                 inHand: !!a.closest('#hand-cards'), inChoices: !!a.closest('#choices'),
                 inSheet: !!a.closest('#sheet'), disabled: !!a.disabled || a.getAttribute('aria-disabled') === 'true',
                 label: a.getAttribute('aria-label') || a.textContent.trim() }; }""")


def wait_for_my_move(page) -> None:
    """Wait until the focus sits on something to press: a playable card, a capture, the sheet; at a
    new deal the focus is on the hand itself (nothing said is cut), and Enter goes to its first
    playable card."""
    page.wait_for_function(
        """() => { const a = document.activeElement;
            return !!a && (a.matches('#hand-cards .card:not([aria-disabled=true]), #choices button') || !!a.closest('#sheet:not([hidden])')
                || (a.id === 'hand-cards' && !!a.querySelector('.card:not([aria-disabled=true])'))); }"""
    )
    if page.evaluate("document.activeElement.id") == "hand-cards":
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.matches('#hand-cards .card:not([aria-disabled=true])')")


def play_hand_with_keys(page) -> list[dict]:
    """Press keys only until the hand's score sheet has the focus; returns what was focused."""
    pressed = []
    arrows_tried = False
    for _ in range(80):
        wait_for_my_move(page)
        now = focused(page)
        if now["inSheet"]:
            return pressed
        assert not now["disabled"], f"the focus is on a disabled control: {now}"
        if now["inHand"] and not arrows_tried and page.locator("#hand-cards .card:not([aria-disabled=true])").count() > 1:
            # arrow keys move along the hand and come back
            page.keyboard.press("ArrowRight")
            moved = focused(page)
            assert moved["inHand"] and moved["card"] != now["card"]
            page.keyboard.press("ArrowLeft")
            assert focused(page)["card"] == now["card"]
            arrows_tried = True
        pressed.append(now)
        page.keyboard.press("Enter")
    raise AssertionError("the hand did not end")


def test_a_whole_hand_is_played_with_the_keyboard_and_every_play_is_announced(table_page):
    page = open_table(table_page)
    pressed = play_hand_with_keys(page)

    # the sheet came up with its button focused: the next hand is one key away
    assert focused(page)["id"] == "next"
    assert len([p for p in pressed if p["inHand"]]) == 18  # 36 cards dealt in 3s to two players

    # the sheet takes the focus at once; its announcements follow the table's "Hand over." (the
    # page's live region speaks on the next frame), the points of each side last of all
    page.wait_for_function(
        r"() => window.__spoken.length && /\d+: | 0\.$/.test(window.__spoken[window.__spoken.length - 1].text)")
    states = page.evaluate("window.__states")
    spoken = page.evaluate("window.__spoken")
    live = [s for s in spoken if s["polite"]]
    assert live and all(s["polite"] for s in spoken), "announcements go to polite live regions"
    texts = [s["text"] for s in live]

    # every play (the player's and the computer's) has its own sentence, in the order played,
    # naming who played, the card, each card taken, and "Scopa!" exactly when it was one
    # what was played, in order, from the engine's own record of the match (RULES §6)
    record = page.evaluate("async () => (await window.settebello.game('save')).record")
    notations = record["hands"][-1]["plays"]
    steps = [i for i, s in enumerate(states) if s["op"] in ("play", "computer_step")]
    assert len(notations) == len(steps) == 36
    at = 0
    for n, (i, notation) in enumerate(zip(steps, notations)):
        card, _, taken = notation.partition(":")
        play = {"seat": states[i - 1]["turn"], "card": card, "presa": taken.split("+") if taken else [],
                "notation": notation}
        s = states[i]
        side = next(k for k, seats in enumerate(s["sides"]) if play["seat"] in seats)
        scopa = s["scope"][side] > states[i - 1]["scope"][side]
        who, card = s["players"][play["seat"]], card_name(play["card"])
        while at < len(texts) and not (texts[at].startswith(who + " ") and card in texts[at]):
            at += 1
        assert at < len(texts), f"play {n + 1} ({who}: {play['notation']}) was never announced; heard {texts}"
        sentence = texts[at]
        for taken in play["presa"]:
            assert card_name(taken) in sentence, (play, sentence)
        if not play["presa"]:
            assert "took" not in sentence, sentence
        assert ("Scopa!" in sentence) == scopa, (play, sentence)
        at += 1

    # the deal of the hand and each fresh three cards are announced with the cards in them
    first = states[0]
    deal = next(t for t in texts if "dealt" in t)
    for c in first["hand"] + first["table"]:
        assert card_name(c) in deal, (c, deal)
    assert len([t for t in texts if t.startswith("New cards.")]) == 5
    assert "Your turn." in texts
    # and the end of the hand: the match score, and who scored what
    assert any(t.startswith("Hand over.") for t in texts)
    assert re.search(r"\d+: ", texts[-1]) or re.search(r" 0\.$", texts[-1]), texts[-1]


FOCUS_LOG = """() => { window.__focus = [];
  document.addEventListener('focusin', (e) => window.__focus.push({
    card: e.target.dataset ? e.target.dataset.card || null : null, id: e.target.id,
    inHand: !!e.target.closest('#hand-cards'), heard: window.__spoken.length })); }"""


def test_after_a_play_the_focus_stays_in_the_hand_and_nothing_cuts_the_computers_play(table_page):
    """A screen-reader player who plays a card stays on the card beside it through the computer's
    turn (said "unavailable", not taken away to the table), and the focus does not move when their
    turn comes back, so nothing cuts the computer's play while it is being said."""
    page = open_table(table_page)
    wait_for_my_move(page)
    hand = page.evaluate("[...document.querySelectorAll('#hand-cards .card')].map((b) => b.dataset.card)")
    assert len(hand) == 3, hand
    now = focused(page)
    if now["card"] != hand[0]:
        page.keyboard.press("Home")
    assert focused(page)["card"] == hand[0]
    view = page.evaluate("window.settebello.view")
    if len([p for p in view["legal"] if p["card"] == hand[0]]) > 1:
        page.keyboard.press("ArrowRight")  # a card played at one press
        hand = [hand[1], hand[0], hand[2]]
    assert len([p for p in view["legal"] if p["card"] == hand[0]]) == 1, (hand, view["legal"])
    page.evaluate(FOCUS_LOG)
    heard_before = page.evaluate("window.__spoken.length")
    page.keyboard.press("Enter")
    # the computer plays, and the person's turn comes back with the focus where the play left it
    page.wait_for_function("(n) => window.settebello.view.plays.length >= n + 2"
                           " && window.settebello.view.waiting === 'human'", arg=len(view["plays"]))
    wait_for_my_move(page)
    moves = page.evaluate("window.__focus")
    beside = hand[1]
    assert [m["card"] for m in moves] == [beside], moves
    assert moves[0]["heard"] == heard_before, "the focus moved before the play was said, not after"
    assert focused(page)["card"] == beside
    spoken = page.evaluate("window.__spoken")[heard_before:]
    computer = view["players"][1 - view["seat"]]
    assert any(s["text"].startswith(computer + " ") for s in spoken), spoken
    # while it rested there it was a card the reader could still read, not a disabled control
    assert page.evaluate("(c) => !document.querySelector(`#hand-cards [data-card='${c}']`).disabled", beside)


EVENTS_IN_ORDER = """() => { window.__events = [];
  // what the live regions said: taken from the observer before each key and focus event, so the
  // order is the page's own (an observer's records otherwise come after the task that made them)
  const said = (records) => { for (const r of records) for (const n of r.addedNodes) {
      const el = n.nodeType === 1 ? n : r.target;
      const text = (n.textContent || '').trim();
      if (el.closest && el.closest('[aria-live]') && text) window.__events.push({ kind: 'said', text }); } };
  const watch = new MutationObserver(said);
  watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  document.addEventListener('keydown', (e) => { said(watch.takeRecords()); window.__events.push({ kind: 'key', key: e.key }); }, true);
  document.addEventListener('focusin', (e) => { said(watch.takeRecords()); window.__events.push({ kind: 'focus',
    what: e.target.id || (e.target.dataset && e.target.dataset.card) || e.target.tagName,
    sheet: !!e.target.closest('#sheet') }); }); }"""


def test_through_a_whole_hand_no_focus_move_cuts_what_was_just_said(table_page):
    """A screen reader stops speaking when the focus moves. Through a whole hand played by keys, the
    focus moves only before anything is said after a key (the card beside the one played, the
    choices, the hand itself when its last card is played): never after a play, a deal or "Your
    turn" was announced. (The score sheet's opening is left out: it is the hand's end.)"""
    page = open_table(table_page)
    wait_for_my_move(page)
    page.evaluate(EVENTS_IN_ORDER)
    move_to_a_card_with_several_captures(page)  # a capture choice first: the ways are said
    play_hand_with_keys(page)
    events = page.evaluate("window.__events")
    assert any(e["kind"] == "said" and e["text"].startswith("With the King of Clubs you can take") for e in events), events
    cut, heard = [], []
    for e in events:
        if e["kind"] == "key":
            heard = []
        elif e["kind"] == "said":
            heard.append(e["text"])
        elif e["kind"] == "focus" and heard and not e["sheet"]:
            cut.append((e["what"], heard[-1]))
    assert cut == [], cut


# in the page, armed before the key that starts it: at each frame, the focused card is pressed (Enter
# on a button is a click) at the first frame where the next of `whens` holds, so no window is missed
# the way a round trip from the test could miss it
PRESS_AT = """(whens) => { window.__pressed = []; const tests = whens.map((w) => new Function('v', 'a', 'return ' + w));
  const look = () => { if (window.__pressed.length >= tests.length) return;
    const v = window.settebello.view, a = document.activeElement;
    if (v && a && tests[window.__pressed.length](v, a)) { window.__pressed.push(a.dataset.card); a.click(); }
    requestAnimationFrame(look); };
  requestAnimationFrame(look); }"""


def test_a_card_pressed_during_the_computers_turn_says_so_and_one_pressed_as_the_turn_comes_is_played(table_page):
    """At the normal pace: Enter on a resting card while Bruno plays says "Bruno is thinking…" (it
    used to repeat the person's own last play, as if made again); Enter as the turn comes back,
    while the table still draws Bruno's play, is kept and made (it used to be refused)."""
    page = table_page("variant=scopa&seed=1&level=random&lang=en", init_script=RECORDER)
    wait_for_my_move(page)
    n = page.evaluate("window.settebello.view.plays.length")
    computer = page.evaluate("window.settebello.view.players[1]")
    page.evaluate("window.__spoken.length = 0")
    page.evaluate(PRESS_AT, [
        "v.waiting === 'computer' && !!a.dataset.card && a.getAttribute('aria-disabled') === 'true'",
        f"v.waiting === 'human' && v.turn === v.seat && v.plays.length === {n + 2}"
        " && !!a.dataset.card && a.getAttribute('aria-disabled') === 'true'"])
    page.keyboard.press("Enter")
    if focused(page)["inChoices"]:
        page.keyboard.press("Enter")
    page.wait_for_function("window.__pressed.length >= 1")
    page.wait_for_function("(name) => window.__spoken.some((s) => s.text === name + ' is thinking…')", arg=computer)
    # the computer's play arrives: pressed at once, the card is played when the table is ready
    page.wait_for_function("window.__pressed.length >= 2")
    pressed = page.evaluate("window.__pressed[1]")
    page.wait_for_function("(n) => window.settebello.view.plays.length >= n", arg=n + 3)
    assert page.evaluate("window.settebello.view.plays")[n + 2]["card"] == pressed


SAID_IN_ORDER = """() => { window.__said = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
      const region = (n.nodeType === 1 ? n : r.target).closest && (n.nodeType === 1 ? n : r.target).closest('[aria-live]');
      const text = (n.textContent || '').trim();
      if (region && text) window.__said.push(text); } })
    .observe(document.body, { subtree: true, childList: true, characterData: true }); }"""


def test_undo_says_it_first_then_the_table_as_it_is_again(table_page):
    """A reader heard "Your turn." before "Your last play was taken back.", and never what the undo
    had put back: now the undo first, then the table and the hand, then the turn."""
    page = open_table(table_page)
    wait_for_my_move(page)
    page.keyboard.press("Enter")
    if focused(page)["inChoices"]:
        page.keyboard.press("Enter")
    page.wait_for_function("window.settebello.view.plays.length >= 2 && window.settebello.view.waiting === 'human'")
    wait_for_my_move(page)
    page.evaluate(SAID_IN_ORDER)
    page.evaluate(EVENTS_IN_ORDER)
    page.focus("#undo")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__said.some((t) => t.includes('Your turn.'))")
    # the focus went to the hand before any of it was said (Undo, disabled now, lost it)
    events = page.evaluate("window.__events")
    first_said = next(i for i, e in enumerate(events) if e["kind"] == "said")
    assert not [e for e in events[first_said:] if e["kind"] == "focus"], events
    assert page.evaluate("document.activeElement.id") == "hand-cards"
    said = page.evaluate("window.__said")
    view = page.evaluate("window.settebello.view")
    undone = next(i for i, text in enumerate(said) if text == EN["status.undone"])
    table = next(i for i, text in enumerate(said) if "On the table:" in text or "The table is empty." in text)
    turn = next(i for i, text in enumerate(said) if "Your turn." in text)
    assert undone < table <= turn, said
    for card in view["hand"] + view["table"]:
        assert card_name(card) in said[table], (card, said[table])


def move_to_a_card_with_several_captures(page) -> str:
    """At the first turn of seed 1 the King of Clubs takes 2C+3C+5C or 2B+3C+5C: arrow to it."""
    wait_for_my_move(page)
    view = page.evaluate("window.settebello.view")
    several = [c for c in view["hand"] if len([p for p in view["legal"] if p["card"] == c]) > 1]
    assert several, f"seed 1 should give a capture choice at once: {view['hand']} / {view['table']}"
    for _ in range(len(view["hand"])):
        if focused(page)["card"] == several[0]:
            return several[0]
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {several[0]}")


def test_a_capture_choice_is_made_with_the_keyboard(table_page):
    page = open_table(table_page)
    card = move_to_a_card_with_several_captures(page)
    page.keyboard.press("Enter")
    now = focused(page)
    assert now["inChoices"], now
    names = page.locator("#choices button").all_inner_texts()
    takes = [n for n in names if n.startswith("Take ")]
    assert len(takes) == 2, names
    for label in takes:
        assert re.fullmatch(r"Take (the .+ of (Coins|Cups|Clubs|Swords))(, | and |, and )?.*", label), label
    assert now["label"] == takes[0]
    expect(page.locator("#me .keys-tip")).to_be_visible()  # the keys stay in sight among the choices
    # the arrow keys move between the choices as along the hand, and come back
    page.keyboard.press("ArrowRight")
    assert focused(page)["label"] == takes[1]
    page.keyboard.press("ArrowLeft")
    assert focused(page)["label"] == takes[0]
    # Tab goes to the second choice; Enter takes it; the announcement names those cards
    page.keyboard.press("Tab")
    second = focused(page)
    assert second["inChoices"] and second["label"] == takes[1]
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__states.some(s => s.op === 'play')")
    played = page.evaluate("window.__states.find(s => s.op === 'play').plays.slice(-1)[0]")
    assert played["card"] == card
    assert all(card_name(c) in takes[1] for c in played["presa"])
    page.wait_for_function(
        "(w) => window.__spoken.some(s => s.text.startsWith('You played') && w.every(n => s.text.includes(n)))",
        arg=[card_name(card)] + [card_name(c) for c in played["presa"]])


def test_the_keys_show_beside_the_hand_once_a_key_moves_there_and_not_after_a_click(table_page):
    """A sighted keyboard player sees which keys play (and that ? tells the rest) as soon as a key
    moves along the hand; a player with a mouse or a finger never sees them."""
    page = open_table(table_page)
    tip = page.locator("#me .keys-tip")
    page.wait_for_function("window.settebello.view.waiting === 'human'")
    page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    page.wait_for_function("() => !document.getElementById('choices').hidden || window.__states.some(s => s.op === 'play')")
    if page.locator("#choices").is_visible():
        page.locator("#choices button").first.click()
    # the computer's reply, and the person's turn again: the focus the page moved stays unmarked
    page.wait_for_function("""() => window.__states.some(s => s.op === 'computer_step')
        && window.settebello.view.waiting === 'human'""")
    expect(page.locator("#hand-cards .card:not([aria-disabled=true])").first).to_be_visible()
    expect(tip).to_be_hidden()
    page.focus("#hand-cards")  # where a new deal puts the focus: Enter goes into the hand
    wait_for_my_move(page)
    expect(tip).to_be_visible()
    page.keyboard.press("ArrowRight")
    assert focused(page)["inHand"]
    expect(tip).to_be_visible()
    words = [f"← → {EN['keys.tip.move']}", f"{EN['access.help.enterKey']} {EN['keys.tip.play']}", f"? {EN['keys.tip.help']}"]
    assert tip.locator(":scope > span").all_inner_texts() == words
    # beside the hand, not over its cards
    box, cards = tip.bounding_box(), page.locator("#hand-cards .card").first.bounding_box()
    assert box["x"] + box["width"] <= cards["x"], (box, cards)
    # no room beside the hand: a phone, a short window, Scopone's nine cards (the review of 2026-12-02)
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 560}):
        page.set_viewport_size(size)
        page.keyboard.press("ArrowLeft")
        assert focused(page)["inHand"]
        expect(tip).to_be_hidden()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("""() => settebello.startGame({variant: 'scopone', seed: 1, options: {},
        seats: [{human: true}, {human: false, level: 'random'}, {human: false, level: 'random'}, {human: false, level: 'random'}]})""")
    page.wait_for_function("settebello.view.variant === 'scopone' && settebello.view.waiting === 'human'")
    expect(page.locator("#hand-cards .card")).to_have_count(9)  # Scopone deals nine a hand
    page.focus("#hand-cards")
    wait_for_my_move(page)
    page.keyboard.press("ArrowRight")
    assert focused(page)["inHand"]
    expect(tip).to_be_hidden()


def test_escape_cancels_a_capture_choice_and_the_focus_returns_to_the_card(table_page):
    page = open_table(table_page)
    card = move_to_a_card_with_several_captures(page)
    page.keyboard.press("Enter")
    assert focused(page)["inChoices"]
    page.keyboard.press("Escape")
    back = focused(page)
    assert back["inHand"] and back["card"] == card
    assert page.locator("#choices").is_hidden()
    assert page.evaluate("window.__states.filter(s => s.op === 'play').length") == 0


def say_key(page, key: str) -> str:
    """Press a review key and return what our live region then says."""
    page.evaluate("document.getElementById('access-live').textContent = ''")
    page.keyboard.press(key)
    page.wait_for_function("document.getElementById('access-live').textContent.trim() !== ''")
    return page.locator("#access-live").text_content().strip()


def test_review_keys_say_the_table_hand_piles_score_unseen_and_turn(table_page):
    page = open_table(table_page)
    # play two of the player's cards so piles and plays exist, then ask
    for _ in range(2):
        wait_for_my_move(page)
        page.keyboard.press("Enter")
    wait_for_my_move(page)
    v = page.evaluate("window.settebello.view")
    assert v["waiting"] == "human"

    table = say_key(page, "t")
    assert table.startswith("On the table:") or table == "The table is empty."
    for c in v["table"]:
        assert card_name(c) in table

    hand = say_key(page, "h")
    assert hand.startswith("Your hand:") and all(card_name(c) in hand for c in v["hand"])

    piles = say_key(page, "p")
    for side, pile in enumerate(v["prese"]):
        assert (f"{len(pile)} cards" in piles) or (len(pile) == 1 and "one card" in piles) or not pile

    captured = say_key(page, "c")
    for c in [c for pile in v["prese"] for c in pile]:
        rank, suit = EN[f"rank.{int(c[:-1])}"], EN[f"suit.{c[-1]}"]
        assert re.search(rf"{suit}: [^;.]*\b{rank}\b", captured), (c, captured)

    score = say_key(page, "s")
    assert score.startswith("Score: You ") and f"First to {v['rules']['target']} points." in score

    seen = set(v["hand"]) | set(v["table"]) | {c for pile in v["prese"] for c in pile}
    unseen = say_key(page, "u")
    assert unseen.startswith(f"{40 - len(seen)} cards not seen yet:")
    assert f"{v['deck_left']} cards left in the mazzo." in unseen

    turn = say_key(page, "w")
    assert turn.startswith("Your turn.")
    assert f"Cards in hand: You {len(v['hand'])} and {v['players'][1]} {v['hand_counts'][1]}." in turn

    last = say_key(page, "l")
    assert last.count("played") >= 2

    # R says the last announcement again
    assert say_key(page, "r") == last

    # the keys never take a key that carries a modifier, nor act outside the card table
    page.evaluate("document.getElementById('access-live').textContent = ''")
    page.keyboard.press("Control+h")
    page.focus("#new")
    page.keyboard.press("t")
    settled(page)
    assert page.locator("#access-live").text_content() == ""


def focus_back_on(page, card: str) -> None:
    """Wait until the focus is back on the hand card `card` (a closed dialog gives it back)."""
    page.wait_for_function("(c) => document.activeElement && document.activeElement.dataset.card === c",
                           arg=card)


def test_help_and_review_dialogs_open_from_the_keyboard_and_give_the_focus_back(table_page):
    page = open_table(table_page)
    wait_for_my_move(page)
    card = focused(page)["card"]
    page.keyboard.press("Shift+?")
    help_dialog = page.locator("dialog#access-help")
    expect(help_dialog).to_be_visible()  # (its module comes with the first opening)
    keys = page.locator("[data-testid=access-keys] kbd").all_inner_texts()
    for key in ["T", "H", "P", "C", "S", "U", "W", "L", "R", "V", "?"]:
        assert key in keys
    page.keyboard.press("Escape")
    # the dialog's "close" event comes in a task of its own after Escape: wait for it
    expect(page.locator("dialog#access-help")).to_have_count(0)
    focus_back_on(page, card)

    page.keyboard.press("v")
    review = page.locator("dialog#access-review")
    expect(review).to_be_visible()
    v = page.evaluate("window.settebello.view")
    items = review.locator("li").all_inner_texts()
    for c in v["table"] + v["hand"]:
        assert card_name(c) in items
    page.keyboard.press("Escape")
    expect(page.locator("dialog#access-review")).to_have_count(0)
    focus_back_on(page, card)

    # the header's Help button opens the same help
    page.focus("#help-button")
    page.keyboard.press("Enter")
    expect(page.locator("dialog#access-help")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog#access-help")).to_have_count(0)
    page.wait_for_function("document.activeElement.id === 'help-button'")


def test_the_end_of_a_match_is_said_with_its_final_score_before_the_last_hands_points(table_page):
    """The reader heard "Bruno wins the match!" and then only the last hand's points ("You 2: ...
    Bruno 6: ..."), which a listener takes for the result. Now the final score follows the winner,
    and the hand's points are said to be the last hand's."""
    save = near_the_end({"variant": "scopa", "seed": 1, "seats": person_and_computers(2)}, person_plays_left=2)
    page = table_page("fast=1&lang=en", init_script=RECORDER, save=save)
    play_hand_with_keys(page)
    page.wait_for_function("() => window.__spoken.some((s) => s.text.startsWith('The last hand: '))")
    view = page.evaluate("settebello.view")
    assert view["phase"] == "over"
    totals = ", ".join(f"{view['players'][side[0]]} {view['totals'][i]}" for i, side in enumerate(view["sides"]))
    texts = [s["text"] for s in page.evaluate("window.__spoken")]
    winner = next(i for i, text in enumerate(texts) if "win" in text and "the match!" in text)
    assert texts[winner].endswith(f"the match! Final score: {totals}."), texts[winner]
    last = next(i for i, text in enumerate(texts) if text.startswith("The last hand: "))
    assert last > winner and re.search(r"The last hand: You \d+", texts[last]), texts[last]


def test_a_team_is_said_with_the_languages_and_not_an_ampersand(table_page):
    """A reader says "&" as a symbol ("Giulia e commerciale Carla" in Italian): the score bar, the
    piles and the hand's end name a team as the language joins names, "Tu e Carla"."""
    seats = [{"human": True, "name": "Tu"}, {"human": False, "level": "random", "name": "Bruno"},
             {"human": False, "level": "random", "name": "Carla"}, {"human": False, "level": "random", "name": "Dario"}]
    save = near_the_end({"variant": "scopone", "seed": 3, "seats": seats}, person_plays_left=1, of="hand")
    page = table_page("fast=1&lang=it", init_script=RECORDER, save=save)
    wait_for_my_move(page)
    said = page.locator("#scores .visually-hidden").all_text_contents()
    piles = page.locator(".pile").evaluate_all("(ps) => ps.map((p) => p.getAttribute('aria-label'))")
    assert any(text.startswith("Tu e Carla: ") for text in said), said
    assert any(text.startswith("Bruno e Dario: ") for text in said), said
    assert any(label.startswith("Tu e Carla: ") for label in piles), piles
    assert not [text for text in said + piles if "&" in text], (said, piles)
    # the score key: the two teams apart by a pause, not by another "e"
    page.keyboard.press("s")
    page.wait_for_function("() => window.__spoken.some((s) => s.text.startsWith('Punteggio: '))")
    score = next(s["text"] for s in page.evaluate("window.__spoken") if s["text"].startswith("Punteggio: "))
    assert score.startswith("Punteggio: Tu e Carla 0; Bruno e Dario 0."), score
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__spoken.some((s) => s.text.startsWith('Mano finita.'))")
    end = next(s["text"] for s in page.evaluate("window.__spoken") if s["text"].startswith("Mano finita."))
    assert "Tu e Carla " in end and "Bruno e Dario " in end and "&" not in end, end
    # the eye still reads the short form in the bar; the sheet's columns are said as the language
    # joins names, the "&" hidden from a reader
    assert "Tu & Carla" in page.locator("#scores").inner_text()
    page.locator("#sheet:not([hidden])").wait_for()
    heads = page.locator("#sheet thead th[scope=col]").evaluate_all(
        "(ths) => ths.map((th) => [...th.querySelectorAll('.visually-hidden')].map((e) => e.textContent).join(''))")
    assert "Tu e Carla" in heads and "Bruno e Dario" in heads, heads
    shown = page.locator("#sheet thead th[scope=col] [aria-hidden=true]").all_text_contents()
    assert "Tu & Carla" in shown, shown


def test_a_dialog_closed_after_the_table_drew_its_opener_again_gives_the_focus_back_to_it(table_page):
    """The game's rules opened from the score bar, and the table drawn again under the dialog (the
    review: a computer's play; here a new deal, which redraws it the same way, at a moment the test
    chooses): on Escape the focus fell on <body>, for a screen reader nowhere. It goes to the
    button drawn again."""
    page = open_table(table_page)
    wait_for_my_move(page)
    page.locator("#game-rules").focus()
    page.keyboard.press("Enter")
    page.locator("#rules-dialog[open]").wait_for()
    page.evaluate("document.getElementById('game-rules').dataset.drawnBefore = '1'")
    page.evaluate("""settebello.startGame({ variant: 'scopa', seed: 2, options: {},
                                            seats: [{ human: true }, { human: false, level: 'random' }] })""")
    page.wait_for_function("() => !document.getElementById('game-rules').dataset.drawnBefore")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#rules-dialog[open]')")
    page.wait_for_function("() => document.activeElement.isConnected && !document.activeElement.closest('body > dialog:not([open])')"
                           " && document.activeElement !== document.body")
    assert focused(page)["id"] == "game-rules"


def test_an_opponents_declaration_is_said_once_with_his_play(table_page):
    """Bàzzica (SB14), seed 35: Bruno leads and declares with his first play. The declaration is
    written and called out on the table first; a screen reader hears it once, with the play (the
    review of 2026-11-30: said alone, then again with the play)."""
    page = table_page("fast=1&variant=bazzica&seed=35&level=random&lang=en", init_script=RECORDER)
    page.wait_for_function("settebello.view?.waiting === 'human' && (settebello.view.declared || [])[1]")
    spoken = page.evaluate("window.__spoken.map((s) => s.text)")
    declared = [s for s in spoken if "Bruno declares" in s]
    assert len(declared) == 1, f"Bruno's declaration said {len(declared)} times: {spoken}"
    assert "Bruno played" in declared[0], f"said with his play: {declared[0]}"


def test_next_hand_from_the_keyboard_gives_the_focus_to_the_hand_and_the_sweeps_are_said_as_counted(table_page):
    """The review of 2026-12-01, with the keyboard: Enter on Next hand, the computer to lead the new
    hand, left the focus on the page's <body> for half a second (a screen reader says the document
    again, the review keys do nothing); it now goes to the hand as the sheet closes. And the hand's
    points said a sweep as "Scope 1": they now say it as a player counts, "1 scopa"."""
    save = near_the_end({"variant": "scopa", "seed": 1, "seats": person_and_computers(2)}, person_plays_left=1, of="hand")
    page = table_page("fast=1&lang=en", init_script=RECORDER, save=save)
    play_hand_with_keys(page)
    page.wait_for_function("document.activeElement?.id === 'next'")
    page.wait_for_function("() => window.__spoken.some((s) => /\\d: .*scop/i.test(s.text))")
    said = next(s["text"] for s in page.evaluate("window.__spoken") if re.search(r"\d: .*scop", s["text"], re.I))
    assert "1 scopa" in said and not re.search(r"Scope \d", said), said
    page.evaluate("""() => { window.__focus = []; const tick = () => { const a = document.activeElement;
        window.__focus.push(a === document.body ? 'BODY' : (a.id || a.dataset.card || a.tagName));
        if (!(settebello.view.results.length === 1 && settebello.view.phase === 'play' && settebello.view.waiting === 'human'))
          requestAnimationFrame(tick); }; requestAnimationFrame(tick); }""")
    page.keyboard.press("Enter")
    page.wait_for_function("settebello.view.waiting === 'human' && settebello.view.plays.length >= 1")
    assert page.evaluate("settebello.view.plays[0].seat") != page.evaluate("settebello.view.seat"), "the computer leads"
    frames = page.evaluate("window.__focus")
    assert "BODY" not in frames, f"the focus fell to <body> on the way to the new hand: {frames}"
