"""What a session keeps of the Learn screen and the lesson open (lessons.py plays them). Apart
from lessons.py so that the session can hold it without importing the module that builds on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from nardcore.scoring import GameResult

from .lesson_data import Lesson, Task

State = Literal["try", "miss", "done"]


@dataclass
class LessonRun:
    """One lesson under way: the task shown and its board."""

    lesson: Lesson
    index: int = 0
    board: Any = None  # the task's board: a Session of its own (session.py holds this module, not the reverse)
    state: State = "try"  # "try", "miss" (the last play missed the goal; the board is set up again), "done"
    won: GameResult | None = None  # a task that ends the game: what the win scores

    @property
    def task(self) -> Task:
        return self.lesson.tasks[self.index]


@dataclass
class Learn:
    """The Learn screen: the game whose lessons are listed, and the lesson open, if any."""

    variant: str
    run: LessonRun | None = None
