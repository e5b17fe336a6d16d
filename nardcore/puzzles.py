"""The puzzles shipped with the app: positions of strong self-play where the best play is
clearly better than the second by rollouts (made by `python -m train.puzzles GAME`; the method
and the ratings: docs/puzzles.md).

A puzzle is a position, its side on roll to play, a roll, the best play, a difficulty rating
and its themes, with the plays rolled out (best first), so that any answer can be graded by the
equity it gives up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .position import Position
from .shipped import ShippedJSON
from .variant import VARIANT_NAMES

__all__ = ["THEMES", "Puzzle", "PuzzlePlay", "puzzle_by_id", "puzzles"]

# What a puzzle may be about (docs/puzzles.md says when each is given).
THEMES = ("hitting", "safety", "priming", "points", "head", "bearing_off", "racing")


@dataclass(frozen=True)
class PuzzlePlay:
    play: str  # in the app's notation, the mover's numbering
    result: Position
    equity: float  # rolled out, for the side that plays it, in the game's points
    behind: float  # how far behind the best (0 for the best)


@dataclass(frozen=True)
class Puzzle:
    id: str
    position: Position
    dice: tuple[int, int]  # higher die first
    rating: int
    themes: tuple[str, ...]
    plays: tuple[PuzzlePlay, ...]  # rolled out, best first

    @property
    def best(self) -> str:
        return self.plays[0].play

    def to_dict(self) -> dict[str, Any]:
        """The line `python -m nardcore puzzles` prints for this puzzle."""
        return {"id": self.id, "position": self.position.format(), "dice": f"{self.dice[0]}{self.dice[1]}",
                "best": self.best, "rating": self.rating, "themes": list(self.themes)}


def _puzzle(data: dict[str, Any]) -> Puzzle:
    high, low = (int(digit) for digit in data["dice"])
    plays = tuple(PuzzlePlay(item["play"], Position.parse(item["result"]), float(item["equity"]),
                             float(item["behind"])) for item in data["plays"])
    return Puzzle(str(data["id"]), Position.parse(data["position"]), (high, low), int(data["rating"]),
                  tuple(data["themes"]), plays)


_SHIPPED = ShippedJSON("puzzles-")  # read at import: see nardcore/shipped.py


@cache
def puzzles(variant_name: str) -> tuple[Puzzle, ...]:
    """A game's puzzles in their shipped order (none for a game with none shipped)."""
    data = _SHIPPED.read(variant_name)
    if data is None:
        return ()
    return tuple(_puzzle(item) for item in data["puzzles"])


@cache
def _by_id() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for name in VARIANT_NAMES for puzzle in puzzles(name)}


def puzzle_by_id(puzzle_id: str) -> Puzzle | None:
    """The puzzle with this id (`#puzzle=ID` links), or None."""
    return _by_id().get(puzzle_id)
