// Input: the header's "More" menu on a phone (table.js wires it at boot).
import { pointerInput } from "./input.js";

const $ = (id) => document.getElementById(id);

/** On a phone the less used header buttons fold into a menu (CSS shows #more-btn only there; 700 px
 *  is table.css's phone width); New game, Undo and Hint stay in the bar, one tap away. */
export function wireMoreMenu() {
  const btn = $("more-btn"), menu = $("more-menu"), nav = btn?.closest(".actions");
  if (!btn || !menu || !nav) return;
  const setOpen = (open, { focusButton = false } = {}) => {
    nav.classList.toggle("actions--open", open);
    btn.setAttribute("aria-expanded", String(open));
    if (open) menu.querySelector("button:not([disabled]), select")?.focus();
    else if (focusButton) btn.focus();
  };
  matchMedia("(max-width: 700px)").addEventListener("change", () => setOpen(false));
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
