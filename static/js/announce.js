// The screen reader's voice: every announcement of the page goes through `announce`, in the order
// it is made, with no timer. Two polite live regions carry them: the table's (#live: plays, deals,
// the hand's end) and the review keys' (#access-live, access.js: what T, H, P... ask). Each
// announcement is a new paragraph that replaces the region's last one, so the same words are read
// again (R repeats) and nothing waits for a frame.
//
//   announce("Anna played the Seven of Coins.")             the table's region
//   announce(() => t("status.undone"))                       words made again in a new language
//   announce(() => sayTable(v), { region: "access" })       the review keys' region
//
// Words given as a function follow the language: when the player switches it, what a region says
// is made again in the new one at once (its paragraph, still there, gets the new words, marked
// data-retold so access.js's repeat key does not take it for news).
import { onLanguageChange } from "./i18n.js";

const REGIONS = { table: "live", access: "access-live" };
/** Each region's last announcement given as words to make: {p, words}. */
const lastMade = new Map();

/** The region's element (#access-live is made here when the page has none). */
export function liveRegion(region = "table") {
  const id = REGIONS[region];
  let el = document.getElementById(id);
  if (!el && region === "access") {
    el = document.createElement("div");
    el.id = id;
    el.className = "visually-hidden";
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
    el.dataset.testid = id;
    document.body.append(el);
  }
  return el;
}

/** Say `words` now (a text, or a function making it in the page's language), after whatever was
 *  announced before it. */
export function announce(words, { region = "table" } = {}) {
  const text = typeof words === "function" ? words() : words;
  if (!text) return;
  const el = liveRegion(region);
  if (!el) return;
  const p = document.createElement("p");
  p.textContent = text;
  el.replaceChildren(p);
  if (typeof words === "function") lastMade.set(region, { p, words });
  else lastMade.delete(region);
}

/** Empty both regions and forget what they said (access.js's repeat key too): the device passes to
 *  another person, who must not find the words meant for the one before ("Your hand: …") there. */
export function hush() {
  for (const region of Object.keys(REGIONS)) liveRegion(region)?.replaceChildren();
  lastMade.clear();
  document.dispatchEvent(new Event("settebello:hushed"));
}

// once every module has taken the new language (table.js says the people's default names in it)
onLanguageChange(() => queueMicrotask(() => {
  for (const { p, words } of lastMade.values()) {
    if (!p.isConnected) continue;  // the region was emptied or said something else since
    const text = words();
    if (!text || text === p.textContent) continue;
    p.dataset.retold = "";
    p.textContent = text;
  }
}));
