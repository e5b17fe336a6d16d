"""Benchmark opponents from gnubg's engine (PyPI gnubg-nn: GPL, test-only, used only to measure)."""

from __future__ import annotations

from nardcore.position import Position
from nardcore.variant import BAR

from .play import Player


def gnubg_side(board: tuple[int, ...]) -> list[int]:
    """One side of gnubg's board: points 1..24, then the bar."""
    return list(board[1:BAR]) + [board[BAR]]


def pubeval_player() -> Player:
    """Tesauro's pubeval: each candidate scored from the mover's side, the best kept."""
    import gnubg_nn

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        def score(c: Position) -> float:
            mover = 1 - c.turn
            return float(gnubg_nn.pub_eval_score([gnubg_side(c.boards[mover]), gnubg_side(c.boards[c.turn])]))

        return max(candidates, key=score)

    return choose


def gnubg_player(plies: int = 0) -> Player:
    """gnubg's own choice at `plies` (0: its neural network, no look-ahead)."""
    import gnubg_nn

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        board = [gnubg_side(position.opponent), gnubg_side(position.mover)]
        _, key = gnubg_nn.best_move(board, dice[0], dice[1], n=plies, b=1)
        after = gnubg_nn.board_from_position_key(key)  # [side that moved, the other side]
        moved, other = after[0], after[1]
        for candidate in candidates:
            mover, opponent = candidate.boards[1 - candidate.turn], candidate.boards[candidate.turn]
            if gnubg_side(mover) == list(moved) and gnubg_side(opponent) == list(other):
                return candidate
        raise RuntimeError(f"gnubg's play with {dice} from {position} is not among ours")

    return choose
