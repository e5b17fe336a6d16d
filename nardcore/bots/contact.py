"""Race or contact: the pip count, and whether the two sides still have checkers to pass.

Once no checker has an opposing one ahead of it the game is a race: blocking and hitting
are over, and the players (and their cube decisions) count pips.

>>> from nardcore.position import Position
>>> start = Position.start("backgammon")
>>> pips(start.mover), is_race(start)
(167, False)
>>> is_race(Position.parse("backgammon:w:6x15:6x15"))
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import cache

from ..position import Position
from ..variant import BAR, Variant

__all__ = ["in_contact", "in_other_numbering", "is_race", "pips"]

_SLOTS = range(1, BAR + 1)  # points 1..24 and the bar


def pips(board: Sequence[int]) -> int:
    """The pips a side's checkers still travel, the bar counting 25."""
    return sum(map(operator.mul, _SLOTS, board[1 : BAR + 1]))


def in_other_numbering(variant: Variant, slot: int) -> int:
    """A side's point as the other side numbers it; the bar, behind that side's 1-point, is 0."""
    return 0 if slot == BAR else variant.opponent_point(slot)


def in_contact(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Some checker still has an opposing checker ahead of it (so blocking or hitting matters)."""
    my_rear = _rear(mine)
    their_rear = _rear(theirs)
    if not my_rear or not their_rear:
        return False
    # the foremost opposing checker in my numbering, and mine in theirs
    order = _by_other_numbering(variant)
    their_front = next(in_other_numbering(variant, q) for q in order if theirs[q])
    my_front = next(in_other_numbering(variant, p) for p in order if mine[p])
    return my_rear > their_front or their_rear > my_front


def _rear(board: Sequence[int]) -> int:
    """A side's rearmost occupied slot (the bar 25, else the highest point), 0 if none."""
    for slot in _SLOTS_BACK_FIRST:
        if board[slot]:
            return slot
    return 0


_SLOTS_BACK_FIRST = range(BAR, 0, -1)


@cache
def _by_other_numbering(variant: Variant) -> tuple[int, ...]:
    """The slots 1..25 in the order of their number for the other side, lowest first."""
    return tuple(sorted(_SLOTS, key=lambda slot: in_other_numbering(variant, slot)))


def is_race(position: Position) -> bool:
    """No contact is left between the side on roll and its opponent."""
    return not in_contact(position.variant, position.mover, position.opponent)
