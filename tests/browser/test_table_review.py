"""Leftovers of the table's review (2026-11-23), as a player notices them: no text is looked up
before its language is loaded, the player's own motion setting wins over the system's, the
score sheet says the scope once, and a screen reader can tell who deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from site_helpers import play_until_sheet, wait_ready

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


def test_the_scope_and_the_primiera_are_said_once(new_context, base_url):
    # hands at a random table until one has a scopa for somebody (a fresh browser each time,
    # so no saved match is restored)
    found_scopa = False
    for seed in range(1, 12):
        page = new_context().new_page()
        open_table(page, base_url, f"variant=scopa&seed={seed}&level=random&lang=it")
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
        # the primiera total is said once, in its row, not again under the primiera cards
        for side in range(len(view["sides"])):
            total = str(result["detail"][side]["primiera"]["total"])
            assert total in page.locator("#sheet tr[data-category='primiera'] td").nth(side).text_content()
            assert total not in page.locator("#sheet .sheet__prim td").nth(side).text_content()
        page.context.close()
        if found_scopa:
            break
    assert found_scopa, "no hand with a scopa in the seeds tried"


# ---------------------------------------------------------------- 4. the dealer


@pytest.mark.parametrize("lang", LANGS)
def test_the_dealer_is_named_for_screen_readers_and_moves_each_hand(page, base_url, lang):
    words = strings(lang)
    open_table(page, base_url, f"variant=scopa-a-quattro&seed=5&level=random&lang={lang}")
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
        page.locator("#sheet").wait_for(state="hidden", timeout=15000)
    assert dealers[0] != dealers[1], "the deal passes to the next player"
