"""The rules on the command line: `plays` (one position and roll, or `--batch` lines) and `show`."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from ..dice import Roll
from ..movegen import result_positions
from ..notation import play_texts
from ..position import Position
from .requests import LongLine, answer_line, answer_lines

__all__ = ["batch_line", "run_batch", "show_plays"]


def _results(position: Position, roll: Roll) -> str:
    # a set: two step orders may end in one position, and each result is listed once
    return json.dumps(sorted({str(p) for p in result_positions(position, (roll.high, roll.low))}))


def batch_line(line: str | bytes | LongLine) -> str:
    """One answer line of `plays --batch` (docs/RULES.md §1) for one input line (text or bytes)."""
    return answer_line(line, _results)


def run_batch(lines: Iterable[str | bytes | LongLine], out: TextIO) -> None:
    answer_lines(lines, out, _results)


def show_plays(position_text: str, roll_text: str, out: TextIO) -> int:
    position = Position.parse(position_text)
    if position.winner() is not None:
        raise ValueError(f"the game is over in {position_text!r}")  # as `plays --batch` and `move` answer
    roll = Roll.parse(roll_text)
    texts = play_texts(position, roll.dice)
    if not texts:
        out.write(f"no legal play with {roll}: the turn passes\n")
        return 0
    out.write(f"{len(texts)} legal play{'s' if len(texts) != 1 else ''} with {roll}:\n")
    width = max(len(text) for text in texts.values())
    for result, text in sorted(texts.items(), key=lambda item: item[1]):
        out.write(f"  {text:<{width}}  {result}\n")
    return 0
