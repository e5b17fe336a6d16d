"""Strict readers of saved or shared data (JSON from strangers), one field at a time.

Each reader takes the value and `what` it is (the field's name, for the message) and
answers it in the type wanted, or raises `GameStateError` naming the field and what is
wrong. Nothing is coerced: `true` is no number and `1` is no truth value.

>>> read_int(3, "cube", 1, 64)
3
>>> read_side("b", "side")
1
>>> read_int(True, "cube", 1, 64)
Traceback (most recent call last):
...
nardcore.readers.GameStateError: cube must be a whole number 1..64, not True
"""

from __future__ import annotations

from typing import Any

from .errors import NardError
from .position import SIDE_LETTERS

__all__ = [
    "GameStateError",
    "is_whole_number",
    "read_bool",
    "read_dice",
    "read_int",
    "read_list",
    "read_object",
    "read_side",
    "read_text",
]


class GameStateError(NardError):
    """Saved or shared data that does not describe a valid game; the message says what is wrong."""


def read_object(data: Any, what: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
    """An object with only `allowed` fields and every one of `required`."""
    if not isinstance(data, dict):
        raise GameStateError(f"{what} must be an object, not {type(data).__name__}")
    unknown = set(data) - allowed
    if unknown:
        raise GameStateError(f"{what} has unknown fields: {', '.join(sorted(map(str, unknown)))}")
    missing = required - set(data)
    if missing:
        raise GameStateError(f"{what} lacks fields: {', '.join(sorted(missing))}")
    return data


def is_whole_number(value: Any) -> bool:
    """An int that is not a bool (JSON's true and false arrive as Python's bools, which are ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_int(value: Any, what: str, low: int, high: int) -> int:
    if not is_whole_number(value) or not low <= value <= high:
        raise GameStateError(f"{what} must be a whole number {low}..{high}, not {value!r}")
    return int(value)


def read_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise GameStateError(f"{what} must be true or false, not {value!r}")
    return value


def read_text(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise GameStateError(f"{what} must be text of at most {limit} characters")
    return value


def read_list(value: Any, what: str, limit: int, items: str) -> list[Any]:
    """A list of at most `limit` entries; `items` names them in the message ("events")."""
    if not isinstance(value, list) or len(value) > limit:
        raise GameStateError(f"{what} must be a list of at most {limit} {items}")
    return value


def read_side(value: Any, what: str, allow_none: bool = False) -> int | None:
    """A side letter, 'w' or 'b', as 0 (white) or 1 (black); null only when `allow_none`."""
    if value is None and allow_none:
        return None
    if value in ("w", "b"):
        return SIDE_LETTERS.index(value)
    raise GameStateError(f"{what} must be 'w' or 'b'{' or null' if allow_none else ''}, not {value!r}")


def read_dice(value: Any) -> list[int]:
    """A roll as stored: [die, die], each 1..6."""
    if not isinstance(value, list) or len(value) != 2 or not all(is_whole_number(x) and 1 <= x <= 6 for x in value):
        raise GameStateError(f"dice must be two numbers 1..6, not {value!r}")
    return [int(x) for x in value]
