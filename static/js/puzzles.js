// Puzzles (issue 47), the part the page needs from its start: opening them (the New game dialog's
// and the Today's deal dialog's "Puzzles" buttons, daily.js and dailyview.js), and after each
// hand the person's costly plays of the look-back kept as puzzles of their own (the engine's
// `puzzle_own`; the device keeps the trainer's state, this deployment's key). The dialog is
// puzzleview.js, imported on first use.
import { game } from "./engine.js";
import { on, info, view as currentView } from "./store.js";
import { ownKey, readJSON, writeJSON } from "./storage.js";

export const PUZZLES_KEY = ownKey("settebello.puzzles");  // this deployment's (storage.js)

const warn = (err) => console.warn(`Settebello: puzzles (${err.message})`);

/** Open the puzzles' dialog on the next puzzle. */
export function openPuzzles() {
  if (!info()) return;
  import("./puzzleview.js").then((m) => m.openPuzzles()).catch(warn);
}

// a hand ended where the look-back speaks: its costly plays become puzzles (judged while the sheet shows);
// a seat at another device's table has no look-back of its own here (people.js refuses it: not said)
on("hand-end", () => {
  if (!currentView()?.can_review) return;
  game("puzzle_own", { state: readJSON(PUZZLES_KEY, null) })
    .then((r) => { if (r.added) writeJSON(PUZZLES_KEY, r.state); })
    .catch((err) => { if (err?.reason !== "people.guest") warn(err); });
});
