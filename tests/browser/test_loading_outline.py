"""Issue 45, point 7: while "Shuffling the cards…" shows (the engine starting) no dashed outline of
an empty mazzo is drawn behind the words; once the table is ready the mazzo's place is outlined."""

from __future__ import annotations

OUTLINE = "() => getComputedStyle(document.getElementById('deck'), '::before').display"


def test_no_mazzo_outline_behind_shuffling_the_cards(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    # the words as a first visit sees them, before the engine answers (the page loaded, not booted)
    page.goto(base_url + "?fast=1&lang=en&seed=3&level=random", wait_until="domcontentloaded")
    page.wait_for_function("document.getElementById('loading') && !document.getElementById('loading').hidden")
    page.evaluate("() => { window.__outline = getComputedStyle(document.getElementById('deck'), '::before').display; }")
    shot = page.screenshot(path="/tmp/loading45_360.png")
    assert shot
    still_loading = page.evaluate("!document.getElementById('loading').hidden")
    outline_then = page.evaluate("window.__outline")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready' && document.getElementById('loading').hidden")
    assert page.evaluate(OUTLINE) == "block"  # the ready table outlines the mazzo's place
    # the words shown again (as the page shows them after a failure): the outline goes with them
    page.evaluate("document.getElementById('loading').hidden = false")
    assert page.evaluate(OUTLINE) == "none"
    page.evaluate("document.getElementById('loading').hidden = true")
    assert page.evaluate(OUTLINE) == "block"
    assert not still_loading or outline_then == "none"
