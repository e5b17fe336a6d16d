"""Links read strictly: the fields of a link's fragment, and the game or match they describe
(the whole state, a position a person can write, gnubg's and eXtreme Gammon's IDs). Nothing
here needs a session: the editor checks a set-up through the same reader, and saves.py opens
a link as a new game. A link is untrusted: a reader takes everything or raises UIError.
"""

from __future__ import annotations

import re
import urllib.parse

from nardcore.formats import CodecError
from nardcore.formats.gnubg import game_from_gnubg
from nardcore.formats.state import decode_state
from nardcore.formats.xgid import game_from_xgid
from nardcore.game import Game, GameError
from nardcore.match import Match
from nardcore.position import SIDE_LETTERS, Position, PositionError
from nardcore.readers import GameStateError

from .dice import CountingDice
from .inputs import UIError

MAX_URL = 24_100  # characters of a URL fragment we are willing to read
# A link's fragment: the whole state (`s`), or a position a person can write (`p`, with `dice`,
# `cube`, `owner`, `score`, `length`), or a backgammon position as gnubg (`gnubg`) or eXtreme
# Gammon (`xgid`) writes it; `vs=computer` for a game against the computer.
STATE_FIELDS = ("s", "p", "gnubg", "xgid")
LINK_FIELDS = (*STATE_FIELDS, "vs", "dice", "cube", "owner", "score", "length", "crawford")
POSITION_FIELDS = ("dice", "cube", "owner", "score", "length", "crawford")


def link_fields(fragment: str) -> dict[str, str]:
    """The fields of a link's fragment (percent-decoded): one of STATE_FIELDS, each field at
    most once, the position fields only with `p`."""
    text = fragment.lstrip("#").strip()
    if len(text) > MAX_URL:
        raise UIError("the link is too long")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        name, sep, value = part.partition("=")
        if not sep or name not in LINK_FIELDS:
            raise UIError(f"the link has a part this app does not read: {shorten(part)!r}")
        if name in fields:
            raise UIError(f"the link names {name!r} twice")
        try:
            fields[name] = urllib.parse.unquote(value, errors="strict") if name != "s" else value
        except UnicodeDecodeError:  # `%C3` alone, `%ff`: a UIError like every other refusal, not the codec's
            raise UIError(f"the link's {name}= has %-escapes that are not UTF-8: {shorten(value)!r}") from None
    kinds = [name for name in STATE_FIELDS if name in fields]
    if len(kinds) != 1:
        raise UIError("the link does not hold a game of this app (s=, p=, gnubg= or xgid=)")
    extra = [name for name in POSITION_FIELDS if name in fields]
    if extra and kinds != ["p"]:
        raise UIError(f"{', '.join(extra)} go with a p= position only")
    return fields


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def linked_game(fields: dict[str, str], dice: CountingDice) -> Game | Match:
    """The game a link's fields describe; UIError naming what is wrong."""
    try:
        if "s" in fields:
            return decode_state(fields["s"], dice)
        if "gnubg" in fields:
            return game_from_gnubg(fields["gnubg"], dice)
        if "xgid" in fields:
            text = fields["xgid"]
            return game_from_xgid(text if text.startswith("XGID=") else "XGID=" + text, dice)
        return position_game(fields, dice)
    except (CodecError, PositionError, GameStateError, GameError) as error:
        raise UIError(str(error)) from None


def position_game(fields: dict[str, str], dice: CountingDice) -> Game:
    """`p=POSITION` with `dice=D1D2` (a roll already thrown), `cube=N&owner=w|b` (games with a
    cube), `score=W-B&length=N` (a position from a match), `crawford=1` (its Crawford game)."""
    position = Position.parse(fields["p"])
    variant = position.variant
    roll = fields.get("dice")
    if roll is not None and not re.fullmatch(r"[1-6][1-6]", roll):
        raise UIError(f"dice are two digits 1..6 like 52, not {shorten(roll)!r}")
    cube_text, owner_text = fields.get("cube", "1"), fields.get("owner")
    if not re.fullmatch(r"[1-9][0-9]{0,4}", cube_text):
        raise UIError(f"the cube is a number like 2, not {shorten(cube_text)!r}")
    cube = int(cube_text)
    if (cube != 1 or owner_text is not None) and not variant.cube:
        raise UIError(f"{variant.name} has no cube")
    if owner_text not in (None, "w", "b") or (cube == 1) != (owner_text is None):
        raise UIError("the owner is w or b, and only a turned cube (2 or more) has one")
    length_text, score_text = fields.get("length"), fields.get("score")
    if (length_text is None) != (score_text is None):
        raise UIError("a match position needs both score=W-B and length=N")
    length, score = 0, (0, 0)
    if length_text is not None and score_text is not None:
        found = re.fullmatch(r"(\d{1,3})-(\d{1,3})", score_text)
        if not re.fullmatch(r"[1-9]\d{0,2}", length_text) or found is None:
            raise UIError("score is W-B and length N, like score=2-1&length=5")
        length, score = int(length_text), (int(found.group(1)), int(found.group(2)))
    crawford_text = fields.get("crawford")
    if crawford_text not in (None, "1"):
        raise UIError(f"crawford=1 marks the Crawford game, not {shorten(crawford_text or '')!r}")
    owner = None if owner_text is None else SIDE_LETTERS.index(owner_text)
    game = Game(variant, dice, position=position, match_length=length, score=score, cube=cube, cube_owner=owner,
                crawford=crawford_text == "1")
    if roll is not None:
        game.roll((int(roll[0]), int(roll[1])))  # thrown already: no double before it
    return game

