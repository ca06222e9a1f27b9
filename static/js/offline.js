// Offline play: registers the service worker (sw.js at the site root), which caches the whole
// site on the first visit, and tells the player when a new version is ready.
//
//   <script type="module" src="./static/js/offline.js"></script>   (index.html, replay.html)
//
// <html data-offline="..."> says where it stands: "unsupported" (no service workers here, e.g.
// a file:// page or a sandboxed frame), "installing" (first visit: the site is being cached),
// "ready" (a service worker controls the page: it works with no network), "update" (a new
// version is cached and waiting for the player's reload). The same value comes with a
// `settebello:offline` event on window, {detail: {state}}.
//
// A new version never mixes with the old one: sw.js fills a new cache completely, waits, and
// only takes over when the player presses "Reload" (then every open page reloads once, each after
// its pending saves are written, persist.js: a play just made is not lost; at most SAVE_WAIT_MS).
// `?sw=off` unregisters the worker and deletes its caches (handy while developing: otherwise
// the page shows the last build until scripts/build.py runs again): this deployment's only —
// its own registration (scope: the site root) and caches (sw.js names them after that root), never
// another app's or another deployment's on the same origin.
import { t } from "./i18n.js";
import { showNotice } from "./notice.js";
import { engineSettled } from "./engine.js";
import { savesSettled } from "./persist.js";

/** The longest a reload for a new version waits for the match's pending saves (an engine busy
 *  with a long computer turn answers them late; a stuck one would never). */
const SAVE_WAIT_MS = 10_000;

/** Resolves once the saves asked for so far are written (persist.js), or SAVE_WAIT_MS passed. */
async function saved() {
  let timer;
  await Promise.race([savesSettled(), new Promise((resolve) => { timer = setTimeout(resolve, SAVE_WAIT_MS); })]);
  clearTimeout(timer);
}

function setState(state) {
  document.documentElement.dataset.offline = state;
  window.dispatchEvent(new CustomEvent("settebello:offline", { detail: { state } }));
}

let reloading = false;

/** Show the "new version ready" notice; Reload makes the waiting worker take over, then reloads. */
function offerUpdate(worker) {
  setState("update");
  showNotice({
    id: "update-bar", role: "status", text: t("offline.update"), i18n: "offline.update",
    buttons: [
      { label: t("offline.reload"), i18n: "offline.reload", primary: true, testid: "update-reload",
        onClick: async (button) => {
          reloading = true; button.disabled = true;
          // every open page reloads when the new version takes over: this one's saves first
          await saved();
          worker.postMessage({ type: "skip-waiting" });
        } },
      { label: t("offline.later"), i18n: "offline.later", onClick: (_, box) => box.remove() },
    ],
  });
}

function watchInstalling(registration, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    if (worker.state === "activated" && !navigator.serviceWorker.controller) setState("ready");
  });
}

const ROOT = new URL("../../", import.meta.url); // the site root: sw.js's scope

/** This deployment's caches: sw.js's "settebello:<root path>:<version>", and an older build's
 *  "settebello-<version>" when it holds this deployment's index.html. */
async function ownCaches() {
  const index = new URL("index.html", ROOT).href;
  const own = [];
  for (const name of await caches.keys()) {
    if (name.startsWith(`settebello:${ROOT.pathname}:`)) own.push(name);
    else if (name.startsWith("settebello-") && await (await caches.open(name)).match(index)) own.push(name);
  }
  return own;
}

async function unregisterOwn() {
  for (const reg of await navigator.serviceWorker.getRegistrations()) {
    if (reg.scope === ROOT.href) await reg.unregister();
  }
  for (const name of await ownCaches()) await caches.delete(name);
  setState("unsupported");
}

/** Register sw.js (relative to this module, so at the site root) and follow its updates. */
export async function registerOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setState("unsupported");
    return null;
  }
  if (new URLSearchParams(location.search).get("sw") === "off") {
    await unregisterOwn();
    return null;
  }
  const sw = navigator.serviceWorker;
  // A new worker took over. On the first visit that is the first worker: the page goes on. After
  // an update (the player pressed Reload here or in another tab) every open page reloads once, so
  // none keeps running old code against the new version's files.
  let controlled = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (reloading || controlled) { reloading = true; saved().then(() => location.reload()); return; }
    controlled = true;
    setState("ready");
  });
  if (sw.controller) setState("ready"); // an earlier visit cached the site: it works offline now
  // Registered once the engine is up or failed: the first install downloads the whole site,
  // Pyodide included; done while Pyodide boots, it slows the boot down and fetches the runtime
  // twice; done after, its requests are revalidations of what the page has just loaded (sw.js).
  await engineSettled();
  let registration;
  try {
    // updateViaCache "none": the update check never takes sw.js or precache.js from the HTTP cache
    registration = await sw.register(new URL("sw.js", ROOT), { updateViaCache: "none" });
  } catch (err) {
    // e.g. a sandboxed or third-party frame where storage is blocked: the game still works online
    console.warn(`Settebello: offline play unavailable (${err.message})`);
    setState("unsupported");
    return null;
  }
  setState(sw.controller ? "ready" : "installing");
  if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
  watchInstalling(registration, registration.installing);
  registration.addEventListener("updatefound", () => watchInstalling(registration, registration.installing));
  window.addEventListener("online", () => registration.update().catch(() => {}));
  // a tab left open for days (or the installed app) looks for a new version when it comes back
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  return registration;
}

registerOffline();
