// The interpreter module PyScript imports in the engine worker (pyscript.json "interpreter").
// It re-exports Pyodide's version and a loadPyodide that
//
// - restores the memory snapshot build.py made (vendor/pyodide/snapshot.bin: Pyodide with
//   nardcore and the UI modules already imported), which skips most of the interpreter's
//   start; fetched by snapshot.js, which unpacks its gzip twin where the host cannot send it
//   compressed; if anything fails it boots Pyodide the plain way;
// - always uses our copy of Pyodide (vendor/pyodide/), whatever PyScript derives from this
//   module's own URL;
// - where the browser denies IndexedDB (e.g. the app in a cross-site iframe with third-party
//   storage blocked), gives PyScript an in-memory stand-in (see idb-fallback.js).

import { loadPyodide as loadPyodideFrom, version } from "../vendor/pyodide/pyodide.mjs";
import { ensureIndexedDB } from "./idb-fallback.js";
import "./snapshot.js"; // self.nardFetchSnapshot

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("../vendor/pyodide/snapshot.bin", import.meta.url).href;

export { version };

// How Python booted, for tests and the bench (engine.py reports it in its hello):
// globalThis.nardPythonBoot = "snapshot" or "plain (reason)".
export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL: INDEX_URL };
  try {
    const snapshot = await self.nardFetchSnapshot(SNAPSHOT_URL);
    const pyodide = await loadPyodideFrom({ ...plain, _loadSnapshot: snapshot });
    // The restored interpreter shares the snapshot's random state: start from fresh entropy.
    pyodide.runPython("import random; random.seed()");
    globalThis.nardPythonBoot = "snapshot";
    return pyodide;
  } catch (error) {
    globalThis.nardPythonBoot = `plain (${error?.message ?? error})`;
    console.warn("booting Python without the memory snapshot:", error);
  }
  return loadPyodideFrom(plain);
}

await ensureIndexedDB();
