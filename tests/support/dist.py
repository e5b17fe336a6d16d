"""dist/ built once per test run, however many pytest-xdist workers ask for it.

The browser tests serve dist/ and tests/build/test_build.py reads it; each worker has its own
session, so each would build it. Builds take a lock (build.build_lock: one at a time, two
would write the same temporary files), and the first build of a run leaves a stamp named by
the run (xdist's PYTEST_XDIST_TESTRUNUID, else this process) so the other workers take dist/
as it is. A build rewrites only what changed, so once dist/ is built a worker serving it is
never disturbed. `python build.py test` builds dist/ itself while pytest runs, holding the
lock, and names its build in the environment (build.BUILT_FOR_THE_RUN): a test that needs
dist/ waits for that build and takes what it made (it builds only if that build failed).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import build
from build import build_lock
from tools import site
from tools.shell import DIST

__all__ = ["STAMPS", "build_lock", "built_dist", "precache_list"]

STAMPS = build.BUILD_STAMPS


def built_dist() -> Path:
    """dist/, built by build.py test for this run, else by the first test of the run that asks."""
    run = os.environ.get(build.BUILT_FOR_THE_RUN) or os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    stamp = STAMPS / f"built-{run}"
    with build_lock():
        if not stamp.exists():
            site.build(quiet=True)
            stamp.touch()
    return DIST


def precache_list(dist: Path) -> list[str]:
    """The files the service worker of a built dist/ precaches."""
    text = (dist / "sw.js").read_text()
    match = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert match, "sw.js has no precache list"
    return list(json.loads(match.group(1)))
