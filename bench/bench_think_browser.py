"""The strongest level's think time in the browser (Pyodide in the app's worker), per game.

    python bench/bench_think_browser.py [--moves 30] [--games backgammon ...]

Builds nothing: run `python build.py build` first. Serves dist/ on a free port, opens the app
in Chromium, starts a game against the computer at `strongest` for each game of the family,
plays the person's side with the first legal step each time, and times the engine's answer
to the request in which the computer chooses its play (the first step of each of its turns).
Prints the median and the 95th percentile (target: median <= 1 s on this machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
from nardcore.variant import VARIANT_NAMES  # noqa: E402

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic"]

# Runs in the page: one game against the computer, timing its choices; the person plays any legal step.
SCRIPT = """async ([variant, moves]) => {
  const ask = async (intent) => (await window.nardApp.request(intent)).view;
  let view = await ask({type: "new_game", settings: {variant, opponent: "computer", level: "strongest"}});
  const times = [];
  for (let i = 0; i < 3000 && times.length < moves; i++) {
    if (view.phase === "over") view = await ask({type: view.can.next_game ? "next_game" : "new_game", settings: {}});
    else if (view.bot_pending) {
      const choosing = view.phase === "move" && !view.dice.some((d) => d.used);
      const start = performance.now();
      view = await ask({type: "bot"});
      if (choosing) times.push(performance.now() - start);
    } else if (view.can.roll) view = await ask({type: "roll"});
    else if (view.can.take) view = await ask({type: "take"});
    else if (view.movable.length) {
      view = await ask({type: "click", point: view.movable[0]});
      view = await ask({type: "click", point: view.destinations[0]});
    } else if (view.can.confirm) view = await ask({type: "confirm"});
    else break;
  }
  return times;
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=30, help="computer moves timed per game")
    parser.add_argument("--games", nargs="*", default=list(VARIANT_NAMES), choices=VARIANT_NAMES,
                        help="the games timed (all five by default)")
    args = parser.parse_args()
    with build.SiteServer(build.DIST, 0).serving() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page()
        page.goto(url + "?dice=seed:11")
        page.wait_for_selector("html[data-ready='1']", timeout=120_000)
        for variant in args.games:
            start = time.time()
            times = sorted(page.evaluate(SCRIPT, [variant, args.moves]))
            if not times:
                print(f"{variant}: no computer move timed")
                continue
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"{variant}: strongest answers in {statistics.median(times) / 1000:.3f} s median, "
                  f"{p95 / 1000:.3f} s at the 95th percentile, {times[-1] / 1000:.3f} s at most "
                  f"({len(times)} moves, {time.time() - start:.0f} s)", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
