"""Where the repository is, and how the tools talk and run commands."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
# The app's Python: the package web.worker (web/ itself is a namespace package); its script
# main.py is what the worker runs (index.html), the rest is imported.
WORKER = WEB / "worker"
WORKER_PACKAGE = "web.worker"
WORKER_SCRIPT = "main"
CORE = ROOT / "nardcore"
NODE_MODULES = ROOT / "node_modules"
PYODIDE = NODE_MODULES / "pyodide"
PYSCRIPT = NODE_MODULES / "@pyscript" / "core" / "dist"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(command: Sequence[str], **kwargs: Any) -> int:
    log("$ " + " ".join(command))
    return subprocess.call(list(command), cwd=ROOT, **kwargs)
