// Nothing lost: the match in progress is saved in localStorage after every change of state and
// restored after a reload or a closed tab. The save is the engine's own (Session.save: settings,
// RULES §6 record, shuffle state), so the engine checks every play again when it is restored.
// A corrupt or foreign save is set aside under SET_ASIDE_KEY, reported, and a fresh game starts.
//
//   import { restoreSaved } from "./persist.js";
//   const view = await restoreSaved(game);   // a restored view, or null: start a new game
//
// After that, every `settebello:state` event on window (dispatched by table.js) saves again.

import { t } from "./i18n.js";
import { showNotice } from "./notice.js";

export const SAVE_KEY = "settebello.save";
export const SET_ASIDE_KEY = "settebello.save.set-aside";

let gameFn = null;
let saving = Promise.resolve();

function storage() {
  try { return window.localStorage; } catch { return null; } // blocked (private mode, sandbox)
}

/** Save the current match now (queued after any save still running). */
export function saveNow() {
  const store = storage();
  if (!gameFn || !store) return saving;
  saving = saving.then(async () => {
    const saved = await gameFn("save");
    try { store.setItem(SAVE_KEY, JSON.stringify(saved)); }
    catch (err) { console.warn(`Settebello: could not save the game (${err.message})`); }
  }).catch((err) => console.warn(`Settebello: could not save the game (${err.message})`));
  return saving;
}

/** Forget the saved match (e.g. the player chose to start afresh). */
export function clearSave() { storage()?.removeItem(SAVE_KEY); }

function report(message) {
  window.dispatchEvent(new CustomEvent("settebello:notice", { detail: { kind: "save-set-aside", message } }));
  showNotice({ role: "alert", kind: "error", text: message, testid: "save-notice",
    buttons: [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }] });
}

/**
 * Restore the saved match through `game(op, arg)` (table.js's engine call, which throws on an
 * engine error). Returns the restored view, or null when there is nothing (usable) to restore.
 */
export async function restoreSaved(game) {
  gameFn = game;
  window.addEventListener("settebello:state", () => { saveNow(); });
  const store = storage();
  const text = store?.getItem(SAVE_KEY);
  if (!text) return null;
  let why;
  try {
    return await game("restore", JSON.parse(text));
  } catch (err) {
    why = err instanceof SyntaxError ? t("save.not_json") : err.message;
  }
  store.setItem(SET_ASIDE_KEY, text);
  store.removeItem(SAVE_KEY);
  const message = t("save.set_aside", { why });
  console.warn(`Settebello: ${message}`);
  report(message);
  return null;
}
