// Service worker: the whole site is precached at install and served cache-first, so after
// one visit the app starts with the network gone. build.py copies this file to dist/sw.js
// (root scope) and fills in the two constants below; every build that changes any file
// gets a new VERSION, hence a new cache, and the old one is dropped on activate.
// It never touches localStorage or IndexedDB: saved games survive updates.
// The memory snapshot is stored as its raw bytes whatever way the host sent it (snapshot.js).

const VERSION = "dev";
const PRECACHE = [];

importScripts("./web/snapshot.js"); // self.nardFetchSnapshot

const SNAPSHOT = "vendor/pyodide/snapshot.bin";
const PREFIX = "nard-";
const CACHE = PREFIX + VERSION;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server (cheap 304s for what the page just loaded)
      // rather than trust an HTTP cache that may still hold the previous build.
      const fresh = { cache: "no-cache" };
      const files = PRECACHE.filter((path) => path !== SNAPSHOT);
      await cache.addAll(files.map((path) => new Request(new URL(path, SCOPE), fresh)));
      if (PRECACHE.includes(SNAPSHOT)) {
        const url = new URL(SNAPSHOT, SCOPE).href;
        const bytes = await self.nardFetchSnapshot(url, fresh);
        await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  // A page is the same whatever its query (?embed=1) or fragment (game state).
  const navigate = request.mode === "navigate";
  const key = navigate ? new URL(url.pathname, url) : request;
  const hit = await cache.match(key, { ignoreSearch: navigate });
  if (hit) return hit;
  return fetch(request);
}
