"""How long a game's review takes on CPython: the first pass (every turn's plays ranked: the
graph, the marks, the error rates and skill) and the second (each roll's luck, the 21 rolls).

    python bench/bench_review.py [--games 1] [--variants backgammon narde] [--min-turns 60]

For each game named, `--games` single games of the `advanced` level against itself on seeded
dice (the first seeds whose game lasts at least `--min-turns` turns), each reviewed whole
(`nardcore.bots.analysis.review_steps`) with the evaluation cache emptied first, as for a
record just opened; prints the turns, the CPU seconds (wall time would count whatever else
the machine runs) to the first pass's end (the page's graph and marks) and to the luck's
end, the milliseconds a turn of each, and the network's evaluations with the share the
cache answered. The browser runs the same Python in Pyodide,
a few times slower, a slice of web/worker/advice.py's REVIEW_SLICE seconds per request with
its progress shown. Not a test: times depend on the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import act, make_bot  # noqa: E402
from nardcore.bots.analysis import review_steps  # noqa: E402
from nardcore.bots.neural import network_for  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.variant import VARIANT_NAMES, find_variant  # noqa: E402


def long_game(variant: str, seed: int, min_turns: int) -> tuple[Game, int]:
    """The first seeded game from `seed` on whose plays number at least `min_turns`."""
    while True:
        game = Game(find_variant(variant), SeededDice(f"review-{variant}-{seed}"))
        bot = make_bot("advanced", seed=seed)
        while not game.over:
            act(game, bot)
        turns = sum(1 for e in game.history if e.get("event") in ("play", "pass"))
        if turns >= min_turns:
            return game, seed
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--variants", nargs="+", default=["backgammon", "narde"], choices=VARIANT_NAMES)
    parser.add_argument("--min-turns", type=int, default=60)
    args = parser.parse_args()
    for variant in args.variants:
        network = network_for(variant)
        seed = 0
        for _ in range(args.games):
            game, seed = long_game(variant, seed, args.min_turns)
            if network is not None:
                network._cache.clear()
                network.hits = network.misses = 0
            start = time.process_time()
            first = turns = 0.0
            for done, total, found in review_steps(game.start, game.history):
                if found.ranked and not first:
                    first, turns = time.process_time() - start, total
            whole = time.process_time() - start
            asked = network.hits + network.misses if network else 0
            hits = f"{100 * network.hits / asked:4.1f}% from the cache" if network and asked else ""
            print(f"{variant:11} seed {seed:3}  {turns:4.0f} turns  first pass {first:6.2f} s"
                  f" ({1000 * first / turns:4.0f} ms a turn)  luck {whole - first:6.1f} s"
                  f" ({1000 * (whole - first) / turns:4.0f} ms a turn)  whole {whole:6.1f} s"
                  f"  {asked:7,} evaluations {hits}", flush=True)
            seed += 1


if __name__ == "__main__":
    main()
