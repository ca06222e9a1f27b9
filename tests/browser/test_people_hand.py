"""Play with people on other devices (issue 41): a whole hand of two-player Scopa played by two
pages, each in a browser context of its own, joined by the hand path (the invitation link out,
the reply code back) over a WebRTC data channel.

Every connection stays on loopback: Chromium runs in a network namespace of its own that has
only the loopback interface (``unshare --net``), with the site's server beside it in that
namespace, ``--allow-loopback-in-peer-connection`` and no STUN, TURN or relay configured; the
test fails on any ICE candidate that is not 127.0.0.1 and on any request off the site's host.
(Chromium gathers candidates on every interface, loopback included, only for a page allowed to
use a microphone: the test's contexts grant that; the game never asks for it.)"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from harness import CHROMIUM, CHROMIUM_ARGS, ROOT, TIMEOUT_MS

PORT = 8741  # in the browser's own network namespace: nothing else listens there
SITE = f"http://127.0.0.1:{PORT}/"
QUERY = "index.html?test&fast=1"

# every RTCPeerConnection the page makes: its configuration and each local candidate it gathers
WATCH_ICE = """(() => {
  if (window.__ice) return;
  window.__ice = { configs: [], candidates: [] };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = function (config, ...rest) {
    window.__ice.configs.push(JSON.stringify(config ?? {}));
    const pc = new Native(config, ...rest);
    pc.addEventListener("icecandidate", (e) => { if (e.candidate?.candidate) window.__ice.candidates.push(e.candidate.candidate); });
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
})();"""


def _can_unshare() -> bool:
    if not shutil.which("unshare") or not shutil.which("ip"):
        return False
    return subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def loopback_browser(playwright, tmp_path_factory):
    """Chromium in a network namespace with only loopback, the site served beside it there."""
    if not _can_unshare():
        pytest.fail("this test needs `unshare --net` (root, util-linux and iproute2): the browser "
                    "must have no interface but loopback", pytrace=False)
    wrapper = tmp_path_factory.mktemp("people") / "chromium-loopback.sh"
    py, serve = sys.executable, ROOT / "scripts" / "serve.py"
    wrapper.write_text(f"""#!/bin/sh
exec unshare --net -- sh -c '
ip link set lo up || exit 1
"{py}" "{serve}" --root "{ROOT}" --port {PORT} --quiet &
srv=$!
until "{py}" -c "import socket; socket.create_connection((\\"127.0.0.1\\", {PORT}), 1)" 2>/dev/null; do sleep 0.05; done
"$0" "$@"
rc=$?
kill $srv
exit $rc' "{CHROMIUM}" "$@"
""")
    wrapper.chmod(0o755)
    browser = playwright.chromium.launch(
        executable_path=str(wrapper),
        args=CHROMIUM_ARGS + ["--allow-loopback-in-peer-connection"])
    yield browser
    browser.close()


def _watched_page(browser, requests: list[str]):
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    context.grant_permissions(["microphone"], origin=SITE.rstrip("/"))
    context.on("request", lambda req: requests.append(req.url))
    context.add_init_script(WATCH_ICE)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _code(text: str) -> dict:
    text = text.strip().replace("-", "+").replace("_", "/")
    return json.loads(base64.b64decode(text + "=" * (-len(text) % 4)).decode())


def _candidate_addresses(sdp_or_lines) -> list[str]:
    lines = sdp_or_lines if isinstance(sdp_or_lines, list) else re.findall(r"a=(candidate:[^\r\n]+)", sdp_or_lines)
    return [line.split()[4] for line in lines]


def _play_one(page, host) -> None:
    """The person of `page` plays their first playable card (and the first capture offered);
    returns once the host's table has the play."""
    before = host.evaluate("settebello.view.plays.length")
    card = page.locator("#hand-cards button.card:not([disabled])").first
    card.wait_for()
    card.click()
    choice = page.locator("#choices button[data-play]").first
    if choice.count():
        choice.click()
    host.wait_for_function(f"settebello.view.plays.length > {before} || settebello.view.phase !== 'play'")


def test_a_whole_hand_between_two_devices_through_the_hand_path(loopback_browser):
    requests: list[str] = []
    host, host_errors = _watched_page(loopback_browser, requests)
    host.goto(SITE + QUERY)
    host.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=TIMEOUT_MS)

    # New game: seat 2 is a person on another device
    host.locator("#new").click()
    host.locator('select[data-seat-kind="1"]').select_option("remote")
    host.locator('#newgame-dialog button[value="start"]').click()
    link_field = host.locator('[data-testid="people-link-1"]')
    link_field.wait_for()
    link = link_field.input_value()
    assert link.startswith(SITE) and "#join=" in link
    offer = _code(link.split("#join=", 1)[1])

    guest, guest_errors = _watched_page(loopback_browser, requests)
    guest.goto(link)
    guest.locator('[data-testid="people-name"]').fill("Bruno")
    guest.locator('[data-testid="people-join"]').click()
    answer_field = guest.locator('[data-testid="people-answer"]')
    answer_field.wait_for()
    reply = answer_field.input_value()
    answer = _code(reply)

    host.locator('[data-testid="people-reply-1"]').fill(reply)
    host.locator('[data-testid="people-connect-1"]').click()
    # both tables deal once the guest has joined and drawn its part of the deal
    guest.wait_for_function("window.settebello?.view?.phase === 'play'", timeout=TIMEOUT_MS)
    host.wait_for_function("window.settebello.view.players[1] === 'Bruno' && window.settebello.view.phase === 'play'")
    assert guest.evaluate("settebello.view.seat") == 1 and host.evaluate("settebello.view.seat") == 0

    plays = checked = 0
    while host.evaluate("settebello.view.phase") == "play":
        turn, done = host.evaluate("[settebello.view.turn, settebello.view.plays.length]")
        # both pages at the same play before they are compared
        guest.wait_for_function("([turn, done]) => settebello.view.turn === turn && settebello.view.plays.length === done",
                                arg=[turn, done])
        # the guest's page holds no card of the host's hand: neither its state nor its drawing
        hidden = host.evaluate("settebello.view.hand")  # empty once the host has played its round's last card
        checked += len(hidden)
        # (its `unseen` lists every card it has not seen, the mazzo's with the host's hand's: what
        # any player can count, never which of them the host holds)
        state = guest.evaluate("JSON.stringify({ ...settebello.view, unseen: undefined })")
        assert not [c for c in hidden if f'"{c}"' in state], (hidden, state)
        unseen, left = guest.evaluate("[settebello.view.unseen, settebello.view.deck_left]")
        assert set(hidden) <= set(unseen) and len(unseen) == len(hidden) + left
        assert guest.evaluate("(cs) => cs.filter((c) => document.querySelector(`[data-card='${c}']`)).length", hidden) == 0
        _play_one(guest if turn == 1 else host, host)
        plays += 1
    assert plays == 36 and checked > 36  # two players, 18 cards each; the host's hand checked at each

    # the hand is over on both devices, with the same score, and the guest checked the deal
    for page in (host, guest):
        page.locator("#sheet:not([hidden])").wait_for()
    guest.wait_for_function("settebello.view.phase === 'deal'")
    assert guest.evaluate("settebello.view.totals") == host.evaluate("settebello.view.totals")
    guest.wait_for_function("document.documentElement.dataset.dealVerified !== undefined")
    assert guest.evaluate("document.documentElement.dataset.dealVerified") == "true"

    # every connection on loopback: no server configured, every candidate on 127.0.0.1
    for page in (host, guest):
        ice = page.evaluate("window.__ice")
        assert ice["configs"] and all(json.loads(c).get("iceServers") == [] for c in ice["configs"]), ice["configs"]
        assert ice["candidates"] and set(_candidate_addresses(ice["candidates"])) == {"127.0.0.1"}, ice["candidates"]
    for sdp in (offer["o"], answer["a"]):
        assert _candidate_addresses(sdp) and set(_candidate_addresses(sdp)) == {"127.0.0.1"}, sdp
    off_site = [u for u in requests if urlsplit(u).scheme not in ("data", "blob", "about")
                and urlsplit(u).netloc != f"127.0.0.1:{PORT}"]
    assert not off_site, off_site
    assert not host_errors and not guest_errors, (host_errors, guest_errors)
    host.context.close()
    guest.context.close()
