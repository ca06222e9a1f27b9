// Knock-out tournaments (RULES §5), the part the page needs from its start: the "Tournament"
// button, and a tournament kept in localStorage restored after a reload as the page is ready
// (store.js's ready news). The set-up form, the bracket, the matches and their logs are
// bracketview.js, imported on first use (cached after): the first paint and the first hand need
// none of it.
import { readJSON, ownKey } from "./storage.js";
import { on } from "./store.js";
import { whenReady } from "./bootview.js";

export const STORE = ownKey("settebello.tournament");  // this deployment's (storage.js)

const view = () => import("./bracketview.js");

/** Open the tournament dialog (its module loaded first: nothing is drawn before it has arrived). */
export async function openTournament() {
  await (await view()).openTournament();
}

// pressed while the game loads: remembered, and opened once it is ready (bootview.js)
document.getElementById("tournament-btn")?.addEventListener("click", () => whenReady("tournament", () => {
  openTournament().catch((err) => console.warn(`Settebello: the tournament did not open (${err.message})`));
}));

// a tournament under way before a reload: loaded again (and its match linked) once the table is ready
on("ready", () => {
  if (!readJSON(STORE)) return;
  view().then((m) => m.boot()).catch((err) => console.warn(`Settebello: the tournament was not restored (${err.message})`));
});
