"""Nothing leaked (issue 25): what a player opens or types into the address is bounded and typed on
the page before anything reads it, and a value that cannot be used is said, in the player's
language, while the game goes on: a record or statistics file (size, nesting, fields), the
remembered New game choice (markup in storage stays text), every bad value of the address (in an
embed, also sent to the parent page as `settebello:rejected`)."""

from __future__ import annotations

import json
import re

from site_helpers import wait_ready
from test_a11y import axe_violations

NESTED = "[" * 100_000 + "]" * 100_000  # killed the page's Python before the bridge bounded it


def _human_turn(page):
    page.wait_for_function("settebello.view && settebello.view.waiting === 'human' && settebello.view.pass_to === null"
                           " && document.querySelector('#hand-cards .card:not([aria-disabled=true])')")


def _file(name: str, text: str) -> dict:
    return {"name": name, "mimeType": "application/json", "buffer": text.encode()}


def test_a_record_file_is_bounded_and_typed_on_the_page_and_the_game_plays_on(table_page):
    """In Italian: the nested brackets, a file over the size a record may be and a record with a
    field records do not have are each refused in Italian, saying what is wrong; nothing changes and
    a play is made after them as before."""
    page = table_page("fast=1&variant=scopa&seed=7&level=random&lang=it")
    _human_turn(page)
    before = page.evaluate("JSON.stringify(settebello.view)")
    page.locator("#records-btn").click()
    dialog = page.locator("#records-dialog")
    dialog.wait_for()
    alert = dialog.get_by_role("alert")
    chooser = dialog.locator("[data-testid=record-file]")

    chooser.set_input_files(files=[_file("brackets.json", NESTED)])
    alert.wait_for()
    assert "annidate più di 20 livelli" in alert.inner_text() and "Non è cambiato nulla" in alert.inner_text()

    chooser.set_input_files(files=[_file("huge.json", '{"hands": []}' + " " * 4_500_000)])
    page.wait_for_function("document.querySelector('#records-dialog [role=alert]').textContent.includes('KB')")
    assert re.search(r"il file è di 4\D?501 KB, più dei 4\D?000 KB", alert.inner_text()), alert.inner_text()

    extra = {"format": "scopa-record/1", "variant": "scopa", "hands": [], "cheat": {"hand": ["7D"]}}
    chooser.set_input_files(files=[_file("extra.json", json.dumps(extra))])
    page.wait_for_function("document.querySelector('#records-dialog [role=alert]').textContent.includes('cheat')")
    assert "campo «cheat»" in alert.inner_text()
    assert "replay.html" not in page.url  # still at the table
    assert page.evaluate("JSON.stringify(settebello.view)") == before

    dialog.locator("[data-act=close]").click()
    page.locator("#hand-cards button.card:not([aria-disabled=true])").first.click()  # a play is made as before
    if page.locator("#choices button[data-play]").count():
        page.locator("#choices button[data-play]").first.click()
    page.wait_for_function("(before) => JSON.stringify(settebello.view) !== before", arg=before)
    assert page.evaluate("settebello.view.plays.length") >= 1


BAD_BEST = {"format": "settebello-stats/1", "variants": {}, "totals": {},
            "best": {"id": "x", "variant": "scopa", "players": 5, "seat": 0, "totals": [11, 3], "margin": 8, "won": True},
            "worst": None, "tournaments": {"played": 0, "won": 0}, "seen": []}


def test_a_bad_statistics_file_is_refused_in_words_and_the_dialog_still_opens(table_page):
    """In Spanish: a statistics file whose best match has players that are no list, and one larger
    than statistics may be, are refused saying so; the dialog opens again, its Reset in reach."""
    page = table_page("fast=1&variant=scopa&seed=7&level=random&lang=es")
    _human_turn(page)
    page.locator("#stats-btn").click()
    dialog = page.locator("#stats-dialog[open]")
    dialog.wait_for()
    message = dialog.locator(".stats__message")
    dialog.locator("input[data-stats-file]").set_input_files(files=[_file("s.json", json.dumps(BAD_BEST))])
    page.wait_for_function("document.querySelector('#stats-dialog .stats__message').textContent !== ''")
    assert message.inner_text() == "Ese archivo no se puede importar: su campo «best» es del tipo equivocado"
    big = dict(BAD_BEST, best=None, seen=["f" * 16] * 250_000)
    dialog.locator("input[data-stats-file]").set_input_files(files=[_file("big.json", json.dumps(big))])
    page.wait_for_function("document.querySelector('#stats-dialog .stats__message').textContent.includes('KB')")
    assert re.search(r"más de los 4\D?000 KB", message.inner_text()), message.inner_text()
    assert page.evaluate("localStorage.getItem('settebello.stats:/')") is None  # nothing was counted in

    dialog.locator("[data-stats=close]").click()
    page.locator("#stats-btn").click()
    page.locator("#stats-dialog[open]").wait_for()
    assert page.locator("#stats-dialog [data-testid=stats-best]").inner_text() == "—"
    assert page.locator("#stats-dialog [data-stats=reset]").is_visible()


