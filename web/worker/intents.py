"""Every request the page may send, in one table: its handler, and whether the hint and the
review survive it (a hint belongs to the moment it was asked for; a review too, until the
game moves on).

A handler reads its request (untrusted), asks whether the action is allowed now (a control
pressed at the wrong moment does nothing), acts through flow / turn_input / saves,
then lets the autopilot play what needs no decision. It may answer a URL fragment.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from nardcore.errors import quoted
from nardcore.game import RESIGN_LEVELS, GameError
from nardcore.position import SIDE_LETTERS, Position, PositionError
from nardcore.readers import GameStateError
from nardcore.svg import render
from nardcore.variant import VariantError

from . import advice, flow, lessons, linkgame, record, rollouts, saves, turn_input
from . import editor as editing
from .autopilot import Autopilot
from .dice import CountingDice
from .inputs import UIError, is_lang, parse_dice_spec, parse_query
from .linkformat import is_link
from .reasons import reason
from .session import Session
from .settings import DEFAULT_SETTINGS, read_pref

Request = dict[str, Any]
Handler = Callable[[Session, Autopilot, Request], str | None]
AUTOMATION_PREFS = ("auto_roll", "auto_forced", "auto_confirm")
SAVE_ERRORS = (UIError, GameStateError, ValueError, KeyError, TypeError)


class Intent(NamedTuple):
    handle: Handler
    keeps_hint: bool = False
    keeps_review: bool = False
    keeps_replay: bool = False  # any other request goes back to the game as it is
    # while the position editor is open: "close" it (another game comes, or the page leaves
    # it), "ignore" the request (the game's own actions wait), "keep" it open, or "edit"
    while_editing: str = "close"
    # while the Learn screen or a lesson is open: "close" it, "ignore" the request, "keep" it
    # open, or "hand": the person's hand on the board, which plays the lesson's task
    while_learning: str = "close"

    def prepare(self, session: Session) -> bool:
        """Forget what belonged to the last request only; False: the request is not for now."""
        if session.learn is not None:
            if self.while_learning == "ignore" or (self.while_learning == "hand" and session.learn.run is None):
                return False
            if self.while_learning == "close":
                session.learn = None
        if session.editor is not None:
            if self.while_editing == "ignore":
                return False
            if self.while_editing == "close":
                session.editor = None
        session.set_aside = None
        if not self.keeps_replay:
            session.replay = None
        session.share = None
        if not self.keeps_hint:
            session.hint = None
        if not self.keeps_review:
            advice.close_review(session)
        return True


# -- the session ----------------------------------------------------------------------------


def boot(session: Session, pilot: Autopilot, request: Request) -> None:
    """The page started: test dice from its query, its language guess, the save, a link."""
    spec = parse_query(str(request.get("query") or ""))
    if spec is not None:
        try:
            parse_dice_spec(spec)
        except UIError as error:
            spec = None
            session.say("bad_dice", error=reason(error))
    session.dice = CountingDice(spec)
    if is_lang(request.get("lang")):
        session.prefs["lang"] = request["lang"]  # the page's guess, until a save says otherwise
    save = request.get("save")
    if isinstance(save, str) and save:
        try:
            saves.load_save(session, save)
        except SAVE_ERRORS as error:
            session.set_aside = save
            session.settings = dict(DEFAULT_SETTINGS)
            session.start_game({})
            session.say("save_corrupt", error=reason(error))
    fragment = request.get("fragment")
    if isinstance(fragment, str) and fragment.strip("#"):
        load_url(session, pilot, {"fragment": fragment, "link_save": request.get("link_save")})
    pilot.automate(session)


def sync(session: Session, pilot: Autopilot, request: Request) -> None:
    """Take the game another tab saved (its `save`); unreadable data changes nothing."""
    save = request.get("save")
    if not isinstance(save, str) or not save:
        raise UIError("nothing to take over")
    saves.load_save(session, save)
    session.say("synced")


def open_game(session: Session, pilot: Autopilot, request: Request) -> None:
    """Open a game of the library (its `save`), or an imported file as a new entry (`copy`: a
    save of this app, or a .mat game record); the preferences stay as they are. Unreadable data
    is said and changes nothing."""
    save = request.get("save")
    if request.get("copy") is True and isinstance(save, str) and not save.strip("\ufeff \t\r\n"):
        session.say("import_empty")  # an empty file: said in words, and nothing changes
        return
    if not isinstance(save, str) or not save:
        raise UIError("no game to open")
    try:
        if request.get("copy") is True and saves.looks_like_mat(save):
            saves.load_mat(session, save)  # a game record (.mat) imported as a new game
        else:
            saves.load_save(session, save, keep_prefs=True, copy=request.get("copy") is True)
    except SAVE_ERRORS as error:
        session.say("open_bad", error=reason(error))
        return
    session.say("imported" if request.get("copy") is True else "opened")
    pilot.automate(session)


def discard(session: Session, pilot: Autopilot, request: Request) -> None:
    """The game on the board was deleted from the library: a new one, on the start screen."""
    session.start_game({})
    session.screen = "setup"


def new_game(session: Session, pilot: Autopilot, request: Request) -> None:
    session.start_game(request.get("settings") or {})
    pilot.automate(session)


def setup(session: Session, pilot: Autopilot, request: Request) -> None:
    session.screen = "setup"


def close_setup(session: Session, pilot: Autopilot, request: Request) -> None:
    session.screen = "board"


def set_pref(session: Session, pilot: Autopilot, request: Request) -> None:
    name = read_pref(request.get("name"), request.get("value"))
    session.prefs[name] = request["value"]
    if name in AUTOMATION_PREFS and request["value"]:
        pilot.automate(session)


def dismiss(session: Session, pilot: Autopilot, request: Request) -> None:
    session.message = None


def load_url(session: Session, pilot: Autopilot, request: Request) -> None:
    fragment = request.get("fragment")
    if isinstance(fragment, str) and is_link(fragment):
        linkgame.open_link(session, fragment, request.get("link_save"))
        return
    if isinstance(fragment, str) and fragment.lstrip("#").startswith("learn="):
        try:
            game, lesson = lessons.read_link(fragment)
        except UIError as error:
            session.say("url_bad", error=reason(error))
            return
        if lesson is None:
            lessons.open_list(session, game)
        else:
            lessons.open_lesson(session, lesson)
        return
    try:
        saves.load_url(session, fragment if isinstance(fragment, str) else "")
    except (UIError, GameStateError, VariantError, ValueError) as error:
        session.say("url_bad", error=reason(error))
        return
    session.say("url_loaded")


def link_new(session: Session, pilot: Autopilot, request: Request) -> None:
    """Start a game played by link (web/worker/linkgame.py): the invitation is the link to send."""
    linkgame.start(session, request)


def link_hold(session: Session, pilot: Autopilot, request: Request) -> None:
    """In a game by link, keep the cube for the next turn or not (web/worker/linkgame.py `hold`)."""
    linkgame.hold(session, request)


def export_url(session: Session, pilot: Autopilot, request: Request) -> str:
    return saves.export_url(session)


def share(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.editor is not None:  # the set-up being edited is what the page shows
        edit_share(session, pilot, request)
        return
    # and the record for <nard-board> (docs/embed.md), positions worked out here: the page has no rules
    session.share = {**saves.share_links(session), "record": record.embed_record(session.game)}


# -- the turn -------------------------------------------------------------------------------


def roll(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.others_to_act() or session.game.phase not in ("opening", "cube", "roll"):
        return
    if session.duel is not None:
        linkgame.roll(session)
        pilot.automate(session)
        return
    flow.roll(session)
    pilot.automate(session)


def click(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.click(board, turn_input.read_point(board.game,
                                                                                           request.get("point"))))
        return
    turn_input.click(session, turn_input.read_point(session.game, request.get("point")))
    pilot.automate(session)


def quick_step(session: Session, pilot: Autopilot, request: Request) -> None:
    """A double click or double tap on a checker (turn_input.quick_step)."""
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.quick_step(board, turn_input.read_point(
            board.game, request.get("point"))))
        return
    turn_input.quick_step(session, turn_input.read_point(session.game, request.get("point")))
    pilot.automate(session)


def drag(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.drag(
            board, turn_input.read_point(board.game, request.get("from")),
            turn_input.read_point(board.game, request.get("to"))))
        return
    game = session.game
    origin, target = turn_input.read_point(game, request.get("from")), turn_input.read_point(game, request.get("to"))
    turn_input.drag(session, origin, target)
    pilot.automate(session)  # as after a click: a drag that ends the turn may confirm it


def undo(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, turn_input.undo)
        return
    turn_input.undo(session)


def confirm(session: Session, pilot: Autopilot, request: Request) -> None:
    if not session.human_moving() or not session.game.turn_done or advice.coach_stops(session):
        return
    flow.confirm(session)
    pilot.automate(session)


def double(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.others_to_act() or not session.game.may_double() or not linkgame.may_double(session):
        return
    flow.double(session)
    pilot.automate(session)


def take(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.others_to_act() or session.game.phase != "take":
        return
    flow.take(session)
    pilot.automate(session)


def beaver(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.others_to_act() or not session.game.may_beaver():
        return
    flow.beaver(session)
    pilot.automate(session)


def drop(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.others_to_act() or session.game.phase != "take":
        return
    flow.drop(session)


def resign(session: Session, pilot: Autopilot, request: Request) -> None:
    """The person gives up the game: backgammon offers a `level`, the others concede."""
    game, level = session.game, request.get("level")
    if level is not None and (not isinstance(level, str) or level not in RESIGN_LEVELS):  # a list: no TypeError
        raise UIError(f"resign level is one of {', '.join(RESIGN_LEVELS)}, not {quoted(level)}")
    if session.others_to_act() or not game.may_resign():
        return
    if game.resign_by_offer and level is None:
        raise UIError("backgammon resigns a single game, a gammon or a backgammon: say which")
    flow.resign(session, level if game.resign_by_offer else None)
    pilot.automate(session)


def answer_resign(session: Session, pilot: Autopilot, request: Request) -> None:
    """The person answers the other side's offer to resign: `accept` true or false."""
    accept = request.get("accept")
    if not isinstance(accept, bool):
        raise UIError("accept is true or false")
    if session.others_to_act() or session.game.phase != "resign":
        return
    if accept:
        flow.accept_resignation(session)
    else:
        flow.decline_resignation(session)
    pilot.automate(session)


