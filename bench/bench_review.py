"""How long a game's review takes on CPython: the first pass (every turn's plays ranked: the
graph, the marks, the error rates and skill) and the second (each roll's luck, the 21 rolls).

    python bench/bench_review.py [--games 1] [--variants backgammon narde] [--min-turns 60]
    python bench/bench_review.py --browser [DIST]    # the same games in the app, dist/ built first
    python bench/bench_review.py --node [ROOT]       # the same review in Pyodide under Node
    python bench/bench_review.py --browser --ahead   # the luck measured ahead first, as during play
    python bench/bench_review.py --levels advanced strongest --warm   # after a game against the look-ahead

For each game named, `--games` single games of the `advanced` level against itself on seeded
dice (the first seeds whose game lasts at least `--min-turns` turns), each reviewed whole
(`nardcore.bots.analysis.review_steps`) with the evaluation cache emptied first, as for a
record just opened; prints the turns, the CPU seconds (wall time would count whatever else
the machine runs) to the first pass's end (the page's graph and marks) and to the luck's
end, the milliseconds a turn of each, and the network's evaluations with the share the
cache answered. `--levels WHITE BLACK`: the levels that play the games (`advanced` both
by default); `--warm`: each game reviewed twice, the caches emptied, then as the game's play
left them (the look-ahead's best replies to each roll are the luck's of the position it
played into: `neural_bot.best_reply`). The browser runs the same Python in Pyodide,
a few times slower, a slice of web/worker/advice.py's REVIEW_SLICE seconds per request with
its progress shown. `--browser` opens the built app (dist/, or the folder given: an older
build to compare) in Chromium, opens each game by its `#s=` link and asks for the review a
slice at a time as the page does; it prints the wall seconds to the first pass's end and to
the luck's end, and the CPU seconds of the browser's processes (page and worker, read from
/proc: Linux) over the same spans, from the game opened on. `--ahead`: before the review, the
luck measured ahead as the page asks for it while the game is played (web/worker/luck_ahead.py),
its CPU printed apart: what the review then costs is what is left after a game played here.
`--node` runs the review alone (the network built first, the caches emptied) in Pyodide under
Node (node_modules has it) on this tree's Python, or another tree's (ROOT: an older checkout
to compare), and prints its CPU seconds (Node's own count). Not a test: times depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import act, make_bot  # noqa: E402
from nardcore.bots.analysis import review_steps  # noqa: E402
from nardcore.bots.neural import Network, network_for  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.formats.state import encode_state  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.variant import VARIANT_NAMES, find_variant  # noqa: E402


def long_game(variant: str, seed: int, min_turns: int, levels: tuple[str, str] = ("advanced", "advanced"),
              ) -> tuple[Game, int]:
    """The first seeded game from `seed` on whose plays number at least `min_turns`, White
    played by `levels[0]` and Black by `levels[1]`."""
    while True:
        game = Game(find_variant(variant), SeededDice(f"review-{variant}-{seed}"))
        bots = [make_bot(level, seed=seed) for level in levels]
        while not game.over:
            act(game, bots[game.to_act or 0])
        turns = sum(1 for e in game.history if e.get("event") in ("play", "pass"))
        if turns >= min_turns:
            return game, seed
        seed += 1


# Runs in the page: the game opened by its link, then the review asked for a slice at a time.
REVIEW_JS = """async ([fragment, ahead]) => {
  let answer = await window.nardApp.request({type: 'load_url', fragment});
  await window.benchMark();
  // the luck measured ahead, as the page asks for it while the person looks at the game
  while (ahead && answer.view.next && answer.view.next.request.type === 'luck_ahead')
    answer = await window.nardApp.request(answer.view.next.request);
  await window.benchMark();
  const start = performance.now();
  let first = null, requests = 0, review;
  do {
    review = (await window.nardApp.request({type: 'review'})).view.review;
    requests++;
    if (first === null && (review.ranked || review.complete)) {
      first = performance.now() - start;
      await window.benchMark();
    }
  } while (!review.complete);
  return {turns: review.total, first, whole: performance.now() - start, requests};
}"""


def cpu_seconds(root_marker: bytes) -> float:
    """The CPU seconds (user and system) of the Chromium launched with `root_marker` among its
    flags and of every process under it."""
    tick = os.sysconf("SC_CLK_TCK")
    table: dict[int, tuple[int, float, bytes]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
            command = Path(f"/proc/{name}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, command)
    found = {pid for pid, (_, _, command) in table.items() if root_marker in command and b"--type=" not in command}
    grew = True
    while grew:
        below = {pid for pid, (parent, _, _) in table.items() if parent in found} - found
        found |= below
        grew = bool(below)
    return sum(table[pid][1] for pid in found)


def in_browser(games: list[tuple[str, Game, int]], dist: Path, ahead: bool = False) -> None:
    from browser_support import CHROMIUM, CHROMIUM_FLAGS, wait_ready
    from playwright.sync_api import sync_playwright

    import build

    marker = f"--nard-review-bench-{os.getpid()}"
    with build.SiteServer(dist, 0).serving() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, marker])
        page = browser.new_page()
        page.goto(url + "?dice=seed:1")
        wait_ready(page)
        marks: list[float] = []
        page.expose_function("benchMark", lambda: marks.append(cpu_seconds(marker.encode())))
        for variant, game, seed in games:
            marks.clear()
            before = cpu_seconds(marker.encode())
            found = page.evaluate(REVIEW_JS, ["#s=" + encode_state(game), ahead])
            after = cpu_seconds(marker.encode())
            first, whole = found["first"] / 1000, found["whole"] / 1000
            opened, measured, ranked = marks
            print(f"{variant:11} seed {seed:3}  {found['turns']:4} turns  opened ({opened - before:4.1f} s CPU)"
                  + (f"  luck ahead ({measured - opened:4.1f} s CPU)" if ahead else "")
                  + f"  first pass {first:5.1f} s ({ranked - measured:4.1f} s CPU)"
                  f"  whole {whole:5.1f} s ({after - measured:4.1f} s CPU)  {found['requests']} requests", flush=True)
        browser.close()


NODE_SCRIPT = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
py.FS.mkdir("/nard");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/nard");
py.runPython("import sys; sys.path.insert(0, '/nard'); import bench.bench_review as bench");
for (const variant of process.argv[3].split(",")) {
  py.runPython(`game, seed = bench.long_game("${variant}", 0, ${process.argv[4]})
network = bench.network_for("${variant}"); network.forward(game.start); network._cache.clear()
getattr(network, "replies", {}).clear(); network.hits = network.misses = 0`);
  const cpu = process.cpuUsage();
  const turns = py.runPython("[total for _, total, _ in bench.review_steps(game.start, game.history)][-1]");
  const used = process.cpuUsage(cpu);
  const asked = py.runPython("network.hits + network.misses");
  console.log(`${variant.padEnd(11)} ${turns} turns  whole ${((used.user + used.system) / 1e6).toFixed(2)} s CPU`
    + ` in Pyodide  ${asked} evaluations`);
}
"""


