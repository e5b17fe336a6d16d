"""The session's dice: proven dice (nardcore.fairdice, docs/fair-dice.md), or a test sequence set
by the page's query (`?dice=`), counted so that a reload can resume the same sequence.
"""

from __future__ import annotations

from nardcore.dice import DiceSource, SystemDice
from nardcore.fairdice import FairDice

from .inputs import UIError, parse_dice_spec


class CountingDice:
    """A dice source that counts the dice it gave, so a reload can resume the same sequence.
    Without test dice its rolls come from `fair`, the game's or match's proven dice, which a new
    game replaces (`prove_anew`); the games hold this object, so they roll from the new one."""

    def __init__(self, spec: str | None) -> None:
        self.spec = spec
        self.drawn = 0
        self.fair: FairDice | None = FairDice() if spec is None else None
        self._source: DiceSource = self.fair if self.fair is not None else parse_dice_spec(spec or "")

    def prove_anew(self, begins: int = 0, fair: FairDice | None = None) -> None:
        """A new proof for a new library entry (`begins`: its record's rolls made before it), or
        `fair` as saved; test dice stay as they are."""
        if self.spec is None:
            self.fair = fair if fair is not None else FairDice(begins)
            self._source = self.fair

    def by_hand(self, entered: list[int]) -> None:
        """Every roll entered by hand: the dice come from `entered` (the session's), in order."""
        self.fair = None
        self._source = HandDice(entered)

    def unproven(self) -> None:
        """A game saved before proven dice plays on as it was, with the system's dice."""
        if self.spec is None:
            self.fair = None
            self._source = SystemDice()

    def die(self) -> int:
        self.drawn += 1
        return self._source.die()

    def skip(self, count: int) -> None:
        for _ in range(count):
            self.die()


class HandDice:
    """Dice entered by hand (a real board's dice): taken from the front of `entered`, which the
    person fills before each roll; none there is a roll not entered yet."""

    def __init__(self, entered: list[int]) -> None:
        self.entered = entered

    def die(self) -> int:
        if not self.entered:
            raise UIError("enter the roll first", why="why.hand_dice")
        return self.entered.pop(0)
