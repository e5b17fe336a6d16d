"""Long `.mat` records read without replaying their finished games (a gnubg or XG money
session or match of hundreds of games, up to MAX_LONG_MAT characters).

`read_mat_lazily(text, dice)` answers what `read_mat` does for playing on, at the cost of
the last game's replay alone:

- a match: each finished game is read as text only: its moves applied to the board as they
  are written (no legal plays generated), which gives its result (`score_game` of where the
  checkers stand, a drop, a resignation); each game's score line must then add up, so a
  winner or points misread is refused as `read_mat` refuses it. The match keeps each finished
  game as `{"mat": its text}` (`Match.played` items saved as they are), replayed and checked
  through the rules (`replay_section`) the first time it is asked for: a record, an export.
  The current game is replayed now, as `read_mat` does.
- single games (` 0 point match`): only the last game is replayed (the one played on); the
  games before it stand alone and are kept as the record's text.

A record this reader cannot follow lexically (a game ending in a way it does not know) is
read whole by `read_mat`: slower, never wrong.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .. import progress
from ..dice import DiceSource
from ..errors import NardError
from ..game import Game
from ..match import SECTION_READERS, Match
from ..position import BLACK, WHITE
from ..scoring import GameResult, score_game
from ..variant import BAR, CHECKERS, OFF, Variant
from .mat import (
    _CUBE,
    _GAME_LINE,
    _ROLL,
    _SCORES,
    _WINS,
    MAX_LINE,
    SIDE_OF_COLUMN,
    MatError,
    MatRecord,
    _columns,
    _read_line,
    _Reader,
    read_mat,
)

__all__ = ["MAX_LONG_MAT", "read_mat_lazily", "replay_section"]

MAX_LONG_MAT = 12_000_000  # characters: a 10 MB session with room to spare
_STEP_POINT = re.compile(r"(bar|off|\d{1,2})(\*?)")


class _Unknown(Exception):
    """A game this reader cannot follow lexically: the record is read whole instead."""


def read_mat_lazily(text: str, dice: DiceSource | None = None) -> MatRecord:
    """`read_mat` for long records: the finished games are not replayed (see the module)."""
    if not isinstance(text, str):
        raise MatError(f"a .mat record is text, not {type(text).__name__}")
    if len(text) > MAX_LONG_MAT:
        raise MatError(f"the record is too long ({len(text)} characters, at most {MAX_LONG_MAT})")
    lines = text.lstrip("\ufeff").splitlines()
    starts = [number for number, line in enumerate(lines) if _GAME_LINE.fullmatch(line.rstrip())]
    if len(starts) < 2:
        return read_mat(text, dice)
    reader = _Reader(dice)
    _feed(reader, lines, 0, starts[0])
    if reader.length < 0 or reader.variant is None:
        return read_mat(text, dice)  # it says what is missing
    variant = reader.variant
    sections = [(begin, end) for begin, end in zip(starts, [*starts[1:], len(lines)], strict=True)]
    for number, (begin, _) in enumerate(sections, 1):
        told = int(_GAME_LINE.fullmatch(lines[begin].rstrip()).group(1))  # type: ignore[union-attr]
        if told != number:
            raise MatError(f"line {begin + 1}: game {told} follows game {number - 1}: games are numbered from 1, "
                           "each once", why="why.mat_line", line=begin + 1)
    last = sections[-1]
    if reader.length == 0:  # single games stand alone: the last is the one played on
        _start(reader, None)
        _feed(reader, lines, last[0] + 1, last[1])
        return MatRecord(variant, 0, reader.names, reader.games, None)
    closed: list[GameResult] = []
    played: list[dict[str, Any] | None] = []
    score = [0, 0]
    try:
        for begin, end in sections[:-1]:
            result = _section_result(variant, lines, begin, end, score, len(closed) + 1)
            closed.append(result)
            played.append({"mat": "\n".join(lines[begin + 1:end])})
            if result.winner is not None:
                score[result.winner] += result.points
    except _Unknown:
        return read_mat(text, dice)
    try:
        match = Match.resumed(variant, dice, reader.length, closed, played)
    except ValueError as error:
        raise MatError(str(error)) from None
    _start(reader, match)
    _feed(reader, lines, last[0] + 1, last[1])
    return MatRecord(variant, reader.length, reader.names, reader.games, match)


def replay_section(match: Match, number: int, section: str) -> Game:
    """Finished game `number` (0-based) of `match` from its record's text, replayed through the
    rules from the games before it (a Game; MatError when it does not replay)."""
    before = Match.resumed(match.variant, match.dice_source, match.length, match.closed[:number],
                                [None] * number)
    reader = _Reader(match.dice_source, variant=match.variant, length=match.length)
    _start(reader, before)
    _feed(reader, section.splitlines(), 0, len(section.splitlines()))
    reader.confirm()
    return reader.games[-1]


SECTION_READERS["mat"] = replay_section


def _start(reader: _Reader, match: Match | None) -> None:
    """The reader at the start of a game: the match's next game, or a single game."""
    assert reader.variant is not None
    if match is not None:
        if match.over:
            raise MatError("the last game follows the end of the match")
        reader.match = match
        reader.games = [match.game]
    else:
        reader.games = [Game(reader.variant, reader.dice)]
    reader.opening = None
    reader.ended = False


