"""The position editor: checkers placed, moved and taken away by hand, the side on roll, the
dice, the cube and a match score. A set-up that breaks the rules is kept as it is and each
problem is named (`problems`); only a set-up without any can be played or shared, and then
through the same reader as a `#p=` link (links.linked_game), so the same checks apply.

Checkers keep their ids (web/worker/layout.py) so the board can animate them. A side's tray holds the
checkers it has not placed: 15 minus those on the board, never fewer than none. A checker
placed from an empty tray is a sixteenth one, which the set-up then reports.

>>> editor = Editor.from_position(Position.start("narde"))
>>> editor.place("13"), editor.problems(False)[0]["key"]
(True, 'too_many')
>>> editor.remove("13"), editor.problems(False), editor.text()
(True, [], 'narde:w:24x15:24x15')
"""

from __future__ import annotations

import itertools
import re
import urllib.parse
from dataclasses import dataclass, field
from typing import Any, cast

from nardcore.game import Game
from nardcore.movegen import illegal_block
from nardcore.position import SIDE_LETTERS, WHITE, Position, PositionError, format_side
from nardcore.variant import BAR, CHECKERS, HEAD, OFF, Variant, VariantError, find_variant

from .dice import CountingDice
from .inputs import UIError
from .layout import POINT_IDS, Layout
from .links import linked_game
from .reasons import reason
from .settings import OPPONENTS
from .viewmodel import SIDES, EditorForm, EditorProblem

TOOLS = ("w", "b", "remove")
MAX_LENGTH = 999
ROLL = re.compile(r"[1-6][1-6]")


def _side_of(checker: str) -> int:
    return SIDE_LETTERS.index(checker[0])