def test_a_remembered_choice_with_markup_stays_text_and_the_game_starts(page, base_url):
    """Storage is anyone's to edit: a remembered target that is markup is not written into the page
    (no element made of it, nothing run) and is refused as a target; a name with markup shows as
    the text it is; the game starts as usual."""
    page.add_init_script("""localStorage.setItem('settebello.newgame', JSON.stringify({variant: 'scopa',
        target: '"><img id="pwn" src="x" onerror="window.pwned = 1">', lead: '<b id="bold">2</b>',
        seats: [{human: true, name: '<i id="it">Anna</i>'}, {human: false, level: 7}], options: {napola: {x: 1}}}))""")
    page.goto(base_url + "index.html?fast=1")
    wait_ready(page)
    assert page.evaluate("settebello.view.variant") == "scopa" and page.evaluate("settebello.view.rules.target") == 11
    page.locator("#new").click()
    page.locator("#newgame-dialog[open]").wait_for()
    assert page.locator("#pwn, #bold, #it").count() == 0
    assert page.evaluate("window.pwned") is None
    assert page.locator("#ng-target").input_value() == "11"
    assert page.locator('[data-seat-name="0"]').input_value() == '<i id="it">Anna</i>'


def _demo(page, base_url, query):
    page.goto(base_url + "examples/embed.html?" + query)
    game = page.frame(url=re.compile(r"index\.html\?embed=1"))
    wait_ready(game)
    return game


def _rejected(page):
    return {e.get("param"): e for e in page.evaluate("window.demoEvents") if e["type"] == "settebello:rejected"}


def test_each_bad_address_value_of_an_embed_is_said_and_sent_to_the_parent(page, base_url):
    """An embed's src with a language, a deck style and a seed that cannot be used: each is said on
    the game's page and reaches the parent (parent= names it) as settebello:rejected naming it; level= sets
    the computer's level beside players=; a refused command comes back with its reason, and one
    obeyed names the computer as the game's own page does."""
    game = _demo(page, base_url, "fast=1&level=random&lang=xx&style=zz&seed=abc")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:ready')")
    got = _rejected(page)
    assert set(got) == {"lang", "style", "seed"}, got
    assert "“xx”" in got["lang"]["reason"] and got["lang"]["value"] == "xx"
    assert "“zz”" in got["style"]["reason"] and "“abc”" in got["seed"]["reason"]
    notices = game.locator("[data-testid=url-notice]")
    assert notices.count() == 3
    assert all(w in " ".join(notices.all_inner_texts()) for w in ["“xx”", "“zz”", "“abc”"])
    assert game.evaluate("settebello.view.seats.map(s => s.human ? 'human' : s.level)") == ["human", "random"]
    assert game.evaluate("settebello.view.players[1]") == "Bruno"

    page.evaluate("""() => document.getElementById('game').contentWindow.postMessage({type: 'settebello:new-game',
        config: {variant: 'scopa', seats: [{human: true, name: 'Reader'}, {human: false, level: 'wizard'}]}}, location.origin)""")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:rejected' && !e.param)")
    assert [e["reason"] for e in page.evaluate("window.demoEvents") if e["type"] == "settebello:rejected" and
            "param" not in e] == ["unknown level 'wizard'"]
    page.evaluate("""() => document.getElementById('game').contentWindow.postMessage({type: 'settebello:new-game',
        config: {variant: 'scopa-a-quattro', seats: [{human: true, name: 'Reader'}, {human: false, level: 'random'},
                 {human: false, level: 'random'}, {human: false, level: 'random'}]}}, location.origin)""")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:new-game')")
    started = [e for e in page.evaluate("window.demoEvents") if e["type"] == "settebello:new-game"][-1]
    assert started["players"] == ["Reader", "Bruno", "Carla", "Dario"]


def test_a_game_the_engine_refuses_from_the_address_is_said_and_the_usual_one_starts(page, base_url):
    """target=abc goes to the engine as typed, which refuses it: the embed starts the usual game,
    says why on the page (no raw error) and tells the parent."""
    game = _demo(page, base_url, "fast=1&target=abc&lang=it")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:ready')")
    got = _rejected(page)
    assert set(got) == {"config"} and "target=abc" in got["config"]["value"]
    assert "non si può giocare" in got["config"]["reason"] and "da 0 a 1000" in got["config"]["reason"]
    notice = game.locator("[data-testid=url-notice]")
    assert notice.count() == 1 and "non si può giocare" in notice.inner_text()
    assert game.evaluate("settebello.view.rules.target") == 11
    assert "Qualcosa è andato storto" not in game.locator("body").inner_text()


def test_the_new_messages_have_no_axe_violations(table_page):
    """The notices of bad address values, and the file refusals in the Records and Statistics
    dialogs, as a screen reader meets them."""
    page = table_page("fast=1&variant=scopa&level=random&seed=abc&style=zz")
    page.locator("[data-testid=url-notice]").nth(1).wait_for()
    problems = {"address notices": axe_violations(page)}
    page.locator("[data-testid=url-notice] button").first.click()
    page.locator("[data-testid=url-notice] button").first.click()
    page.locator("#records-btn").click()
    # [open]: the dialog of an earlier test is still in the page, closed, until the button's
    # import opens it again (and clears its message); the file goes to it once it is open
    page.locator("#records-dialog[open] [data-testid=record-file]").set_input_files(files=[_file("b.json", NESTED)])
    page.locator("#records-dialog [role=alert]").wait_for()
    problems["record refused"] = axe_violations(page)
    page.locator("#records-dialog [data-act=close]").click()
    page.locator("#stats-btn").click()
    page.locator("#stats-dialog[open] input[data-stats-file]").set_input_files(files=[_file("s.json", json.dumps(BAD_BEST))])
    page.wait_for_function("document.querySelector('#stats-dialog .stats__message').textContent !== ''")
    problems["statistics refused"] = axe_violations(page)
    assert all(not v for v in problems.values()), json.dumps(problems, indent=1)
