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

from nardcore.errors import Refusal, quoted
from nardcore.game import RESIGN_LEVELS
from nardcore.readers import GameStateError
from nardcore.variant import VariantError, find_variant

from . import (
    advice,
    backup,
    fairplay,
    flow,
    lessons,
    linkgame,
    livegame,
    practice,
    record,
    saves,
    study,
    turn_input,
)
from .autopilot import Autopilot
from .dice import CountingDice
from .editor_intents import edit_close, edit_move, edit_open, edit_play, edit_point, edit_reset, edit_set, edit_share
from .help_intents import hint, play_on, replay, review, rollout
from .inputs import UIError, is_lang, parse_dice_spec, parse_query
from .lesson_intents import learn, learn_close, learn_game, lesson_again, lesson_next, lesson_open
from .link_intents import link_hold, link_new, live_answer, live_in, live_new, live_offer, live_say, live_state
from .linkformat import is_link
from .livelink import is_live_link
from .reasons import reason
from .session import Session
from .settings import DEFAULT_SETTINGS, offered_game, read_pref
from .study_intents import drill_cube, openings, practice_drill, puzzles, study_close

Request = dict[str, Any]
Handler = Callable[[Session, Autopilot, Request], str | None]
AUTOMATION_PREFS = ("auto_roll", "auto_forced", "auto_confirm")
# A save or a game record that cannot be read: a refusal of the core's readers or of the app's
# (every one is a nardcore.errors.Refusal). A KeyError or a TypeError is a bug in a reader, not a
# bad save: it is not caught, and reads as a bug.
SAVE_ERRORS = (Refusal,)


class Intent(NamedTuple):
    handle: Handler
    keeps_hint: bool = False
    keeps_review: bool = False
    keeps_replay: bool = False  # any other request goes back to the game as it is
    # while the position editor is open: "close" it (another game comes, or the page leaves
    # it), "ignore" the request (the game's own actions wait), "keep" it open, or "edit"
    while_editing: str = "close"
    # while a study screen is open (study.py): "close" it, "ignore" the request (the game's
    # own actions wait), "keep" it open, or play on its "board" (a puzzle)
    while_studying: str = "close"
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
        if session.study is not None:
            if self.while_studying == "ignore":
                return False
            if self.while_studying == "close":
                session.study = None
        session.set_aside = None
        if not self.keeps_replay:
            session.replay = None
        session.share = None
        session.imported = session.library_head = None
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
    else:  # a first visit: the start screen offers the game of the page's language
        said = session.message  # a refused ?dice= is still said
        session.start_game({"variant": offered_game(session.prefs)})
        session.screen, session.message = "setup", said
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


def import_files(session: Session, pilot: Autopilot, request: Request) -> None:
    """Import `files` ([{name, text}], web/worker/backup.py): one game file is opened on the board
    as a new game, as `open_game` does; a library file, or several files, go into the library
    (their games handed to the page) and the board stays as it is."""
    files = request.get("files")
    if (isinstance(files, list) and len(files) == 1 and isinstance(files[0], dict)
            and isinstance(files[0].get("text"), str) and not backup.is_library(files[0]["text"])):
        open_game(session, pilot, {"type": "open_game", "save": files[0]["text"], "copy": True})
        session.imported = {"games": [], "aside": [], "report": [], "opened": True}
        return
    imported = backup.import_files(session, files)
    session.imported = imported
    report = imported["report"]
    session.say("library_imported", files=len(report), games=len(imported["games"]),
                failed=sum(1 for line in report if "error" in line or "failed" in line))


def export_library(session: Session, pilot: Autopilot, request: Request) -> None:
    """The head of the library file (backup.py): the page adds every game of the library to it."""
    session.library_head = {"app": "nard", "kind": "library", "version": backup.LIBRARY_VERSION,
                            "prefs": dict(session.prefs)}


def discard(session: Session, pilot: Autopilot, request: Request) -> None:
    """The game on the board was deleted from the library: a new one, on the start screen."""
    session.start_game({})
    session.screen = "setup"


