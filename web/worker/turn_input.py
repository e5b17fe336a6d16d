"""The person's hand on the board: point ids read back, selection, click and drag routes, undo.

A movable point selects it (its destinations, multi-die ones included, are shown); a
destination plays the shortest route there; anything else clears the selection. A drag
from a movable point to a destination is the same move in one gesture. Every step moves
the checker ids of the session's layout along with the game.
"""

from __future__ import annotations

from typing import Any

from nardcore.game import Game
from nardcore.movegen import Step
from nardcore.position import SIDE_LETTERS, WHITE
from nardcore.variant import BAR, OFF

from .layout import Layout
from .session import Session

MAX_POINT_ID = 8


def read_point(game: Game, value: Any) -> int | None:
    """A board-wide point id (untrusted) as a slot of the side on roll (0 off, 25 bar), or None."""
    if not isinstance(value, str) or len(value) > MAX_POINT_ID:
        return None
    side = game.position.turn
    letter = SIDE_LETTERS[side]
    if value == f"bar-{letter}":
        return BAR
    if value == f"off-{letter}":
        return OFF
    if value.isdigit() and value == str(int(value)) and 1 <= int(value) <= 24:
        absolute = int(value)
        return absolute if side == WHITE else game.variant.opponent_point(absolute)
    return None


def click(session: Session, point: int | None) -> None:
    game = session.game
    if not session.human_moving() or point is None:
        session.selected = None
        return
    if session.selected is not None:  # (a point is never a destination of itself)
        route = game.destinations(session.selected).get(point)
        if route:
            play_route(session, route)
            return
    movable = {step.origin for step in game.steps_now()}
    session.selected = point if point in movable and point != session.selected else None
    held = game.held_back(point)
    if held is not None:  # the person's own checker that a rule holds back: say which rule
        session.say("held", why=held)


def drag(session: Session, origin: int | None, target: int | None) -> None:
    """A drag that ends on a destination plays there; any other drag is a click on its start."""
    if not session.human_moving() or origin is None:
        return
    route = session.game.destinations(origin).get(target) if target is not None else None
    if route:
        play_route(session, route)
    else:
        click(session, origin)


def play_route(session: Session, route: tuple[Step, ...]) -> None:
    for step in route:
        apply_step(session, step)
    session.selected = None
    session.note("step")


def apply_step(session: Session, step: Step) -> None:
    """One step on the game and on the checker ids (by hand, automation or the computer)."""
    board = session.game.board
    session.game.step(step)
    session.layout.apply(board, step)


def undo(session: Session) -> None:
    """Take back the turn's last step, if the person has one to take back."""
    game = session.game
    if not session.human_moving() or not game.steps:
        return
    step = game.undo()
    assert step is not None
    session.layout.revert(game.board, step)  # the board before the undone step is the board now
    session.selected = None
    session.note("undo")


def sync_layout(session: Session) -> None:
    """Checker ids for the board as it is, if anything moved checkers without them."""
    if not session.layout.matches(session.game.board):
        session.layout = Layout(session.game.board)
