#!/usr/bin/env python3
"""Build, serve, test and benchmark the app. Standard library only.

    python build.py build              # the static site in dist/
    python build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:8000
    python build.py test [PYTEST ARGS] # install what tests need, build, pytest + ruff + mypy
    python build.py bench              # the scripts in bench/

dist/ is a plain static site: any host that serves files works. Its layout:

    index.html           the page, with the stylesheet and the board's modules inside it
    sw.js, pyscript.json, nardcore.zip, pyscript-bytecode.json
    web/                 the rest of the app's files (runtime.mjs, engine.py, ui.py, i18n ...)
    vendor/pyodide/      the Python runtime (npm `pyodide`, pinned in package-lock.json), and
                         snapshot.bin: its memory with the app's Python imported (made in Node)
    vendor/pyscript/     PyScript with all its chunks (npm `@pyscript/core`)
    *.gz, *.br           pre-compressed twins, used by `serve` (and by hosts that look for them)
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import email.utils
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import zipfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
CORE = ROOT / "nardcore"
NODE_MODULES = ROOT / "node_modules"
LOCK = ROOT / "package-lock.json"
PYODIDE = NODE_MODULES / "pyodide"
PYSCRIPT = NODE_MODULES / "@pyscript" / "core" / "dist"

# What Pyodide fetches from its indexURL at boot. The real pyodide-lock.json lists ~300
# wheels the npm package does not even ship; a stub with its `info` block is enough.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The app's Python in the browser: one zip of nardcore/ and web/*.py. The memory snapshot
# has it imported already; only when Python boots without the snapshot does web/runtime.mjs
# unpack it into the worker's working directory (on sys.path), so `import ui` just works.
ZIP_NAME = "nardcore.zip"
# PyScript's own Python package as bytecode (see memory_snapshot), {path: base64}: written
# into the file system by web/runtime.mjs on every boot (faster than unpacking a zip with
# Python, just after the restore), before PyScript writes out and imports that package.
BYTECODE_NAME = "pyscript-bytecode.json"
# Files of web/ that are not copied as they are.
WEB_SKIP = {"sw.js"}  # becomes dist/sw.js (root scope), with the precache list filled in
# What the page needs to draw the board, put into index.html itself (see page_html), dependencies
# first. idb-fallback.js also stays a file: the worker imports it too.
INLINED_STYLE = "style.css"
INLINED_MODULES = ("idb-fallback.js", "geometry.js", "board.js", "view.js", "app.js")

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".bin": "application/octet-stream",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".py", ".svg", ".txt", ".webmanifest", ".bin"}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(command: Sequence[str], **kwargs: object) -> int:
    log("$ " + " ".join(command))
    return subprocess.call(list(command), cwd=ROOT, **kwargs)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- npm


def node_modules_stale() -> str | None:
    """Why `npm ci` is needed (None: node_modules matches package-lock.json)."""
    if not LOCK.exists():
        raise SystemExit("package-lock.json is missing")
    lock = json.loads(LOCK.read_text())
    for where, entry in lock.get("packages", {}).items():
        if not where.startswith("node_modules/") or entry.get("dev") or entry.get("optional"):
            continue
        manifest = ROOT / where / "package.json"
        if not manifest.exists():
            return f"{where} is missing"
        version = json.loads(manifest.read_text()).get("version")
        if version != entry.get("version"):
            return f"{where} is {version}, the lock says {entry.get('version')}"
    return None


def ensure_node_modules() -> None:
    reason = node_modules_stale()
    if reason is None:
        return
    log(f"node_modules out of date ({reason}): npm ci")
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed to fetch Pyodide and PyScript (Debian: apt-get install -y nodejs npm)")
    code = run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    if code or node_modules_stale():
        raise SystemExit(f"npm ci failed (exit {code})")


# -------------------------------------------------------------------------------- build


def files_under(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and "__pycache__" not in parts and not any(p.startswith(".") for p in parts):
            if path.suffix not in {".pyc", ".pyo"}:
                yield path


def pack_python() -> bytes:
    """nardcore/ and the app's Python modules from web/ as one reproducible zip."""
    members: dict[str, bytes] = {str(p.relative_to(ROOT).as_posix()): p.read_bytes() for p in files_under(CORE)
                                 if p.suffix == ".py" or p.name == "py.typed"}
    if WEB.is_dir():
        for path in files_under(WEB):
            relative = path.relative_to(WEB).as_posix()
            if path.suffix == ".py" or relative.startswith("i18n/"):
                members[relative] = path.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(members.items()):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


