"""eXtreme Gammon's XGID: a backgammon position with its cube, dice, score and rules.

XGID writes white, the bottom player, in capitals (see `nardcore.formats`); its other
fields are read into gnubg's Match ID fields (`MatchInfo`).

>>> xgid_of_position(Position.start("backgammon"))
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:6'
"""

from __future__ import annotations

import re

from ..dice import DiceSource
from ..game import Game
from ..position import BLACK, WHITE, Position, make_board
from ..variant import BAR, find_variant
from . import CodecError
from .gnubg import MatchInfo, game_from_info, require_backgammon, valid_position

__all__ = ["game_from_xgid", "position_from_xgid", "read_xgid", "xgid", "xgid_of_position"]


_XGID = re.compile(
    r"(?:XGID=)?([-a-oA-O]{26}):(\d{1,2}):(-1|0|1):(-1|1):(\d\d|D|B|R):(\d{1,5}):(\d{1,5}):([0-3]):(\d{1,5})(?::(\d{1,2}))?",
    re.ASCII,  # \d: 0-9 only
)


def _xgid_char(count: int, capital: bool) -> str:
    if not count:
        return "-"
    return chr((ord("A") if capital else ord("a")) + count - 1)


def xgid_of_position(position: Position, cube: int = 1, cube_owner: int | None = None,
                     dice: str = "00", score: tuple[int, int] = (0, 0), rules: int = 0,
                     match_length: int = 0) -> str:
    """An XGID for a position and the given cube, dice, score and rules fields."""
    require_backgammon(position)
    white, black = position.boards
    chars = [_xgid_char(black[BAR], False)]
    for point in range(1, 25):
        if white[point]:
            chars.append(_xgid_char(white[point], True))
        else:
            chars.append(_xgid_char(black[25 - point], False))
    chars.append(_xgid_char(white[BAR], True))
    owner = 0 if cube_owner is None else (1 if cube_owner == WHITE else -1)
    turn = 1 if position.turn == WHITE else -1
    limit = position.variant.cube_limit.bit_length() - 1
    fields = ["".join(chars), cube.bit_length() - 1, owner, turn, dice]
    fields += [score[WHITE], score[BLACK], rules, match_length, limit]
    return "XGID=" + ":".join(str(field) for field in fields)


def xgid(game: Game) -> str:
    """The game's XGID (backgammon): position, cube, side to roll, dice or `D`, score, rules."""
    if game.phase == "take":
        dice = "D"
    elif game.dice:
        dice = f"{game.dice.high}{game.dice.low}"
    else:
        dice = "00"
    if game.match_length:
        rules = int(game.crawford)
    else:
        rules = int(game.variant.has("jacoby")) + 2 * int(game.variant.has("beaver"))
    return xgid_of_position(game.position, game.cube_value, game.cube_owner, dice, game.score, rules, game.match_length)


def _read_xgid(text: str) -> tuple[Position, MatchInfo]:
    if not isinstance(text, str) or len(text) > 100:
        raise CodecError("an XGID is text like 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'")
    found = _XGID.fullmatch(text)
    if found is None:
        raise CodecError(f"not an XGID: {text!r}")
    board, cube_log, owner, turn, dice, white_score, black_score, rules, length, max_cube = found.groups()
    counts: list[dict[int, int]] = [{}, {}]
    for index, char in enumerate(board):
        if char == "-":
            continue
        side = WHITE if char.isupper() else BLACK
        count = ord(char.lower()) - ord("a") + 1
        if index == 0:
            slot = BAR if side == BLACK else -1
        elif index == 25:
            slot = BAR if side == WHITE else -1
        else:
            slot = index if side == WHITE else 25 - index
        if slot < 0:
            raise CodecError(f"XGID {text!r}: a checker on the other side's bar")
        counts[side][slot] = count
    for side in (WHITE, BLACK):
        if sum(counts[side].values()) > 15:
            raise CodecError(f"XGID {text!r}: more than 15 checkers for one side")
    match_length = int(length)
    rules_value = int(rules)
    options = []
    if match_length == 0:
        if rules_value & 1:
            options.append("jacoby")
        if rules_value & 2:
            options.append("beaver")
    elif rules_value > 1:
        raise CodecError(f"XGID {text!r}: in a match the rules field is 0 or 1 (Crawford)")
    if max_cube is not None and int(max_cube) < 6:
        options.append(f"cube-limit-{1 << int(max_cube)}")
    variant = find_variant("+".join(["backgammon", *options]))
    side_on_roll = WHITE if turn == "1" else BLACK
    boards = (make_board(counts[0]), make_board(counts[1]))
    position = valid_position(Position(variant, side_on_roll, boards), f"XGID {text!r}")
    if dice in ("B", "R"):
        raise CodecError(f"XGID {text!r}: beaver and raccoon states cannot be set up, only a double ('D')")
    if int(cube_log) > 15:
        raise CodecError(f"XGID {text!r}: cube value 2^{cube_log} is too large")
    dice_pair = (0, 0)
    if dice not in ("D", "00"):
        d1, d2 = int(dice[0]), int(dice[1])
        if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise CodecError(f"XGID {text!r}: dice {dice} are not a roll")
        dice_pair = (d1, d2)
    cube_owner = None if owner == "0" else (WHITE if owner == "1" else BLACK)
    info = MatchInfo(
        cube=1 << int(cube_log),
        cube_owner=cube_owner,
        on_roll=side_on_roll,
        crawford=bool(match_length and rules_value),
        to_act=1 - side_on_roll if dice == "D" else side_on_roll,
        doubled=dice == "D",
        dice=dice_pair,
        match_length=match_length,
        score=(int(white_score), int(black_score)),
        jacoby=bool(rules_value & 1) if not match_length else True,
    )
    return position, info


def read_xgid(text: str) -> tuple[Position, MatchInfo]:
    """The position of an XGID and its other fields (cube, score, match, Crawford...)."""
    return _read_xgid(text)


def position_from_xgid(text: str) -> Position:
    """Only the position of an XGID (its turn field gives the side on roll)."""
    return _read_xgid(text)[0]


def game_from_xgid(text: str, dice: DiceSource | None = None) -> Game:
    """A game set up from an XGID (cube, dice or a double offered, score, Crawford, rules)."""
    position, info = _read_xgid(text)
    if info.match_length and max(info.score) >= info.match_length:
        raise CodecError(f"XGID {text!r}: score {info.score} in a match to {info.match_length}")
    if not info.match_length and info.score != (0, 0):
        raise CodecError(f"XGID {text!r}: money play has no score")
    return game_from_info(position, info, dice, text)


