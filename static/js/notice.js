// Notices of the page (game page and replay viewer): "a new version is ready" (offline.js), "the
// saved game could not be restored" (persist.js). They stack in a band of their own just below the
// title bar, which the table gives room to (nothing of the table under them), each with its own
// buttons; the styles are inline so any page can show them without its own stylesheet.
//
//   const box = showNotice({ id: "update-bar", role: "status", text: "...", i18n: "offline.update",
//                            buttons: [{ label: "Reload", i18n: "offline.reload", primary: true, onClick }] });
//   box.remove();
//
// `i18n` keys are set as data-i18n, so i18n.js's translatePage() relabels them on a language change.

const STACK_ID = "settebello-notices";
// on a page with a title bar the notices take their own band just below it, in the page's flow: the
// table beneath gives them room instead of being covered (a name plate, a pile, an open score
// sheet's headers: issue 45); the band is there only while a notice is
const BAND_STYLE = "position:relative;z-index:52;flex:0 0 auto;display:flex;flex-direction:column;gap:.35rem;" +
  "align-items:center;padding:.35rem .5rem;background:#0b2a19;border-bottom:1px solid rgba(0,0,0,.4)";
// a page without one: at the top centre, over the page
const FLOAT_STYLE = "position:fixed;top:.5rem;left:50%;transform:translateX(-50%);z-index:1000;display:flex;" +
  "flex-direction:column;gap:.5rem;align-items:center;width:max-content;max-width:calc(100vw - 1rem);pointer-events:none";
const BOX_STYLE = "pointer-events:auto;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;" +
  "gap:.35rem .75rem;padding:.4rem .8rem;border-radius:.6rem;background:#14261b;color:#f6f0df;" +
  "box-shadow:0 4px 18px rgba(0,0,0,.45);font:15px/1.35 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:100%";
// a button 44 px high or more: a finger hits it on a phone (issue 24)
const BUTTON_STYLE = "font:inherit;min-height:44px;padding:.3rem .9rem;border-radius:999px;cursor:pointer;" +
  "border:1px solid rgba(246,240,223,.5);background:transparent;color:inherit";
const PRIMARY_STYLE = ";background:#f2c14e;border-color:#f2c14e;color:#2a1d05;font-weight:600";

/** Tell the page its room changed (the table and an open sheet lay themselves out again). */
function roomChanged() {
  window.dispatchEvent(new CustomEvent("settebello:notices"));
}

function stack() {
  let el = document.getElementById(STACK_ID);
  if (el) return el;
  el = document.createElement("div");
  el.id = STACK_ID;
  const bar = document.querySelector("body > header");
  if (bar) {
    el.style.cssText = BAND_STYLE;
    bar.after(el);
  } else {
    el.style.cssText = FLOAT_STYLE;
    document.body.append(el);
  }
  // the last notice closed: the band goes, and the table has its room back
  new MutationObserver(() => {
    if (!el.children.length) el.remove();
    roomChanged();
  }).observe(el, { childList: true });
  return el;
}

/** Show a notice; returns its element (remove() it to close). An existing one with `id` is reused. */
export function showNotice({ id, role = "status", kind = "info", text, i18n, buttons = [], testid }) {
  if (id && document.getElementById(id)) return document.getElementById(id);
  const box = document.createElement("div");
  if (id) box.id = id;
  box.className = "notice";
  box.setAttribute("role", role);
  if (testid) box.dataset.testid = testid;
  box.style.cssText = BOX_STYLE + `;border:1px solid ${kind === "error" ? "#ff8f7a" : "rgba(242,193,78,.7)"}`;
  const msg = document.createElement("p");
  msg.style.cssText = "margin:0;flex:1 1 16rem";
  msg.textContent = text;
  if (i18n) msg.dataset.i18n = i18n;
  box.append(msg);
  for (const b of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = b.label;
    if (b.i18n) button.dataset.i18n = b.i18n;
    if (b.testid) button.dataset.testid = b.testid;
    button.style.cssText = BUTTON_STYLE + (b.primary ? PRIMARY_STYLE : "");
    button.addEventListener("click", () => b.onClick?.(button, box));
    box.append(button);
  }
  stack().append(box);
  return box;
}
