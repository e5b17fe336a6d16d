"""Every request the page may send, in one table (`INTENTS`): its handler, what it does to a
screen open over the game (`during`), whether the person may act now (`guard`, web/worker/may.py,
the very one behind the view's `can`), whether the autopilot plays after it (`automates`) and
what of the last request survives it (`keeps`: a hint belongs to the moment it was asked for; a
review too, until the game moves on). docs/architecture.md describes the table.

`Intent.perform` runs a row: a request that waits for a screen changes nothing; else the last
request's hint, review and replay go or stay (any request not kept back goes back to the game as
it is), and unless its guard refuses it (a control pressed at the wrong moment does nothing
more) the handler reads its request (untrusted) and acts through flow / turn_input / saves, and
the autopilot plays what needs no decision. A handler may answer
a URL fragment, or UNCHANGED on a path that left the game as it was (nothing to automate).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from nardcore.errors import Refusal, quoted
from nardcore.game import RESIGN_LEVELS, GameError
from nardcore.readers import GameStateError
from nardcore.variant import VariantError, find_variant

from . import (
    advice,
    backup,
    fairplay,
    flow,
    lessons,
    may,
    practice,
    record,
    saves,
    study,
    turn_input,
)
from .autopilot import Autopilot
from .dice import CountingDice
from .duel import linkgame, livegame
from .duel.link_intents import (
    link_hold,
    link_new,
    live_answer,
    live_in,
    live_new,
    live_offer,
    live_say,
    live_state,
    live_tick,
)
from .duel.linkformat import is_link
from .duel.livelink import is_live_link
from .editor_intents import edit_close, edit_move, edit_open, edit_play, edit_point, edit_reset, edit_set, edit_share
from .help_intents import hint, play_on, replay, review, rollout
from .inputs import UIError, is_lang, parse_dice_spec, parse_query
from .intent_rules import GAME_ONLY, SERVED, UNCHANGED, During, Handler, Request, Stay, Unchanged
from .lesson_intents import learn, learn_close, learn_game, lesson_again, lesson_next, lesson_open
from .luck_ahead import luck_ahead
from .may import Guard
from .reasons import reason
from .session import Session
from .settings import DEFAULT_SETTINGS, offered_game, read_pref
from .study_intents import drill_cube, openings, practice_drill, puzzles, study_close

AUTOMATION_PREFS = ("auto_roll", "auto_forced", "auto_confirm")
# A save or a game record that cannot be read: a refusal of the core's readers or of the app's
# (every one is a nardcore.errors.Refusal). A KeyError or a TypeError is a bug in a reader, not a
# bad save: it is not caught, and reads as a bug.
SAVE_ERRORS = (Refusal,)
Kept = Literal["hint", "review", "replay"]
CLOSE, WAIT, KEEP, HAND = Stay.CLOSE, Stay.WAIT, Stay.KEEP, Stay.HAND


class Intent(NamedTuple):
    """A row of the table: a request's handler and how the dispatcher runs it."""

    handle: Handler
    during: During = During()  # what it does to a screen open over the game
    # May the person act now (web/worker/may.py; presenter.can asks the same): when not, the
    # handler does not run (the last request's replay, hint and review still go), or the
    # request is refused in these words
    guard: Guard | None = None
    refusal: str | None = None
    automates: bool = False  # the autopilot plays what needs no decision after it (on the game)
    # the request's fields read before the guard: a malformed request is refused at any moment
    check: Callable[[Request], None] | None = None
    keeps: frozenset[Kept] = frozenset()  # what of the last request survives it; the rest goes

    def perform(self, session: Session, pilot: Autopilot, request: Request) -> str | None:
        """Run the request as the table says; the URL fragment it answers, if any."""
        stays = self._stays(session)
        if WAIT in stays:
            return None
        if self.check is not None:
            self.check(request)
        on_a_screen = HAND in stays  # played on a screen's own board, not the game's
        # asked of the game as the last view showed it (its `can`), before the replay goes
        allowed = on_a_screen or self.guard is None or self.guard(session)
        self._prepare(session)
        if not allowed:
            if self.refusal is not None:
                raise GameError(self.refusal)
            return None
        answer = self.handle(session, pilot, request)
        if self.automates and not on_a_screen and answer is not UNCHANGED:
            pilot.automate(session)
        return answer if isinstance(answer, str) else None

    def _stays(self, session: Session) -> list[Stay]:
        """This request's Stay for each screen open now (the Learn screen's list has no board)."""
        stays = []
        if session.learn is not None:
            hand_waits = self.during.learn is HAND and session.learn.run is None
            stays.append(WAIT if hand_waits else self.during.learn)
        if session.editor is not None:
            stays.append(self.during.editor)
        if session.study is not None:
            stays.append(self.during.study)
        return stays

    def _prepare(self, session: Session) -> None:
        """Close the screens it closes; forget what belonged to the last request only."""
        if session.learn is not None and self.during.learn is CLOSE:
            session.learn = None
        if session.editor is not None and self.during.editor is CLOSE:
            session.editor = None
        if session.study is not None and self.during.study is CLOSE:
            session.study = None
        session.set_aside = None
        if "replay" not in self.keeps:
            session.replay = None
        session.share = None
        session.imported = session.library_head = None
        if "hint" not in self.keeps:
            session.hint = None
        if "review" not in self.keeps:
            advice.close_review(session)


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


