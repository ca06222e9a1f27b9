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
// The snapshot is 6.5 MB: on a first visit it pays only on a fast line (benchmarks/load_net.py:
// on "Fast 4G", ~9 Mbit/s, it costs several times the CPU it saves). So (`snapshotRule`):
//   - a copy already cached (the offline cache takes one once the game is up; the HTTP cache)
//     is always used;
//   - with the data saver on, on a 3g-or-slower connection, or on a mobile-like line by the
//     browser's own estimate (`navigator.connection`, Chromium's: under FAST_MBIT and round
//     trips over FAR_RTT_MS, as "Fast 4G" is), nothing is downloaded now: Pyodide
//     boots the ordinary way, and the offline cache fetches the snapshot in the background
//     once the game is up, for the next visit;
//   - otherwise, on a line the browser says is fast, it is downloaded and used;
//   - in a browser that does not say (no navigator.connection: Firefox, Safari) the download
//     starts, and when PyScript calls loadPyodide its speed so far decides: if the rest would
//     take more than BUDGET_MS to arrive, it is dropped (the bytes already read are the price
//     of knowing; the speed is that of one download among the runtime's others, so this errs
//     on the light side) and Pyodide boots the ordinary way.
//
// The game's code is not in the snapshot: py.zip ([files] in pyscript.toml) stays its source.
// If the snapshot is missing, unreadable or does not restore (e.g. a stale file from another
// Pyodide build), Pyodide boots the ordinary way, silently: a slower start, never a broken
// one. `globalThis.settebelloBoot` records which way it went ({snapshot, reason, ms, mbit}) and
// bridge.py's ping reports whether Python's memory really came from the snapshot.
import { loadPyodide as loadPlainPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import "./idbguard.js";  // storage refused: an IndexedDB in memory, before PyScript opens its cache

// PyScript opens its package cache (IndexedDB) once this module is imported: with the site's
// storage refused that open fails and the boot with it, so the guard decides first (idbguard.js).
await globalThis.settebelloStorage.ready;

export { version }; // PyScript reads the module's version (its package cache is keyed on it)

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("snapshot.bin.gz", INDEX_URL).href;
const GZIP_MAGIC = [0x1f, 0x8b];
const SLOW = ["slow-2g", "2g", "3g"]; // navigator.connection.effectiveType (Chromium browsers)
// Chromium's `downlink` estimate stops at 10 Mbit/s; below that the snapshot cannot pay: its
// 6.5 MB take over 5 s there, for ~1.5 s of CPU saved.
const FAST_MBIT = 10;
const FAR_RTT_MS = 100; // navigator.connection.rtt above this: a mobile network's round trips
// The most the rest of the snapshot may take to arrive, measured at loadPyodide's call: about
// what restoring it saves on this machine's CPU (a phone saves more, but has the slower line).
const BUDGET_MS = 1000;
// Before deciding, read at least this long (ms) or this much (bytes), or the whole file.
const MEASURE_MS = 150;
const MEASURE_BYTES = 1 << 20;
const EXPECTED_BYTES = 7e6; // when the server gives no Content-Length

// Times are ms on the worker's clock (performance.now()): when the snapshot was in memory,
// when PyScript called loadPyodide, and how long that call took.
const boot = { snapshot: false, reason: "not started", ms: null, fetchedAt: null, calledAt: null, mbit: null };
globalThis.settebelloBoot = boot;

/**
 * What to do about the snapshot before anything is fetched: "cached" (use a copy only if one
 * is cached: a slow, far or metered line), "download" (a fast line by the browser's estimate),
 * or "measure" (a browser that does not say: download it and let its speed decide).
 * @param {{saveData?: boolean, effectiveType?: string, downlink?: number, rtt?: number}|undefined} connection
 * @returns {{rule: "cached"|"download"|"measure", why: string}}
 */
export function snapshotRule(connection) {
  if (!connection) return { rule: "measure", why: "" };
  if (connection.saveData) return { rule: "cached", why: "data saver on" };
  if (SLOW.includes(connection.effectiveType)) return { rule: "cached", why: `${connection.effectiveType} connection` };
  // a mobile-like line by the browser's own estimate: slow and far ("Fast 4G": ~8 Mbit/s,
  // 150 ms). With no measurement yet (e.g. on loopback) Chromium says 1.45 Mbit/s and 100 ms.
  const { downlink, rtt } = connection;
  if (downlink > 0 && downlink < FAST_MBIT && rtt > FAR_RTT_MS)
    return { rule: "cached", why: `${downlink} Mbit/s, ${rtt} ms connection` };
  return { rule: "download", why: "" };
}

/**
 * Whether the rest of a download will arrive within budgetMs at the speed measured so far.
 * @returns {{use: boolean, mbit: number|null}}
 */
export function paysOff({ received, total, elapsedMs, budgetMs = BUDGET_MS }) {
  if (received >= total) return { use: true, mbit: null };
  const rate = received / Math.max(elapsedMs, 1); // bytes per ms
  const mbit = Math.round((rate * 8) / 100) / 10;
  return { use: (total - received) / Math.max(rate, 1e-9) <= budgetMs, mbit };
}

/**
 * The snapshot's download, read as it arrives (so its speed can be measured): `chunks`
 * holds what came so far, `done` resolves when the body is complete (or failed).
 */
class Download {
  constructor(response, controller) {
    this.controller = controller;
    this.reader = response.body.getReader();
    this.total = Number(response.headers.get("content-length")) || EXPECTED_BYTES;
    this.chunks = [];
    this.received = 0;
    this.startedAt = performance.now();
    this.complete = false;
    this.waiters = [];
    this.done = this.#pump();
    this.done.catch(() => {});
  }

  async #pump() {
    for (;;) {
      const { done, value } = await this.reader.read();
      if (done) break;
      this.chunks.push(value);
      this.received += value.length;
      this.#wake();
    }
    this.complete = true;
    this.total = this.received;
    this.#wake();
  }

  #wake() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves after the next chunk, the end, or ms milliseconds. */
  progress(ms) {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      setTimeout(resolve, ms);
    });
  }

  /** Wait (a little) until its speed can be told, then whether it pays. */
  async decide() {
    for (;;) {
      const elapsed = performance.now() - this.startedAt;
      if (this.complete || elapsed >= MEASURE_MS || this.received >= MEASURE_BYTES) {
        return paysOff({ received: this.received, total: this.total, elapsedMs: elapsed });
      }
      await Promise.race([this.progress(MEASURE_MS - elapsed), this.done.catch(() => {})]);
    }
  }

  cancel() {
    this.controller.abort();
  }

  /** The whole body as a stream: the chunks read so far, then the rest as it comes. */
  stream() {
    let index = 0;
    return new ReadableStream({
      pull: async (controller) => {
        for (;;) {
          if (index < this.chunks.length) {
            controller.enqueue(this.chunks[index]);
            this.chunks[index++] = null; // handed on: let it be freed
            return;
          }
          if (this.complete) {
            controller.close();
            return;
          }
          await Promise.race([this.progress(1000), this.done]);
        }
      },
    });
  }
}

