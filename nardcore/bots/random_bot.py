"""A player that picks a legal play uniformly at random (seeded, so games replay exactly)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..game import Game
from ..position import Position


class RandomBot:
    """Uniform over the distinct legal plays; never doubles, always takes."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def choose_play(self, position: Position, plays: Iterable[Position]) -> Position:
        results = list(plays)
        if not results:
            return position.pass_turn()
        # sorted, so the choice depends on the seed only, not on dict order
        return self._random.choice(sorted(results, key=str))

    def wants_double(self, game: Game) -> bool:
        return False

    def takes(self, game: Game) -> bool:
        return True
