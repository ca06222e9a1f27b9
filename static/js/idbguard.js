// The runtime without site storage: when the browser refuses this page its storage ("block all
// site data", or a cross-site embed in a browser that blocks or partitions third-party storage),
// PyScript still opens IndexedDB as it boots (its package cache, in the engine worker, and its
// file-system handles, on the page), and the refusal (an error Event, which cannot cross from the
// worker) stops the game before it starts. This puts an IndexedDB that lives in memory in its
// place, so the runtime boots and the game plays; the page then says once that nothing will be
// kept (persist.js).
//
// No import or export: the pages load it as a classic script before PyScript's core.js, where
// a refused `localStorage` says at once that storage is blocked; static/js/pyodide-boot.mjs
// imports it in the worker, which has no localStorage, and awaits
// `globalThis.settebelloStorage.ready` (one IndexedDB open tried, then closed) before PyScript
// opens its cache. `settebelloStorage.blocked` says which way it went.
(() => {
  const g = globalThis;
  if (g.settebelloStorage) return;
  const state = { blocked: false, ready: null };
  g.settebelloStorage = state;

  /** On a page: whether its storage is refused (reading localStorage throws); null in a worker. */
  function pageBlocked() {
    if (!("document" in g)) return null;
    try { return !g.localStorage; } catch { return true; }
  }

  /** In a worker: whether opening a database fails (or there is no IndexedDB at all). */
  function workerBlocked() {
    return new Promise((resolve) => {
      let request;
      try { request = g.indexedDB.open("settebello-storage-probe"); } catch { resolve(true); return; }
      request.onsuccess = () => {
        request.result.close();
        try { g.indexedDB.deleteDatabase("settebello-storage-probe"); } catch { /* gone with the page anyway */ }
        resolve(false);
      };
      request.onerror = (event) => { event.preventDefault?.(); resolve(true); };
      request.onblocked = () => resolve(false);
    });
  }

  /** The part of IndexedDB PyScript's IDBMap uses (open, upgrade, transactions and one object
   *  store's get/put/delete/clear/keys/count), kept in memory: gone when the page goes. */
  function memoryIndexedDB() {
    const later = (fn) => setTimeout(fn, 0);
    const request = (result) => {
      const r = { result, error: null, readyState: "done", onsuccess: null, onerror: null };
      later(() => r.onsuccess?.({ type: "success", target: r }));
      return r;
    };
    const storeOf = (map) => ({
      get: (key) => request(map.get(key)),
      getKey: (key) => request(map.has(key) ? key : undefined),
      getAll: () => request([...map.values()]),
      getAllKeys: () => request([...map.keys()]),
      count: () => request(map.size),
      put: (value, key) => { map.set(key, structuredClone(value)); return request(key); },
      add: (value, key) => { map.set(key, structuredClone(value)); return request(key); },
      delete: (key) => { map.delete(key); return request(undefined); },
      clear: () => { map.clear(); return request(undefined); },
    });
    const transactionOf = (db, mode) => {
      const tx = { mode, db, error: null, oncomplete: null, onerror: null, onabort: null,
        objectStore: (name) => storeOf(db.stores.get(name)) };
      later(() => tx.oncomplete?.({ type: "complete", target: tx }));
      return tx;
    };
    class Database {
      constructor(name) {
        this.name = name;
        this.version = 1;
        this.stores = new Map();
        this.onabort = null; this.onclose = null; this.onerror = null; this.onversionchange = null;
      }
      get objectStoreNames() {
        return Object.assign([...this.stores.keys()], { contains: (n) => this.stores.has(n) });
      }
      createObjectStore(name) { this.stores.set(name, new Map()); return storeOf(this.stores.get(name)); }
      transaction(_names, mode = "readonly") { return transactionOf(this, mode); }
      close() {}
    }
    const databases = new Map();
    return {
      open(name) {
        const fresh = !databases.has(name);
        if (fresh) databases.set(name, new Database(name));
        const db = databases.get(name);
        const r = { result: db, error: null, readyState: "done", transaction: null,
          onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
        later(() => {
          if (fresh) {
            r.transaction = transactionOf(db, "versionchange");
            r.onupgradeneeded?.({ type: "upgradeneeded", target: r, oldVersion: 0, newVersion: 1 });
          }
          r.onsuccess?.({ type: "success", target: r });
        });
        return r;
      },
      deleteDatabase(name) { databases.delete(name); return request(undefined); },
      databases: async () => [...databases.keys()].map((name) => ({ name, version: 1 })),
      cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    };
  }

  function useMemory() {
    state.blocked = true;
    Object.defineProperty(g, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
  }

  const blocked = g.indexedDB ? pageBlocked() : true;
  if (blocked === true) {
    useMemory();
    state.ready = Promise.resolve(true);
  } else if (blocked === false) {
    state.ready = Promise.resolve(false);
  } else {
    state.ready = workerBlocked().then((refused) => { if (refused) useMemory(); return refused; });
  }
})();