/** The snapshot's bytes, gunzipped when still gzip (a server that sends it with
 *  `Content-Encoding: gzip` has the browser decompress it already). */
async function gunzip(download) {
  const body = download.stream();
  const reader = body.getReader();
  let first = await reader.read();
  while (!first.done && first.value.length < 2) {
    const next = await reader.read(); // a 1-byte first chunk: join it to the next one
    if (next.done) break;
    first = { done: false, value: new Uint8Array([...first.value, ...next.value]) };
  }
  const head = first.done ? new Uint8Array() : first.value;
  const rest = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  const gzipped = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  const stream = gzipped ? rest.pipeThrough(new DecompressionStream("gzip")) : rest;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The snapshot's download, or null (with boot.reason) when there is none to use. Never rejects. */
async function openSnapshot() {
  if (typeof DecompressionStream !== "function") {
    boot.reason = "no DecompressionStream in this browser";
    return null;
  }
  const { rule, why } = snapshotRule(globalThis.navigator?.connection);
  const controller = new AbortController();
  try {
    const response = rule === "cached"
      ? await fetch(SNAPSHOT_URL, { cache: "only-if-cached", mode: "same-origin", signal: controller.signal }).catch(() => null)
      : await fetch(SNAPSHOT_URL, { signal: controller.signal });
    if (rule === "cached" && !response?.ok) {
      boot.reason = `not downloaded: ${why}`;
      return null;
    }
    if (!response.ok) {
      boot.reason = `snapshot: HTTP ${response.status}`;
      return null;
    }
    const download = new Download(response, controller);
    download.rule = rule;
    return download;
  } catch (err) {
    boot.reason = `snapshot: ${err?.message ?? err}`;
    return null;
  }
}

/** The snapshot's bytes; rejects (with boot.reason set) if the body cannot be read. */
async function readSnapshot(download) {
  try {
    const bytes = await gunzip(download);
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
  let download = await opened;
  opened = Promise.resolve(null); // a second call (PyScript makes none) boots plainly
  if (download && download.rule === "measure") {
    // a browser that says nothing of its line: does the rest arrive soon enough to pay?
    const { use, mbit } = await download.decide();
    boot.mbit = mbit;
    if (!use) {
      download.cancel();
      download = null;
      boot.reason = `not downloaded: ${mbit} Mbit/s measured, the rest would take over ${BUDGET_MS} ms`;
    }
  }
  if (download) {
    // Its body arrives while Pyodide fetches the wasm, its glue and the standard library:
    // Pyodide awaits the snapshot only once it has started those.
    const bytes = readSnapshot(download);
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
