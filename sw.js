// Settebello's service worker: the whole site, Pyodide included, cached on the first visit and
// served from the cache afterwards, so the game starts with no network at all.
//
// It sits at the site root so its scope is the whole site (also under USER.github.io/REPO/).
// The list of files and the cache version come from static/vendor/precache.js, written by
// scripts/build.py (the version is a hash of every cached file). A new build changes that
// script, so the browser installs a new worker:
//   install  - fetch EVERY file of the new version into a new cache "settebello-<version>"
//              (each revalidated with the server, never taken stale from the HTTP cache: a 304
//              reuses what the page loaded); if one fails, the install fails and the old version
//              stays in charge, whole. The new worker then waits.
//   waiting  - the page (static/js/offline.js) shows "A new version is ready — Reload"; the
//              button posts {type: "skip-waiting"} here.
//   activate - delete this deployment's other caches, take control of the open pages.
// Each version answers only from its own cache: never a mix of old and new files.
//
// One origin may hold several deployments (USER.github.io/A/ and USER.github.io/B/ share the
// origin's Cache Storage): a cache's name carries its deployment's root path,
// "settebello:/A/:<version>", and a worker deletes only its own deployment's old caches. A cache
// of the versions before, named "settebello-<version>" for any deployment, is deleted only when
// it holds this deployment's index.html.
/* eslint-env serviceworker */

importScripts("./static/vendor/precache.js");

const { version: VERSION, files: FILES } = self.SETTEBELLO_PRECACHE;
const SCOPE = new URL("./", self.location).href; // the site root, e.g. https://u.github.io/repo/
const INDEX = new URL("./index.html", SCOPE).href;
const PREFIX = `settebello:${new URL(SCOPE).pathname}:`; // this deployment's caches
const LEGACY_PREFIX = "settebello-"; // every deployment's caches, before they were named by path
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Every file is revalidated with the server ("no-cache"), the first install's too: the HTTP
    // cache may hold an older version's file that it still deems fresh (a visit before the worker
    // was installed or after it was removed, a host's max-age), and a cache of this version must
    // hold this version's files only (issue 44). A file the page has just loaded is not
    // downloaded twice: the server answers 304 and the HTTP cache's copy is taken, so V8's
    // compiled pyodide.asm.wasm, kept with that entry, stays valid.
    const requests = FILES.map((f) => new Request(new URL(f, SCOPE).href, { cache: "no-cache" }));
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
      else if (name.startsWith(LEGACY_PREFIX) && await (await caches.open(name)).match(INDEX)) await caches.delete(name);
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

// Pyodide's own files. V8 keeps the compiled pyodide.asm.wasm with the browser's HTTP cache
// entry, but recompiles it (seconds) every time it comes from Cache Storage: so these are
// answered from the HTTP cache when it still holds the very same file as this version's cache
// (same validators), never from the network. Offline the HTTP cache still answers; if it lost
// the file (evicted, cleared, another version), the offline copy does.
const RUNTIME = new URL("./static/vendor/pyodide/", SCOPE).href;

/** True when two responses are the same version of a file (ETag, else Last-Modified + length). */
function sameFile(a, b) {
  const etag = a.headers.get("etag");
  if (etag) return etag === b.headers.get("etag");
  const modified = a.headers.get("last-modified");
  return Boolean(modified) && modified === b.headers.get("last-modified")
    && a.headers.get("content-length") === b.headers.get("content-length");
}

async function fromHttpCache(request, hit) {
  try {
    const http = await fetch(new Request(request.url, {
      cache: "only-if-cached", mode: "same-origin", credentials: "same-origin",
    }));
    if (http.ok && sameFile(http, hit)) return http;
  } catch {
    // not in the HTTP cache: only-if-cached fails rather than going to the network
  }
  return hit;
}

let opened = null;
/** This version's cache, opened once per worker start rather than once per request. */
function ownCache() {
  opened ??= caches.open(CACHE).catch((err) => { opened = null; throw err; });
  return opened;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // the network's job
  event.respondWith((async () => {
    // cacheKey() has dropped the query already: an exact match is a lookup by URL, where
    // ignoreSearch would make the browser scan every entry of the cache for each request
    const hit = await (await ownCache()).match(cacheKey(request));
    if (hit && request.url.startsWith(RUNTIME)) return fromHttpCache(request, hit);
    if (hit) return hit;
    return fetch(request); // not part of the site (e.g. examples/): straight to the network
  })());
});
