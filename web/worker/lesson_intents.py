"""The requests of the Learn screen and its lessons (web/worker/lessons.py), as
web/worker/intents.py's table names them: a game's lessons, a lesson, again, the next one, a first
game with the coach, and back to the game."""

from __future__ import annotations

from typing import Any

from . import lessons
from .autopilot import Autopilot
from .session import Session

Request = dict[str, Any]  # as web/worker/intents.py reads it: untrusted


def learn(session: Session, pilot: Autopilot, request: Request) -> None:
    """The Learn screen: `game`, the lessons of that game (none: the game on the board's)."""
    session.message = None
    lessons.open_list(session, request.get("game"))


def lesson_open(session: Session, pilot: Autopilot, request: Request) -> None:
    """A lesson (`lesson`: its id) on the board, from its first task."""
    session.message = None
    lessons.open_lesson(session, request.get("lesson"))


def lesson_again(session: Session, pilot: Autopilot, request: Request) -> None:
    lessons.again(session)


def lesson_next(session: Session, pilot: Autopilot, request: Request) -> None:
    """The game's next lesson, once this one is done (the last one: the list)."""
    run = session.learn.run if session.learn is not None else None
    if run is None or run.state != "done":
        return
    following = lessons.next_lesson(run.lesson)
    if following is None:
        lessons.open_list(session, session.learn.variant if session.learn else None)
    else:
        lessons.open_lesson(session, following.id)


def learn_game(session: Session, pilot: Autopilot, request: Request) -> None:
    """A first game of `game` against the beginner level, the coach explaining the first turns."""
    lessons.first_game(session, request.get("game"))


def learn_close(session: Session, pilot: Autopilot, request: Request) -> None:
    """Back to the game as it was."""
    session.learn = None
