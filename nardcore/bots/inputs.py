"""What a position looks like to the networks: their inputs, laid out once for play and training.

For the side on roll first (block 0), then its opponent (block 1), each from its own
numbering, `SIDE_INPUTS` inputs:

    0..95   four units per point 1..24 (`POINT_UNITS` by the count there): one checker or
            more, two or more, three or more, half the checkers beyond three
    96      the bar: half its checkers                  (BAR_INPUT, / BAR_SCALE)
    97      the checkers off: a fifteenth each          (OFF_INPUT, / OFF_SCALE)
    98      the pip count                               (PIPS_INPUT, / PIP_SCALE)
    99      1 when every checker is home (points 1..6)  (HOME_INPUT)

then `CONTACT` (1 while some checker still has an opposing one ahead of it) and
`RUNNER` + block (1 while that side's runner rule is in force: none of its checkers on
its goal or below, nor off). The inputs are sparse, so they are listed as (index, value)
pairs of the ones that are not zero. `nardcore.bots.neural` sums the network's weights
over them; train/npnet.py encodes many positions at once in numpy from this layout.

>>> from nardcore.position import Position
>>> found = dict(features(Position.start("narde")))
>>> found[point_input(0, 24)], found[point_input(0, 24) + 3], found[PIPS_INPUT]
(1.0, 6.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..position import Position
from ..variant import BAR, CHECKERS, OFF, Variant
from .contact import in_contact, pips

__all__ = [
    "BAR_INPUT",
    "BAR_SCALE",
    "CONTACT",
    "HOME_INPUT",
    "INPUTS",
    "OFF_INPUT",
    "OFF_SCALE",
    "PIPS_INPUT",
    "PIP_SCALE",
    "POINT_UNITS",
    "RUNNER",
    "SIDE_INPUTS",
    "features",
    "point_input",
    "shared_inputs",
    "side_inputs",
]

SIDE_INPUTS = 100  # per side: 24 points x 4 units, bar, off, pips, all home
INPUTS = 2 * SIDE_INPUTS + 3  # plus contact, and the runner rule in force for each side
BAR_INPUT, OFF_INPUT, PIPS_INPUT, HOME_INPUT = 96, 97, 98, 99  # within a side's block
CONTACT, RUNNER = 2 * SIDE_INPUTS, 2 * SIDE_INPUTS + 1
BAR_SCALE = 2
OFF_SCALE = CHECKERS
PIP_SCALE = 360.0  # fifteen checkers on point 24


def _units(count: int) -> tuple[float, float, float, float]:
    return (float(count >= 1), float(count >= 2), float(count >= 3), max(count - 3, 0) / 2)


POINT_UNITS = tuple(_units(count) for count in range(CHECKERS + 1))  # by the count on a point


def point_input(block: int, point: int) -> int:
    """The index of the first of a point's four units (point 1..24, block 0 the side on roll)."""
    return block * SIDE_INPUTS + 4 * (point - 1)


def side_inputs(board: Sequence[int], block: int) -> list[tuple[int, float]]:
    """One side's inputs other than its points' units that are not zero: bar, off, pips, home."""
    base = block * SIDE_INPUTS
    found: list[tuple[int, float]] = []
    if board[BAR]:
        found.append((base + BAR_INPUT, board[BAR] / BAR_SCALE))
    if board[OFF]:
        found.append((base + OFF_INPUT, board[OFF] / OFF_SCALE))
    count = pips(board)
    if count:
        found.append((base + PIPS_INPUT, count / PIP_SCALE))
    if not any(board[7:]):
        found.append((base + HOME_INPUT, 1.0))
    return found


def shared_inputs(variant: Variant, sides: Sequence[Sequence[int]]) -> list[tuple[int, float]]:
    """The inputs of both sides together that are not zero: contact and the runner rule;
    `sides` are the boards of the side on roll and of its opponent."""
    found: list[tuple[int, float]] = []
    if in_contact(variant, sides[0], sides[1]):
        found.append((CONTACT, 1.0))
    if variant.runner_home:
        for block, board in enumerate(sides):
            if not any(board[: variant.runner_home + 1]):
                found.append((RUNNER + block, 1.0))
    return found


def features(position: Position) -> list[tuple[int, float]]:
    """The network's inputs that are not zero, as (index, value), for the side on roll."""
    sides = (position.boards[position.turn], position.boards[1 - position.turn])
    found: list[tuple[int, float]] = []
    for block, board in enumerate(sides):
        for point in range(1, 25):
            count = board[point]
            if count:
                at = point_input(block, point)
                found.extend((at + unit, value) for unit, value in enumerate(POINT_UNITS[count]) if value)
        found.extend(side_inputs(board, block))
    found.extend(shared_inputs(position.variant, sides))
    return found
