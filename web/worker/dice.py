"""The session's dice: the system's, or a test sequence set by the page's query (`?dice=`),
counted so that a reload can resume the same sequence.
"""

from __future__ import annotations

from nardcore.dice import DiceSource, SystemDice

from .inputs import parse_dice_spec


class CountingDice:
    """A dice source that counts the dice it gave, so a reload can resume the same sequence."""

    def __init__(self, spec: str | None) -> None:
        self.spec = spec
        self.drawn = 0
        self._source: DiceSource = SystemDice() if spec is None else parse_dice_spec(spec)

    def die(self) -> int:
        self.drawn += 1
        return self._source.die()

    def skip(self, count: int) -> None:
        for _ in range(count):
            self.die()

