"""Positions and games in other people's formats: gnubg Position ID and Match ID, XGID, URL state.

Who is who: gnubg numbers the bottom player 1 and the top player 0, and XGID
writes the bottom player in capitals. White is the bottom player here, so white
is gnubg's player 1 and XGID's capitals; black is player 0 and the small letters.
A gnubg Position ID holds the two boards with the player *not* on roll first,
so the side on roll comes from the Match ID (or is given).

>>> start = Position.start("backgammon")
>>> position_id(start)
'4HPwATDgc/ABMA'
>>> position_from_id("4HPwATDgc/ABMA") == start
True
>>> xgid_of_position(start)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:6'

URL state (`encode_state`/`decode_state`) is a whole Game or Match as compact
JSON, deflated, in base64url; decoding treats it as input from a stranger:
bounded length, strict JSON, every field checked by `from_dict`.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from . import safejson
from .dice import DiceSource
from .errors import NardError
from .game import RESIGN_LEVELS, Game, GameError
from .match import Match
from .position import BLACK, WHITE, Position, PositionError, make_board
from .readers import GameStateError
from .variant import BAR, Variant, find_variant

__all__ = [
    "CodecError",
    "MatchInfo",
    "decode_state",
    "encode_state",
    "game_from_gnubg",
    "game_from_xgid",
    "gnubg_id",
    "match_id",
    "match_info",
    "match_info_from_id",
    "position_from_id",
    "position_from_xgid",
    "position_id",
    "xgid",
    "xgid_of_position",
]


class CodecError(NardError):
    """Text that is not a valid ID or state; the message quotes it and says what is wrong."""


def _gnubg_player(side: int) -> int:
    return 1 - side  # white (0) is gnubg's bottom player 1


_BASE64 = re.compile(r"[A-Za-z0-9+/]+")  # used with fullmatch: "$" would let a newline through


def _backgammon(position: Position) -> None:
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
    _backgammon(position)
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
    return _checked(Position(chosen, turn, pair), f"Position ID {text!r}")


def _checked(position: Position, source: str) -> Position:
    """Every rule of a valid position string (no shared point, at most 15 a side)."""
    _backgammon(position)
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
    _backgammon(game.position)
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
    return _setup_game(position, info, dice, text)


def _setup_game(position: Position, info: MatchInfo, dice: DiceSource | None, source: str) -> Game:
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
        return Game.from_dict(data, dice)
    except (GameStateError, GameError) as error:
        raise CodecError(f"{source!r}: {error}") from None


def _may_double(position: Position, info: MatchInfo) -> bool:
    return (
        not info.crawford
        and info.cube_owner in (None, position.turn)
        and info.cube * 2 <= position.variant.cube_limit
    )


# -- XGID -----------------------------------------------------------------------------------

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
    _backgammon(position)
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
    position = _checked(Position(variant, side_on_roll, boards), f"XGID {text!r}")
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
    return _setup_game(position, info, dice, text)


# -- URL state ------------------------------------------------------------------------

STATE_VERSION = 1
MAX_STATE_TEXT = 24_000  # characters of base64url
MAX_STATE_JSON = 400_000  # bytes once inflated
_URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def encode_state(thing: Game | Match, history: bool = True) -> str:
    """A Game or Match as URL-safe text: base64url of deflated compact JSON `{"v":1,"kind":…,"data":…}`.

    A match carries its finished games as played while the text stays within MAX_STATE_TEXT,
    else their results only.
    """
    if isinstance(thing, Match):
        text = _packed("match", thing.to_dict())
        return text if len(text) <= MAX_STATE_TEXT else _packed("match", thing.to_dict(played=False))
    return _packed("game", thing.to_dict(history=history))


def _packed(kind: str, data: dict[str, Any]) -> str:
    payload = json.dumps({"v": STATE_VERSION, "kind": kind, "data": data}, separators=(",", ":"), sort_keys=True)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(payload.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise CodecError(f"key {key!r} appears twice in the state")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise CodecError(f"{name} is not allowed in the state")


def decode_state(text: str, dice: DiceSource | None = None) -> Game | Match:
    """Read `encode_state` text back, strictly; raises CodecError saying what is wrong."""
    if not isinstance(text, str):
        raise CodecError("the state is text")
    text = text.strip()
    if not text:
        raise CodecError("the state is empty")
    if len(text) > MAX_STATE_TEXT:
        raise CodecError(f"the state is too long ({len(text)} characters, at most {MAX_STATE_TEXT})")
    if not _URL_SAFE.fullmatch(text):
        raise CodecError("the state may hold only letters, digits, '-' and '_'")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_STATE_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof or unpacker.unused_data:
            raise CodecError("the state is cut short, too large or has trailing data")
        payload = safejson.loads(raw, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except CodecError:
        raise
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as error:
        raise CodecError(f"the state cannot be read: {error}") from None
    if not isinstance(payload, dict) or set(payload) != {"v", "kind", "data"}:
        raise CodecError("the state must be an object with 'v', 'kind' and 'data'")
    if payload["v"] != STATE_VERSION:
        raise CodecError(f"state version {payload['v']!r} is not supported (this app reads {STATE_VERSION})")
    try:
        if payload["kind"] == "game":
            return Game.from_dict(payload["data"], dice)
        if payload["kind"] == "match":
            return Match.from_dict(payload["data"], dice)
    except (GameStateError, GameError) as error:
        raise CodecError(f"the state is not a valid game: {error}") from None
    raise CodecError(f"state kind {payload['kind']!r} is neither 'game' nor 'match'")

