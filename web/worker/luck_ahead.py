"""The luck of the game on the board measured ahead, while the person thinks: so that its
review, asked for after the game, has little left to do (docs/library.md, "The review's cost").

A roll's luck compares its best play with each of the other rolls' best plays from the same
position (`analysis.luck`). Those best plays are what the network keeps per position and roll
(`Network.replies`, `neural_bot.best_reply`), so finding them now, a few at a time, is all it
takes: the review's luck reads them back. When the person has nothing running and there is a
played roll whose other rolls are not yet weighed, the view's `next` asks for a slice of about
SLICE seconds (`{"type": "luck_ahead"}`, web/worker/next_work.py); any request of the person's
goes first, and a slice holds one up for at most its length.

Nothing here is saved: a reload, a new game or a game opened starts the walk again from the
first turn (the rolls weighed before are still kept by the network, and cost nothing to ask again).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nardcore.bots import analysis
from nardcore.bots.neural import network_for
from nardcore.errors import NardError
from nardcore.gamedata import events_kept
from nardcore.notation import parse_play
from nardcore.position import SIDE_LETTERS, Position

from .intent_rules import Request
from .session import Session

if TYPE_CHECKING:
    from .autopilot import Autopilot

SLICE = 0.1  # seconds of weighing per request: what a click may wait behind it


@dataclass
class Ahead:
    """How far the luck of one game is measured: the history's events walked, the position
    after them, and the (position, roll)s found by the walk and not yet weighed."""

    start: Position
    position: Position
    walked: list[dict[str, Any]] = field(default_factory=list)  # the history's events so far
    plays: int = 0  # plays and passes walked
    waiting: deque[tuple[Position, tuple[int, int]]] = field(default_factory=deque)
    broken: bool = False  # a play of the record could not be read back: nothing more is done


def _ahead(session: Session) -> Ahead:
    """The walk of the game on the board, started again only when the game is another one or
    its record no longer begins with the events walked (taken back). The same game copied (a
    turn by link, a save read again) goes on where it was: every view asks, so a walk started
    again for each would cost the whole record's reading each time."""
    ahead = session.luck_ahead
    game = session.game
    if (not isinstance(ahead, Ahead) or ahead.start != game.start
            or events_kept(ahead.walked, game.history) < len(ahead.walked)):
        ahead = session.luck_ahead = Ahead(game.start, game.start)
    return ahead


def behind(session: Session) -> bool:
    """Whether a played roll of the game on the board has other rolls not yet weighed."""
    if network_for(session.game.variant.name) is None:
        return False
    ahead = _ahead(session)
    _walk(ahead, session.game.history)
    return bool(ahead.waiting)


def _walk(ahead: Ahead, history: list[dict[str, Any]]) -> None:
    """The history's new events: each play's position before its roll, with the rolls its luck
    is measured against but the one rolled (its value is the review's own first pass)."""
    if ahead.broken:
        return
    try:
        _walk_from(ahead, history, ahead.position)
    except NardError:  # a record this device cannot read back: its review will say so
        ahead.broken = True
        ahead.waiting.clear()


def _walk_from(ahead: Ahead, history: list[dict[str, Any]], position: Position) -> None:
    for index in range(len(ahead.walked), len(history)):
        event = history[index]
        ahead.walked.append(event)
        if event.get("event") not in ("play", "pass"):
            continue
        before = position.with_turn(SIDE_LETTERS.index(str(event.get("side"))))
        dice = (int(event["dice"][0]), int(event["dice"][1]))
        # the game's first roll, when the opening decided it, has no double (as review_steps says)
        first = ahead.plays == 0 and [tuple(sorted(e["dice"])) for e in history[:index]
                                      if e.get("event") == "opening"][-1:] == [tuple(sorted(dice))]
        rolled = (max(dice), min(dice))
        ahead.waiting.extend((before, roll.dice) for roll in analysis.luck_rolls(first) if roll.dice != rolled)
        text = str(event.get("play", ""))
        position = parse_play(before, dice, text) if text else before.pass_turn()
        ahead.plays += 1
        ahead.position = position


def measure(session: Session) -> None:
    """Weigh the waiting rolls of the game on the board for about SLICE seconds (at least one)."""
    if not behind(session):
        return
    ahead = _ahead(session)
    deadline = time.perf_counter() + SLICE
    while ahead.waiting:
        position, dice = ahead.waiting.popleft()
        analysis.best_equity(position, dice)
        if time.perf_counter() > deadline:
            break


def luck_ahead(session: Session, _pilot: Autopilot, _request: Request) -> None:
    """The intent: a slice of the measure (web/worker/intents.py)."""
    measure(session)
