"""The engine protocol on the command line: `move`, `hint` and `eval` (see `add_commands`).

    move --level LEVEL     read `POSITION D1D2` lines; answer each with the position after
                           the chosen play (canonical, turn passed; the same position with
                           the turn passed when there is no play), or {"error": ...}
    hint POSITION D1D2 [--n N] [--deep]   the best N plays in notation with their value
    eval POSITION          the outcome estimates and the value, as JSON
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import BinaryIO, TextIO

from ..bots.analysis import hint
from ..bots.base import Bot
from ..bots.levels import DEFAULT_LEVEL, LEVELS, make_bot
from ..bots.neural import OUTCOMES, network_for
from ..dice import Roll
from ..movegen import result_positions
from ..position import Position
from .requests import LongLine, answer_line, answer_lines, request_lines

__all__ = ["add_commands", "move_line", "run", "run_move", "show_eval", "show_hint"]


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    move = commands.add_parser("move", help="engine protocol: 'POSITION D1D2' lines in, resulting positions out")
    move.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL)
    move.add_argument("--seed", default=None, help="seed for the levels that draw at random")
    hint_parser = commands.add_parser("hint", help="the best plays of a position and roll, with their value")
    hint_parser.add_argument("position")
    hint_parser.add_argument("roll")
    hint_parser.add_argument("--n", type=int, default=5, help="how many plays (default 5)")
    hint_parser.add_argument("--deep", action="store_true", help="with look-ahead over the opponent's rolls")
    evaluate = commands.add_parser("eval", help="outcome estimates of a position (side on roll), as JSON")
    evaluate.add_argument("position")


def move_line(line: bytes | str | LongLine, bot: Bot) -> str:
    """One answer line of `move` for one input line (never raises for bad input)."""
    return answer_line(line, lambda position, roll: _chosen(bot, position, roll))


def _chosen(bot: Bot, position: Position, roll: Roll) -> str:
    results = result_positions(position, roll.dice)
    return str(results[0] if len(results) == 1 else bot.choose_play(position, results))


def run_move(lines: Iterable[bytes | LongLine], out: TextIO, level: str, seed: str | None = None) -> None:
    bot = make_bot(level, seed=seed)
    answer_lines(lines, out, lambda position, roll: _chosen(bot, position, roll))


def show_hint(position_text: str, roll_text: str, count: int, deep: bool, out: TextIO) -> int:
    position = Position.parse(position_text)
    roll = Roll.parse(roll_text)
    hints = hint(position, roll.dice, count=max(1, count), deep=deep)
    width = max(len(h.play or "pass") for h in hints)
    for number, item in enumerate(hints, 1):
        loss = f"  -{item.loss:.3f}" if number > 1 else ""
        out.write(f"{number}. {item.play or 'pass':<{width}}  {item.equity:+.3f}{loss}\n")
    return 0


def show_eval(position_text: str, out: TextIO) -> int:
    position = Position.parse(position_text)
    network = network_for(position.variant.name)
    if network is None:
        raise ValueError(f"no evaluation for {position.variant.name}")
    outputs = network.value(position)
    spec = OUTCOMES[position.variant.name]
    names = ["win", *[f"win_{i + 2}x" for i in range(spec.levels)], *[f"lose_{i + 2}x" for i in range(spec.levels)]]
    if spec.checker_share:
        names += ["win_checkers_share", "lose_checkers_share"]
    answer = {
        "position": str(position),
        "side": "wb"[position.turn],
        "outputs": {name: round(value, 6) for name, value in zip(names, outputs, strict=True)},
        "equity": round(spec.equity(outputs), 6),
    }
    out.write(json.dumps(answer) + "\n")
    return 0


def run(args: argparse.Namespace, stdin: BinaryIO, out: TextIO) -> int:
    if args.command == "move":
        run_move(request_lines(stdin), out, args.level, args.seed)
        return 0
    if args.command == "hint":
        return show_hint(args.position, args.roll, args.n, args.deep, out)
    return show_eval(args.position, out)