def in_node(variants: list[str], min_turns: int, root: Path) -> None:
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "bench_review.mjs"
        script.write_text(NODE_SCRIPT % {"pyodide": ROOT / "node_modules" / "pyodide"})
        subprocess.run(["node", str(script), str(root.resolve()), ",".join(variants), str(min_turns)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--variants", nargs="+", default=["backgammon", "narde"], choices=VARIANT_NAMES)
    parser.add_argument("--min-turns", type=int, default=60)
    parser.add_argument("--levels", nargs=2, default=["advanced", "advanced"], metavar=("WHITE", "BLACK"))
    parser.add_argument("--warm", action="store_true", help="keep the caches as the game's play left them")
    parser.add_argument("--browser", nargs="?", const=ROOT / "dist", type=Path, metavar="DIST")
    parser.add_argument("--ahead", action="store_true",
                        help="--browser: the luck measured ahead first, as while the game is played")
    parser.add_argument("--node", nargs="?", const=ROOT, type=Path, metavar="ROOT")
    args = parser.parse_args()
    if args.node is not None:
        in_node(args.variants, args.min_turns, args.node)
        return
    if args.browser is not None:
        sys.path.insert(0, str(ROOT / "tests" / "browser"))
        chosen = []
        for variant in args.variants:
            seed = 0
            for _ in range(args.games):
                game, seed = long_game(variant, seed, args.min_turns, tuple(args.levels))
                chosen.append((variant, game, seed))
                seed += 1
        in_browser(chosen, args.browser, args.ahead)
        return
    for variant in args.variants:
        network = network_for(variant)
        seed = 0
        for _ in range(args.games):
            game, seed = long_game(variant, seed, args.min_turns, tuple(args.levels))
            left = (OrderedDict(network._cache), OrderedDict(network.replies)) if network is not None else None
            for warm in (False, True) if args.warm else (False,):
                if network is not None and left is not None:
                    network._cache, network.replies = (OrderedDict(left[0]), OrderedDict(left[1])) if warm else (
                        OrderedDict(), OrderedDict())
                    network.hits = network.misses = 0
                review_once(variant, seed, game, network, "after play" if warm else "emptied" if args.warm else "")
            seed += 1


def review_once(variant: str, seed: int, game: Game, network: Network | None, caches: str) -> None:
    """One review of the game, timed, and a line of its figures."""
    start = time.process_time()
    first = turns = 0.0
    for _, total, found in review_steps(game.start, game.history):
        if found.ranked and not first:
            first, turns = time.process_time() - start, total
    whole = time.process_time() - start
    asked = network.hits + network.misses if network else 0
    hits = f"{100 * network.hits / asked:4.1f}% from the cache" if network and asked else ""
    print(f"{variant:11} seed {seed:3}  {turns:4.0f} turns {caches:10} first pass {first:6.2f} s"
          f" ({1000 * first / turns:4.0f} ms a turn)  luck {whole - first:6.1f} s"
          f" ({1000 * (whole - first) / turns:4.0f} ms a turn)  whole {whole:6.1f} s"
          f"  {asked:7,} evaluations {hits}", flush=True)

if __name__ == "__main__":
    main()
