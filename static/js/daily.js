// Today's deal (issue 47), the part the page needs from its start: the "Today's deal" buttons (the
// bar's, and one in the New game dialog) and, when a day's deal ends, the comparison with the master
// in the person's seat. The dialog, the calendar and the comparison are dailyview.js, imported on
// first use: the first paint and the first hand need none of it.
//
// The day is the player's calendar date as this device's clock and time zone give it ('YYYY-MM-DD',
// README "Today's deal"): the engine hashes it into the day's decks (py/settebello/daily.py).
import { on, info, view as currentView } from "./store.js";

const view = () => import("./dailyview.js");

/** Today as the player's calendar says it: the device's local year, month and day, 'YYYY-MM-DD'. */
export function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const warn = (err) => console.warn(`Settebello: today's deal (${err.message})`);

/** Open today's deal: the day, the streak, the calendar, and the buttons that start it. */
export function openDaily() {
  if (!info()) return;
  view().then((m) => m.openDaily()).catch(warn);
}

document.getElementById("daily-btn")?.addEventListener("click", openDaily);

// the New game dialog (dialog.js fills it when it opens) gets a "Today's deal" button of its own
const newGame = document.getElementById("newgame-dialog");
if (newGame) {
  new MutationObserver(() => {
    if (!newGame.open || newGame.querySelector("[data-daily-open]")) return;
    import("./i18n.js").then(({ t }) => {
      if (newGame.querySelector("[data-daily-open]")) return;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn daily__from-new";
      b.dataset.dailyOpen = "";
      b.dataset.i18n = "daily.button";
      b.textContent = t("daily.button");
      b.addEventListener("click", () => { newGame.close(); openDaily(); });
      const title = newGame.querySelector("h2");
      (title ? title.after(b) : newGame.prepend(b));
    }).catch(warn);
  }).observe(newGame, { attributes: true, attributeFilter: ["open"], childList: true });
}

// a day's deal ended: the master plays it from the person's seat, and both are compared
on("match-end", () => {
  if (currentView()?.daily) view().then((m) => m.compareWithMaster()).catch(warn);
});
