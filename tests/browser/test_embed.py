"""Embedding (issue 5): the demo page (examples/embed.html) embeds the game in an iframe the way a
blog would, receives its events (ready, hand finished with the score sheet, match finished) and
sends it a command (new game); messages of the wrong shape or origin are ignored with a warning
and change nothing; posted events never carry a hidden card."""

from __future__ import annotations

import json
import re

from site_helpers import play_until_sheet, wait_ready

CARD = re.compile(r'"(?:10|[1-9])[DCBS]"')  # a card code as a JSON string


def _open_demo(page, base_url, query="fast=1&seed=3&level=random"):
    warnings = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(base_url + "examples/embed.html?" + query)
    frame = page.frame_locator("#game")
    game = page.frame(url=re.compile(r"index\.html\?embed=1"))
    assert game is not None
    wait_ready(game)
    return frame, game, warnings


def _events(page, kind=None):
    events = page.evaluate("window.demoEvents")
    return [e for e in events if kind is None or e["type"] == f"settebello:{kind}"]


def test_demo_receives_ready_and_hand_end_then_starts_a_new_game(page, base_url):
    _, game, _ = _open_demo(page, base_url)
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:ready')")
    ready = _events(page, "ready")[0]
    assert ready["variant"] == "scopa" and len(ready["players"]) == 2 and ready["protocol"] == 1
    assert not CARD.search(json.dumps(ready)), ready  # no card at all before a hand ends
    assert game.evaluate("document.documentElement.dataset.embed") == "1"
    assert game.locator(".brand").is_hidden()  # compact chrome

    play_until_sheet(game)
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:hand-end')")
    sheet = _events(page, "hand-end")[0]["sheet"]
    view = game.evaluate("settebello.view")
    result = view["results"][-1]
    assert sheet["hand"] == 1
    assert sheet["points"] == result["points"] and sheet["totals"] == result["totals"]
    assert sheet["match_totals"] == view["totals"]
    assert set(sheet) <= {"hand", "categories", "points", "totals", "match_totals", "target",
                          "sides", "over", "winner", "detail"}
    # the demo page shows what it received
    shown = [int(t) for t in page.locator("[data-demo-total]").all_inner_texts()]
    assert shown == view["totals"]

    # a command from the demo starts a new game in the frame
    page.get_by_role("button", name="New game: Scopone, 4 players").click()
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:new-game')")
    started = _events(page, "new-game")[-1]
    assert started["variant"] == "scopone" and started["players"][0] == "Reader"
    assert len(started["players"]) == 4
    game.wait_for_function("settebello.view.players.length === 4 && settebello.view.variant === 'scopone'")
    assert not CARD.search(json.dumps(started))


def test_bad_messages_are_ignored_with_a_warning_and_change_nothing(page, base_url):
    _, game, warnings = _open_demo(page, base_url)
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:ready')")
    before = game.evaluate("JSON.stringify(settebello.view)")
    page.evaluate(
        """() => {
            const w = document.getElementById('game').contentWindow, o = location.origin;
            w.postMessage({type: 'settebello:new-game', config: {variant: 'scopone', seats: 'four'}}, o);
            w.postMessage({type: 'settebello:new-game', config: {seed: 1.5}}, o);
            w.postMessage({type: 'settebello:new-game', config: {seats: [{human: false}, {human: false}]}}, o);
            w.postMessage({type: 'settebello:explode'}, o);
            w.postMessage('new game please', o);
            w.postMessage({type: 'settebello:new-game', config: {variant: 'scopone', extra: 1}}, o);
        }"""
    )
    page.wait_for_function("window.demoEvents.filter(e => e.type === 'settebello:rejected').length === 5")
    reasons = [e["reason"] for e in _events(page, "rejected")]
    assert reasons[0] == "seats must be a list of 2 to 6 seats"
    assert reasons[1] == "seed must be a whole number"
    assert reasons[2] == "at least one seat must be a person"
    assert "unknown command" in reasons[3]
    assert "unknown config field(s): extra" in reasons[4]
    page.wait_for_timeout(300)
    assert game.evaluate("JSON.stringify(settebello.view)") == before  # nothing changed
    assert _events(page, "new-game") == []
    assert sum("Settebello embed: ignored" in w for w in warnings) == 6, warnings


def test_untrusted_origin_gets_no_events_and_cannot_command(page, base_url):
    """parent= names another origin than the demo's: the game posts nothing to it and obeys nothing."""
    _, game, warnings = _open_demo(page, base_url, "fast=1&seed=3&level=random&parent=https://blog.example")
    assert game.evaluate("document.documentElement.dataset.embedParent") == "https://blog.example"
    before = game.evaluate("JSON.stringify(settebello.view)")
    page.get_by_role("button", name="New game: Scopone, 4 players").click()
    game.wait_for_timeout(500)
    assert game.evaluate("JSON.stringify(settebello.view)") == before
    assert _events(page) == []  # not even "ready": it was posted to https://blog.example only
    assert any("ignored a message from http://127.0.0.1" in w for w in warnings), warnings


def test_protocol_helpers(game_page):
    """The checks themselves: trusted origin, config shapes, public copies."""
    out = game_page.evaluate(
        """async () => {
            const m = await import('./static/js/embed.js');
            return {
                parent: m.trustedOrigin('https://blog.example/post/1?x', ''),
                referrer: m.trustedOrigin(null, 'https://other.example/page'),
                none: m.trustedOrigin(null, ''),
                js: m.trustedOrigin('javascript:alert(1)', ''),
                ok: m.configProblem({variant: 'scopone', options: {target: 21}, seed: 7,
                                     seats: [{human: true, name: 'A'}, {human: false, level: 'easy'}]}),
                badOption: m.configProblem({options: {x: [1]}}),
                copy: m.publicCopy({a: 1, hand: ['7D'], deep: [{deck: ['1C'], b: 2, hand: 3}]}),
            };
        }"""
    )
    assert out["parent"] == "https://blog.example"
    assert out["referrer"] == "https://other.example"
    assert out["none"] is None and out["js"] is None
    assert out["ok"] == ""
    assert out["badOption"] == "option x must be a number, text or true/false"
    assert out["copy"] == {"a": 1, "deep": [{"b": 2, "hand": 3}]}
