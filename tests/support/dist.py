"""dist/ built once per test run, however many pytest-xdist workers ask for it.

The browser tests serve dist/ and tests/test_build.py reads it; each worker has its own
session, so each would build it. Builds take a lock (one at a time: two would write the same
temporary files), and the first build of a run leaves a stamp named by the run (xdist's
PYTEST_XDIST_TESTRUNUID, else this process) so the other workers take dist/ as it is. A build
rewrites only what changed, so once dist/ is built a worker serving it is never disturbed.
`python build.py test` builds dist/ itself before pytest and says so in the environment
(build.BUILT_FOR_THE_RUN): then no test builds it again.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import build
from tools import site
from tools.shell import DIST

STAMPS = Path(tempfile.gettempdir()) / "nard-test-builds"


@contextmanager
def build_lock() -> Iterator[None]:
    """Held while dist/ is built: by one process at a time."""
    STAMPS.mkdir(exist_ok=True)
    with open(STAMPS / "lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def built_dist() -> Path:
    """dist/, built by the first test of this run that asks for it (unless build.py just built it)."""
    if os.environ.get(build.BUILT_FOR_THE_RUN) == "1":
        return DIST
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    stamp = STAMPS / f"built-{run}"
    with build_lock():
        if not stamp.exists():
            site.build(quiet=True)
            stamp.touch()
    return DIST
