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

const DEFAULT_TIMEOUT_MS = 60_000;

function findScript(name) {
  const script = document.querySelector(`script[type="py"][worker][name="${name}"]`);
  if (!script) throw new Error(`engine.js: no <script type="py" worker name="${name}"> in the page`);
  return script;
}

// polyscript defines script.xworker once it has read the config (a few ms after core.js
// runs); there is no event for that, so look again every 10 ms.
function whenWorker(script, deadline) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (script.xworker) return resolve(script.xworker);
      if (performance.now() > deadline)
        return reject(new Error("engine.js: the PyScript worker was never created (is core.js loaded?)"));
      setTimeout(check, 10);
    };
    check();
  });
}

function withDeadline(promise, deadline, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`engine.js: ${what} timed out`)),
      Math.max(0, deadline - performance.now()),
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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

/** The runtime's files index.html preloads are fetched by the worker (it finds them in the HTTP
 *  cache), never by the page, so Chromium warns that they were "preloaded but not used", and says it
 *  again every few seconds while the page is open (a console full of it in a web author's page).
 *  Once the worker is up, the page asks for them itself, from the memory cache, dropping the
 *  bodies: the warning is then said once at most. */
function usePreloads() {
  for (const link of document.querySelectorAll('link[rel="preload"][as="fetch"]')) {
    fetch(link.href).then((r) => r.body?.cancel(), () => {});
  }
}

/**
 * Connect to the named PyScript worker; the same promise for the same name.
 * Resolves once bridge.py has run and answered a first ping.
 * @param {{name?: string, timeoutMs?: number}} [options]
 * @returns {Promise<Engine>}
 */
export function connectEngine({ name = "engine", timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  if (!engines.has(name)) {
    const promise = (async () => {
      // an embed waiting for its reader starts the runtime later (index.html's settebelloRuntime):
      // the time limit counts from then
      await globalThis.settebelloRuntime?.started;
      const deadline = performance.now() + timeoutMs;
      const xworker = await whenWorker(findScript(name), deadline);
      const worker = await withDeadline(xworker.ready, deadline, "starting Python");
      let info;
      try {
        info = await withDeadline(rawCall(worker.sync, "ping", null), deadline, "first ping");
      } catch (err) {
        if (err instanceof EngineError) throw err;
        // polyscript reports a Python error raised while bridge.py runs on the console and
        // still resolves `ready`; the missing export is how it shows here.
        throw new Error(
          `bridge.py did not start (its ping does not answer: ${err.message}); ` +
            "the Python traceback is in the browser console",
        );
      }
      usePreloads();
      return new Engine(worker.sync, info);
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
