"""Each level's error rate as the review measures it: the scale of the review's skill labels.

    python bench/bench_skill.py [--games 20] [--only GAME ...]

For every game, each level (and random plays, at the bottom) plays `--games` single games
against the `advanced` level, on seeded dice with colours alternating, cubeless. Every
decision of the level's side with more than one legal play is judged as the review judges it
(`nardcore.bots.analysis.hint`: the game's network at one ply), and the level's error rate is
the mean loss per such decision, in thousandths of a point (a point being a single game's
stake at cube 1 in that game's own scoring). The figures set the thresholds of
`nardcore.bots.analysis.SKILL_SCALES` for the games other than backgammon (docs/training.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import act  # noqa: E402
from nardcore.bots.analysis import hint  # noqa: E402
from nardcore.bots.levels import LEVELS, make_bot  # noqa: E402
from nardcore.bots.random_bot import RandomBot  # noqa: E402
from nardcore.dice import SeededDice  # noqa: E402
from nardcore.game import Game  # noqa: E402
from nardcore.variant import VARIANT_NAMES, find_variant  # noqa: E402


def level_errors(variant: str, level: str, games: int) -> list[float]:
    """The losses of `level`'s unforced plays over `games` games against `advanced`."""
    losses: list[float] = []
    for index in range(games):
        seat = index % 2
        player = RandomBot(seed=index) if level == "random" else make_bot(level, seed=index)
        other = make_bot("advanced", seed=1000 + index)
        game = Game(find_variant(variant), SeededDice(f"skill-{variant}-{index}"))
        for _ in range(2000):
            if game.over:
                break
            if game.phase == "move" and game.to_act == seat:
                assert game.dice is not None
                position, dice = game.position, game.dice.dice
                options = hint(position, dice, count=1000)
                act(game, player)
                if len(options) > 1:
                    result = game.position
                    chosen = next((h for h in options if h.result == result), None)
                    if chosen is not None:
                        losses.append(max(0.0, chosen.loss))
                continue
            act(game, player if game.to_act == seat else other)
    return losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", nargs="*", default=list(VARIANT_NAMES))
    parser.add_argument("--levels", nargs="*", default=["random", *LEVELS])
    args = parser.parse_args()
    for variant in args.only:
        for level in args.levels:
            losses = level_errors(variant, level, args.games)
            mean = 1000 * statistics.fmean(losses) if losses else 0.0
            print(f"{variant:11} {level:13} {mean:8.1f} per unforced play ({len(losses)} plays, {args.games} games)",
                  flush=True)


if __name__ == "__main__":
    main()
