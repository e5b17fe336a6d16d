"""The requests of a game played by link or live (web/worker/duel/linkgame.py, livegame.py), as
web/worker/intents.py's table names them: a game started, a new line, the line's answer, state and
messages, and the cube held for the next turn."""

from __future__ import annotations

from typing import Any

from ..autopilot import Autopilot
from ..session import Session
from . import linkgame, livegame

Request = dict[str, Any]  # as web/worker/intents.py reads it: untrusted


def link_new(session: Session, pilot: Autopilot, request: Request) -> None:
    """Start a game played by link (web/worker/duel/linkgame.py): the invitation is the link to send."""
    linkgame.start(session, request)


def live_new(session: Session, pilot: Autopilot, request: Request) -> None:
    """Start a game played live (web/worker/duel/livegame.py): the invitation carries the page's offer."""
    livegame.start(session, request)


def live_offer(session: Session, pilot: Autopilot, request: Request) -> None:
    """A new line for the game by link under way (livegame.reinvite)."""
    livegame.reinvite(session, request)


def live_answer(session: Session, pilot: Autopilot, request: Request) -> None:
    livegame.answer(session, request)


def live_state(session: Session, pilot: Autopilot, request: Request) -> None:
    livegame.line_state(session, request)


def live_in(session: Session, pilot: Autopilot, request: Request) -> None:
    livegame.receive(session, request)


def live_tick(session: Session, pilot: Autopilot, request: Request) -> None:
    """Nothing to do here: a flag that fell is seen before every request (livegame.before)."""


def live_say(session: Session, pilot: Autopilot, request: Request) -> None:
    livegame.say(session, request)


def link_hold(session: Session, pilot: Autopilot, request: Request) -> None:
    """In a game by link, keep the cube for the next turn or not (web/worker/duel/linkgame.py `hold`)."""
    linkgame.hold(session, request)
