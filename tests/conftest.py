"""The order the workers take the tests in: the modules with the longest tests first.

pytest-xdist hands out tests two at a time as workers free up (`--dist load --maxschedchunk 2`,
build.py's `workers`), so a long test taken last would hold one worker while the others have
finished. Modules stay whole, in their own order (module fixtures are set up once a worker);
the modules are sorted by their longest test as a run measured it (tests/data/longest-test.json,
made by `python -m tools.longest_tests`); a module not in it goes last (pytest leaves out
tests under 5 ms; a new module is measured when the file is made again).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LONGEST = json.loads((ROOT / "tests" / "data" / "longest-test.json").read_text())


def module_of(item: pytest.Item) -> str:
    return Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(module_of(item), index)
    # sort() keeps the order within a module
    items.sort(key=lambda item: (-LONGEST.get(module_of(item), 0.0), first_seen[module_of(item)]))
