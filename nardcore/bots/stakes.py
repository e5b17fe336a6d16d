"""What each way a game can end is worth at the match score: the weights every ranking of plays uses.

`outcome_values(variant, score, cube)` gives the network's outputs' weights (an `Outcomes`:
equity = constant + sum(weight * output)) for the side whose score is `score.mine`. Money
play and single games (no score) get the game's own points (`OUTCOMES`). In a match each
outcome is worth the chance to win the match from the score it leads to (the match equity
table: `met.match_equity` for backgammon, `met.game_table` for the other four games, where
the game's winner starts the next one), at the cube's value; the chances are then written
back in points (`_scale`: in backgammon a single game won is +1 and one lost -1; in the
other games a game of their average size is worth its average points), so that every margin
measured in points (the look-ahead's, the review's marks) keeps its meaning.

Outputs that are levels (gammon and backgammon, mars and koks) take the table's value of each
level. Outputs that are a share of the loser's checkers (khachapuri, tawla31) carry a
number of points only on average, so the value of a win by n checkers is read as a straight
line in n, fitted to the table's values over how often each n comes in the game's own
self-play (met.json "game_tables"): exact where the table is linear (far from the end of a match),
flat where every win wins the match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..game import Game
from ..position import Position
from .met import game_parameters, game_table, match_equity
from .neural import Network
from .outcomes import OUTCOMES, Outcomes
from .outcomes import final_outcome as _final

_EPSILON = 1e-12


@dataclass(frozen=True)
class MatchScore:
    """A match to `length`: the points of the side valued (`mine`) and of the other, and
    whether this game is backgammon's Crawford game."""

    length: int
    mine: int
    theirs: int
    crawford: bool = False


@lru_cache(maxsize=2048)
def outcome_values(variant: str, score: MatchScore | None = None, cube: int = 1) -> Outcomes:
    """The outputs' weights for the side `score` is written for (None: money play or a single game)."""
    spec = OUTCOMES[variant]
    if score is None or not score.length:
        return spec
    need, other = score.length - score.mine, score.length - score.theirs
    after = _after_game(variant, score)

    def won(points: int) -> float:
        return after(need - points * cube, other, True)

    def lost(points: int) -> float:
        return after(need, other - points * cube, False)

    middle, unit = _scale(variant, won, lost)
    if unit < _EPSILON:  # no table could say this; keep the points
        return spec
    if spec.checker_share:
        constant, weights = _checker_weights(variant, spec, won, lost)
    else:
        wins = [won(k) for k in range(1, spec.levels + 2)]
        losses = [lost(k) for k in range(1, spec.levels + 2)]
        constant = losses[0]
        weights = [wins[0] - losses[0], *(wins[k] - wins[k - 1] for k in range(1, spec.levels + 1)),
                   *(losses[k] - losses[k - 1] for k in range(1, spec.levels + 1))]
    return Outcomes(spec.levels, spec.checker_share, (constant - middle) / unit, tuple(w / unit for w in weights))


def _scale(variant: str, won: Callable[[int], float], lost: Callable[[int], float]) -> tuple[float, float]:
    """The match-winning chances written as points: the middle and the size of a point.
    Backgammon: a single game won is +1, lost -1. The other games' winner starts the next
    game, an edge worth more than a point near the start of a match, so there a game of the
    game's own average size, won or lost, is plus or minus its average points."""
    if variant == "backgammon":
        return (won(1) + lost(1)) / 2, (won(1) - lost(1)) / 2
    spread = _points_spread(variant)
    total = sum(spread.values())
    middle = sum(share * (won(n) + lost(n)) for n, share in spread.items()) / (2 * total)
    swing = sum(share * (won(n) - lost(n)) for n, share in spread.items()) / (2 * total)
    return middle, swing / (sum(share * n for n, share in spread.items()) / total)


def _points_spread(variant: str) -> dict[int, float]:
    """How often a game gives each number of points, from the game's own self-play (met.json)."""
    found = game_parameters(variant).get("points")
    return {int(k): float(v) for k, v in found.items()} if isinstance(found, dict) else {1: 1.0}


def _after_game(variant: str, score: MatchScore) -> Callable[[int, int, bool], float]:
    """The chance to win the match from the needs after this game, given who won it."""
    if variant == "backgammon":
        # after the Crawford game, or once a side needs 1 outside it, the Crawford game is done
        done = score.crawford or max(score.mine, score.theirs) == score.length - 1

        def backgammon(need: int, other: int, won: bool) -> float:
            return match_equity(need, other, done)

        return backgammon
    table = game_table(variant)

    def game(need: int, other: int, won: bool) -> float:
        return table.equity(need, other, starting=won)  # the winner starts the next game

    return game


def _checker_weights(variant: str, spec: Outcomes, won: Callable[[int], float],
                     lost: Callable[[int], float]) -> tuple[float, list[float]]:
    """Khachapuri and tawla31: a win by n checkers valued a + b * n (least squares over how
    often each n comes), a mars (khachapuri: 30 points) by the table itself."""
    spread = {n: share for n, share in _points_spread(variant).items() if n < 30} or {n: 1.0 for n in range(1, 16)}
    win_a, win_b = _line(spread, won)
    loss_a, loss_b = _line(spread, lost)
    weights = [win_a - loss_a]
    if spec.levels:
        weights += [won(30) - win_a, lost(30) - loss_a]
    return loss_a, [*weights, 15 * win_b, 15 * loss_b]  # the outputs are n / 15


def _line(spread: dict[int, float], value: Callable[[int], float]) -> tuple[float, float]:
    """The least-squares line a + b * n through value(n), each n weighed by its chance."""
    total = sum(spread.values())
    mean_n = sum(n * w for n, w in spread.items()) / total
    mean_v = sum(value(n) * w for n, w in spread.items()) / total
    spread_n = sum((n - mean_n) ** 2 * w for n, w in spread.items())
    slope = sum((n - mean_n) * (value(n) - mean_v) * w for n, w in spread.items()) / spread_n if spread_n else 0.0
    return mean_v - slope * mean_n, slope


@dataclass(frozen=True)
class Stakes:
    """A game's match score, by side (white, black), for valuing either side's outcomes:
    `length` 0 for money play and single games."""

    variant: str
    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    @classmethod
    def of(cls, game: Game) -> Stakes:
        return cls(game.variant.name, game.match_length, game.score, game.crawford)

    def values(self, side: int, cube: int = 1) -> Outcomes | None:
        """The weights for `side` at this cube: None in money play (the game's own points)."""
        if not self.length:
            return None
        score = MatchScore(self.length, self.score[side], self.score[1 - side], self.crawford)
        return outcome_values(self.variant, score, cube)


def game_values(game: Game, side: int) -> Outcomes | None:
    """The weights for `side` in this game as it stands (its score and cube)."""
    return Stakes.of(game).values(side, game.cube_value)


def mover_value(network: Network, result: Position, values: Outcomes | None) -> float:
    """What `result` (the other side on roll) is worth to the side that played into it."""
    if values is None:
        return -network.equity(result)
    spec = OUTCOMES[result.variant.name]
    if result.winner() is not None:
        return values.equity(_final(result, 1 - result.turn))
    return values.equity(spec.flip(network.evaluate(result)))


def on_roll_value(network: Network, position: Position, values: Outcomes | None) -> float:
    """What `position` is worth to its side on roll."""
    if values is None:
        return network.equity(position)
    return values.equity(network.value(position))
