"""The study screens' part of the view model (web/worker/study.py, practice.py, lessons.py):
puzzles, the opening book, drills and lessons. Declared apart from viewmodel.py to keep each file short; translated into
web/page/view-model.d.ts with it (tools/viewmodel_ts.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

StudySide = Literal["w", "b"]  # viewmodel.py's Side (that module imports this one: no import back)


class StudyRating(TypedDict):
    """The player's puzzle rating in one game (web/worker/study.py)."""

    rating: float
    provisional: bool  # still unsure: shown with a question mark
    solved: int
    missed: int


class StudyPuzzle(TypedDict):
    """The puzzle on the study board."""

    id: str
    rating: int
    themes: list[str]  # study.theme.NAME in web/i18n
    side: StudySide
    dice: str  # "64"
    daily: bool
    link: str  # the URL fragment that opens it: "puzzle=ID"
    position: str  # the puzzle's position string (docs/RULES.md), for <nard-board puzzle> (docs/embed.md)


class StudyFact(TypedDict):
    """A difference between the best play and another (nardcore.bots.explain): a why.play.* key
    of web/i18n and its arguments; viewmodel.py's Fact (that module imports this one)."""

    key: str
    args: dict[str, int | float | str]


class StudyResult(TypedDict):
    """A puzzle answered: graded by the equity it gives up (web/worker/puzzles.py grade)."""

    puzzle: str
    solved: bool
    played: str
    best: str
    lost: float
    mark: Literal["blunder", "mistake", "inaccuracy"] | None
    rated: bool  # the first answer to this puzzle: the rating moved
    before: float
    after: float
    interval: NotRequired[int]  # a drill: the days until it is asked again
    why: NotRequired[list[StudyFact]]  # a puzzle: why the best beats the play made (solved: the second best)


class DrillScore(TypedDict):
    """A cube card's match score: the length, what the side that answers needs, the other's."""

    length: int
    need: int
    other: int
    crawford: bool


class DrillCube(TypedDict):
    """A cube card's question (practice.py): the side that answers, the cube (as offered, for a
    take), and the actions to choose from (drills.cube.* in web/i18n)."""

    ask: Literal["double", "take"]
    side: StudySide
    value: int
    answers: list[Literal["double", "no_double", "take", "drop", "beaver"]]
    score: NotRequired[DrillScore]


class DrillView(TypedDict):
    """The drill asked on the Practice screen (web/worker/practice.py), and the deck's counts."""

    side: StudySide
    dice: str  # "" for a cube card
    played: str  # what was played in the game (a cube card: its action, drills.cube.*)
    best: str
    lapses: int
    due: int
    cards: int
    cube: NotRequired[DrillCube]  # a cube decision, asked as one


class BookLine(TypedDict):
    """One line of the opening book's lists: an entry and its best play."""

    index: int
    dice: str
    best: str
    equity: float
    win: float | None


class BookPlayView(TypedDict):
    play: str
    equity: float
    interval: float
    win: float | None  # the chance to win, 0..1
    outcomes: dict[str, float]


class BookView(TypedDict):
    """The opening book's entry on the board, its plays, the opening rolls and the replies."""

    entry: int
    opening: int  # the opening this entry belongs to
    shown: int  # the play drawn on the board
    side: StudySide
    dice: str
    games: int  # rolled out per play
    plays: list[BookPlayView]
    openings: list[BookLine]
    replies: list[BookLine]


class StudyView(TypedDict):
    """A study screen's panel: puzzles or the opening book (web/worker/study.py study_view)."""

    kind: Literal["puzzles", "openings", "drills"]
    variant: str
    games: list[str]  # the games that have any
    rating: StudyRating | None
    puzzle: StudyPuzzle | None
    result: StudyResult | None
    book: BookView | None
    drill: NotRequired[DrillView]
    link: NotRequired[str]


class LessonEntry(TypedDict):
    id: str  # "GAME-topic"
    title: str  # learn.title.* in web/i18n
    done: bool


class LessonTaskView(TypedDict):
    """The lesson open: its task's words (learn.task.* with `args`), where it stands."""

    id: str
    title: str
    text: str
    args: dict[str, int | str]
    dice: str
    index: int  # the task shown, of `of`
    of: int
    state: Literal["try", "miss", "done"]
    next: str | None  # the game's next lesson


class LearnView(TypedDict):
    """The Learn screen: a game's lessons with their done marks, and the lesson open."""

    variant: str
    title: str
    games: list[str]
    lessons: list[LessonEntry]
    open: LessonTaskView | None
