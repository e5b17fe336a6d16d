"""Open Sage (PyPI `bgsage`, MPL-2.0) as a teacher: its outcome chances for our positions, and its player.

Sage writes a position as 26 ints from one side's view ("the mover"): slots 1..24 its points
(its checkers positive, the other side's negative; it moves from 24 down to 1), 25 its bar,
0 the other side's bar (positive). Its networks value a position right after a play, for
the side that just played; a position with the mover on roll is valued by turning the
board round (`flip`) and reading the result from the other side (`invert`). Sage's "1ply"
is its networks alone (gnubg's 0-ply), "2ply" their average over the 21 rolls of the side
on roll (gnubg's 1-ply). Bear-offs are read from its one-sided database.

Our boards (train/npnet.py) are (n, 2, 26) counts, the side on roll first, each side in its
own numbering: 0 borne off, 1..24 points, 25 bar. `to_sage` and `from_sage` go between the
two; docs/training.md ("Distillation from Open Sage") checks the views on known positions.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import numpy.typing as npt

from nardcore.position import Position
from nardcore.variant import BAR, CHECKERS

from .play import Player

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
LEVELS = ("1ply", "2ply")


def sage_module(name: str) -> Any:
    """bgsage or its native part bgbot_cpp, untyped (neither ships type information)."""
    return importlib.import_module(name)


def to_sage(boards: IntArray) -> IntArray:
    """(n, 2, 26) ours, side on roll first -> (n, 26) Sage boards from the side on roll."""
    boards = np.asarray(boards, dtype=np.int64)
    mine, theirs = boards[:, 0], boards[:, 1]
    sage = np.zeros((len(boards), 26), dtype=np.int64)
    sage[:, 1:25] = mine[:, 1:25] - theirs[:, 24:0:-1]  # their point q is our point 25 - q
    sage[:, 25] = mine[:, BAR]
    sage[:, 0] = theirs[:, BAR]
    return sage


def from_sage(sage: IntArray) -> IntArray:
    """(n, 26) Sage boards -> (n, 2, 26) ours, the board's mover first."""
    sage = np.asarray(sage, dtype=np.int64)
    boards = np.zeros((len(sage), 2, 26), dtype=np.int64)
    points = sage[:, 1:25]
    boards[:, 0, 1:25] = np.maximum(points, 0)
    boards[:, 1, 1:25] = np.maximum(-points, 0)[:, ::-1]
    boards[:, 0, BAR] = sage[:, 25]
    boards[:, 1, BAR] = sage[:, 0]
    boards[:, :, 0] = CHECKERS - boards[:, :, 1:].sum(axis=2)
    return boards


def flip(sage: IntArray) -> IntArray:
    """The same positions from the other side's view."""
    sage = np.asarray(sage, dtype=np.int64)
    flipped = np.empty_like(sage)
    flipped[:, 1:25] = -sage[:, 24:0:-1]
    flipped[:, 0] = sage[:, 25]
    flipped[:, 25] = sage[:, 0]
    return flipped


def invert(probs: FloatArray) -> FloatArray:
    """Outcome chances (win, win gammon+, win backgammon, lose gammon+, lose backgammon) for the other side."""
    probs = np.asarray(probs, dtype=np.float64)
    return np.stack([1.0 - probs[:, 0], probs[:, 3], probs[:, 4], probs[:, 1], probs[:, 2]], axis=1)


def equity(probs: FloatArray) -> FloatArray:
    """Cubeless points of outcome chances (our backgammon outputs or Sage's, the same order)."""
    p = np.asarray(probs, dtype=np.float64)
    return np.asarray(2.0 * p[:, 0] - 1.0 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4])


class Teacher:
    """Sage's production networks (with its bear-off database) at 1 ply and, built on demand, 2 ply.

    Everything runs on one thread: batch calls are given n_threads=1.
    """

    def __init__(self) -> None:
        self.cpp = sage_module("bgbot_cpp")
        weights = sage_module("bgsage.weights")
        config = weights.default_weights()
        self._config = config
        base = self.cpp.create_strategy(config.strategy_type, config.weight_paths_list, config.hidden_sizes_list)
        self._db = self.cpp.BearoffDB()
        path = weights.bearoff_db_path()
        if path is None or not self._db.load(path):
            raise RuntimeError("bgsage's bear-off database did not load")
        self.one_ply = self.cpp.BearoffStrategy(base, self._db)
        self._two_ply: Any = None

    @property
    def two_ply(self) -> Any:
        if self._two_ply is None:
            c = self._config
            self._two_ply = self.cpp.create_multipy(
                c.strategy_type, c.weight_paths_list, c.hidden_sizes_list, n_plies=2,
                filter_max_moves=5, filter_threshold=0.08, parallel_evaluate=False, parallel_threads=0,
            )
            self.cpp.multipy_set_bearoff_db(self._two_ply, self._db)
        return self._two_ply

    def after_play(self, sage: IntArray, level: str = "1ply", before: list[int] | None = None) -> FloatArray:
        """Chances for the side that just played into each board (the other side to roll).

        `before`, the board before the play, helps Sage pick its network (as its own player
        does); without it each board stands for itself.
        """
        strategy = self.one_ply if level == "1ply" else self.two_ply
        out = np.empty((len(sage), 5))
        for i, row in enumerate(np.asarray(sage).tolist()):
            out[i] = strategy.evaluate_board(row, before if before is not None else row)["probs"]
        if level != "1ply":
            strategy.clear_cache()
        return out

    def on_roll(self, boards: IntArray, level: str = "1ply") -> FloatArray:
        """Chances for the side on roll of each of our (n, 2, 26) boards (nobody has won yet)."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}")
        return invert(self.after_play(flip(to_sage(boards)), level))


def sage_player(teacher: Teacher | None = None) -> Player:
    """Sage's own choice at 1 ply (cubeless): each candidate valued for the side that plays it."""
    sage = teacher or Teacher()

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        mover = position.turn
        before = to_sage(np.array([[position.boards[mover], position.boards[1 - mover]]]))[0].tolist()
        after = to_sage(np.array([[c.boards[mover], c.boards[1 - mover]] for c in candidates]))
        values = equity(sage.after_play(after, "1ply", before))
        best = max(values)
        return min((c for c, v in zip(candidates, values, strict=True) if v == best), key=str)

    return choose
