// The JS side of the seam: connects to the PyScript worker named "engine" (index.html)
// that runs static/bridge.py, and calls the functions bridge.py lists in __export__.
//
//   import { connectEngine, markEngine } from "./static/js/engine.js";
//   const engine = await connectEngine();             // resolves once Python answered
//   const info = await engine.call("ping", {hi: 1});   // JSON-able in, JSON-able out
//   markEngine("ready");                               // once the table is playable
//
// call(name, payload) JSON-encodes the payload, and resolves with the decoded `result` or
// rejects with an EngineError, one shape for both ways a call can fail:
//   - a refusal (the session or the engine says no: `{"error": "message"}`, with "reason" and
//     "params" when it names what is wrong): an EngineRefusal, whose .message is the engine's
//     English sentence (names.js's refusalText words it in the page's language);
//   - a bug (Python raised: bridge.py's `ok: false`): an EngineError with .type, .detail and
//     .traceback; the traceback goes to console.error, so a browser test fails on it.
// Callers handle both the same way (show refusalText(err)). `game(op, arg)` is the Session's request
// (bridge.py's `game`), the call every module of the table makes. Calls are
// queued and run one at a time, in the order they were made: the worker runs one Python
// call at a time anyway, and the queue keeps a click from racing a computer's turn.
// engine.pending says how many calls are queued or running (e.g. to show "thinking").
//
// Why not PyWorker() from JS: it ignores pyscript.toml's `interpreter` and silently fetches
// Pyodide from a CDN. The <script type="py" worker name config> tag does not.
// Why not `pyscript.workers.engine`: @pyscript/core 0.7.31 has no such JS global (only
// Python's `from pyscript import workers`). polyscript sets `script.xworker` on the worker's
// <script> element; `xworker.ready` resolves once bridge.py has run, with the worker,
// whose `sync` object holds the exported functions.

export class EngineError extends Error {
  constructor(call, { type = "Error", message = "", traceback = "" } = {}) {
    super(`${call}: ${type}: ${message}`);
    this.name = "EngineError";
    this.call = call; // the bridge function called
    this.type = type; // the Python exception's class name
    this.detail = message; // its message
    this.traceback = traceback; // its Python traceback
  }
}

/** The session or the engine refused a request (bad input, not a bug): .message says why. */
export class EngineRefusal extends EngineError {
  /** `reason` and `params` (when the engine gives them) name what is wrong, for the page's words
   *  (names.js, refusalText); `message` is the engine's English sentence. */
  constructor(call, message, reason = null, params = {}) {
    super(call, { type: "Refused", message });
    this.name = "EngineRefusal";
    this.message = message;
    this.reason = reason;
    this.params = params;
  }
}

// How long the boot may go on with nothing arriving: counted from the last byte received, never
// from the start, so a slow line that keeps moving is waited for however long it takes (a first
// visit on a phone line takes minutes: ~7 MB compressed at 1.5 Mbit/s).
const STALL_MS = 30_000;
// Once every file is here: how long Python may take to start and answer its first ping (a slow
// phone's CPU), counted from the last file's arrival.
const START_MS = 60_000;
// ?test&stall=ms: a shorter stall limit (tests/browser/test_slow_boot.py)
const knobs = new URLSearchParams(location.search);
const TEST_STALL_MS = knobs.has("test") && Number(knobs.get("stall")) > 0 ? Number(knobs.get("stall")) : null;

/** The boot gave up: nothing arrived for too long (a dead line, a server that stopped answering). */
export class EngineStalled extends Error {
  constructor(what, ms, downloading) {
    const s = Math.round(ms / 1000);
    super(`engine.js: ${what} timed out: ${downloading ? `the download stalled (nothing arrived for ${s} s)` : `${s} s since the last file arrived`}`);
    this.name = "EngineStalled";
  }
}

// The runtime's download as the page sees it (watchDownloads): bytes of the preloaded files so far,
// their total (`sized`: only when every server said it, which a compressed file's length does not),
// files done, and when something last arrived.
const download = { received: 0, total: 0, sized: true, files: 0, done: 0, movedAt: performance.now() };
const progressListeners = new Set();
const downloading = () => download.done < download.files;

/** fn({received, total, downloading}) each time some of the runtime arrives (total: null when the
 *  server did not say it); returns a function that stops it. */
