"""Computer players: a uniform random player and a heuristic one, for all five games.

A bot chooses among legal plays (`choose_play`) and answers the cube
(`wants_double`, `takes`). `act(game, bot)` lets a bot do whatever the game
asks of the side to act — roll, double, take, drop, play — one action per call.

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
from .random_bot import RandomBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "act"]
