"""The view model's shape: what the worker sends the page to paint.

`presenter.view()` (and `editor_view()` while the position editor is open) answers every
request with a `View`; `presenter.start_view()` is the `View` the build puts into the page;
`presenter.catalogue()` goes out once, in the worker's hello. These are types only: the page
gets these dicts as JSON exactly as they are built. Parts the presenter passes through from
the session (the hint, the review, the last move, the game's result, the record's events) are
plain JSON objects here.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Side = str  # "w" or "b"
PointId = str  # "1".."24" (White's numbering), "bar-w", "bar-b", "off-w", "off-b"


class Checker(TypedDict):
    id: str  # "w0".."w14", "b0".."b14": a checker keeps its id while it moves
    side: Side
    at: PointId
    i: int  # its place in the stack, 0 at the bottom


class PointInfo(TypedDict):
    side: Side
    count: int


class Die(TypedDict):
    value: int
    used: bool
    blocked: NotRequired[bool]  # left, but the turn is done: nothing can play it


class Cube(TypedDict):
    enabled: bool
    value: int
    owner: Side | None
    offered: bool


Arrow = TypedDict("Arrow", {
    "from": PointId,
    "to": PointId,
    "kind": Literal["last", "hint"],  # a step of the last confirmed turn, or of the hint shown
    "side": Side,  # whose checker moves
})


RouteStep = TypedDict("RouteStep", {"from": PointId, "to": PointId})


class Guide(TypedDict):
    """Drawn on a lesson's board: White's way round (an arrow along each quarter, 24 to 1) and
    each side's home (point ids)."""

    route: list[RouteStep]
    home: dict[Side, list[PointId]]


class BoardView(TypedDict):
    """What the board draws, and all it reads: the game and its options, the position with
    every checker by id, what may be moved now, the dice, the cube, which way up the board is
    and the arrows on it."""

    variant: str
    token: str
    options: list[str]
    cube_limit: int
    cube_face: int
    geometry: Literal["same", "opposite"]
    numbering: list[int]  # index p, a point in White's numbering, holds Black's number for it
    position: str
    phase: str  # "opening", "roll", "cube", "move", "take", "resign", "over"; "edit" in the editor
    turn: Side
    to_act: Side | None
    checkers: list[Checker]
    points: dict[PointId, PointInfo]
    movable: list[PointId]
    selected: PointId | None
    destinations: list[PointId]
    dice: list[Die]
    dice_text: str
    opening_dice: dict[Side, int] | None
    cube: Cube
    flipped: bool  # drawn from Black's side: Black's numbering, Black at the bottom
    arrows: list[Arrow]  # the last move's steps, then the shown hint's (none in the editor)
    guide: Guide | None  # the way round and the homes, in a lesson (else None)


class Can(TypedDict):
    """The controls the person may use now."""

    roll: bool
    double: bool
    take: bool
    drop: bool
    beaver: bool
    undo: bool
    hint: bool
    review: bool
    confirm: bool
    resign: bool
    answer_resign: bool
    replay: bool
    play_on: bool
    next_game: bool
    new_match: bool


class Player(TypedDict):
    kind: Literal["human", "computer"]
    pips: int
    off: int
    score: int


class MatchView(TypedDict):
    length: int
    score: list[int] | None
    crawford: bool
    over: bool


class Replay(TypedDict):
    at: int  # the record is shown after this many events
    of: int


class ResignLevel(TypedDict):
    level: str
    points: int


class Resign(TypedDict, total=False):
    """What giving up costs now (`levels` where resigning is offered, `concede` where it is
    not), or the offer on the table (`offer`, `side`, `points`)."""

    levels: list[ResignLevel]
    concede: int
    offer: str
    side: Side
    points: int


class LinkView(TypedDict):
    """A game by link: the link to send while this device waits."""

    gid: str
    me: Side
    seq: int
    waiting: bool
    asked: bool
    declared: bool  # this side will not double at its next turn: the other's link brings its dice
    hold_offered: bool  # the person may keep the cube for their next turn (one more link then)
    hold: bool  # and keeps it
    over: bool
    url: str | None


class EditorForm(TypedDict):
    """The position editor's form beside the board."""

    tool: str
    variant: str
    token: str
    turn: Side
    dice: str
    cube: int
    owner: str  # "", "w" or "b"
    cube_values: list[int]
    length: int
    score: list[int]
    crawford: bool
    opponent: str
    text: str
    problems: list[dict[str, Any]]  # {"key": KEY, "args": {...}}: edit.problem.KEY in web/i18n
    valid: bool
    fragment: str | None


class LessonEntry(TypedDict):
    id: str  # "GAME-topic"
    title: str  # learn.title.* in web/i18n
    done: bool


class LessonTaskView(TypedDict):
    """The lesson open: its task's words (learn.task.* with `args`), where it stands."""

    id: str
    title: str
    text: str
    args: dict[str, Any]
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


class View(BoardView):
    """The whole view model: the board's part and everything around it."""

    schema: int
    screen: str  # "setup" or "board"
    can: Can
    players: dict[Side, Player]
    match: MatchView | None
    result: dict[str, Any] | None
    last: dict[str, Any] | None  # the last confirmed turn: side, dice, text, steps
    hint: dict[str, Any] | None
    record: list[dict[str, Any]]
    replay: Replay | None
    resign: Resign | None
    review: dict[str, Any] | None
    message: dict[str, Any] | None  # {"key": KEY, "args": {...}}: msg.KEY in web/i18n
    settings: dict[str, Any]
    prefs: dict[str, Any]
    bot_pending: bool
    dice_source: str | None
    link: LinkView | None
    editor: EditorForm | None
    learn: LearnView | None


class VariantEntry(TypedDict):
    """What the setup form needs to offer one game."""

    name: str
    title: str
    options: list[str]
    cube: bool
    cube_limits: list[int]
    default_cube_limit: int
    match_lengths: list[int]
    default_match_length: int
    fixed_match_length: int | None


class Language(TypedDict):
    code: str
    name: str  # the language's own name


class Catalogue(TypedDict):
    variants: list[VariantEntry]
    languages: list[Language]
    levels: list[str]
    level_shares: dict[str, dict[str, float]]  # per game, each level's % of the points against the one below
