"""The evaluation cache (`Network.evaluate`, `neural.CACHE_SIZE`): its hit rate and the time it saves.

    python bench/bench_cache.py [--games 3] [--variant backgammon]

Plays seeded games the way the app is used with help on: at each of White's turns the hint
(`analysis.hint`, five plays) and the coach (every play, as the coach looks before a confirm)
are asked for, then White plays the best play; Black is the `strongest` level (its look-ahead
evaluates the 21 rolls' replies of its best plays); at the end the game is reviewed
(`analysis.review_steps`, luck included where the review measures it). The same games run
with the cache and without it (`cache_size` 0); it prints the evaluations asked for, the
share answered from the cache, and the seconds of each run. Not a test: times depend on
the machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import analysis, make_bot  # noqa: E402
from nardcore.bots.base import act  # noqa: E402
from nardcore.bots.neural import network_for  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402

EVERY_PLAY = 1_000


def play_and_review(variant: str, seed: int) -> None:
    game = Game(variant, SeededDice(seed))
    black = make_bot("strongest", seed=seed, budget=1e9)  # no time limit: the same work in both runs
    while not game.over:
        if game.to_act == 0 and game.phase == "move" and game.plays():
            assert game.dice is not None
            analysis.hint(game.position, game.dice.dice, count=5)
            best = analysis.hint(game.position, game.dice.dice, count=EVERY_PLAY)[0]
            game.play(best.result)
        else:
            act(game, black if game.to_act == 1 else make_bot("advanced"))
    for _ in analysis.review_steps(game.start, game.history):
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", default="backgammon")
    args = parser.parse_args()
    network = network_for(args.variant)
    if network is None:
        raise SystemExit(f"no network for {args.variant}")
    size = network.cache_size
    for label, cache_size in (("without cache", 0), (f"cache of {size:,}", size)):
        network.cache_size = cache_size
        network._cache.clear()
        network.hits = network.misses = 0
        start = time.perf_counter()
        for seed in range(args.games):
            play_and_review(args.variant, seed)
        seconds = time.perf_counter() - start
        asked = network.hits + network.misses
        print(f"{args.variant}, {label}: {asked:,} evaluations asked, {network.hits / asked:.1%} from the cache, "
              f"{network.misses:,} computed, {seconds:.1f} s for {args.games} games with hint, coach and review",
              flush=True)


if __name__ == "__main__":
    main()
