"""JSON shipped in `nardcore/books/` for each game (the opening books, the puzzles), read once.

The files are read when the module that wants them is imported, not when first used: in the
browser the app starts from a memory snapshot of the interpreter, which keeps what is in memory
but not the package's files (as nardcore.bots.neural's weights). They are kept compressed (the
snapshot's heap is small: megabytes of JSON become a tenth of that) and parsed on first use.
"""

from __future__ import annotations

import json
import zlib
from importlib import resources
from typing import Any

from .variant import VARIANT_NAMES

__all__ = ["ShippedJSON"]


class ShippedJSON:
    """The files `books/{prefix}{game}.json` of every game that has one."""

    def __init__(self, prefix: str = "") -> None:
        self._compressed: dict[str, bytes] = {}
        for name in VARIANT_NAMES:
            try:
                data = resources.files(__package__).joinpath("books", f"{prefix}{name}.json").read_bytes()
            except OSError:
                continue
            self._compressed[name] = zlib.compress(data, 1)

    def read(self, variant_name: str) -> Any:
        """The game's file parsed, or None where none is shipped."""
        source = self._compressed.get(variant_name)
        return None if source is None else json.loads(zlib.decompress(source).decode("utf-8"))
