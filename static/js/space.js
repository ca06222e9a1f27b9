// Storage that tells the truth: when the browser's storage is full (or blocked) and something
// of the game could not be kept (statistics, a tournament, preferences, the clock), the player
// is told once per page, in a notice, rather than finding out after a reload. The match has its
// own notice (persist.js), which offers its record as a file.
//
// storage.js sends `settebello:storage-failed` ({detail: {key}}) on window for every failed write
// (after dropping what can be rebuilt and trying again); this module words it.
import { t } from "./i18n.js";
import { showNotice } from "./notice.js";

/** What a stored key holds, in the player's words: its i18n key. */
const WHAT = [
  ["settebello.stats", "storage.what_stats"],
  ["settebello.tournament", "storage.what_tournament"],
  ["settebello.replay", "storage.what_replay"],
  ["settebello.history", "storage.what_history"],
  ["settebello.puzzles", "storage.what_puzzles"],
  ["settebello.daily", "storage.what_daily"],
  ["settebello.", "storage.what_prefs"],
];

let told = false;

function tell(event) {
  if (told) return;
  told = true;
  const key = String(event.detail?.key || "");
  const what = t((WHAT.find(([prefix]) => key.startsWith(prefix)) || WHAT[WHAT.length - 1])[1]);
  showNotice({
    id: "storage-full", role: "alert", kind: "error", text: t("storage.full", { what }), testid: "storage-full",
    buttons: [{ label: t("save.ok"), i18n: "save.ok", primary: true, onClick: (_, box) => box.remove() }],
  });
}

window.addEventListener("settebello:storage-failed", tell);