def next_game(session: Session, pilot: Autopilot, request: Request) -> None:
    if not session.game.over:
        return
    flow.next_game(session)
    pilot.automate(session)


def bot(session: Session, pilot: Autopilot, request: Request) -> None:
    """One action of the computer (the view asks for it with `bot_pending`)."""
    pilot.act(session)


# -- help -----------------------------------------------------------------------------------


def replay(session: Session, pilot: Autopilot, request: Request) -> None:
    """Step through the record: `to` is first, back, forward, last, an event count, or None."""
    try:
        record.step(session, request.get("to"))
    except ValueError as error:
        raise UIError(str(error)) from None
    if session.replay is not None:
        session.say("replay_at", at=session.replay, of=len(session.game.history))
    elif session.message is not None and session.message.key == "replay_at":
        session.message = None


def play_on(session: Session, pilot: Autopilot, request: Request) -> None:
    """A new game of the library from the position replay shows."""
    position = record.shown_position(session)
    if position is None:
        return
    if position.winner() is not None:
        raise GameError("the game is over at this point: step back to play on")
    session.play_on_from(position)
    session.say("played_on")
    pilot.automate(session)


def hint(session: Session, pilot: Autopilot, request: Request) -> None:
    """The best plays for the person's turn (or the cube action); `show` draws one of them."""
    if not advice.can_hint(session):
        raise GameError("there is nothing to hint now")
    show, shown = request.get("show"), session.hint
    if shown is not None and isinstance(show, int) and not isinstance(show, bool):
        if shown.get("plays") and 0 <= show < len(shown["plays"]):
            shown["shown"] = show
        return
    session.hint = advice.hint_for(session.game)


