"""Ten tactical inputs of backgammon (gnubg-like), five per side, for the richer network.

For the side on roll ("A" below, then the same five for its opponent as "A", the other as "B"),
each side from its own numbering (0 off, 1..24 points, 25 bar):

- shots: the share of the 36 rolls with which B could hit at least one of A's blots (direct
  and combined shots over points A has not made; B's checkers on the bar count as standing
  on A's 0 without the duty to enter first)
- escapes: the share of the 36 rolls with which A's rearmost checker gets past every point B
  holds within 12 pips in front of it (1 when nothing blocks it, 0 with no checker back)
- prime: the longest row of points A holds (two checkers or more), divided by 6
- home: the points A holds in its home board, divided by 6
- blots: A's single checkers on points, divided by 6

train/features.py computes the same for many boards at once in numpy; a test compares them.
At the start there is no blot, and no roll takes a back checker past the three points held
within 12 pips of it; each side holds two points, one of them at home:

>>> from nardcore.position import Position
>>> [round(v, 3) for v in tactical_inputs(Position.start("backgammon"))]
[0.0, 0.0, 0.167, 0.167, 0.0, 0.0, 0.0, 0.167, 0.167, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..position import Position
from ..variant import BAR

__all__ = ["NAMES", "TACTICAL_INPUTS", "tactical_inputs", "tactical_numerators"]

NAMES = ("shots", "escapes", "prime", "home", "blots")
TACTICAL_INPUTS = 2 * len(NAMES)
_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]  # the 21 rolls; doubles count once in 36
_ALL_ROLLS = (1 << len(_ROLLS)) - 1


def _paths(a: int, b: int) -> list[list[int]]:
    """The step lists one checker can take with the roll."""
    if a == b:
        return [[a] * k for k in range(1, 5)]
    return [[a], [b], [a, b], [b, a]]


@cache
def _weight(mask: int) -> int:
    """The rolls of the 36 in a set of the 21 (a bit each)."""
    return sum(1 if a == b else 2 for i, (a, b) in enumerate(_ROLLS) if mask >> i & 1)


# by distance 1..24: (the roll's bit, the distances of the landings on the way) of each path
_HITS: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(25)]
for _index, (_a, _b) in enumerate(_ROLLS):
    for _path in _paths(_a, _b):
        _landings = [sum(_path[: k + 1]) for k in range(len(_path))]
        if _landings[-1] <= 24:
            _HITS[_landings[-1]].append((1 << _index, tuple(_landings[:-1])))

# counts to one character a point: "1" where a side holds the point (two or more), else "0"
_MADE = bytes(49 if count >= 2 else 48 for count in range(256))


@cache
def _hit_rolls(between: bytes) -> int:
    """The rolls (a bit each) that carry a checker over `between` (the points after its own,
    "1" where held against it) to the point just beyond."""
    mask = 0
    for bit, on_the_way in _HITS[len(between) + 1]:
        if all(between[d - 1] == 48 for d in on_the_way):  # 48: "0"
            mask |= bit
    return mask


def _shots(made: bytes, mine: Sequence[int], theirs: Sequence[int]) -> int:
    """The rolls of the 36 with which `theirs` (in mine's numbering, moving up) hits one of mine's
    blots; `made` marks mine's points 0..24 it holds."""
    if 1 not in mine[1:25]:
        return 0  # no blot (a scan in C)
    mask = 0
    for blot in range(1, 25):
        if mine[blot] != 1:
            continue
        for source in range(blot):
            if theirs[source]:
                mask |= _hit_rolls(made[source + 1 : blot])
        if mask == _ALL_ROLLS:
            break
    return _weight(mask)


@cache
def _escape_share(rear: int, held: bytes, target: int) -> int:
    """The rolls of the 36 taking a checker from `rear` below `target`, landing only on points above 0
    not held ("1" in `held`, the points 0..rear-1)."""
    mask = 0
    for index, (a, b) in enumerate(_ROLLS):
        for path in _paths(a, b):
            at = rear
            for step in path:
                at -= step
                if at < 1 or held[at] == 49:  # 49: "1"
                    break
                if at < target:
                    mask |= 1 << index
                    break
    return _weight(mask)


def _escapes(mine: Sequence[int], their_made: bytes) -> int:
    if mine[BAR]:
        rear = 25
    else:
        rear = 24
        while rear and not mine[rear]:
            rear -= 1
        if not rear:
            return 0
    # the lowest point held against it within 12 pips in front
    target = their_made.find(b"1", max(rear - 12, 1), rear)
    if target < 0:
        return 36
    return _escape_share(rear, their_made[:rear], target)


def tactical_inputs(position: Position) -> list[float]:
    """NAMES for the side on roll, then for its opponent (a backgammon position)."""
    return [k / 36 for k in tactical_numerators(position)]


def tactical_numerators(position: Position) -> list[int]:
    """`tactical_inputs` in 36ths, whole numbers (the network adds its rows times these)."""
    values: list[int] = []
    boards = (position.boards[position.turn], position.boards[1 - position.turn])
    for block in (0, 1):
        mine, other = boards[block], boards[1 - block]
        # the other side's checkers in this side's numbering: its point q at 25 - q, its bar at 0
        theirs = other[25:0:-1]
        made = bytes(mine[:25]).translate(_MADE)
        made_points = made[1:25]
        values += [
            _shots(made, mine, theirs),
            _escapes(mine, bytes(theirs).translate(_MADE)),
            6 * max(map(len, made_points.split(b"0"))),
            6 * made_points[:6].count(b"1"),
            6 * mine[1:25].count(1),
        ]
    return values
