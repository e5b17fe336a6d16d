"""What the page asks of the worker, declared once: each intent's fields, as TypedDicts whose
union is `Intent` (web/worker/intents.py INTENTS handles them; "hello", "ping", "statistics"
and "review_in_background" are web/worker/engine.py's). Each names the fields its handler reads;
all of them are untrusted and read again there. Types only, translated into web/page/view-model.d.ts with viewmodel.py's
(tools/viewmodel_ts.py; tests/build/test_viewmodel_ts.py checks that the union names every intent
the worker handles, and no other).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Side = Literal["w", "b"]
PointId = str  # "1".."24" (White's numbering), "bar-w", "bar-b", "off-w", "off-b"


class PlainIntent(TypedDict):
    """An intent with nothing but its type."""

    type: Literal["hello", "ping", "discard", "setup", "close_setup", "dismiss", "export_url", "share",
                  "undo", "confirm", "double", "take", "beaver", "drop", "next_game", "bot", "play_on",
                  "edit_play", "edit_share", "edit_close", "dice_reveal", "dice_verify", "practice",
                  "study_close", "lesson_again", "lesson_next", "learn_close", "export_library",
                  "luck_ahead"]


class LearnIntent(TypedDict):
    """The Learn screen of `game` (`learn`), or a first game of it with the coach (`learn_game`)."""

    type: Literal["learn", "learn_game"]
    game: NotRequired[str | None]


class LessonOpenIntent(TypedDict):
    type: Literal["lesson_open"]
    lesson: str  # its id, "GAME-topic"



class PuzzlesIntent(TypedDict):
    """A puzzle of `variant` (None: the game studied or played): the next by rating, the day's, or again."""

    type: Literal["puzzles"]
    variant: NotRequired[str | None]
    pick: NotRequired[Literal["next", "daily", "again"]]


class DrillCubeIntent(TypedDict):
    """The Practice screen's cube card answered: one of the question's actions."""

    type: Literal["drill_cube"]
    action: Literal["double", "no_double", "take", "drop", "beaver"]


class OpeningsIntent(TypedDict):
    """The opening book of `variant` (None: the game studied or played) at its `entry`."""

    type: Literal["openings"]
    variant: NotRequired[str | None]
    entry: NotRequired[int]


class RollIntent(TypedDict):
    """Roll; with dice entered by hand, the two dice entered (in the opening, White's die first)."""

    type: Literal["roll"]
    dice: NotRequired[list[int]]


class DiceEntropyIntent(TypedDict):
    """The player's own words mixed into the dice before the first roll (web/worker/fairplay.py)."""

    type: Literal["dice_entropy"]
    text: str


class BootIntent(TypedDict):
    type: Literal["boot"]
    query: NotRequired[str]  # the page's query string
    lang: NotRequired[str]  # the page's guess of the language, until a save says otherwise
    save: NotRequired[str | None]  # the game this tab last kept
    fragment: NotRequired[str]  # the address's #fragment: a link to open
    link_save: NotRequired[str | None]  # the library's game of that game-by-link, if any


class SaveIntent(TypedDict):
    """Take another tab's game (`sync`), or open one of the library (`open_game`; `copy`: an import)."""

    type: Literal["sync", "open_game"]
    save: str | None  # refused when it is no text
    copy: NotRequired[bool]


class ImportedFile(TypedDict):
    name: str  # the file's name, for the report
    text: str


class ImportFilesIntent(TypedDict):
    """Files chosen to import at once: saves, .mat records, library files (web/worker/backup.py)."""

    type: Literal["import_files"]
    files: list[ImportedFile]


class NewGameIntent(TypedDict):
    type: Literal["new_game"]
    settings: NotRequired[dict[str, object]]  # Settings' fields to change


class SetIntent(TypedDict):
    """A preference (`set`) or a field of the editor's form (`edit_set`; "position": its text)."""

    type: Literal["set", "edit_set"]
    name: str
    value: object


class LoadUrlIntent(TypedDict):
    type: Literal["load_url"]
    fragment: str
    link_save: NotRequired[str | None]  # the library's game of that game-by-link, if any


class LinkNewIntent(TypedDict):
    type: Literal["link_new"]
    variant: NotRequired[str]
    seat: NotRequired[Side]
    from_board: NotRequired[bool]  # the position on the board as the start
    match_length: NotRequired[int]  # above 0 is refused with the reason (docs/link-play.md)


class LiveNewIntent(TypedDict):
    """A game played live (web/worker/duel/livegame.py): `live_new` as link_new, `live_offer` for the
    game under way; `offer` is the page's description of its side of the line."""

    type: Literal["live_new", "live_offer"]
    offer: str
    variant: NotRequired[str]
    seat: NotRequired[Side]
    from_board: NotRequired[bool]
    match_length: NotRequired[int]
    clock: NotRequired[list[float] | None]  # the time control [delay, reserve] in seconds, or none


