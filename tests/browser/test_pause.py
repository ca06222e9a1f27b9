"""A pause at a table on the clock (static/js/pause.js, Session.pause, RULES §5): the curtain hides
the cards, every clock stops, a reload keeps the pause, and the computers wait for Go on."""

from __future__ import annotations

from harness import wait_for_engine

# the slowest table a player can choose (settings.js): a computer's play waits long enough to pause
SLOW = "localStorage.setItem('settebello.settings', JSON.stringify({pace: 'relaxed', animation: 'slow'}))"
HUMAN_VS_RANDOM = [{"human": True, "name": "Anna"}, {"human": False, "level": "random"}]
MINUTE = {"move_ms": 60_000, "first_move_ms": 60_000, "bank_ms": 0, "increment_ms": 0}
MY_TURN = ("settebello.view && settebello.view.waiting === 'human' && settebello.view.turn === settebello.view.seat"
           " && !settebello.view.paused")


def my_clock_ms(page) -> int:
    """The move time left that the clock beside the player's name shows (ms)."""
    return int(page.evaluate("+document.querySelector('#me .clock').dataset.moveMs"))


def pause(page) -> None:
    """Press Pause where the bar has it (in the More menu when the bar is folded)."""
    if not page.locator("#pause-btn").is_visible():
        page.locator("#more-btn").click()
    page.locator("#pause-btn").click()
    page.wait_for_selector("#pause-dialog[open]")


def test_a_pause_stops_the_clock_behind_a_curtain_that_a_reload_keeps(page, base_url):
    page.add_init_script(SLOW)
    page.goto(base_url + "index.html?seed=4")
    wait_for_engine(page)
    page.wait_for_function("settebello.view !== null")
    assert page.locator("#pause-btn").is_hidden()  # no clock: nothing to stop
    page.evaluate("c => settebello.startGame(c)", {"variant": "scopa", "seed": 4, "options": {},
                                                    "seats": HUMAN_VS_RANDOM, "clock": MINUTE})
    page.wait_for_function(MY_TURN + " && settebello.view.clock.running === settebello.view.seat")
    page.wait_for_function("+document.querySelector('#me .clock')?.dataset.moveMs <= 59000")

    pause(page)
    curtain = page.locator("#pause-dialog")
    assert curtain.get_by_role("heading").inner_text() == "Paused"
    assert page.evaluate("document.activeElement.classList.contains('pause__go')")
    # the cards are out of reach and the clock stands still
    page.wait_for_function("!document.querySelector('#me .clock.clock--running')")
    stopped = my_clock_ms(page)
    assert stopped <= 59000
    page.wait_for_function("(t) => performance.now() > t + 2500", arg=page.evaluate("performance.now()"))
    assert my_clock_ms(page) == stopped
    assert page.locator("#hand-cards .card").first.evaluate("(c) => c.closest('[inert]') !== null || "
                                                            "document.elementFromPoint(c.getBoundingClientRect().x + 5,"
                                                            " c.getBoundingClientRect().y + 5) !== c")

    # a reload comes back paused, with the time as it was when the pause began
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector("#pause-dialog[open]")
    assert page.evaluate("settebello.view.paused") is True
    assert abs(my_clock_ms(page) - stopped) < 1000

    # Escape goes on: the clock runs again and the hand has the keyboard
    page.keyboard.press("Escape")
    page.wait_for_function(MY_TURN + " && settebello.view.clock.running === settebello.view.seat")
    page.wait_for_selector("#pause-dialog", state="hidden")
    page.wait_for_function("document.activeElement.closest('#hand-cards') !== null")
    page.wait_for_function(f"+document.querySelector('#me .clock').dataset.moveMs < {stopped - 1000}")

    # paused while the computer is to play: it plays only after Go on. (On a loaded machine the
    # computer may have played before Pause is pressed: then go on and try at the next play.)
    for _ in range(6):
        page.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
        choice = page.locator("#choices button[data-play]").first
        if choice.count():
            choice.click()
        pause(page)
        plays = page.evaluate("settebello.view.plays.length")
        waiting = page.evaluate("settebello.view.waiting")
        page.wait_for_function("(t) => performance.now() > t + 3000", arg=page.evaluate("performance.now()"))
        assert page.evaluate("settebello.view.plays.length") == plays  # nothing is played while paused
        curtain.get_by_role("button", name="Go on").click()
        if waiting == "computer":
            page.wait_for_function(f"settebello.view.plays.length > {plays}")
            page.wait_for_function(MY_TURN)
            return
        page.wait_for_function(MY_TURN)
    raise AssertionError("the computer had always played before Pause was pressed")
