"""The person's time used for strength in the page (issue 46, item 4): the table asks the engine to
let the person's thinking time buy the master's reply more searches (py/scopa_ai/thinking.py),
except in fast mode (the tests), whose replies the budget alone decides."""

from __future__ import annotations

STATUS = "() => window.settebello.engine.call('game', {op: 'ponder_status'})"


def test_the_table_lets_thinking_time_buy_strength_except_in_fast_mode(table_page):
    page = table_page("fast=1&variant=scopa&level=master&seed=7")
    assert page.evaluate(STATUS)["strength"] is False
    page = table_page("variant=scopa&level=master&seed=7")
    page.wait_for_function("window.settebello.view && window.settebello.view.waiting === 'human'")
    assert page.evaluate(STATUS)["strength"] is True
