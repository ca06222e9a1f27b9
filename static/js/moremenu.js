// Input: the header's "More" menu, shown where the bar folds (barfold.js); table.js wires it at boot.
import { pointerInput } from "./input.js";
import { onLanguageChange } from "./i18n.js";
import { on } from "./store.js";

const $ = (id) => document.getElementById(id);

/** The less used header buttons fold into a menu where the bar has no room for them (barfold.js); New
 *  game, Undo and Hint stay in the bar, one tap away. */
export function wireMoreMenu() {
  const btn = $("more-btn"), menu = $("more-menu"), nav = btn?.closest(".actions");
  if (!btn || !menu || !nav) return;
  const setOpen = (open, { focusButton = false } = {}) => {
    nav.classList.toggle("actions--open", open);
    btn.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button:not([disabled]), select")?.focus();
    else if (focusButton) btn.focus();
  };
  // barfold.js folds the bar by its room (the window's, the bar's own); the words it measures change
  // with a language or a text size chosen; a fold either way closes the menu
  const refold = () => window.settebelloBarFold?.();
  onLanguageChange(refold);
  on("display", refold);
  addEventListener("settebello:barfold", () => setOpen(false));
  // Escape on "More" itself closes its open menu too (from inside the menu: below)
  btn.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && nav.classList.contains("actions--open")) { e.stopPropagation(); setOpen(false); }
  });
  btn.addEventListener("click", () => setOpen(!nav.classList.contains("actions--open")));
  // a button in the menu folds the menu away, then does its work (usually opening a dialog); a
  // keyboard player gets the focus on "More" first, so a dialog gives it back to a visible button
  menu.addEventListener("click", (e) => {
    if (e.target.closest("button") && nav.classList.contains("actions--open")) setOpen(false, { focusButton: !pointerInput });
  }, true);
  // a language chosen in the menu is done with it too: it folds away, the focus on "More" (the
  // language menu then finds its select hidden and leaves the focus there)
  menu.addEventListener("change", (e) => {
    if (e.target.closest("select") && nav.classList.contains("actions--open")) setOpen(false, { focusButton: true });
  });
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && nav.classList.contains("actions--open")) { e.stopPropagation(); setOpen(false, { focusButton: true }); }
  });
  document.addEventListener("pointerdown", (e) => { if (!nav.contains(e.target)) setOpen(false); });
  nav.addEventListener("focusout", (e) => { if (e.relatedTarget && !nav.contains(e.relatedTarget)) setOpen(false); });
}

/** The focus back as a dialog closes: where it was, else, for a dialog opened from the bar, its own
 *  button (`own`, an id) or "More", whichever the bar shows now (a text size chosen in the dialog
 *  folds or unfolds the bar: barfold.js). False when none is in sight. */
export function focusBack(opener, own = null) {
  const seen = (e) => !!e && e.isConnected && e !== document.body && e.getClientRects().length > 0;
  const back = [opener, ...(own ? [$(own), $("more-btn")] : [])].find(seen);
  back?.focus();
  return !!back;
}