class LiveTickIntent(TypedDict):
    """The page's clock shows a reserve spent: the engine looks whether a flag fell."""

    type: Literal["live_tick"]


class LiveAnswerIntent(TypedDict):
    type: Literal["live_answer"]
    answer: str


class LiveStateIntent(TypedDict):
    type: Literal["live_state"]
    state: Literal["open", "dropped", "failed"]


class LiveInIntent(TypedDict):
    """What arrived on the line, as it came."""

    type: Literal["live_in"]
    data: str


class LiveSayIntent(TypedDict):
    """A quick message (`quick`) or a chat line (`text`) to the other side."""

    type: Literal["live_say"]
    quick: NotRequired[str]
    text: NotRequired[str]


class LinkHoldIntent(TypedDict):
    type: Literal["link_hold"]
    keep: bool


class PointIntent(TypedDict):
    """A click on a place: the game's (`click`, `quick_step`) or the editor's (`edit_point`)."""

    type: Literal["click", "quick_step", "edit_point"]
    point: PointId


MoveIntent = TypedDict("MoveIntent", {
    "type": Literal["drag", "edit_move"],  # a checker dragged from one place to another
    "from": PointId,
    "to": PointId,
})


class ResignIntent(TypedDict):
    type: Literal["resign"]
    level: NotRequired[str]  # backgammon's: single, gammon or backgammon


class AnswerResignIntent(TypedDict):
    type: Literal["answer_resign"]
    accept: bool


class ReplayIntent(TypedDict):
    type: Literal["replay"]
    to: Literal["first", "back", "forward", "last"] | int


class HintIntent(TypedDict):
    type: Literal["hint"]
    show: NotRequired[int | None]  # the play drawn on the board (None: none)


class RolloutIntent(TypedDict):
    """Plays rolled out, a slice per request (web/worker/rollouts.py): the hint's, or the
    review's shown turn's."""

    type: Literal["rollout"]
    of: Literal["hint", "review"]
    action: Literal["start", "more", "cancel"]
    games: NotRequired[int]


ReviewIntent = TypedDict("ReviewIntent", {
    "type": Literal["review"],
    "show": NotRequired[int | None],  # the position after that turn (None: the game again)
    "close": NotRequired[bool],
    "try": NotRequired[int],  # a game against the computer from before that turn's play
    "game": NotRequired[int],  # that game of the match reopened in the review, from 0
    "summary": NotRequired[bool],  # the match summary, a slice further
})


class NextWork(TypedDict):
    """What the page sends by itself after a view (its `next`, web/worker/next_work.py): a slice
    of the work under way, or the computer's action, after `delay_ms`."""

    request: RolloutIntent | ReviewIntent | PlainIntent
    delay_ms: int
    paced: bool  # a pace the person watches (the computer's): reduced motion shortens it


class EditOpenIntent(TypedDict):
    type: Literal["edit_open"]
    start: NotRequired[Literal["start", "clear"]]  # the variant's start, or an empty board


class EditResetIntent(TypedDict):
    type: Literal["edit_reset"]
    to: Literal["start", "clear"]


class StatisticsGame(TypedDict):
    """A game of the library as Statistics reads it: its save, or the summary of it the engine
    made before (web/worker/statistics.py summary_of_save), its background review's summary
    (web/worker/background.py; null when not reviewed) and when it was last played (ms)."""

    id: str
    save: NotRequired[str]
    summary: NotRequired[dict[str, object]]
    review: NotRequired[dict[str, object] | None]
    when: float


class StatisticsIntent(TypedDict):
    """The Statistics screen's figures (web/worker/statistics_view.py): of every game, of the
    games against the computer, or of one game (its id)."""

    type: Literal["statistics"]
    games: list[StatisticsGame]
    scope: str


class BackgroundReviewIntent(TypedDict):
    """One slice of a finished game's review in the background (web/worker/background.py)."""

    type: Literal["review_in_background"]
    id: str
    save: str


Intent = (PlainIntent | RollIntent | DiceEntropyIntent | PuzzlesIntent | DrillCubeIntent | OpeningsIntent
          | LearnIntent | LessonOpenIntent | BootIntent | SaveIntent | ImportFilesIntent | NewGameIntent | SetIntent
          | LoadUrlIntent | LinkNewIntent | LiveNewIntent | LiveAnswerIntent | LiveStateIntent | LiveInIntent
          | LiveSayIntent | LiveTickIntent | LinkHoldIntent | PointIntent | MoveIntent | ResignIntent
          | AnswerResignIntent | ReplayIntent | HintIntent | RolloutIntent | ReviewIntent | EditOpenIntent
          | EditResetIntent | StatisticsIntent | BackgroundReviewIntent)
