"""Links of a game played by link as text: a message and the history so far, deflated into a
URL fragment `d=GAME.SIDE+SEQ.PAYLOAD`, and read back strictly. Reading checks only the link's
own shape; whether it fits the game is the protocol's to check (linkplay.py, docs/link-play.md).

>>> link = read_link(fragment_of({"g": "0123456789ab", "f": "b", "n": 1, "v": VERSION, "a": [], "r": {},
...                               "s": {}, "c": {}, "p": b64(bytes(CHAIN_BYTES))}, []))
>>> link.gid, link.sender, link.seq, link.history
('0123456789ab', 'b', 1, ())
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nardcore import safejson
from nardcore.errors import Refusal, quoted
from nardcore.readers import is_whole_number

if TYPE_CHECKING:
    from nardcore.game import Game

VERSION = 2  # of the links this app makes; version 1's games under way go on as version 1
VERSIONS = (1, 2)  # read: 2 adds the declaration N (docs/link-play.md), derivations unchanged
SECRET_BYTES = 16
COMMIT_BYTES = 32
CHAIN_BYTES = 16  # of the hash chain's head, carried by each link as `p`
MAX_LINK = 24_000  # characters of a link's fragment
MAX_INFLATED = 60_000  # bytes of a link's JSON
MAX_ACTIONS = 8  # in one link
MAX_HISTORY = 4_000  # actions in a whole game
SLOT = re.compile(r"o|[wb][1-9][0-9]{0,3}")
FRAGMENT = re.compile(r"d=([0-9a-f]{12})\.([wb])(0|[1-9][0-9]{0,4})\.([A-Za-z0-9_-]{1,24000})")
ACTION = re.compile(r"p[0-9a-z/*() ]{1,60}|[-dtbxanRN]|r[sgb]?")
KEY_BYTES = 32  # of a device's key, kept in its record
MAX_LINKS = 6_000  # in a record
GAME_ID = re.compile(r"[0-9a-f]{12}")
RECORD_FIELDS = {"v", "gid", "me", "key", "links"}  # and "hold" (version 2), when its player keeps the cube,
# and "flag", the side that lost on time in a game played live on clocks (docs/live.md)
RECORD_EXTRAS = {"hold", "flag"}
MESSAGE_FIELDS = {"g", "f", "n", "v", "a", "r", "s", "c"}  # and "p" (after the first) or "i" (the first)
RESIGN_CODES = {"s": "single", "g": "gammon", "b": "backgammon"}
EVENT_CODES = {"pass": "-", "double": "d", "take": "t", "beaver": "b", "drop": "x", "accept": "a", "decline": "n"}


class LinkError(Refusal):
    """A link (or a record of a game) that this device refuses; the message says why."""


def is_side(value: Any) -> bool:
    """'w' or 'b' (and nothing else: not "", not "wb", not a list, which `in "wb"` would take or choke on)."""
    return isinstance(value, str) and value in ("w", "b")


def names(fields: set[str]) -> str:
    """Fields named in a message, quoted and shortened: `'a', 'v'`."""
    return quoted(", ".join(repr(name) for name in sorted(fields)), 120)[1:-1]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: Any, size: int, what: str) -> bytes:
    if not isinstance(text, str) or not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise LinkError(f"{what} is not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "==")  # padding enough for any length; the rest is ignored
    except ValueError:
        raise LinkError(f"{what} is not base64url") from None
    if len(data) != size:
        raise LinkError(f"{what} has {len(data)} bytes, not {size}")
    return data


def fragment_of(message: dict[str, Any], history: Sequence[str]) -> str:
    """A message as a URL fragment: `d=GAME.SIDE+SEQ.PAYLOAD`, the payload base64url of raw
    deflated JSON (the message's fields and the actions so far, `h`)."""
    body = {k: v for k, v in message.items() if k not in ("g", "f", "n")}
    body["h"] = list(history)
    raw = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = b64(packer.compress(raw) + packer.flush())
    return f"d={message['g']}.{message['f']}{message['n']}.{payload}"


@dataclass(frozen=True)
class Link:
    """A link as read: its message (what the hash chain covers) and the history it carries."""

    message: dict[str, Any]
    history: tuple[str, ...]

    @property
    def gid(self) -> str:
        return str(self.message["g"])

    @property
    def sender(self) -> str:
        return str(self.message["f"])

    @property
    def seq(self) -> int:
        return int(self.message["n"])


def is_link(fragment: str) -> bool:
    return fragment.lstrip("#").startswith("d=")


def read_link(fragment: str) -> Link:
    """Parse a link strictly; LinkError naming what is wrong. Nothing is checked against a
    game here (`Duel.receive` does that)."""
    text = fragment.lstrip("#").strip()
    if len(text) > MAX_LINK:
        raise LinkError("the link is too long", why="why.link_too_long")
    found = FRAGMENT.fullmatch(text)
    if found is None:
        raise LinkError("this is not a link of a game played by link (d=GAME.SIDE+NUMBER.DATA), or it was cut short",
                        why="why.duel_cut")
    gid, sender, seq, payload = found.groups()
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_INFLATED)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise LinkError("the link's data is cut short or too large", why="why.duel_cut")
        body = safejson.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError, safejson.JSONShapeError):
        raise LinkError("the link's data cannot be read: it was changed or cut short", why="why.duel_cut") from None
    if not isinstance(body, dict):
        raise LinkError("the link's data is not an object")
    allowed, required = {"v", "p", "i", "a", "r", "s", "c", "h"}, {"v", "a", "r", "s", "c", "h"}
    if set(body) - allowed or not required <= set(body):
        raise LinkError(f"the link's data has unknown or missing fields: {names((set(body) ^ required) - {'p', 'i'})}")
    if not is_whole_number(body["v"]) or body["v"] not in VERSIONS:
        raise LinkError(f"the link is of version {quoted(body['v'])}; this app reads versions 1 and {VERSION}",
                        why="why.duel_version")
    message: dict[str, Any] = {"g": gid, "f": sender, "n": int(seq)}
    for name in ("a", "r", "s", "c", "v"):
        message[name] = body[name]
    if "p" in body:
        unb64(body["p"], CHAIN_BYTES, "the link's chain hash")
        message["p"] = body["p"]
    if "i" in body:
        message["i"] = body["i"]
    check_shape(message)
    history = body["h"]
    if not isinstance(history, list) or len(history) > MAX_HISTORY or not all(isinstance(a, str) for a in history):
        raise LinkError("the link's history is not a list of moves")
    return Link(message, tuple(history))