def rollout(session: Session, pilot: Autopilot, request: Request) -> None:
    """The hint's plays rolled out a slice at a time: `action` "start" (with `games` per play,
    optional), "more" (the page asks again while it runs) or "cancel" (web/worker/rollouts.py)."""
    rollouts.run_rollout(session, request.get("action"), request.get("games"))


def review(session: Session, pilot: Autopilot, request: Request) -> None:
    """Review the game a slice at a time (the page asks again until `complete`); `show`: draw
    the position after that turn (None: the game again); `close`; `try`: a new game against
    the computer from the position before that turn's play, with its roll; `rollout`: the
    shown turn's plays rolled out, "start" (with `games`), "more" or "cancel" (rollouts.py)."""
    if request.get("close"):
        advice.close_review(session)
        return
    if "rollout" in request:
        rollouts.run_review_rollout(session, request["rollout"], request.get("games"))
        return
    if "try" in request:
        advice.try_review_turn(session, request["try"])
        pilot.automate(session)
        return
    show = request.get("show", False)
    if session.review is not None and show is not False:
        advice.show_review_turn(session, show)
        return
    advice.run_review(session)


# -- lessons (web/worker/lessons.py) -------------------------------------------------------


def learn(session: Session, pilot: Autopilot, request: Request) -> None:
    """The Learn screen: `game`, the lessons of that game (none: the game on the board's)."""
    session.message = None
    lessons.open_list(session, request.get("game"))


