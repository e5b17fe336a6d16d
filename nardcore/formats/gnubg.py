"""gnubg's Position ID and Match ID, and the game they set up.

A Position ID holds the two boards with the player *not* on roll first, so the side
on roll comes from the Match ID (or is given). White is gnubg's player 1, the bottom
player (see `nardcore.formats`).

>>> start = Position.start("backgammon")
>>> position_id(start)
'4HPwATDgc/ABMA'
>>> position_from_id("4HPwATDgc/ABMA") == start
True
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from ..dice import DiceSource
from ..game import RESIGN_LEVELS, Game, GameError
from ..gamedata import game_from_dict
from ..position import BLACK, WHITE, Position, PositionError, make_board
from ..readers import GameStateError
from ..variant import BAR, Variant, find_variant
from . import CodecError

__all__ = [
    "GAME_DROP",
    "GAME_NONE",
    "GAME_OVER",
    "GAME_PLAYING",
    "GAME_RESIGNED",
    "MatchInfo",
    "game_from_gnubg",
    "game_from_info",
    "gnubg_id",
    "match_id",
    "match_info",
    "match_info_from_id",
    "position_from_id",
    "position_id",
    "position_key",
    "require_backgammon",
    "valid_position",
]


def _gnubg_player(side: int) -> int:
    return 1 - side  # white (0) is gnubg's bottom player 1


_BASE64 = re.compile(r"[A-Za-z0-9+/]+")  # used with fullmatch: "$" would let a newline through


def require_backgammon(position: Position) -> None:
    """CodecError unless the position is backgammon, the one game these IDs describe."""
    if position.variant.name != "backgammon":
        raise CodecError(f"gnubg IDs and XGID describe backgammon, not {position.variant.name}")


# -- gnubg Position ID ----------------------------------------------------------------


def position_key(position: Position) -> bytes:
    """gnubg's 10-byte position key: for the side not on roll, then the side on roll,
    points 1..24 and the bar, each as that many 1-bits and a 0-bit, least significant first."""
    bits = 0
    at = 0
    for board in (position.opponent, position.mover):
        for slot in (*range(1, 25), BAR):
            count = board[slot]
            bits |= ((1 << count) - 1) << at
            at += count + 1
    return bits.to_bytes(10, "little")


def position_id(position: Position) -> str:
    """The 14-character gnubg Position ID (backgammon)."""
    require_backgammon(position)
    return base64.b64encode(position_key(position)).decode("ascii")[:14]


def position_from_id(text: str, turn: int = WHITE, variant: Variant | str = "backgammon") -> Position:
    """The position a gnubg Position ID describes, with `turn` (0 white, 1 black) on roll."""
    if not isinstance(text, str) or len(text) != 14 or not _BASE64.fullmatch(text):
        raise CodecError(f"a gnubg Position ID is 14 base64 characters, not {text!r}")
    if turn not in (WHITE, BLACK):
        raise CodecError(f"turn must be 0 (white) or 1 (black), not {turn!r}")
    bits = int.from_bytes(base64.b64decode(text + "=="), "little")
    boards: list[dict[int, int]] = [{}, {}]
    at = 0
    for side in (0, 1):
        for slot in (*range(1, 25), BAR):
            count = 0
            while bits >> at & 1:
                count += 1
                at += 1
                if count > 15:
                    raise CodecError(f"more than 15 checkers on one point in Position ID {text!r}")
            at += 1
            if count:
                boards[side][slot] = count
        if sum(boards[side].values()) > 15:
            raise CodecError(f"more than 15 checkers for one side in Position ID {text!r}")
    if bits >> at:
        raise CodecError(f"Position ID {text!r} has bits beyond its two boards")
    chosen = find_variant(variant) if isinstance(variant, str) else variant
    not_on_roll, on_roll = make_board(boards[0]), make_board(boards[1])
    pair = (on_roll, not_on_roll) if turn == WHITE else (not_on_roll, on_roll)
    return valid_position(Position(chosen, turn, pair), f"Position ID {text!r}")


def valid_position(position: Position, source: str) -> Position:
    """Every rule of a valid position string (no shared point, at most 15 a side)."""
    require_backgammon(position)
    try:
        return Position.parse(str(position))
    except PositionError as error:
        raise CodecError(f"{source}: {error}") from None


# -- gnubg Match ID -------------------------------------------------------------------

GAME_NONE, GAME_PLAYING, GAME_OVER, GAME_RESIGNED, GAME_DROP = range(5)


@dataclass(frozen=True)
class MatchInfo:
    """The fields of a gnubg Match ID, with sides as here (0 white, 1 black).

    `on_roll` is the side that rolls or rolled (gnubg's fMove), `to_act` the side
    to decide now (fTurn: the taker while a double is offered). `dice` (0, 0)
    means not rolled. `score` is (white, black); `match_length` 0 is money play.
    `state`: 0 no game, 1 playing, 2 over, 3 resigned, 4 dropped.
    """

    cube: int = 1
    cube_owner: int | None = None
    on_roll: int = WHITE
    crawford: bool = False
    state: int = GAME_PLAYING
    to_act: int = WHITE
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True


def match_id(info: MatchInfo) -> str:
    """The 12-character gnubg Match ID.

    >>> match_id(MatchInfo(cube=2, cube_owner=BLACK, on_roll=WHITE, to_act=WHITE,
    ...                    dice=(5, 2), match_length=9, score=(4, 2)))
    'QYkqASAAIAAA'
    """
    fields = [
        (4, info.cube.bit_length() - 1),
        (2, 3 if info.cube_owner is None else _gnubg_player(info.cube_owner)),
        (1, _gnubg_player(info.on_roll)),
        (1, int(info.crawford)),
        (3, info.state),
        (1, _gnubg_player(info.to_act)),
        (1, int(info.doubled)),
        (2, info.resigned),
        (3, max(info.dice)),
        (3, min(info.dice)),
        (15, info.match_length),
        (15, info.score[BLACK]),  # gnubg's player 0 first
        (15, info.score[WHITE]),
        (1, int(not info.jacoby)),
    ]
    bits = at = 0
    for width, value in fields:
        if not 0 <= value < 1 << width:
            raise CodecError(f"{value} does not fit a {width}-bit field of the Match ID")
        bits |= value << at
        at += width
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def match_info_from_id(text: str) -> MatchInfo:
    """Read a gnubg Match ID, checking every field."""
    if not isinstance(text, str) or len(text) != 12 or not _BASE64.fullmatch(text):
        raise CodecError(f"a gnubg Match ID is 12 base64 characters, not {text!r}")
    bits = int.from_bytes(base64.b64decode(text), "little")
    values = []
    at = 0
    for width in (4, 2, 1, 1, 3, 1, 1, 2, 3, 3, 15, 15, 15, 1):
        values.append(bits >> at & ((1 << width) - 1))
        at += width
    cube_log, owner, move, crawford, state, turn, doubled, resigned, d1, d2, length, score0, score1, no_jacoby = values
    if owner == 2:
        raise CodecError(f"Match ID {text!r}: cube owner 2 is not a player")
    if state > GAME_DROP:
        raise CodecError(f"Match ID {text!r}: game state {state} is unknown")
    if (d1 == 0) != (d2 == 0) or d1 > 6 or d2 > 6:
        raise CodecError(f"Match ID {text!r}: dice {d1}{d2} are not a roll")
    if length and (score0 >= length or score1 >= length) and state < GAME_OVER:
        raise CodecError(f"Match ID {text!r}: score {score1}-{score0} in a match to {length}")
    if not length and (crawford or score0 or score1):
        raise CodecError(f"Match ID {text!r}: money play has no Crawford game and no score")
    return MatchInfo(
        cube=1 << cube_log,
        cube_owner=None if owner == 3 else 1 - owner,
        on_roll=1 - move,
        crawford=bool(crawford),
        state=state,
        to_act=1 - turn,
        doubled=bool(doubled),
        resigned=resigned,
        dice=(d1, d2),
        match_length=length,
        score=(score1, score0),
        jacoby=not no_jacoby,
    )


def match_info(game: Game) -> MatchInfo:
    """A game's Match ID fields (backgammon)."""
    require_backgammon(game.position)
    if game.phase == "over":
        assert game.result is not None
        state = GAME_DROP if game.result.kind == "drop" else GAME_RESIGNED if game.result.resigned else GAME_OVER
    else:
        state = GAME_NONE if game.phase == "opening" else GAME_PLAYING
    to_act = game.to_act
    return MatchInfo(
        cube=game.cube_value,
        cube_owner=game.cube_owner,
        on_roll=game.position.turn,
        crawford=game.crawford,
        state=state,
        to_act=game.position.turn if to_act is None else to_act,
        doubled=game.phase == "take",
        resigned=RESIGN_LEVELS[game.resign_offer[0]] if game.resign_offer is not None else 0,
        dice=game.dice.dice if game.dice else (0, 0),
        match_length=game.match_length,
        score=game.score,
        # Jacoby is a rule of money play: game_from_gnubg reads the bit only there, so in a match
        # it is written as off whatever the token says, and the ID reads back as written
        jacoby=game.money and game.variant.has("jacoby"),
    )


def gnubg_id(game: Game) -> str:
    """`POSITIONID:MATCHID`, the form gnubg's "set gnubgid" reads."""
    return f"{position_id(game.position)}:{match_id(match_info(game))}"


def game_from_gnubg(text: str, dice: DiceSource | None = None) -> Game:
    """A game set up from `POSITIONID:MATCHID` (a finished game cannot be set up)."""
    if not isinstance(text, str) or len(text) > 100:
        raise CodecError("gnubg IDs are text like '4HPwATDgc/ABMA:cAkAAAAAAAAA'")
    parts = [part for part in re.split(r"[\s:]+", text.strip()) if part]
    if len(parts) != 2 or len(parts[0]) != 14 or len(parts[1]) != 12:
        raise CodecError(f"expected a Position ID and a Match ID ('4HPwATDgc/ABMA:cAkAAAAAAAAA'), not {text!r}")
    info = match_info_from_id(parts[1])
    if info.state >= GAME_OVER:
        raise CodecError(f"{text!r} describes a finished game")
    if info.resigned:
        raise CodecError(f"{text!r}: a resignation offer cannot be set up")
    if info.doubled and info.to_act == info.on_roll:
        raise CodecError(f"{text!r}: a double is offered, so the other side must decide")
    if info.doubled and info.dice != (0, 0):
        raise CodecError(f"{text!r}: a double is offered after the dice were rolled")
    token = "backgammon+jacoby" if info.jacoby and not info.match_length else "backgammon"
    position = position_from_id(parts[0], info.on_roll, token)
    return game_from_info(position, info, dice, text)


def game_from_info(position: Position, info: MatchInfo, dice: DiceSource | None, source: str) -> Game:
    """A game set up from a position and Match ID fields (gnubg's or an XGID's): the cube, the
    score, the dice rolled or a double offered; CodecError naming `source` if they do not fit."""
    if position.winner() is not None:
        raise CodecError(f"{source!r} describes a finished game")
    if info.doubled:
        phase = "take"
    elif info.dice != (0, 0):
        phase = "move"
    else:
        phase = "cube" if _may_double(position, info) else "roll"
    data = {
        "version": 1,
        "variant": position.variant.token,
        "start": str(position),
        "opening": False,
        "match_length": info.match_length,
        "crawford": info.crawford,
        "score": list(info.score),
        "start_cube": info.cube,
        "start_cube_owner": None if info.cube_owner is None else "wb"[info.cube_owner],
        "dice": list(info.dice) if phase == "move" else None,
        "steps": [],
        "position": str(position),
        "phase": phase,
        "cube": info.cube,
        "cube_owner": None if info.cube_owner is None else "wb"[info.cube_owner],
        "result": None,
    }
    try:
        return game_from_dict(data, dice)
    except (GameStateError, GameError) as error:
        raise CodecError(f"{source!r}: {error}") from None


def _may_double(position: Position, info: MatchInfo) -> bool:
    return (
        not info.crawford
        and info.cube_owner in (None, position.turn)
        and info.cube * 2 <= position.variant.cube_limit
    )
