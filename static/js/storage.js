// The browser's localStorage, for every module: one place that knows storage can be blocked
// (private mode, a sandboxed frame) or full. A read that fails gives the fallback; a write that
// fails gives back the error (nothing is thrown), for the caller to report if it matters.
//
//   readJSON("settebello.clock", {})     writeJSON("settebello.clock", choice)
//   readText("settebello.lang")          writeText(key, text)      remove(key)

function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** The text stored under key, or null (nothing stored, or storage blocked). */
export function readText(key) {
  try { return storage()?.getItem(key) ?? null; } catch { return null; }
}

/** Store text under key; resolves nothing, returns null on success or the Error. */
export function writeText(key, text) {
  try {
    const s = storage();
    if (!s) return new Error("storage is blocked");
    s.setItem(key, text);
    return null;
  } catch (err) { return err; }
}

/** The JSON value stored under key, or `fallback` (nothing stored, unreadable, storage blocked). */
export function readJSON(key, fallback = null) {
  const text = readText(key);
  if (text === null) return fallback;
  try { return JSON.parse(text) ?? fallback; } catch { return fallback; }
}

/** Store value as JSON under key; null on success or the Error. */
export function writeJSON(key, value) { return writeText(key, JSON.stringify(value)); }

/** Forget key. */
export function remove(key) {
  try { storage()?.removeItem(key); } catch { /* storage blocked */ }
}