def lesson_open(session: Session, pilot: Autopilot, request: Request) -> None:
    """A lesson (`lesson`: its id) on the board, from its first task."""
    session.message = None
    lessons.open_lesson(session, request.get("lesson"))


def lesson_again(session: Session, pilot: Autopilot, request: Request) -> None:
    lessons.again(session)


def lesson_next(session: Session, pilot: Autopilot, request: Request) -> None:
    """The game's next lesson, once this one is done (the last one: the list)."""
    run = session.learn.run if session.learn is not None else None
    if run is None or run.state != "done":
        return
    following = lessons.next_lesson(run.lesson)
    if following is None:
        lessons.open_list(session, session.learn.variant if session.learn else None)
    else:
        lessons.open_lesson(session, following.id)


def learn_game(session: Session, pilot: Autopilot, request: Request) -> None:
    """A first game of `game` against the beginner level, the coach explaining the first turns."""
    lessons.first_game(session, request.get("game"))
    pilot.automate(session)


def learn_close(session: Session, pilot: Autopilot, request: Request) -> None:
    """Back to the game as it was."""
    session.learn = None


# -- the position editor (web/worker/editor.py) ----------------------------------------------------


def edit_open(session: Session, pilot: Autopilot, request: Request) -> None:
    """The editor on the position on the board (or, `start`: the variant's start, or empty)."""
    editor = editing.Editor.from_game(session.game, session.settings["opponent"])
    start = request.get("start")
    if start == "start":
        editor.start()
    elif start == "clear":
        editor.clear()
    elif start is not None:
        raise UIError("start is 'start' or 'clear'")
    session.editor = editor
    session.message = None


def _editor(session: Session) -> editing.Editor | None:
    """The editor, once the view says what changed (any message belonged to the edit before)."""
    if session.editor is not None:
        session.message = None
    return session.editor


def edit_point(session: Session, pilot: Autopilot, request: Request) -> None:
    """A click (or Enter) on a point: the tool chosen there."""
    editor = _editor(session)
    if editor is not None:
        editor.place(editing.read_point(request.get("point")))


def edit_move(session: Session, pilot: Autopilot, request: Request) -> None:
    """A checker dragged from one point to another (a tray: taken off; from a tray: placed)."""
    editor = _editor(session)
    if editor is not None:
        editor.move(editing.read_point(request.get("from")), editing.read_point(request.get("to")))


def edit_set(session: Session, pilot: Autopilot, request: Request) -> None:
    """One field of the form (`name`, `value`), or `position`: a position string typed in,
    which is read strictly: a bad one is said and changes nothing."""
    editor = _editor(session)
    if editor is None:
        return
    if request.get("name") == "position":
        try:
            editor.load(request.get("value"))
        except PositionError as error:
            session.say("edit_bad_text", error=reason(error))
        return
    editor.set(request.get("name"), request.get("value"))


def edit_reset(session: Session, pilot: Autopilot, request: Request) -> None:
    """`to`: "clear" (every checker in its tray) or "start" (the variant's start)."""
    editor = _editor(session)
    if editor is None:
        return
    to = request.get("to")
    if to == "clear":
        editor.clear()
    elif to == "start":
        editor.start()
    else:
        raise UIError("reset to 'clear' or 'start'")


def edit_play(session: Session, pilot: Autopilot, request: Request) -> None:
    """A new game of the library from the set-up, read as its `#p=` link is (the same checks);
    a set-up with problems stays in the editor, which names them."""
    editor = session.editor
    if editor is None or editor.problems(False):
        return
    try:
        saves.load_url(session, editor.fragment())
    except (UIError, GameStateError, GameError, ValueError) as error:
        session.say("url_bad", error=reason(error))
        return
    session.editor = None
    session.say("edit_played")
    pilot.automate(session)


