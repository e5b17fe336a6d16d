"""Lessons: a game's rules taught one task at a time (the tasks are data: lesson_data.py).

A task's board is a session of its own (`LessonRun.board`), so the person's hand plays it as it
plays a game (turn_input: click, drag, double click, undo; a checker a rule holds back says which
rule). When the steps make a whole play, nardcore's result is checked against the task's goal:
met, the lesson is done and kept in the preferences (`learned`, saved with them); missed, the
board is set up again and the task says so. The game on the board, its save and its record are
not touched while a lesson is open.

>>> session = Session.fresh(CountingDice(None))
>>> open_lesson(session, "narde-head")
>>> session.learn.run.board.game.board.format()
'narde:w:24x15:24x15'
>>> read_link("learn=narde-head"), read_link("learn=tawla31")
(('narde', 'narde-head'), ('tawla31', None))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nardcore.game import Game
from nardcore.notation import parse_play
from nardcore.position import SIDE_LETTERS, Position
from nardcore.scoring import score_game
from nardcore.variant import BAR, HEAD, OFF, VARIANT_NAMES, find_variant

from .dice import CountingDice
from .inputs import UIError
from .lesson_data import BY_ID, LESSONS, Lesson, Task
from .lesson_state import Learn, LessonRun
from .messages import Message
from .session import Session
from .settings import MAX_LEARNED
from .viewmodel import Guide
from .viewmodel_study import LearnView, LessonEntry, LessonTaskView


def learned(session: Session) -> list[str]:
    value = session.prefs.get("learned")
    return list(value) if isinstance(value, list) else []


def open_list(session: Session, variant: Any = None) -> None:
    """The lessons of a game (`variant`: a game's name; None: the game on the board's)."""
    if variant is None:
        variant = session.game.variant.name
    if variant not in LESSONS:
        raise UIError(f"there are lessons for {', '.join(VARIANT_NAMES)}, not {str(variant)[:20]!r}")
    session.editor = None
    session.learn = Learn(str(variant))


def open_lesson(session: Session, lesson_id: Any) -> None:
    if not isinstance(lesson_id, str) or lesson_id not in BY_ID:
        raise UIError(f"no lesson {str(lesson_id)[:40]!r}", why="why.lesson")
    lesson = BY_ID[lesson_id]
    session.editor = None
    session.learn = Learn(lesson_id.split("-")[0], LessonRun(lesson))
    set_up(session, session.learn.run)


def set_up(session: Session, run: LessonRun | None) -> None:
    """The task's board as the task gives it, its dice rolled, White to play."""
    if run is None:
        return
    task = run.task
    position = Position.parse(task.position)
    board = Session.fresh(CountingDice(None))
    board.prefs = {**session.prefs}
    game = Game(position.variant, board.dice, position=position)
    game.roll((int(task.dice[0]), int(task.dice[1])))
    board.replace_game(game)
    board.screen = "board"
    run.board, run.won = board, None


def hand(session: Session, act: Callable[[Session], None]) -> None:
    """The person's hand on the lesson's board (a click, a drag, an undo), then the check."""
    run = session.learn.run if session.learn is not None else None
    if run is None or run.state == "done":
        return
    run.state = "try"
    act(run.board)  # the task's board, played as a game is
    board: Session = run.board
    game = board.game
    if not game.turn_done or game.planner is None:
        return
    result = game.planner.result()
    if not met(run.task, game.position, result):
        run.state = "miss"
        set_up(session, run)
        return
    if result.winner() is not None:
        run.won = score_game(result, result.winner() or 0)
    if run.index + 1 < len(run.lesson.tasks):
        run.index += 1
        set_up(session, run)
        return
    run.state = "done"
    done = learned(session)
    if run.lesson.id not in done:
        session.prefs["learned"] = [*done, run.lesson.id][-MAX_LEARNED:]


def again(session: Session) -> None:
    """The lesson from its first task again."""
    run = session.learn.run if session.learn is not None else None
    if run is not None:
        run.index, run.state = 0, "try"
        set_up(session, run)


def next_lesson(lesson: Lesson) -> Lesson | None:
    lessons = LESSONS[lesson.id.split("-")[0]]
    at = lessons.index(lesson)
    return lessons[at + 1] if at + 1 < len(lessons) else None


