"""What a network estimates: the ways a game can end, as outputs, and their value in points.

The outputs depend on how the game scores, always in the order: win, then the "win big"
levels, then the "lose big" levels, then, for games scored by checkers left, the expected
share of the loser's checkers when winning and when losing (`OUTCOMES`, per game). The
networks (`neural`) and the bear-off database's races (`bearoff.race_outcomes`) give their
estimates in this layout; `final_outcome` writes a finished game in it, as a training target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..position import Position
from ..scoring import score_game
from ..variant import CHECKERS


@dataclass(frozen=True)
class Outcomes:
    """How a game's end is written as network targets, and their value in points."""

    levels: int  # "win big" levels: gammon and backgammon (2), mars (1), none (0)
    checker_share: bool  # scored by the loser's checkers left (khachapuri, tawla31)
    constant: float  # equity = constant + sum(weight * output)
    weights: tuple[float, ...]

    @property
    def size(self) -> int:
        return 1 + 2 * self.levels + (2 if self.checker_share else 0)

    def flip(self, outputs: Sequence[float]) -> list[float]:
        """The same estimate from the other side's view."""
        n = self.levels
        flipped = [1.0 - outputs[0], *outputs[1 + n : 1 + 2 * n], *outputs[1 : 1 + n]]
        if self.checker_share:
            flipped += [outputs[2 + 2 * n], outputs[1 + 2 * n]]
        return flipped

    def equity(self, outputs: Sequence[float]) -> float:
        return self.constant + sum(w * o for w, o in zip(self.weights, outputs, strict=True))


OUTCOMES = {
    "backgammon": Outcomes(2, False, -1.0, (2.0, 1.0, 1.0, -1.0, -1.0)),
    "narde": Outcomes(2, False, -1.0, (2.0, 1.0, 1.0, -1.0, -1.0)),
    "moultezim": Outcomes(1, False, -1.0, (2.0, 1.0, -1.0)),
    "khachapuri": Outcomes(1, True, 0.0, (0.0, 30.0, -30.0, 15.0, -15.0)),
    "tawla31": Outcomes(0, True, 0.0, (0.0, 15.0, -15.0)),
}


def final_outcome(position: Position, side: int) -> list[float]:
    """The target outputs of a finished game (someone has borne off all), for `side`."""
    variant = position.variant
    spec = OUTCOMES[variant.name]
    winner = position.winner()
    if winner is None:
        raise ValueError(f"the game is not over: {position}")
    result = score_game(position, winner)
    won = winner == side
    out = [0.0] * spec.size
    out[0] = 1.0 if won else 0.0
    big = 1 + (0 if won else spec.levels)
    if spec.checker_share:
        if result.kind == "mars":
            out[big] = 1.0
        else:
            out[1 + 2 * spec.levels + (0 if won else 1)] = result.points / CHECKERS
    else:
        for level in range(min(result.points - 1, spec.levels)):
            out[big + level] = 1.0
    return out
