// Nothing lost: the match in progress is saved in localStorage after every change of state and
// restored after a reload or a closed tab. The save is the engine's own (Session.save: settings,
// RULES §6 record, shuffle state), so the engine checks every play again when it is restored.
// A corrupt or foreign save is set aside under SET_ASIDE_KEY, reported, and a fresh game starts.
//
//   import { restoreSaved } from "./persist.js";
//   const view = await restoreSaved();   // a restored view, or null: start a new game
//
// After that, every new current view (store.js) saves again, and a play as soon as the engine
// accepted it (table.js's "accepted" news through store.js, before the table shows it). The save reads the running
// turn's clock; what a reload could give back is the time since then, so the page stamps the last
// save with `elapsed_ms` (the time it stayed open after it, which Session.restore charges to a
// person's running turn, RULES §5) when the page is hidden, frozen or closed (pagehide), and
// every STAMP_MS while a clock runs. A normal reload or close gives back nothing; a tab killed
// without warning at most STAMP_MS (a hidden tab's timers may be slowed to once a minute, but
// hiding it stamped it already). `savesSettled()` resolves once every save asked for is written
// (offline.js's update bar waits for it before it reloads).

import { t } from "./i18n.js";
import { game } from "./engine.js";
import { showNotice } from "./notice.js";
import { readText, writeText, remove } from "./storage.js";
import { on, onView, emit, view as currentView } from "./store.js";

export const SAVE_KEY = "settebello.save";
export const SET_ASIDE_KEY = "settebello.save.set-aside";

/** How often the last save is stamped with the time since it while a clock runs (ms). */
export const STAMP_MS = 5000;

let watching = false;
let saving = Promise.resolve();
let savedFor = null;  // the view of the last play saved when the engine accepted it
let last = null;      // the last save written: {save, text, at: performance.now() when read}

/** Save the current match now (queued after any save still running). */
export function saveNow() {
  if (!watching) return saving;
  saving = saving.then(async () => {
    const save = await game("save");
    const at = performance.now(), text = JSON.stringify(save);
    const err = writeText(SAVE_KEY, text);
    if (err) console.warn(`Settebello: could not save the game (${err.message})`);
    else last = { save, text, at };
  }).catch((err) => console.warn(`Settebello: could not save the game (${err.message})`));
  return saving;
}

/** Resolves once every save asked for so far is written (or failed). */
export function savesSettled() { return saving; }

/** Write the last save again with the time the page has been open since it (`elapsed_ms`), unless
 *  something else (another tab, a new game) wrote the save since. Synchronous: fit for pagehide. */
function stamp() {
  if (!last || readText(SAVE_KEY) !== last.text) return;
  const text = JSON.stringify({ ...last.save, elapsed_ms: Math.max(0, Math.round(performance.now() - last.at)) });
  if (!writeText(SAVE_KEY, text)) last.text = text;
}

/** Whether a clock is running at the table (its time is what a stamp keeps). */
function clockRuns() {
  const v = currentView();
  return Boolean(v?.clock && v.clock.running !== null && !v.forfeit);
}

/** Forget the saved match (e.g. the player chose to start afresh). */
export function clearSave() { remove(SAVE_KEY); last = null; }

function report(message) {
  emit("notice", { kind: "save-set-aside", message });
  showNotice({ role: "alert", kind: "error", text: message, testid: "save-notice",
    buttons: [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }] });
}

/**
 * Restore the saved match through the engine. Returns the restored view, or null when there is
 * nothing (usable) to restore; from then on every new view is saved.
 */
export async function restoreSaved() {
  watching = true;
  // a play is saved as soon as the engine accepts it (table.js), not when its animation shows it
  on("accepted", ({ view }) => { savedFor = view; saveNow(); });
  onView((v) => { if (v !== savedFor) saveNow(); });
  addEventListener("pagehide", stamp);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") stamp(); });
  document.addEventListener("freeze", stamp);
  setInterval(() => { if (clockRuns()) stamp(); }, STAMP_MS);
  const text = readText(SAVE_KEY);
  if (!text) return null;
  let why;
  try {
    return await game("restore", JSON.parse(text));
  } catch (err) {
    why = err instanceof SyntaxError ? t("save.not_json") : err.message;
  }
  writeText(SET_ASIDE_KEY, text);
  remove(SAVE_KEY);
  const message = t("save.set_aside", { why });
  console.warn(`Settebello: ${message}`);
  report(message);
  return null;
}
