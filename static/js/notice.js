// Notices over the page (game page and replay viewer): "a new version is ready" (offline.js), "the
// saved game could not be restored" (persist.js). They stack at the top centre, under the title bar
// and clear of the player's hand, each with its own buttons; the styles are inline so any page
// can show them without its own stylesheet.
//
//   const box = showNotice({ id: "update-bar", role: "status", text: "...", i18n: "offline.update",
//                            buttons: [{ label: "Reload", i18n: "offline.reload", primary: true, onClick }] });
//   box.remove();
//
// `i18n` keys are set as data-i18n, so i18n.js's translatePage() relabels them on a language change.

const STACK_ID = "settebello-notices";
const STACK_STYLE = "position:fixed;top:.5rem;left:50%;transform:translateX(-50%);z-index:1000;display:flex;" +
  "flex-direction:column;gap:.5rem;align-items:center;width:max-content;max-width:calc(100vw - 1rem);pointer-events:none";
const BOX_STYLE = "pointer-events:auto;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;" +
  "gap:.5rem .75rem;padding:.6rem .9rem;border-radius:.6rem;background:#14261b;color:#f6f0df;" +
  "box-shadow:0 4px 18px rgba(0,0,0,.45);font:15px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:100%";
// a button 44 px high or more: a finger hits it on a phone (issue 24)
const BUTTON_STYLE = "font:inherit;min-height:44px;padding:.3rem .9rem;border-radius:999px;cursor:pointer;" +
  "border:1px solid rgba(246,240,223,.5);background:transparent;color:inherit";
const PRIMARY_STYLE = ";background:#f2c14e;border-color:#f2c14e;color:#2a1d05;font-weight:600";

function stack() {
  let el = document.getElementById(STACK_ID);
  if (!el) {
    el = document.createElement("div");
    el.id = STACK_ID;
    el.style.cssText = STACK_STYLE;
    document.body.append(el);
  }
  // just below the page's title bar, so neither its buttons nor the player's hand are covered
  const bar = document.querySelector("body > header");
  const bottom = bar ? bar.getBoundingClientRect().bottom : 0;
  el.style.top = `${Math.max(8, Math.min(bottom + 8, innerHeight / 3))}px`;
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
