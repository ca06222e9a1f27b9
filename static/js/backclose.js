// The browser's Back (a phone's back button or gesture) closes the dialog on top, as an app's does,
// rather than leaving the game (the review of 2026-12-02: Back with the rules open went to the page
// before, a reload of 10-30 s away). A modal dialog opening adds one entry to the session's history;
// Back takes that entry away and asks the dialog on top to close as Escape would (its `cancel`: a
// dialog that must stay refuses it, and the entry comes back). A dialog closed by its own buttons
// takes its entry away, so Back then leaves as before.

const MARK = "settebelloDialog";
const token = `${Date.now()}-${Math.random()}`;  // this page's entries, not another load's
let expectPop = false;  // our own history.back(): its popstate closes nothing

const modalOpen = () => [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal"));
const ours = () => history.state?.[MARK] === token;

function mark() {
  // (a frame whose history may not be written, a sandbox's: Back there is the host page's)
  try { if (!ours()) history.pushState({ ...(history.state || {}), [MARK]: token }, ""); } catch { /* as before */ }
}

/** Ask `d` to close as Escape would: its cancel listeners may keep it open. */
function requestClose(d) {
  if (typeof d.requestClose === "function") { d.requestClose(); return; }
  if (d.dispatchEvent(new Event("cancel", { cancelable: true }))) d.close();
}

function follow() {
  if (expectPop) return;
  if (modalOpen().length) mark();
  else if (ours()) { expectPop = true; history.back(); }
}

addEventListener("popstate", () => {
  if (expectPop) { expectPop = false; follow(); return; }
  const top = modalOpen().at(-1);
  if (top) requestClose(top);
  // a dialog that stayed (it refused), or one more beneath it: Back is needed once more
  queueMicrotask(() => { if (modalOpen().length) mark(); });
});

new MutationObserver(follow).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
