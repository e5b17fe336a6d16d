// The browser's storage: the library kept for good, and how much of the origin's space is used
// (the Games screen shows it).

import { libraryKept, run, when } from "./store.js";

// Ask the browser to keep the library even when it runs short of space (it may decide by
// itself, or ask the player): once, after the first game that ended, when there is something
// worth keeping.
export async function askToPersist() {
  if (!libraryKept() || !navigator.storage || !navigator.storage.persist) return;
  const asked = await run("readonly", (stores, done) => when(stores.meta.get("persist_asked"), done)).catch(() => true);
  if (asked) return;
  await run("readwrite", (stores) => stores.meta.put(Date.now(), "persist_asked")).catch(() => {});
  await navigator.storage.persist().catch(() => false);
}

/** @returns {Promise<{usage: number, quota: number, persisted: boolean} | null>} the origin's storage */
export async function storageUse() {
  if (!libraryKept() || !navigator.storage || !navigator.storage.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    const persisted = navigator.storage.persisted ? await navigator.storage.persisted() : false;
    return { usage, quota, persisted };
  } catch (_) {
    return null;
  }
}
