"""JSON from strangers (links, saved games, requests): nesting checked before anything recursive runs.

Python's json parser recurses once per level of nesting; under Pyodide a few thousand
levels ("[[[[…") exhaust the stack and kill the interpreter instead of raising. So the
depth is measured first, by a flat count of the brackets outside strings.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import NardError

MAX_DEPTH = 64  # our saved games and links nest about 6 deep


class JSONShapeError(NardError):
    """Text that is not JSON, or JSON nested deeper than `MAX_DEPTH`."""


# every ASCII character but the brackets, the quote and the backslash
_STRUCTURE = str.maketrans("", "", "".join(chr(c) for c in range(128) if chr(c) not in '[]{}"\\'))


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and objects in `text`, counting no further than `limit` + 1.

    Only the brackets outside strings are counted one by one. The escaped backslashes and quotes
    go first (the other escapes hold no quote), then everything but brackets and quotes
    (strings of other characters become `""`, and an empty pair between two strings joins
    them, which leaves what lies outside them as it was). A megabyte in milliseconds.
    Text that is not JSON may be counted otherwise than the parser would read it; the parser
    refuses it then.
    """
    if "\\" in text:  # escapes, from left to right: an escaped backslash, then an escaped quote
        text = text.replace("\\\\", "").replace('\\"', "")
    kept = text.translate(_STRUCTURE).replace('""', "")
    outside = "".join(kept.split('"')[0::2]) if '"' in kept else kept
    depth = deepest = 0
    for char in outside:
        if char in "[{":
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
        raise JSONShapeError(f"nested more than {limit} levels deep", why="why.json_nested", limit=limit)
    try:
        return json.loads(text, **options)
    except (ValueError, RecursionError) as error:
        raise JSONShapeError(f"not JSON: {error}") from None
