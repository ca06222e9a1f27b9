"""Play with people on other devices (issue 41), the relay path: a whole hand of two-player Scopa
played by two pages that met through a Nostr relay (trystero's Nostr strategy, vendored) instead
of a reply code carried by hand.

The relay is tests/browser/nostr_relay.py, started by the test beside the site in the browser's
network namespace, which has only loopback (test_people_hand.py's `launch_loopback`); the host's
Settings list only that relay and no STUN server; the test fails on any ICE candidate, request or
WebSocket that is not on 127.0.0.1 (the site's host or that relay)."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from harness import ROOT
from test_people_hand import Table, _code, launch_loopback

RELAY_PORT = 8742  # in the browser's own network namespace
RELAY = f"ws://127.0.0.1:{RELAY_PORT}"
TRYSTERO = ROOT / "static" / "vendor" / "trystero"


@pytest.fixture(scope="module")
def relay_browser(playwright, tmp_path_factory):
    """The loopback-only browser, with the test's Nostr relay beside it; and the relay's log."""
    log = tmp_path_factory.mktemp("relay") / "relay.log"
    relay = Path(__file__).with_name("nostr_relay.py")
    browser = launch_loopback(playwright, tmp_path_factory,
                              beside=f'"{sys.executable}" "{relay}" --port {RELAY_PORT} --log "{log}"',
                              beside_port=RELAY_PORT)
    yield browser, log
    browser.close()


def test_a_whole_hand_of_scopa_between_two_devices_through_the_relay_path(relay_browser):
    browser, log = relay_browser
    table = Table(browser, None, [1], axe=True, relays=[RELAY], allowed=(f"127.0.0.1:{RELAY_PORT}",))
    # the link carries the seat's room: its relay, no STUN server, a password, and the hand path's offer too
    link = table.host.locator('[data-testid="people-link-1"]').input_value()
    meeting = _code(link.split("#join=", 1)[1])["m"]
    assert meeting["u"] == [RELAY] and meeting["i"] == [] and len(meeting["p"]) >= 16
    assert table.host.locator('[data-testid="people-reply-1"]').input_value() == ""  # no reply code pasted
    plays, checked = table.play_hand()
    assert plays == 36 and checked > 36
    table.check_end_and_loopback()
    # the pages met through the test's relay: it carried their events, and every WebSocket went there
    said = log.read_text().split()
    assert said.count("EVENT") >= 2 and "REQ" in said, said
    sockets = {u for u in table.requests if urlsplit(u).scheme in ("ws", "wss")}
    assert sockets and {urlsplit(u).netloc for u in sockets} == {f"127.0.0.1:{RELAY_PORT}"}, sockets
    # trystero came from the site's own copy (static/vendor/trystero/), every file of it used
    loaded = {urlsplit(u).path for u in table.loaded() if "/static/vendor/trystero/" in u}
    shipped = {"/" + p.relative_to(ROOT).as_posix() for p in TRYSTERO.rglob("*.*js")}
    assert shipped and shipped <= loaded, shipped - loaded
    table.close()


def test_a_guest_reloaded_mid_hand_rejoins_through_the_relay_by_the_same_link(relay_browser):
    browser, _ = relay_browser
    table = Table(browser, None, [1], relays=[RELAY], allowed=(f"127.0.0.1:{RELAY_PORT}",))
    assert table.play_hand(limit=5)[0] == 5
    guest = table.guests[1]
    at = table.host.evaluate("[settebello.view.turn, settebello.view.plays.length]")
    hand = guest.evaluate("settebello.view.hand")
    link = guest.url
    guest.reload()  # the same link: no new invitation, no reply code
    assert guest.url == link
    guest.locator('[data-testid="people-name"]').wait_for()
    assert guest.locator('[data-testid="people-name"]').input_value() == "Guest 2"  # remembered
    guest.locator('[data-testid="people-join"]').click()
    guest.wait_for_function("([t, d]) => settebello.view?.turn === t && settebello.view.plays.length === d", arg=at)
    assert guest.evaluate("settebello.view.hand") == hand
    plays, _ = table.play_hand()
    assert plays == 36 - 5
    table.check_end_and_loopback()  # the deal drawn before the reload is verified after it
    table.close()


def test_the_host_reloaded_mid_hand_plays_on_and_the_guest_reconnects_by_itself(relay_browser):
    browser, _ = relay_browser
    table = Table(browser, None, [1], axe=True, relays=[RELAY], allowed=(f"127.0.0.1:{RELAY_PORT}",))
    assert table.play_hand(limit=6)[0] == 6
    host, guest = table.host, table.guests[1]
    at = host.evaluate("[settebello.view.turn, settebello.view.plays.length]")
    hand = guest.evaluate("settebello.view.hand")
    host.reload()  # the host's save restores the match; its table with people comes back beside it
    expect(guest.locator("[data-testid=people-presence]")).to_have_text("The host's device left: reconnecting when it comes back…")
    host.wait_for_function("document.documentElement.dataset.engine === 'ready'")
    host.locator("#people-dialog[open] [data-testid=people-link-1]").wait_for()  # the hand path: a new invitation
    table._axe(host, "the host's page reconnecting")
    # the guest's page found the host's again through the relay, by itself: no one did anything
    expect(guest.locator("[data-testid=people-presence]")).to_have_text("")
    expect(host.locator("[data-testid=people-presence]")).to_have_text("")
    assert host.evaluate("[settebello.view.turn, settebello.view.plays.length]") == at
    guest.wait_for_function("([t, d]) => settebello.view.turn === t && settebello.view.plays.length === d", arg=at)
    assert guest.evaluate("settebello.view.hand") == hand
    plays, _ = table.play_hand()
    assert plays == 36 - 6
    table.check_end_and_loopback()  # the deal drawn before the reload is verified after it
    table.close()


def test_a_whole_hand_of_scopone_between_four_devices_through_the_relay_path(relay_browser):
    browser, _ = relay_browser
    table = Table(browser, "scopone", [1, 2, 3], relays=[RELAY], allowed=(f"127.0.0.1:{RELAY_PORT}",))
    plays, checked = table.play_hand()
    assert plays == 36 and checked > 36 * 3  # four players, nine cards each
    table.check_end_and_loopback()
    table.close()
