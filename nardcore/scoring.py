"""How a game ends and what it scores: `GameResult` and `score_game`.

>>> from nardcore.position import Position
>>> score_game(Position.parse("narde:b::24x15"), 0)    # white is off, black has none off
GameResult(winner=0, points=2, kind='mars', cube=1, resigned=False)
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import Position
from .variant import BAR, CHECKERS, OFF

__all__ = ["GameResult", "score_game"]


@dataclass(frozen=True)
class GameResult:
    """How a game ended: `winner` (0 white, 1 black, None for a draw), `points` won, and `kind`.

    Kinds: single, gammon, backgammon, drop (backgammon); oin, mars, koks (narde);
    checkers, mars (khachapuri); single, mars (moultezim); checkers (tawla31); draw.
    `cube` is the cube value the points were multiplied by; `resigned`: the loser gave up
    (the kind is then what was given up, or what the game scored as it stood).
    """

    winner: int | None
    points: int
    kind: str
    cube: int = 1
    resigned: bool = False


def score_game(position: Position, winner: int, cube: int = 1, jacoby: bool = False) -> GameResult:
    """Points for `winner` in a finished game, by the variant's scoring (`Variant.scoring`,
    docs/RULES.md §3–7), times the cube.

    `jacoby`: money play with the Jacoby rule, so gammons count only once the cube was turned.
    """
    variant = position.variant
    loser = position.boards[1 - winner]
    levels = variant.scoring.levels(variant.options)
    kind, points = levels[0]
    if loser[OFF] == 0 and len(levels) > 1:  # the loser bore off none: a mars (gammon)
        kind, points = levels[1]
        if len(levels) > 2 and any(loser[19:BAR + 1]):  # and is still back (or on the bar)
            kind, points = levels[2]
    if not points:
        points = CHECKERS - loser[OFF]
    if jacoby and cube == 1:
        points = levels[0][1]
    return GameResult(winner, points * cube, kind, cube)
