// The page's modal dialogs that are made on first use (settings, statistics, tournament, forfeit):
// one <dialog> per id, created the first time a module asks for it, the same element after; and
// the stylesheets of those that have their own, linked when first opened.

/**
 * The <dialog id=id>, made (with its class and its title's id for aria-labelledby) and appended to
 * the page the first time; `made(d)` runs once, on the new element (its listeners).
 */
export function modal(id, className, titleId, made = null) {
  let d = document.getElementById(id);
  if (!d) {
    d = document.createElement("dialog");
    d.id = id;
    d.className = className;
    d.setAttribute("aria-labelledby", titleId);
    document.body.append(d);
    made?.(d);
  }
  return d;
}

/**
 * Give `control` (an opening dialog's or the score sheet's main button) the keyboard, unless the
 * box that scrolls (`scroller`) would then scroll its title out of sight (a phone, a larger text):
 * then `title` takes the focus (tabindex -1), so the eye and a screen reader start at the top, as
 * the WAI-ARIA dialog pattern advises; Tab goes on from there to the buttons.
 */
export function focusAtTop(scroller, control, title) {
  scroller.scrollTop = 0;
  if (!control) return;
  // how far the box would scroll to show the control (the box's scroll-padding and the control's
  // scroll-margin as the browser counts them: a button stuck at the foot scrolls nothing, story.css)
  const box = scroller.getBoundingClientRect(), r = control.getBoundingClientRect();
  const margin = (parseFloat(getComputedStyle(scroller).scrollPaddingBottom) || 0)
    + (parseFloat(getComputedStyle(control).scrollMarginBottom) || 0);
  const scroll = Math.max(0, r.bottom + margin - Math.min(box.bottom, window.innerHeight));
  // the title kept at least half in sight (a review: a tablet's Scopone sheet at 200 % opened with
  // "Mano 1: il punteggio" cut in half under the bar's edge, 53 px scrolled)
  const t = title?.getBoundingClientRect();
  if (!t || (t.top + t.bottom) / 2 - scroll >= box.top) { control.focus(); return; }
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
}

/** The dialog's own stylesheet static/css/`name`.css, linked the first time it opens (neither the
 *  first paint nor an embed's first bytes wait for it); resolves once it applies. */
export function stylesheet(name) {
  const id = `${name}-css`;
  const there = document.getElementById(id);
  if (there) return there.loaded || Promise.resolve();
  // said relative to the page, as every address in it is (a site under /REPO/; test_smoke)
  const url = new URL(`../css/${name}.css`, import.meta.url).href, page = new URL(".", document.baseURI).href;
  const link = Object.assign(document.createElement("link"), { id, rel: "stylesheet",
    href: url.startsWith(page) ? `./${url.slice(page.length)}` : url });
  link.loaded = new Promise((resolve) => { link.onload = link.onerror = resolve; });
  document.head.append(link);
  return link.loaded;
}
