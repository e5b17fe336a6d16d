"""The heuristic player: try every legal play, keep the one whose result evaluates best."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..game import Game
from ..position import Position
from . import cube
from .evaluation import evaluate


class HeuristicBot:
    """One-ply search over the legal plays with `evaluation.evaluate`; cube by `cube`.

    Deterministic unless `seed` is given, which breaks near-ties at random
    (within `noise` pips) so games against it vary.
    """

    name = "heuristic"

    def __init__(self, seed: int | str | None = None, noise: float = 0.0) -> None:
        self._random = random.Random(seed) if seed is not None else None
        self.noise = noise

    def rank(self, position: Position, plays: Iterable[Position]) -> list[tuple[float, Position]]:
        """Every play's result with its score for the mover, best first."""
        side = position.turn
        scored = [(evaluate(result, side), result) for result in plays]
        scored.sort(key=lambda item: (-item[0], str(item[1])))
        return scored

    def choose_play(self, position: Position, plays: Iterable[Position]) -> Position:
        results = list(plays)
        if not results:
            return position.pass_turn()
        ranked = self.rank(position, results)
        if self._random is None or len(ranked) == 1:
            return ranked[0][1]
        best = ranked[0][0]
        near = [result for value, result in ranked if value >= best - self.noise]
        return self._random.choice(near)

    def wants_double(self, game: Game) -> bool:
        return cube.wants_double(game)

    def takes(self, game: Game) -> bool:
        return cube.takes(game)
