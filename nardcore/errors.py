"""The one base class of every error nardcore raises for bad input or a move that is not allowed.

Catch `NardError` to catch them all; each module raises its own precise subclass
(PositionError, VariantError, NotationError, CodecError, GameError, GameStateError, ...).
It is a ValueError, so code written before it keeps working.
"""

from __future__ import annotations


class NardError(ValueError):
    """Bad input or a disallowed action; the message quotes the input (shortened when long)."""


def quoted(text: object, limit: int = 80) -> str:
    """`repr(text)`, shortened in the middle when long, for error messages."""
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    half = (limit - 5) // 2
    return f"{shown[:half]} ... {shown[-half:]}"
