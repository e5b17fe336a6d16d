"""An opt-in pytest plugin: each test's CPU time, for comparing the slow tests' speed on a busy
machine, where wall time says more about the other work than about the test.

    NARD_CPU_LOG=/tmp/cpu.log python -m pytest -p support.cputime tests/core/test_random_games.py -n 0

appends one line per test to $NARD_CPU_LOG (default: cputime.log in the working directory):
its call's CPU seconds (time.process_time: this process only), its wall seconds, its id.
Setup and teardown are left out. Compare two versions on the same files with the same
NARD_LONG; the figures are never asserted (timing goals belong to bench/).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    cpu, wall = time.process_time(), time.perf_counter()
    yield
    line = f"{time.process_time() - cpu:.2f}\t{time.perf_counter() - wall:.2f}\t{item.nodeid}\n"
    with open(os.environ.get("NARD_CPU_LOG", "cputime.log"), "a", encoding="utf-8") as log:
        log.write(line)
