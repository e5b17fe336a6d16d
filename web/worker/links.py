"""Links read strictly: the fields of a link's fragment, and the game or match they describe
(the whole state, a position a person can write, gnubg's and eXtreme Gammon's IDs). Nothing
here needs a session: the editor checks a set-up through the same reader, and saves.py opens
a link as a new game. A link is untrusted: a reader takes everything or raises UIError.
"""

from __future__ import annotations

import urllib.parse

from nardcore.formats import CodecError
from nardcore.formats.gnubg import game_from_gnubg
from nardcore.formats.position_link import read_position_link
from nardcore.formats.state import decode_state
from nardcore.formats.xgid import game_from_xgid
from nardcore.game import Game, GameError
from nardcore.match import Match
from nardcore.position import PositionError
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
        raise UIError("the link is too long", why="why.link_too_long")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        name, sep, value = part.partition("=")
        if not sep or name not in LINK_FIELDS:
            raise UIError(f"the link has a part this app does not read: {shorten(part)!r}",
                          why="why.link_part", part=shorten(part))
        if name in fields:
            raise UIError(f"the link names {name!r} twice", why="why.link_twice", name=name)
        try:
            fields[name] = urllib.parse.unquote(value, errors="strict") if name != "s" else value
        except UnicodeDecodeError:  # `%C3` alone, `%ff`: a UIError like every other refusal, not the codec's
            raise UIError(f"the link's {name}= has %-escapes that are not UTF-8: {shorten(value)!r}",
                          why="why.link_escapes", name=name) from None
    kinds = [name for name in STATE_FIELDS if name in fields]
    if len(kinds) != 1:
        raise UIError("the link does not hold a game of this app (s=, p=, gnubg= or xgid=)", why="why.link_no_game")
    extra = [name for name in POSITION_FIELDS if name in fields]
    if extra and kinds != ["p"]:
        raise UIError(f"{', '.join(extra)} go with a p= position only", why="why.link_p_only", names=", ".join(extra))
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
    """`p=POSITION` and the fields that go with it (nardcore.formats.position_link), as a game."""
    return read_position_link(fields).game(dice)
