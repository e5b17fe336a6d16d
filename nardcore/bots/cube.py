"""Cube decisions for backgammon: the Keith count in races, a rough estimate in contact.

Keith count: pips, plus 2 for each checker beyond one on the 1-point, 1 for each
beyond one on the 2-point, 1 for each beyond three on the 3-point, 1 for each
empty 4-, 5- or 6-point; the roller's count is raised by a seventh. The roller
doubles when it exceeds the opponent's by at most 4 (redoubles: 3); the opponent
takes when the roller's exceeds its own by at least 2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..game import Game
from ..position import Position
from .contact import is_race, pips
from .evaluation import evaluate

ON_ROLL = 4.0  # being on roll is worth about this many pips
CONTACT_DOUBLE = 0.70  # winning chances to double in contact
CONTACT_TAKE = 0.25  # the taker's chances to take in contact
SCALE = 25.0  # evaluation units (about pips) per unit of log-odds


def keith_count(board: Sequence[int]) -> float:
    count = pips(board) + 2 * max(0, board[1] - 1) + max(0, board[2] - 1) + max(0, board[3] - 3)
    return float(count + sum(1 for p in (4, 5, 6) if board[p] == 0))


def keith_margin(position: Position) -> float:
    """The roller's adjusted count minus the opponent's (lower is better for the roller)."""
    roller, other = position.mover, position.opponent
    return keith_count(roller) * 8 / 7 - keith_count(other)


def winning_chance(position: Position) -> float:
    """A rough chance for the side on roll to win, from the evaluation (contact positions)."""
    value = -evaluate(position.pass_turn(), 1 - position.turn) + ON_ROLL
    return 1 / (1 + math.exp(-value / SCALE))


def wants_double(game: Game) -> bool:
    """Should the side to act offer the cube now? (It must be allowed to.)"""
    if not game.may_double():
        return False
    side = game.position.turn
    if game.match_length:
        need_me = game.match_length - game.score[side]
        need_them = game.match_length - game.score[1 - side]
        if need_me <= game.cube_value:
            return False  # winning this game at the current stake already wins the match
        if need_them == 1:
            return True  # after the Crawford game the trailer doubles at once: nothing to lose
    position = game.position
    if is_race(position):
        limit = 3 if game.cube_owner == side else 4
        return keith_margin(position) <= limit
    return winning_chance(position) >= CONTACT_DOUBLE


def takes(game: Game) -> bool:
    """Should the doubled side take?"""
    taker = 1 - game.position.turn
    if game.match_length:
        need_them = game.match_length - game.score[1 - taker]
        if need_them <= game.cube_value:
            return True  # a drop would lose the match: nothing to save by it
    position = game.position
    if is_race(position):
        return keith_margin(position) >= 2
    return 1 - winning_chance(position) >= CONTACT_TAKE
