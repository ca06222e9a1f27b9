// The game as the page knows it: the one current view the engine sent (py/settebello/session.py's
// `view`), what Python described at boot (`describe`: deck, presets, levels, bounds), and the
// table's news (a hand or a match ended, the first game is ready) — for every module. Modules
// subscribe here instead of keeping their own copy of the last view.
//
//   setView(view, "play")            table.js, after each engine answer
//   view()                           the current view (null before the first game)
//   onView((view, op, before) => …)  after every setView
//   emit("hand-end", {sheet})        on("hand-end", (detail) => …)
//
// Each view and each news item is also dispatched on window as `settebello:<type>` (state for a
// view: {op, view}) for whoever watches the page from outside (tests); no module listens there.

let current = null;
let described = null;
const listeners = new Map();

function listenersOf(type) {
  if (!listeners.has(type)) listeners.set(type, new Set());
  return listeners.get(type);
}

/** Call fn(detail) after every emit(type); returns a function that stops it. */
export function on(type, fn) {
  listenersOf(type).add(fn);
  return () => listenersOf(type).delete(fn);
}

/** Tell every module (and the window, for outside watchers) about `type`. */
export function emit(type, detail) {
  for (const fn of [...listenersOf(type)]) fn(detail);
  window.dispatchEvent(new CustomEvent(`settebello:${type}`, { detail }));
}

/** The current view (the last one the engine sent), or null. */
export function view() { return current; }

/** Make v the current view (op: the request that brought it) and tell every subscriber. */
export function setView(v, op) {
  const before = current;
  current = v;
  for (const fn of [...listenersOf("view")]) fn(v, op, before);
  window.dispatchEvent(new CustomEvent("settebello:state", { detail: { op, view: v } }));
}

/** Call fn(view, op, before) after every setView; returns a function that stops it. */
export function onView(fn) { return on("view", fn); }

/** What Python described at boot (the `variants` request), or null before. */
export function info() { return described; }

/** Keep the boot description (table.js and the replay viewer set it once). */
export function setInfo(d) { described = d; }

