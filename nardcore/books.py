"""The opening books: for each opening roll of a game, the plays worth considering with their
rolled-out equity and outcome chances, and the best reply to each second roll.

The books are data shipped beside the networks (`nardcore/books/GAME.json`), made by
`python -m train.openings GAME` (the method and the noise left: docs/openings.md). A position
and roll in the book are found by `book_entry`; the hint says "book" there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .position import Position
from .shipped import ShippedJSON
from .variant import VARIANT_NAMES, find_variant

__all__ = ["BookEntry", "BookPlay", "book_entries", "book_entry"]


@dataclass(frozen=True)
class BookPlay:
    """One play of a book entry, for the side that plays it: its cubeless equity in the game's
    points with its 95% interval, how far behind the entry's best it is (paired: the plays of an
    entry were rolled out on the same dice) and the outcome chances (`win`, `win_2x`...)."""

    play: str
    result: Position
    equity: float
    interval: float
    behind: float
    behind_interval: float
    outcomes: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"play": self.play, "equity": self.equity, "interval": self.interval, "behind": self.behind,
                "behind_interval": self.behind_interval, "outcomes": dict(self.outcomes)}


@dataclass(frozen=True)
class BookEntry:
    position: Position
    dice: tuple[int, int]  # higher die first
    games: int  # rolled out per play
    plays: tuple[BookPlay, ...]  # best first

    def to_dict(self) -> dict[str, Any]:
        """The line `python -m nardcore openings` prints for this entry."""
        return {"position": self.position.format(), "dice": f"{self.dice[0]}{self.dice[1]}", "games": self.games,
                "plays": [play.to_dict() for play in self.plays]}


def _entry(data: dict[str, Any]) -> BookEntry:
    position = Position.parse(data["position"])
    high, low = (int(digit) for digit in data["dice"])
    plays = tuple(BookPlay(item["play"], Position.parse(item["result"]), float(item["equity"]),
                           float(item["interval"]), float(item["behind"]), float(item["behind_interval"]),
                           {name: float(value) for name, value in item["outcomes"].items()})
                  for item in data["plays"])
    return BookEntry(position, (high, low), int(data["games"]), plays)


_SHIPPED = ShippedJSON()  # read at import: see nardcore/shipped.py


@cache
def book_entries(variant_name: str) -> tuple[BookEntry, ...]:
    """A game's book in its order: each opening roll, followed by the replies to its best play.
    Empty for a game with no book shipped, or for a variant token with rule options (the book
    was rolled out with the game's standard rules)."""
    if variant_name not in VARIANT_NAMES:
        find_variant(variant_name)  # a misspelt name is refused; a token with options has no book
        return ()
    data = _SHIPPED.read(variant_name)
    if data is None:
        return ()
    return tuple(_entry(item) for item in data["entries"])


Key = tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]


def _key(position: Position, dice: tuple[int, int]) -> Key:
    """The same for either colour on roll: the book is rolled out with white to play first."""
    return position.mover, position.opponent, (max(dice), min(dice))


@cache
def _index(variant_name: str) -> dict[Key, BookEntry]:
    return {_key(entry.position, entry.dice): entry for entry in book_entries(variant_name)}


def book_entry(position: Position, dice: tuple[int, int]) -> BookEntry | None:
    """The book's entry for this position (its side on roll to play, either colour) and roll,
    if there is one. Its plays are written in the mover's numbering, the same for either colour."""
    return _index(position.variant.token).get(_key(position, dice))
