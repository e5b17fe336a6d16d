"""Plays as objects: what a whole turn does, and the legal plays of a roll as a collection.

>>> from nardcore.position import Position
>>> start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
>>> plays = LegalPlays(start, (3, 1))
>>> len(plays), "8/5 6/5" in plays
(16, True)
>>> play = plays["8/5 6/5"]
>>> play
Play.parse(Position.parse('backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5'), (3, 1), '8/5 6/5')
>>> play.result in plays, str(play), play.dice
(True, '8/5 6/5', (3, 1))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .movegen import Step, legal_plays
from .notation import format_play, parse_play
from .position import Position


@dataclass(frozen=True)
class Play:
    """One whole turn: from `position` with `dice`, the `steps` played, reaching `result`
    (turn passed). No steps: the pass of a roll that has no legal play."""

    position: Position
    dice: tuple[int, int]
    steps: tuple[Step, ...]
    result: Position

    @property
    def notation(self) -> str:
        """The play as docs/RULES.md writes it ("24/18 13/11"; "" for a pass)."""
        return format_play(self.position, self.steps)

    @classmethod
    def parse(cls, position: Position, dice: tuple[int, int], text: str) -> Play:
        """The legal play `text` names (NotationError when none, or more than one, does)."""
        return LegalPlays(position, dice)[text]

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Play.parse({self.position!r}, {self.dice!r}, {self.notation!r})"


class LegalPlays:
    """The legal plays of one roll: iterate them (as `Play`s), ask `len`, and test or look up a
    play by its result position, its notation, or a `Play`. With no legal play it is empty and
    `pass_play` is the pass."""

    def __init__(self, position: Position, dice: tuple[int, int]) -> None:
        self.position = position
        self.dice = (int(dice[0]), int(dice[1]))
        self._steps = legal_plays(position, self.dice)

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Play]:
        for result, steps in self._steps.items():
            yield Play(self.position, self.dice, steps, result)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Play):
            return item.position == self.position and item.dice == self.dice and item.result in self._steps
        if isinstance(item, Position):
            return item in self._steps
        if isinstance(item, str):
            try:
                return parse_play(self.position, self.dice, item) in self._steps
            except ValueError:
                return False
        return False

    def __getitem__(self, key: Position | str) -> Play:
        """The play with this result or notation; KeyError for a result no play reaches, and
        NotationError (with the reason) for text that names no single legal play."""
        result = parse_play(self.position, self.dice, key) if isinstance(key, str) else key
        steps = self._steps.get(result)
        if steps is None:
            raise KeyError(result)
        return Play(self.position, self.dice, steps, result)

    @property
    def pass_play(self) -> Play | None:
        """The pass, when no play is legal (else None)."""
        return None if self._steps else Play(self.position, self.dice, (), self.position.pass_turn())

    def results(self) -> list[Position]:
        return list(self._steps)

    def __repr__(self) -> str:
        return f"LegalPlays({self.position!r}, {self.dice!r})"
