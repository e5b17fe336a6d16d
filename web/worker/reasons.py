"""Why the app refused something, in the player's language: an error as a key of web/i18n and
its values, never the error's English text.

Every refusal the app shows (a link or save it cannot read, a position string it cannot take, a
move the game does not allow) is raised as a `nardcore.errors.Refusal`: English for the command
line (`str(error)`), and for the app a `why` key with its `params` where the raiser gives them.
`reason(error)` turns any error into `{"key": "why.…", "args": {…}, "detail": "…"}`, which a
message carries as its `error` argument and the page translates (web/page/i18n.js `t` translates
an argument that is itself a key with its arguments). `detail` is the error's English text, cut
short, for the tests and for whoever reads the saved message; the page never shows it.

The key:

1. the first `why` along the error and the errors it was raised from (`__cause__`, or the
   `__context__` of `raise … from None`: a reader that wraps nardcore's error keeps its reason);
2. else the key of the innermost error's class (`CLASS_REASONS`, the most precise class first);
3. else `why.unreadable` (a KeyError or TypeError from data of the wrong shape).

>>> from nardcore.position import Position
>>> try:
...     Position.parse("narde:x:24x15:24x15")
... except ValueError as error:
...     shown = reason(error)
>>> shown["key"], shown["args"]
('why.position_turn', {'turn': 'x'})
>>> shown["detail"]
"turn must be 'w' or 'b', not 'x' in 'narde:x:24x15:24x15'"
>>> reason(KeyError("schema"))["key"]
'why.unreadable'
"""

from __future__ import annotations

from typing import Any

from nardcore.bots.levels import LevelError
from nardcore.dice import DiceError
from nardcore.errors import Refusal
from nardcore.fairdice import FairDiceError
from nardcore.formats import CodecError
from nardcore.formats.mat import MatError
from nardcore.game import GameError
from nardcore.notation import AmbiguousPlayError, IllegalPlayError, MalformedPlayError, NotationError
from nardcore.position import PositionError
from nardcore.readers import GameStateError
from nardcore.safejson import JSONShapeError
from nardcore.variant import VariantError

from .duel.linkformat import LinkError
from .inputs import UIError

# each class of error the app may show, the most precise first (a subclass before its base)
CLASS_REASONS: tuple[tuple[type[BaseException], str], ...] = (
    (FairDiceError, "why.dice_proof"),
    (IllegalPlayError, "why.illegal_play"),
    (AmbiguousPlayError, "why.ambiguous_play"),
    (MalformedPlayError, "why.malformed_play"),
    (NotationError, "why.malformed_play"),
    (PositionError, "why.position"),
    (VariantError, "why.variant"),
    (CodecError, "why.codec"),
    (GameStateError, "why.saved_data"),
    (JSONShapeError, "why.json"),
    (DiceError, "why.dice"),
    (LevelError, "why.level"),
    (MatError, "why.mat"),
    (GameError, "why.game"),
    (LinkError, "why.link"),
    (UIError, "why.request"),
)
UNREADABLE = "why.unreadable"
MAX_PARAM = 40  # a value quoted from untrusted input is cut to this many characters
MAX_CHAIN = 8
MAX_DETAIL = 300


def chain(error: BaseException) -> list[BaseException]:
    """The error and those it was raised from, outermost first."""
    found = [error]
    while len(found) < MAX_CHAIN:
        inner = found[-1].__cause__ or found[-1].__context__
        if inner is None or inner in found:
            break
        found.append(inner)
    return found


def class_reason(error: BaseException) -> str | None:
    for kind, key in CLASS_REASONS:
        if isinstance(error, kind):
            return key
    return None


def reason(error: BaseException) -> dict[str, Any]:
    """The error as the page shows it: `{"key": "why.…", "args": {…}, "detail": English}`."""
    errors = chain(error)
    detail = str(error)[:MAX_DETAIL]
    for each in errors:
        if isinstance(each, Refusal) and each.why:
            args = {name: param(value) for name, value in each.params.items()}
            return {"key": each.why, "args": args, "detail": detail}
    for each in reversed(errors):
        key = class_reason(each)
        if key is not None:
            return {"key": key, "args": {}, "detail": detail}
    return {"key": UNREADABLE, "args": {}, "detail": detail}


def param(value: object) -> str | int:
    """A value for the text: a whole number as it is, anything else as short text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value)
    return text if len(text) <= MAX_PARAM else text[:MAX_PARAM] + "…"
