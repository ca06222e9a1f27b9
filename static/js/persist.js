// Nothing lost: the match in progress is saved in localStorage after every change of state and
// restored after a reload or a closed tab. The save is the engine's own (Session.save: settings,
// RULES §6 record, shuffle state), so the engine checks every play again when it is restored.
// A corrupt or foreign save is set aside under SET_ASIDE_KEY, reported, and a fresh game starts.
//
//   import { restoreSaved } from "./persist.js";
//   const view = await restoreSaved();   // a restored view, or null: start a new game
//
// After that, every new current view (store.js) saves again.

import { t } from "./i18n.js";
import { game } from "./engine.js";
import { showNotice } from "./notice.js";
import { readText, writeText, writeJSON, remove } from "./storage.js";
import { onView, emit } from "./store.js";

export const SAVE_KEY = "settebello.save";
export const SET_ASIDE_KEY = "settebello.save.set-aside";

let watching = false;
let saving = Promise.resolve();

/** Save the current match now (queued after any save still running). */
export function saveNow() {
  if (!watching) return saving;
  saving = saving.then(async () => {
    const err = writeJSON(SAVE_KEY, await game("save"));
    if (err) console.warn(`Settebello: could not save the game (${err.message})`);
  }).catch((err) => console.warn(`Settebello: could not save the game (${err.message})`));
  return saving;
}

/** Forget the saved match (e.g. the player chose to start afresh). */
export function clearSave() { remove(SAVE_KEY); }

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
  onView(() => { saveNow(); });
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
