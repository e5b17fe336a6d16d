// The interpreter module PyScript imports in the engine worker (pyscript.json "interpreter").
// It re-exports Pyodide's version and a loadPyodide that
//
// - restores the memory snapshot build.py made (vendor/pyodide/snapshot.bin: Pyodide with
//   nardcore and the UI modules already imported), which skips most of the interpreter's
//   start; fetched by snapshot.js, which unpacks its gzip twin where the host cannot send it
//   compressed; if anything fails it boots Pyodide the plain way and unpacks the app's
//   Python (nardcore.zip) into the working directory, where the snapshot had it imported;
// - writes PyScript's own package as bytecode (pyscript-bytecode.json, made by build.py)
//   where PyScript is about to write its sources, so that it imports without compiling;
// - always uses our copy of Pyodide (vendor/pyodide/), whatever PyScript derives from this
//   module's own URL;
// - where the browser denies IndexedDB (e.g. the app in a cross-site iframe with third-party
//   storage blocked), gives PyScript an in-memory stand-in (see idb-fallback.js).

// @ts-expect-error: vendor/pyodide/ is the build's copy of node_modules/pyodide, in dist/ only (typed below)
import { loadPyodide as loadPyodideAnyhow, version } from "../../../vendor/pyodide/pyodide.mjs";
import { ensureIndexedDB } from "./idb-fallback.js";
import "./snapshot.js"; // self.nardFetchSnapshot

/**
 * What this module uses of Pyodide's API.
 * @typedef {object} PyodideAPI
 * @property {(code: string) => unknown} runPython
 * @property {(buffer: ArrayBuffer, format: string) => void} unpackArchive
 * @property {{mkdirTree(path: string): void, writeFile(path: string, data: Uint8Array): void}} FS
 */
/**
 * Pyodide's options, as PyScript passes them; _loadSnapshot is Pyodide's own (undocumented).
 * @typedef {{indexURL?: string, _loadSnapshot?: Promise<Uint8Array>, [option: string]: unknown}} PyodideConfig
 */
/** @typedef {Record<string, string>} Bytecode {path: base64} */

/** @type {(options: PyodideConfig) => Promise<PyodideAPI>} */
const loadPyodideFrom = loadPyodideAnyhow;
const INDEX_URL = new URL("../../../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("../../../vendor/pyodide/snapshot.bin", import.meta.url).href;
const CODE_URL = new URL("../../../nardcore.zip", import.meta.url).href;
const BYTECODE_URL = new URL("../../../pyscript-bytecode.json", import.meta.url).href;

// {path: base64} into the working directory; without it PyScript compiles its package (slower).
/**
 * @param {PyodideAPI} pyodide
 * @param {Promise<Bytecode>} files
 */
async function writeBytecode(pyodide, files) {
  const { FS } = pyodide;
  for (const [path, encoded] of Object.entries(await files)) {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  }
}

/** @returns {Promise<Bytecode>} */
function fetchBytecode() {
  const files = fetch(BYTECODE_URL).then((response) => (response.ok ? response.json() : {}));
  return files.catch(() => ({}));
}

export { version };

// How Python booted, for tests and the bench (engine.py reports it in its hello):
// globalThis.nardPythonBoot = "snapshot" or "plain (reason)".
/**
 * @param {PyodideConfig} [options]
 * @returns {Promise<PyodideAPI>}
 */
export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL: INDEX_URL };
  const bytecode = fetchBytecode();
  try {
    // Pyodide awaits the snapshot only once its own files are on their way: both load at once.
    const snapshot = self.nardFetchSnapshot(SNAPSHOT_URL);
    snapshot.catch(() => {}); // a failure is Pyodide's to report (below), not an unhandled rejection
    const pyodide = await loadPyodideFrom({ ...plain, _loadSnapshot: snapshot });
    // The restored interpreter shares the snapshot's random state: start from fresh entropy.
    pyodide.runPython("import random; random.seed()");
    globalThis.nardPythonBoot = "snapshot";
    await writeBytecode(pyodide, bytecode);
    return pyodide;
  } catch (error) {
    globalThis.nardPythonBoot = `plain (${/** @type {{message?: string} | undefined} */ (error)?.message ?? error})`;
    console.warn("booting Python without the memory snapshot:", error);
  }
  const [pyodide, code] = await Promise.all([loadPyodideFrom(plain), fetch(CODE_URL)]);
  if (!code.ok) throw new Error(`${CODE_URL}: HTTP ${code.status}`);
  pyodide.unpackArchive(await code.arrayBuffer(), "zip");
  await writeBytecode(pyodide, bytecode);
  return pyodide;
}

await ensureIndexedDB();
