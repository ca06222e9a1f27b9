// The page's modal dialogs that are made on first use (settings, statistics, tournament, forfeit):
// one <dialog> per id, created the first time a module asks for it, the same element after.

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
