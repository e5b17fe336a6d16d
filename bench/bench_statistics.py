"""The Statistics answer for a large library: from every game's save against from the summaries
the page keeps (web/worker/statistics.py summary_of_save, web/page/library/summaries.js).

    python bench/bench_statistics.py [--games N] [--sample M] [--node]

A pool of whole games played by the app (the five games against the computer, two people at one
device, a match) is cycled into a library of N games (default 100,000), each under its own id.
Timed, in CPU seconds, the engine's whole request as the page sends it (JSON text through
web/worker/engine.py dispatch):

- from saves: M games (default 2,000) sent with their saves, the time scaled to N (the work is
  one save after another; `--sample N` times them all);
- from summaries: the N games sent with their summaries (the second opening and after);
- the usual reopening: N games, all with summaries but the 100 played since, sent with saves.

`--node`: the same in Pyodide under Node (the browser's engine, WebAssembly). Not a test: the
figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

CACHE = ROOT / ".bench"
POOL = CACHE / "statistics_pool.json"
PLAYED_SINCE = 100


def pool() -> list[str]:
    """Saves of whole games played by the app (made once, then read from .bench/)."""
    if POOL.exists():
        return list(json.loads(POOL.read_text()))
    from support.library_saves import finished_game

    saves = [finished_game(40 + k, "computer", variant)[0]
             for k, variant in enumerate(("backgammon", "narde", "khachapuri", "moultezim", "tawla31"))]
    saves += [finished_game(50 + k, "human", variant)[0] for k, variant in enumerate(("backgammon", "narde"))]
    CACHE.mkdir(exist_ok=True)
    POOL.write_text(json.dumps(saves))
    return saves


def items(saves: list[str], count: int) -> list[dict[str, Any]]:
    return [{"id": f"{k:012x}", "save": saves[k % len(saves)], "review": None, "when": float(k)} for k in range(count)]


def with_summaries(library: list[dict[str, Any]], summaries: dict[str, Any], saves_from: int) -> list[dict[str, Any]]:
    """The library as the page sends it once summaries are kept: summaries, the saves from `saves_from` on."""
    return [{key: value for key, value in item.items() if key != "save"} | {"summary": summaries[item["id"]]}
            if k < saves_from else item for k, item in enumerate(library)]


def timed(text: str) -> tuple[dict[str, Any], float]:
    from web.worker import engine

    began = time.process_time()
    answer = json.loads(engine.dispatch(text))
    return answer, time.process_time() - began


NODE_SCRIPT = """
import { loadPyodide } from "%(root)s/node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
const py = await loadPyodide({ indexURL: "%(root)s/node_modules/pyodide/" });
py.FS.mkdir("/nard");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(root)s" }, "/nard");
// no page to tell that the worker is alive (engine._say_alive): said already
py.runPython("import sys; sys.path.insert(0, '/nard'); import web.worker.engine as e; e._alive_said = True");
for (const name of process.argv.slice(2)) {
  py.globals.set("TEXT", fs.readFileSync(name, "utf8"));
  const cpu = process.cpuUsage();
  const games = py.runPython(`
import json
from web.worker import engine
answer = json.loads(engine.dispatch(TEXT))
answer["statistics"]["games"]
`);
  const used = process.cpuUsage(cpu);
  console.log(`${games} ${((used.user + used.system) / 1e6).toFixed(2)}`);
}
"""


def in_node(requests: list[Path]) -> list[tuple[int, float]]:
    script = CACHE / "bench_statistics_node.mjs"
    script.write_text(NODE_SCRIPT % {"root": ROOT})
    found = subprocess.run(["node", str(script), *map(str, requests)], capture_output=True, text=True, check=True)
    return [(int(games), float(took)) for games, took in (line.split() for line in found.stdout.split("\n") if line)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--sample", type=int, default=2_000)
    parser.add_argument("--node", action="store_true")
    args = parser.parse_args()

    saves = pool()
    library = items(saves, args.games)
    sample = library[:args.sample]
    mean = sum(len(s) for s in saves) / len(saves)
    print(f"{len(saves)} saves of whole games, {mean / 1000:.1f} kB each on average; a library of {args.games:,} games",
          flush=True)
    request = {"type": "statistics", "scope": "all"}
    saves_text = json.dumps({**request, "games": sample})
    answer, from_saves = timed(saves_text)
    summaries = {item["id"]: answer["summaries"][item["id"]] for item in sample}
    summaries = {item["id"]: summaries[sample[k % len(sample)]["id"]] for k, item in enumerate(library)}
    texts = {
        "from summaries": json.dumps({**request, "games": with_summaries(library, summaries, args.games)}),
        f"summaries, {PLAYED_SINCE} saves": json.dumps({**request, "games": with_summaries(
            library, summaries, args.games - PLAYED_SINCE)}),
    }
    per_game = from_saves / len(sample)
    print(f"CPython, from saves: {len(sample):,} games in {from_saves:.2f} s CPU ({per_game * 1000:.2f} ms a game;"
          f" request {len(saves_text) / len(sample) / 1000:.1f} kB a game): {args.games:,} games"
          f" {per_game * args.games:,.0f} s", flush=True)
    found: dict[str, float] = {}
    for name, text in texts.items():
        answer, took = timed(text)
        assert answer["statistics"]["games"] >= args.games, answer.get("again")
        found[name] = took
        print(f"CPython, {name}: {args.games:,} games in {took:.2f} s CPU (request {len(text) / 1e6:.1f} MB,"
              f" {len(text) / args.games:.0f} bytes a game)", flush=True)
    print(f"CPython: from summaries {per_game * args.games / found['from summaries']:,.0f} times faster", flush=True)
    if args.node:
        paths = []
        for name, text in [("saves", saves_text), *texts.items()]:
            path = CACHE / f"statistics_{name.split(',')[0].replace(' ', '_')}.json"
            path.write_text(text)
            paths.append(path)
        (_, node_saves), *rest = in_node(paths)
        node_per_game = node_saves / len(sample)
        print(f"Pyodide (node), from saves: {len(sample):,} games in {node_saves:.2f} s CPU"
              f" ({node_per_game * 1000:.2f} ms a game): {args.games:,} games {node_per_game * args.games:,.0f} s",
              flush=True)
        for name, (games, took) in zip(texts, rest, strict=True):
            print(f"Pyodide (node), {name}: {games:,} games in {took:.2f} s CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
