#!/usr/bin/env python3
"""Build, serve, test and benchmark the app. Standard library only: it installs the rest.

    python build.py build              # the static site in dist/ (tools/site.py)
    python build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:8000
    python build.py test [PYTEST ARGS] # install what tests need, build, pytest + ruff, mypy, tsc, biome, node --test
    python build.py test --quick       # the same, the long property runs at a tenth of their cases (NARD_LONG=0.1)
    python build.py check              # ruff, mypy, tsc, biome, node --test alone (a minute, before a commit)
    python build.py bench              # the scripts in bench/

The work is done in tools/: site.py (the page, dist/, compression), inline.py (the page's
modules), snapshot.py and make_snapshot.mjs (the Pyodide memory snapshot), serve.py (the
static server), testenv.py (npm ci, the test extra, Debian's chromium).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/, from any working folder

from tools.serve import MIME_TYPES, SiteServer, serve  # noqa: E402
from tools.shell import DIST, NODE_MODULES, ROOT, log, run  # noqa: E402
from tools.site import COMPRESSIBLE, brotli_compressor, build, site_files  # noqa: E402
from tools.snapshot import SNAPSHOT_NAME  # noqa: E402
from tools.testenv import ensure_node_modules, ensure_test_tools  # noqa: E402

# What tests and benches reach through this module.
__all__ = ["COMPRESSIBLE", "DIST", "MIME_TYPES", "SNAPSHOT_NAME", "SiteServer", "brotli_compressor", "build",
           "main", "site_files"]


def mypy_files() -> list[str]:
    """pyproject's mypy files that this checkout has (train/ may not be there)."""
    import tomllib

    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    return [name for name in files if (ROOT / name).exists()]


