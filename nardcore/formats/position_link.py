"""A position a person can write, as the app's `#p=` links carry it, with what may go beside it.

The fields: `p=POSITION` (the position string of docs/RULES.md §1), `dice=D1D2` (a roll
already thrown), `cube=N&owner=w|b` (games with a cube), `score=W-B&length=N` (a position
from a match), `crawford=1` (its Crawford game). Read strictly: `CodecError` (or
`PositionError` for the position string) says what is wrong.

>>> link = read_position_link({"p": "backgammon:w:6x2:1x2", "dice": "52", "cube": "2", "owner": "b"})
>>> link.dice, link.cube, link.cube_owner
((5, 2), 2, 1)
>>> game = link.game()
>>> game.phase, game.dice
('move', Roll(high=5, low=2))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..dice import DiceSource
from ..errors import quoted
from ..game import Game
from ..position import SIDE_LETTERS, Position
from . import CodecError

__all__ = ["PositionLink", "read_position_link"]


@dataclass(frozen=True)
class PositionLink:
    """What a `#p=` link describes: a position, and the dice, cube and match around it."""

    position: Position
    dice: tuple[int, int] | None = None
    cube: int = 1
    cube_owner: int | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    def game(self, dice: DiceSource | None = None) -> Game:
        """A game set up at the position, the dice already thrown if the link gives them;
        GameError when the settings do not fit together (a score beyond the length)."""
        game = Game(self.position.variant, dice, position=self.position, match_length=self.match_length,
                    score=self.score, cube=self.cube, cube_owner=self.cube_owner, crawford=self.crawford)
        if self.dice is not None:
            game.roll(self.dice)  # thrown already: no double before it
        return game


def read_position_link(fields: Mapping[str, str]) -> PositionLink:
    """The link's `p` field and the fields that may go with it (each missing one at its default)."""
    position = Position.parse(fields["p"])
    variant = position.variant
    roll = fields.get("dice")
    if roll is not None and not re.fullmatch(r"[1-6][1-6]", roll):
        raise CodecError(f"dice are two digits 1..6 like 52, not {quoted(roll)}")
    cube_text, owner_text = fields.get("cube", "1"), fields.get("owner")
    if not re.fullmatch(r"[1-9][0-9]{0,4}", cube_text):
        raise CodecError(f"the cube is a number like 2, not {quoted(cube_text)}")
    cube = int(cube_text)
    if (cube != 1 or owner_text is not None) and not variant.cube:
        raise CodecError(f"{variant.name} has no cube")
    if owner_text not in (None, "w", "b") or (cube == 1) != (owner_text is None):
        raise CodecError("the owner is w or b, and only a turned cube (2 or more) has one")
    length_text, score_text = fields.get("length"), fields.get("score")
    if (length_text is None) != (score_text is None):
        raise CodecError("a match position needs both score=W-B and length=N")
    length, score = 0, (0, 0)
    if length_text is not None and score_text is not None:
        found = re.fullmatch(r"(\d{1,3})-(\d{1,3})", score_text)
        if not re.fullmatch(r"[1-9]\d{0,2}", length_text) or found is None:
            raise CodecError("score is W-B and length N, like score=2-1&length=5")
        length, score = int(length_text), (int(found.group(1)), int(found.group(2)))
    crawford_text = fields.get("crawford")
    if crawford_text not in (None, "1"):
        raise CodecError(f"crawford=1 marks the Crawford game, not {quoted(crawford_text or '')}")
    return PositionLink(
        position,
        dice=None if roll is None else (int(roll[0]), int(roll[1])),
        cube=cube,
        cube_owner=None if owner_text is None else SIDE_LETTERS.index(owner_text),
        match_length=length,
        score=score,
        crawford=crawford_text == "1",
    )
