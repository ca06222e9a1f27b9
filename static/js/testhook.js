// The browser tests' reset (tests/browser/conftest.py, `table_page`): loaded by index.html only
// when the address carries `test` (`index.html?test&...`), so players never run it. It adds to the
// one test hook, window.settebello (table.js), a
//
//   await window.settebello.reset("fast=1&variant=scopone&seed=3&level=random&lang=it")
//
// that brings the page to what a fresh load of `index.html?<query>` gives, without reloading, so
// Pyodide stays booted and a module of tests shares one page: the game's stored keys forgotten;
// dialogs, sheets, the pass screen, notices, the lesson's offer and the "More" menu closed, and what the page fills
// only when asked emptied; live regions silent; the way of input (pointer or keys) forgotten; the
// address replaced (the table reads variant, seed, level, players, fast from it again); the
// language chosen again (URL, then the browser's); and a new game dealt. It resolves once the computers have played up to the
// person's turn (or the hand's end), as the first game of a fresh page does.
//
//   await window.settebello.reset("fast=1&lang=en", save)
//
// with a save (Session.save's JSON, made by a test in CPython) then restores that match, as a reload
// with it saved would: a test reaches a late position of a match without playing up to it.
//
// What it cannot undo, it refuses, so a test never runs on a page that only looks fresh: display
// settings chosen in the Help dialog (access.js applied them when chosen) and a tournament under
// way (bracket.js holds it). Tests that change those keep a page of their own.
import { game, restart, resume } from "./table.js";
import { initLanguage } from "./i18n.js";
import { restoreStyle } from "./deck.js";
import { applySettings } from "./settings.js";
import { scoped } from "./storage.js";
import { savesSettled } from "./persist.js";

const PREFIX = "settebello.";
const UNDOABLE = [scoped("settebello.access"), scoped("settebello.tournament")];  // storage.js's ownKey

/** The keys the game keeps in this browser (all start with "settebello."). */
function gameKeys() {
  return Object.keys(localStorage).filter((k) => k.startsWith(PREFIX));
}

/** The stored keys a reset cannot undo: a test that leaves one needs a page of its own. */
function cannotReset() {
  return UNDOABLE.filter((k) => localStorage.getItem(k) !== null);
}

async function reset(query = "", save = null) {
  const kept = cannotReset();
  if (kept.length) throw new Error(`reset: ${kept.join(", ")} cannot be undone without a reload; give this test its own page`);
  for (const d of document.querySelectorAll("dialog[open]")) d.close();
  for (const el of emptyAtLoad) if (el.isConnected) el.replaceChildren();
  for (const el of document.querySelectorAll("[aria-live]")) el.textContent = "";
  const callout = document.getElementById("callout");  // (a last game's call, gone by itself a second later)
  callout?.classList.remove("callout--on");
  callout?.replaceChildren();
  document.getElementById("settebello-notices")?.remove();
  document.getElementById("lesson-offer")?.remove();
  document.querySelector(".actions--open")?.classList.remove("actions--open");
  document.getElementById("more-btn")?.setAttribute("aria-expanded", "false");
  const sheet = document.getElementById("sheet");  // empty at a load: no winner line of the last match left in it
  sheet.hidden = true;
  sheet.replaceChildren();
  document.getElementById("pass").hidden = true;
  document.activeElement?.blur?.();
  // input.js's "how the player last acted" as before any action (a touch screen: a tap); an event
  // on window itself reaches no listener but input.js's
  window.dispatchEvent(matchMedia("(pointer: coarse)").matches ? new PointerEvent("pointerdown") : new KeyboardEvent("keydown"));
  history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
  for (const k of gameKeys()) localStorage.removeItem(k);
  applySettings();  // the Settings dialog's choices (sound, pace) back to their defaults
  await initLanguage();
  await restoreStyle();   // deck.js: the deck style of the address (?style=) or the default
  await restart();
  if (save) await resume(await game("restore", save));
}

/** What the page fills only when asked (the rules, the new-game dialog, the last trick's cards): empty
 *  after a load, emptied again by a reset so no text of another game or language is left in it. */
let emptyAtLoad = [];

/** Add reset to window.settebello once table.js has made it (at "ready"). */
function attach() {
  emptyAtLoad = [...document.querySelectorAll("body > dialog, body > dialog *")].filter((el) => !el.childNodes.length);
  window.settebello.reset = reset;
  window.settebello.cannotReset = cannotReset;
  // every save asked for written (persist.js): a test's reload then finds what a person's would
  // after a moment (a reload at once, with a save under way, loses that save)
  window.settebello.savesSettled = savesSettled;
}
if (window.settebello) attach();
else window.addEventListener("settebello:ready", attach, { once: true });