def workers(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's workers (-n WORKERS), unless the arguments choose their own (-n, or -p no:xdist),
    sharing the tests by work stealing (--dist worksteal: each starts with its share, and one that
    runs out takes half of what another has left, so all finish together) unless they choose a --dist."""
    own = any(arg.startswith(("-n", "--numprocesses")) or arg in ("no:xdist", "-pno:xdist") for arg in pytest_args)
    if own:
        return []
    chosen = any(arg.startswith("--dist") for arg in pytest_args)
    count = ["-n", str(WORKERS)]
    return count if chosen else [*count, "--dist", "worksteal"]


# Set by `test` for its pytest: the name under which dist/ is being built for this run
# (support.dist waits for that build rather than making its own).
BUILT_FOR_THE_RUN = "NARD_DIST_BUILT"
# Builds of dist/ for tests take this lock (one at a time: two would write the same temporary
# files); a finished build for a run leaves the stamp `built-<run>` beside it.
BUILD_STAMPS = Path(tempfile.gettempdir()) / "nard-test-builds"


@contextmanager
def build_lock() -> Iterator[None]:
    """Held while dist/ is built for tests: by one process at a time."""
    BUILD_STAMPS.mkdir(exist_ok=True)
    with open(BUILD_STAMPS / "lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# More workers than the machine's two cores: a browser test spends part of its time waiting
# (the page's frames, the engine's answers), and the workers fill each other's waits; more than
# three only add contention, as the suite is bound by the CPU (docs/testing.md, "Parallel runs
# and time").
WORKERS = 3


def checks() -> dict[str, list[str]]:
    """ruff over the repository, strict mypy over the configured files, TypeScript's check of the
    page's JavaScript (tsconfig.json), Biome's lint of it (biome.json) and the unit tests of its
    pure modules under Node's own test runner (tests/page/*.test.mjs, no browser): each reads the
    sources only, so they run beside pytest."""
    return {
        "ruff": [sys.executable, "-m", "ruff", "check", "."],
        "mypy": [sys.executable, "-m", "mypy", *mypy_files()],
        "tsc": [str(NODE_MODULES / ".bin" / "tsc"), "--noEmit", "-p", str(ROOT)],
        "biome": [str(NODE_MODULES / ".bin" / "biome"), "lint", "--error-on-warnings", str(ROOT)],
        "node --test": [shutil.which("node") or "node", "--test", "--test-reporter=spec", *page_tests()],
    }


def page_tests() -> list[str]:
    """The page's unit tests, for `node --test` (given by name: Node 20 takes no folder)."""
    return sorted(str(path) for path in (ROOT / "tests" / "page").glob("*.test.mjs"))


def start_build_for_the_run(run_name: str) -> tuple[threading.Thread, list[bool]]:
    """Build dist/ in a thread under the tests' build lock, for the run `run_name`; return once the
    lock is held (tests that serve dist/ then wait for the build), or once taking it failed (the
    tests then build dist/ themselves). The list gets True when the build is done."""
    built: list[bool] = []
    locked = threading.Event()

    def build_for_the_run() -> None:
        try:
            with build_lock():
                locked.set()
                try:
                    build()
                except (Exception, SystemExit) as error:  # the tests then build it themselves, and say why
                    log(f"the build failed: {error}")
                    return
                (BUILD_STAMPS / f"built-{run_name}").touch()
                built.append(True)
        except OSError as error:  # no lock (an unwritable temporary folder): no build for the run
            log(f"the build lock could not be taken: {error}")
        finally:
            locked.set()  # never leave the run waiting

    builder = threading.Thread(target=build_for_the_run)
    builder.start()
    locked.wait()
    return builder, built


# `test --quick`, for the edit loop: every test runs, the random games, the oracle's positions and the
# link and record properties at a tenth of their number (as mutation testing runs them)
QUICK_LONG = "0.1"


def quick(pytest_args: list[str], env: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """pytest's arguments without `--quick`, and the environment it asks for (NARD_LONG, unless set)."""
    if "--quick" not in pytest_args:
        return pytest_args, env
    return [arg for arg in pytest_args if arg != "--quick"], {"NARD_LONG": QUICK_LONG, **env}


def test(pytest_args: list[str]) -> int:
    """pytest, with dist/ built beside it (under the tests' build lock: a test that serves dist/
    waits for it, the others run meanwhile) and ruff, strict mypy and tsc running beside it at
    a lower priority, in the time pytest's workers spend waiting (their output is printed after
    pytest's). dist/ is built once: the tests take it as built here (support.dist)."""
    ensure_test_tools()
    ensure_node_modules()  # tsc and some tests read node_modules before dist/ is needed
    run_name = f"build-py-{os.getpid()}"
    builder, built = start_build_for_the_run(run_name)
    commands = checks()
    logs = {name: tempfile.TemporaryFile() for name in commands}
    started = {name: subprocess.Popen(command, cwd=ROOT, stdout=logs[name], stderr=subprocess.STDOUT,
                                      preexec_fn=lambda: os.nice(5))
               for name, command in commands.items()}
    pytest_args, env = quick(pytest_args, {**os.environ, BUILT_FOR_THE_RUN: run_name})
    results = {"pytest": run([sys.executable, "-m", "pytest", *workers(pytest_args), *pytest_args], env=env)}
    builder.join()
    (BUILD_STAMPS / f"built-{run_name}").unlink(missing_ok=True)
    results["build"] = 0 if built else 1
    for name, process in started.items():
        results[name] = process.wait()
        logs[name].seek(0)
        log("$ " + " ".join(commands[name]))
        print(logs[name].read().decode(errors="replace"), end="", flush=True)
        logs[name].close()
    failed = [name for name, code in results.items() if code]
    print("[build] " + ("all checks passed" if not failed else f"FAILED: {', '.join(failed)}"), flush=True)
    return 1 if failed else 0


def check() -> int:
    """The checks alone (ruff, mypy, tsc, Biome, node --test), one after another: a minute, for
    before a commit; `test` runs them too."""
    ensure_test_tools()
    ensure_node_modules()
    failed = [name for name, command in checks().items() if run(command)]
    print("[build] " + ("all checks passed" if not failed else f"FAILED: {', '.join(failed)}"), flush=True)
    return 1 if failed else 0


def bench() -> int:
    scripts = sorted((ROOT / "bench").glob("bench_*.py"))
    codes = [run([sys.executable, str(script)]) for script in scripts]
    return max(codes, default=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=(__doc__ or "").split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build the static site into dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="install what tests need, build, run pytest, ruff, mypy, tsc, biome, node --test "
                        "(--quick: the long property runs at a tenth)",
                        add_help=False)
    commands.add_parser("check", help="ruff, mypy, tsc, biome and node --test alone, without pytest")
    commands.add_parser("bench", help="run the benchmarks in bench/")
    commands.add_parser("mutate", help="mutation testing of the core and the app's Python (hours; see tools/mutate.py)",
                        add_help=False)
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "mutate"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(DIST, args.port, build)
        return 0
    if args.command == "test":
        return test(rest)
    if args.command == "check":
        return check()
    if args.command == "mutate":
        ensure_test_tools()
        from tools import mutate

        return mutate.main(rest)
    return bench()


if __name__ == "__main__":
    sys.exit(main())
