"""The one base class of every error nardcore raises for bad input or a move that is not allowed.

Catch `NardError` to catch them all; each module raises its own precise subclass
(PositionError, VariantError, NotationError, CodecError, GameError, GameStateError, ...).
It is a ValueError, so code written before it keeps working.

Every such error is a `Refusal`: its text is English, for the command line and the logs, and it
may also carry a reason for the app to show in the player's language: `why`, a key of the
language files (web/i18n, `why.*`), and `params`, the values the key's text names. An error
without a `why` of its own is shown by its class (web/worker/reasons.py).

>>> error = NardError("point '30' is not 1..24", why="why.position_point", point="30")
>>> str(error), error.why, error.params
("point '30' is not 1..24", 'why.position_point', {'point': '30'})
"""

from __future__ import annotations


class Refusal(ValueError):
    """Bad input or a disallowed action, in English (`str`), and the app's reason for it when
    the raiser gives one: `why` (a key of web/i18n) and the `params` its text names."""

    def __init__(self, message: str = "", *, why: str | None = None, **params: str | int) -> None:
        super().__init__(message)
        self.why = why
        self.params = params


class NardError(Refusal):
    """Bad input or a disallowed action; the message quotes the input (shortened when long)."""


def quoted(text: object, limit: int = 80) -> str:
    """`repr(text)`, shortened in the middle when long, for error messages."""
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    half = (limit - 5) // 2
    return f"{shown[:half]} ... {shown[-half:]}"
