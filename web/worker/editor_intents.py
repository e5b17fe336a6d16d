"""The requests of the position editor (web/worker/editor.py), as web/worker/intents.py's
table names them: open it, place and move checkers, set the form's fields, play or share the
set-up, close it."""

from __future__ import annotations

from typing import Any

from nardcore.game import GameError
from nardcore.position import SIDE_LETTERS, Position, PositionError
from nardcore.readers import GameStateError
from nardcore.svg import cube_face, render

from . import editor as editing
from . import saves
from .autopilot import Autopilot
from .inputs import UIError
from .intent_rules import UNCHANGED, Unchanged
from .reasons import reason
from .session import Session

Request = dict[str, Any]  # as web/worker/intents.py reads it: untrusted


def edit_open(session: Session, pilot: Autopilot, request: Request) -> None:
    """The editor on the position on the board (or, `start`: the variant's start, or empty)."""
    editor = editing.Editor.from_game(session.game, session.settings["opponent"])
    start = request.get("start")
    if start == "start":
        editor.start()
    elif start == "clear":
        editor.clear()
    elif start is not None:
        raise UIError("start is 'start' or 'clear'")
    session.editor = editor
    session.message = None


def _editor(session: Session) -> editing.Editor | None:
    """The editor, once the view says what changed (any message belonged to the edit before)."""
    if session.editor is not None:
        session.message = None
    return session.editor


def edit_point(session: Session, pilot: Autopilot, request: Request) -> None:
    """A click (or Enter) on a point: the tool chosen there."""
    editor = _editor(session)
    if editor is not None:
        editor.place(editing.read_point(request.get("point")))


def edit_move(session: Session, pilot: Autopilot, request: Request) -> None:
    """A checker dragged from one point to another (a tray: taken off; from a tray: placed)."""
    editor = _editor(session)
    if editor is not None:
        editor.move(editing.read_point(request.get("from")), editing.read_point(request.get("to")))


def edit_set(session: Session, pilot: Autopilot, request: Request) -> None:
    """One field of the form (`name`, `value`), or `position`: a position string typed in,
    which is read strictly: a bad one is said and changes nothing."""
    editor = _editor(session)
    if editor is None:
        return
    if request.get("name") == "position":
        try:
            editor.load(request.get("value"))
        except PositionError as error:
            session.say("edit_bad_text", error=reason(error))
        return
    editor.set(request.get("name"), request.get("value"))


def edit_reset(session: Session, pilot: Autopilot, request: Request) -> None:
    """`to`: "clear" (every checker in its tray) or "start" (the variant's start)."""
    editor = _editor(session)
    if editor is None:
        return
    to = request.get("to")
    if to == "clear":
        editor.clear()
    elif to == "start":
        editor.start()
    else:
        raise UIError("reset to 'clear' or 'start'")


def edit_play(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """A new game of the library from the set-up, read as its `#p=` link is (the same checks);
    a set-up with problems stays in the editor, which names them."""
    editor = session.editor
    if editor is None or editor.problems(False):
        return UNCHANGED
    try:
        saves.load_url(session, editor.fragment())
    except (UIError, GameStateError, GameError, ValueError) as error:
        session.say("url_bad", error=reason(error))
        return UNCHANGED
    session.editor = None
    session.say("edit_played")
    return None


def edit_share(session: Session, pilot: Autopilot, request: Request) -> None:
    """The set-up's `#p=` link and picture, for the share dialog (only a set-up without problems)."""
    editor = session.editor
    if editor is None or editor.problems(False):
        return
    position = Position.parse(editor.text())
    dice = (int(editor.dice[0]), int(editor.dice[1])) if editor.dice else None
    owner = SIDE_LETTERS.index(editor.owner) if editor.owner else None
    cube = (cube_face(editor.cube, owner, False, position.variant.cube_limit), owner)
    session.share = {"position": editor.fragment(), "svg": render(position, dice=dice, flipped=session.prefs["flip"],
                                                                  cube=cube if position.variant.cube else None)}


def edit_close(session: Session, pilot: Autopilot, request: Request) -> None:
    """Back to the game as it was."""
    session.editor = None
