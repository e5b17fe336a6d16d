"""How long a game's review takes on CPython, now that each roll's luck asks for the 21 rolls.

    python bench/bench_review.py [--games 3]

For every game, `--games` single games of the `advanced` level against itself on seeded dice,
each reviewed whole (`nardcore.bots.analysis.review`); prints the turns and the seconds per
game and per turn (the browser runs the same Python in Pyodide, a few times slower, a slice
of REVIEW_SLICE seconds per request with its progress shown).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import act, make_bot  # noqa: E402
from nardcore.bots.analysis import review  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.variant import VARIANT_NAMES, find_variant  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for variant in VARIANT_NAMES:
        seconds, turns = [], []
        for index in range(args.games):
            game = Game(find_variant(variant), SeededDice(f"review-{variant}-{index}"))
            bot = make_bot("advanced", seed=index)
            while not game.over:
                act(game, bot)
            start = time.perf_counter()
            done = review(game.start, game.history)
            seconds.append(time.perf_counter() - start)
            turns.append(len(done.positions))
        per_turn = sum(seconds) / sum(turns)
        print(f"{variant:11} {statistics.fmean(turns):6.1f} turns  {statistics.fmean(seconds):6.1f} s a game"
              f"  {1000 * per_turn:5.0f} ms a turn", flush=True)


if __name__ == "__main__":
    main()
