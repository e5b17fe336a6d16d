"""JSON from strangers (links, saved games, requests): nesting checked before anything recursive runs.

Python's json parser recurses once per level of nesting; under Pyodide a few thousand
levels ("[[[[…") exhaust the stack and kill the interpreter instead of raising. So the
depth is measured first, by a flat scan that skips over strings.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import NardError

MAX_DEPTH = 64  # our saved games and links nest about 6 deep


class JSONShapeError(NardError):
    """Text that is not JSON, or JSON nested deeper than `MAX_DEPTH`."""


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and objects in `text`, counting no further than `limit` + 1."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif char in "]}":
            depth -= 1
    return deepest


def loads(text: str | bytes, limit: int = MAX_DEPTH, **options: Any) -> Any:
    """`json.loads` that refuses, with JSONShapeError, text nested deeper than `limit`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise JSONShapeError(f"not UTF-8 text: {error}") from None
    if nesting_depth(text, limit) > limit:
        raise JSONShapeError(f"nested more than {limit} levels deep")
    try:
        return json.loads(text, **options)
    except (ValueError, RecursionError) as error:
        raise JSONShapeError(f"not JSON: {error}") from None
