"""A prototype of richer backgammon inputs (gnubg-like), in numpy only: not in nardcore's encoder.

`extra_inputs(boards)` gives, for (n, 2, 26) boards (the side on roll first, each side in its
own numbering: 0 off, 1..24 points, 25 bar), these columns, each for the side on roll and then
for the other side ("A" below, "B" its opponent):

- shots: the share of the 36 rolls with which B could hit at least one of A's blots (direct and
  combined shots, over open points; B's checkers on the bar counted as standing on its 25-point
  without the duty to enter first)
- escapes: the share of the 36 rolls with which A's rearmost checker would get past every point
  B holds within 12 pips in front of it (1 when nothing blocks it, 0 with no checker back)
- prime: the longest row of points A holds (two or more checkers), divided by 6
- home: the points A holds in its home board, divided by 6 (B's chance to dance is its square)
- blots: A's single checkers on points, divided by 6

train/distill.py's experiments append these to `train.npnet.encode`'s 203 inputs
(docs/training.md, "Richer inputs").
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
NAMES = ("shots", "escapes", "prime", "home", "blots")
COUNT = 2 * len(NAMES)

# the 21 distinct rolls, each with its number of the 36, and the paths of steps a checker can take
_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _paths(a: int, b: int) -> list[tuple[int, ...]]:
    """Step lists one checker can take with the roll (each step's landing must be open)."""
    if a == b:
        return [(a,) * k for k in range(1, 5)]
    return [(a,), (b,), (a, b), (b, a)]


# every path of every roll once, each after its prefix (a path's arrays are built on its prefix's)
_ALL_PATHS = sorted({path for a, b in _ROLLS for path in _paths(a, b)}, key=len)


def _sides(boards: IntArray, a: int) -> tuple[IntArray, IntArray]:
    """Side a's counts on its points 0..24 (0 unused), and its opponent's on the same points in a's
    numbering, the opponent's bar at 0 (the opponent moves towards a's higher points)."""
    mine = boards[:, a, :25].copy()
    mine[:, 0] = 0
    theirs = boards[:, 1 - a, ::-1][:, :25]  # their point q is our point 25 - q; their bar (25) lands on 0
    return mine, theirs.copy()


def _shots(mine: IntArray, theirs: IntArray) -> FloatArray:
    """Share of rolls with which the opponent hits one of `mine`'s blots."""
    blots = mine == 1
    blots[:, 0] = False
    open_ = mine < 2
    sources = theirs > 0
    width = mine.shape[1]
    # reach[path][:, i]: a checker of theirs on i can walk the path's steps but the last
    # (landing on open points); the last step's landing is then checked against the blots
    reach: dict[tuple[int, ...], BoolArray] = {(): sources}
    hits: dict[tuple[int, ...], BoolArray] = {}
    for path in _ALL_PATHS:
        before = reach[path[:-1]]
        at = sum(path)
        if at >= width:
            hits[path] = np.zeros(len(mine), dtype=bool)
            continue
        hits[path] = (before[:, : width - at] & blots[:, at:]).any(axis=1)
        if len(path) < 4:
            reach[path] = before[:, : width - at] & open_[:, at:]
    hit_rolls = np.zeros(len(mine))
    for a, b in _ROLLS:
        hit = np.zeros(len(mine), dtype=bool)
        for path in _paths(a, b):
            hit |= hits[path]
        hit_rolls += hit * (1 if a == b else 2)
    return hit_rolls / 36


def _escapes(mine: IntArray, theirs: IntArray, bar: IntArray) -> FloatArray:
    """Share of rolls with which `mine`'s rearmost checker (on the bar: at 25) passes every point
    held against it within 12 pips."""
    n = len(mine)
    points = np.arange(25)
    held = theirs >= 2  # in mine's numbering; mine moves down
    held[:, 0] = False
    occupied = mine > 0
    rear = np.where(bar > 0, 25, np.where(occupied, points, 0).max(axis=1))
    # the lowest held point within 12 pips in front of the rear checker
    front = (points[None, :] < rear[:, None]) & (points[None, :] >= rear[:, None] - 12) & held
    lowest = np.where(front, points, 99).min(axis=1)
    free = lowest == 99
    out = np.where(free & (rear > 0), 1.0, 0.0)
    todo = np.flatnonzero(~free & (rear > 0))
    if not len(todo):
        return out
    blocked = held[todo]
    start, target = rear[todo], lowest[todo]
    rows = np.arange(len(todo))
    # for each path: whether the checker still stands after its steps (every landing on the board
    # and open), and whether it got past the block at some step of it
    standing: dict[tuple[int, ...], BoolArray] = {(): np.ones(len(todo), dtype=bool)}
    passed: dict[tuple[int, ...], BoolArray] = {(): np.zeros(len(todo), dtype=bool)}
    for path in _ALL_PATHS:
        at = start - sum(path)
        ok = standing[path[:-1]] & (at >= 1) & ~blocked[rows, np.maximum(at, 0)]
        standing[path] = ok
        passed[path] = passed[path[:-1]] | (ok & (at < target))
    rolls = np.zeros(len(todo))
    for a, b in _ROLLS:
        done = np.zeros(len(todo), dtype=bool)
        for path in _paths(a, b):
            done |= passed[path]
        rolls += done * (1 if a == b else 2)
    out[todo] = rolls / 36
    assert out.shape == (n,)
    return out


def _prime(mine: IntArray) -> FloatArray:
    made = mine[:, 1:25] >= 2
    run = np.zeros(len(mine), dtype=np.int64)
    best = np.zeros(len(mine), dtype=np.int64)
    for i in range(24):
        run = np.where(made[:, i], run + 1, 0)
        best = np.maximum(best, run)
    return np.asarray(best / 6.0, dtype=np.float64)


def extra_inputs(boards: IntArray) -> FloatArray:
    """(n, COUNT): NAMES for the side on roll, then for the other side."""
    boards = np.asarray(boards, dtype=np.int64)
    columns = []
    for a in (0, 1):
        mine, theirs = _sides(boards, a)
        columns += [
            _shots(mine, theirs),
            _escapes(mine, theirs, boards[:, a, 25]),
            _prime(mine),
            (mine[:, 1:7] >= 2).sum(axis=1) / 6.0,
            (mine[:, 1:25] == 1).sum(axis=1) / 6.0,
        ]
    return np.stack(columns, axis=1)
