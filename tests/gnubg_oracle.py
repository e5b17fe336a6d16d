"""Bridges to gnubg's engine (PyPI gnubg-nn, test-only): boards, random positions, legal results."""

from __future__ import annotations

import random

import gnubg_nn

from nardcore.position import Board, Position, make_board
from nardcore.variant import BAR, find_variant

BACKGAMMON = find_variant("backgammon")
GnubgBoard = tuple[tuple[int, ...], tuple[int, ...]]
ALL_ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


def side_to_gnubg(board: Board) -> tuple[int, ...]:
    """gnubg's side: points 1..24, then the bar (our slots 1..25)."""
    return tuple(board[1 : BAR + 1])


def side_from_gnubg(counts: tuple[int, ...] | list[int]) -> Board:
    slots = {point: counts[point - 1] for point in range(1, 25) if counts[point - 1]}
    if counts[24]:
        slots[BAR] = counts[24]
    return make_board(slots)


def to_gnubg(position: Position) -> GnubgBoard:
    """gnubg's board: [side not on roll, side on roll]."""
    return side_to_gnubg(position.opponent), side_to_gnubg(position.mover)


def from_gnubg(board: GnubgBoard, turn: int) -> Position:
    """The position where `turn` is on roll (board[1]) and board[0] is the other side."""
    mover, opponent = side_from_gnubg(board[1]), side_from_gnubg(board[0])
    boards = (mover, opponent) if turn == 0 else (opponent, mover)
    return Position(BACKGAMMON, turn, boards)


def gnubg_result_boards(position: Position, dice: tuple[int, int]) -> set[GnubgBoard]:
    """gnubg's legal results as its boards, seen from the side that moved."""
    keys = gnubg_nn.moves([list(s) for s in to_gnubg(position)], dice[0], dice[1])
    if not keys:
        return {to_gnubg(position)}
    return {gnubg_nn.board_from_position_key(key) for key in keys}


def our_result_boards(results: list[Position]) -> set[GnubgBoard]:
    """Our results (turn passed) as gnubg boards from the side that moved (side_to_gnubg of
    each side: its slots 1..25)."""
    return {(p.boards[p.turn][1:], p.boards[1 - p.turn][1:]) for p in results}


def gnubg_results(position: Position, dice: tuple[int, int]) -> set[str]:
    """gnubg's legal results with the turn passed, as position strings."""
    keys = gnubg_nn.moves([list(s) for s in to_gnubg(position)], dice[0], dice[1])
    if not keys:
        return {str(position.pass_turn())}
    results = set()
    for key in keys:
        after = gnubg_nn.board_from_position_key(key)
        results.add(str(from_gnubg(after, position.turn).pass_turn()))
    return results


def random_positions(count: int, seed: int) -> list[Position]:
    """Positions met in random games played by gnubg's move generator (bar and bear-off included)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(BACKGAMMON, turn=rng.randint(0, 1))
        while position.winner() is None and len(found) < count:
            found.append(position)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            keys = gnubg_nn.moves([list(s) for s in to_gnubg(position)], *dice)
            if not keys:
                position = position.pass_turn()
                continue
            after = gnubg_nn.board_from_position_key(rng.choice(keys))
            position = from_gnubg(after, position.turn).pass_turn()
    return found
