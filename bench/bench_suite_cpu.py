"""Where the test suite's CPU goes: a boot of the app by Chromium process, and a run of pytest.

    python bench/bench_suite_cpu.py [boots [--boots N]]
    python bench/bench_suite_cpu.py suite [PYTEST ARGS]   # e.g. -n 3 -m browser

`boots`: N fresh contexts boot the built app (dist/, as the browser tests open it: reduced motion,
no service worker); the CPU seconds each boot costs, by the kind of Chromium process (the
renderer with the engine's worker, the browser process, the network service, ...), read from
/proc for this process's descendants only, so other work on the machine does not count.

`suite`: pytest with the given arguments, and the CPU the whole machine spent meanwhile
(/proc/stat), beside the wall time. `time` misses most of Chromium's CPU (its renderers are
reaped by the browser process, not by pytest), so this is the figure to compare with what two
cores give in the same wall time: a run whose CPU is twice its wall time is bound by the CPU,
and more workers only make it slower. Run it on an otherwise idle machine. It also gives the CPU
of pytest's own processes (Chromium's included, read from /proc): the figure to compare two
versions of the tests by on a machine busy with other work.

Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from support.proc_cpu import CLOCK, descendants  # noqa: E402

from bench.bench_boot import serving_apart  # noqa: E402


def machine_busy() -> float:
    """CPU seconds the machine has spent busy since it started (all but idle and iowait)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / CLOCK


def add_spent(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]],
              spent: collections.defaultdict[str, float]) -> None:
    for pid, (kind, seconds) in after.items():
        spent[kind] += seconds - before.get(pid, (kind, 0.0))[1]


def boots(count: int) -> int:
    from browser_support import CHROMIUM, TEST_CHROMIUM_FLAGS, open_app
    from playwright.sync_api import sync_playwright

    from tools import shell, site

    if not (shell.DIST / "index.html").exists():
        site.build()
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    with serving_apart() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_FLAGS)
        open_app(browser, url)[0].close()  # the browser's own start is not a boot
        for number in range(count):
            start = descendants()
            context, _, _ = open_app(browser, url + "?dice=seed:1", viewport={"width": 1280, "height": 860})
            time.sleep(0.3)
            booted = descendants()  # the renderer's CPU, read before it goes with its context
            add_spent(start, booted, spent)
            context.close()
            time.sleep(0.3)
            closed = descendants()
            add_spent({pid: booted.get(pid, (kind, 0.0)) for pid, (kind, _) in closed.items()}, closed, spent)
            print(f"  boot {number + 1} of {count}", file=sys.stderr, flush=True)
        browser.close()
    spent["chromium (the browser process)"] = spent.pop("chromium", 0.0)
    print(f"CPU seconds per boot ({count} boots):")
    for kind, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {seconds / count:5.2f}  {kind}")
    print(f"  {sum(spent.values()) / count:5.2f}  in all")
    return 0


def suite(pytest_args: list[str]) -> int:
    """pytest's run: the machine's CPU meanwhile, and its own (pytest, Chromium and every other
    process under this one, read from /proc every half second: a process that ends between two
    readings loses at most that half second), which holds on a machine busy with other work."""
    busy, start = machine_busy(), time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT)
    own: dict[int, float] = {}
    while process.poll() is None:
        for pid, (_, seconds) in descendants().items():
            own[pid] = max(own.get(pid, 0.0), seconds)
        time.sleep(0.5)
    code = process.returncode
    cpu, wall = machine_busy() - busy, time.monotonic() - start
    print(f"pytest {' '.join(pytest_args)}: exit {code}, {wall:.0f} s wall, {cpu:.0f} s of the machine's CPU "
          f"({cpu / wall:.2f} cores of {os.cpu_count()} on average), {sum(own.values()):.1f} s its own")
    return code


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    commands = parser.add_subparsers(dest="command")  # none: boots (as `build.py bench` runs it)
    boots_parser = commands.add_parser("boots", help="CPU per boot of the app, by Chromium process")
    boots_parser.add_argument("--boots", type=int, default=5)
    commands.add_parser("suite", help="pytest with these arguments, and the machine's CPU meanwhile")
    arguments, rest = parser.parse_known_args()
    if arguments.command == "suite":
        return suite(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return boots(getattr(arguments, "boots", 5))


if __name__ == "__main__":
    raise SystemExit(main())
