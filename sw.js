// Settebello's service worker: the whole site, Pyodide included, cached on the first visit and
// served from the cache afterwards, so the game starts with no network at all.
//
// It sits at the site root so its scope is the whole site (also under USER.github.io/REPO/).
// The list of files and the cache version come from static/vendor/precache.js, written by
// scripts/build.py (the version is a hash of every cached file). A new build changes that
// script, so the browser installs a new worker:
//   install  - fetch EVERY file of the new version into a new cache "settebello-<version>"
//              (bypassing the HTTP cache); if one fails, the install fails and the old version
//              stays in charge, whole. The new worker then waits.
//   waiting  - the page (static/js/offline.js) shows "A new version is ready — Reload"; the
//              button posts {type: "skip-waiting"} here.
//   activate - delete every other settebello cache, take control of the open pages.
// Each version answers only from its own cache: never a mix of old and new files.
/* eslint-env serviceworker */

importScripts("./static/vendor/precache.js");

const { version: VERSION, files: FILES } = self.SETTEBELLO_PRECACHE;
const PREFIX = "settebello-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location).href; // the site root, e.g. https://u.github.io/repo/
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" so a file kept in the HTTP cache from the old version is never reused
    const requests = FILES.map((f) => new Request(new URL(f, SCOPE).href, { cache: "reload" }));
    try {
      await cache.addAll(requests);
    } catch (err) {
      await caches.delete(CACHE); // no half-filled cache is ever left behind
      throw err;
    }
    // The very first install has no page to ask: take over at once.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "skip-waiting") self.skipWaiting();
  else if (data && data.type === "version" && event.ports[0])
    event.ports[0].postMessage({ version: VERSION, files: FILES.length });
});

/** The cached URL a request maps to: query strings ignored, the site's folder is index.html. */
function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.href === SCOPE) return INDEX;
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // the network's job
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(cacheKey(request), { ignoreSearch: true });
    if (hit) return hit;
    return fetch(request); // not part of the site (e.g. examples/): straight to the network
  })());
});
