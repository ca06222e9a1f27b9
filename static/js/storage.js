// The browser's localStorage, for every module: one place that knows storage can be blocked
// (private mode, a sandboxed frame) or full. A read that fails gives the fallback; a write that
// fails gives back the error (nothing is thrown), for the caller to report if it matters.
//
//   readJSON("settebello.clock", {})     writeJSON("settebello.clock", choice)
//   readText("settebello.lang")          writeText(key, text)      remove(key)
//
// A write that fails because storage is full first frees what can be rebuilt (the record handed
// to the replay viewer, and whatever a module registered with onFreeSpace) and tries once more.
// If it still fails, a `settebello:storage-failed` event ({detail: {key, error}}) goes to window
// (space.js tells the player, once), unless the caller said {report: false} because it tells the
// player itself (persist.js: the match, with its record to download).
//
// Every deployment of the game on one origin (USER.github.io/A/ and USER.github.io/B/ share one
// localStorage and one quota) keeps its matches under keys scoped by SCOPE, the path of the site's
// root: scoped("settebello.save") is "settebello.save:/A/". So does every other key (the tournament,
// the statistics, the replay hand-off, each preference): ownKey("settebello.lang") is
// "settebello.lang:/A/", the key of the versions before moved to it once.

/** The site's root path, e.g. "/" or "/REPO/": this module is at static/js/ of the site. */
export const SCOPE = new URL("../../", import.meta.url).pathname;

/** key with this deployment's scope: "settebello.save" → "settebello.save:/REPO/". */
export function scoped(key) { return `${key}:${SCOPE}`; }

/** This deployment's own key for `key` (the tournament, the statistics, the replay hand-off, every
 *  preference: scoped, so two deployments on one origin keep theirs apart). The key of the versions
 *  before, one for the whole origin, is moved to it once, by the first deployment that asks for it
 *  (as persist.js takes over the old match); a deployment that already has its own keeps it. */
export function ownKey(key) {
  const mine = scoped(key);
  try {
    const s = storage();
    if (s && s.getItem(mine) === null) {
      const old = s.getItem(key);
      if (old !== null) {
        s.setItem(mine, old);
        s.removeItem(key);
      }
    }
  } catch { /* storage blocked or full: the old key stays where it is, for a later visit */ }
  return mine;
}

/** What can be dropped when storage is full because it can be made again (the replay hand-off,
 *  this deployment's and the versions before's). */
const REBUILDABLE = [scoped("settebello.replay"), "settebello.replay"];
const freers = [];

function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** True when err says storage is full (QuotaExceededError, in any browser's words). */
export function isQuotaError(err) {
  return Boolean(err) && (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || err.code === 22 || err.code === 1014);
}

/** Register fn(), which drops something that can be rebuilt when storage is full. */
export function onFreeSpace(fn) { freers.push(fn); }

/** Drop what can be rebuilt (never `keep`); returns how many keys went. */
export function freeSpace(keep = null) {
  let dropped = 0;
  for (const key of REBUILDABLE) {
    if (key !== keep && readText(key) !== null) { remove(key); dropped += 1; }
  }
  for (const fn of freers) {
    try { dropped += fn(keep) || 0; } catch { /* a freer that fails frees nothing */ }
  }
  return dropped;
}

/** The text stored under key, or null (nothing stored, or storage blocked). */
export function readText(key) {
  try { return storage()?.getItem(key) ?? null; } catch { return null; }
}

function tryWrite(key, text) {
  try {
    const s = storage();
    if (!s) return new Error("storage is blocked");
    s.setItem(key, text);
    return null;
  } catch (err) { return err; }
}

/** Store text under key; null on success or the Error. {report: false}: no storage-failed event. */
export function writeText(key, text, { report = true } = {}) {
  let err = tryWrite(key, text);
  if (isQuotaError(err) && freeSpace(key) > 0) err = tryWrite(key, text);
  if (err && report) {
    console.warn(`Settebello: could not store ${key} (${err.message})`);
    window.dispatchEvent(new CustomEvent("settebello:storage-failed", { detail: { key, error: err } }));
  }
  return err;
}

/** The JSON value stored under key, or `fallback` (nothing stored, unreadable, storage blocked). */
export function readJSON(key, fallback = null) {
  const text = readText(key);
  if (text === null) return fallback;
  try { return JSON.parse(text) ?? fallback; } catch { return fallback; }
}

/** Store value as JSON under key; null on success or the Error. */
export function writeJSON(key, value, options) { return writeText(key, JSON.stringify(value), options); }

/** Forget key. */
export function remove(key) {
  try { storage()?.removeItem(key); } catch { /* storage blocked */ }
}

/** Every stored key that starts with prefix. */
export function keysWith(prefix) {
  const s = storage();
  const out = [];
  try {
    for (let i = 0; s && i < s.length; i += 1) {
      const k = s.key(i);
      if (k !== null && k.startsWith(prefix)) out.push(k);
    }
  } catch { /* storage blocked */ }
  return out;
}
