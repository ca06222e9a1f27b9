"""Leftovers of the table's review (2026-11-23), as a player notices them: no text is looked up
before its language is loaded, the player's own motion setting wins over the system's, the
score sheet says the scope once, and a screen reader can tell who deals. From the review of
2026-11-25: the dialogs fit a phone, the score sheet keeps the keyboard, a touch screen shows no
focus ring at the deal, sentences give each card its article, Undo is not said as a deal, and a
team's win is said in the player's own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harness import settled
from site_helpers import play_until_sheet, sheet_shown, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "it", "es"]


def strings(code: str) -> dict[str, str]:
    return json.loads((ROOT / "static" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))


def open_table(page, base_url, query: str) -> None:
    page.goto(base_url + "?fast=1&" + query)
    wait_ready(page)


def seconds(css_time: str) -> float:
    """The longest of a computed transition/animation duration list ("0.15s, 1ms")."""
    out = []
    for part in css_time.split(","):
        part = part.strip()
        out.append(float(part[:-2]) / 1000 if part.endswith("ms") else float(part[:-1]))
    return max(out)


# ---------------------------------------------------------------- 1. texts only once loaded


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_asked_for_before_the_language_is_loaded(page, base_url, lang):
    warnings = []
    page.on("console", lambda m: m.type in ("warning", "error") and m.text.startswith("Settebello")
            and warnings.append(m.text))
    open_table(page, base_url, f"variant=scopa&seed=2&level=random&lang={lang}")
    words = strings(lang)
    assert page.locator("#records-btn").text_content() == words["records.button"]
    page.click("#records-btn")
    page.wait_for_selector("#records-dialog[open]")
    assert page.locator("#records-title").text_content() == words["records.title"]
    bad = [w for w in warnings if "no text for" in w or "not translated" in w]
    assert not bad, bad


# ---------------------------------------------------------------- 2. one motion setting


def motion_state(page) -> dict:
    """What the player sees moving: a card's transition and the "Scopa!" callout's animation."""
    return page.evaluate("""() => {
        const card = document.querySelector('#hand-cards .card'), c = document.getElementById('callout');
        c.classList.remove('callout--on'); void c.offsetWidth; c.classList.add('callout--on');
        const clock = document.createElement('span'); clock.className = 'clock clock--low'; document.body.append(clock);
        const cs = getComputedStyle(c), ck = getComputedStyle(clock), out = { motion: document.documentElement.dataset.motion,
            card: getComputedStyle(card).transitionDuration, callout: cs.animationName, calloutFor: cs.animationDuration,
            clock: ck.animationName, clockFor: ck.animationDuration };
        c.classList.remove('callout--on'); clock.remove();
        return out; }""")


@pytest.mark.parametrize("system, chosen", [("reduce", "full"), ("no-preference", "reduce")])
def test_the_players_own_motion_setting_wins_over_the_systems(page, base_url, system, chosen):
    page.emulate_media(reduced_motion=system)
    open_table(page, base_url, "variant=scopa&seed=1&level=random&lang=en")
    # at first the page follows the system
    first = motion_state(page)
    assert first["motion"] == system.replace("no-preference", "full")
    # the player chooses the other way in the Help dialog
    page.click("#help-button")
    page.wait_for_selector("#access-help[open]")
    box = page.locator("#access-motion")
    box.check() if chosen == "reduce" else box.uncheck()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#access-help')")
    for when in ("chosen", "after a reload"):
        state = motion_state(page)
        assert state["motion"] == chosen, (when, state)
        if chosen == "full":
            # cards glide again and the callout moves, although the system asks for less motion
            assert seconds(state["card"]) >= 0.1, (when, state)
            assert state["callout"] == "callout", (when, state)
            # and a clock running low pulses (static/css/rooms.css)
            assert state["clock"] == "clock-pulse" and seconds(state["clockFor"]) >= 0.5, (when, state)
        else:
            # no gliding on a system that allows it; the callout is still shown, held still
            assert seconds(state["card"]) <= 0.001, (when, state)
            assert state["callout"] == "callout-still", (when, state)
            assert state["clock"] == "none" or seconds(state["clockFor"]) <= 0.001, (when, state)
        assert seconds(state["calloutFor"]) >= 1, (when, state)   # long enough to be read
        page.reload()
        wait_ready(page)


# ---------------------------------------------------------------- 3. the score sheet


def test_the_scope_and_the_primiera_are_said_once(table_page):
    # hands at a random table until one has a scopa for somebody (the page reset each time, so
    # no saved match is restored)
    found_scopa = False
    for seed in range(1, 12):
        page = table_page(f"fast=1&variant=scopa&seed={seed}&level=random&lang=it")
        play_until_sheet(page)
        view = page.evaluate("settebello.view")
        result = view["results"][-1]
        cells = page.locator("#sheet tr[data-category='scope'] td")
        assert cells.count() == len(view["sides"])
        for side in range(len(view["sides"])):
            scope = result["detail"][side]["scope"]
            cell = cells.nth(side)
            # the points are the scope (one each): the number once, no "2 scope" beneath it
            assert cell.locator("strong").text_content() == str(result["points"][side].get("scope", 0)) == str(scope)
            assert cell.text_content().strip() == str(scope), cell.text_content()
            found_scopa |= scope > 0
        # nor "preso" under the Settebello's point: the point says who took it
        assert page.locator("#sheet tr[data-category='settebello'] td small").count() == 0
        # the other rows still say what they counted ("22 carte")
        assert "carte" in page.locator("#sheet tr[data-category='carte'] td").first.text_content()
        # as a screen reader reads the cell: the points, then the count in brackets (not "0 20 carte")
        carte = page.locator("#sheet tr[data-category='carte'] td").first.text_content()
        assert re.fullmatch(r"[01] \(\d+ carte\)", carte), carte
        # the primiera total is said once, in its row, not again under the primiera cards
        for side in range(len(view["sides"])):
            total = str(result["detail"][side]["primiera"]["total"])
            assert total in page.locator("#sheet tr[data-category='primiera'] td").nth(side).text_content()
            assert total not in page.locator("#sheet .sheet__prim td").nth(side).text_content()
        if found_scopa:
            break
    assert found_scopa, "no hand with a scopa in the seeds tried"


# ---------------------------------------------------------------- 4. the dealer


@pytest.mark.parametrize("lang", LANGS)
def test_the_dealer_is_named_for_screen_readers_and_moves_each_hand(table_page, lang):
    words = strings(lang)
    page = table_page(f"fast=1&variant=scopa-a-quattro&seed=5&level=random&lang={lang}")
    dealers = []
    for _hand in range(2):
        view = page.evaluate("settebello.view")
        dealer = view["dealer"]
        dealers.append(dealer)
        # exactly one marker, on the dealer's seat, named by the accessibility tree
        marker = page.get_by_role("img", name=words["seat.dealer"], exact=True)
        assert marker.count() == 1
        seat = marker.evaluate("el => el.closest('.seat').id === 'me' ? 'me' : el.closest('.seat').dataset.seat")
        assert seat == ("me" if dealer == view["seat"] else str(dealer))
        assert marker.get_attribute("title") == words["seat.dealer"]
        # the seat itself says so when it is another player's (its region's name)
        if dealer != view["seat"]:
            name = page.locator(f'#opponents .seat[data-seat="{dealer}"]').get_attribute("aria-label")
            assert name.endswith(words["seat.dealerLabel"].replace("{name}", "")), name
        others = page.locator('#opponents .seat:not(.seat--dealer)')
        for i in range(others.count()):
            assert words["seat.dealerLabel"].replace("{name}", "") not in (others.nth(i).get_attribute("aria-label") or "")
        play_until_sheet(page)
        page.click("#next")
        page.locator("#sheet").wait_for(state="hidden")
    assert dealers[0] != dealers[1], "the deal passes to the next player"


# ---------------------------------------------------------------- 5. review of 2026-11-25

PHONE = {"width": 390, "height": 844}


def overflow(page, selector: str) -> list[str]:
    """What inside the (open) element sticks out of it sideways, or makes it scroll sideways."""
    return page.evaluate("""(sel) => {
        const box = document.querySelector(sel), b = box.getBoundingClientRect(), out = [];
        if (box.scrollWidth > box.clientWidth + 1) out.push(`${sel} scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
        for (const el of box.querySelectorAll('select, input, button, fieldset, .ng-seat__no')) {
            const r = el.getBoundingClientRect();
            if (r.width && (r.right > b.right + 1 || r.left < b.left - 1)) out.push(`${el.tagName} ${el.className} ${el.textContent.trim().slice(0, 20)}: ${r.left}-${r.right} outside ${b.left}-${b.right}`);
            if (el.matches('.ng-seat select')) {  // the chosen option's words fit beside the arrow
                const cs = getComputedStyle(el), ctx = document.createElement('canvas').getContext('2d');
                ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
                const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
                const text = el.options[el.selectedIndex].text;
                if (ctx.measureText(text).width > room) out.push(`cut: "${text}" in ${room}px`);
            }
            if (el.matches('.ng-seat__no') && el.getClientRects().length > 1) out.push(`badge breaks: ${el.textContent}`);
            if (el.matches('.ng-seat__no') && r.height > 2 * parseFloat(getComputedStyle(el).fontSize) + 8) out.push(`badge wraps: ${el.textContent}`);
        }
        return out; }""", selector)


@pytest.mark.parametrize("lang", ["it", "en", "es"])
def test_the_new_game_and_statistics_dialogs_fit_a_phone(table_page, lang):
    """The clock's long options, the team badges, the empty statistics and the tournament's clock
    stay inside their dialogs."""
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang={lang}", viewport=PHONE)
    if not page.locator("#new").is_visible():
        page.click("#more-btn")
    page.click("#new")
    page.locator("#newgame-dialog[open]").wait_for()
    page.select_option("#ng-variant", "scopone")
    page.locator("#newgame-dialog .ng-seat__no").first.wait_for()
    page.evaluate("document.querySelectorAll('#newgame-dialog details').forEach(d => d.open = true)")
    assert overflow(page, "#newgame-dialog") == []
    shown = "#newgame-dialog"
    for button, dialog, ready in (("#stats-btn", "#stats-dialog", ".stats__empty"),
                                  ("#tournament-btn", "#tournament-dialog", "#t-clock")):
        page.keyboard.press("Escape")
        page.locator(f"{shown}[open]").wait_for(state="detached")
        page.click("#more-btn")
        page.click(button)
        page.locator(f"{dialog}[open] {ready}").wait_for()
        assert overflow(page, dialog) == []
        shown = dialog


def test_the_score_sheet_keeps_the_keyboard_off_the_table_behind_it(table_page):
    """Tab from "Next hand" never reaches the table behind the sheet (a hand already played); the
    bar stays in reach (issue 24: the sheet blocks nothing; tests/browser/test_match_story.py)."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")
    play_until_sheet(page)
    page.locator("#next").focus()
    for _ in range(6):
        page.keyboard.press("Tab")
        where = page.evaluate("(() => { const a = document.activeElement; return a.closest('#felt') ? 'felt' : a.id || a.tagName; })()")
        assert where != "felt", "the focus went to the table behind the score sheet"
    assert page.evaluate("!document.querySelector('header.bar').inert && document.getElementById('felt').inert")
    page.click("#next")
    page.locator("#sheet").wait_for(state="hidden")
    assert not page.evaluate("document.querySelector('header.bar').inert || document.getElementById('felt').inert")


def test_a_finished_matchs_sheet_leaves_the_bar_at_hand(table_page):
    """Once the match is over there is no next hand to wait for: the bar (Records, Rules, the
    language…) can be reached behind the final sheet, by Tab and by click."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")
    page.click("#new")
    dialog = page.locator("#newgame-dialog[open]")
    dialog.locator("#ng-target").fill("0")  # the first hand won decides the match
    dialog.get_by_text("Advanced").click()
    dialog.locator("#ng-seed").fill("1")
    # a computer may play first: wait for the new game (its state event), not for a position
    # the game on the table already shows
    page.evaluate("""() => { window.__dealt = false;
        addEventListener('settebello:state', (e) => { if (e.detail.op === 'new_game') window.__dealt = true; }); }""")
    dialog.locator("#ng-start").click()
    page.wait_for_function("window.__dealt && settebello.view.waiting === 'human'")
    assert page.evaluate("settebello.view.results.length") == 0
    # a tied hand decides nothing and another is dealt (RULES R8): with the dialog's random seed
    # that failed this test now and then, on a busy machine or not
    for _hand in range(10):
        play_until_sheet(page)
        if page.locator("#sheet #over").count():
            break
        page.click("#sheet #next")
        page.locator("#sheet").wait_for(state="hidden")
    page.locator("#sheet #over").wait_for()
    assert page.evaluate("!document.querySelector('header.bar').inert && document.getElementById('sheet').getAttribute('aria-modal') === 'false'")
    page.click("#records-btn")
    page.locator("dialog[open]").first.wait_for()


def test_a_touch_screen_shows_no_focus_ring_before_the_first_tap(new_context, base_url):
    """On a phone the first hand card is not ringed at the deal, as if it were a suggestion."""
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_table(page, base_url, "variant=scopa&seed=1&level=random&lang=it")
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human'"
                           " && document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
    settled(page)
    assert not page.evaluate("!!document.activeElement.closest('#hand-cards')")


@pytest.mark.parametrize("lang, pattern", [
    ("it", r"^Suggerimento: (gioca (il |l')\w.* e prendi (il |l')|cala (il |l')\w.* in tavola\.$)"),
    ("es", r"^Pista: (juega (el |la )\w.* y levanta (el |la )|tira (el |la )\w.* a la mesa\.$)"),
    ("en", r"^Hint: (play the \w.* and take the |lay the \w.* on the table\.$)"),
])
def test_the_hint_and_the_plays_name_each_card_with_its_article(table_page, lang, pattern):
    """ "Suggerimento: gioca il Re di Denari e prendi il Re di Bastoni", as an Italian says it."""
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang={lang}")
    page.locator("#hint:not([disabled])").click()
    page.wait_for_selector("#hand-cards .card--hint")
    text = page.locator("#status").inner_text()
    assert re.match(pattern, text), text


def test_undo_is_not_announced_as_new_cards(page, base_url):
    """After Undo the screen reader hears "Undone", not "New cards. Your hand: …"."""
    page.add_init_script("""window.__spoken = [];
        new MutationObserver(() => { for (const el of document.querySelectorAll('[aria-live]')) {
            const t = el.textContent.trim(); if (t && window.__spoken[window.__spoken.length - 1] !== t) window.__spoken.push(t); } })
          .observe(document, { subtree: true, childList: true, characterData: true });""")
    open_table(page, base_url, "variant=scopa&seed=1&level=random&lang=en")
    page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    if page.locator("#choices button").count():
        page.locator("#choices button").first.click()
    page.locator("#undo:not([disabled])").wait_for()
    page.wait_for_function("settebello.view.waiting === 'human'")
    page.evaluate("window.__spoken.length = 0")
    page.click("#undo")
    page.wait_for_function("window.__spoken.some(t => t.includes(%s))" % json.dumps(strings("en")["status.undone"]))
    settled(page)
    new_cards = strings("en")["access.deal.more"].split("{")[0].strip()
    assert not [t for t in page.evaluate("window.__spoken") if new_cards in t], page.evaluate("window.__spoken")


@pytest.mark.parametrize("lang, expected", [
    ("en", "You and Carla win the match!"), ("it", "Tu e Carla avete vinto la partita!"),
    ("es", "¡Tú y Carla ganan la partida!"),
])
def test_a_team_with_the_player_wins_in_the_players_own_words(table_page, lang, expected):
    """The winner line of a pairs match the player's side won, and of one it lost (names joined
    as the language joins them, not with "&")."""
    page = table_page(f"fast=1&variant=scopa&seed=1&level=random&lang={lang}")
    you = strings(lang)["seat.you"]
    lines = page.evaluate("""async (you) => {
        const { winnerLine } = await import('./static/js/layout.js');
        const v = { seat: 0, players: [you, 'Bruno', 'Carla', 'Dario'], sides: [[0, 2], [1, 3]] };
        return [winnerLine({ ...v, winner: 0 }), winnerLine({ ...v, winner: 1 })]; }""", you)
    and_ = {"en": "and", "it": "e", "es": "y"}[lang]
    assert lines[0] == expected
    if lang == "en":  # three on a side: one list, not "You and Carla and Elena"
        three = page.evaluate("""async (you) => {
            const { winnerLine } = await import('./static/js/layout.js');
            return winnerLine({ seat: 0, players: [you, 'Bruno', 'Carla', 'Dario', 'Elena', 'Franco'],
                                sides: [[0, 2, 4], [1, 3, 5]], winner: 0 }); }""", you)
        assert re.fullmatch(r"You, Carla,? and Elena win the match!", three), three
    assert lines[1].startswith(f"Bruno {and_} Dario") or lines[1].startswith(f"¡Bruno {and_} Dario"), lines[1]


def test_escoba_names_its_sevens_point_and_counts_the_sevens(table_page):
    """Escoba's point for the most sevens (O7 `sevens`) is "Sietes" on the sheet, with each
    side's sevens counted, not an empty "Primera"; the Seven of Coins's point is a Spanish
    player's "Siete de oros", not the Italian "Settebello" (a review of 2026-12-01)."""
    page = table_page("fast=1&variant=escoba&seed=2&level=random&lang=es")
    play_until_sheet(page)
    assert page.locator('#sheet tr[data-category="settebello"] th').inner_text() == "Siete de oros"
    row = page.locator('#sheet tr[data-category="primiera"]')
    assert row.locator("th").inner_text() == "Sietes"
    counts = [int(re.match(r"(\d+) sietes?$", t).group(1)) for t in row.locator("td small").all_inner_texts()]
    assert sum(counts) == 4, counts  # every card is taken by the end of the hand


def test_the_new_game_dialog_says_where_partners_sit_in_triples(table_page):
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")
    page.click("#new")
    page.locator("#newgame-dialog[open]").wait_for()
    page.select_option("#ng-variant", "scopa-a-sei")
    note = page.locator("#newgame-dialog #ng-teams-note")
    assert note.inner_text() == strings("en")["dialog.teamsNote"]
    page.select_option("#newgame-dialog #ng-table", "6/triples")
    assert note.inner_text() == strings("en")["dialog.teamsNoteTriples"]
    # and the badges say so: seats 0, 2, 4 are one team
    badges = page.locator("#newgame-dialog .ng-seat__no").all_inner_texts()
    assert badges[0] == badges[2] == badges[4] != badges[1] == badges[3] == badges[5], badges


def test_the_card_another_player_just_laid_stays_marked_on_my_turn(table_page):
    """While the status line says "Your turn", the card the computer has just laid is marked on
    the table (and only that one); a capture leaves no mark."""
    page = table_page("fast=1&variant=scopa&seed=1&level=random&lang=en")
    seen_laid = seen_taken = 0
    for _ in range(12):
        page.wait_for_function("settebello.view && settebello.view.waiting === 'human'"
                               " && document.querySelector('#hand-cards .card:not([aria-disabled=true])')")
        last = page.evaluate("(() => { const v = settebello.view, p = v.plays[v.plays.length - 1]; return p ? { ...p, me: v.seat } : null; })()")
        marked = page.locator("#table-cards .card--last").evaluate_all("els => els.map(e => e.dataset.card)")
        if last and last["seat"] != last["me"] and not last["presa"]:
            assert marked == [last["card"]]
            seen_laid += 1
        else:
            assert marked == []
            seen_taken += bool(last)
        if seen_laid and seen_taken:
            return
        n = page.evaluate("settebello.view.plays.length")
        page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
        if page.locator("#choices button").count():
            page.locator("#choices button").first.click()
        page.wait_for_function(f"settebello.view.plays.length !== {n}")
        # the computers have answered: the person's turn again, or the hand's score sheet
        page.wait_for_function("!document.getElementById('sheet').hidden || (settebello.view.waiting === 'human'"
                               " && document.querySelector('#hand-cards .card:not([aria-disabled=true])'))")
        if sheet_shown(page):
            break
    assert seen_laid and seen_taken, (seen_laid, seen_taken)
