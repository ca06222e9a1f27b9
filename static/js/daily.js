// Today's deal (issue 47), the part the page needs from its start: the "Today's deal" buttons (the
// bar's, and one in the New game dialog beside one for the puzzles, puzzles.js) and, when a day's deal ends, the comparison with the master
// in the person's seat. The dialog, the calendar and the comparison are dailyview.js, imported on
// first use: the first paint and the first hand need none of it.
//
// The day is the player's calendar date as this device's clock and time zone give it ('YYYY-MM-DD',
// README "Today's deal"): the engine hashes it into the day's decks (py/settebello/daily.py).
import { on, onView, info, view as currentView } from "./store.js";
import { openPuzzles } from "./puzzles.js";
import { whenReady } from "./bootview.js";

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

// pressed while the game loads: remembered, and opened once it is ready (bootview.js)
document.getElementById("daily-btn")?.addEventListener("click", () => whenReady("daily", openDaily));

// the New game dialog (dialog.js fills it when it opens) gets "Today's deal" and "Puzzles" buttons
const newGame = document.getElementById("newgame-dialog");
if (newGame) {
  new MutationObserver(() => {
    if (!newGame.open || newGame.querySelector(".daily__from-new")) return;
    import("./i18n.js").then(({ t }) => {
      if (newGame.querySelector(".daily__from-new")) return;
      const row = document.createElement("p");
      row.className = "daily__from-new";
      for (const [key, open, data] of [["daily.button", openDaily, "dailyOpen"], ["puzzle.button", openPuzzles, "puzzlesOpen"]]) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "btn";
        b.dataset[data] = "";
        b.dataset.i18n = key;
        b.textContent = t(key);
        b.addEventListener("click", () => { newGame.close(); open(); });
        row.append(b);
      }
      const title = newGame.querySelector("h2");
      (title ? title.after(row) : newGame.prepend(row));
    }).catch(warn);
  }).observe(newGame, { attributes: true, attributeFilter: ["open"], childList: true });
}

// a day's deal ended: the master plays it from the person's seat, and both are compared
on("match-end", () => {
  if (currentView()?.daily) view().then((m) => m.compareWithMaster()).catch(warn);
});

// ...also when the page was closed before the comparison had kept the day's result (the review of
// 2026-11-30: the day then read "started, not finished" and the streak 0 until the player found
// "Compare with the master"): the finished day's deal, restored, is compared at once
onView((v, op) => {
  if (op !== "restore" || !v?.daily || v.daily.replay || v.phase !== "over") return;
  view().then((m) => { if (!m.dayKept(v.daily.day)) return m.compareWithMaster(); }).catch(warn);
});
