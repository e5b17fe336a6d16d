"""May the person act now: one guard per action of the game, asked twice with one answer.

web/worker/intents.py's table names each action's guard: a request whose guard says no is
ignored (the hint's is refused in words), before anything else of the session changes.
presenter.can asks the same guards for the view's `can`, which enables the page's controls.
So a control the page offers is a request the worker takes, and one it greys out does nothing
(tests/worker/test_guards.py plays random games and checks the two agree).

The guards read the session as the last view showed it: while the board shows the record
replayed or a reviewed turn, the person plays nothing on it.

>>> from nardcore.game import Game
>>> from web.worker.dice import CountingDice
>>> session = Session(dice=CountingDice("3,1"), game=Game("narde"), screen="board")
>>> roll(session), resign(session)   # the opening roll: nothing to give up yet
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from . import advice, record
from .duel import linkgame
from .session import Session

Guard = Callable[[Session], bool]
ROLL_PHASES = ("opening", "cube", "roll")


def shows_the_game(session: Session) -> bool:
    """The board shows the game as it stands: no replayed position, no reviewed turn."""
    return record.shown_position(session) is None and advice.reviewed_position(session) is None


def persons_turn(session: Session) -> bool:
    """The person is the one to act in the game as the board shows it."""
    return (not session.others_to_act() and not session.game.over and session.replay is None)


def moving(session: Session) -> bool:
    """The person moves checkers on the board: their turn's play, the game shown as it stands."""
    return session.human_moving() and shows_the_game(session)


def roll(session: Session) -> bool:
    """The Roll button: the person's roll, dice of the session's (by hand: `enter_dice`)."""
    return persons_turn(session) and session.game.phase in ROLL_PHASES and not session.by_hand


def enter_dice(session: Session) -> bool:
    """The dice picker: a roll entered by hand, the person's or the computer's (presenter.hand)."""
    game = session.game
    if not session.by_hand or game.over or session.replay is not None:
        return False
    if game.phase == "opening":
        return True
    return game.phase in ("cube", "roll") and (session.waiting_for_hand() or not session.others_to_act())


def roll_or_enter(session: Session) -> bool:
    """The roll request: the Roll button's, or the dice picker's."""
    return roll(session) or enter_dice(session)


def double(session: Session) -> bool:
    return persons_turn(session) and session.game.may_double() and linkgame.may_double(session)


def answer_double(session: Session) -> bool:
    """Take or drop the cube offered."""
    return persons_turn(session) and session.game.phase == "take"


def beaver(session: Session) -> bool:
    return persons_turn(session) and session.game.may_beaver()


def undo(session: Session) -> bool:
    return moving(session) and bool(session.game.steps)


def confirm(session: Session) -> bool:
    """The turn's play is complete (the coach may still hold a blunder back once: flow's word)."""
    return moving(session) and session.game.turn_done


def hint(session: Session) -> bool:
    return persons_turn(session) and advice.can_hint(session)


def resign(session: Session) -> bool:
    """Giving up: not before the opening roll has decided who starts."""
    return persons_turn(session) and session.game.may_resign() and session.game.phase != "opening"


def answer_resign(session: Session) -> bool:
    return persons_turn(session) and session.game.phase == "resign"


def finished_match(session: Session) -> bool:
    return session.match is not None and session.match.over


def next_game(session: Session) -> bool:
    """The match's next game, or the money session's (a finished match starts anew instead)."""
    return session.game.over and not finished_match(session)


# The guards behind the view's `can` (viewmodel.Can), by its keys; the roll request itself is
# guarded by `roll_or_enter` (the dice picker is the view's `hand`, not `can.roll`).
GUARDS: dict[str, Guard] = {
    "roll": roll, "double": double, "take": answer_double, "drop": answer_double, "beaver": beaver,
    "undo": undo, "confirm": confirm, "hint": hint, "resign": resign, "answer_resign": answer_resign,
    "next_game": next_game,
}
