"""The study data on the command line, one JSON object a line, for others to check:
`openings GAME` (the opening book) and `puzzles GAME` (the puzzles shipped with the app)."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..books import book_entries
from ..puzzles import puzzles
from ..variant import VARIANT_NAMES

__all__ = ["add_commands", "run"]

COMMANDS = ("openings", "puzzles")


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    openings = commands.add_parser("openings", help="the opening book of a game, one JSON object a line")
    openings.add_argument("game", choices=VARIANT_NAMES)
    shipped = commands.add_parser("puzzles", help="the puzzles of a game, one JSON object a line")
    shipped.add_argument("game", choices=VARIANT_NAMES)


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "openings":
        for entry in book_entries(args.game):
            out.write(json.dumps(entry.to_dict(), ensure_ascii=False) + "\n")
        return 0
    for puzzle in puzzles(args.game):
        out.write(json.dumps(puzzle.to_dict(), ensure_ascii=False) + "\n")
    return 0
