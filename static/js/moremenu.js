// Input: the header's "More" menu on a phone (table.js wires it at boot).
import { pointerInput } from "./input.js";
import { onLanguageChange } from "./i18n.js";
import { on } from "./store.js";

const $ = (id) => document.getElementById(id);

/** A phone, or a window too short for the full bar's rows (index.html folds the bar there at once). */
const NARROW = matchMedia("(max-width: 700px), (max-height: 560px)");

/** Whether the full bar's buttons all share one row with the name: measured with the bar unfolded,
 *  in one task, so nothing of it is ever painted. */
function fullBarFits(bar, nav) {
  const root = document.documentElement, folded = root.classList.contains("bar-fold");
  root.classList.remove("bar-fold");
  const items = [...nav.children, ...$("more-menu").children].filter((e) => e.getClientRects().length && e.id !== "more-menu");
  const rows = items.map((e) => e.getBoundingClientRect());
  const name = bar.querySelector(".brand").getBoundingClientRect();
  const first = rows[0];
  const fits = !!first && rows.every((r) => Math.abs(r.top - first.top) < first.height / 2)
    && name.top < first.bottom && name.bottom > first.top;
  root.classList.toggle("bar-fold", folded);
  return fits;
}

/** The bar folds its less used buttons into "More" on a phone, in a short window, and wherever they
 *  do not fit one row beside the name: a tablet's width, a larger text chosen (Settings, Help), a
 *  longer language. Three rows of buttons would push the hand below the screen's foot (the review of
 *  2026-11-30: text at 150 % on a 1280 x 800 laptop). */
function foldBar(bar, nav, close) {
  const fold = NARROW.matches || !fullBarFits(bar, nav);
  const root = document.documentElement;
  if (fold === root.classList.contains("bar-fold")) return;
  root.classList.toggle("bar-fold", fold);
  close();
}

/** The less used header buttons fold into a menu where the bar has no room for them (foldBar); New
 *  game, Undo and Hint stay in the bar, one tap away. */
export function wireMoreMenu() {
  const btn = $("more-btn"), menu = $("more-menu"), nav = btn?.closest(".actions"), bar = nav?.closest(".bar");
  if (!btn || !menu || !nav || !bar) return;
  const setOpen = (open, { focusButton = false } = {}) => {
    nav.classList.toggle("actions--open", open);
    btn.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button:not([disabled]), select")?.focus();
    else if (focusButton) btn.focus();
  };
  const refold = () => foldBar(bar, nav, () => setOpen(false));
  refold();
  // the room changes with the window, the bar's words (a language, a text size, the sides' names)
  addEventListener("resize", refold);
  onLanguageChange(refold);
  on("display", refold);
  if (typeof ResizeObserver === "function") new ResizeObserver(refold).observe(bar);
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
