"""Game records as `.mat` text, the Jellyfish format gnubg reads and writes, for all five games.

A backgammon record is what gnubg's `export match mat` writes and `import mat` reads:

     5 point match

     Game 1
     Black : 0                      White : 0
      1)                             31: 8/5 6/5
      2) 64: 24/18 13/9              52: 13/11 24/20
      3)  Doubles => 2                Takes
      ...
          Wins 1 point

The left column is black (gnubg's player 0), the right one white (gnubg's player 1, the
bottom player, as in `nardcore.formats`). Each turn is `DICE: MOVES` in the mover's own
numbering, one die's step at a time as gnubg writes it (`13/8 8/3`, bar = 25, off = 0, `*`
where a checker was hit); a roll with no legal play is the dice alone (`66:`). Cube actions
are ` Doubles => N`, ` Beavers => N`, ` Takes`, ` Drops`; `Wins N point(s)` in the winner's
column ends a game, or (while the game is on) says that the other side resigned, or lost on time
when the header's comment `; [Lost on time "b"]` names it (a single game played live on clocks). The first
roll is the opening roll, so ties before it are not recorded. ` 0 point match` is money play.

The other four games are written the same way, under a header naming the variant and its
options, with their plays in the project's notation (docs/RULES.md, `24/13`, `6/off`), and
the opening roll, which their starter does not play, as a comment in each game that has one:

    ; [Variant "narde+end-block"]

     3 point match

     Game 1
     Black : 0                      White : 0
    ; [Opening "5-2"]                 (white's die - black's die; ties come first: "3-3 5-2")
      1)                             65: 24/13

`read_mat` takes either (and gnubg's own output: `; [Site ...]` and other comment lines,
names with ratings, trailing spaces, `Cannot Move`) and replays every action through the
rules; anything it cannot follow raises `MatError`, whose message names the line.

>>> from nardcore.dice import PresetDice
>>> from nardcore.game import Game
>>> game = Game("backgammon", PresetDice([3, 1]))
>>> game.roll(); game.play("8/5 6/5")
>>> text = write_mat(game)
>>> print(text.splitlines()[4].rstrip())
  1)                             31: 8/5 6/5
>>> read_mat(text).games[0].position == game.position
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..dice import DiceSource, Roll
from ..errors import NardError, quoted
from ..game import Game
from ..match import Match, SavedGame
from ..movegen import Step, legal_plays
from ..position import BLACK, SIDE_LETTERS, WHITE
from ..scoring import GameResult
from ..variant import Variant, VariantError, find_variant

__all__ = ["MAX_MAT_TEXT", "MatError", "MatRecord", "read_mat", "write_mat", "write_session_mat"]

MAX_MAT_TEXT = 2_000_000  # characters: far beyond any real match
MAX_LINE = 1000  # gnubg reads lines of up to 1023 characters
MAX_NAME = 40
DEFAULT_NAMES = ("White", "Black")
COLUMN = 33  # where the right column (white) starts, as gnubg lays it out
SIDE_OF_COLUMN = (BLACK, WHITE)  # left, right


class MatError(NardError):
    """A `.mat` record that cannot be read or replayed; the message names the line."""


@dataclass
class MatRecord:
    """What a `.mat` file holds: the variant, the match length (0: single games / money play),
    the players' names (white, black) and every game as a `Game`, the last one maybe unfinished.
    `match` is the whole match when the length is not 0."""

    variant: Variant
    length: int
    names: tuple[str, str] = DEFAULT_NAMES
    games: list[Game] = field(default_factory=list)
    match: Match | None = None

    @property
    def latest(self) -> Game | Match:
        """What to play on with: the match, or the last single game."""
        if self.match is not None:
            return self.match
        return self.games[-1]


# -- writing --------------------------------------------------------------------------


def write_session_mat(games: Sequence[Game], names: Sequence[str] = DEFAULT_NAMES) -> str:
    """A money session as `.mat` text: ` 0 point match` and every game in order, each headed by
    the running score before it (gnubg reads it as a money session with that score)."""
    if not games:
        raise MatError("a session needs a game")
    variant = games[0].variant
    white, black = (_clean_name(name, default) for name, default in zip(names, DEFAULT_NAMES, strict=True))
    lines: list[str] = ([f'; [Variant "{variant.token}"]', ""] if variant.token != "backgammon" else [])
    lines += [" 0 point match", ""]
    score = [0, 0]
    for number, game in enumerate(games):
        if game.variant != variant or game.match_length:
            raise MatError("a session holds single games of one variant")
        lines.append(f" Game {number + 1}")
        head = f"{black} : {score[BLACK]}"
        lines.append(f" {head:<31}{white} : {score[WHITE]}")
        lines.extend(_game_lines(game))
        lines.append("")
        if game.result is not None and game.result.winner is not None:
            score[game.result.winner] += game.result.points
    return "\n".join(line.rstrip() for line in lines) + "\n"


def write_mat(thing: Game | Match, names: Sequence[str] = DEFAULT_NAMES) -> str:
    """The record of a game or a match as `.mat` text; `names` are (white's, black's).

    A game outside a match is written as ` 0 point match`; a game that is part of a match
    (`match_length` > 0) as that match, from its score. A finished match game whose moves are
    not known (`Match.played` holds None) is left out; the next game's score line still says
    the score.
    """
    if isinstance(thing, Match):
        variant, length = thing.variant, thing.length
        # finished games as saved are written without a replay where their plays need no positions
        records = thing.records()
        games: list[tuple[int, Game | SavedGame]] = [(n, g) for n, g in enumerate(records) if g is not None]
        games.append((len(records), thing.game))
    else:
        variant, length = thing.variant, thing.match_length
        games = [(0, thing)]
    white, black = (_clean_name(name, default) for name, default in zip(names, DEFAULT_NAMES, strict=True))
    lines: list[str] = []
    if variant.token != "backgammon":
        lines.append(f'; [Variant "{variant.token}"]')
        lines.append("")
    result = None if isinstance(thing, Match) else thing.result
    if result is not None and result.kind == "time" and result.winner is not None:
        # in the header, where gnubg takes comments: to gnubg the game's `Wins` is a resignation
        lines += [f'; [Lost on time "{SIDE_LETTERS[1 - result.winner]}"]', ""]
    lines.append(f" {length} point match")
    lines.append("")
    for number, game in games:
        lines.append(f" Game {number + 1}")
        score = f"{black} : {game.score[BLACK]}"
        lines.append(f" {score:<31}{white} : {game.score[WHITE]}")
        lines.extend(_game_lines(game))
        lines.append("")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _clean_name(name: str, default: str) -> str:
    """A name gnubg reads back as it is: one line, no colon, no `Game ` (which starts a game)."""
    text = " ".join(re.sub(r"[:;#\x00-\x1f\x7f]", " ", str(name)).split())[:MAX_NAME]
    if not text or re.search(r"game ", text + " ", re.IGNORECASE):
        return default
    return text


def _game_lines(game: Game | SavedGame) -> list[str]:
    cells: list[tuple[int, str, bool]] = []  # (column, text, numbered); column 0 left (black), 1 right (white)
    history = game.history
    positions = game.positions() if isinstance(game, Game) else []  # a SavedGame is of a game without hits
    rounds = []
    won = False
    skip: set[int] = set()
    for index, event in enumerate(history):
        if index in skip:
            continue
        kind = event["event"]
        column = SIDE_OF_COLUMN.index(SIDE_LETTERS.index(event["side"])) if "side" in event else 0
        if kind == "opening":
            rounds.append(f"{event['dice'][0]}-{event['dice'][1]}")
        elif kind == "play":
            hits = game.variant.hitting
            text = _gnubg_play(positions[index], event["dice"], positions[index + 1]) if hits else event["play"]
            cells.append((column, f"{event['dice'][0]}{event['dice'][1]}: {text}", True))
        elif kind == "pass":
            cells.append((column, f"{event['dice'][0]}{event['dice'][1]}:", True))
        elif kind == "double":
            cells.append((column, f" Doubles => {event['cube']}", True))
        elif kind == "beaver":
            cells.append((column, f" Beavers => {event['cube']}", True))
        elif kind in ("take", "drop"):
            cells.append((column, f" {kind.capitalize()}s", True))
        elif kind == "resign":
            answer = history[index + 1]["event"] if index + 1 < len(history) else None
            if game.resign_by_offer and answer != "accept":
                skip.add(index + 1)  # declined (or still open): the record goes on as if it was never offered
                continue
            if "dice" in event:
                cells.append((column, f"{event['dice'][0]}{event['dice'][1]}:", True))
            if game.resign_by_offer:
                skip.add(index + 1)
            won = True
            cells.append((1 - column, _wins(game.result), False))
    # rolled, not played yet (an offer to resign still open is left out, its roll is not)
    if isinstance(game, Game) and game.phase in ("move", "resign") and game.dice is not None:
        cells.append((SIDE_OF_COLUMN.index(game.position.turn), f"{game.dice}:", True))
    if game.result is not None and game.result.winner is not None and not won:
        cells.append((SIDE_OF_COLUMN.index(game.result.winner), _wins(game.result), False))
    lines = []
    if rounds and not game.variant.opening_dice_played:
        lines.append(f'; [Opening "{" ".join(rounds)}"]')
    return lines + _laid_out(cells)


def _wins(result: GameResult | None) -> str:
    assert result is not None
    return f" Wins {result.points} point{'' if result.points == 1 else 's'}"


def _laid_out(cells: list[tuple[int, str, bool]]) -> list[str]:
    """Cells in two columns, one numbered line per pair of turns, as gnubg lays them out."""
    lines: list[str] = []
    number = 0
    left: str | None = None  # the open line's left cell, waiting for the right one
    for column, text, numbered in cells:
        if column == 1 and left is not None:
            lines.append(f"{left:<{COLUMN}}{text}")
            left = None
            continue
        if left is not None:
            lines.append(left)
            left = None
        if not numbered:
            lines.append(f"{'':<5}{text}" if column == 0 else f"{'':<{COLUMN}}{text}")
            continue
        number += 1
        if column == 0:
            left = f"{number:>3}) {text:<27} "
        else:
            lines.append(f"{number:>3}) {'':<27} {text}")
    if left is not None:
        lines.append(left)
    return lines


def _gnubg_play(before: Any, dice: list[int], after: Any) -> str:
    """A backgammon play step by step, as gnubg writes it: `24/18 18/13`, `25/20*`, `3/0`."""
    steps: Sequence[Step] = legal_plays(before, (dice[0], dice[1]))[after]
    return " ".join(f"{step.origin}/{step.target}{'*' if step.hit else ''}" for step in steps)


# -- reading --------------------------------------------------------------------------

_MATCH_LINE = re.compile(r"\s*(\d{1,6})\s+point\s+match\b.*", re.IGNORECASE)
_GAME_LINE = re.compile(r"\s*Game\s+(\d{1,6})\s*", re.IGNORECASE)
_SCORES = re.compile(r"\s*(.*?)\s*:\s*(\d{1,6})\s+(.*?)\s*:\s*(\d{1,6})\s*")
_TAG = re.compile(r'[;#]\s*\[\s*(\w[\w ]*?)\s+"([^"]*)"\s*\]\s*')
_NUMBER = re.compile(r"\s*\d{1,4}\)")
_ROLL = re.compile(r"([1-6])([1-6]):(.*)")
_CUBE = re.compile(r"(doubles|double|beavers|beaver|raccoons)\s*(?:=>\s*(\d{1,6}))?\s*", re.IGNORECASE)
_WINS = re.compile(r"wins?\s+(\d{1,6})\s+points?\b.*", re.IGNORECASE)
_OPENING_ROUND = re.compile(r"([1-6])-([1-6])")
_GNUBG_VARIATIONS = ("backgammon",)


@dataclass
class _Reader:
    dice: DiceSource | None
    variant: Variant | None = None
    length: int = -1
    names: tuple[str, str] = DEFAULT_NAMES
    games: list[Game] = field(default_factory=list)
    match: Match | None = None
    opening: list[tuple[int, int]] | None = None
    ended: bool = False  # the current game's end (a `Wins` line) was read
    lost_on_time: int | None = None  # the side that lost the record's one game on time (`; [Lost on time "w"]`)
    # a roll with no legal play is confirmed by what follows it: at the end of the record the
    # turn may still be under way, and the roller may resign with the dice on the board
    unconfirmed: bool = False

    def confirm(self) -> None:
        if self.unconfirmed:
            self.unconfirmed = False
            self.games[-1].confirm()


def read_mat(text: str, dice: DiceSource | None = None) -> MatRecord:
    """Read `.mat` text, replaying every action; raises MatError naming the line.

    `dice` is the dice source the games play on with (default: system entropy).
    """
    if not isinstance(text, str):
        raise MatError(f"a .mat record is text, not {type(text).__name__}")
    if len(text) > MAX_MAT_TEXT:
        raise MatError(f"the record is too long ({len(text)} characters, at most {MAX_MAT_TEXT})")
    reader = _Reader(dice)
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if len(line) > MAX_LINE:
            raise MatError(f"line {number}: longer than {MAX_LINE} characters", why="why.mat_line", line=number)
        try:
            _read_line(reader, line.rstrip())
        except (NardError, ValueError) as error:  # MatError and the rules' own errors
            raise MatError(f"line {number}: {error}", why="why.mat_line", line=number) from None
    if reader.length < 0:
        raise MatError("no ' N point match' line in the record")
    if not reader.games:
        raise MatError("no 'Game 1' in the record")
    assert reader.variant is not None
    return MatRecord(reader.variant, reader.length, reader.names, reader.games, reader.match)


def _read_line(reader: _Reader, line: str) -> None:
    stripped = line.strip()
    if not stripped:
        return
    if reader.length < 0:
        _read_header(reader, line)
        return
    game_line = _GAME_LINE.fullmatch(line)
    if game_line:
        _start_game(reader, int(game_line.group(1)))
        return
    if not reader.games:
        raise MatError(f"{quoted(stripped)} comes before the first 'Game 1' line")
    if reader.opening is None and _read_scores(reader, line):
        return
    if stripped[0] in ";#":
        tag = _TAG.fullmatch(stripped)
        if tag and tag.group(1).lower() == "opening":
            _read_opening(reader, tag.group(2))
        return
    if reader.opening is None:
        raise MatError(f"the game's score line (names and scores) is missing before {quoted(stripped)}")
    left, right = _columns(line)
    for column, cell in ((0, left), (1, right)):
        cell = cell.strip()
        if cell:
            _read_cell(reader, SIDE_OF_COLUMN[column], cell)


def _read_header(reader: _Reader, line: str) -> None:
    stripped = line.strip()
    if stripped[0] in ";#":
        tag = _TAG.fullmatch(stripped)
        if tag is None:
            return
        name, value = tag.group(1).lower(), tag.group(2).strip()
        if name == "variant":
            try:
                reader.variant = find_variant(value)
            except VariantError as error:
                raise MatError(str(error)) from None
        elif name == "lost on time":
            if value not in SIDE_LETTERS:
                raise MatError(f"the side lost on time is 'w' or 'b', not {quoted(value)}")
            reader.lost_on_time = SIDE_LETTERS.index(value)
        elif name == "variation" and value.lower() not in _GNUBG_VARIATIONS:
            raise MatError(f"{value!r} is not a game this app plays")
        return
    found = _MATCH_LINE.fullmatch(line)
    if found is None:
        raise MatError(f"expected ' N point match', not {quoted(stripped)}")
    reader.length = int(found.group(1))
    if reader.variant is None:
        reader.variant = find_variant("backgammon")


def _start_game(reader: _Reader, number: int) -> None:
    assert reader.variant is not None
    if number != len(reader.games) + 1:
        raise MatError(f"game {number} follows game {len(reader.games)}: games are numbered from 1, each once")
    reader.confirm()
    if reader.games:
        last = reader.games[-1]
        if not last.over:
            raise MatError(f"game {len(reader.games)} has no end before game {number} begins")
    if reader.length:
        if reader.match is None:
            reader.match = Match(reader.variant, reader.dice, reader.length)
            game = reader.match.game
        else:
            if reader.match.over:
                raise MatError(f"game {number} follows the end of the match")
            game = reader.match.next_game()
    else:
        game = Game(reader.variant, reader.dice)
    reader.games.append(game)
    reader.opening = None
    reader.ended = False


def _read_scores(reader: _Reader, line: str) -> bool:
    """The line after `Game N`: `Black : 3    White : 1` (names alone in money play)."""
    found = _SCORES.fullmatch(line)
    if found:
        black, black_score, white, white_score = found.groups()
        game, score = reader.games[-1], (int(white_score), int(black_score))
        if reader.length and score != game.score:
            raise MatError(f"the score line says white {score[0]}, black {score[1]}, the games before it "
                           f"{game.score[0]}-{game.score[1]}")
    elif reader.length == 0 and ":" not in line and "  " in line.strip():
        black, white = line.strip().split("  ", 1)
    else:
        return False
    white, black = (re.sub(r",\s*\d+(?:\.\d+)?$", "", name) for name in (white, black))  # ratings after names
    reader.names = (_clean_name(white, DEFAULT_NAMES[0]), _clean_name(black, DEFAULT_NAMES[1]))
    reader.opening = []
    return True


def _read_opening(reader: _Reader, value: str) -> None:
    game = reader.games[-1]
    if game.phase != "opening" or game.history:
        raise MatError("an opening roll comes before the first turn of a game that begins with one, once")
    rounds = value.split()
    if not rounds or len(rounds) > 100 or not all(_OPENING_ROUND.fullmatch(item) for item in rounds):
        raise MatError(f"an opening is rounds like \"3-3 5-2\" (white's die - black's die), not {value!r}")
    reader.opening = [(int(item[0]), int(item[2])) for item in rounds]
    for white, black in reader.opening:
        game.roll([white, black])


def _columns(line: str) -> tuple[str, str]:
    """The left and right cells of a move line, split as gnubg splits them: before the second
    `DICE:` if there are two, else at the first double space from the 16th character."""
    rolls = [m.start() for m in re.finditer(r"[1-6][1-6]:", line)]
    if len(rolls) >= 2:
        left, right = line[: rolls[1]], line[rolls[1]:]
    else:
        at = line.find("  ", 15) if len(line) > 15 else -1
        left, right = (line, "") if at < 0 else (line[:at], line[at:])
    number = _NUMBER.match(left)
    if number:
        left = left[number.end():]
    return left, right


def _read_cell(reader: _Reader, side: int, cell: str) -> None:
    game = reader.games[-1]
    name = "white" if side == WHITE else "black"
    wins = _WINS.fullmatch(cell)
    if reader.unconfirmed and not (wins and game.to_act != side):
        reader.confirm()
    if wins:
        reader.unconfirmed = False
        _read_wins(reader, side, int(wins.group(1)))
        return
    if game.over:
        raise MatError(f"{quoted(cell)} after the end of the game")
    roll = _ROLL.fullmatch(cell)
    if roll:
        _read_roll(reader, side, (int(roll.group(1)), int(roll.group(2))), roll.group(3).strip())
        return
    if game.phase == "move" and game.dice is not None:
        raise MatError(f"no play given for {name}'s {game.dice} before {quoted(cell)}")
    cube = _CUBE.fullmatch(cell)
    word = cell.lower()
    if cube:
        _expect_turn(game, side, cell)
        if cube.group(1).lower().startswith("double"):
            game.double()
        elif game.phase == "take" and side != game.position.turn:
            game.beaver()
        else:
            raise MatError(f"{quoted(cell)}: a beaver answers a double")
        if cube.group(2) is not None and int(cube.group(2)) != _cube_after(game):
            raise MatError(f"{quoted(cell)}: the cube goes to {_cube_after(game)}")
    elif word in ("takes", "take", "accepts"):
        _expect_turn(game, side, cell)
        game.take()
    elif word in ("drops", "drop", "passes", "rejects"):
        _expect_turn(game, side, cell)
        game.drop()
    else:
        raise MatError(f"cannot read {quoted(cell)} (a turn is like '52: 13/8 13/11')")


def _cube_after(game: Game) -> int:
    """The cube value being offered (phase take) or just reached (after a beaver)."""
    return game.cube_value * 2 if game.phase == "take" else game.cube_value


def _expect_turn(game: Game, side: int, cell: str) -> None:
    if game.to_act != side:
        who = {WHITE: "white", BLACK: "black", None: "nobody"}[game.to_act]
        raise MatError(f"{quoted(cell)} is in {'white' if side == WHITE else 'black'}'s column, but {who} acts now")


def _read_roll(reader: _Reader, side: int, dice: tuple[int, int], text: str) -> None:
    game = reader.games[-1]
    if text.lower().startswith(("cannot move", "can't move", "???")):
        text = ""
    if game.phase == "opening":
        if game.variant.opening_dice_played:
            if dice[0] == dice[1]:
                raise MatError(f"the opening roll is never a double: {dice[0]}{dice[1]}")
            high, low = max(dice), min(dice)
            game.roll([high, low] if side == WHITE else [low, high])
        else:
            # no opening roll written down: one the side that moves first won
            game.roll([2, 1] if side == WHITE else [1, 2])
    if game.phase == "move" and game.dice is not None and game.to_act == side:
        if Roll.of(*dice) != game.dice:
            raise MatError(f"{side and 'black' or 'white'} rolled {game.dice}, not {dice[0]}{dice[1]}")
    else:
        _expect_turn(game, side, f"{dice[0]}{dice[1]}:")
        game.roll(dice)
    if not game.plays():
        if text:
            raise MatError(f"{text!r}: there is no legal play with {dice[0]}{dice[1]}")
        reader.unconfirmed = True
        return
    if not text:
        return  # rolled, then resigned (a `Wins` line follows) or the record stops here
    game.play(_our_notation(game.variant, text))


def _our_notation(variant: Variant, text: str) -> str:
    """gnubg's points in the notation's words: 25 is the bar (backgammon), 0 is off."""
    text = re.sub(r"(?<=/)0(?=[*(]|\s|$)", "off", text.replace(",", " "))
    return re.sub(r"(?<![\w/])25(?=/)", "bar", text) if variant.hitting else text


def _read_wins(reader: _Reader, side: int, points: int) -> None:
    game = reader.games[-1]
    name = "white" if side == WHITE else "black"
    if game.over:
        result = game.result
        assert result is not None
        if reader.ended or result.winner != side or result.points != points:
            told = "nobody" if result.winner is None else ("white" if result.winner == WHITE else "black")
            raise MatError(f"{name} wins {points}, but the game ended with {told} winning {result.points}")
        reader.ended = True
        return
    loser = 1 - side
    if reader.lost_on_time == loser and len(reader.games) == 1:  # lost on time (docs/live.md), not resigned
        game.lose_on_time(loser)
        if game.result is None or game.result.points != points:
            raise MatError(f"{name} wins {points}, but a loss on time gives the cube's value, {game.cube_value}")
        reader.ended = True
        return
    if game.to_act != loser or not game.may_resign():
        raise MatError(f"{name} wins {points} while the game is on, but the other side may not resign now")
    if game.resign_by_offer:
        cube = game.cube_value
        if game.money and game.variant.has("jacoby") and cube == 1:
            levels = {1: "single"}
        else:
            levels = {cube: "single", 2 * cube: "gammon", 3 * cube: "backgammon"}
        if points not in levels:
            raise MatError(f"{name} wins {points}: a resignation with the cube at {cube} gives "
                           f"{', '.join(map(str, sorted(levels)))}")
        game.resign(levels[points])
        game.accept_resignation()
    else:
        game.resign()
    result = game.result
    assert result is not None
    if result.points != points:
        raise MatError(f"{name} wins {points}, but conceding now gives {result.points}")
    reader.ended = True
