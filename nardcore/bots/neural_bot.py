"""Players on the learned evaluations: ranking plays, a human-like beginner, look-ahead.

`rank_plays` scores every legal play by the network (0-ply: the result is evaluated
with the opponent on roll). `NeuralBot` plays the best of them; with `temperature` it
draws a play with chances that fall off with its loss (the beginner: its mistakes are
the near-misses a person makes, not random moves); with `lookahead` it averages, over
the opponent's 21 rolls and best replies, the most promising plays (1-ply), within a
time budget. The cube (backgammon) is decided by `neural_cube` from the same estimates.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..dice import ROLLS
from ..game import Game
from ..movegen import result_positions
from ..position import Position
from . import neural_cube
from .evaluation import evaluate
from .neural import Network, network_for

# The largest number of points one game can give (cube 1): the scale of a game's equities.
POINTS_SCALE = {"backgammon": 3.0, "narde": 3.0, "moultezim": 2.0, "khachapuri": 30.0, "tawla31": 15.0}
# How loosely the beginner plays, times the game's largest win: set per game so that the
# beginner loses to the heuristic player, the level above it (docs/training.md, "Levels").
BEGINNER_TEMPERATURE = {"backgammon": 0.03, "narde": 0.03, "moultezim": 0.03, "khachapuri": 0.15, "tawla31": 0.03}


@dataclass(frozen=True)
class Ranked:
    """A legal play's result and its expected points for the side that plays it."""

    result: Position
    equity: float


def result_equity(network: Network, result: Position) -> float:
    """Expected points for the side that just played into `result` (the opponent is on roll)."""
    return -network.equity(result)


def rank_plays(position: Position, results: Iterable[Position], network: Network | None = None) -> list[Ranked]:
    """Every result with its value for the mover, best first (ties in a fixed order).

    Without a network for this game, the heuristic evaluation (in pip units) ranks them.
    """
    network = network or network_for(position.variant.name)
    if network is None:
        scored = [Ranked(r, evaluate(r, position.turn)) for r in results]
    else:
        scored = [Ranked(r, result_equity(network, r)) for r in results]
    scored.sort(key=lambda item: (-item.equity, str(item.result)))
    return scored


def lookahead_equity(network: Network, result: Position) -> float:
    """1-ply: the mover's expected points after each roll of the opponent's best reply."""
    if result.winner() is not None:
        return result_equity(network, result)
    total = 0.0
    for roll in ROLLS:
        replies = result_positions(result, roll.dice)
        # the opponent leaves me (on roll in each reply) as badly off as it can
        worst = min(network.equity(reply) for reply in replies)
        total += float(roll.probability) * worst
    return total


class NeuralBot:
    """A computer player on a game's network; see the module docstring for the options.

    `budget` (seconds) bounds the look-ahead: the plays are looked at best first and it
    stops once the budget is spent (the best play at 0-ply is always looked at).
    """

    def __init__(
        self,
        name: str = "advanced",
        temperature: float | Mapping[str, float] = 0.0,
        lookahead: bool = False,
        budget: float = 0.4,
        seed: int | str | None = None,
        candidates: int = 6,
    ) -> None:
        self.name = name
        self.temperature = temperature
        self.lookahead = lookahead
        self.budget = budget
        self.candidates = candidates
        self._random = random.Random(seed)

    def rank(self, position: Position, plays: Iterable[Position]) -> list[Ranked]:
        return rank_plays(position, plays)

    def choose_play(self, position: Position, plays: Iterable[Position]) -> Position:
        results = list(plays)
        if not results:
            return position.pass_turn()
        if len(results) == 1:
            return results[0]
        ranked = self.rank(position, results)
        network = network_for(position.variant.name)
        temperature = self._temperature(position)
        if temperature > 0:
            return self._draw(position, ranked, temperature)
        if self.lookahead and network is not None:
            return self._look_ahead(position, ranked, network)
        return ranked[0].result

    def _temperature(self, position: Position) -> float:
        """The temperature for this game: one for all, or one per game (by its name)."""
        if isinstance(self.temperature, Mapping):
            return self.temperature.get(position.variant.name, 0.03)
        return self.temperature

    def _draw(self, position: Position, ranked: list[Ranked], temperature: float) -> Position:
        scale = POINTS_SCALE.get(position.variant.name, 1.0) if network_for(position.variant.name) else 30.0
        best = ranked[0].equity
        weights = [math.exp((r.equity - best) / (temperature * scale)) for r in ranked]
        return self._random.choices([r.result for r in ranked], weights)[0]

    def _look_ahead(self, position: Position, ranked: list[Ranked], network: Network) -> Position:
        start = time.perf_counter()
        margin = 0.1 * POINTS_SCALE.get(position.variant.name, 1.0)  # plays this far behind are not looked at
        best_result, best_value = ranked[0].result, -math.inf
        for index, item in enumerate(ranked[: self.candidates]):
            if index and (item.equity < ranked[0].equity - margin or time.perf_counter() - start > self.budget):
                break
            value = lookahead_equity(network, item.result)
            if value > best_value:
                best_result, best_value = item.result, value
        return best_result

    # -- the cube -------------------------------------------------------------------------

    def wants_double(self, game: Game) -> bool:
        return neural_cube.wants_double(game)

    def takes(self, game: Game) -> bool:
        return neural_cube.takes(game)

    def beavers(self, game: Game) -> bool:
        return neural_cube.beavers(game)
