"""The static server for dist/: right types, pre-compressed twins, ETags, no-cache."""

from __future__ import annotations

import contextlib
import email.utils
import http.server
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from tools.shell import log

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


def serve(root: Path, port: int, build: Callable[[], object]) -> None:
    """Build, then serve `root` until Ctrl-C or SIGTERM."""
    # Ctrl-C stops the server even when started from a script (where SIGINT may be ignored).
    signal.signal(signal.SIGINT, stop_on_signal)
    signal.signal(signal.SIGTERM, stop_on_signal)
    try:
        build()
    except KeyboardInterrupt:
        return
    server = SiteServer(root, port, quiet=False)
    log(f"serving dist/ on {server.url}  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        log("stopped")
