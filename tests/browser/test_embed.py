"""Embedding (issue 5): the demo page (examples/embed.html) embeds the game in an iframe the way a
blog would, receives its events (ready, hand finished with the score sheet, match finished) and
sends it a command (new game); messages of the wrong shape or origin are ignored with a warning
and change nothing; posted events never carry a hidden card."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from harness import settled
from site_helpers import ROOT, Watch, load_build, play_first_card, play_until_sheet, serve_dir, wait_ready

build = load_build()

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

    # any table the rules allow, by the same command: Escoba for six in two triples, to 21 by 2
    page.evaluate("""() => document.querySelector("iframe").contentWindow.postMessage({type: "settebello:new-game",
        config: {variant: "escoba", options: {players: 6, teams: "triples", target: 21},
                 seats: [{human: true, name: "Reader"}, ...Array(5).fill({human: false, level: "random"})]}}, "*")""")
    game.wait_for_function("settebello.view.variant === 'escoba' && settebello.view.players.length === 6")
    view = game.evaluate("settebello.view")
    assert view["side_of"] == [0, 1, 0, 1, 0, 1] and view["rules"]["lead"] == 2 and view["rules"]["target"] == 21


def test_bad_messages_are_ignored_with_a_warning_and_change_nothing(page, base_url):
    _, game, warnings = _open_demo(page, base_url)
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:ready')")
    game.wait_for_function("settebello.view.waiting === 'human'")  # nothing moves by itself now
    before = game.evaluate("JSON.stringify(settebello.view)")
    page.evaluate(
        """() => {
            const w = document.getElementById('game').contentWindow, o = location.origin;
            w.postMessage({type: 'settebello:new-game', config: {variant: 'scopone', seats: 'four'}}, o);
            w.postMessage({type: 'settebello:new-game', config: {seed: 1.5}}, o);
            w.postMessage({type: 'settebello:new-game', config: {seats: [{human: false}, {human: false}]}}, o);
            w.postMessage({type: 'settebello:explode'}, o);
            w.postMessage('new game please', o);
            w.postMessage({type: 'settebello:new-game', config: {variant: 'no-such-game'}}, o);
        }"""
    )
    page.wait_for_function("window.demoEvents.filter(e => e.type === 'settebello:rejected').length === 5")
    # the page checks only the message's envelope; the engine refuses the configs, with its reasons
    reasons = sorted(e["reason"] for e in _events(page, "rejected"))
    assert any("unknown command" in r for r in reasons), reasons
    assert any(r == "Scopone needs 4 seats" for r in reasons), reasons
    assert any(r == "the seed must be a whole number" for r in reasons), reasons
    assert any(r == "at least one seat must be a person" for r in reasons), reasons
    assert any("no-such-game" in r for r in reasons), reasons
    settled(game)  # had a command been obeyed, its new game would be dealt by now
    assert game.evaluate("JSON.stringify(settebello.view)") == before  # nothing changed
    assert _events(page, "new-game") == []
    assert sum("Settebello embed: ignored" in w for w in warnings) == 6, warnings


def test_untrusted_origin_gets_no_events_and_cannot_command(page, base_url):
    """parent= names another origin than the demo's: the game posts nothing to it and obeys nothing."""
    _, game, warnings = _open_demo(page, base_url, "fast=1&seed=3&level=random&parent=https://blog.example")
    assert game.evaluate("document.documentElement.dataset.embedParent") == "https://blog.example"
    game.wait_for_function("settebello.view.waiting === 'human'")  # nothing moves by itself now
    before = game.evaluate("JSON.stringify(settebello.view)")
    with page.expect_console_message(lambda m: "ignored a message from http://127.0.0.1" in m.text):
        page.get_by_role("button", name="New game: Scopone, 4 players").click()
    settled(game)
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
                copy: m.publicCopy({a: 1, hand: ['7D'], deep: [{deck: ['1C'], b: 2, hand: 3}]}),
            };
        }"""
    )
    assert out["parent"] == "https://blog.example"
    assert out["referrer"] is None  # issue 44: the referrer is never trusted, only parent=
    assert out["none"] is None and out["js"] is None
    assert out["copy"] == {"a": 1, "deep": [{"b": 2, "hand": 3}]}


def test_the_embed_never_takes_the_keyboard_from_the_page_it_sits_in(page, base_url):
    """The review of 2026-12-01: a reader typing in the blog's own box as the game got ready had the
    focus taken into the frame, onto the hand's first card, and their spaces played cards. The
    frame now moves the focus only once the reader has clicked or tabbed into it."""
    page.goto(base_url + "examples/embed.html?fast=1&seed=3&level=random")
    page.evaluate("""() => { const box = document.createElement('textarea'); box.id = 'comment';
        box.setAttribute('aria-label', 'Comment'); document.body.prepend(box); }""")
    page.locator("#comment").click()
    page.keyboard.type("hello")
    game = page.frame(url=re.compile(r"index\.html\?embed=1"))
    wait_ready(game)
    game.wait_for_function("settebello.view.waiting === 'human'")
    settled(game)  # the deal drawn, the hand's first card in reach of a focus
    page.keyboard.type(" I love this game ")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "comment"
    assert page.locator("#comment").input_value() == "hello I love this game \n"
    assert game.evaluate("settebello.view.plays.filter(p => p.seat === settebello.view.seat).length") == 0
    # a click into the frame gives it the keyboard, as on the game's own page
    game.locator("#hand-cards .card:not([aria-disabled=true])").first.focus()
    game.locator("#hand-cards .card:not([aria-disabled=true])").first.click()
    game.wait_for_function("settebello.view.plays.some(p => p.seat === settebello.view.seat)")


def test_a_new_game_from_the_page_replaces_a_match_the_reader_has_not_played_in(page, base_url):
    """The review of 2026-12-01: in a frame whose storage is blocked (another site's page), the blog's
    new-game command was refused "the match in progress could not be set aside" when only the
    computer had led. A match with no play of the reader's is nobody's to keep; one with a play of
    theirs is still kept (and the command refused) when it cannot be set aside."""
    page.context.add_init_script("""if (location.search.includes('embed=1')) {
        Storage.prototype.setItem = function () { throw new DOMException('blocked', 'SecurityError'); }; }""")
    page.goto(base_url + "examples/embed.html?fast=1&seed=7&level=random")
    game = page.frame(url=re.compile(r"index\.html\?embed=1"))
    wait_ready(game)
    game.wait_for_function("settebello.view.waiting === 'human' && settebello.view.plays.length === 1")
    command = """(variant) => document.getElementById('game').contentWindow.postMessage({type: 'settebello:new-game',
        config: {variant, seed: 1, seats: [{human: true, name: 'Reader'}, {human: false, level: 'random'}]}}, location.origin)"""
    page.evaluate(command, "escoba")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:new-game' || e.type === 'settebello:rejected')")
    assert _events(page, "rejected") == []
    game.wait_for_function("settebello.view.variant === 'escoba'")
    play_first_card(game)
    page.evaluate(command, "scopa")
    page.wait_for_function("window.demoEvents.some(e => e.type === 'settebello:rejected')")
    assert "could not be set aside" in _events(page, "rejected")[0]["reason"]
    assert game.evaluate("settebello.view.variant") == "escoba"


BLOG = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Club news</title><link rel="icon" href="data:,"></head>
<body>
  <h1>Club news</h1>
  <script>
    window.got = [];
    window.addEventListener("message", (e) => got.push({origin: e.origin, data: e.data}));
  </script>
  <p>Our Sunday game, right here:</p>
  ONE_LINE
</body></html>
"""


def test_readme_one_liner_works_on_a_page_of_another_origin(browser, base_url, tmp_path):
    """The <iframe> line of README.md pasted, as written, into a page of another site (another
    origin): only the game's address and the blog's origin are filled in (plus fast/seed for the
    test). The page gets ready, the hand's score sheet and, after its command, the match's end."""
    readme = (ROOT / "README.md").read_text()
    one_line = re.search(r'^<iframe src="https://USER\.github\.io/REPO/[^\n]*></iframe>$', readme, re.M)
    assert one_line, "README.md lost its one-line embed"
    blog_dir = tmp_path / "blog"
    blog_dir.mkdir()
    (blog_dir / "index.html").write_text("placeholder")
    game_origin = base_url.rstrip("/")
    with serve_dir(blog_dir, probe="/index.html") as blog:
        line = (one_line.group(0).replace("https://USER.github.io/REPO/", base_url)
                .replace("https://your.blog", blog).replace("?embed=1&", "?embed=1&fast=1&seed=4&"))
        (blog_dir / "index.html").write_text(BLOG.replace("ONE_LINE", line))
        context = browser.new_context()
        watch = Watch(context, base_url, blog)
        page = context.new_page()
        embedded = re.compile(r"index\.html\?embed=1")
        with page.expect_event("framenavigated", predicate=lambda frame: bool(embedded.search(frame.url))) as nav:
            page.goto(blog + "/index.html")
        game = nav.value
        wait_ready(game)
        assert game.evaluate("document.documentElement.lang") == "it"  # lang=it of the one line
        assert game.evaluate("settebello.view.variant") == "scopone"
        assert game.evaluate("settebello.view.seats.map(s => s.human ? 'human' : s.level)") == \
            ["human", "expert", "expert", "expert"]

        page.wait_for_function("got.some(m => m.data.type === 'settebello:ready')")
        got = page.evaluate("got")
        assert {m["origin"] for m in got} == {game_origin}
        ready = got[0]["data"]
        assert ready["variant"] == "scopone" and len(ready["players"]) == 4
        assert not CARD.search(json.dumps(ready))

        # the blog starts a short match (to 1 point) and follows it to the end
        page.evaluate(
            """(origin) => document.querySelector("iframe").contentWindow.postMessage({
                   type: "settebello:new-game",
                   config: {variant: "scopa", options: {target: 1}, seed: 4,
                            seats: [{human: true, name: "Reader"}, {human: false, level: "random"}]}},
                 origin)""",
            game_origin,
        )
        page.wait_for_function("got.some(m => m.data.type === 'settebello:new-game')")
        for _ in range(10):
            play_until_sheet(game)
            if game.evaluate("settebello.view.winner") is not None:
                break
            game.locator("#next").click()
            game.locator("#sheet").wait_for(state="hidden")
        page.wait_for_function("got.some(m => m.data.type === 'settebello:match-end')")
        view = game.evaluate("settebello.view")
        events = [m["data"] for m in page.evaluate("got")]
        sheets = [e["sheet"] for e in events if e["type"] == "settebello:hand-end"]
        assert sheets and sheets[-1]["match_totals"] == view["totals"] and sheets[-1]["over"] is True
        end = next(e for e in events if e["type"] == "settebello:match-end")
        assert end["winner"] == view["winner"] and end["totals"] == view["totals"]
        assert end["sides"][end["winner"]]  # the winner's name, for the blog to show
        context.close()
    problems = watch.problems()
    assert problems == [], "\n".join(problems)


def test_a_bad_url_parameter_is_reported_in_words(page, new_context, base_url):
    """A mistyped variant, computer level or player list in the address (or in an embed's src):
    the player is told what is wrong, in their language, and plays the default instead."""
    page.goto(base_url + "index.html?embed=1&fast=1&variant=scopne&level=random&lang=it")
    wait_ready(page)
    notice = page.get_by_role("alert").filter(has_text="scopne")
    notice.wait_for()
    assert "non esiste" in notice.inner_text() and "Scopa" in notice.inner_text()
    assert page.evaluate("settebello.view.variant") == "scopa"
    notice.get_by_role("button", name="OK").click()
    assert notice.count() == 0

    for query, words in [("players=human,wizard", ["wizard", "expert"]),
                         ("level=grandmaster", ["grandmaster"]),
                         ("variant=scopone&players=human,expert&teams=pairs", ["Scopone", "2 players in pairs",
                                                                               "4 players in pairs"])]:
        page = new_context().new_page()  # no saved match to restore
        page.goto(base_url + "index.html?fast=1&" + query)
        wait_ready(page)
        notice = page.get_by_role("alert").filter(has_text="address")
        notice.wait_for()
        assert all(w in notice.inner_text() for w in words), (query, notice.inner_text())
        seats = page.evaluate("settebello.view.seats.map(s => s.human ? 'human' : s.level)")
        assert seats[0] == "human" and len(set(seats[1:])) == 1 and seats[1] in ("expert", "easy", "master", "beginner")
        page.context.close()


LONG_POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A long post</title><link rel="icon" href="data:,"></head>
<body>
  <h1>How we play on Sundays</h1>
  PARAGRAPHS
  <iframe id="game" src="SRC" title="Settebello" style="border:0;width:900px;height:640px"></iframe>
</body></html>
"""
RUNTIME_FILES = ("/static/vendor/pyscript/", "/static/vendor/pyodide/", "/pyscript.toml", "/static/bridge.py",
                 "/static/vendor/py.zip")


def _embed_page(site, name, src, paragraphs):
    text = "\n".join(f"<p style='height:120px'>Paragraph {i} of the club's news.</p>" for i in range(paragraphs))
    (site / name).write_text(LONG_POST.replace("PARAGRAPHS", text).replace("SRC", src))


def _sent(requests):
    """Bytes that came over the wire for these requests (gzip-compressed bodies and headers)."""
    total = 0
    for request in requests:
        sizes = request.sizes()
        total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    return total


def test_embed_costs_nothing_until_seen_or_played_then_plays_and_starts_offline(browser, tmp_path):
    """Issue 27: an embed far below the fold of a long post shows its table and fetches under
    300 kB (gzip, as GitHub Pages serves it) and nothing of the runtime until it is scrolled into
    view; then it boots and plays a hand. With start=play it waits for Play, also with no network
    after that first visit (the offline cache answers)."""
    from harness import serve as serve_module

    site = tmp_path / "site"
    build.assemble_site(site)
    # pages of the same site (static/ is all in the offline cache, so they open offline too)
    game = "../index.html?embed=1&fast=1&seed=4&level=random"
    _embed_page(site, "static/post.html", game + "&start=view", paragraphs=60)  # 7200 px of text first
    _embed_page(site, "static/play.html", game + "&start=play", paragraphs=0)  # in view, waits for Play
    build.write_precache(site, site / "static" / "vendor" / "precache.js")
    server, url = serve_module.start_in_thread(site, "127.0.0.1", 0, quiet=True, gzip=True)
    try:
        context = browser.new_context(viewport={"width": 1000, "height": 700})
        watch = Watch(context, url)
        finished = []
        context.on("requestfinished", lambda request: finished.append(request))
        page = context.new_page()
        page.goto(url + "/static/post.html")
        frame = page.frame(url=re.compile(r"index\.html\?embed=1"))
        assert frame is not None
        frame.wait_for_function("document.documentElement.dataset.start === 'waiting'")
        page.wait_for_load_state("networkidle")
        assert frame.locator("#start-play").is_visible()  # the table is there, with its Play control
        assert frame.locator("#felt").is_visible()
        before = [r for r in finished if not r.url.endswith("/post.html")]
        runtime = [r.url for r in before if urlsplit(r.url).path.startswith(RUNTIME_FILES)]
        assert runtime == [], runtime
        assert _sent(before) < 300_000, f"{_sent(before)} bytes before the reader reached the game"
        assert frame.evaluate("document.documentElement.dataset.engine") == "loading"

        page.locator("#game").scroll_into_view_if_needed()
        wait_ready(frame)
        assert frame.evaluate("document.documentElement.dataset.start") == "started"
        assert any(r.url.endswith("/pyodide.asm.wasm") for r in finished)
        play_until_sheet(frame)
        assert frame.locator("[data-match-total]").count() == 2
        frame.wait_for_function(
            "document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller")

        # start=play: in view, yet nothing starts until Play; offline, from the offline cache
        context.set_offline(True)
        page.goto(url + "/static/play.html")
        frame = page.frame(url=re.compile(r"index\.html\?embed=1"))
        frame.wait_for_function("document.documentElement.dataset.start === 'waiting'")
        frame.locator("#start-play").wait_for(state="visible")
        assert frame.evaluate("document.documentElement.dataset.engine") == "loading"
        assert not frame.evaluate("performance.getEntriesByType('resource').some(e => e.name.includes('/pyodide/'))")
        frame.locator("#start-play").click()
        wait_ready(frame)
        assert frame.evaluate("navigator.onLine") is False
        play_until_sheet(frame)
        context.close()
    finally:
        server.shutdown()
        server.server_close()
    assert watch.problems() == [], "\n".join(watch.problems())
