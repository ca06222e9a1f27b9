// Game records on the game page (RULES §6): save the match as a .json file, open a record file
// (checked by the engine; an illegal one is reported with its hand and play and changes
// nothing), and watch any of them in the replay viewer (static/replay.html).
//
//   <button id="records-btn" ...>   in index.html's actions; this module fills its label and
//                                   opens the "Game records" dialog from it.
//
// The record handed to the viewer goes through localStorage (REPLAY_KEY): the viewer is another
// page, and the game page keeps its own match (static/js/persist.js) while the player watches.
// The dialog itself (and the checking of a record file) is recordsdialog.js, imported when the
// player first opens it.
import { game } from "./engine.js";
import { language, onLanguageChange, t } from "./i18n.js";
import { writeJSON, ownKey } from "./storage.js";
import { downloadText, fileStamp } from "./download.js";
import { view } from "./store.js";
import "./history.js";  // a finished match joins Records' history by itself (history.js)

export const REPLAY_KEY = ownKey("settebello.replay");  // this deployment's (storage.js)
export const VIEWER = new URL("../replay.html", import.meta.url);
/** The viewer's address with `query`, in the page's language (one chosen by the address's ?lang
 *  alone is not remembered: a review saw the viewer open in English after a Spanish game). */
export const viewerHref = (query) => `${VIEWER.href}?${query}&lang=${encodeURIComponent(language())}`;

/** The text for one of this module's strings (static/i18n/*.json, keys "records.*"). */
export function text(key, params = {}) {
  return t(`records.${key}`, params);
}

/** The current match's record (RULES §6). */
export function currentRecord() { return game("record"); }

/** A file name for a record: settebello-<variant>-<date>-<time>.json */
export function recordFileName(record, when = new Date()) {
  const stamp = fileStamp(when);
  const variant = String(record.variant || "scopa").replace(/[^a-z0-9_-]/gi, "");
  return `settebello-${variant}-${stamp}.json`;
}

/** Offer the record as a download; returns the file name. */
export function downloadRecord(record) {
  const name = recordFileName(record);
  return downloadText(name, JSON.stringify(record, null, 1) + "\n");
}

/** Hand a checked record to the viewer and go there; at a table with people on other devices
 *  (a seat of the view is remote), which this page must not leave, in a tab of its own whose
 *  "Back to the game" closes it. */
export function openInViewer(record) {
  const err = writeJSON(REPLAY_KEY, record);
  if (err) console.warn(`Settebello: could not hand the record to the viewer (${err.message})`);
  if (view()?.seats?.some((s) => s.remote)) {
    if (!window.open(viewerHref("from=game&back=close"), "_blank")) console.warn("Settebello: the replay's tab was not opened (a pop-up blocker)");
    return;
  }
  location.assign(viewerHref("from=game"));
}

/** Wire the page's "Records" button (id records-btn), if the page has one: its label, and its
 *  dialog (recordsdialog.js, imported when first opened: the first hand needs none of it). */
export function initRecords() {
  const btn = document.getElementById("records-btn");
  if (!btn) return;
  // labelled when the language is loaded (i18n.js calls every listener then, and on each change)
  onLanguageChange(() => { btn.textContent = text("button"); });
  btn.addEventListener("click", () => {
    import("./recordsdialog.js").then((m) => m.openRecords())
      .catch((err) => console.warn(`Settebello: the game records dialog did not open (${err.message})`));
  });
}

initRecords();