def edit_share(session: Session, pilot: Autopilot, request: Request) -> None:
    """The set-up's `#p=` link and picture, for the share dialog (only a set-up without problems)."""
    editor = session.editor
    if editor is None or editor.problems(False):
        return
    position = Position.parse(editor.text())
    dice = (int(editor.dice[0]), int(editor.dice[1])) if editor.dice else None
    # the cube as the board shows it: its face and owner once turned, the highest face in the middle
    cube = ((editor.cube, SIDE_LETTERS.index(editor.owner)) if editor.owner else (position.variant.cube_limit, None))
    session.share = {"position": editor.fragment(), "svg": render(position, dice=dice, flipped=session.prefs["flip"],
                                                                  cube=cube if position.variant.cube else None)}


def edit_close(session: Session, pilot: Autopilot, request: Request) -> None:
    """Back to the game as it was."""
    session.editor = None


INTENTS: dict[str, Intent] = {
    "boot": Intent(boot),
    "sync": Intent(sync, while_editing="keep", while_learning="keep"),
    "open_game": Intent(open_game),
    "discard": Intent(discard),
    "new_game": Intent(new_game),
    "setup": Intent(setup, while_editing="keep"),
    "close_setup": Intent(close_setup, while_editing="keep"),
    "set": Intent(set_pref, keeps_review=True, keeps_replay=True, while_editing="keep", while_learning="keep"),
    "dismiss": Intent(dismiss, keeps_replay=True, while_editing="keep", while_learning="keep"),
    "load_url": Intent(load_url),
    "export_url": Intent(export_url, while_editing="keep", while_learning="ignore"),
    "link_new": Intent(link_new),
    "link_hold": Intent(link_hold, while_editing="ignore", while_learning="ignore"),
    "share": Intent(share, keeps_hint=True, keeps_review=True, keeps_replay=True, while_editing="keep",
                    while_learning="ignore"),
    "roll": Intent(roll, while_editing="ignore", while_learning="ignore"),
    "click": Intent(click, while_editing="ignore", while_learning="hand"),
    "drag": Intent(drag, while_editing="ignore", while_learning="hand"),
    "quick_step": Intent(quick_step, while_editing="ignore", while_learning="hand"),
    "undo": Intent(undo, while_editing="ignore", while_learning="hand"),
    "confirm": Intent(confirm, while_editing="ignore", while_learning="ignore"),
    "double": Intent(double, while_editing="ignore", while_learning="ignore"),
    "take": Intent(take, while_editing="ignore", while_learning="ignore"),
    "beaver": Intent(beaver, while_editing="ignore", while_learning="ignore"),
    "drop": Intent(drop, while_editing="ignore", while_learning="ignore"),
    "resign": Intent(resign, while_editing="ignore", while_learning="ignore"),
    "answer_resign": Intent(answer_resign, while_editing="ignore", while_learning="ignore"),
    "next_game": Intent(next_game, while_editing="ignore", while_learning="ignore"),
    "bot": Intent(bot, while_editing="ignore", while_learning="ignore"),
    "replay": Intent(replay, keeps_replay=True, while_editing="ignore", while_learning="ignore"),
    "play_on": Intent(play_on, keeps_replay=True, while_editing="ignore", while_learning="ignore"),
    "hint": Intent(hint, keeps_hint=True, while_editing="ignore", while_learning="ignore"),
    "rollout": Intent(rollout, keeps_hint=True, while_editing="ignore", while_learning="ignore"),
    "review": Intent(review, keeps_review=True, while_editing="ignore", while_learning="ignore"),
    "learn": Intent(learn, while_learning="keep"),
    "lesson_open": Intent(lesson_open, while_learning="keep"),
    "lesson_again": Intent(lesson_again, while_learning="keep"),
    "lesson_next": Intent(lesson_next, while_learning="keep"),
    "learn_close": Intent(learn_close, while_learning="keep"),
    "learn_game": Intent(learn_game),
    "edit_open": Intent(edit_open, while_editing="edit"),
    "edit_point": Intent(edit_point, while_editing="edit"),
    "edit_move": Intent(edit_move, while_editing="edit"),
    "edit_set": Intent(edit_set, while_editing="edit"),
    "edit_reset": Intent(edit_reset, while_editing="edit"),
    "edit_play": Intent(edit_play, while_editing="edit"),
    "edit_share": Intent(edit_share, while_editing="edit"),
    "edit_close": Intent(edit_close, while_editing="edit"),
}