@dataclass
class Editor:
    """A set-up under way: where each checker stands and what goes with the position."""

    variant: Variant
    stacks: dict[str, list[str]]  # point id -> checker ids, bottom first; "off-w"/"off-b": the trays
    turn: int = WHITE
    tool: str = "w"  # what a click on a point does: add a white or black checker, or take one away
    dice: str = ""  # "" (not rolled) or two digits, "52"
    cube: int = 1
    owner: str = ""  # "" (centred), "w" or "b"
    length: int = 0  # 0: a single game
    score: list[int] = field(default_factory=lambda: [0, 0])
    crawford: bool = False  # backgammon: the match's Crawford game (no double in it)
    opponent: str = "human"

    @classmethod
    def from_position(cls, position: Position) -> Editor:
        return cls(position.variant, dict(Layout(position).stacks), turn=position.turn)

    @classmethod
    def from_game(cls, game: Game, opponent: str) -> Editor:
        """The game on the board as it stands (a turn under way is left out; its roll is kept)."""
        editor = cls.from_position(game.position)
        if game.dice is not None:  # rolled, not yet played
            editor.dice = f"{game.dice.dice[0]}{game.dice.dice[1]}"
        if game.cube_owner is not None:
            editor.cube, editor.owner = game.cube_value, SIDE_LETTERS[game.cube_owner]
        if game.match_length:
            editor.length, editor.score = game.match_length, list(game.score)
        editor.crawford = game.crawford
        editor.opponent = opponent if opponent in OPPONENTS else "human"
        return editor

    # -- the checkers -------------------------------------------------------------------------

    def on_board(self, side: int) -> int:
        letter = SIDE_LETTERS[side]
        return sum(1 for where, ids in self.stacks.items() if not where.startswith("off-")
                   for checker in ids if checker[0] == letter)

    def place(self, where: str) -> bool:
        """The tool at a point: a checker of the tool's colour onto it (a bar half takes its
        own colour), or the top one off it. False when nothing changed."""
        where = read_point(where)
        if where.startswith("off-"):
            return False
        if self.tool == "remove":
            return self.remove(where)
        side = SIDE_LETTERS.index(where[4]) if where.startswith("bar-") else SIDE_LETTERS.index(self.tool)
        self.stacks.setdefault(where, []).append(self._take_from_tray(side))
        return True

    def remove(self, where: str) -> bool:
        """The top checker of a point back into its owner's tray."""
        where = read_point(where)
        stack = self.stacks.get(where)
        if where.startswith("off-") or not stack:
            return False
        checker = stack.pop()
        self._to_tray(checker)
        return True

    def move(self, origin: str, target: str) -> bool:
        """The top checker of `origin` to `target`: onto a point, onto its own bar half (any bar
        half), into its own tray (any tray: taken off the board). From a tray: placed."""
        origin, target = read_point(origin), read_point(target)
        stack = self.stacks.get(origin)
        if origin == target or not stack:
            return False
        if origin.startswith("off-") and target.startswith("off-"):
            return False
        checker = stack.pop()
        letter = checker[0]
        if target.startswith("off-"):
            self._to_tray(checker)
            return True
        if target.startswith("bar-"):
            target = f"bar-{letter}"
        self.stacks.setdefault(target, []).append(checker)
        return True

    def _take_from_tray(self, side: int) -> str:
        tray = self.stacks.setdefault(f"off-{SIDE_LETTERS[side]}", [])
        if tray:
            return tray.pop()
        letter = SIDE_LETTERS[side]
        used = {checker for ids in self.stacks.values() for checker in ids}
        number = next(n for n in itertools.count() if f"{letter}{n}" not in used)
        return f"{letter}{number}"

    def _to_tray(self, checker: str) -> None:
        """Into its tray, unless the side has fifteen on the board already (a sixteenth goes)."""
        side = _side_of(checker)
        if self.on_board(side) < CHECKERS:
            self.stacks.setdefault(f"off-{checker[0]}", []).append(checker)

    def clear(self) -> None:
        """Every checker in its tray."""
        self.stacks = {f"off-{letter}": [f"{letter}{n}" for n in range(CHECKERS)] for letter in SIDE_LETTERS}

    def start(self) -> None:
        """The variant's starting position, the side on roll kept."""
        self.stacks = dict(Layout(Position.start(self.variant)).stacks)

    # -- what goes with the position --------------------------------------------------------------

    def set(self, name: Any, value: Any) -> None:
        """One field of the form; a value the form never sends raises UIError (nothing changes).
        Values the form does send but the rules refuse (a score past the length, an owner of a
        centred cube) are kept and reported by `problems`."""
        if name == "tool" and value in TOOLS:
            self.tool = value
        elif name == "turn" and value in ("w", "b"):  # not `in SIDE_LETTERS`: "" and "wb" are in that string
            self.turn = SIDE_LETTERS.index(value)
        elif name == "variant" and isinstance(value, str) and len(value) <= 120:
            try:
                self.variant = find_variant(value)
            except VariantError as error:
                raise UIError(str(error)) from None
            if not self.variant.cube:
                self.cube, self.owner, self.crawford = 1, "", False  # the form shows no cube for this game
        elif name == "dice" and isinstance(value, str) and (value == "" or ROLL.fullmatch(value)):
            self.dice = value
        elif name == "cube" and _whole(value, 1, 1 << 16) and value & (value - 1) == 0:
            self.cube = value
        elif name == "owner" and value in ("", "w", "b"):
            self.owner = value
        elif name == "crawford" and isinstance(value, bool):
            self.crawford = value
        elif name == "opponent" and value in OPPONENTS:
            self.opponent = value
        elif name == "length" and _whole(value, 0, MAX_LENGTH):
            self.length = value
        elif name in ("score_w", "score_b") and _whole(value, 0, MAX_LENGTH):
            self.score["wb".index(name[-1])] = value
        else:
            raise UIError(f"the editor has no setting {str(name)[:40]!r} with the value {str(value)[:40]!r}")

    def load(self, text: Any) -> None:
        """A position string typed or pasted in; raises PositionError (nothing changes)."""
        if not isinstance(text, str) or len(text) > 400:
            raise PositionError("a position string is text of at most 400 characters")
        position = Position.parse(text)
        self.variant, self.turn = position.variant, position.turn
        self.stacks = dict(Layout(position).stacks)
        if not self.variant.cube:
            self.cube, self.owner, self.crawford = 1, "", False

    # -- the position and what is wrong with it -------------------------------------------------

    def counts(self, side: int) -> list[int]:
        """A side's 26 slots in its own numbering (0 off, 25 bar), without the 15 limit."""
        letter = SIDE_LETTERS[side]
        slots = [0] * 26
        for where, ids in self.stacks.items():
            mine = sum(1 for checker in ids if checker[0] == letter)
            if not mine or where.startswith("off-"):
                continue
            if where.startswith("bar-"):
                slots[BAR] += mine
            else:
                slots[int(where) if side == WHITE else self.variant.opponent_point(int(where))] += mine
        slots[OFF] = max(0, CHECKERS - sum(slots[1:]))
        return slots

    def text(self) -> str:
        """The position string (docs/RULES.md §1), whatever is wrong with it."""
        sides = [format_side(tuple(self.counts(side))) for side in (0, 1)]
        return f"{self.variant.token}:{SIDE_LETTERS[self.turn]}:{sides[0]}:{sides[1]}"

    def fields(self) -> dict[str, str]:
        """The set-up as the fields of a `#p=` link."""
        fields = {"p": self.text()}
        if self.dice:
            fields["dice"] = self.dice
        if self.owner:  # a turned cube (`problems` sees that the cube and its owner go together)
            fields["cube"], fields["owner"] = str(self.cube), self.owner
        if self.length:
            fields["score"] = f"{self.score[0]}-{self.score[1]}"
            fields["length"] = str(self.length)
        if self.crawford:
            fields["crawford"] = "1"
        if self.opponent == "computer":
            fields["vs"] = "computer"
        return fields

    def fragment(self) -> str:
        return "&".join(f"{name}={urllib.parse.quote(value, safe=':,-')}" for name, value in self.fields().items())

    def problems(self, flipped: bool) -> list[dict[str, Any]]:
        """What keeps this set-up from being played, each as an i18n key (`edit.problem.KEY`)
        with its arguments; points are named as the board labels them (`flipped`: from Black's
        side). Empty: the set-up can be played."""
        found = self._layout_problems(flipped)
        if found:
            return found  # the position string cannot be read: nothing more can be said
        try:
            position = Position.parse(self.text())
        except PositionError as error:  # a check of the core's this editor does not make itself
            return [_problem("core", error=reason(error))]
        found = self._reach_problems(position, flipped)
        found += self._form_problems()
        if found:
            return found
        try:
            linked_game(self.fields(), CountingDice(None))
        except (UIError, ValueError) as error:
            found.append(_problem("core", error=reason(error)))
        return found

    def _label(self, point: int, flipped: bool) -> int:
        """White's point as the board draws its number."""
        return self.variant.opponent_point(point) if flipped else point

    def _layout_problems(self, flipped: bool) -> list[dict[str, Any]]:
        found = []
        for side in (0, 1):
            count = self.on_board(side)
            if count > CHECKERS:
                found.append(_problem("too_many", side=SIDE_LETTERS[side], count=count))
        for point in range(1, 25):
            sides = {checker[0] for checker in self.stacks.get(str(point), [])}
            if len(sides) == 2:
                found.append(_problem("mixed", point=self._label(point, flipped)))
        if not self.variant.hitting:
            for letter in SIDE_LETTERS:
                if self.stacks.get(f"bar-{letter}"):
                    found.append(_problem("bar", side=letter, variant=self.variant.name))
        return found

    def _reach_problems(self, position: Position, flipped: bool) -> list[dict[str, Any]]:
        """A side without checkers (the game would be over), and what the variant's rules keep
        any game from reaching (docs/RULES.md §4-7)."""
        variant = position.variant
        found = []
        for side in (0, 1):
            letter = SIDE_LETTERS[side]
            mine, theirs = position.boards[side], position.boards[1 - side]
            if mine[OFF] == CHECKERS:
                found.append(_problem("finished", side=letter))
                continue
            if illegal_block(variant, mine, theirs):
                block = _block_points(variant, mine, theirs)
                ends = [self._label(position.point_abs(side, p), flipped) for p in (block[0], block[-1])]
                found.append(_problem("block", side=letter, first=ends[0], last=ends[1]))
            if variant.table_limit:
                held = sum(1 for p in range(7, 13) if mine[p])
                if held > 4:
                    found.append(_problem("table", side=letter, count=held))
            if variant.runner_home and not any(mine[: variant.runner_home + 1]):
                away = sum(mine[1:HEAD])
                if away > 1:
                    found.append(_problem("runner", side=letter, count=away, goal=variant.runner_home))
        return found

    def _form_problems(self) -> list[dict[str, Any]]:
        found = []
        if self.variant.cube and self.cube > self.variant.cube_limit:
            found.append(_problem("cube_limit", limit=self.variant.cube_limit))
        if (self.cube == 1) != (self.owner == ""):
            found.append(_problem("cube_owner"))
        if self.length and max(self.score) >= self.length:
            found.append(_problem("score", length=self.length))
        # the Crawford game follows the first time one side reaches one point from the end
        elif self.crawford and (not self.length or sorted(self.score)[1] != self.length - 1
                                or sorted(self.score)[0] == self.length - 1):
            found.append(_problem("crawford", away=max(0, self.length - 1)))
        return found

    def view(self, flipped: bool) -> EditorForm:
        """The form's state, the position string, what is wrong, and the link when nothing is."""
        problems = self.problems(flipped)
        return {
            "tool": self.tool,
            "variant": self.variant.name,
            "token": self.variant.token,
            "turn": SIDES[self.turn],
            "dice": self.dice,
            "cube": self.cube,
            "owner": self.owner,
            "cube_values": [1 << n for n in range(self.variant.cube_limit.bit_length())] if self.variant.cube else [],
            "length": self.length,
            "score": list(self.score),
            "crawford": self.crawford,
            "opponent": self.opponent,
            "text": self.text(),
            "problems": cast(list[EditorProblem], problems),
            "valid": not problems,
            "fragment": None if problems else self.fragment(),
        }


def _problem(key: str, **args: Any) -> dict[str, Any]:
    return {"key": key, "args": args}


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def read_point(where: Any) -> str:
    if not isinstance(where, str) or where not in POINT_IDS:
        raise UIError(f"not a point of the board: {str(where)[:20]!r}")
    return where


def _block_points(variant: Variant, mine: tuple[int, ...], theirs: tuple[int, ...]) -> list[int]:
    """The six points (my numbering, in the order the opponent meets them) of the first block
    `illegal_block` finds: six in a row along the opponent's route, none of its checkers past it."""
    if theirs[OFF]:
        return []
    lowest = next((q for q in range(1, 25) if theirs[q]), 25)
    run: list[int] = []
    for q in range(24, 0, -1):  # the opponent's numbering
        mine_here = variant.opponent_point(q)
        run = [*run, mine_here] if mine[mine_here] else []
        if len(run) >= 6 and lowest > q:
            return run[-6:]
    return []


