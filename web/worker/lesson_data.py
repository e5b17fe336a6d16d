"""The lessons of each game, as data: a board (a position string, White to play), the dice, the
task's words (a key of web/i18n with its values) and what counts as done. docs/lessons.md says
what each game's lessons cover; lessons.py plays them and checks every try with nardcore.

A goal is one of:
- `ANY`: any legal play (the lesson is the rule that holds a checker back, said when it is touched);
- `plays(...)`: one of the plays written (the app's notation, read by nardcore.notation);
- `Goal("hit")`: a play that hits; `Goal("off", n)`: at least n checkers borne off;
  `Goal("head", n)`: at least n checkers leave the head (24); `Goal("win")`: the game is won.

`rule`: the rule the lesson teaches that holds a checker back somewhere in the task
(TurnPlanner.held_back's names), which the tests find and touch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nardcore.variant import VARIANT_NAMES


@dataclass(frozen=True)
class Goal:
    kind: str  # "any", "plays", "hit", "off", "head", "win"
    count: int = 0
    plays: tuple[str, ...] = ()


ANY = Goal("any")


def plays(*texts: str) -> Goal:
    return Goal("plays", plays=texts)


@dataclass(frozen=True)
class Task:
    position: str
    dice: str  # two digits, "64"
    text: str  # a key of web/i18n: learn.task.*
    goal: Goal = ANY
    args: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None


@dataclass(frozen=True)
class Lesson:
    id: str  # "GAME-topic": the key progress is kept under
    title: str  # learn.title.*
    tasks: tuple[Task, ...]


def lesson(game: str, topic: str, *tasks: Task, title: str | None = None) -> Lesson:
    return Lesson(f"{game}-{topic}", f"learn.title.{title or topic}", tasks)


def task(position: str, dice: str, text: str, goal: Goal = ANY, rule: str | None = None, **args: Any) -> Task:
    return Task(position, dice, f"learn.task.{text}", goal, args, rule)


def _bear_off(variant: str, theirs: str) -> Lesson:
    return lesson(variant, "bearoff", task(f"{variant}:w:6x3,5x3,4x3,3x2,2x2,1x2:{theirs}", "64", "bearoff",
                                           Goal("off", 2)))


def _doubles(variant: str, mine: str, theirs: str, dice: str, play: str) -> Lesson:
    """Four steps of one number: `play`, one or two checkers' journey (its numbers are the task's)."""
    origin, target = (int(point) for point in play.split("(")[0].split("/"))
    return lesson(variant, "doubles", task(f"{variant}:w:{mine}:{theirs}", dice, "doubles", plays(play),
                                           die=int(dice[0]), start=origin, to=target))


BACKGAMMON_START = "24x2,13x5,8x3,6x5"
BACKGAMMON = (
    lesson("backgammon", "start", task(f"backgammon:w:{BACKGAMMON_START}:{BACKGAMMON_START}", "31", "bg_start",
                                       plays("8/5 6/5"))),
    lesson("backgammon", "dice", task(f"backgammon:w:{BACKGAMMON_START}:{BACKGAMMON_START}", "65", "dice",
                                      plays("24/13"), start=24, to=13)),
    _doubles("backgammon", "13x2,6x13", BACKGAMMON_START, "44", "13/5(2)"),
    lesson("backgammon", "blocked", task(f"backgammon:w:{BACKGAMMON_START}:{BACKGAMMON_START}", "55", "bg_blocked",
                                         rule="blocked")),
    lesson("backgammon", "hit", task("backgammon:w:8x2,6x13:20,6x14", "31", "hit", Goal("hit"))),
    lesson("backgammon", "bar", task("backgammon:w:bar,6x14:13x9,6x2,5x2,4x2", "63", "bar", rule="bar")),
    _bear_off("backgammon", "13x15"),
    lesson("backgammon", "score", task("backgammon:w:2,1:13x15", "21", "bg_score", Goal("win"))),
)

NARDE = (
    lesson("narde", "start", task("narde:w:24x15:24x15", "65", "narde_start")),
    lesson("narde", "dice", task("narde:w:24x13,22,20:24x15", "42", "dice", plays("20/14"), start=20, to=14)),
    _doubles("narde", "24x14,18", "24x15", "44", "18/2"),
    lesson("narde", "blocked", task("narde:w:24x14,13:24x14,20", "51", "blocked", rule="blocked",
                                    start=13, die=5, to=8)),
    lesson("narde", "head", task("narde:w:24x15:24x15", "64", "head", rule="head")),
    lesson("narde", "first", task("narde:w:24x15:24x15", "33", "head_first", rule="head"), title="head_first"),
    lesson("narde", "block", task("narde:w:24x9,19,18,17,16,15,14:24x15", "66", "block", rule="block",
                                  start=19, die=6, to=13)),
    _bear_off("narde", "24x14,1"),
    lesson("narde", "score", task("narde:w:2,1:24x15", "21", "narde_score", Goal("win"))),
)

KHACHAPURI_START = "24x4,6x11"
KHACHAPURI = (
    lesson("khachapuri", "start", task(f"khachapuri:w:{KHACHAPURI_START}:{KHACHAPURI_START}", "65", "khach_start")),
    lesson("khachapuri", "head", task(f"khachapuri:w:{KHACHAPURI_START}:{KHACHAPURI_START}", "53", "khach_head",
                                      Goal("head", 2)), title="many_head"),
    _doubles("khachapuri", KHACHAPURI_START, KHACHAPURI_START, "55", "24/4"),
    lesson("khachapuri", "blocked", task(f"khachapuri:w:24x3,19,6x11:{KHACHAPURI_START}", "11", "blocked",
                                         rule="blocked", start=19, die=1, to=18)),
    lesson("khachapuri", "block", task("khachapuri:w:24x4,20,18,17,16,15,14,6x5:24x4,22x11", "11", "block",
                                       rule="block", start=20, die=1, to=19)),
    _bear_off("khachapuri", KHACHAPURI_START),
    lesson("khachapuri", "score", task(f"khachapuri:w:2,1:{KHACHAPURI_START}", "21", "khach_score", Goal("win"))),
)

MOULTEZIM = (
    lesson("moultezim", "start", task("moultezim:w:24x15:24x15", "65", "moult_start")),
    lesson("moultezim", "runner", task("moultezim:w:24x15:24x15", "64", "runner", rule="runner", reach=11)),
    lesson("moultezim", "lifts", task("moultezim:w:24x14,14:24x15", "43", "lifts", Goal("head", 1), reach=11)),
    _doubles("moultezim", "24x13,18,5", "24x15", "44", "18/2"),
    lesson("moultezim", "blocked", task("moultezim:w:24x13,16,5:24x14,23", "55", "blocked", rule="blocked",
                                        start=16, die=5, to=11)),
    lesson("moultezim", "table", task("moultezim:w:24x10,13,11,10,9,8:24x15", "66", "table", rule="table")),
    _bear_off("moultezim", "24x15"),
    lesson("moultezim", "score", task("moultezim:w:2,1:24x15", "21", "moult_score", Goal("win"))),
)

TAWLA = (
    lesson("tawla31", "start", task("tawla31:w:24x15:24x15", "65", "tawla_start")),
    lesson("tawla31", "runner", task("tawla31:w:24x15:24x15", "64", "runner", rule="runner", reach=6)),
    lesson("tawla31", "lifts", task("tawla31:w:24x14,9:24x15", "43", "lifts", Goal("head", 1), reach=6)),
    lesson("tawla31", "blocked", task("tawla31:w:24x13,12,3:24x14,16", "33", "blocked", rule="blocked",
                                      start=12, die=3, to=9)),
    lesson("tawla31", "sixes", task("tawla31:w:24x15:24x15", "66", "tawla_six", rule="runner")),
    _doubles("tawla31", "24x13,18,5", "24x15", "44", "18/2"),
    _bear_off("tawla31", "13x15"),
    lesson("tawla31", "score", task("tawla31:w:2,1:13x15", "21", "tawla_score", Goal("win"))),
)

LESSONS: dict[str, tuple[Lesson, ...]] = {
    "backgammon": BACKGAMMON, "narde": NARDE, "khachapuri": KHACHAPURI, "moultezim": MOULTEZIM, "tawla31": TAWLA,
}
assert tuple(LESSONS) == VARIANT_NAMES or set(LESSONS) == set(VARIANT_NAMES)
BY_ID: dict[str, Lesson] = {each.id: each for game in LESSONS.values() for each in game}