def _feed(reader: _Reader, lines: list[str], begin: int, end: int) -> None:
    """Lines begin..end of the record through the reader; errors name the record's line."""
    for number in range(begin, end):
        line = lines[number]
        if len(line) > MAX_LINE:
            raise MatError(f"line {number + 1}: longer than {MAX_LINE} characters", why="why.mat_line",
                           line=number + 1)
        try:
            _read_line(reader, line.rstrip())
        except (NardError, ValueError) as error:
            raise MatError(f"line {number + 1}: {error}", why="why.mat_line", line=number + 1) from None


def _section_result(variant: Variant, lines: list[str], begin: int, end: int, score: list[int],
                    number: int) -> GameResult:
    """A finished game's result from its text: its moves applied as written, its cube followed."""
    from ..position import Position

    progress.tick()  # a long record is read for seconds in the browser: the page hears it is alive
    start = Position.start(variant)
    boards = [list(start.boards[WHITE]), list(start.boards[BLACK])]
    cube, offered_by = 1, None
    scored = False
    for at in range(begin + 1, end):
        line = lines[at].rstrip()
        stripped = line.strip()
        if not stripped or stripped[0] in ";#":
            continue  # comments, and the opening's dice (no checker moves in an opening)
        found = _SCORES.fullmatch(line)
        if not scored and found:
            scored = True
            told = [int(found.group(4)), int(found.group(2))]
            if told != score:
                raise MatError(f"line {at + 1}: the score line says white {told[0]}, black {told[1]}, the games "
                               f"before it {score[0]}-{score[1]}", why="why.mat_line", line=at + 1)
            continue
        if not scored:
            raise _Unknown
        left, right = _columns(line)
        for column, cell in ((0, left), (1, right)):
            cell = cell.strip()
            if not cell:
                continue
            side = SIDE_OF_COLUMN[column]
            if cell[2:3] == ":" and _ROLL.fullmatch(cell):  # most cells: a roll and its play
                text = cell[3:].strip()
                if text and not text.lower().startswith(("cannot move", "can't move", "???")):
                    _apply(variant, boards, side, text)
                continue
            wins = _WINS.fullmatch(cell)
            if wins:
                return _ended(variant, boards, side, int(wins.group(1)), cube, offered_by)
            cube_action = _CUBE.fullmatch(cell)
            word = cell.lower()
            if cube_action and cube_action.group(1).lower().startswith("double") and offered_by is None:
                offered_by = side
            elif word in ("takes", "take", "accepts") and offered_by is not None:
                cube *= 2
                offered_by = None
            elif word in ("drops", "drop", "passes", "rejects"):
                if offered_by is None:
                    raise _Unknown
                return GameResult(offered_by, cube, "drop", cube)
            else:
                raise _Unknown
    raise MatError(f"game {number} has no end before game {number + 1} begins")


def _apply(variant: Variant, boards: list[list[int]], side: int, text: str) -> None:
    """A play as written (`13/8 8/3`, `24/13`, `bar/22*`, `6/off(2)`), checker by checker."""
    mine, theirs = boards[side], boards[1 - side]
    for origin, target, hit in _moves(text):
        if mine[origin] <= 0:
            raise _Unknown
        mine[origin] -= 1
        mine[target] += 1
        if hit:
            at = variant.opponent_point(target)
            if theirs[at] != 1:
                raise _Unknown
            theirs[at] -= 1
            theirs[BAR] += 1


@functools.lru_cache(maxsize=4096)
def _moves(text: str) -> tuple[tuple[int, int, bool], ...]:
    """A play's text as single moves (origin, target, hit), gnubg's 25 and 0 read as bar and
    off; the same few hundred texts come back all through a long record."""
    moves = []
    for token in text.replace(",", " ").split():
        repeat = 1
        if token.endswith(")") and "(" in token:
            token, count = token[:-1].split("(", 1)
            if not count.isdigit() or not 0 < int(count) <= 4:
                raise _Unknown
            repeat = int(count)
        points = []
        for part in token.split("/"):
            found = _STEP_POINT.fullmatch(part)
            if found is None:
                raise _Unknown
            name = found.group(1)
            point = BAR if name in ("bar", "25") else OFF if name in ("off", "0") else int(name)
            if not 0 <= point <= BAR:
                raise _Unknown
            points.append((point, bool(found.group(2))))
        journey = [(origin, target, hit and target not in (OFF, BAR))
                   for (origin, _), (target, hit) in zip(points, points[1:], strict=False)]
        moves.extend(journey * repeat)
    return tuple(moves)


def _ended(variant: Variant, boards: list[list[int]], side: int, points: int, cube: int,
           offered_by: int | None) -> GameResult:
    """The result of a game whose `Wins` line says `side` won `points`."""
    from ..position import Position

    if offered_by is not None or variant.has("last-roll"):
        raise _Unknown  # a double left unanswered, or narde's last roll: read whole
    position = Position(variant, 1 - side, (tuple(boards[WHITE]), tuple(boards[BLACK])))
    if boards[side][OFF] == CHECKERS:
        result = score_game(position, side, cube)
    elif variant.cube:  # backgammon: an offer to resign, accepted
        levels = {cube: "single", 2 * cube: "gammon", 3 * cube: "backgammon"}
        if points not in levels:
            raise _Unknown
        result = GameResult(side, points, levels[points], cube, resigned=True)
    else:  # the other games concede at once: what the game scored as it stood
        found = score_game(position, side, cube)
        result = GameResult(found.winner, found.points, found.kind, found.cube, resigned=True)
    if result.points != points:
        raise _Unknown
    return result

