"""The requests that help a player see and judge the game (web/worker/advice.py, record.py,
rollouts.py, match_review.py), as web/worker/intents.py's table names them: the record replayed,
a game played on from there, the hint, rollouts and the review."""

from __future__ import annotations

from typing import Any

from nardcore.game import GameError

from . import advice, match_review, practice, record, rollouts, study
from .autopilot import Autopilot
from .inputs import UIError
from .intent_rules import UNCHANGED, Unchanged
from .session import Session

Request = dict[str, Any]  # as web/worker/intents.py reads it: untrusted


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


def play_on(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """A new game of the library from the position replay shows."""
    position = record.shown_position(session)
    if position is None:
        return UNCHANGED
    if position.winner() is not None:
        raise GameError("the game is over at this point: step back to play on")
    session.play_on_from(position)
    session.say("played_on")
    return None


def hint(session: Session, pilot: Autopilot, request: Request) -> None:
    """The best plays for the person's turn (or the cube action); `show` draws one of them (on
    a study screen: one of the plays listed, a puzzle's once it is answered)."""
    if session.study is not None:
        if request.get("show") is not None:
            study.show_play(session, request.get("show"))
        return
    show, shown = request.get("show"), session.hint
    if shown is not None and isinstance(show, int) and not isinstance(show, bool):
        if shown.get("plays") and 0 <= show < len(shown["plays"]):
            shown["shown"] = show
        return
    session.hint = advice.hint_for(session.game)


def rollout(session: Session, pilot: Autopilot, request: Request) -> None:
    """Plays rolled out a slice at a time (web/worker/rollouts.py): `of` the hint's plays or the
    review's shown turn; `action` "start" (with `games` per play, optional), "more" (the view's
    `next` asks again while it runs) or "cancel"."""
    of = request.get("of")
    if of == "hint":
        rollouts.run_rollout(session, request.get("action"), request.get("games"))
    elif of == "review":
        rollouts.run_review_rollout(session, request.get("action"), request.get("games"))
    else:
        raise UIError(f"a rollout is of the hint or of the review, not {str(of)[:20]!r}")


def review(session: Session, pilot: Autopilot, request: Request) -> Unchanged | None:
    """Review the game a slice at a time (the page asks again until `complete`); `show`: draw
    the position after that turn (None: the game again); `close`; `try`: a new game against
    the computer from the position before that turn's play, with its roll (the shown turn's
    rollout is the `rollout` request's). Only `try` changes the game (and is automated after)."""
    if request.get("close") or "try" not in request:
        _look(session, request)
        return UNCHANGED
    advice.try_review_turn(session, request["try"])
    return None


def _look(session: Session, request: Request) -> None:
    """The review's requests that leave the game as it is."""
    if request.get("close"):
        advice.close_review(session)
        return
    if "game" in request:
        match_review.open_game(session, request["game"])
        match_review.note_games(session)
        return
    if request.get("summary"):
        match_review.run_summary(session)
        return
    show = request.get("show", False)
    if session.review is not None and show is not False:
        advice.show_review_turn(session, show)
        return
    advice.run_review(session)
    match_review.note_games(session)
    practice.collect_review(session)  # once complete: the person's marked plays into the drills
