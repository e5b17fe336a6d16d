"""Lessons played as a person plays them: the board's point ids of a task's steps, a checker the
task's rule holds back (found by walking its roll), and the task's legal plays that do and do
not do what it asks. Shared by tests/worker/test_lessons.py and tests/browser/test_lessons_app.py."""

from __future__ import annotations

from collections.abc import Iterator

from nardcore.movegen import Step, TurnPlanner, legal_plays
from nardcore.position import Position
from nardcore.variant import BAR, OFF
from web.worker import lessons
from web.worker.lesson_data import Task


def place(point: int) -> str:
    """White's slot as the board's point id (White plays every task)."""
    return "bar-w" if point == BAR else "off-w" if point == OFF else str(point)


def dice_of(task: Task) -> tuple[int, int]:
    return int(task.dice[0]), int(task.dice[1])


def held_somewhere(task: Task) -> tuple[tuple[Step, ...], int]:
    """Steps of the task's roll, and then a checker the task's rule holds back."""
    def walk(planner: TurnPlanner, path: tuple[Step, ...]) -> Iterator[tuple[tuple[Step, ...], int]]:
        for origin in range(1, BAR + 1):
            if planner.held_back(origin) == task.rule:
                yield path, origin
        for step in planner.steps_now():
            after = planner.copy()
            after.step(step)
            yield from walk(after, (*path, step))

    found = next(walk(TurnPlanner(Position.parse(task.position), dice_of(task)), ()), None)
    assert found is not None, f"no checker held back by {task.rule} in {task.position} {task.dice}"
    return found


def plays_of(task: Task) -> tuple[list[tuple[Step, ...]], list[tuple[Step, ...]]]:
    """The task's legal plays that do what it asks, and those that do not."""
    position = Position.parse(task.position)
    good: list[tuple[Step, ...]] = []
    bad: list[tuple[Step, ...]] = []
    for result, steps in legal_plays(position, dice_of(task)).items():
        (good if lessons.met(task, position, result) else bad).append(steps)
    return good, bad
