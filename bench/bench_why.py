"""What the explanations cost, and how random play is labelled however short its game.

    python bench/bench_why.py [--games 10] [--only GAME ...]

For every game: the time of the worker's hint with its explanations (`advice.hint_for`: five
plays, each with its chance to win and why the best beats it) over the positions of a seeded
game between two random players, mean and worst; then, on `--games` games of random play, each
side's skill label for every length the game could have been cut at (`analysis.judged_skill`
on the first n unforced decisions), counted by label (docs/explanations.md, "Skill labels").
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import act, analysis  # noqa: E402
from nardcore.bots.random_bot import RandomBot  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.variant import VARIANT_NAMES  # noqa: E402
from web.worker.advice import hint_for  # noqa: E402


def hint_times(variant: str, seed: int = 1) -> list[float]:
    """Seconds of `hint_for` at each turn with a choice of a random game."""
    game = Game(variant, SeededDice(seed))
    bot = RandomBot(seed)
    found = []
    while not game.over:
        if game.phase == "move" and len(game.plays()) > 1:
            start = time.perf_counter()
            hint_for(game)
            found.append(time.perf_counter() - start)
        act(game, bot)
    return found


def random_labels(variant: str, games: int) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    for seed in range(games):
        game = Game(variant, SeededDice(seed))
        bot = RandomBot(seed)
        while not game.over:
            act(game, bot)
        done = analysis.review(game.start, game.history, with_luck=False)
        for side in "wb":
            losses = [d.loss for d in done.decisions if d.side == side and not d.forced]
            for n in range(1, len(losses) + 1):
                counts[str(analysis.judged_skill(1000 * sum(losses[:n]) / n, n, variant))] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--only", nargs="*", default=list(VARIANT_NAMES))
    args = parser.parse_args()
    for variant in args.only:
        times = hint_times(variant)
        mean = sum(times) / len(times) if times else 0.0
        print(f"{variant}: hint with why {mean * 1000:.0f} ms mean, {max(times, default=0) * 1000:.0f} ms worst"
              f" over {len(times)} turns", flush=True)
        labels = random_labels(variant, args.games)
        print(f"{variant}: random play's labels at every length: {dict(labels.most_common())}", flush=True)


if __name__ == "__main__":
    main()
