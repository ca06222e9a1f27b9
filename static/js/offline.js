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
// only takes over when the player presses "Reload" (then every open page reloads once).
// `?sw=off` unregisters the worker and deletes its caches (handy while developing: otherwise
// the page shows the last build until scripts/build.py runs again).
import { language } from "./i18n.js";

const TEXT = {
  en: { update: "A new version of Settebello is ready.", reload: "Reload", later: "Later" },
  it: { update: "È pronta una nuova versione di Settebello.", reload: "Ricarica", later: "Più tardi" },
  es: { update: "Hay una nueva versión de Settebello.", reload: "Recargar", later: "Más tarde" },
};
const text = (key) => (TEXT[language()] || TEXT.en)[key];

function setState(state) {
  document.documentElement.dataset.offline = state;
  window.dispatchEvent(new CustomEvent("settebello:offline", { detail: { state } }));
}

let reloading = false;

/** Show the "new version ready" bar; Reload makes the waiting worker take over, then reloads. */
function offerUpdate(worker) {
  setState("update");
  if (document.getElementById("update-bar")) return;
  const bar = document.createElement("div");
  bar.id = "update-bar";
  bar.className = "update-bar";
  bar.setAttribute("role", "status");
  bar.style.cssText = "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;" +
    "display:flex;gap:.75rem;align-items:center;padding:.6rem 1rem;border-radius:.5rem;" +
    "background:#1d2b22;color:#fff;box-shadow:0 4px 16px rgba(0,0,0,.35);font:inherit;max-width:calc(100vw - 2rem)";
  const msg = document.createElement("span");
  msg.textContent = text("update");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.dataset.testid = "update-reload";
  reload.textContent = text("reload");
  reload.addEventListener("click", () => {
    reloading = true;
    reload.disabled = true;
    worker.postMessage({ type: "skip-waiting" });
  });
  const later = document.createElement("button");
  later.type = "button";
  later.textContent = text("later");
  later.addEventListener("click", () => bar.remove());
  bar.append(msg, reload, later);
  document.body.append(bar);
}

function watchInstalling(registration, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    if (worker.state === "activated" && !navigator.serviceWorker.controller) setState("ready");
  });
}

async function unregisterAll() {
  for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
  for (const name of await caches.keys()) if (name.startsWith("settebello-")) await caches.delete(name);
  setState("unsupported");
}

/** Register sw.js (relative to this module, so at the site root) and follow its updates. */
export async function registerOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    setState("unsupported");
    return null;
  }
  if (new URLSearchParams(location.search).get("sw") === "off") {
    await unregisterAll();
    return null;
  }
  const sw = navigator.serviceWorker;
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else setState("ready");
  });
  let registration;
  try {
    // updateViaCache "none": the update check never takes sw.js or precache.js from the HTTP cache
    registration = await sw.register(new URL("../../sw.js", import.meta.url), { updateViaCache: "none" });
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
  return registration;
}

registerOffline();
