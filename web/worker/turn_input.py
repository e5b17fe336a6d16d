"""The person's hand on the board: point ids read back, selection, click and drag routes, undo.

A movable point selects it (its destinations, multi-die ones included, are shown); a
destination plays the shortest route there; anything else clears the selection. A drag
from a movable point to a destination is the same move in one gesture. A double click (or
double tap) on a checker plays it at once: to its only destination, else by the larger die
it may use now (`quick_step`). Every step moves the checker ids of the session's layout
along with the game.
"""

from __future__ import annotations

from typing import Any

from nardcore.game import Game
from nardcore.movegen import Step, TurnPlanner
from nardcore.position import SIDE_LETTERS, WHITE, Position
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


def quick_step(session: Session, point: int | None) -> None:
    """A double click on `point`: its checker to its only destination (a route of one or more
    steps), else one step by the larger die it may use now; one action to undo like any step.
    A checker that may not move is a click (it says what holds it back)."""
    if not session.human_moving() or point is None:
        return
    game = session.game
    destinations = game.destinations(point)
    if not destinations:
        click(session, point)
        return
    if len(destinations) == 1:
        (route,) = destinations.values()
    else:
        step = max((s for s in game.steps_now() if s.origin == point), key=lambda s: s.die)
        route = (step,)
    play_route(session, route)


def bear_off_rest(game: Game) -> tuple[Step, ...] | None:
    """The rest of the turn when every way to finish it bears off and all end alike (nothing
    left to choose), else None. Played for the person by the `auto_bear_off` preference."""
    planner = game.planner
    if game.phase != "move" or planner is None or planner.done:
        return None
    ends: set[Position] = set()
    found: list[tuple[Step, ...]] = []

    def walk(state: TurnPlanner, path: tuple[Step, ...]) -> bool:
        if state.done:
            ends.add(state.position)
            found.append(path)
            return len(ends) == 1
        for step in state.steps_now():
            if step.target != OFF:
                return False
            after = state.copy()
            after.step(step)
            if not walk(after, (*path, step)):
                return False
        return True

    return found[0] if walk(planner.copy(), ()) and found else None


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
