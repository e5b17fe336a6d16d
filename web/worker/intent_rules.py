"""The words of web/worker/intents.py's table: what a request does to a screen open over the
game (`Stay`, per screen in `During`), and the answer of a handler that changed nothing
(`UNCHANGED`: nothing to automate after it). Apart from the table so that the handlers in
their own modules (help_intents.py, editor_intents.py, ...) may answer it too."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .autopilot import Autopilot
    from .session import Session


class Stay(Enum):
    """What a request does to a screen open over the game: the position editor, a study screen
    (study.py, practice.py) or the Learn screen and its lessons (lessons.py)."""

    CLOSE = "close"  # the screen closes: the request is for the game (a new game, a link opened)
    WAIT = "wait"  # the request is ignored while the screen is open (the game's own actions)
    KEEP = "keep"  # the screen stays and the request is served (a preference, the live line, its own)
    # the screen stays and the request is played on its own board (a puzzle, a drill, the book's
    # plays, a lesson's task): not the game's, so no guard of the game and no automation; the
    # Learn screen's list of lessons has no board, and the request waits there
    HAND = "hand"


class During(NamedTuple):
    """A request's `Stay` for each screen over the game (CLOSE unless said)."""

    editor: Stay = Stay.CLOSE
    study: Stay = Stay.CLOSE
    learn: Stay = Stay.CLOSE


SERVED = During(Stay.KEEP, Stay.KEEP, Stay.KEEP)  # served over any screen, which stays
GAME_ONLY = During(Stay.WAIT, Stay.WAIT, Stay.WAIT)  # the game's own: waits while a screen is open


class Unchanged(Enum):
    UNCHANGED = "unchanged"


# A handler's answer on a path that left the game as it was (a refusal said, a request read
# and found empty): the table's `automates` does not apply to it.
UNCHANGED = Unchanged.UNCHANGED

Request = dict[str, Any]  # as the handlers read it: untrusted
Handler = Callable[["Session", "Autopilot", Request], "str | Unchanged | None"]  # str: a URL fragment