export function onBootProgress(fn) {
  progressListeners.add(fn);
  return () => progressListeners.delete(fn);
}

function moved() {
  download.movedAt = performance.now();
  const now = { received: download.received, total: download.sized ? download.total : null, downloading: downloading() };
  for (const fn of progressListeners) fn(now);
}

/** The whole body of a preloaded file, counted as it comes (the page's fetch is answered by its own
 *  preload: nothing is downloaded twice; the worker finds the file in the HTTP cache). */
async function readPreload(url) {
  try {
    const response = await fetch(url);
    const length = Number(response.headers.get("content-length"));
    if (response.headers.has("content-encoding") || !length) download.sized = false;
    else download.total += length;
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      download.received += chunk.value.length;
      moved();
    }
  } catch {
    // the worker's own request for it fails too: the boot says so
  }
}

let watching = false;
let resources = null;  // the observer of the page's other files, until the boot is over
/** Follow the runtime's download: the files index.html preloads, read as they arrive, and any other
 *  file of the page that arrives. (Reading them also uses the preloads, which Chromium would otherwise
 *  warn, again and again, were "preloaded but not used": the worker is what uses them.) */
function watchDownloads() {
  if (watching) return;
  watching = true;
  const links = document.querySelectorAll('link[rel="preload"][as="fetch"]');
  download.files = links.length;
  moved();
  for (const link of links) readPreload(link.href).finally(() => { download.done += 1; moved(); });
  if (typeof PerformanceObserver === "function") {
    resources = new PerformanceObserver(moved);
    resources.observe({ type: "resource" });
  }
}

/** `promise`, or an EngineStalled once nothing arrived for stallMs while files are still coming,
 *  or for startMs after the last one came. */
function unlessStalled(promise, what, { stallMs, startMs }) {
  let timer;
  const stalled = new Promise((_, reject) => {
    const check = () => {
      const limit = downloading() ? stallMs : startMs;
      const left = download.movedAt + limit - performance.now();
      if (left <= 0) reject(new EngineStalled(what, limit, downloading()));
      else timer = setTimeout(check, left);  // something arrived meanwhile: look again then
    };
    check();
  });
  return Promise.race([promise, stalled]).finally(() => clearTimeout(timer));
}

function findScript(name) {
  const script = document.querySelector(`script[type="py"][worker][name="${name}"]`);
  if (!script) throw new Error(`engine.js: no <script type="py" worker name="${name}"> in the page`);
  return script;
}

// polyscript defines script.xworker once it has read the config (a few ms after core.js
// runs); there is no event for that, so look again every 10 ms (until the boot gave up).
function whenWorker(script, gaveUp) {
  return new Promise((resolve) => {
    const check = () => {
      if (script.xworker) resolve(script.xworker);
      else if (!gaveUp()) setTimeout(check, 10);
    };
    check();
  });
}

/** A refusal's answer: {"error": message}, with "reason" and "params" when the engine names what is wrong. */
const REFUSAL_KEYS = new Set(["error", "reason", "params"]);
const refusal = (r) => r !== null && typeof r === "object" && !Array.isArray(r)
  && typeof r.error === "string" && Object.keys(r).every((k) => REFUSAL_KEYS.has(k));

async function rawCall(sync, name, payload) {
  const reply = JSON.parse(await sync[name](JSON.stringify(payload ?? null)));
  if (!reply.ok) {
    const err = new EngineError(name, reply.error);
    console.error(`Settebello: the engine failed in ${name} (${err.type}: ${err.detail})\n${err.traceback}`);
    throw err;
  }
  if (refusal(reply.result)) throw new EngineRefusal(name, reply.result.error, reply.result.reason ?? null, reply.result.params ?? {});
  return reply.result;
}

class Engine {
  #sync;
  #exports;
  #queue = Promise.resolve();
  #pending = 0;

  constructor(sync, info) {
    this.#sync = sync;
    this.#exports = new Set(info.exports);
    /** What ping answered at connection: {python, platform, scopa, exports, ...}. */
    this.info = info;
  }

  /** Number of calls queued or running. */
  get pending() {
    return this.#pending;
  }

