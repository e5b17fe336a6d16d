"""The request lines that `plays --batch` and `move` answer: `POSITION D1D2`, one per line.

Each line is read strictly and answered on one line of its own; whatever is wrong with a
line is the answer `{"error": ...}`, so one bad line never stops the stream. Both commands
refuse a position whose game is over (someone has borne off every checker) alike.
`request_lines` reads the lines of a stream bounded: a line of any length costs at most
`MAX_LINE_BYTES` of memory, and is answered "line too long".

>>> answer_line(b"narde:w:24x15:24x15 65", lambda position, roll: f"{position.variant.name} {roll}")
'narde 65'
>>> print(answer_line("narde:w:24x15:24x15", lambda position, roll: ""))
{"error": "expected 'POSITION D1D2', got 'narde:w:24x15:24x15'"}
>>> print(answer_line("narde:b::24x15 65", lambda position, roll: ""))
{"error": "the game is over in 'narde:b::24x15'"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from ..dice import Roll
from ..position import Position

__all__ = ["MAX_LINE", "MAX_LINE_BYTES", "LongLine", "answer_line", "answer_lines", "line_text", "read_request",
           "request_lines"]

MAX_LINE = 2000  # a line longer than this is certainly not a position and a roll
MAX_LINE_BYTES = 4 * MAX_LINE + 2  # the most bytes MAX_LINE characters of UTF-8 take, and the line's end
DISCARD_CHUNK = 1 << 16  # the rest of an over-long line is read (and dropped) this many bytes at a time

Answer = Callable[[Position, Roll], str]


@dataclass(frozen=True)
class LongLine:
    """A line longer than MAX_LINE_BYTES, read and dropped: only its length is kept."""

    size: int


def request_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | LongLine]:
    """The lines of `stream`, each read at most `limit` + 1 bytes at a time: a longer line is
    read on in chunks that are dropped at once, and given as its `LongLine`."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith(b"\n"):
            line = stream.readline(DISCARD_CHUNK)
            if not line:
                break
            size += len(line)
        yield LongLine(size)


def line_text(line: str | bytes | LongLine) -> str:
    """The text of one request line (bytes read as UTF-8), stripped; ValueError for a line that is
    too long or not UTF-8. Every `--batch` command reads its lines through it."""
    if isinstance(line, LongLine):
        raise ValueError(f"line too long ({line.size} bytes)")
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the line is not UTF-8 text") from None
    text = line.strip()
    if len(text) > MAX_LINE:
        raise ValueError(f"line too long ({len(text)} characters)")
    return text


def read_request(line: str | bytes | LongLine) -> tuple[Position, Roll]:
    """The position and roll of one line (text or bytes); ValueError saying what is wrong.

    A position where someone has already borne off every checker is refused: the game is over.
    """
    text = line_text(line)
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(f"expected 'POSITION D1D2', got {text[:200]!r}")
    position = Position.parse(parts[0])
    if position.winner() is not None:
        raise ValueError(f"the game is over in {parts[0]!r}")
    return position, Roll.parse(parts[1])


def answer_line(line: str | bytes | LongLine, answer: Answer) -> str:
    """`answer` for the line's request, or `{"error": ...}` (never raises for bad input)."""
    try:
        return answer(*read_request(line))
    except ValueError as error:  # NardError, and the line's own checks above
        return json.dumps({"error": str(error)})


def answer_lines(lines: Iterable[str | bytes | LongLine], out: TextIO, answer: Answer) -> None:
    for line in lines:
        out.write(answer_line(line, answer) + "\n")
        out.flush()  # a program on the other end waits for each answer before sending the next line