def met(task: Task, position: Position, result: Position) -> bool:
    """Whether a whole legal play, from `position` to `result` (the turn passed), does what the
    task asks. White is the side to play in every task."""
    goal, mine, theirs = task.goal, (position.boards[0], result.boards[0]), (position.boards[1], result.boards[1])
    if goal.kind == "plays":
        dice = (int(task.dice[0]), int(task.dice[1]))
        return result in {parse_play(position, dice, text) for text in goal.plays}
    if goal.kind == "hit":
        return theirs[1][BAR] > theirs[0][BAR]
    if goal.kind == "off":
        return mine[1][OFF] - mine[0][OFF] >= goal.count
    if goal.kind == "head":
        return mine[0][HEAD] - mine[1][HEAD] >= goal.count
    if goal.kind == "win":
        return result.winner() == 0
    return goal.kind == "any"


def read_link(fragment: str) -> tuple[str, str | None]:
    """`learn=GAME` or `learn=LESSON` (a link is untrusted: exactly one of those, or UIError):
    the game whose lessons to list, and the lesson to open."""
    name, _, value = fragment.lstrip("#").partition("=")
    if name != "learn" or "&" in value:
        raise UIError("a lessons link is learn=GAME", why="why.lesson_link")
    if value in LESSONS:
        return value, None
    if value in BY_ID:
        return value.split("-")[0], value
    raise UIError(f"no lessons called {value[:40]!r}", why="why.lesson_link")


def message(session: Session) -> Message | None:
    """What the message line says in a lesson: why a checker may not move, a miss, a success."""
    run = session.learn.run if session.learn is not None else None
    if run is None:
        return None
    if run.state == "miss":
        return Message("lesson_miss")
    if run.state == "done":
        if run.won is not None:
            return Message("lesson_won", {"points": run.won.points, "kind": run.won.kind})
        return Message("lesson_done")
    board: Session = run.board
    return board.message


def guide(position: Position, side: int = 0) -> Guide:
    """The way the checkers of `side` travel (an arrow along each quarter, its 24 to its 1;
    White's by default, as a lesson's task is White's) and each side's home, as the board's
    point ids (White's numbering)."""
    variant = position.variant
    quarters = [(24, 19), (18, 13), (12, 7), (6, 1)]
    point = (lambda p: p) if side == 0 else variant.opponent_point  # the side's number as a point id
    return {"home": {"w": [str(p) for p in range(1, 7)], "b": [str(variant.opponent_point(p)) for p in range(1, 7)]},
            "route": [{"from": str(point(a)), "to": str(point(b))} for a, b in quarters]}


def view(session: Session) -> LearnView | None:
    learn = session.learn
    if learn is None:
        return None
    done = set(learned(session))
    entries: list[LessonEntry] = [{"id": each.id, "title": each.title, "done": each.id in done}
                                  for each in LESSONS[learn.variant]]
    run = learn.run
    shown: LessonTaskView | None = None
    if run is not None:
        following = next_lesson(run.lesson)
        shown = {"id": run.lesson.id, "title": run.lesson.title, "text": run.task.text, "args": dict(run.task.args),
                 "dice": run.task.dice, "index": run.index, "of": len(run.lesson.tasks), "state": run.state,
                 "next": None if following is None else following.id}
    return {"variant": learn.variant, "title": find_variant(learn.variant).title, "games": list(VARIANT_NAMES),
            "lessons": entries, "open": shown}


# -- a first game with the coach ------------------------------------------------------------

COACHED_TURNS = 3  # the person's first turns the coach explains


def first_game(session: Session, variant: Any) -> None:
    """A first game of `variant` against the `beginner` level, the person White, with the coach."""
    if variant not in LESSONS:
        raise UIError(f"there are lessons for {', '.join(VARIANT_NAMES)}, not {str(variant)[:20]!r}")
    session.learn = None
    session.start_game({"variant": variant, "opponent": "computer", "level": "beginner", "seat": "w",
                        "match_length": 0})
    session.guided = True
    shown = list(session.prefs["way_shown"])  # the first game of it: another shows the way no more
    session.prefs["way_shown"] = shown if variant in shown else [*shown, variant]


def coach_note(session: Session) -> Message | None:
    """In a first game with the coach, on the person's first turns and before their first step:
    what the roll asks, and the rule that holds one of their checkers back, if one does."""
    game = session.game
    if not session.guided or game.phase != "move" or game.steps or session.others_to_act() or not game.plays():
        return None
    side = game.position.turn
    played = sum(1 for event in game.history if event.get("event") in ("play", "pass")
                 and event.get("side") == SIDE_LETTERS[side])
    if played >= COACHED_TURNS:
        return None
    mover = game.position.boards[side]
    held = next((why for point in range(BAR, 0, -1) if mover[point]
                 for why in [game.held_back(point)] if why not in (None, "done")), None)
    return Message("coach_turn") if held is None else Message("coach_turn_held", {"why": held})
