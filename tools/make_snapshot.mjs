// Makes the Pyodide memory snapshot with nardcore and the app's modules imported, and
// compiles PyScript's own Python package to bytecode; run by tools/snapshot.py:
//   node make_snapshot.mjs PYODIDE_DIR PYSCRIPT_DIR CHUNKS ZIP OUT MODULES
// writes OUT (the snapshot) and OUT.pyc.json ({path: base64 of the .pyc}).
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, pyscriptDir, chunks, zipPath, outPath, modules] = process.argv.slice(-6);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
// A restore copies the snapshot into a heap of the size the module starts with (Pyodide
// issue 6254: the restore ignores the snapshot's size), so a snapshot of a heap that grew
// while importing cannot be restored. Whether it grows depends on the hash seed (set sizes,
// dict layouts); the seeds are tried in order, so one input always gets the same seed.
let pyodide = null;
for (let seed = 0; seed < 20 && pyodide === null; seed++) {
  // PYTHONOPTIMIZE=2: the modules' docstrings (and asserts, which only narrow types) stay out of
  // the heap, which a restore cannot grow
  const candidate = await loadPyodide({ _makeSnapshot: true, indexURL: pyodideDir + "/",
                                        env: { PYTHONHASHSEED: String(seed), PYTHONOPTIMIZE: "2" } });
  const heap = candidate._module.HEAP8.length;
  importEverything(candidate);
  if (candidate._module.HEAP8.length === heap) pyodide = candidate;
  else console.error(`hash seed ${seed}: the heap grew from ${heap} to ${candidate._module.HEAP8.length} bytes`);
}
if (pyodide === null) {
  throw new Error("every hash seed made the heap grow past the size a restore gives it (30 MB): import less at boot");
}

function importEverything(pyodide) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython(`
# What every boot imports after the restore that a fresh Pyodide has not imported yet:
# PyScript's start-up code needs html (its entity table takes ~150 ms to compile), and
# unpacking a zip (PyScript's files config) the codec of zip member names. First: compiling
# the entity table briefly takes 3.7 MB, which must come before our modules fill the heap.
import encodings.cp437, html
import importlib, pkgutil, nardcore
for found in pkgutil.walk_packages(nardcore.__path__, "nardcore."):
    # the command line (nardcore.cli) never runs in the browser: left out, the heap keeps room
    if not found.name.endswith("__main__") and not found.name.startswith("nardcore.cli"):
        importlib.import_module(found.name)
for name in ${JSON.stringify(modules)}.split(","):
    if name:
        importlib.import_module(name)
`);
}
writeFileSync(outPath, pyodide.makeMemorySnapshot());

// PyScript's package as its chunk writes it: {pyscript: {"__init__.py": "...", ...}}.
function pyscriptPackage() {
  for (const name of chunks.split(",")) {
    const text = readFileSync(pyscriptDir + "/" + name, "utf8");
    const start = text.indexOf('{pyscript:{"__init__.py":');
    if (start < 0) continue;
    let depth = 0, quote = null;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) return Function("return " + text.slice(start, i + 1))().pyscript;
    }
  }
  throw new Error("PyScript's Python package was not found in its chunks");
}
const plain = await loadPyodide({ indexURL: pyodideDir + "/" });
plain.globals.set("package", plain.toPy(pyscriptPackage()));
// {path in the working directory: base64 of the .pyc}, as web/runtime.mjs reads it
const bytecode = plain.runPython(`
import base64, importlib.util, json, os, py_compile
found = {}
for name, text in sorted(package.items()):
    source = "/home/pyodide/pyscript/" + name
    os.makedirs(os.path.dirname(source), exist_ok=True)
    with open(source, "w", encoding="utf-8") as file:
        file.write(text)
    compiled = importlib.util.cache_from_source(source)
    py_compile.compile(source, compiled, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(compiled, "rb") as file:
        found[os.path.relpath(compiled, "/home/pyodide")] = base64.b64encode(file.read()).decode()
json.dumps(found, indent=0, sort_keys=True) + "\\n"
`);
writeFileSync(outPath + ".pyc.json", bytecode);
