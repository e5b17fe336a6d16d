"""The static site in dist/: the page, the app's files, Pyodide and PyScript, the service
worker's precache list, and the pre-compressed twins. Standard library only.

dist/ layout:

    index.html           the page, with the stylesheet and the board's modules inside it
    embed.js             <nard-board> for any page: web/page/embed/embed.js with the board's
                         modules and stylesheet, one plain script (docs/embed.md)
    embed-example.html   a page that uses <nard-board> and the app in an iframe
    sw.js, pyscript.json, nardcore.zip, pyscript-bytecode.json
    web/                 the rest of the app's files (page/boot/runtime.mjs, worker/main.py, i18n ...)
    vendor/pyodide/      the Python runtime (npm `pyodide`, pinned in package-lock.json), and
                         snapshot.bin: its memory with the app's Python imported (made in Node)
    vendor/pyscript/     PyScript with all its chunks (npm `@pyscript/core`)
    vendor/uqr/          the QR code encoder of live links (npm `uqr`, one module)
    *.gz, *.br           pre-compressed twins, used by `serve` (and by hosts that look for them)
"""

from __future__ import annotations

import base64
import concurrent.futures
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tools import icons
from tools.inline import ENTRY, bundled_script, inlined_script, module_order, script_json
from tools.shell import CORE, DIST, NODE_MODULES, PYODIDE, PYSCRIPT, ROOT, WEB, WORKER_PACKAGE, log
from tools.snapshot import BYTECODE_NAME, PYODIDE_FILES, SNAPSHOT_NAME, memory_snapshot
from tools.testenv import ensure_node_modules

# The app's Python in the browser: one zip of nardcore/, the package web/worker/ and web/i18n/,
# each at its path in the repository. The memory snapshot has it imported already; only when
# Python boots without the snapshot does web/page/boot/runtime.mjs unpack it into the worker's working
# directory (on sys.path), so `import web.worker.ui` works as it does in the repository.
ZIP_NAME = "nardcore.zip"
# nardcore's modules and its data: the networks' weights, the bear-off database (bots/bearoff.py)
CORE_FILES = {".py", ".nnw", ".json", ".bin"}
# Files of web/ (paths under it) that are not copied as they are.
SERVICE_WORKER = "page/boot/sw.js"  # dist/sw.js (root scope), with the precache list filled in
EMBED_ENTRY = "page/embed/embed.js"  # dist/embed.js, bundled (embed_script)
WEB_SKIP = {SERVICE_WORKER, EMBED_ENTRY}
TYPES_ONLY = ".d.ts"  # the page's types (tsconfig.json): for the check, never shipped
# Put into index.html itself (see page_html). idb-fallback.js also stays a file: the worker
# imports it too.
INLINED_STYLE = "page/style.css"
BOARD_STYLE = "page/board/board.css"  # the board's look: inside the page's stylesheet, and inside embed.js
BOARD_IMPORT = '@import url("./board/board.css");\n'  # BOARD_STYLE, from INLINED_STYLE's folder
EMBED_DATA_MARK = "/* BUILT */ null"  # web/page/embed/embed.js's place for what the build gives it
EMBED_EXAMPLE = "embed-example.html"
# the interface words <nard-board> uses
EMBED_STRINGS = ("aria.", "side.", "replay.", "embed.", "why.position", "notation.")
ALSO_A_FILE = {"page/boot/idb-fallback.js"}
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".py", ".svg", ".txt", ".webmanifest", ".bin"}


def inlined_modules() -> list[str]:
    """The modules the page holds, dependencies first: app.js and what it imports."""
    return module_order(WEB, ENTRY)


