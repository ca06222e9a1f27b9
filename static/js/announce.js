// The screen reader's voice: every announcement of the page goes through `announce`, in the order
// it is made, with no timer. Two polite live regions carry them: the table's (#live: plays, deals,
// the hand's end) and the review keys' (#access-live, access.js: what T, H, P... ask). Each
// announcement is a new paragraph that replaces the region's last one, so the same words are read
// again (R repeats) and nothing waits for a frame.
//
//   announce("Anna played the Seven of Coins.")            the table's region
//   announce("On the table: ...", { region: "access" })   the review keys' region

const REGIONS = { table: "live", access: "access-live" };

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

/** Say text now, after whatever was announced before it. */
export function announce(text, { region = "table" } = {}) {
  if (!text) return;
  const el = liveRegion(region);
  if (!el) return;
  const p = document.createElement("p");
  p.textContent = text;
  el.replaceChildren(p);
}

