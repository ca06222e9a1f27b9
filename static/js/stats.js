// The player's statistics, the part the page needs from its start: the "Statistics" buttons (the
// header's and the finished match's score sheet's) and the match-end news that counts a match.
// The counting and the dialog are statsview.js, imported on first use (cached after): the first
// paint and the first hand need none of it.
//
// After a match ends (store.js's match-end news, from table.js or clock.js for a match lost on
// time) and after a tournament ends (bracket.js calls updateStats), the session's finished match
// is counted into the stored statistics (statsview.js's updateStats: never twice).
import { t } from "./i18n.js";
import { on, info } from "./store.js";
import { whenReady } from "./bootview.js";

const view = () => import("./statsview.js");

/** Count the session's finished match (and finished tournament) into the stored statistics. */
export async function updateStats() {
  if (!info()) return null;
  return (await view()).updateStats();
}

/** Open the statistics dialog (its module loaded first: nothing is drawn before it has arrived). */
export async function openStats() {
  if (!info()) return;
  await (await view()).openStats();
}

const open = () => { openStats().catch((err) => console.warn(`Settebello: statistics not shown (${err.message})`)); };
// pressed while the game loads: remembered, and opened once it is ready (bootview.js)
document.getElementById("stats-btn")?.addEventListener("click", () => whenReady("stats", open));

/** A "Statistics" button beside "New game" on a finished match's score sheet (sheet.js draws it). */
function addToSheet() {
  const sheet = document.getElementById("sheet");
  const actions = sheet?.querySelector(".sheet__actions");
  if (!actions || !sheet.querySelector("#over") || actions.querySelector("[data-open-stats]")) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "btn";
  b.dataset.openStats = "";
  b.textContent = t("action.stats");
  b.addEventListener("click", open);
  actions.prepend(b);
}

const sheetBox = document.getElementById("sheet");
if (sheetBox) new MutationObserver(addToSheet).observe(sheetBox, { childList: true, subtree: true });

// a seat at another device's table keeps no statistics of the host's match (people.js refuses it: not said)
on("match-end", () => {
  updateStats().catch((err) => { if (err?.reason !== "people.guest") console.warn(`Settebello: statistics not updated (${err.message})`); });
});
