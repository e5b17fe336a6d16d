"""The request lines that `plays --batch` and `move` answer: `POSITION D1D2`, one per line.

Each line is read strictly and answered on one line of its own; whatever is wrong with a
line is the answer `{"error": ...}`, so one bad line never stops the stream.

>>> answer_line(b"narde:w:24x15:24x15 65", lambda position, roll: f"{position.variant.name} {roll}")
'narde 65'
>>> print(answer_line("narde:w:24x15:24x15", lambda position, roll: ""))
{"error": "expected 'POSITION D1D2', got 'narde:w:24x15:24x15'"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TextIO

from ..dice import Roll
from ..position import Position

__all__ = ["MAX_LINE", "answer_line", "answer_lines", "read_request"]

MAX_LINE = 2000  # a line longer than this is certainly not a position and a roll

Answer = Callable[[Position, Roll], str]


def read_request(line: str | bytes, game_on: bool = False) -> tuple[Position, Roll]:
    """The position and roll of one line (text or bytes); ValueError saying what is wrong.

    `game_on`: refuse a position where someone has already borne off every checker.
    """
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the line is not UTF-8 text") from None
    text = line.strip()
    if len(text) > MAX_LINE:
        raise ValueError(f"line too long ({len(text)} characters)")
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(f"expected 'POSITION D1D2', got {text[:200]!r}")
    position = Position.parse(parts[0])
    if game_on and position.winner() is not None:
        raise ValueError(f"the game is over in {parts[0]!r}")
    return position, Roll.parse(parts[1])


def answer_line(line: str | bytes, answer: Answer, game_on: bool = False) -> str:
    """`answer` for the line's request, or `{"error": ...}` (never raises for bad input)."""
    try:
        return answer(*read_request(line, game_on))
    except ValueError as error:  # NardError, and the line's own checks above
        return json.dumps({"error": str(error)})


def answer_lines(lines: Iterable[str | bytes], out: TextIO, answer: Answer, game_on: bool = False) -> None:
    for line in lines:
        out.write(answer_line(line, answer, game_on) + "\n")
        out.flush()  # a program on the other end waits for each answer before sending the next line