# ------------------------------------------------------------------- the page's first paint

# On a first visit each file the page waits for costs a round trip (30-110 ms here, more on
# a real network), and the board can only be drawn once its stylesheet and modules are in.
# So they go into index.html itself: the stylesheet as a <style>, the modules wrapped one
# function each in one inline module script. Only the import and export forms our modules
# use are understood; anything else stops the build rather than ship a page that breaks.
IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([\w-]+\.js)";\n', re.M)
EXPORT = re.compile(r"^export ((?:async function|function|class|const|let) )(\w+)", re.M)


def module_name(file: str) -> str:
    return "__web_" + re.sub(r"\W", "_", file.removesuffix(".js"))


def wrap_module(file: str, source: str) -> str:
    """One of web/'s modules as a function that runs its body and returns its exports."""
    def imported(match: re.Match[str]) -> str:
        if match.group(2) not in INLINED_MODULES[: INLINED_MODULES.index(file)]:
            raise SystemExit(f"web/{file}: imports {match.group(2)}, which is not inlined before it")
        names = [name.strip().replace(" as ", ": ") for name in match.group(1).split(",") if name.strip()]
        return f"const {{ {', '.join(names)} }} = {module_name(match.group(2))};\n"

    body = IMPORT.sub(imported, source)
    exports = EXPORT.findall(body)
    body = EXPORT.sub(r"\1\2", body)
    # import.meta.url is the page's own address once inlined: give each module back its own
    body = body.replace("import.meta.url", f'new URL("./web/{file}", import.meta.url).href')
    if re.search(r"^\s*(import|export)\b", body, re.M) or "</script" in body or "<!--" in body:
        raise SystemExit(f"web/{file}: a form of import or export (or text) that cannot be inlined")
    names = ", ".join(name for _, name in exports)
    return f"const {module_name(file)} = (() => {{\n{body}\nreturn {{ {names} }};\n}})();\n"


