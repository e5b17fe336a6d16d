"""The engine protocol on the command line: `move`, `hint` and `eval` (see `add_commands`).

    move --level LEVEL     read `POSITION D1D2` lines; answer each with the position after
                           the chosen play (canonical, turn passed; the same position with
                           the turn passed when there is no play), or {"error": ...}
    hint POSITION D1D2 [--n N] [--deep]   the best N plays in notation with their value
    eval POSITION          the outcome estimates and the value, as JSON
    rollout POSITION [D1D2] [--games N] [--level L] [--plays K] [--seed S] [--json]
                           the position (or the roll's best K plays) played out N times
                           (nardcore.bots.rollout): outcomes, equity and its 95% interval;
                           progress on stderr, Ctrl-C stops with the figures so far
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from typing import BinaryIO, TextIO

from ..bots.analysis import hint
from ..bots.base import Bot
from ..bots.levels import DEFAULT_LEVEL, LEVELS, make_bot
from ..bots.neural import OUTCOMES, network_for
from ..bots.rollout import Rollout, candidate_plays, outcome_names, rollout_steps
from ..dice import Roll
from ..movegen import result_positions
from ..position import Position
from .requests import LongLine, answer_line, answer_lines, request_lines

__all__ = ["add_commands", "move_line", "run", "run_move", "show_eval", "show_hint", "show_rollout"]


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
    roll_out = commands.add_parser("rollout", help="play a position (or a roll's best plays) out many times")
    roll_out.add_argument("position")
    roll_out.add_argument("roll", nargs="?", help="D1D2: roll out the best plays of this roll")
    roll_out.add_argument("--games", type=int, default=144, help="games per position or play (default 144)")
    roll_out.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL, help="who plays both sides")
    roll_out.add_argument("--plays", type=int, default=5, help="with a roll: how many of its best plays (default 5)")
    roll_out.add_argument("--seed", type=int, default=1, help="the dice's seed (default 1)")
    roll_out.add_argument("--json", action="store_true", help="one JSON object per position or play")


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


PROGRESS_EVERY = 0.5  # seconds between two progress lines on stderr


def show_rollout(position_text: str, roll_text: str | None, games: int, level: str, plays: int, seed: int,
                 as_json: bool, out: TextIO, err: TextIO) -> int:
    """Roll out, a progress line on `err` now and then, the figures on `out` (Ctrl-C: so far)."""
    position = Position.parse(position_text)
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    candidates = candidate_plays(position, Roll.parse(roll_text).dice, plays) if roll_text else None
    found: list[Rollout] = []
    done = total = 0
    stopped = False
    shown = time.monotonic()
    try:
        for done, total, found in rollout_steps(position, candidates, games, level, seed):
            if time.monotonic() - shown >= PROGRESS_EVERY or done == total:
                shown = time.monotonic()
                err.write(f"rollout: {done}/{total} games\n")
                err.flush()
    except KeyboardInterrupt:
        stopped = True
        err.write(f"rollout: stopped after {done}/{total} games\n")
    if not found:
        return 1
    names = outcome_names(position.variant.name)
    for number, figures in enumerate(found, 1):
        if as_json:
            out.write(json.dumps({"position": str(position), "level": level, "stopped": stopped,
                                  **figures.to_dict()}) + "\n")
            continue
        label = f"{number}. {figures.play or 'pass'}  " if candidates is not None else ""
        chances = "  ".join(f"{name} {value:.3f}" for name, value in zip(names, figures.outcomes, strict=True))
        out.write(f"{label}{figures.equity:+.3f} [{figures.low:+.3f}, {figures.high:+.3f}]  "
                  f"{chances}  ({figures.games} games)\n")
    return 0


def run(args: argparse.Namespace, stdin: BinaryIO, out: TextIO) -> int:
    if args.command == "move":
        run_move(request_lines(stdin), out, args.level, args.seed)
        return 0
    if args.command == "hint":
        return show_hint(args.position, args.roll, args.n, args.deep, out)
    if args.command == "rollout":
        return show_rollout(args.position, args.roll, args.games, args.level, args.plays, args.seed, args.json, out,
                            sys.stderr)
    return show_eval(args.position, out)
