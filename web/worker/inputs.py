"""Reading what comes from outside Python: requests, the page's query string, language codes.

Everything here is untrusted: a value is either read exactly or refused with a `UIError`
that says what was wrong. Saved data has its own readers in saves.py and settings.py.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from nardcore.dice import DiceSource, PresetDice, SeededDice
from nardcore.errors import Refusal

LANG_CODE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")
MAX_DICE_SPEC = 4000


class UIError(Refusal):
    """A request the app cannot read (not a move that is merely illegal)."""


def is_count(value: Any) -> TypeGuard[int]:
    """A non-negative int (not a bool) of a sane size."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9


def is_lang(value: Any) -> bool:
    """A language code such as `en` or `pt-br` (lower case, short): safe to put in a path."""
    return isinstance(value, str) and 0 < len(value) <= 12 and not set(value) - LANG_CODE_CHARS


def parse_dice_spec(spec: str) -> DiceSource:
    """`seed:42` (seeded random) or `6,5,3,1,...` (these dice, then seeded); raises UIError."""
    if not isinstance(spec, str) or len(spec) > MAX_DICE_SPEC:
        raise UIError("the dice setting is too long", why="why.dice_spec")
    if spec.startswith("seed:"):
        seed = spec[5:]
        if not seed.isdigit() or len(seed) > 18:
            raise UIError(f"seed must be a number, not {seed!r}", why="why.dice_spec")
        return SeededDice(int(seed))
    parts = spec.split(",")
    if not all(len(p) == 1 and p in "123456" for p in parts):
        raise UIError(f"dice must be like seed:42 or 6,5,3,1 — not {spec[:40]!r}", why="why.dice_spec")
    return PresetDice([int(p) for p in parts], SeededDice(0))


def parse_query(query: str) -> str | None:
    """The `dice` parameter of a query string such as `?dice=seed:42`, or None."""
    for part in (query or "").lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name == "dice" and value:
            return value.replace("%3A", ":").replace("%3a", ":").replace("%2C", ",").replace("%2c", ",")
    return None


def request_kind(request: Any) -> str:
    """The `type` of a request object; raises UIError for anything else."""
    if not isinstance(request, dict) or not isinstance(request.get("type"), str):
        raise UIError("a request is an object with a 'type'")
    return str(request["type"])