  /** The names bridge.py exports. */
  get exports() {
    return [...this.#exports];
  }

  /**
   * Call the bridge function `name` with a JSON-able payload; resolves with its result.
   * @param {string} name a function listed in bridge.py's __export__
   * @param {*} [payload] any JSON-able value (default null)
   * @returns {Promise<*>} the function's return value, decoded
   */
  call(name, payload = null) {
    if (!this.#exports.has(name))
      return Promise.reject(new Error(`engine.js: bridge.py exports no '${name}'`));
    this.#pending += 1;
    const result = this.#queue
      .then(() => rawCall(this.#sync, name, payload))
      .finally(() => {
        this.#pending -= 1; // before the caller resumes
      });
    // the queue goes on after a failed call; the caller still sees the failure
    this.#queue = result.catch(() => {});
    return result;
  }
}

const engines = new Map();

/**
 * A Session request (py/settebello/session.py through bridge.py's `game`): resolves with its
 * answer, rejects with an EngineError (an EngineRefusal when the session said no).
 * @param {string} op e.g. "view", "play", "new_game"
 * @param {*} [arg] the request's argument
 */
export async function game(op, arg) {
  if (route) return route(op, arg, direct);
  return direct(op, arg);
}

/** The page's own Session. */
async function direct(op, arg) {
  const engine = await connectEngine();
  return engine.call("game", { op, arg });
}

let route = null;
/** While the page plays with people on other devices (people.js), every Session request goes
 *  through `fn(op, arg, direct)` first: a guest's to the host's device, the host's Next hand to
 *  the deal both sides draw (null: the page's own Session again). */
export function routeGame(fn) { route = fn; }

/**
 * Connect to the named PyScript worker; the same promise for the same name.
 * Resolves once bridge.py has run and answered a first ping; rejects with an EngineStalled when
 * the boot stood still too long (stallMs while files are arriving, startMs after: see STALL_MS).
 * @param {{name?: string, stallMs?: number, startMs?: number}} [options]
 * @returns {Promise<Engine>}
 */
export function connectEngine({ name = "engine", stallMs = TEST_STALL_MS ?? STALL_MS, startMs = START_MS } = {}) {
  if (!engines.has(name)) {
    const promise = (async () => {
      // an embed waiting for its reader starts the runtime later (index.html's settebelloRuntime):
      // the download is followed from then
      await globalThis.settebelloRuntime?.started;
      watchDownloads();
      const limits = { stallMs, startMs };
      let over = false;
      try {
        const xworker = await unlessStalled(whenWorker(findScript(name), () => over), "loading PyScript", limits);
        const worker = await unlessStalled(xworker.ready, "starting Python", limits);
        let info;
        try {
          info = await unlessStalled(rawCall(worker.sync, "ping", null), "first ping", limits);
        } catch (err) {
          if (err instanceof EngineError) throw err;
          // polyscript reports a Python error raised while bridge.py runs on the console and
          // still resolves `ready`; the missing export is how it shows here.
          throw new Error(
            `bridge.py did not start (its ping does not answer: ${err.message}); ` +
              "the Python traceback is in the browser console",
          );
        }
        return new Engine(worker.sync, info);
      } finally {
        over = true;
        resources?.disconnect();  // the boot is over: the page's later files are no news
      }
    })();
    engines.set(name, promise);
  }
  return engines.get(name);
}

let settle;
const settledOnce = new Promise((resolve) => { settle = resolve; });

/**
 * Set the page's "ready to play" marker, which tests and benchmarks wait for:
 * <html data-engine="loading|ready|error"> (and data-engine-error="message" on error).
 * The UI calls markEngine("ready") once the engine answered AND the table is playable;
 * markEngine("error", message) if it failed. Either settles engineSettled().
 */
export function markEngine(state, message = "") {
  const root = document.documentElement;
  root.dataset.engine = state;
  if (state === "error") root.dataset.engineError = String(message);
  else delete root.dataset.engineError;
  if (state === "ready" || state === "error") settle(state);
}

/** Resolves ("ready" or "error") once the page's engine has booted or failed to. A page that
 *  never boots the engine (no data-engine marker) is settled at once. */
export function engineSettled() {
  const state = document.documentElement.dataset.engine;
  return !state || state === "ready" || state === "error" ? Promise.resolve(state ?? null) : settledOnce;
}
