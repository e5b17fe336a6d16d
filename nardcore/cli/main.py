"""`python -m nardcore`: the arguments of every command, and which module answers them."""

from __future__ import annotations

import argparse
import os
import sys

from ..position import Position, PositionError
from ..textboard import render
from ..variant import VARIANT_NAMES, VariantError, find_variant
from . import cube, engine, study
from .dicecheck import run_verify
from .requests import request_lines
from .rules import run_batch, show_plays
from .terminal import play_game

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Run one command; the exit code. A reader that stops reading (`... | head -1`) ends the
    run quietly: no traceback for the broken pipe, the exit code 1 Python gives it."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # the rest of the output goes nowhere, so that writing it at exit raises nothing either
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nardcore", description="Backgammon-family rules from the command line."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    plays = commands.add_parser("plays", help="legal plays of a position and roll")
    plays.add_argument("--batch", action="store_true", help="read 'POSITION D1D2' lines from stdin, answer JSON lines")
    plays.add_argument("position", nargs="?")
    plays.add_argument("roll", nargs="?")
    show = commands.add_parser("show", help="draw a position as text")
    show.add_argument("position")
    game = commands.add_parser("play", help="play against the heuristic bot in the terminal")
    game.add_argument("variant", help=f"one of {', '.join(VARIANT_NAMES)}, options joined with '+'")
    game.add_argument("--seed", type=int, default=None, help="seed the dice, for a game that replays exactly")
    game.add_argument("--black", action="store_true", help="play black (white otherwise)")
    check = commands.add_parser("verify-dice", help="check the rolls of an exported game against its dice proof")
    check.add_argument("file", help="the app's export of a game (JSON) or a .mat record with the dice comments")
    engine.add_commands(commands)
    study.add_commands(commands)
    cube.add_command(commands)
    args = parser.parse_args(argv)
    try:
        if args.command in ("move", "hint", "eval", "rollout"):
            return engine.run(args, sys.stdin.buffer, sys.stdout)
        if args.command in study.COMMANDS:
            return study.run(args, sys.stdout)
        if args.command == "cube":
            if args.batch:
                if args.position:
                    parser.error("--batch reads from stdin and takes no position")
                cube.run_cube(request_lines(sys.stdin.buffer), sys.stdout)
                return 0
            return cube.show_cube(args, sys.stdout)
        if args.command == "plays":
            if args.batch:
                if args.position or args.roll:
                    parser.error("--batch reads from stdin and takes no position")
                run_batch(request_lines(sys.stdin.buffer), sys.stdout)  # bytes: one bad line must not stop the batch
                return 0
            if not (args.position and args.roll):
                parser.error("plays needs POSITION and ROLL (or --batch)")
            return show_plays(args.position, args.roll, sys.stdout)
        if args.command == "verify-dice":
            return run_verify(args.file, sys.stdout, sys.stderr)
        if args.command == "show":
            sys.stdout.write(render(Position.parse(args.position)) + "\n")
            return 0
        find_variant(args.variant)
        return play_game(args.variant, args.seed, 1 if args.black else 0, sys.stdin, sys.stdout)
    except (PositionError, VariantError, ValueError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
