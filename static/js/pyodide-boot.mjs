// The engine worker's Pyodide, booted from a memory snapshot (pyscript.toml's `interpreter`).
//
// PyScript imports this module in the worker instead of pyodide.mjs and calls its
// `loadPyodide`, which is Pyodide's own with two changes:
//
// - `indexURL` is static/vendor/pyodide/ (PyScript would take this file's folder);
// - `_loadSnapshot`: static/vendor/pyodide/snapshot.bin.gz, made by scripts/build.py
//   (scripts/snapshot.mjs) from the same Pyodide after importing the standard library
//   modules PyScript's bootstrap and static/bridge.py import. Restoring that memory replaces
//   Python's start-up inside loadPyodide (~1.5 s of the ~2 s boot here) with a copy of
//   ~30 MB. It is fetched as soon as this module runs (alongside pyodide.asm.wasm) and
//   decompressed by the browser as it arrives (DecompressionStream, no library).
//
// On a slow connection (effectiveType 3g or slower) or with the data saver on, a first visit
// does not download it (6.5 MB would cost more than the start-up it saves); a cached copy
// (the offline cache takes one once the game is up) is still used.
//
// The game's code is not in the snapshot: py.zip ([files] in pyscript.toml) stays its source.
// If the snapshot is missing, unreadable or does not restore (e.g. a stale file from another
// Pyodide build), Pyodide boots the ordinary way, silently: a slower start, never a broken
// one. `globalThis.settebelloBoot` records which way it went ({snapshot, reason, ms}) and
// bridge.py's ping reports whether Python's memory really came from the snapshot.
import { loadPyodide as loadPlainPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version }; // PyScript reads the module's version (its package cache is keyed on it)

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("snapshot.bin.gz", INDEX_URL).href;
const GZIP_MAGIC = [0x1f, 0x8b];
const SLOW = ["slow-2g", "2g", "3g"]; // navigator.connection.effectiveType (Chromium browsers)

// Times are ms on the worker's clock (performance.now()): when the snapshot was in memory,
// when PyScript called loadPyodide, and how long that call took.
const boot = { snapshot: false, reason: "not started", ms: null, fetchedAt: null, calledAt: null };
globalThis.settebelloBoot = boot;

/**
 * The response's body, gunzipped when it is still gzip (a server that sends the file with
 * `Content-Encoding: gzip` has the browser decompress it already), as one Uint8Array.
 */
async function gunzipBody(response) {
  const reader = response.body.getReader();
  let first = await reader.read();
  while (!first.done && first.value.length < 2) {
    const next = await reader.read(); // a 1-byte first chunk: join it to the next one
    if (next.done) break;
    first = { done: false, value: new Uint8Array([...first.value, ...next.value]) };
  }
  const head = first.done ? new Uint8Array() : first.value;
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzipped = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  const stream = gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The snapshot's response, or null (with boot.reason) when there is none to use. Never rejects. */
async function openSnapshot() {
  if (typeof DecompressionStream !== "function") {
    boot.reason = "no DecompressionStream in this browser";
    return null;
  }
  // On a slow connection, or with the data saver on, 6.5 MB more would cost a first visit
  // far more than the 1.5 s the snapshot saves: then only a copy already cached is used
  // (the offline cache fetches it in the background for the next visit).
  const connection = globalThis.navigator?.connection;
  const spare = Boolean(connection?.saveData) || SLOW.includes(connection?.effectiveType);
  try {
    const response = spare
      ? await fetch(SNAPSHOT_URL, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null)
      : await fetch(SNAPSHOT_URL);
    if (spare && !response?.ok) {
      boot.reason = `not downloaded: ${connection.saveData ? "data saver on" : `${connection.effectiveType} connection`}`;
      return null;
    }
    if (!response.ok) {
      boot.reason = `snapshot: HTTP ${response.status}`;
      return null;
    }
    return response;
  } catch (err) {
    boot.reason = `snapshot: ${err?.message ?? err}`;
    return null;
  }
}

/** The snapshot's bytes; rejects (with boot.reason set) if the body cannot be read. */
async function readSnapshot(response) {
  try {
    const bytes = await gunzipBody(response);
    boot.fetchedAt = Math.round(performance.now());
    return bytes;
  } catch (err) {
    boot.reason = `snapshot: ${err?.message ?? err}`;
    throw err;
  }
}

// Started with the module, so the download overlaps PyScript's own start-up in the worker.
let opened = openSnapshot();

// Once restored: a random state of this visit's own, the player's time zone, import caches
// reset (see AFTER_RESTORE in scripts/snapshot.mjs, which put this function in the snapshot).
const AFTER_RESTORE = "import _settebello_snapshot\n_settebello_snapshot.after_restore()";

/**
 * Pyodide's loadPyodide (same options), from the snapshot when there is a usable one.
 * @param {object} [options] as for Pyodide's loadPyodide; indexURL is always the vendored one
 */
export async function loadPyodide(options = {}) {
  const started = performance.now();
  boot.calledAt = Math.round(started);
  const config = { ...options, indexURL: INDEX_URL };
  // The snapshot's headers (one round trip, usually there by now): with no snapshot to use,
  // the ordinary boot starts at once, without a first attempt to throw away.
  const response = await opened;
  opened = Promise.resolve(null); // a second call (PyScript makes none) boots plainly
  if (response) {
    // Its body arrives while Pyodide fetches the wasm, its glue and the standard library:
    // Pyodide awaits the snapshot only once it has started those.
    const bytes = readSnapshot(response);
    bytes.catch(() => {}); // Pyodide sees a rejection when it awaits; not "unhandled" before
    try {
      const pyodide = await loadPlainPyodide({ ...config, _loadSnapshot: bytes });
      try {
        // Pyodide keeps its options: detach the ~30 MB it no longer needs, so they can be freed
        (await bytes).buffer.transfer?.(0);
      } catch {
        // a browser without ArrayBuffer.prototype.transfer: they stay
      }
      const namespace = pyodide.toPy({});
      pyodide.runPython(AFTER_RESTORE, { globals: namespace });
      namespace.destroy();
      Object.assign(boot, { snapshot: true, reason: "restored", ms: Math.round(performance.now() - started) });
      return pyodide;
    } catch (err) {
      // unreadable, or it did not restore (e.g. "Snapshot build id mismatch": that instance
      // is unusable): a fresh, ordinary boot
      if (boot.reason === "not started") boot.reason = `snapshot did not restore: ${err?.message ?? err}`;
    }
  }
  const pyodide = await loadPlainPyodide(config);
  boot.ms = Math.round(performance.now() - started);
  return pyodide;
}
