"""A whole Game or Match as URL-safe text: the state of the app's `#s=` links.

The text is compact JSON, deflated, in base64url; decoding treats it as input from a
stranger: bounded length, strict JSON, every field checked by `from_dict`.

>>> from nardcore.dice import SeededDice
>>> game = decode_state(encode_state(Game("narde", SeededDice(1))))
>>> game.variant.token, game.phase
('narde', 'opening')
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .. import safejson
from ..dice import DiceSource
from ..errors import NardError, quoted
from ..game import Game
from ..gamedata import game_from_dict, game_to_dict
from ..match import Match
from ..readers import is_whole_number
from . import CodecError

__all__ = ["MAX_STATE_JSON", "MAX_STATE_MOVES", "MAX_STATE_TEXT", "decode_state", "encode_state"]


STATE_VERSION = 1
MAX_STATE_TEXT = 24_000  # characters of base64url
MAX_STATE_JSON = 400_000  # bytes once inflated
# events of a match's finished games: each is replayed as the state is read, about 3 ms each in
# the browser's engine, so that reading a link takes seconds, not minutes (issue 20: a link of
# 6,600 characters inflated to 400 kB of repeated games, 6,000 events)
MAX_STATE_MOVES = 2_500
_URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def encode_state(thing: Game | Match, history: bool = True) -> str:
    """A Game or Match as URL-safe text: base64url of deflated compact JSON `{"v":1,"kind":…,"data":…}`.

    A match carries its finished games as played while the text stays within MAX_STATE_TEXT
    and their events within MAX_STATE_MOVES, else their results only.
    """
    if isinstance(thing, Match):
        data = thing.to_dict()
        text = _packed("match", data) if _finished_moves(data) <= MAX_STATE_MOVES else ""
        return text if text and len(text) <= MAX_STATE_TEXT else _packed("match", thing.to_dict(played=False))
    return _packed("game", game_to_dict(thing, history=history))


def _finished_moves(data: Any) -> int:
    """How many events a match's finished games hold (as data, not yet checked)."""
    played = data.get("played") if isinstance(data, dict) else None
    if not isinstance(played, list):
        return 0
    return sum(len(game["history"]) for game in played
               if isinstance(game, dict) and isinstance(game.get("history"), list))


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
    if not is_whole_number(payload["v"]) or payload["v"] != STATE_VERSION:
        raise CodecError(f"state version {quoted(payload['v'])} is not supported (this app reads {STATE_VERSION})")
    moves = _finished_moves(payload["data"]) if payload["kind"] == "match" else 0
    if moves > MAX_STATE_MOVES:  # refused at once, before any replay
        raise CodecError(f"the match's finished games hold {moves} moves, at most {MAX_STATE_MOVES}",
                         why="why.state_long", moves=moves, limit=MAX_STATE_MOVES)
    try:
        if payload["kind"] == "game":
            return game_from_dict(payload["data"], dice)
        if payload["kind"] == "match":
            return Match.from_dict(payload["data"], dice)
    except NardError as error:  # GameStateError, GameError, and a position's or variant's own
        raise CodecError(f"the state is not a valid game: {error}") from None
    raise CodecError(f"state kind {quoted(payload['kind'])} is neither 'game' nor 'match'")