def files_under(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and "__pycache__" not in parts and not any(p.startswith(".") for p in parts):
            if path.suffix not in {".pyc", ".pyo"}:
                yield path


def pack_python() -> bytes:
    """nardcore/, the app's Python (web/worker/) and its languages (web/i18n/, which the
    presenter lists) as one reproducible zip."""
    members: dict[str, bytes] = {str(p.relative_to(ROOT).as_posix()): p.read_bytes() for p in files_under(CORE)
                                 if p.suffix in CORE_FILES or p.name == "py.typed"}
    if WEB.is_dir():
        for path in files_under(WEB):
            relative = path.relative_to(WEB).as_posix()
            if path.suffix == ".py" or relative.startswith("i18n/"):
                members[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(members.items()):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def start_view(package: str = WORKER_PACKAGE) -> Any | None:
    """The view model of a fresh default session, from the presenter's start_view() (the
    package's `presenter` module), so the page can draw the board before Python starts (None:
    no such presenter)."""
    name = f"{package}.presenter"
    if importlib.util.find_spec(name) is None:
        return None
    make = getattr(importlib.import_module(name), "start_view", None)
    return None if make is None else make()


def page_html(web: Path = WEB) -> bytes:
    """index.html with the board's stylesheet and modules inlined (see tools/inline.py), and
    the start view when web/worker/presenter.py makes one."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    style = f'<link rel="stylesheet" href="./web/{INLINED_STYLE}">'
    script = f'<script type="module" src="./web/{ENTRY}"></script>'
    ends_right = html.rstrip().endswith(f"{script}\n</body>\n</html>")
    if html.count(style) != 1 or html.count(script) != 1 or html.count(CSP_MARK) != 1 or not ends_right:
        raise SystemExit(f"index.html must hold {style} and {CSP_MARK} once and end its body with {script}")
    css = page_style(web)
    if "</style" in css:
        raise SystemExit(f"web/{INLINED_STYLE} cannot be inlined")
    modules = inlined_script(web)
    view = start_view()
    data = "" if view is None else (
        f'<script type="application/json" id="nard-start-view">{script_json(view)}</script>\n')
    style_text, script_text = f"\n{css}", f"\n{modules}"
    html = html.replace(style, f"<style>{style_text}</style>")
    # async: it runs in a task of its own, not inside the parser's last one (a long freeze)
    html = html.replace(script, f'{data}<script type="module" async>{script_text}</script>')
    html = html.replace(CSP_MARK, csp_meta(script_text, style_text))
    return html.encode("utf-8")


def page_style(web: Path = WEB) -> str:
    """web/page/style.css with web/page/board/board.css in the place of its import."""
    css = (web / INLINED_STYLE).read_text(encoding="utf-8")
    if css.count(BOARD_IMPORT) != 1:
        raise SystemExit(f"web/{INLINED_STYLE} must hold the line {BOARD_IMPORT.strip()} once")
    return css.replace(BOARD_IMPORT, (web / BOARD_STYLE).read_text(encoding="utf-8"))


def numberings() -> dict[str, list[int]]:
    """Each game's numbering (index p, a point in White's numbering, holds Black's number for
    it): what the board needs to place Black's checkers, as the app's views carry it."""
    from nardcore.variant import VARIANT_NAMES, VARIANTS
    from web.worker.presenter import numbering

    return {name: numbering(VARIANTS[name]) for name in VARIANT_NAMES}


def embed_strings(web: Path = WEB) -> dict[str, dict[str, str]]:
    """The interface words <nard-board> shows, in every language of web/i18n/."""
    found = {}
    for path in sorted((web / "i18n").glob("*.json")):
        words = json.loads(path.read_text(encoding="utf-8"))
        found[path.stem] = {key: value for key, value in words.items() if key.startswith(EMBED_STRINGS)}
    return found


def embed_script(web: Path = WEB) -> bytes:
    """dist/embed.js: web/page/embed/embed.js and the board's modules as one plain script, with the
    board's stylesheet, the games' numberings and the words it shows put in its place for them."""
    script = bundled_script(web, EMBED_ENTRY)
    if script.count(EMBED_DATA_MARK) != 1:
        raise SystemExit(f"web/{EMBED_ENTRY} must hold {EMBED_DATA_MARK} once")
    data = {"style": (web / BOARD_STYLE).read_text(encoding="utf-8"), "numberings": numberings(),
            "strings": embed_strings(web)}
    return script.replace(EMBED_DATA_MARK, script_json(data)).encode("utf-8")


def example_html() -> bytes:
    """embed-example.html with its policy: scripts and frames from this site only (the page
    uses embed.js and the app as any other site would), its one stylesheet by its hash."""
    html = (ROOT / EMBED_EXAMPLE).read_text(encoding="utf-8")
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    if html.count(CSP_MARK) != 1 or len(styles) != 1 or "<script>" in html:
        raise SystemExit(f"{EMBED_EXAMPLE} must hold {CSP_MARK} once, one <style> and no inline script")
    policy = "; ".join([
        "default-src 'self'", "script-src 'self'", f"style-src 'self' {sha256_source(styles[0])}",
        "frame-src 'self'", "img-src 'self' data:", "object-src 'none'", "base-uri 'none'",
    ])
    return html.replace(CSP_MARK, f'<meta http-equiv="Content-Security-Policy" content="{policy}">').encode("utf-8")


def sha256_source(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


# index.html's placeholder for the page's Content-Security-Policy, filled in by the build.
CSP_MARK = "<!-- CSP -->"


def csp_meta(script: str, style: str) -> str:
    """The policy: everything from this origin only; the one inline script and stylesheet by
    their hashes; workers from this origin or blobs (how PyScript starts its worker).
    'unsafe-eval' because PyScript builds its hook chains with Function() (and Pyodide
    compiles WebAssembly); no inline script or style but the two hashed ones, no other
    origin. No frame-ancestors (a <meta> policy cannot set it): any site may embed the app."""
    def digest(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"

    policy = "; ".join([
        "default-src 'self'",
        f"script-src 'self' {digest(script)} 'unsafe-eval'",
        f"style-src 'self' {digest(style)}",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])
    return f'<meta http-equiv="Content-Security-Policy" content="{policy}">'



def pyscript_config() -> bytes:
    config = {
        # Our own copy of Pyodide, through web/page/boot/runtime.mjs: nothing is fetched from a CDN.
        # It also puts the app's Python in place (see ZIP_NAME, BYTECODE_NAME).
        "interpreter": "./web/page/boot/runtime.mjs",
    }
    return (json.dumps(config, indent=2) + "\n").encode()


def pyodide_lock_stub() -> bytes:
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    return (json.dumps({"info": info, "packages": {}}, indent=1) + "\n").encode()


UQR = NODE_MODULES / "uqr" / "dist" / "index.mjs"
UQR_FILE = "vendor/uqr/index.mjs"


def site_files() -> dict[str, bytes | Path]:
    """Every file of dist/ except sw.js: relative path -> content (or source file)."""
    files: dict[str, bytes | Path] = {"index.html": page_html(), "embed.js": embed_script(),
                                      EMBED_EXAMPLE: example_html()}
    inlined_only = {INLINED_STYLE, BOARD_STYLE, *inlined_modules()} - ALSO_A_FILE
    for path in files_under(WEB):
        relative = path.relative_to(WEB).as_posix()
        if relative not in WEB_SKIP | inlined_only and not relative.endswith(TYPES_ONLY):
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
    files[UQR_FILE] = UQR  # the QR codes of live links (web/page/panels/live-panel.js imports it when shown)
    files.update(icons.icon_files())
    files["manifest.webmanifest"] = icons.manifest()
    files[ZIP_NAME] = archive = pack_python()
    files[SNAPSHOT_NAME], files[BYTECODE_NAME] = memory_snapshot(archive)
    return files


def content(source: bytes | Path) -> bytes:
    return source if isinstance(source, bytes) else source.read_bytes()


def service_worker(files: dict[str, bytes]) -> tuple[bytes, str]:
    """web/page/boot/sw.js with the precache list and a version that changes whenever any file does."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    template = (WEB / SERVICE_WORKER).read_text()
    digest.update(template.encode())
    version = digest.hexdigest()[:16]
    precache = ["./"] + sorted(files)
    text = template.replace('const VERSION = "dev";', f"const VERSION = {json.dumps(version)};", 1)
    text = text.replace("const PRECACHE = [];", f"const PRECACHE = {json.dumps(precache, indent=1)};", 1)
    if version not in text or '"index.html"' not in text:
        raise SystemExit(f'web/{SERVICE_WORKER} must hold the lines `const VERSION = "dev";` '
                         'and `const PRECACHE = [];`')
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
