"""The requests of the study screens (web/worker/study.py, practice.py), as web/worker/intents.py's
table names them: a puzzle, the opening book, the Practice screen's drill, and back to the game."""

from __future__ import annotations

from typing import Any

from . import practice, study
from .autopilot import Autopilot
from .session import Session

Request = dict[str, Any]  # as web/worker/intents.py reads it: untrusted


def puzzles(session: Session, pilot: Autopilot, request: Request) -> None:
    """A puzzle of `variant` (a game's name; None: the one studied or played): `pick` "next"
    (by the player's rating), "daily" or "again" (the one shown, not rated again)."""
    if not study.puzzle_games():
        session.say("study_none")
        return
    study.pick_puzzle(session, request.get("variant"), request.get("pick", "next"))


def openings(session: Session, pilot: Autopilot, request: Request) -> None:
    """The opening book of `variant` (None: the one studied or played) at its `entry` (0: the first)."""
    if not study.book_games():
        session.say("study_none")
        return
    current = session.study
    variant = request.get("variant")
    if variant is None and current is not None and current.kind == "openings":
        variant = current.variant
    study.open_openings(session, variant, request.get("entry", 0))


def practice_drill(session: Session, pilot: Autopilot, request: Request) -> None:
    """The Practice screen: the drill due longest ago (web/worker/practice.py), or what is due when."""
    practice.open_drill(session)


def drill_cube(session: Session, pilot: Autopilot, request: Request) -> None:
    """A cube card's answer (`action`: "double", "no_double", "take", "drop" or "beaver")."""
    practice.answer_cube(session, request.get("action"))


def study_close(session: Session, pilot: Autopilot, request: Request) -> None:
    """Back to the game, as it was."""
    session.study = None
    session.message = None