def check_shape(message: dict[str, Any]) -> None:
    actions = message["a"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise LinkError("the link's moves are not a short list")
    for action in actions:
        if not isinstance(action, str) or not ACTION.fullmatch(action):
            raise LinkError(f"the link holds a move this app does not read: {quoted(action, 40)}")
        if action == "N" and message["v"] == 1:
            raise LinkError("a link of version 1 declares nothing (N): its games ask for each share (R)")
    for name, size, what in (("r", SECRET_BYTES, "revealed secret"), ("s", SECRET_BYTES, "share"),
                             ("c", COMMIT_BYTES, "commitment")):
        table = message[name]
        if not isinstance(table, dict) or len(table) > 4:
            raise LinkError(f"the link's {what}s are not a small table")
        for slot, value in table.items():
            if not isinstance(slot, str) or not SLOT.fullmatch(slot):
                raise LinkError(f"the link's {what}s name a roll this app does not know: {quoted(slot, 20)}")
            unb64(value, size, f"the {what} for roll {slot}")
    first = message["n"] == 0
    if first and "i" not in message:
        raise LinkError("the first link of a game is its invitation (i), and this one sets up no game")
    if not first and "i" in message:
        raise LinkError("only the first link of a game (the invitation, i) sets the game up")
    if first and "p" in message:
        raise LinkError("the first link of a game (the invitation) has no chain hash (p) to carry")
    if not first and "p" not in message:
        raise LinkError("only the first link of a game (the invitation) comes without a chain hash (p)")


def actions_between(before: Game, after: Game) -> list[str]:
    """What was played on `after` (a copy of `before` played on) as a link's actions."""
    if after.history[:len(before.history)] != before.history:
        raise LinkError("the game on this device went another way than its record")
    actions: list[str] = []
    for event in after.history[len(before.history):]:
        kind = event.get("event")
        if kind == "play":
            actions.append("p" + str(event["play"]))
        elif kind == "resign":
            level = event.get("level")
            actions.append("r" + ("" if level is None else str(level)[0]))
        elif kind in EVENT_CODES:
            actions.append(EVENT_CODES[str(kind)])
        else:
            raise LinkError(f"a {kind} is not played by link")
    if len(actions) > MAX_ACTIONS:
        raise LinkError("too many moves for one link")
    return actions


RECORD = "the record of the game played by link"


def read_record(data: Any) -> tuple[str, str, bytes, int, str | None, list[Any]]:
    """A device's record of a game by link, as its fields (game id, side, key, version, the
    roll at which its player keeps the cube, the links) checked for their types; LinkError
    naming the field otherwise. Whether the links fit together is the protocol's to check;
    its `flag` (a loss on time) is read by `read_flag`."""
    if not isinstance(data, dict):
        raise LinkError(f"{RECORD} cannot be read: it is not an object")
    if set(data) - RECORD_EXTRAS != RECORD_FIELDS:
        raise LinkError(f"{RECORD} cannot be read: it has unknown or missing fields: "
                        f"{names((set(data) - RECORD_EXTRAS) ^ RECORD_FIELDS)}")
    if not is_whole_number(data["v"]) or data["v"] not in VERSIONS:
        raise LinkError(f"{RECORD} cannot be read: its version (v) is {quoted(data['v'])}, "
                        f"this app reads versions 1 and {VERSION}")
    version = data["v"]
    hold = data.get("hold")
    if hold is not None and (version < 2 or not isinstance(hold, str) or not SLOT.fullmatch(hold)
                             or hold[0] != data["me"]):
        raise LinkError(f"{RECORD} is damaged: the roll at which its player keeps the cube (hold) "
                        f"is {quoted(hold)}")
    gid, me, links = data["gid"], data["me"], data["links"]
    if not isinstance(gid, str) or not GAME_ID.fullmatch(gid):
        raise LinkError(f"{RECORD} is damaged: its game id (gid) is {quoted(gid)}")
    if not is_side(me):
        raise LinkError(f"{RECORD} is damaged: the side this device plays (me) is {quoted(me)}, not 'w' or 'b'")
    if not isinstance(links, list) or not links or len(links) > MAX_LINKS:
        raise LinkError(f"{RECORD} has no links (links is not a list of 1..{MAX_LINKS})")
    return gid, me, unb64(data["key"], KEY_BYTES, f"{RECORD}'s key"), version, hold, links


def read_flag(data: dict[str, Any]) -> str | None:
    """The side a record says lost on time, or None; LinkError when it is not a side."""
    flag = data.get("flag")
    if flag is not None and not is_side(flag):
        raise LinkError(f"{RECORD} is damaged: the side that lost on time (flag) is {quoted(flag)}")
    return flag


def check_record_link(message: Any, number: int, gid: str, version: int) -> None:
    """Link `number` of a record as its fields and shape: LinkError naming the field otherwise."""
    if not isinstance(message, dict):
        raise LinkError(f"{RECORD} is damaged: its link {number} (links) is not an object")
    if not MESSAGE_FIELDS <= set(message) or set(message) - MESSAGE_FIELDS - {"p", "i"}:
        raise LinkError(f"{RECORD} is damaged: its link {number} has unknown or missing fields: "
                        f"{names((set(message) ^ MESSAGE_FIELDS) - {'p', 'i'})}")
    if message["g"] != gid:
        raise LinkError(f"{RECORD} is out of order: its link {number} is of another game "
                        f"(its game id, g, is {quoted(message['g'])})")
    if not is_whole_number(message["n"]) or message["n"] != number:
        raise LinkError(f"{RECORD} is out of order: its link {number} has the number (n) {quoted(message['n'])}")
    if not is_side(message["f"]):
        raise LinkError(f"{RECORD} is out of order: its link {number} is from no side "
                        f"(its sender, f, is {quoted(message['f'])})")
    if not is_whole_number(message["v"]) or message["v"] != version:
        raise LinkError(f"{RECORD} cannot be read: its link {number} is of version (v) "
                        f"{quoted(message['v'])}, not the record's ({version})")
    if "p" in message:
        unb64(message["p"], CHAIN_BYTES, f"the chain hash (p) of link {number} of {RECORD}")
    check_shape(message)