def new_game(session: Session, pilot: Autopilot, request: Request) -> None:
    session.start_game(request.get("settings") or {})
    name = find_variant(session.settings["variant"]).name
    session.prefs["game"] = name  # offered first from now on
    shown = list(session.prefs["way_shown"])
    session.first_of_its_game = name not in shown  # its way round and homes are drawn (presenter.py)
    session.prefs["way_shown"] = [*shown, name] if session.first_of_its_game else shown
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
    if isinstance(fragment, str) and study.is_study_link(fragment):  # #puzzle=ID, #openings=GAME
        try:
            study.read_fragment(session, fragment)
        except UIError as error:
            session.say("study_link_bad", error=reason(error))
        return
    session.study = None  # any other link is for the game
    if isinstance(fragment, str) and is_live_link(fragment):
        if fragment.lstrip("#") == "live":  # a page's invitation to play live: the New game dialog, ready
            session.screen = "setup"
            return
        livegame.open_link(session, fragment, request.get("link_save"))
        return
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


def export_url(session: Session, pilot: Autopilot, request: Request) -> str:
    return saves.export_url(session)


def share(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.editor is not None:  # the set-up being edited is what the page shows
        edit_share(session, pilot, request)
        return
    studied = session.study
    if studied is not None and studied.kind == "puzzles" and studied.puzzle is not None:
        # the puzzle on the study board: its link and <nard-board puzzle> (docs/embed.md)
        puzzle = studied.puzzle
        session.share = {"puzzle": {"id": puzzle.id, "position": puzzle.position.format(),
                                    "dice": f"{puzzle.dice[0]}{puzzle.dice[1]}"}}
        return
    # and the record for <nard-board> (docs/embed.md), positions worked out here: the page has no rules
    session.share = {**saves.share_links(session), "record": record.embed_record(session.game)}


# -- the turn -------------------------------------------------------------------------------


def roll(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.by_hand and session.duel is None:
        hand_roll(session, pilot, request.get("dice"))
        return
    if session.others_to_act() or session.game.phase not in ("opening", "cube", "roll"):
        return
    if session.duel is not None:
        linkgame.roll(session)
        pilot.automate(session)
        return
    flow.roll(session)
    pilot.automate(session)


def hand_roll(session: Session, pilot: Autopilot, dice: Any) -> None:
    """A roll entered by hand: the person's, or the computer's (which then plays on its turn)."""
    if session.game.over or session.game.phase not in ("opening", "cube", "roll"):
        return
    if not (isinstance(dice, list) and len(dice) == 2 and all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
        session.say("not_now", error=reason(UIError("a roll is two dice 1..6", why="why.hand_dice")))
        return
    if session.waiting_for_hand():
        session.entered[:] = dice
        return  # the computer decides its cube, then rolls these (its `bot` request)
    if session.others_to_act():
        return
    session.entered[:] = dice
    flow.roll(session)
    pilot.automate(session)


def dice_entropy(session: Session, pilot: Autopilot, request: Request) -> None:
    """The player's own entropy for the next commitment's rolls (before its first roll)."""
    try:
        fairplay.add_entropy(session, request.get("text"))
    except UIError as error:
        session.say("not_now", error=reason(error))


def dice_reveal(session: Session, pilot: Autopilot, request: Request) -> None:
    fairplay.reveal(session)


def dice_verify(session: Session, pilot: Autopilot, request: Request) -> None:
    fairplay.check(session)


def _hand(session: Session) -> Session | None:
    """Where the person's hand on the board plays: the game, or the puzzle while it waits for
    an answer (None: a study board with nothing to play). A lesson's task is played through
    lessons.hand instead (the intents' `while_learning` "hand")."""
    if session.study is None:
        return session
    return session.study.board if session.study.kind != "openings" and session.study.result is None else None


def click(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.click(board, turn_input.read_point(board.game,
                                                                                           request.get("point"))))
        return
    hand = _hand(session)
    if hand is not None:
        turn_input.click(hand, turn_input.read_point(hand.game, request.get("point")))
    if hand is session:
        pilot.automate(session)


def quick_step(session: Session, pilot: Autopilot, request: Request) -> None:
    """A double click or double tap on a checker (turn_input.quick_step)."""
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.quick_step(board, turn_input.read_point(
            board.game, request.get("point"))))
        return
    hand = _hand(session)
    if hand is not None:
        turn_input.quick_step(hand, turn_input.read_point(hand.game, request.get("point")))
    if hand is session:
        pilot.automate(session)


def drag(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.drag(
            board, turn_input.read_point(board.game, request.get("from")),
            turn_input.read_point(board.game, request.get("to"))))
        return
    hand = _hand(session)
    if hand is None:
        return
    game = hand.game
    origin, target = turn_input.read_point(game, request.get("from")), turn_input.read_point(game, request.get("to"))
    turn_input.drag(hand, origin, target)
    if hand is session:
        pilot.automate(session)  # as after a click: a drag that ends the turn may confirm it


def undo(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, turn_input.undo)
        return
    hand = _hand(session)
    if hand is not None:
        turn_input.undo(hand)


def confirm(session: Session, pilot: Autopilot, request: Request) -> None:
    hand = _hand(session)
    if hand is not None and hand is not session:  # a puzzle's or a drill's answer
        if hand.game.turn_done:
            (practice.answer if session.study and session.study.kind == "drills" else study.answer)(session)
        return
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


INTENTS: dict[str, Intent] = {
    "boot": Intent(boot),
    "sync": Intent(sync, while_editing="keep", while_studying="keep", while_learning="keep"),
    "open_game": Intent(open_game),
    "discard": Intent(discard),
    "import_files": Intent(import_files),
    "export_library": Intent(export_library, keeps_hint=True, keeps_review=True, keeps_replay=True,
                             while_editing="keep", while_studying="keep", while_learning="keep"),
    "new_game": Intent(new_game),
    "setup": Intent(setup, while_editing="keep"),
    "close_setup": Intent(close_setup, while_editing="keep"),
    "set": Intent(set_pref, keeps_review=True, keeps_replay=True, while_editing="keep", while_studying="keep",
                  while_learning="keep"),
    "dismiss": Intent(dismiss, keeps_replay=True, while_editing="keep", while_studying="keep", while_learning="keep"),
    "load_url": Intent(load_url, while_studying="keep"),
    "export_url": Intent(export_url, while_editing="keep", while_studying="keep", while_learning="ignore"),
    "link_new": Intent(link_new),
    "live_new": Intent(live_new),
    "live_offer": Intent(live_offer, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "live_answer": Intent(live_answer, while_editing="keep", while_studying="keep", while_learning="keep"),
    "live_state": Intent(live_state, while_editing="keep", while_studying="keep", while_learning="keep"),
    "live_in": Intent(live_in, while_editing="keep", while_studying="keep", while_learning="keep"),
    "live_say": Intent(live_say, while_editing="keep", while_studying="keep", while_learning="keep"),
    "link_hold": Intent(link_hold, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "share": Intent(share, keeps_hint=True, keeps_review=True, keeps_replay=True, while_editing="keep",
                    while_studying="keep", while_learning="ignore"),
    "roll": Intent(roll, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "dice_entropy": Intent(dice_entropy, keeps_hint=True, keeps_review=True, while_editing="ignore",
                           while_studying="ignore", while_learning="ignore"),
    "dice_reveal": Intent(dice_reveal, keeps_hint=True, keeps_review=True, while_editing="ignore",
                          while_studying="ignore", while_learning="ignore"),
    "dice_verify": Intent(dice_verify, keeps_hint=True, keeps_review=True, keeps_replay=True, while_editing="ignore",
                          while_studying="ignore", while_learning="ignore"),
    "click": Intent(click, while_editing="ignore", while_studying="board", while_learning="hand"),
    "drag": Intent(drag, while_editing="ignore", while_studying="board", while_learning="hand"),
    "quick_step": Intent(quick_step, while_editing="ignore", while_studying="board", while_learning="hand"),
    "undo": Intent(undo, while_editing="ignore", while_studying="board", while_learning="hand"),
    "confirm": Intent(confirm, while_editing="ignore", while_studying="board", while_learning="ignore"),
    "double": Intent(double, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "take": Intent(take, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "beaver": Intent(beaver, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "drop": Intent(drop, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "resign": Intent(resign, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "answer_resign": Intent(answer_resign, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "next_game": Intent(next_game, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "bot": Intent(bot, while_editing="ignore", while_studying="ignore", while_learning="ignore"),
    "replay": Intent(replay, keeps_replay=True, while_editing="ignore", while_studying="ignore",
                     while_learning="ignore"),
    "play_on": Intent(play_on, keeps_replay=True, while_editing="ignore", while_studying="ignore",
                      while_learning="ignore"),
    "hint": Intent(hint, keeps_hint=True, while_editing="ignore", while_studying="board", while_learning="ignore"),
    "rollout": Intent(rollout, keeps_hint=True, while_editing="ignore", while_studying="ignore",
                      while_learning="ignore"),
    "review": Intent(review, keeps_review=True, while_editing="ignore", while_studying="ignore",
                     while_learning="ignore"),
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
    "puzzles": Intent(puzzles, while_studying="keep"),
    "openings": Intent(openings, while_studying="keep"),
    "practice": Intent(practice_drill, while_studying="keep"),
    "drill_cube": Intent(drill_cube, while_studying="keep"),
    "study_close": Intent(study_close, while_studying="keep"),
}
