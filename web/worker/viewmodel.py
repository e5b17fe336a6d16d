"""The view model's shape, declared once: what the worker sends the page to paint, what the page asks (the intents).

`presenter.view()` (and `editor_view()` while the position editor is open) answers every request
with a `View`; `presenter.start_view()` is the `View` the build puts into the page; `presenter.catalogue()`
goes out once, in the worker's hello. These are types only: the page gets these dicts as JSON exactly
as they are built. web/page/view-model.d.ts is generated from this file (`python tools/viewmodel_ts.py`;
tests/build/test_viewmodel_ts.py fails when they differ), so every type here is one the generator
translates: TypedDicts, aliases, `Literal`, `list`, `tuple`, `dict`, `X | None`, `NotRequired`, and
`Annotated[T, "partial"]` for the page's `Partial<T>` (Python reads it as T).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from .intent_shapes import NextWork, PointId, Side  # declared with the intents, which name them
from .viewmodel_dice import DiceHistory, FairView
from .viewmodel_library import Imported, LibraryEntry, LibraryHead, ShareLinks
from .viewmodel_study import LearnView, StudyView

Step = tuple[PointId, PointId]  # a step from one place to the other
SIDES: tuple[Side, Side] = ("w", "b")  # by nardcore's side number: WHITE 0, BLACK 1


def side_of(letter: str) -> Side:
    """A side's letter ("w" or "b": a checker's id starts with one) as a Side."""
    if letter not in SIDES:
        raise ValueError(f"a side is w or b, not {letter!r}")
    return SIDES[SIDES.index(letter)]


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


RouteStep = TypedDict("RouteStep", {"from": PointId, "to": PointId})


class Guide(TypedDict):
    """Drawn on a lesson's board and in a first game: one side's way round (an arrow along each
    quarter, its 24 to its 1: White's in a lesson, the reader's in a game) and each side's home
    (point ids)."""

    route: list[RouteStep]
    home: dict[Side, list[PointId]]


class Can(TypedDict):
    """The controls the person may use now (presenter.can)."""

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


class SessionView(TypedDict):  # a money session (session.py): its games so far, the running score
    games: int  # finished
    score: list[int]


class LastMove(TypedDict):
    """The last confirmed turn: the line under the board (its arrows are the board's `arrows`)."""

    side: Side
    dice: str
    text: str
    steps: list[Step]
    read: NotRequired[str]  # the play in the numbering the board shows (web/worker/point_numbers.py)


class Fact(TypedDict):
    """A difference between two plays (nardcore.bots.explain): a why.play.* key of web/i18n and
    its arguments. The hint's plays (`why`), the review (`why`, for the marked turn shown) and
    the coach's message (`args.why`) carry them, largest first."""

    key: str
    args: dict[str, int | float | str]


class HintPlay(TypedDict):
    play: str
    equity: float
    loss: float
    win: float | None  # the chance to win (0..1) after this play, for the side that plays it
    why: list[Fact]  # why the best play beats this one (the best: why it beats the second), largest first
    book: NotRequired[bool]  # a play of the opening book here (advice.py hint_for)
    steps: list[Step]


class RolloutFigures(TypedDict):
    """One play's rollout figures so far (nardcore.bots.rollout Rollout.to_dict), for the mover."""

    play: str | None
    games: int
    total: int
    outcomes: dict[str, float]  # win, win_2x, ..., as `python -m nardcore eval` names them
    equity: float
    low: float | None  # the 95% interval; null after a single game
    high: float | None


class HintRollout(TypedDict):
    """The hint's plays rolled out: the page asks for more while `running`."""

    running: bool
    stopped: bool  # cancelled: the figures so far
    done: int
    total: int
    games: int  # per play
    level: str
    plays: list[RolloutFigures]


class CubeEquities(TypedDict):
    no_double: float
    double_take: float
    double_pass: float


class CubeAdvice(TypedDict):  # the cube decision spelled out (cube_judge.advice), the doubler's view
    action: str  # "no_double_take", "double_pass", "too_good_pass", ... or "unavailable"
    money: bool
    equity: CubeEquities  # money: points per unit cube; match: match-winning chances 0..1
    emg: NotRequired[CubeEquities]  # match: the same as money equity
    score: NotRequired[dict[str, int]]  # a match: its length, the doubler's need and the other's
    take_point: float  # the least chance to win the doubled side needs to take
    taker_chance: float  # the doubled side's chance to win (cubeless)
    doubler: Side
    taker: Side


class Hint(TypedDict):
    """The best plays (one of them drawn: `shown`), or the cube action."""

    cube: Literal["double", "roll", "take", "drop", "beaver"] | None
    plays: list[HintPlay]
    shown: int | None
    side: NotRequired[Side]
    cube_advice: NotRequired[CubeAdvice | None]  # at a cube decision, with a network
    rollout: NotRequired[HintRollout]  # once asked for (web/worker/rollouts.py)


class RecordEntry(TypedDict):
    index: int
    number: int  # the turns played up to this one (0 before the first)
    kind: str  # "opening", "play", "pass", "double", "take", "drop", "beaver", "resign" ...
    side: Side | None
    text: str
    dice: list[int] | None
    play: str
    read: NotRequired[str]  # the play in the numbering the board shows (web/worker/point_numbers.py)
    cube: int | None
    level: str | None


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


class DecisionCube(TypedDict):
    """The cube a cube decision was taken at (nardcore cube_judge CubeState.to_dict)."""

    value: int
    owner: Side | None  # None: centred
    jacoby: bool
    beavers: bool


class Decision(TypedDict):
    turn: int
    side: Side
    kind: str  # "play", or the cube's "double", "no_double", "take", "drop", "beaver"
    position: str
    dice: str
    chosen: str
    best: str  # a play, or the cube's "double", "no_double", "too_good", "take", "drop", "beaver"
    loss: float
    mark: str | None
    luck: float | None  # the roll's luck for the mover, in points (plays only)
    forced: bool  # no choice: left out of the error rate
    cube: NotRequired[DecisionCube]  # a cube decision's cube, as it stood
    chosen_read: NotRequired[str]  # a play: `chosen` and `best` in the numbering the board shows
    best_read: NotRequired[str]  # (web/worker/point_numbers.py)


class ReviewPart(TypedDict):  # one side's plays or cube decisions alone (analysis Review.part_dict)
    choices: int
    error_rate: float  # thousandths of a point per choice
    skill: str | None


class SideSummary(TypedDict):  # one side over a whole match (nardcore.bots.match_review.summary)
    checker: ReviewPart
    cube: ReviewPart
    overall: ReviewPart
    luck: float  # points
    rating: int | None  # the error-based rating estimate (nardcore.bots.ratings): matches only, enough choices


class MatchSummary(TypedDict):
    games: int
    sides: Annotated[dict[Side, SideSummary], "partial"]


class SummaryProgress(TypedDict):  # the match summary under way: games reviewed so far
    done: int
    total: int


class ReviewRollout(HintRollout):
    """A reviewed turn's plays rolled out (the play made and the roll's best): as the hint's."""

    turn: int


class Review(TypedDict):
    """The game's review as far as it has got (web/worker/advice.py run_review)."""

    done: int
    total: int
    complete: bool
    shown: int | None
    decisions: list[Decision]
    chances: list[float]
    positions: list[str]
    error_rate: Annotated[dict[Side, float], "partial"]
    luck: Annotated[dict[Side, float], "partial"]  # the luck measured so far (all of it once `complete`)
    skill: Annotated[dict[Side, str | None], "partial"]  # a label, or "too_few" choices to tell
    checker: Annotated[dict[Side, ReviewPart], "partial"]  # the checker plays alone
    cube: Annotated[dict[Side, ReviewPart], "partial"]  # the cube decisions alone (backgammon)
    why: NotRequired[list[Fact] | None]  # the shown turn, when marked: why its best play beats the play made
    ranked: bool  # every play ranked (the first pass): the graph, marks, error rates and skill are whole
    luck_done: int  # the plays whose roll's luck is measured (the second pass)
    luck_turns: int  # the plays in all
    rollable: bool  # the shown turn may be rolled out: every play ranked, a play with a choice
    game: NotRequired[int | None]  # the match's game under review, from 0 (None: the game on the board)
    games: NotRequired[int]  # the match's games the review may open (0 outside a match)
    summary: NotRequired[MatchSummary | SummaryProgress]  # the match summary, once asked for
    rollout: NotRequired[ReviewRollout]  # the shown turn rolled out, once asked for (web/worker/rollouts.py)


class Message(TypedDict):  # a key of web/i18n's msg.* and its arguments (web/worker/messages.py)
    key: str
    args: NotRequired[dict[str, object]]


class GameResultView(TypedDict):  # how the game ended (nardcore.gamedata result_to_dict)
    winner: Side | None
    points: int
    kind: str
    cube: int
    resigned: NotRequired[bool]


class Settings(TypedDict):  # the game's settings (web/worker/settings.py DEFAULT_SETTINGS)
    variant: str
    match_length: int
    opponent: str
    level: NotRequired[str]
    seat: NotRequired[Side]


class Prefs(TypedDict):
    """The person's preferences (web/worker/settings.py DEFAULT_PREFS)."""

    lang: str
    auto_roll: bool
    auto_confirm: bool
    auto_forced: bool
    flip: bool
    turn_board: bool
    coach: bool
    sound: bool  # the page's sounds (web/page/sound.js)
    auto_bear_off: bool  # the rest of a turn that can only bear off is played at once
    dice_history: bool  # this game's dice beside the board (web/worker/fairplay.py history)
    background_review: bool  # finished games against the computer reviewed when idle (Statistics)
    learned: list[str]  # the lessons done (web/worker/lessons.py), by id
    both_numbers: bool  # both sides' point numbers on the board, the record in each side's own
    game: str  # the game last chosen on the start screen ("" before the first)
    way_shown: list[str]  # the games started here from the start screen (their first shows the way round)


class LinkView(TypedDict):  # a game by link (web/worker/duel/linkgame.py view): the link to send while it waits
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


LiveState = Literal["inviting", "answering", "replying", "connecting", "connected", "dropped"]


class LiveOut(TypedDict):  # a message for the line: its number (the page sends each once) and its text
    n: int
    data: str


class ClockView(TypedDict):  # a live game's clocks (web/worker/duel/liveclock.py), in seconds
    w: float  # each side's reserve left (the page counts down until the next view)
    b: float
    running: Side | None  # whose clock runs
    delay: float  # the delay left of its turn
    paused: bool
    control: list[float]  # the time control: [delay, reserve]
    me: Side  # this device's side
    flag: Side | None  # the side that lost on time


class LiveView(TypedDict):  # a game played live (web/worker/duel/livegame.py view)
    state: LiveState
    link: str | None  # the live link to send
    remote: str | None  # the other side's description for the page to take (new when `token` changes)
    token: int
    outbox: list[LiveOut]  # the messages for the line, numbered
    heard: list[dict[str, str]]  # the other side's last words
    clock: ClockView | None


class EditorProblem(TypedDict):
    """A broken rule of the set-up: edit.problem.KEY in web/i18n, with its arguments."""

    key: str
    args: NotRequired[dict[str, object]]


class EditorForm(TypedDict):
    """The position editor's form beside the board (web/worker/editor.py Editor.view)."""

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
    problems: list[EditorProblem]
    valid: bool
    fragment: str | None


class HandView(TypedDict):
    """Dice entered by hand: whose roll the picker asks for (None in the opening: one die each)."""

    side: Side | None
    opening: bool


# An arrow on the board: a step of the last confirmed turn, or of the hint's play shown.
Arrow = TypedDict("Arrow", {
    "from": PointId,
    "to": PointId,
    # a step of the last turn, of the hint shown (or the review's better play), or of the play a reviewed turn made
    "kind": Literal["last", "hint", "played"],
    "side": Side,  # whose checker moves
})


class BoardView(TypedDict):
    """What the board draws (web/page/board/board.js), and all it reads: the game and its
    options, the position with every checker by id, what may be moved now, the dice, the cube,
    which way up the board is and the arrows on it. The engine sends it inside every view;
    <nard-board> builds one of its own (embed.js boardView, tests/page/test_embed_board.py)."""

    variant: str
    token: str
    options: list[str]
    cube_limit: int
    cube_face: int  # the number the cube shows (nardcore.svg cube_face)
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
    numbers: NotRequired[list[Side]]  # the numberings the points are labelled in, the reader's first (point_numbers.py)
    arrows: list[Arrow]  # the last move's steps, then the shown hint's (none in the editor)
    guide: Guide | None  # the way round and the homes, in a lesson or a first game (else None)


class FirstView(BoardView, total=False):
    """What the page paints before the engine answers: the board and the players beside it,
    from the last view the page kept or the build's start view (the page's own: Python never
    makes one)."""

    screen: str
    players: Annotated[dict[Side, Player], "partial"]
    match: MatchView | None
    can: Annotated[Can, "partial"]
    last: LastMove | None


class View(BoardView):
    """The whole view model: presenter.view, or presenter.editor_view while editing."""

    schema: int
    screen: Literal["setup", "board"]
    can: Can
    players: dict[Side, Player]
    match: MatchView | None
    result: GameResultView | None
    last: LastMove | None
    hint: Hint | None
    record: list[RecordEntry]
    replay: Replay | None
    resign: Resign | None
    review: Review | None
    message: Message | None
    settings: Settings
    prefs: Prefs
    bot_pending: bool
    next: NextWork | None  # what the page sends by itself, and when (web/worker/next_work.py)
    dice_source: str | None
    link: LinkView | None
    live: LiveView | None
    editor: EditorForm | None
    fair: FairView | None
    hand: HandView | None
    dice_history: DiceHistory | None
    study: StudyView | None  # a study screen's panel (study.py, practice.py): puzzles, openings, drills
    money_session: SessionView | None  # consecutive single games: one session (session.py)
    practice_due: int  # the drills due now (web/worker/practice.py)
    learn: LearnView | None


class Answer(TypedDict):
    """The answer to every intent (web/worker/ui.py dispatch), or {error} when it failed."""

    view: View
    save: str
    entry: LibraryEntry
    url: NotRequired[str]
    set_aside: NotRequired[str]
    share: NotRequired[ShareLinks]
    imported: NotRequired[Imported]
    library: NotRequired[LibraryHead]
    error: NotRequired[str]


class RulesSection(TypedDict):
    """One part of a game's rules on the rules screen: its heading and its paragraphs (keys of web/i18n)."""

    heading: str
    text: list[str]


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
    rules: list[RulesSection]  # the game's complete rules, section by section (web/worker/rules_text.py)


class Language(TypedDict):
    code: str
    name: str  # the language's own name


class Catalogue(TypedDict):
    """The games, their options, lengths and cube limits, the levels and languages (presenter.catalogue)."""

    variants: list[VariantEntry]
    languages: list[Language]
    levels: list[str]
    level_shares: dict[str, dict[str, float]]  # per game, each level's % of the points against the one below


class Hello(TypedDict):
    """The engine's answer to {"type": "hello"} (web/worker/engine.py hello)."""

    ready: bool
    python: str
    platform: str
    position: str
    ui: bool
    boot: str | None
    catalogue: Catalogue

