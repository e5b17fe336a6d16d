"""The CPU of this process's descendants, read from /proc (Linux): Chromium's renderers and
Playwright's driver are not pytest's children, so `time` and `resource` miss them.

- `tree_cpu()`: CPU seconds of this process and everything under it, reaped children included
  (tests/support/cputime.py: a test's CPU).
- `descendants()`: each live process under this one, with its kind and its own CPU seconds
  (bench/bench_suite_cpu.py: a boot's CPU by Chromium process).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

CLOCK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class ProcessCpu:
    parent: int
    own: float  # CPU seconds it spent itself (utime + stime)
    reaped: float  # CPU seconds of its children it has waited for (cutime + cstime)


def processes() -> dict[int, ProcessCpu]:
    """Every process on the machine now, read once; one that ends meanwhile is left out."""
    found: dict[int, ProcessCpu] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        found[int(entry.name)] = ProcessCpu(int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK,
                                            (int(fields[13]) + int(fields[14])) / CLOCK)
    return found


def under(root: int, table: dict[int, ProcessCpu]) -> list[int]:
    """`root` and the pids of `table` whose ancestors reach it."""
    found = []
    for pid in table:
        ancestor = pid
        while ancestor > 1 and ancestor != root:
            ancestor = table[ancestor].parent if ancestor in table else 1
        if ancestor == root:
            found.append(pid)
    return found


def tree_cpu() -> float:
    """CPU seconds of this process and all its descendants, those already reaped included."""
    table = processes()
    return sum(table[pid].own + table[pid].reaped for pid in under(os.getpid(), table))


def kind_of(pid: int) -> str | None:
    """A Chromium process by its --type (and utility sub-type), any other by its program's name;
    None when it is gone."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ").split()
    except OSError:
        return None
    if not words:
        return None
    kind = next((word.split("=", 1)[1] for word in words if word.startswith("--type=")), Path(words[0]).name)
    return kind + next(("/" + word.split("=", 1)[1] for word in words if word.startswith("--utility-sub-type=")), "")


def descendants() -> dict[int, tuple[str, float]]:
    """This process's live descendants: pid -> (kind, its own CPU seconds so far)."""
    me, table = os.getpid(), processes()
    found: dict[int, tuple[str, float]] = {}
    for pid in under(me, table):
        kind = kind_of(pid) if pid != me else None
        if kind is not None:
            found[pid] = (kind, table[pid].own)
    return found


def thread_cpu(pid: int) -> dict[str, float]:
    """A live process's CPU seconds by thread name (threads of one name added up: Chromium's
    renderer main thread, the engine's DedicatedWorker, its raster workers...); empty when gone."""
    spent: dict[str, float] = {}
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return spent
    for task in tasks:
        try:
            stat = (task / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")].rstrip("0123456789")
        fields = stat.rsplit(")", 1)[1].split()
        spent[name] = spent.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / CLOCK
    return spent
