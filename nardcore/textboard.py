"""A position drawn as plain text, for the terminal.

Points carry the numbers of the side the board is seen from (White unless
asked); `w5` is five white checkers, `b2` two black ones.

>>> print(render(Position.start("narde")))  # doctest: +NORMALIZE_WHITESPACE
narde  white to move  pips: white 360, black 360
 13  14  15  16  17  18 |  19  20  21  22  23  24
  .   .   .   .   .   . |   .   .   .   .   . w15
b15   .   .   .   .   . |   .   .   .   .   .   .
 12  11  10   9   8   7 |   6   5   4   3   2   1
off: white 0, black 0
"""

from __future__ import annotations

from .position import BLACK, WHITE, Position
from .variant import BAR, OFF


def _cell(position: Position, point: int, view: int) -> str:
    found = position.checker_at_abs(position.point_abs(view, point))
    if found is None:
        return "."
    side, count = found
    return f"{'wb'[side]}{count}"


def render(position: Position, view: int = WHITE) -> str:
    """Two rows of points (13..24 above, 12..1 below, in `view`'s numbering), bars, off and pips."""
    white, black = position.boards
    top = [_cell(position, p, view) for p in range(13, 25)]
    bottom = [_cell(position, p, view) for p in range(12, 0, -1)]

    def row(cells: list[str]) -> str:
        return " ".join(f"{c:>3}" for c in cells[:6]) + " | " + " ".join(f"{c:>3}" for c in cells[6:])

    mover = "white" if position.turn == WHITE else "black"
    lines = [
        f"{position.variant.token}  {mover} to move  pips: white {position.pips(WHITE)}, black {position.pips(BLACK)}",
        row([str(p) for p in range(13, 25)]),
        row(top),
        row(bottom),
        row([str(p) for p in range(12, 0, -1)]),
    ]
    if position.variant.hitting:
        lines.append(f"bar: white {white[BAR]}, black {black[BAR]}")
    lines.append(f"off: white {white[OFF]}, black {black[OFF]}")
    return "\n".join(lines)
