"""Computer players for all five games: levels from a human-like beginner to look-ahead on a
learned evaluation (`make_bot`, `LEVELS`), plus a uniform random and a heuristic player.

A bot chooses among legal plays (`choose_play`) and answers the cube
(`wants_double`, `takes`). `act(game, bot)` lets a bot do whatever the game
asks of the side to act — roll, double, take, drop, play — one action per call.
In a match the network players play for the score: `act` tells a bot that `knows_score`
what each outcome is worth at it (`stakes.outcome_values`, docs/cube.md).

>>> from nardcore.dice import SeededDice
>>> from nardcore.game import Game
>>> game = Game("narde", SeededDice(3))
>>> bots = {0: HeuristicBot(), 1: RandomBot(seed=1)}
>>> while not game.over:
...     done = act(game, bots[game.to_act])
>>> game.result.winner in (0, 1)
True
"""

from __future__ import annotations

from .base import Bot, act
from .heuristic import HeuristicBot
from .levels import DEFAULT_LEVEL, LEVELS, make_bot
from .neural_bot import NeuralBot
from .random_bot import RandomBot

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Bot", "HeuristicBot", "NeuralBot", "RandomBot", "act", "make_bot"]
