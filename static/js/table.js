// The card table: renders the engine's views and events (py/settebello/session.py through bridge.py's
// `game`). The UI never decides a rule and the DOM never holds game state: every render starts
// from the last view the engine returned (plus, while a play is being shown, that play's event).
//
// table.js is the wiring: it boots the page (the runtime, the language, the engine, a saved match
// or the address's game) and re-exports what other modules ask of the table. Its parts:
// tablestate.js (the state its parts share, the engine's requests, the status line), gameloop.js
// (views accepted, plays shown, the computers' turns, hands' ends, new games, undo, hint),
// draw.js (the table drawn from a view), tableinput.js (the person's picks, keys and the page's
// controls). Beside them: tablestart.js (the game the address asks for), mechanics/ (each special rule's
// drawing and words, behind generic calls), layout.js (seats, piles, where each card goes), animate.js (one element per card,
// moved with FLIP transitions from a queue), sheet.js (score sheet), dialog.js (new game),
// rules.js (the rules page, imported when first opened), i18n.js (every string), names.js (sides, presets, levels),
// announce.js (the screen reader). The other modules read the game from store.js: the current
// view (setView after every engine answer) and the news emit()ted here: hand-end {sheet},
// match-end {winner, totals, sides}, ready {view}, and accepted {op, view} as soon as the engine
// accepted a play, before it is shown (persist.js saves it then); they ask the table through store.js's
// "command" news: {type: "new-game", config} or {type: "sync"}.
// URL: ?variant=&seed=&level=&players=human,expert,...&fast=1&lang=
import { connectEngine, markEngine } from "./engine.js";
import { view as currentView, info as described, setInfo } from "./store.js";
import { initLanguage, translatePage } from "./i18n.js";
import { loadPrefs } from "./dialog.js";
import { restoreSaved } from "./persist.js";
import { showNames } from "./names.js";
import { T, $, game } from "./tablestate.js";
import { bootGame, focusTheDeal, restart, resume, startGame, playedElsewhere } from "./gameloop.js";
import { wire } from "./tableinput.js";
import { watchLoading, showFailure } from "./bootview.js";

/**
 * An embed that waits for its reader (index.html: ?embed=1&start=view|play) shows the table with
 * its Play control and starts the runtime (PyScript, Pyodide) only when Play is pressed or, with
 * start=view, when the frame comes into view: until then it has fetched only the page itself.
 */
async function waitForReader(language) {
  const runtime = window.settebelloRuntime;
  if (!runtime || document.documentElement.dataset.start !== "waiting") return false;
  $("start-play").addEventListener("click", () => runtime.start(), { once: true });
  if (runtime.mode === "view" && "IntersectionObserver" in window) {
    // with no root: the top-level viewport, also from inside a frame of another origin
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      runtime.start();
    });
    seen.observe($("felt"));
  }
  await language;
  translatePage(document);
  await runtime.started;
  return true;
}

let tableReady;  // resolves `ready` below: the engine booted, the table set up
/** The invitation's seat (people.js joinTable), opened as soon as the page's language is there:
 *  it waits for the table itself. */
async function invitation(language) {
  const ready = new Promise((resolve) => { tableReady = resolve; });
  const people = import("./people.js");
  await language;
  translatePage(document);
  await (await people).joinTable(ready);
}

async function main() {
  wire();
  try {
    const language = initLanguage();
    const waited = await waitForReader(language);
    // an invitation to another device's table (people.js): its seat, not this device's own game;
    // its name form and its meeting start while Python boots, its table once it has
    const joining = location.hash.startsWith("#join=") && invitation(language);
    watchLoading(waited ? performance.now() : 0, language);  // the wait counted from the page's start, or Play's
    [T.engine] = await Promise.all([connectEngine(), language]);
    performance.mark("people:engine");  // the page's timeline (benchmarks/people_join.py)
    translatePage(document);
    setInfo(await game("variants"));
    import("./backclose.js").catch(() => {});  // the browser's Back closes the dialog on top (not in an embed's first bytes)
    T.hintLevel = loadPrefs()?.hintLevel || described().default_hint_level;
    // the test hook (tests/browser): the only window.* the page defines; no module reads it
    window.settebello = { engine: T.engine, game, get view() { return currentView(); }, startGame };
    if (joining) {
      $("loading").hidden = true;
      document.body.classList.remove("is-loading");
      performance.mark("people:table");
      tableReady();
      await joining;
      return;
    }
    const restored = showNames(await restoreSaved());
    $("loading").hidden = true;
    document.body.classList.remove("is-loading");
    if (restored) {
      await resume(restored, { offer: true });
      // a match with people on other devices: its table with people comes back too (people.js)
      if (restored.seats?.some((s) => s.remote)) await (await import("./people.js")).resumeHosting();
    } else {
      // the page's first table appears dealt: no slide from the mazzo after the wait for Python
      await bootGame();
    }
  } catch (err) {
    showFailure(err);
    markEngine("error", err.message);
    throw err;
  }
}
main();
// an invitation opened in a tab already on the site changes only the address's fragment (no new
// load): the page loads afresh, as the link opened anywhere else does
window.addEventListener("hashchange", () => { if (location.hash.startsWith("#join=")) location.reload(); });
// what the rest of the page asks of the table (testhook.js, people.js, embed.js), by the names it always had
export { focusTheDeal, game, restart, resume, startGame, playedElsewhere };
