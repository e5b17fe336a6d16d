"""What the build and the tests need installed: node_modules from the lock, the test extra,
Debian's chromium, gnubg and nodejs. Standard library only: it runs before anything is installed."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import sys
import tomllib
from pathlib import Path

from tools.shell import ROOT, log, run

LOCK = ROOT / "package-lock.json"


def node_modules_stale() -> str | None:
    """Why `npm ci` is needed (None: node_modules matches package-lock.json). The dev
    dependencies count too: `build.py test` type-checks the page's JavaScript with them."""
    if not LOCK.exists():
        raise SystemExit("package-lock.json is missing")
    lock = json.loads(LOCK.read_text())
    for where, entry in lock.get("packages", {}).items():
        if not where.startswith("node_modules/") or entry.get("optional"):
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
        raise SystemExit("npm is needed to fetch Pyodide, PyScript and TypeScript "
                         "(Debian: apt-get install -y nodejs npm)")
    code = run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    if code or node_modules_stale():
        raise SystemExit(f"npm ci failed (exit {code})")


def test_requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return list(project["optional-dependencies"]["test"])


def missing_distributions(requirements: list[str]) -> list[str]:
    missing = []
    for requirement in requirements:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(requirement)
    return missing


GNUBG = "/usr/games/gnubg"  # Debian's gnubg package installs it there


def as_root(command: list[str]) -> list[str]:
    if hasattr(os, "geteuid") and os.geteuid() != 0 and shutil.which("sudo"):
        return ["sudo", "-n", *command]
    return command


def apt_install(*packages: str) -> int:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return run(as_root(["apt-get", "update"]), env=env) or run(
        as_root(["apt-get", "install", "-y", "--no-install-recommends", *packages]), env=env)


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
        if apt_install("chromium"):
            raise SystemExit("apt-get install chromium failed")
    if not Path(GNUBG).exists():  # tests/core/test_matfile.py has gnubg itself read and write records
        if not shutil.which("apt-get"):
            raise SystemExit(f"{GNUBG} is missing and there is no apt-get to install Debian's gnubg")
        log("installing Debian's gnubg")
        if apt_install("gnubg"):
            raise SystemExit("apt-get install gnubg failed")
    if not shutil.which("npm") and shutil.which("apt-get"):
        log("installing Debian's nodejs and npm")
        apt_install("nodejs", "npm")
