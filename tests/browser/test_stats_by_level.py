"""Statistics per level (issue 45): the Statistics dialog shows, for each level played against, the
matches, the wins, the win rate, the streak now and the longest winning streak, in the page's
language; the counting is the engine's (py/settebello/stats.py). Screenshots: /tmp/stats45."""

from __future__ import annotations

import json
import os
import random

from scopa import Match, rules_for
from scopa_ai import make_player
from settebello.stats import Stats, match_summary
from site_helpers import open_table

STATS_KEY = "settebello.stats:/"  # this deployment's (storage.js ownKey; the site is served at /)
SHOTS = "/tmp/stats45"
os.makedirs(SHOTS, exist_ok=True)


def stored_stats() -> dict:
    """Statistics of seven matches: against Easy won, won, lost, won, won; against Expert lost, lost."""
    rules = rules_for("scopa", {"target": 0})
    match = Match.new(rules, random.Random(1), ["You", "Computer"])
    players = [make_player("random", random.Random(i)) for i in range(2)]
    while match.phase != "over":
        match.deal_until_played()
        while match.phase == "play":
            match.apply(players[match.turn].choose(match.observe(match.turn)))
    stats = Stats()
    for i, (level, won) in enumerate([("easy", True), ("easy", True), ("expert", False), ("easy", False),
                                      ("easy", True), ("expert", False), ("easy", True)]):
        stats.add(dict(match_summary(match, 0, "scopa", level=level), id=f"m{i}", won=won))
    return stats.to_json()


def test_the_statistics_show_each_level_with_win_rate_and_streaks(page, base_url):
    page.add_init_script(f"if (!localStorage.getItem('{STATS_KEY}'))"
                         f" localStorage.setItem('{STATS_KEY}', {json.dumps(json.dumps(stored_stats()))})")
    for lang, viewport, rows in [
        ("en", {"width": 1366, "height": 800}, [["Easy", "5", "4", "80%", "2 won in a row", "2"],
                                                ["Expert", "2", "0", "0%", "2 lost in a row", "0"]]),
        ("it", {"width": 360, "height": 740}, [["Facile", "5", "4", "80%", "2 vinte di fila", "2"],
                                               ["Esperto", "2", "0", "0%", "2 perse di fila", "0"]]),
    ]:
        page.set_viewport_size(viewport)
        open_table(page, base_url, f"lang={lang}&fast=1&seed=3&level=random")
        if page.locator("#more-btn").is_visible():
            page.locator("#more-btn").click()  # a phone: the bar's More menu
        page.locator("#stats-btn").click()
        d = page.locator("#stats-dialog[open]")
        table = d.locator("[data-testid=stats-levels]")
        table.wait_for()
        table.scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/stats_levels_{lang}_{viewport['width']}.png")
        got = [r.locator("th, td").all_inner_texts() for r in table.locator("tbody tr").all()]
        assert got == rows
        d.locator("[data-stats=close]").click()
