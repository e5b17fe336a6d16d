"""An opt-in pytest plugin: each test's CPU time, for comparing the slow tests' speed on a busy
machine, where wall time says more about the other work than about the test.

    NARD_CPU_LOG=/tmp/cpu.log python -m pytest -p support.cputime tests/core/test_random_games.py -n 0

appends one line per test to $NARD_CPU_LOG (default: cputime.log in the working directory): its
CPU seconds with everything under its process (Chromium and Playwright's driver included: what a
browser test really costs), its own process's CPU seconds, its wall seconds, its id. Set-up and
tear-down count (a boot of the app is most of a browser test's cost). Compare two versions on the
same files with the same NARD_LONG; the figures are never asserted (timing goals belong to bench/).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from support.proc_cpu import tree_cpu


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    tree, cpu, wall = tree_cpu(), time.process_time(), time.perf_counter()
    yield
    line = (f"{tree_cpu() - tree:.2f}\t{time.process_time() - cpu:.2f}\t{time.perf_counter() - wall:.2f}"
            f"\t{item.nodeid}\n")
    with open(os.environ.get("NARD_CPU_LOG", "cputime.log"), "a", encoding="utf-8") as log:
        log.write(line)
