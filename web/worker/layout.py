"""Where each checker stands, by id, so the board can animate a move by moving one element.

Point ids are White's numbering "1".."24", plus "bar-w", "bar-b", "off-w", "off-b".
Checker ids "w0".."w14" and "b0".."b14" follow the checkers as they move; a stack is
last in, first out.

>>> from nardcore.position import Position
>>> Layout(Position.start("backgammon")).stacks["24"]
['w0', 'w1']
"""

from __future__ import annotations

from nardcore.movegen import Step
from nardcore.position import SIDE_LETTERS, Position
from nardcore.variant import BAR, OFF

POINT_IDS = frozenset({str(n) for n in range(1, 25)} | {"bar-w", "bar-b", "off-w", "off-b"})


def point_id(side: int, slot: int, position: Position) -> str:
    """The board-wide id of a side's slot (its own numbering; 0 off, 25 bar)."""
    if slot == BAR:
        return f"bar-{SIDE_LETTERS[side]}"
    if slot == OFF:
        return f"off-{SIDE_LETTERS[side]}"
    return str(position.point_abs(side, slot))


def point_order(point: str) -> tuple[int, int]:
    """Sort key: points 1..24, then the bar, then the trays."""
    return (0, int(point)) if point.isdigit() else (1, 0 if point.startswith("bar") else 1)


class Layout:
    """Which checker (by id) stands where."""

    def __init__(self, position: Position) -> None:
        self.stacks: dict[str, list[str]] = {}
        for side in (0, 1):
            letter = SIDE_LETTERS[side]
            number = 0
            board = position.boards[side]
            for slot in [BAR, *range(24, 0, -1), OFF]:
                for _ in range(board[slot]):
                    self.stacks.setdefault(point_id(side, slot, position), []).append(f"{letter}{number}")
                    number += 1

    def move(self, source: str, target: str) -> None:
        self.stacks.setdefault(target, []).append(self.stacks[source].pop())

    def apply(self, position: Position, step: Step) -> None:
        """Move ids for one step of the mover of `position` (the board before the step)."""
        side = position.turn
        target = point_id(side, step.target, position)
        if step.hit:
            self.move(target, f"bar-{SIDE_LETTERS[1 - side]}")
        self.move(point_id(side, step.origin, position), target)

    def revert(self, position: Position, step: Step) -> None:
        """Undo `apply` (`position`: the board before the step, which is the board again)."""
        side = position.turn
        target = point_id(side, step.target, position)
        self.move(target, point_id(side, step.origin, position))
        if step.hit:
            self.move(f"bar-{SIDE_LETTERS[1 - side]}", target)

    def matches(self, position: Position) -> bool:
        for side in (0, 1):
            board = position.boards[side]
            for slot in range(26):
                where = point_id(side, slot, position)
                ids = [i for i in self.stacks.get(where, []) if i[0] == SIDE_LETTERS[side]]
                if len(ids) != board[slot]:
                    return False
        return True
