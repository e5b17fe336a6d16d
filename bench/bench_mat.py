"""How long a long .mat record takes to import: a gnubg-style money session of about 10 MB and
a backgammon match to 999 of up to 2,000 games, made of 60 games of seeded random players
written again and again (made once and cached in .bench/, not in git).

    python bench/bench_mat.py [--megabytes 10] [--browser [DIST]] [--node]

For each record: its size and games; on CPython the CPU seconds of `read_mat_lazily` (the
finished games not replayed: nardcore/formats/longmat.py), of the app's whole import (the
worker's `open_game` with the file: read, saved, its library entry) and, for the match, of
every finished game replayed on demand (`Match.played`), against `read_mat` replaying all.
`--node`: the app's import in Pyodide under Node (the browser's engine, WebAssembly; node_modules
has it). `--browser`: the import through the Games screen of the built app (dist/, built by the
tests or `python build.py`) in headless Chromium, from choosing the file to the game on the board.
Goal (issue 40): 10 MB within 10 s. Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from nardcore.bots import RandomBot, act  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.formats.longmat import read_mat_lazily  # noqa: E402
from nardcore.formats.mat import read_mat, write_mat  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.match import MAX_GAMES  # noqa: E402

CACHE = ROOT / ".bench"
T = TypeVar("T")


POOL = 60  # distinct games, played once each and written again and again: the reader reads them all the same


def pool() -> list[tuple[str, int, int]]:
    """POOL backgammon games of seeded random players: each one's moves as .mat lines (after its
    score line), its winner (0 white, 1 black) and points."""
    games = []
    for seed in range(POOL):
        game = Game("backgammon", SeededDice(seed))
        bot = RandomBot(seed)
        while not game.over:
            act(game, bot)
        assert game.result is not None and game.result.winner is not None
        body = write_mat(game).split("\n Game 1\n", 1)[1].split("\n", 1)[1]  # without its score line
        games.append((body, game.result.winner, game.result.points))
    return games


def money_session(megabytes: float, games: list[tuple[str, int, int]]) -> Path:
    """Single backgammon games one after another as one ` 0 point match` record of `megabytes`."""
    path = CACHE / f"money-session-{megabytes:g}MB.mat"
    if path.exists():
        return path
    parts = [" 0 point match\n"]
    size, number = 0, 0
    while True:  # as many games as fit in `megabytes` (10 MB: the most the app imports)
        part = f"\n Game {number + 1}\n White                          Black\n{games[(number + 1) % POOL][0]}"
        if size + len(part) > megabytes * 1_000_000 - len(parts[0]):
            break
        number += 1
        parts.append(part)
        size += len(part)
    CACHE.mkdir(exist_ok=True)
    path.write_text("".join(parts))
    return path


def long_match(games: list[tuple[str, int, int]]) -> Path:
    """A backgammon match to 999 of up to MAX_GAMES games, each game's score line as the games
    before it add up (random players never double: a game does not depend on the score)."""
    path = CACHE / "backgammon-999-match.mat"
    if path.exists():
        return path
    parts, score, number = [" 999 point match\n"], [0, 0], 0
    while number < MAX_GAMES - 1:
        body, winner, points = games[number % POOL]
        if max(score) + points >= 999:
            break
        number += 1
        parts.append(f"\n Game {number}\n Black : {score[1]}                      White : {score[0]}\n{body}")
        score[winner] += points
    opening = games[0][0].split("\n")[:2]  # the last game under way: its first two turns
    parts.append(f"\n Game {number + 1}\n Black : {score[1]}                      White : {score[0]}\n"
                 + "\n".join(opening) + "\n")
    CACHE.mkdir(exist_ok=True)
    path.write_text("".join(parts))
    return path


def cpu(work: Callable[[], T]) -> tuple[T, float]:
    began = time.process_time()
    result = work()
    return result, time.process_time() - began


def on_cpython(path: Path) -> None:
    from web.worker.ui import App

    text = path.read_text()
    record, lazy = cpu(lambda: read_mat_lazily(text, SeededDice(1)))
    games = len(record.match.closed) + 1 if record.match is not None else "the last of many"
    app = App(dice="seed:1")
    answer, whole = cpu(lambda: app.dispatch({"type": "open_game", "save": text, "copy": True}))
    assert answer["view"]["message"]["key"] == "imported", answer["view"]["message"]
    print(f"{path.name}: {len(text) / 1e6:.1f} MB, {games} games; CPython: read {lazy:.2f} s CPU,"
          f" the app's import {whole:.2f} s CPU (save {len(answer['save']) / 1e6:.1f} MB)", flush=True)
    if record.match is not None:
        match = record.match
        _, replayed = cpu(lambda: match.played)
        _, full = cpu(lambda: read_mat(text, SeededDice(1)) if len(text) <= 2_000_000 else None)
        print(f"  every finished game replayed on demand: {replayed:.1f} s CPU"
              + (f"; read_mat replaying all at once: {full:.1f} s" if len(text) <= 2_000_000 else ""), flush=True)


NODE_SCRIPT = """
import { loadPyodide } from "%(root)s/node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "%(root)s/node_modules/pyodide/" });
py.FS.mkdir("/nard");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(root)s" }, "/nard");
py.globals.set("TEXT", fs.readFileSync(process.argv[2], "utf8"));
py.runPython("import sys; sys.path.insert(0, '/nard'); import web.worker.ui");
const cpu = process.cpuUsage();
const wall = py.runPython(`
import sys, time
sys.path.insert(0, "/nard")
from web.worker.ui import App
app = App(dice="seed:1")
began = time.perf_counter()
answer = app.dispatch({"type": "open_game", "save": TEXT, "copy": True})
assert answer["view"]["message"]["key"] == "imported"
f"{time.perf_counter() - began:.2f}"
`);
const used = process.cpuUsage(cpu);
console.log(`${wall} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`);
"""


def in_node(path: Path) -> None:
    script = CACHE / "bench_mat_node.mjs"
    script.write_text(NODE_SCRIPT % {"root": ROOT})
    found = subprocess.run(["node", str(script), str(path)], capture_output=True, text=True, check=True)
    print(f"  Pyodide (node): the app's import {found.stdout.strip()}", flush=True)


def in_browser(paths: list[Path], dist: Path) -> None:
    from playwright.sync_api import sync_playwright

    import build
    from bench.bench_boot import CHROMIUM, FLAGS
    from bench.bench_startup import imports

    with build.SiteServer(dist, 0).serving() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, size, took, said in imports(browser, url, [(p.name, p) for p in paths]):
            print(f"  browser: {name} ({size / 1e6:.1f} MB) imported in {took / 1000:.1f} s: {said[:80]}", flush=True)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--megabytes", type=float, default=10)
    parser.add_argument("--node", action="store_true")
    parser.add_argument("--browser", nargs="?", const=ROOT / "dist", type=Path, metavar="DIST")
    args = parser.parse_args()
    games = pool()
    paths = [money_session(args.megabytes, games), long_match(games)]
    for path in paths:
        on_cpython(path)
        if args.node:
            in_node(path)
    if args.browser is not None:
        in_browser(paths, args.browser)
    print(json.dumps({"files": [str(p) for p in paths]}))


if __name__ == "__main__":
    main()
