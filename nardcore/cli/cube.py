"""The cube on the command line: `cube POSITION [--cube V --owner w|b --match N --score W-B --crawford]`.

POSITION is a backgammon position string or an XGID (which carries the cube, the score, the
match length and the Crawford game itself; flags given beside it override those fields).
The answer is one JSON line for the side on roll: whether it should double, whether the
other side should take if doubled, the proper action in words, and the cubeful equities of
no double, double/take and double/pass (`nardcore.bots.neural_cube`): money play in points
per unit of the current cube, match play in match-winning chances (0 to 1).
`cube --batch` reads such argument lines (`XGID [flags]`) and answers a JSON line each;
whatever is wrong with a line is its answer `{"error": ...}`.

>>> print(cube_line("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"))  # doctest: +ELLIPSIS
{"double": false, "take": true, "action": "no double, take", "equity": {...}}
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Iterable
from typing import NoReturn, TextIO

from ..bots.cubeful import Owner
from ..bots.neural_cube import position_decision
from ..formats import CodecError
from ..formats.xgid import read_xgid
from ..position import Position, PositionError
from ..variant import VariantError
from .requests import LongLine, line_text

__all__ = ["add_command", "cube_line", "run_cube", "show_cube"]


class _Parser(argparse.ArgumentParser):
    """Argument errors as ValueError: a batch line's error is its answer, not the end of the run."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", nargs="?", help="a backgammon position string or an XGID")
    parser.add_argument("--cube", type=int, default=None, help="the cube's value (1 centred; default 1)")
    parser.add_argument("--owner", choices=("w", "b"), default=None, help="who owns a cube above 1")
    parser.add_argument("--match", type=int, default=None, help="match length (0 or none: money play)")
    parser.add_argument("--score", default=None, help="the match score as W-B (white's points first)")
    parser.add_argument("--crawford", action="store_true", default=None, help="this is the Crawford game")


def add_command(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cube = commands.add_parser("cube", help="the cube decision of a position: double? take? with cubeful equities")
    cube.add_argument("--batch", action="store_true", help="read argument lines from stdin, answer JSON lines")
    _arguments(cube)


_LINE_PARSER = _Parser(prog="cube", add_help=False)
_arguments(_LINE_PARSER)


def _score(text: str) -> tuple[int, int]:
    parts = text.split("-")
    if len(parts) != 2 or not all(part.isdigit() and len(part) <= 5 for part in parts):
        raise ValueError(f"--score is W-B, like 2-1, not {text[:40]!r}")
    return int(parts[0]), int(parts[1])


def answer(args: argparse.Namespace) -> dict[str, object]:
    """The decision for parsed arguments, as the JSON object; ValueError for bad input."""
    text = args.position
    if not text:
        raise ValueError("cube needs a POSITION (a position string or an XGID)")
    cube, owner, match, score, crawford = 1, None, 0, (0, 0), False
    if ":" in text and text.count(":") != 3 or text.startswith("XGID="):
        try:
            position, info = read_xgid(text)
        except CodecError as error:
            raise ValueError(str(error)) from None
        cube, owner, match, score, crawford = (info.cube, info.cube_owner, info.match_length, info.score,
                                               info.crawford)
    else:
        position = Position.parse(text)
    if args.cube is not None:
        cube = args.cube
        owner = None if cube == 1 else owner
    if args.owner is not None:
        owner = 0 if args.owner == "w" else 1
    if args.match is not None:
        match = args.match
    if args.score is not None:
        score = _score(args.score)
    if args.crawford is not None:
        crawford = args.crawford
    _check(position, cube, owner, match, score, crawford)
    mine: Owner = "centred" if owner is None else "mine" if owner == position.turn else "theirs"
    variant = position.variant
    decision = position_decision(position, cube, mine, match, score, crawford,
                                 not match and variant.has("jacoby"), not match and variant.has("beaver"))
    return decision.as_dict()


def _check(position: Position, cube: int, owner: int | None, match: int, score: tuple[int, int],
           crawford: bool) -> None:
    if position.variant.name != "backgammon":
        raise ValueError(f"the cube is backgammon's, not {position.variant.name}'s")
    if position.winner() is not None:
        raise ValueError("the game is over in this position")
    if cube < 1 or cube & (cube - 1) or cube > position.variant.cube_limit:
        raise ValueError(f"--cube is a power of two up to {position.variant.cube_limit}, not {cube}")
    if (cube == 1) != (owner is None):
        raise ValueError("the cube is centred exactly at 1: a cube above 1 needs --owner w|b")
    if not 0 <= match <= 9999:
        raise ValueError(f"--match is 0 (money) to 9999, not {match}")
    if not match and (score != (0, 0) or crawford):
        raise ValueError("--score and --crawford need a match (--match N)")
    if match and max(score) >= match:
        raise ValueError(f"score {score[0]}-{score[1]} does not fit a match to {match}")
    if crawford and max(score) != match - 1:
        raise ValueError("the Crawford game needs a side one point away")


def cube_line(line: str | bytes | LongLine) -> str:
    """One answer line of `cube --batch` (never raises for bad input)."""
    try:
        return json.dumps(answer(_LINE_PARSER.parse_args(shlex.split(line_text(line)))))
    except (ValueError, PositionError, VariantError) as error:
        return json.dumps({"error": str(error)})


def run_cube(lines: Iterable[str | bytes | LongLine], out: TextIO) -> None:
    for line in lines:
        out.write(cube_line(line) + "\n")
        out.flush()


def show_cube(args: argparse.Namespace, out: TextIO) -> int:
    out.write(json.dumps(answer(args)) + "\n")
    return 0