def page_html() -> bytes:
    """index.html with the board's stylesheet and modules inlined (see above)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    style = f'<link rel="stylesheet" href="./web/{INLINED_STYLE}">'
    script = '<script type="module" src="./web/app.js"></script>'
    if html.count(style) != 1 or html.count(script) != 1 or not html.rstrip().endswith(f"{script}\n</body>\n</html>"):
        raise SystemExit(f"index.html must hold {style} once and end its body with {script}")
    css = (WEB / INLINED_STYLE).read_text(encoding="utf-8")
    if "</style" in css:
        raise SystemExit(f"web/{INLINED_STYLE} cannot be inlined")
    modules = "".join(wrap_module(file, (WEB / file).read_text(encoding="utf-8")) for file in INLINED_MODULES)
    html = html.replace(style, f"<style>\n{css}</style>")
    # async: it runs in a task of its own, not inside the parser's last one (a long freeze)
    html = html.replace(script, f'<script type="module" async>\n{modules}</script>')
    return html.encode("utf-8")


def pyscript_config() -> bytes:
    config = {
        # Our own copy of Pyodide, through web/runtime.mjs: nothing is fetched from a CDN.
        # It also puts the app's Python in place (see ZIP_NAME, BYTECODE_NAME).
        "interpreter": "./web/runtime.mjs",
    }
    return (json.dumps(config, indent=2) + "\n").encode()


def pyodide_lock_stub() -> bytes:
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    return (json.dumps({"info": info, "packages": {}}, indent=1) + "\n").encode()


def site_files() -> dict[str, bytes | Path]:
    """Every file of dist/ except sw.js: relative path -> content (or source file)."""
    files: dict[str, bytes | Path] = {"index.html": page_html()}
    inlined_only = {INLINED_STYLE, *INLINED_MODULES} - {"idb-fallback.js"}
    for path in files_under(WEB):
        relative = path.relative_to(WEB).as_posix()
        if relative not in WEB_SKIP | inlined_only:
            files[f"web/{relative}"] = path
    for name in PYODIDE_FILES:
        files[f"vendor/pyodide/{name}"] = PYODIDE / name
    files["vendor/pyodide/pyodide-lock.json"] = pyodide_lock_stub()
    # PyScript imports its plugin chunks even when they are not used, and the worker imports
    # more chunks by name: ship every chunk, leave the source maps out.
    for path in sorted(PYSCRIPT.iterdir()):
        if path.is_file() and path.suffix in {".js", ".css"}:
            files[f"vendor/pyscript/{path.name}"] = path
    files["pyscript.json"] = pyscript_config()
    files[ZIP_NAME] = archive = pack_python()
    files[SNAPSHOT_NAME], files[BYTECODE_NAME] = memory_snapshot(archive)
    return files


# ------------------------------------------------------------------------ memory snapshot

# A memory snapshot of Pyodide with the app's Python already imported: the worker restores
# it (web/runtime.mjs) instead of starting the interpreter and importing everything, which
# takes several seconds. Made here in Node with the very same Pyodide files; it is tied to
# that Pyodide build and to the code baked in, so any change to either makes a new one.
#
# The same run compiles PyScript's own Python package (which PyScript writes out and imports
# in the worker on every boot, after the restore) to bytecode: unchecked-hash .pyc files that
# Python takes without looking at the sources PyScript has just rewritten. They are the text
# of the PyScript chunk we ship, compiled by the Pyodide we ship, so they cannot disagree.
SNAPSHOT_NAME = "vendor/pyodide/snapshot.bin"
SNAPSHOT_CACHE = NODE_MODULES / ".cache" / "nard-snapshot"
SNAPSHOT_MAKER = r"""
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, pyscriptDir, chunks, zipPath, outPath, modules] = process.argv.slice(-6);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ _makeSnapshot: true, indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide" });
pyodide.runPython(`
import importlib, pkgutil, nardcore
for found in pkgutil.walk_packages(nardcore.__path__, "nardcore."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
for name in ${JSON.stringify(modules)}.split(","):
    if name:
        importlib.import_module(name)
# What every boot imports after the restore that a fresh Pyodide has not imported yet:
# PyScript's start-up code needs html (its entity table takes ~150 ms to compile), and
# unpacking a zip (PyScript's files config) the codec of zip member names.
import encodings.cp437, html
`);
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
"""


def pyscript_chunks() -> list[str]:
    """PyScript's main chunk(s), where its Python package is written out as text."""
    return sorted(p.name for p in PYSCRIPT.glob("core-*.js"))