def sync(session: Session, pilot: Autopilot, request: Request) -> None:
    """Take the game another tab saved (its `save`); unreadable data changes nothing."""
    save = request.get("save")
    if not isinstance(save, str) or not save:
        raise UIError("nothing to take over")
    saves.load_save(session, save)
    session.say("synced")


def open_game(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """Open a game of the library (its `save`), or an imported file as a new entry (`copy`: a
    save of this app, or a .mat game record); the preferences stay as they are. Unreadable data
    is said and changes nothing."""
    save = request.get("save")
    if request.get("copy") is True and isinstance(save, str) and not save.strip("\ufeff \t\r\n"):
        session.say("import_empty")  # an empty file: said in words, and nothing changes
        return UNCHANGED
    if not isinstance(save, str) or not save:
        raise UIError("no game to open")
    try:
        if request.get("copy") is True and saves.looks_like_mat(save):
            saves.load_mat(session, save)  # a game record (.mat) imported as a new game
        else:
            saves.load_save(session, save, keep_prefs=True, copy=request.get("copy") is True)
    except SAVE_ERRORS as error:
        session.say("open_bad", error=reason(error))
        return UNCHANGED
    session.say("imported" if request.get("copy") is True else "opened")
    return None


def import_files(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """Import `files` ([{name, text}], web/worker/backup.py): one game file is opened on the board
    as a new game, as `open_game` does; a library file, or several files, go into the library
    (their games handed to the page) and the board stays as it is."""
    files = request.get("files")
    if (isinstance(files, list) and len(files) == 1 and isinstance(files[0], dict)
            and isinstance(files[0].get("text"), str) and not backup.is_library(files[0]["text"])):
        opened = open_game(session, pilot, {"type": "open_game", "save": files[0]["text"], "copy": True})
        session.imported = {"games": [], "aside": [], "report": [], "opened": True}
        return opened
    imported = backup.import_files(session, files)
    session.imported = imported
    report = imported["report"]
    session.say("library_imported", files=len(report), games=len(imported["games"]),
                failed=sum(1 for line in report if "error" in line or "failed" in line))
    return UNCHANGED  # the board stays as it is


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


def setup(session: Session, pilot: Autopilot, request: Request) -> None:
    session.screen = "setup"


def close_setup(session: Session, pilot: Autopilot, request: Request) -> None:
    session.screen = "board"


def set_pref(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """A preference; one that turns automation on plays at once what it now plays."""
    name = read_pref(request.get("name"), request.get("value"))
    session.prefs[name] = request["value"]
    return None if name in AUTOMATION_PREFS and request["value"] else UNCHANGED


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


def roll(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    if session.by_hand:
        return hand_roll(session, request.get("dice"))
    if session.duel is not None:
        linkgame.roll(session)
    else:
        flow.roll(session)
    return None


def hand_roll(session: Session, dice: Any) -> Unchanged | None:
    """A roll entered by hand: the person's, or the computer's (which then plays on its turn)."""
    if not (isinstance(dice, list) and len(dice) == 2 and all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
        session.say("not_now", error=reason(UIError("a roll is two dice 1..6", why="why.hand_dice")))
        return UNCHANGED
    if session.waiting_for_hand():
        session.entered[:] = dice
        return UNCHANGED  # the computer decides its cube, then rolls these (its `bot` request)
    session.entered[:] = dice
    flow.roll(session)
    return None


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
    lessons.hand instead (the table's Stay.HAND)."""
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


def quick_step(session: Session, pilot: Autopilot, request: Request) -> None:
    """A double click or double tap on a checker (turn_input.quick_step)."""
    if session.learn is not None:
        lessons.hand(session, lambda board: turn_input.quick_step(board, turn_input.read_point(
            board.game, request.get("point"))))
        return
    hand = _hand(session)
    if hand is not None:
        turn_input.quick_step(hand, turn_input.read_point(hand.game, request.get("point")))


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
    turn_input.drag(hand, origin, target)  # on the game: automated, a drag that ends the turn may confirm it


def undo(session: Session, pilot: Autopilot, request: Request) -> None:
    if session.learn is not None:
        lessons.hand(session, turn_input.undo)
        return
    hand = _hand(session)
    if hand is not None:
        turn_input.undo(hand)


def confirm(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    hand = _hand(session)
    if hand is not None and hand is not session:  # a puzzle's or a drill's answer
        if hand.game.turn_done:
            (practice.answer if session.study and session.study.kind == "drills" else study.answer)(session)
        return None
    if session.study is not None or advice.coach_stops(session):  # the coach holds a blunder back once
        return UNCHANGED
    flow.confirm(session)
    return None


def double(session: Session, pilot: Autopilot, request: Request) -> None:
    flow.double(session)


def take(session: Session, pilot: Autopilot, request: Request) -> None:
    flow.take(session)


def beaver(session: Session, pilot: Autopilot, request: Request) -> None:
    flow.beaver(session)


def drop(session: Session, pilot: Autopilot, request: Request) -> None:
    flow.drop(session)


def resign_level(request: Request) -> None:
    """A resignation's `level`, checked before the moment is: a malformed request is refused."""
    level = request.get("level")
    if level is not None and (not isinstance(level, str) or level not in RESIGN_LEVELS):  # a list: no TypeError
        raise UIError(f"resign level is one of {', '.join(RESIGN_LEVELS)}, not {quoted(level)}")


def resign(session: Session, pilot: Autopilot, request: Request) -> None:
    """The person gives up the game: backgammon offers a `level`, the others concede."""
    game, level = session.game, request.get("level")
    if game.resign_by_offer and level is None:
        raise UIError("backgammon resigns a single game, a gammon or a backgammon: say which")
    flow.resign(session, level if game.resign_by_offer else None)


def acceptance(request: Request) -> None:
    if not isinstance(request.get("accept"), bool):
        raise UIError("accept is true or false")


def answer_resign(session: Session, pilot: Autopilot, request: Request) -> None:
    """The person answers the other side's offer to resign: `accept` true or false."""
    if request["accept"]:
        flow.accept_resignation(session)
    else:
        flow.decline_resignation(session)


def next_game(session: Session, pilot: Autopilot, request: Request) -> None:
    flow.next_game(session)


def bot(session: Session, pilot: Autopilot, request: Request) -> None:
    """One action of the computer (the view asks for it with `bot_pending`)."""
    pilot.act(session)


ON_THE_BOARD = During(WAIT, HAND, HAND)  # the hand on the board: a puzzle's, a lesson's, or the game's

INTENTS: dict[str, Intent] = {
    "boot": Intent(boot, automates=True),
    "sync": Intent(sync, SERVED),
    "open_game": Intent(open_game, automates=True),
    "discard": Intent(discard),
    "import_files": Intent(import_files, automates=True),
    "export_library": Intent(export_library, SERVED, keeps=frozenset({"hint", "review", "replay"})),
    "new_game": Intent(new_game, automates=True),
    "setup": Intent(setup, During(editor=KEEP)),
    "close_setup": Intent(close_setup, During(editor=KEEP)),
    "set": Intent(set_pref, SERVED, automates=True, keeps=frozenset({"review", "replay"})),
    "dismiss": Intent(dismiss, SERVED, keeps=frozenset({"replay"})),
    "load_url": Intent(load_url, During(study=KEEP)),
    "export_url": Intent(export_url, During(KEEP, KEEP, WAIT)),
    "link_new": Intent(link_new),
    "live_new": Intent(live_new),
    "live_offer": Intent(live_offer, GAME_ONLY),
    "live_answer": Intent(live_answer, SERVED),
    "live_state": Intent(live_state, SERVED),
    "live_in": Intent(live_in, SERVED),
    "live_say": Intent(live_say, SERVED),
    # the clock's tick changes nothing on the board: the hint, review and replay stay
    "live_tick": Intent(live_tick, SERVED, keeps=frozenset({"hint", "review", "replay"})),
    "link_hold": Intent(link_hold, GAME_ONLY),
    "share": Intent(share, During(KEEP, KEEP, WAIT), keeps=frozenset({"hint", "review", "replay"})),
    # the game's actions, each behind its guard (web/worker/may.py), the autopilot after them
    "roll": Intent(roll, GAME_ONLY, may.roll_or_enter, automates=True),
    "double": Intent(double, GAME_ONLY, may.double, automates=True),
    "take": Intent(take, GAME_ONLY, may.answer_double, automates=True),
    "drop": Intent(drop, GAME_ONLY, may.answer_double, automates=True),  # the game is over: nothing to play
    "beaver": Intent(beaver, GAME_ONLY, may.beaver, automates=True),
    "resign": Intent(resign, GAME_ONLY, may.resign, automates=True, check=resign_level),
    "answer_resign": Intent(answer_resign, GAME_ONLY, may.answer_resign, automates=True, check=acceptance),
    "next_game": Intent(next_game, GAME_ONLY, may.next_game, automates=True),
    "click": Intent(click, ON_THE_BOARD, automates=True),
    "drag": Intent(drag, ON_THE_BOARD, automates=True),
    "quick_step": Intent(quick_step, ON_THE_BOARD, automates=True),
    "undo": Intent(undo, ON_THE_BOARD, may.undo),
    "confirm": Intent(confirm, During(WAIT, HAND, WAIT), may.confirm, automates=True),
    "hint": Intent(hint, During(WAIT, HAND, WAIT), may.hint, "there is nothing to hint now", keeps=frozenset({"hint"})),
    "dice_entropy": Intent(dice_entropy, GAME_ONLY, keeps=frozenset({"hint", "review"})),
    "dice_reveal": Intent(dice_reveal, GAME_ONLY, keeps=frozenset({"hint", "review"})),
    "dice_verify": Intent(dice_verify, GAME_ONLY, keeps=frozenset({"hint", "review", "replay"})),
    "bot": Intent(bot, GAME_ONLY),  # the autopilot's own: it automates after the computer's action
    "replay": Intent(replay, GAME_ONLY, keeps=frozenset({"replay"})),
    "play_on": Intent(play_on, GAME_ONLY, automates=True, keeps=frozenset({"replay"})),
    # the hint's rollout or the review's: whichever there is stays (there are never both)
    "rollout": Intent(rollout, GAME_ONLY, keeps=frozenset({"hint", "review"})),
    "review": Intent(review, GAME_ONLY, automates=True, keeps=frozenset({"review"})),  # its `try`: a game played on
    # the luck measured while the person thinks (luck_ahead.py): nothing shown changes
    "luck_ahead": Intent(luck_ahead, GAME_ONLY, keeps=frozenset({"hint", "review", "replay"})),
    "learn": Intent(learn, During(learn=KEEP)),
    "lesson_open": Intent(lesson_open, During(learn=KEEP)),
    "lesson_again": Intent(lesson_again, During(learn=KEEP)),
    "lesson_next": Intent(lesson_next, During(learn=KEEP)),
    "learn_close": Intent(learn_close, During(learn=KEEP)),
    "learn_game": Intent(learn_game, automates=True),
    **{kind: Intent(handle, During(editor=KEEP), automates=handle is edit_play)
       for kind, handle in (("edit_open", edit_open), ("edit_point", edit_point), ("edit_move", edit_move),
                            ("edit_set", edit_set), ("edit_reset", edit_reset), ("edit_play", edit_play),
                            ("edit_share", edit_share), ("edit_close", edit_close))},
    "puzzles": Intent(puzzles, During(study=KEEP)),
    "openings": Intent(openings, During(study=KEEP)),
    "practice": Intent(practice_drill, During(study=KEEP)),
    "drill_cube": Intent(drill_cube, During(study=KEEP)),
    "study_close": Intent(study_close, During(study=KEEP)),
}
