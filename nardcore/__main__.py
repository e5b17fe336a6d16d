"""The command line: `python -m nardcore plays|show|play …` (see `--help`).

    move --level LEVEL     engine protocol: `POSITION D1D2` lines in, chosen results out
    hint POSITION ROLL     the best plays with their value;  eval POSITION: estimates as JSON
    plays --batch          read `POSITION D1D2` lines, write one JSON array of results per line
    plays POSITION ROLL    the legal plays in notation, with their results
    show POSITION          the position as a text board
    play VARIANT [--seed N] [--black]   a game in the terminal against the heuristic bot
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from .bots import HeuristicBot, act
from .bots import cli as engine_cli
from .dice import Roll, SeededDice, SystemDice
from .game import Game, GameError
from .gamedata import event_text
from .movegen import result_positions
from .notation import format_play, play_texts
from .position import Position, PositionError
from .textboard import render
from .variant import VARIANT_NAMES, VariantError, find_variant

MAX_LINE = 2000  # a batch line longer than this is certainly not a position and a roll


def batch_line(line: str | bytes) -> str:
    """One answer line of `plays --batch` (docs/RULES.md §1) for one input line (text or bytes)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError:
            return json.dumps({"error": "the line is not UTF-8 text"})
    text = line.strip()
    try:
        if len(text) > MAX_LINE:
            raise ValueError(f"line too long ({len(text)} characters)")
        parts = text.split()
        if len(parts) != 2:
            raise ValueError(f"expected 'POSITION D1D2', got {text[:200]!r}")
        position = Position.parse(parts[0])
        roll = Roll.parse(parts[1])
        # a set: two step orders may end in one position, and each result is listed once
        results = sorted({str(p) for p in result_positions(position, (roll.high, roll.low))})
        return json.dumps(results)
    except ValueError as error:  # NardError and the length and shape checks above
        return json.dumps({"error": str(error)})


def run_batch(lines: Iterable[str | bytes], out: TextIO) -> None:
    for line in lines:
        out.write(batch_line(line) + "\n")
        out.flush()  # a caller may wait for each answer before sending the next line


def show_plays(position_text: str, roll_text: str, out: TextIO) -> int:
    position = Position.parse(position_text)
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


def play_game(variant: str, seed: int | None, human: int, inp: TextIO, out: TextIO) -> int:
    """A game against the heuristic bot; the human types plays in notation."""
    dice = SeededDice(seed) if seed is not None else SystemDice()
    game = Game(variant, dice)
    bot = HeuristicBot()
    names = {human: "you", 1 - human: "bot"}
    seen = 0
    shown = -1  # history length when the board was last drawn

    def report() -> None:
        nonlocal seen
        for event in game.history[seen:]:
            side = event.get("side")
            who = names[0 if side == "w" else 1] if side else ""
            out.write(f"{who + ': ' if who else ''}{event_text(event, side_prefix=False)}\n")
        seen = len(game.history)

    out.write(f"{game.variant.title}: you play {'white' if human == 0 else 'black'}. "
              "Type plays like 24/18 13/11; 'plays' lists them, 'hint' suggests one, 'quit' ends.\n")
    while not game.over:
        side = game.to_act
        if side != human:
            act(game, bot)
            report()
            continue
        if game.phase in ("opening", "roll"):
            game.roll()
            report()
            continue
        if game.phase == "cube":
            answer = _ask(inp, out, "double or roll? [d/r] ", ("d", "double", "r", "roll", "quit"))
            if answer is None or answer == "quit":
                return 0
            if answer.startswith("d"):
                game.double()
            else:
                game.roll()
            report()
            continue
        if game.phase == "take":
            prompt = f"the bot doubles to {game.cube_value * 2}: take or drop? [t/d] "
            answer = _ask(inp, out, prompt, ("t", "take", "d", "drop", "quit"))
            if answer is None or answer == "quit":
                return 0
            if answer.startswith("t"):
                game.take()
            else:
                game.drop()
            report()
            continue
        if shown != len(game.history):
            out.write(render(game.position, human) + "\n")
            shown = len(game.history)
        assert game.dice is not None
        plays = {result: format_play(game.position, steps) for result, steps in game.plays().items()}
        if not plays:
            out.write(f"you rolled {game.dice}: no legal play, the turn passes\n")
            game.confirm()
            report()
            continue
        answer = _ask(inp, out, f"you rolled {game.dice}, your play: ")
        if answer is None or answer == "quit":
            return 0
        if answer == "plays":
            out.write("  " + "\n  ".join(sorted(plays.values())) + "\n")
            continue
        if answer == "hint":
            best = bot.rank(game.position, game.plays())[:3]
            out.write("  " + "\n  ".join(plays.get(result, str(result)) for _, result in best) + "\n")
            continue
        try:
            game.play(answer)
        except GameError as error:
            out.write(f"{error}\n")
            continue
        report()
    assert game.result is not None
    out.write(render(game.position, human) + "\n")
    result = game.result
    if result.winner is None:
        out.write("the game is a draw\n")
    else:
        plural = "s" if result.points != 1 else ""
        out.write(f"{names[result.winner]} won: {result.kind}, {result.points} point{plural}\n")
    return 0


def _ask(inp: TextIO, out: TextIO, prompt: str, choices: tuple[str, ...] = ()) -> str | None:
    """The answer, lower case; None at the end of input. With `choices`, asks until one is given."""
    while True:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return None
        answer = line.strip().lower()
        if not choices or answer in choices:
            return answer
        out.write(f"please answer one of: {', '.join(choices)}\n")


def main(argv: list[str] | None = None) -> int:
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
    engine_cli.add_commands(commands)
    args = parser.parse_args(argv)
    try:
        if args.command in ("move", "hint", "eval"):
            return engine_cli.run(args, sys.stdin.buffer, sys.stdout)
        if args.command == "plays":
            if args.batch:
                if args.position or args.roll:
                    parser.error("--batch reads from stdin and takes no position")
                run_batch(sys.stdin.buffer, sys.stdout)  # bytes: one bad line must not stop the batch
                return 0
            if not (args.position and args.roll):
                parser.error("plays needs POSITION and ROLL (or --batch)")
            return show_plays(args.position, args.roll, sys.stdout)
        if args.command == "show":
            sys.stdout.write(render(Position.parse(args.position)) + "\n")
            return 0
        find_variant(args.variant)
        return play_game(args.variant, args.seed, 1 if args.black else 0, sys.stdin, sys.stdout)
    except (PositionError, VariantError, ValueError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
