"""build.py makes a complete, self-contained static site in dist/ and serves it correctly."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import os
import re
import socket
import struct
import subprocess
import sys
import threading
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.dist import build_lock, built_dist, precache_list

from tools import inline, shell, site, snapshot, testenv
from tools.serve import SiteServer

ROOT = Path(__file__).resolve().parents[2]

DIST = shell.DIST
TWINS = (".gz", ".br")


@pytest.fixture(scope="module")
def dist() -> Path:
    return built_dist()  # built once for the run, under a lock (another worker may be building it too)


@pytest.fixture(scope="module")
def server(dist: Path) -> Iterator[str]:
    with SiteServer(dist, 0).serving() as url:
        yield url


def site_files(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.suffix not in TWINS}


def test_dist_holds_the_page_the_app_pyodide_and_pyscript(dist: Path) -> None:
    files = site_files(dist)
    expected = {
        "index.html", "sw.js", "pyscript.json", "nardcore.zip", snapshot.BYTECODE_NAME,
        "web/worker/main.py", "web/page/boot/idb-fallback.js", "web/page/boot/snapshot.js",
        "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json",
        "vendor/pyodide/snapshot.bin", "vendor/pyscript/core.js", "vendor/uqr/index.mjs", "web/page/boot/runtime.mjs",
    }
    assert expected <= files, sorted(expected - files)
    assert f"web/{site.SERVICE_WORKER}" not in files  # the service worker lives at the root, for the root scope
    assert not [name for name in files if name.endswith(".ts")]  # the page's types are for the check only


def test_every_pyscript_chunk_is_shipped_without_source_maps(dist: Path) -> None:
    chunks = {p.name for p in shell.PYSCRIPT.iterdir() if p.suffix in {".js", ".css"}}
    shipped = {p.name for p in (dist / "vendor" / "pyscript").iterdir() if p.suffix not in TWINS}
    assert chunks == shipped
    assert not list(dist.rglob("*.map"))


def test_web_files_are_copied_as_they_are_unless_the_page_holds_them(dist: Path) -> None:
    inlined_only = {site.INLINED_STYLE, site.BOARD_STYLE, *site.inlined_modules()} - site.ALSO_A_FILE
    for source in site.files_under(shell.WEB):
        relative = source.relative_to(shell.WEB).as_posix()
        if relative in site.WEB_SKIP or relative in inlined_only or relative.endswith(site.TYPES_ONLY):
            assert not (dist / "web" / relative).exists(), relative
        else:
            assert (dist / "web" / relative).read_bytes() == source.read_bytes(), relative


def test_the_page_holds_the_stylesheet_and_the_modules_that_draw_the_board(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    style = (shell.WEB / site.INLINED_STYLE).read_text()
    assert style.replace(site.BOARD_IMPORT, (shell.WEB / site.BOARD_STYLE).read_text()) in html
    assert "@import" not in html and 'url("./board/' not in html and "board.css\"" not in html
    assert f'src="./web/{inline.ENTRY}"' not in html and site.INLINED_STYLE not in html
    scripts = re.findall(r'<script type="module" async>\n(.*?)</script>\n</body>', html, re.S)
    assert len(scripts) == 1
    for module in site.inlined_modules():
        assert f"const {inline.module_name(module)} = (() => {{" in scripts[0], module
    # each module still finds its files beside it, wherever the site is hosted
    assert "import.meta.url" not in scripts[0].replace('new URL("./web/', "").replace('", import.meta.url)', "")


def test_the_page_carries_a_policy_that_allows_its_own_origin_and_its_two_hashed_inline_blocks(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert len(metas) == 1 and html.index(metas[0]) < html.index("<style>")  # before anything it governs
    policy = dict(
        (parts[0], parts[1:]) for parts in (d.split() for d in metas[0].split("; ")))
    inline_blocks = {
        "script-src": re.findall(r'<script type="module" async>(.*?)</script>', html, re.S),
        "style-src": re.findall(r"<style>(.*?)</style>", html, re.S),
    }
    for directive, blocks in inline_blocks.items():
        assert len(blocks) == 1
        digest = base64.b64encode(hashlib.sha256(blocks[0].encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy[directive]
        assert "'unsafe-inline'" not in policy[directive]
    # nothing from another origin, anywhere: every source list is this origin (plus data:/blob:)
    for directive, sources in policy.items():
        assert all(s in ("'self'", "'none'", "'unsafe-eval'", "data:", "blob:") or s.startswith("'sha256-")
                   for s in sources), directive
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert "frame-ancestors" not in policy  # any site may embed the page


@pytest.mark.parametrize("source", [
    'import Board from "./board/board.js";\n',
    'import * as board from "./board/board.js";\n',
    "export default 1;\n",
    'import { x } from "./not-inlined.js";\n',
    'import { x } from "../board/board.js";\n',  # page/../board/board.js: not the module inlined
    'const text = "</script>";\n',
])
def test_a_module_the_page_cannot_hold_stops_the_build(source: str) -> None:
    with pytest.raises(SystemExit):
        inline.wrap_module("page/page.js", source, ["page/board/board.js"])


def test_jsdoc_blocks_are_left_out_of_the_page_and_casts_in_a_line_of_code_stay() -> None:
    source = ('/**\n * @param {string} id\n */\nexport function f(id) {\n  /** @type {number} */\n'
              '  const n = /** @type {number} */ (Number(id));\n  return n; // the number\n}\n')
    body = inline.wrap_module("page/f.js", source, [])
    assert "@param" not in body and "@type {number} */\n" not in body
    assert "function f(id) {\n  const n = /** @type {number} */ (Number(id));\n  return n; // the number" in body


def test_nardcore_zip_holds_the_core_and_the_web_python_modules(dist: Path) -> None:
    names = set(zipfile.ZipFile(dist / "nardcore.zip").namelist())
    core = {p.relative_to(ROOT).as_posix() for p in shell.CORE.rglob("*.py") if "__pycache__" not in p.parts}
    assert "nardcore/__init__.py" in names
    assert core <= names, sorted(core - names)
    web = {p.relative_to(ROOT).as_posix() for p in shell.WEB.rglob("*.py") if "__pycache__" not in p.parts}
    assert "web/worker/ui.py" in web
    assert web <= names  # at their paths in the repository: `import web.worker.ui` in the worker
    assert not [n for n in names if n.endswith((".pyc", ".js"))]
    data = {p.relative_to(ROOT).as_posix() for p in (shell.CORE / "bots" / "weights").iterdir()}
    assert "nardcore/bots/weights/bearoff.bin" in data and data <= names, sorted(data - names)  # networks, bear-offs


def test_nardcore_zip_is_reproducible(dist: Path) -> None:
    # another interpreter, with another hash seed, packs the very same bytes as this one and
    # as the build that made dist/
    packer = "import sys; from tools.site import pack_python; sys.stdout.buffer.write(pack_python())"
    other = subprocess.run([sys.executable, "-c", packer], cwd=ROOT, capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout
    assert other == site.pack_python() == (dist / "nardcore.zip").read_bytes()
    archive = zipfile.ZipFile(io.BytesIO(other))
    assert {info.date_time for info in archive.infolist()} == {(2020, 1, 1, 0, 0, 0)}


def test_memory_snapshot_is_made_once_per_pyodide_and_code() -> None:
    archive = site.pack_python()
    first, bytecode = snapshot.memory_snapshot(archive)
    assert first.stat().st_size > 10_000_000  # a copy of the interpreter's memory
    assert snapshot.memory_snapshot(archive) == (first, bytecode)  # cached: same inputs, same files
    assert (DIST / snapshot.SNAPSHOT_NAME).read_bytes() == first.read_bytes()


RESTORE = r"""
import { readFileSync } from "node:fs";
const [pyodideDir, snapshotPath] = process.argv.slice(-2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", _loadSnapshot: readFileSync(snapshotPath) });
console.log(pyodide.runPython("import sys; repr(getattr(sys.modules.get('nardcore.variant'), 'PROBE', None))"));
"""


def probe_in_snapshot(snapshot: Path) -> str:
    """What `nardcore.variant.PROBE` is in the interpreter restored from `snapshot`."""
    result = subprocess.run(["node", "--input-type=module", "-e", RESTORE, "--", str(shell.PYODIDE), str(snapshot)],
                            capture_output=True, text=True, timeout=120)
    # Node quotes the failing line of Pyodide's minified source whole: keep each line short.
    report = "\n".join(line[:300] for line in result.stderr.splitlines()[-40:])
    assert result.returncode == 0, f"the restore exited with {result.returncode}:\n{report}\n{result.stdout[-1000:]}"
    return result.stdout.strip().splitlines()[-1]


def test_changing_a_nardcore_source_makes_a_new_snapshot_that_holds_the_change(tmp_path: Path) -> None:
    archive = site.pack_python()
    with zipfile.ZipFile(io.BytesIO(archive)) as original:
        members = {name: original.read(name) for name in original.namelist()}
    members["nardcore/variant.py"] += b'\nPROBE = "changed"\n'
    changed = io.BytesIO()
    with zipfile.ZipFile(changed, "w") as archive_out:
        for name, data in members.items():
            archive_out.writestr(name, data)
    before, _ = snapshot.memory_snapshot(archive)
    after, _ = snapshot.memory_snapshot(changed.getvalue(), cache=tmp_path)
    assert after.read_bytes() != before.read_bytes()
    assert probe_in_snapshot(before) == "None"
    assert probe_in_snapshot(after) == "'changed'"


def test_pyscripts_own_python_ships_compiled_for_the_shipped_pyodide(dist: Path) -> None:
    encoded = json.loads((dist / snapshot.BYTECODE_NAME).read_text())
    bytecode = {name: base64.b64decode(data) for name, data in encoded.items()}
    assert all(name.startswith("pyscript/__pycache__/") for name in bytecode)
    # every module PyScript writes out at boot, compiled for this Python (cpython-314 ...)
    modules = {name.rsplit("/", 1)[1].split(".")[0] for name in bytecode}
    assert {"__init__", "context", "display", "events", "fetch", "storage", "websocket"} <= modules
    tags = {name.rsplit("/", 1)[1].split(".")[1] for name in bytecode}
    python = json.loads((dist / "vendor/pyodide/pyodide-lock.json").read_text())["info"]["python"]
    assert tags == {"cpython-" + "".join(python.split(".")[:2])}
    for name, data in bytecode.items():
        flags = int.from_bytes(data[4:8], "little")
        assert flags == 0b01, f"{name}: not an unchecked-hash pyc (flags {flags:#b})"


def test_pyscript_config_uses_the_local_pyodide_and_the_zip(dist: Path) -> None:
    config = json.loads((dist / "pyscript.json").read_text())
    assert (dist / config["interpreter"]).is_file()
    assert "vendor/pyodide/pyodide.mjs" in (dist / config["interpreter"]).read_text()
    assert "files" not in config  # web/page/boot/runtime.mjs puts the app's Python in place
    assert "packages" not in config  # the npm pyodide package ships no wheels


def test_pyodide_lock_is_a_stub_with_the_runtime_info(dist: Path) -> None:
    lock = json.loads((dist / "vendor/pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {}
    assert lock["info"]["python"].startswith("3.")


def test_index_html_loads_only_same_origin_files_that_exist(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    references = re.findall(r'(?:src|href|config)="([^"]+)"', html)
    assert references
    for reference in references:
        if reference.startswith("data:"):
            continue
        assert not re.match(r"^[a-z]+:|^//", reference), f"index.html refers off-site: {reference}"
        assert (dist / reference).is_file(), reference
    assert '<link rel="icon" href="./web/icon-192.png">' in html  # made by the build, precached


def test_no_shipped_file_names_a_cdn(dist: Path) -> None:
    # PyScript and Pyodide carry CDN URLs as defaults; the app's own files must not.
    for path in [dist / "index.html", dist / "pyscript.json", *(dist / "web").rglob("*")]:
        if path.is_file() and path.suffix not in TWINS:
            text = path.read_text(errors="replace")
            assert not re.search(r"https?://(?!127\.0\.0\.1|localhost|www\.w3\.org)", text), path


def test_service_worker_precaches_every_file_of_the_site(dist: Path) -> None:
    precache = precache_list(dist)
    assert precache[0] == "./"
    assert set(precache[1:]) == site_files(dist) - {"sw.js"}


def test_service_worker_version_follows_the_content() -> None:
    files = {"index.html": b"<p>one</p>", "web/app.js": b"1"}
    _, first = site.service_worker(files)
    _, same = site.service_worker(dict(files))
    _, changed = site.service_worker({**files, "web/app.js": b"2"})
    assert first == same
    assert changed != first


def test_compressed_twins_hold_the_same_bytes(dist: Path) -> None:
    twins = list(dist.rglob("*.gz"))
    assert any(p.name == "pyodide.asm.wasm.gz" for p in twins)
    for twin in twins:
        original = twin.with_name(twin.name[: -len(".gz")])
        assert gzip.decompress(twin.read_bytes()) == original.read_bytes(), twin
    import brotli  # type: ignore[import-not-found, import-untyped, unused-ignore]  # the test extra has it

    brotli_twins = list(dist.rglob("*.br"))
    assert any(p.name == "pyodide.asm.wasm.br" for p in brotli_twins)
    for twin in brotli_twins:
        original = twin.with_name(twin.name[: -len(".br")])
        assert brotli.decompress(twin.read_bytes()) == original.read_bytes(), twin


def test_a_second_build_changes_nothing(dist: Path) -> None:
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in dist.rglob("*") if p.is_file()}
    with build_lock():
        site.build(quiet=True)
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in dist.rglob("*") if p.is_file()}
    assert before == after


def test_lock_pins_pyodide_and_pyscript_with_integrity_hashes() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    packages = lock["packages"]
    assert packages["node_modules/pyodide"]["version"] == "314.0.7"
    assert packages["node_modules/@pyscript/core"]["version"] == "0.7.31"
    for where, entry in packages.items():
        if where:
            assert entry.get("integrity", "").startswith("sha512-"), where
    assert testenv.node_modules_stale() is None


def fetch(url: str, headers: dict[str, str] | None = None, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("", "text/html"),
        ("index.html", "text/html"),
        ("web/page/boot/idb-fallback.js", "text/javascript"),
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyscript.json", "application/json"),
        ("nardcore.zip", "application/zip"),
        ("sw.js", "text/javascript"),
    ],
)
def test_server_sends_the_right_type_and_no_cache(server: str, path: str, mime: str) -> None:
    status, headers, body = fetch(server + path)
    assert status == 200
    assert headers["Content-Type"].startswith(mime)
    assert headers["Cache-Control"] == "no-cache"
    assert body


def test_server_sends_precompressed_twins_when_asked(server: str, dist: Path) -> None:
    status, headers, body = fetch(server + "vendor/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (dist / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
    status, headers, body = fetch(server + "vendor/pyodide/pyodide.asm.wasm")
    assert "Content-Encoding" not in headers and len(body) == (dist / "vendor/pyodide/pyodide.asm.wasm").stat().st_size


def test_server_answers_304_to_a_matching_etag(server: str) -> None:
    _, headers, _ = fetch(server + "web/page/boot/idb-fallback.js")
    status, _, body = fetch(server + "web/page/boot/idb-fallback.js", {"If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""


def test_server_answers_404_for_missing_files(server: str) -> None:
    assert fetch(server + "no-such-file.js")[0] == 404
    assert fetch(server + "web/no-such-file.js.gz")[0] == 404


def test_a_twin_asked_for_by_name_is_a_plain_file(server: str, dist: Path) -> None:
    # what the app falls back on where a host cannot send the snapshot compressed
    status, headers, body = fetch(server + "vendor/pyodide/snapshot.bin.gz", {"Accept-Encoding": "gzip, br"})
    assert status == 200 and "Content-Encoding" not in headers
    assert gzip.decompress(body) == (dist / snapshot.SNAPSHOT_NAME).read_bytes()


def test_a_server_without_precompression_sends_every_file_as_it_is(dist: Path) -> None:
    with SiteServer(dist, 0, precompressed=False).serving() as url:
        status, headers, body = fetch(url + "vendor/pyodide/pyodide.asm.wasm", {"Accept-Encoding": "gzip, br"})
    assert status == 200 and "Content-Encoding" not in headers
    assert body == (dist / "vendor/pyodide/pyodide.asm.wasm").read_bytes()


def test_server_handles_requests_in_parallel(server: str) -> None:
    # One request is held open, half sent; another must be answered meanwhile, which a server
    # that handles one connection at a time cannot do.
    host, port = server.removeprefix("http://").rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as held:
        held.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n")
        assert fetch(server + "web/page/boot/idb-fallback.js", timeout=3)[0] == 200
        held.sendall(b"Connection: close\r\n\r\n")
        answer = b""
        while chunk := held.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200")


def test_build_py_and_its_tools_run_without_site_packages(tmp_path: Path) -> None:
    # a fresh machine: build.py must start with the standard library alone, from any folder
    result = subprocess.run([sys.executable, "-S", str(ROOT / "build.py"), "--help"], cwd=tmp_path,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "build" in result.stdout and "serve" in result.stdout


def test_the_app_can_be_installed_its_manifest_names_icons_that_exist(dist: Path) -> None:
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./" and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])  # IHDR
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add(icon["sizes"])
        assert icon["src"] in precache_list(dist)  # installed, it starts offline
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    assert '<link rel="manifest" href="./manifest.webmanifest">' in (dist / "index.html").read_text()


def test_build_py_test_runs_its_workers_sharing_by_work_stealing_unless_told_otherwise() -> None:
    import build

    workers = str(build.WORKERS)
    assert build.WORKERS >= 2
    assert build.workers(["tests/core/test_vectors.py", "-q"]) == ["-n", workers, "--dist", "worksteal"]
    assert build.workers(["--dist", "loadfile"]) == ["-n", workers]
    assert build.workers(["--dist=load"]) == ["-n", workers]
    assert build.workers(["-n", "0"]) == []
    assert build.workers(["-n4"]) == []
    assert build.workers(["-p", "no:xdist"]) == []


def test_build_py_test_quick_runs_every_test_with_the_long_runs_at_a_tenth() -> None:
    import build

    assert build.quick(["-x", "--quick"], {"PATH": "/bin"}) == (["-x"], {"NARD_LONG": "0.1", "PATH": "/bin"})
    assert build.quick(["--quick"], {"NARD_LONG": "3"}) == ([], {"NARD_LONG": "3"})  # told otherwise
    assert build.quick(["-x"], {"PATH": "/bin"}) == (["-x"], {"PATH": "/bin"})


def test_build_py_check_runs_every_check_and_fails_when_one_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import build

    ran: list[str] = []
    monkeypatch.setattr(build, "ensure_test_tools", lambda: None)
    monkeypatch.setattr(build, "ensure_node_modules", lambda: None)
    monkeypatch.setattr(build, "checks", lambda: {"ok": ["true"], "lint": ["false"], "last": ["true"]})

    def run(command: list[str], **_: object) -> int:
        ran.append(command[0])
        return int(command[0] == "false")

    monkeypatch.setattr(build, "run", run)
    assert build.main(["check"]) == 1
    assert ran == ["true", "false", "true"]  # a failed check does not stop the others
    monkeypatch.setattr(build, "checks", lambda: {"ok": ["true"]})
    assert build.main(["check"]) == 0


def test_the_tests_take_dist_as_build_py_test_built_it_and_build_it_themselves_otherwise(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from support import dist as support_dist

    import build

    builds: list[bool] = []

    def counted_build(quiet: bool = False) -> str:
        builds.append(quiet)
        return "v"

    monkeypatch.setattr(site, "build", counted_build)  # the module support.dist builds with
    monkeypatch.setattr(support_dist, "STAMPS", tmp_path)
    monkeypatch.setenv("PYTEST_XDIST_TESTRUNUID", "a-run-of-this-test")
    monkeypatch.setenv(build.BUILT_FOR_THE_RUN, "build-py-1")
    (tmp_path / "built-build-py-1").touch()  # build.py test's build of dist/ for this run is done
    assert support_dist.built_dist() == DIST and builds == []
    (tmp_path / "built-build-py-1").unlink()  # it failed: the first test of the run builds dist/
    assert support_dist.built_dist() == DIST and builds == [True]
    assert support_dist.built_dist() == DIST and builds == [True]  # and only the first
    monkeypatch.delenv(build.BUILT_FOR_THE_RUN)  # pytest alone: the first test of the run builds it
    assert support_dist.built_dist() == DIST and builds == [True, True]
    assert support_dist.built_dist() == DIST and builds == [True, True]


def test_build_py_test_builds_dist_beside_pytest_under_the_lock_the_tests_wait_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import build

    seen: dict[str, object] = {}

    def fake_run(command: list[str], **kwargs: object) -> int:
        env = kwargs["env"]
        assert isinstance(env, dict)
        name = env[build.BUILT_FOR_THE_RUN]
        with build.build_lock():  # a test needing dist/ waits here for the build, then finds its stamp
            seen["stamp"] = (build.BUILD_STAMPS / f"built-{name}").exists()
        return 0

    builds: list[str] = []

    def slow_build() -> str:
        builds.append("built")
        return "v"

    monkeypatch.setattr(build, "ensure_test_tools", lambda: None)
    monkeypatch.setattr(build, "ensure_node_modules", lambda: None)
    monkeypatch.setattr(build, "build", slow_build)
    monkeypatch.setattr(build, "run", fake_run)
    monkeypatch.setattr(build, "checks", lambda: {"true": ["true"]})
    assert build.test(["-q"]) == 0
    assert seen["stamp"] is True and builds == ["built"]


def test_build_py_test_goes_on_without_its_build_when_the_lock_cannot_be_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import build

    class NoLock:
        def __enter__(self) -> None:
            raise PermissionError("the temporary folder is read-only")

        def __exit__(self, *error: object) -> None:
            pass

    monkeypatch.setattr(build, "build_lock", NoLock)
    monkeypatch.setattr(build, "build", lambda: pytest.fail("built without the lock"))
    done = threading.Event()
    answer: list[tuple[threading.Thread, list[bool]]] = []

    def start() -> None:
        answer.append(build.start_build_for_the_run("no-lock"))
        done.set()

    threading.Thread(target=start, daemon=True).start()
    assert done.wait(30), "build.py test waits for a lock it never gets"
    builder, built = answer[0]
    builder.join(30)
    assert not builder.is_alive() and built == []  # no build: the tests build dist/ themselves