def memory_snapshot(archive: bytes, cache: Path = SNAPSHOT_CACHE) -> tuple[Path, Path]:
    """The snapshot for this Pyodide and this nardcore.zip, and PyScript's bytecode as shipped
    (BYTECODE_NAME), both made once, then cached in `cache`."""
    modules = ",".join(sorted(p.stem for p in WEB.glob("*.py") if p.stem != "engine")) if WEB.is_dir() else ""
    key = hashlib.sha256()
    for part in (SNAPSHOT_MAKER.encode(), modules.encode(), archive,
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
        [node, "--input-type=module", "-e", SNAPSHOT_MAKER, "--", str(PYODIDE), str(PYSCRIPT),
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


def content(source: bytes | Path) -> bytes:
    return source if isinstance(source, bytes) else source.read_bytes()


def service_worker(files: dict[str, bytes]) -> tuple[bytes, str]:
    """web/sw.js with the precache list and a version that changes whenever any file does."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    template = (WEB / "sw.js").read_text()
    digest.update(template.encode())
    version = digest.hexdigest()[:16]
    precache = ["./"] + sorted(files)
    text = template.replace('const VERSION = "dev";', f"const VERSION = {json.dumps(version)};", 1)
    text = text.replace("const PRECACHE = [];", f"const PRECACHE = {json.dumps(precache, indent=1)};", 1)
    if version not in text or '"index.html"' not in text:
        raise SystemExit('web/sw.js must hold the lines `const VERSION = "dev";` and `const PRECACHE = [];`')
    return text.encode(), version


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
    return True


Compressor = Callable[[bytes], bytes]
BIG = 16 * 2**20  # past this size (the memory snapshot) top compression levels take minutes


def brotli_compressor() -> Compressor | None:
    """Brotli at its best quality: the `brotli` module, else the `brotli` command, else None."""
    try:
        import brotli  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        if not shutil.which("brotli"):
            return None
        return lambda data: subprocess.run(["brotli", "-c", "-q", "11" if len(data) < BIG else "9"], input=data,
                                           capture_output=True, check=True).stdout
    return lambda data: bytes(brotli.compress(data, quality=11 if len(data) < BIG else 9))


def compress(path: Path, brotli: Compressor | None) -> None:
    """Write path.gz (and path.br) next to path, when they are missing, stale, and worth it."""
    data: bytes | None = None
    for suffix in (".gz", ".br"):
        twin = path.with_name(path.name + suffix)
        if suffix == ".br" and brotli is None:
            continue
        if twin.exists() and twin.stat().st_mtime >= path.stat().st_mtime:
            continue
        data = path.read_bytes() if data is None else data
        if suffix == ".gz":
            packed = gzip.compress(data, compresslevel=9 if len(data) < BIG else 6, mtime=0)
        else:
            assert brotli is not None
            packed = brotli(data)
        if len(packed) < 0.95 * len(data):
            twin.write_bytes(packed)
        else:
            twin.unlink(missing_ok=True)


def build(quiet: bool = False, dist: Path = DIST) -> str:
    """Make dist/ (only changed files are rewritten); returns the build version."""
    ensure_node_modules()
    sources = site_files()
    files = {name: content(source) for name, source in sources.items()}
    sw, version = service_worker(files)
    files["sw.js"] = sw
    changed = [name for name, data in files.items() if write_if_changed(dist / name, data)]
    # Anything else in dist/ is left over from an older build.
    keep = set(files) | {f"{name}{suffix}" for name in files for suffix in (".gz", ".br")}
    for path in sorted(dist.rglob("*"), reverse=True):
        relative = path.relative_to(dist).as_posix()
        if path.is_file() and relative not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    brotli = brotli_compressor()
    # Largest first, on every core: the wasm's brotli twin is most of a fresh build's time.
    compressible = sorted((dist / name for name in files if Path(name).suffix in COMPRESSIBLE),
                          key=lambda path: -path.stat().st_size)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(lambda path: compress(path, brotli), compressible))
    if not quiet:
        raw = sum(len(data) for data in files.values())
        log(f"dist/ version {version}: {len(files)} files, {raw / 1e6:.1f} MB raw, "
            f"{len(changed)} changed{'' if brotli else ' (no brotli: gzip twins only)'}")
    return version


# -------------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the right types, pre-compressed twins and no-cache.

    With `precompressed` off it behaves like a host that cannot set Content-Encoding: every
    file goes out as it is (a twin only when asked for by its own name).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: every response has its Content-Length
    quiet = True
    precompressed = True

    def __init__(self, request: object, client_address: object, server: SiteServer) -> None:
        super().__init__(request, client_address, server, directory=str(server.root))  # type: ignore[arg-type]

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # redirects to the slash form
            path = path / "index.html"
        if not path.is_file() or path.suffix == ".tmp":
            self.send_error(404, "File not found")
            return None
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        served, encoding = path, None
        accepted = {token.split(";")[0].strip() for token in self.headers.get("Accept-Encoding", "").split(",")}
        for token, suffix in (("br", ".br"), ("gzip", ".gz")):
            twin = path.with_name(path.name + suffix)
            if self.precompressed and token in accepted and twin.is_file():
                served, encoding = twin, token
                break
        if encoding:
            etag = etag[:-1] + f'-{encoding}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return None
        handle = open(served, "rb")  # noqa: SIM115 - closed by the base class after copying
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(served.stat().st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return handle

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path, port: int, host: str = "127.0.0.1", quiet: bool = True,
                 precompressed: bool = True) -> None:
        self.root = root
        handler = type("Handler", (SiteHandler,), {"quiet": quiet, "precompressed": precompressed})
        super().__init__((host, port), handler)

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that drops a request it no longer needs is no error of the server's.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"

    @contextlib.contextmanager
    def serving(self) -> Iterator[str]:
        """Serve from a thread while the `with` block runs; gives the site's URL."""
        threading.Thread(target=self.serve_forever, name="dist-server", daemon=True).start()
        try:
            yield self.url
        finally:
            self.shutdown()
            self.server_close()


def stop_on_signal(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(port: int) -> None:
    # Ctrl-C stops the server even when started from a script (where SIGINT may be ignored).
    signal.signal(signal.SIGINT, stop_on_signal)
    signal.signal(signal.SIGTERM, stop_on_signal)
    try:
        build()
    except KeyboardInterrupt:
        return
    server = SiteServer(DIST, port, quiet=False)
    log(f"serving dist/ on {server.url}  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        log("stopped")


# --------------------------------------------------------------------------------- test


def test_requirements() -> list[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return list(project["optional-dependencies"]["test"])


def missing_distributions(requirements: list[str]) -> list[str]:
    import importlib.metadata
    import re

    missing = []
    for requirement in requirements:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(requirement)
    return missing


def as_root(command: list[str]) -> list[str]:
    if hasattr(os, "geteuid") and os.geteuid() != 0 and shutil.which("sudo"):
        return ["sudo", "-n", *command]
    return command


def ensure_test_tools() -> None:
    requirements = test_requirements()
    missing = missing_distributions(requirements)
    if missing:
        log(f"installing test requirements ({', '.join(missing)} missing)")
        command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "--quiet", *requirements]
        if run(command) and run(command, env={**os.environ, "PIP_BREAK_SYSTEM_PACKAGES": "1"}):
            raise SystemExit("pip install of the test requirements failed")
    chromium = os.environ.get("NARD_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        if not shutil.which("apt-get"):
            raise SystemExit(f"{chromium} is missing and there is no apt-get to install Debian's chromium")
        log("installing Debian's chromium")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if run(as_root(["apt-get", "update"]), env=env) or run(
            as_root(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]), env=env
        ):
            raise SystemExit("apt-get install chromium failed")
    if not shutil.which("npm") and shutil.which("apt-get"):
        log("installing Debian's nodejs and npm")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(as_root(["apt-get", "update"]), env=env)
        run(as_root(["apt-get", "install", "-y", "nodejs", "npm"]), env=env)


def test(pytest_args: list[str]) -> int:
    ensure_test_tools()
    build()
    results = {
        "pytest": run([sys.executable, "-m", "pytest", *pytest_args]),
        "ruff": run([sys.executable, "-m", "ruff", "check", "nardcore"]),
        "mypy": run([sys.executable, "-m", "mypy", "nardcore"]),
    }
    failed = [name for name, code in results.items() if code]
    log("all checks passed" if not failed else f"FAILED: {', '.join(failed)}")
    return 1 if failed else 0


# -------------------------------------------------------------------------------- bench


def bench() -> int:
    scripts = sorted((ROOT / "bench").glob("bench_*.py"))
    codes = [run([sys.executable, str(script)]) for script in scripts]
    return max(codes, default=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build the static site into dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="install what tests need, build, run pytest, ruff and mypy",
                        add_help=False)
    commands.add_parser("bench", help="run the benchmarks in bench/")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench()


if __name__ == "__main__":
    sys.exit(main())
