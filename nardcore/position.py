"""Positions: each side's checkers from its own view, and the position string of docs/RULES.md §1."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from .errors import NardError, quoted
from .variant import BAR, CHECKERS, OFF, Variant, VariantError, find_variant

WHITE, BLACK = 0, 1
SIDE_LETTERS = "wb"

Board = tuple[int, ...]  # 26 slots: [0] borne off, [1..24] points, [25] bar


class PositionError(NardError):
    """A position string that cannot be read; the message quotes it."""


def make_board(counts: dict[int, int]) -> Board:
    """A board from {slot: count}; the borne-off slot is filled in."""
    slots = [0] * 26
    for slot, count in counts.items():
        slots[slot] += count
    slots[OFF] = CHECKERS - sum(slots[1:])
    return tuple(slots)


@dataclass(frozen=True)
class Position:
    """Whose turn it is and where every checker stands.

    >>> p = Position.parse("narde:w:24x15:24x15")
    >>> p.format()
    'narde:w:24x15:24x15'
    """

    variant: Variant
    turn: int
    boards: tuple[Board, Board]

    @classmethod
    def start(cls, variant: Variant | str, turn: int = WHITE) -> Position:
        if isinstance(variant, str):
            variant = find_variant(variant)
        board = make_board(dict(variant.start))
        return cls(variant, turn, (board, board))

    @classmethod
    def many(cls, variant: Variant, turn: int, boards: Iterable[tuple[Board, Board]]) -> list[Position]:
        """`[Position(variant, turn, pair) for pair in boards]` at under half the cost: move
        generation makes millions, and the frozen dataclass sets each field by object.__setattr__."""
        found = []
        for pair in boards:
            position = object.__new__(cls)
            fields = position.__dict__  # one by one: dict.update would unshare the dict's keys, slower
            fields["variant"] = variant
            fields["turn"] = turn
            fields["boards"] = pair
            found.append(position)
        return found

    @classmethod
    def parse(cls, text: str) -> Position:
        return parse_position(text)

    @property
    def mover(self) -> Board:
        return self.boards[self.turn]

    @property
    def opponent(self) -> Board:
        return self.boards[1 - self.turn]

    def off(self, side: int) -> int:
        return self.boards[side][OFF]

    def pips(self, side: int) -> int:
        board = self.boards[side]
        return sum(point * board[point] for point in range(1, 26))

    def winner(self) -> int | None:
        for side in (WHITE, BLACK):
            if self.boards[side][OFF] == CHECKERS:
                return side
        return None

    def pass_turn(self) -> Position:
        return Position(self.variant, 1 - self.turn, self.boards)

    def with_turn(self, turn: int) -> Position:
        return Position(self.variant, turn, self.boards)

    def point_abs(self, side: int, point: int) -> int:
        """A side's point in White's numbering (the board's fixed labels)."""
        return point if side == WHITE else self.variant.opponent_point(point)

    def checker_at_abs(self, point_abs: int) -> tuple[int, int] | None:
        """(side, count) on a point given in White's numbering, or None if empty."""
        if self.boards[WHITE][point_abs]:
            return WHITE, self.boards[WHITE][point_abs]
        black_point = self.variant.opponent_point(point_abs)
        if self.boards[BLACK][black_point]:
            return BLACK, self.boards[BLACK][black_point]
        return None

    def format(self) -> str:
        return self._text

    @cached_property
    def _text(self) -> str:
        sides = [format_side(board) for board in self.boards]
        return f"{self.variant.token}:{SIDE_LETTERS[self.turn]}:{sides[0]}:{sides[1]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Position.parse({self._text!r})"

    def _repr_svg_(self) -> str:
        """The board as a picture, for Jupyter (nardcore.svg)."""
        from .svg import render  # drawing is only needed in notebooks

        return render(self)


def format_side(board: Board) -> str:
    items = []
    for slot in range(BAR, 0, -1):
        count = board[slot]
        if count:
            name = "bar" if slot == BAR else str(slot)
            items.append(name if count == 1 else f"{name}x{count}")
    return ",".join(items)


# the counts (one or two ASCII digits: str.isdigit also takes '²' and other scripts' digits)
# and the points' names (1..24, no leading zero), looked up: every position read (each state of
# a game loaded, every link) goes through them
_TWO_DIGITS = frozenset([*"0123456789", *(a + b for a in "0123456789" for b in "0123456789")])
_POINT_NAMES = {str(point): point for point in range(1, 25)}


def _parse_side(text: str, side_text: str, side_name: str, variant: Variant) -> Board:
    counts: dict[int, int] = {}
    if side_text == "":
        return make_board(counts)
    for item in side_text.split(","):
        where, sep, count_text = item.partition("x")
        if sep:
            if count_text not in _TWO_DIGITS:
                raise PositionError(f"bad count {quoted(item)} for {side_name} in {quoted(text)}",
                                    why="why.position_count", item=item[:20])
            count = int(count_text)
            if count < 1:
                raise PositionError(f"count must be at least 1 in {item!r} for {side_name} in {quoted(text)}",
                                    why="why.position_count", item=item[:20])
        else:
            count = 1
        if where == "bar":
            if not variant.hitting:
                raise PositionError(f"'bar' exists in backgammon only, not in {variant.name}: {text!r}",
                                    why="why.position_bar")
            slot = BAR
        elif where in _POINT_NAMES:  # 1..24 in ASCII digits, no leading zero
            slot = _POINT_NAMES[where]
        else:
            raise PositionError(f"point {where!r} for {side_name} is not 1..24 or bar in {quoted(text)}",
                                why="why.position_point", point=where[:20])
        if slot in counts:
            raise PositionError(f"point {where!r} repeated for {side_name} in {quoted(text)}",
                                why="why.position_repeat", point=where[:20])
        counts[slot] = count
    if sum(counts.values()) > CHECKERS:
        raise PositionError(f"{side_name} has {sum(counts.values())} checkers (at most 15) in {quoted(text)}",
                            why="why.position_checkers", n=sum(counts.values()))
    return make_board(counts)


def parse_position(text: str) -> Position:
    """Read a position string strictly; errors quote the input and name the problem."""
    if not isinstance(text, str):
        raise PositionError(f"a position string is text, not {type(text).__name__}")
    parts = text.strip().split(":")
    if len(parts) != 4:
        raise PositionError(f"expected VARIANT:TURN:WHITE:BLACK (4 fields), got {len(parts)} in {quoted(text)}",
                            why="why.position_fields")
    variant_text, turn_text, white_text, black_text = parts
    try:
        variant = find_variant(variant_text)
    except VariantError as error:
        raise PositionError(str(error), why="why.position_game", name=variant_text[:30]) from None
    if turn_text not in ("w", "b"):
        raise PositionError(f"turn must be 'w' or 'b', not {turn_text!r} in {quoted(text)}",
                            why="why.position_turn", turn=turn_text[:20])
    white = _parse_side(text, white_text, "white", variant)
    black = _parse_side(text, black_text, "black", variant)
    for point in range(1, 25):
        if white[point] and black[variant.opponent_point(point)]:
            raise PositionError(f"white's point {point} is also held by black in {quoted(text)}",
                                why="why.position_both", point=point)
    return Position(variant, SIDE_LETTERS.index(turn_text), (white, black))
