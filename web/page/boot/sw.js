// Service worker: the whole site is precached at install and served cache-first, so after
// one visit the app starts with the network gone. build.py copies this file to dist/sw.js
// (root scope) and fills in the two constants below; every build that changes any file
// gets a new VERSION, hence a new cache, and the old one is dropped on activate.
// It never touches localStorage or IndexedDB: saved games survive updates.
// The memory snapshot is stored as its raw bytes whatever way the host sent it (snapshot.js).

/** @typedef {Event & {waitUntil(work: Promise<unknown>): void}} ExtendableEvent */
/** @typedef {ExtendableEvent & {request: Request, respondWith(answer: Promise<Response>): void}} FetchEvent */
/**
 * What this script uses of its global scope, a ServiceWorkerGlobalScope (the page's DOM types,
 * which the check uses for every file, do not describe one).
 * @typedef {object} WorkerScope
 * @property {(...urls: string[]) => void} importScripts
 * @property {() => Promise<void>} skipWaiting
 * @property {{claim(): Promise<void>}} clients
 * @property {{href: string}} location
 * @property {Window["nardFetchSnapshot"]} nardFetchSnapshot
 * @property {((type: "install" | "activate", listener: (event: ExtendableEvent) => void) => void)
 *   & ((type: "fetch", listener: (event: FetchEvent) => void) => void)} addEventListener
 */

const VERSION = "dev";
/** @type {string[]} */
const PRECACHE = [];

const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));
worker.importScripts("./web/page/boot/snapshot.js"); // self.nardFetchSnapshot

const SNAPSHOT = "vendor/pyodide/snapshot.bin";
const PREFIX = "nard-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", worker.location.href);

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server (cheap 304s for what the page just loaded)
      // rather than trust an HTTP cache that may still hold the previous build.
      /** @type {RequestInit} */
      const fresh = { cache: "no-cache" };
      const files = PRECACHE.filter((path) => path !== SNAPSHOT);
      await cache.addAll(files.map((path) => new Request(new URL(path, SCOPE), fresh)));
      if (PRECACHE.includes(SNAPSHOT)) {
        const url = new URL(SNAPSHOT, SCOPE).href;
        const bytes = await worker.nardFetchSnapshot(url, fresh);
        await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      }
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(respond(request, url));
});

/**
 * @param {Request} request
 * @param {URL} url
 */
async function respond(request, url) {
  const cache = await caches.open(CACHE);
  // A page is the same whatever its query (?embed=1) or fragment (game state).
  const navigate = request.mode === "navigate";
  const key = navigate ? new URL(url.pathname, url) : request;
  const hit = await cache.match(key, { ignoreSearch: navigate });
  if (hit) return hit;
  return fetch(request);
}
