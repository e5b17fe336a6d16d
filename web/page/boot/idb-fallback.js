// PyScript opens IndexedDB on the main thread (its file-system helper) and in the worker
// (its package cache). Where the browser denies IndexedDB -- the app in a cross-site iframe
// with third-party storage blocked -- that fails with uncaught errors and stops the boot.
// ensureIndexedDB() checks once and, if denied, puts an in-memory stand-in in its place.
// The app installs no packages and keeps no files there, so nothing is lost.

function indexedDBWorks() {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open("nard-probe");
      request.onsuccess = () => {
        request.result.close();
        resolve(true);
      };
      request.onerror = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/**
 * A request of the stand-in: the caller sets its handlers, the stand-in its result.
 * @typedef {object} MemoryRequest
 * @property {unknown} [result]
 * @property {(event: {type: string, target: MemoryRequest}) => void} [onsuccess]
 * @property {(event: {type: string, target: {result: unknown, transaction: {oncomplete?: () => void}}}) => void} [onupgradeneeded]
 */

// Just the calls @webreflection/idb-map (PyScript's IDBMapSync) makes, kept in memory.
function memoryIndexedDB() {
  const answer = (/** @type {MemoryRequest} */ request, /** @type {unknown} */ result) =>
    setTimeout(() => {
      request.result = result;
      request.onsuccess?.({ type: "success", target: request });
    });
  const store = (/** @type {Map<unknown, unknown>} */ entries) => {
    const call = (/** @type {() => unknown} */ work) => {
      /** @type {MemoryRequest} */
      const request = {};
      answer(request, work());
      return request;
    };
    return {
      count: () => call(() => entries.size),
      clear: () => call(() => entries.clear()),
      delete: (/** @type {unknown} */ key) => call(() => void entries.delete(key)),
      get: (/** @type {unknown} */ key) => call(() => entries.get(key)),
      getKey: (/** @type {unknown} */ key) => call(() => (entries.has(key) ? key : undefined)),
      getAllKeys: () => call(() => [...entries.keys()]),
      put: (/** @type {unknown} */ value, /** @type {unknown} */ key) => call(() => {
        entries.set(key, value);
        return key;
      }),
    };
  };
  /** @type {Map<string, object>} */
  const databases = new Map();
  return {
    standIn: true, // library/store.js keeps the games in memory then, and says they are not kept
    open(/** @type {string} */ name) {
      /** @type {MemoryRequest} */
      const request = {};
      let database = databases.get(name);
      const fresh = !database;
      if (fresh) {
        /** @type {Map<string, Map<unknown, unknown>>} */
        const stores = new Map();
        database = {
          objectStoreNames: { get length() { return stores.size; }, contains: (/** @type {string} */ n) => stores.has(n) },
          createObjectStore: (/** @type {string} */ storeName) => void stores.set(storeName, new Map()),
          transaction: (/** @type {string} */ storeName) => ({ objectStore: () => store(/** @type {Map<unknown, unknown>} */ (stores.get(storeName))) }),
          close() {},
        };
        databases.set(name, database);
      }
      setTimeout(() => {
        request.result = database;
        if (fresh && request.onupgradeneeded) {
          /** @type {{oncomplete?: () => void}} */
          const transaction = {};
          request.onupgradeneeded({ type: "upgradeneeded", target: { result: database, transaction } });
          setTimeout(() => transaction.oncomplete?.());
        }
        answer(request, database);
      });
      return request;
    },
  };
}

// A page of its own (not in a frame) that may keep cookies may keep IndexedDB too: no need to
// probe, which creates a database (over 100 ms on a first visit). Workers cannot tell: they probe.
function surelyAllowed() {
  try {
    return typeof window !== "undefined" && window.top === window.self && navigator.cookieEnabled;
  } catch {
    return false;
  }
}

// Where IndexedDB is denied, put the in-memory stand-in in its place (in this realm only).
/** @returns {Promise<boolean>} false where the stand-in took IndexedDB's place */
export async function ensureIndexedDB() {
  if (surelyAllowed() || (await indexedDBWorks())) return true;
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  return false;
}
