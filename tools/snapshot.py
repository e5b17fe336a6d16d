"""A memory snapshot of Pyodide with the app's Python already imported.

The worker restores it (web/runtime.mjs) instead of starting the interpreter and importing
everything, which takes several seconds. tools/make_snapshot.mjs makes it in Node with the
very same Pyodide files; it is tied to that Pyodide build and to the code baked in, so any
change to either makes a new one. The same run compiles PyScript's own Python package to
unchecked-hash .pyc files (BYTECODE_NAME), which Python takes without looking at the
sources PyScript writes out on every boot.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from tools.shell import NODE_MODULES, PYODIDE, PYSCRIPT, ROOT, WORKER, WORKER_PACKAGE, WORKER_SCRIPT, log

SNAPSHOT_NAME = "vendor/pyodide/snapshot.bin"
# PyScript's own Python package as bytecode, {path: base64}: written into the file system by
# web/runtime.mjs on every boot, before PyScript writes out and imports that package.
BYTECODE_NAME = "pyscript-bytecode.json"
SNAPSHOT_CACHE = NODE_MODULES / ".cache" / "nard-snapshot"
MAKER = Path(__file__).with_name("make_snapshot.mjs")
# What Pyodide fetches from its indexURL at boot (the stub lock aside).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def pyscript_chunks() -> list[str]:
    """PyScript's main chunk(s), where its Python package is written out as text."""
    return sorted(p.name for p in PYSCRIPT.glob("core-*.js"))


def worker_modules() -> list[str]:
    """The app's modules the snapshot has imported: web.worker's and its packages' (duel/), but
    the worker's script (run by PyScript as its main module, not imported)."""
    names = []
    for path in sorted(WORKER.rglob("*.py")):
        parts = path.relative_to(WORKER).with_suffix("").parts
        if "__pycache__" in parts or parts in (("__init__",), (WORKER_SCRIPT,)):
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return [f"{WORKER_PACKAGE}.{name}" for name in names]


def memory_snapshot(archive: bytes, cache: Path = SNAPSHOT_CACHE) -> tuple[Path, Path]:
    """The snapshot for this Pyodide and this nardcore.zip, and PyScript's bytecode as shipped
    (BYTECODE_NAME), both made once, then cached in `cache`."""
    modules = ",".join(worker_modules())
    maker = MAKER.read_bytes()
    key = hashlib.sha256()
    for part in (maker, modules.encode(), archive,
                 *((PYODIDE / name).read_bytes() for name in PYODIDE_FILES),
                 *((PYSCRIPT / name).read_bytes() for name in pyscript_chunks())):
        key.update(hashlib.sha256(part).digest())
    cached = cache / f"{key.hexdigest()[:24]}.bin"
    bytecode = cached.with_name(cached.name + ".pyc.json")
    if cached.is_file() and bytecode.is_file():
        return cached, bytecode
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to make the Pyodide memory snapshot (Debian: apt-get install -y nodejs)")
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("*.bin*"):
        old.unlink()
    zip_path = cache / "nardcore.zip"
    zip_path.write_bytes(archive)
    temporary = cached.with_suffix(".tmp")
    log("making the Pyodide memory snapshot")
    result = subprocess.run(
        [node, str(MAKER), str(PYODIDE), str(PYSCRIPT),
         ",".join(pyscript_chunks()), str(zip_path), str(temporary), modules],
        cwd=ROOT, capture_output=True, text=True,
    )
    made_bytecode = temporary.with_name(temporary.name + ".pyc.json")
    if result.returncode or not temporary.is_file() or not made_bytecode.is_file():
        tail = (result.stderr or result.stdout).strip()[-2000:]
        raise SystemExit(f"making the memory snapshot failed:\n{tail}")
    made_bytecode.replace(bytecode)
    temporary.replace(cached)
    return cached, bytecode
