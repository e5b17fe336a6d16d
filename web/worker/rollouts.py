"""The hint's rollout: the hinted plays played out many times (nardcore.bots.rollout).

A rollout runs a slice of about ROLLOUT_SLICE seconds per request, as the review does, so the
page shows its progress between slices and can cancel it; its figures live in the hint
(`hint["rollout"]`) and go with it when the hint does (any request that does not keep the
hint). The games are played by the ROLLOUT_LEVEL player, ROLLOUT_GAMES per play unless the
request asks for another number (1..MAX_GAMES), on the same dice for every play.

The review rolls out a turn the same way (`run_review_rollout`): the turn it shows, the play
made and the best plays of its roll (REVIEW_PLAYS in all), its figures in
`review["rollout"]`; they go when the review shows another turn or closes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from nardcore.bots import analysis
from nardcore.bots.rollout import Rollout, rollout_steps
from nardcore.bots.stakes import Stakes
from nardcore.notation import parse_play
from nardcore.position import Position

from .inputs import UIError
from .session import Session

ROLLOUT_SLICE = 0.25  # seconds of rollout per request
ROLLOUT_GAMES = 36  # games per play: every first roll once
MAX_GAMES = 1296
ROLLOUT_LEVEL = "advanced"
ACTIONS = ("start", "more", "cancel")
REVIEW_PLAYS = 4  # the play made and the best plays of its roll, at most this many


def read_games(value: Any) -> int:
    """The games per play a request asks for (None: the default)."""
    if value is None:
        return ROLLOUT_GAMES
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_GAMES:
        raise UIError(f"games per play are a whole number from 1 to {MAX_GAMES}")
    return value


def run_rollout(session: Session, action: Any, games: Any = None) -> None:
    """`start` the rollout of the hint's plays (again from the start if one ran), take it one
    slice `more`, or `cancel` it, keeping the figures so far."""
    if action not in ACTIONS:
        raise UIError(f"a rollout is started, continued or cancelled, not {str(action)[:20]!r}")
    hint = session.hint
    if hint is None or not hint.get("plays"):
        session.rollout_run = None
        raise UIError("there is no hint to roll out")
    state = hint.get("rollout")
    if action == "cancel":
        _stop(state)
        session.rollout_run = None
        return
    if action == "start":
        count = read_games(games)
        game = session.game
        assert game.dice is not None  # a play is hinted only once the dice are thrown
        position, dice = game.position, game.dice.dice
        candidates = [(item["play"], parse_play(position, dice, item["play"])) for item in hint["plays"]]
        session.rollout_run = rollout_steps(position, candidates, count, ROLLOUT_LEVEL, stakes=Stakes.of(game),
                                            cube=game.cube_value)
        state = hint["rollout"] = _new_state(count, len(candidates))
    session.rollout_run = _go_on(state, session.rollout_run)


def _stop(state: dict[str, Any] | None) -> None:
    """A rollout cancelled: its figures so far stay."""
    if state is not None and state["running"]:
        state.update(running=False, stopped=True)


def _go_on(state: dict[str, Any] | None, run: Iterator[tuple[int, int, list[Rollout]]] | None,
           ) -> Iterator[tuple[int, int, list[Rollout]]] | None:
    """The rollout one slice further; the run to keep, or None once it is done or when nothing
    is under way (a late request after the end or a cancel)."""
    if state is None or not state["running"] or run is None:
        return None
    return None if _advance(state, run) else run


def _new_state(count: int, plays: int) -> dict[str, Any]:
    return {"running": True, "stopped": False, "done": 0, "total": count * plays, "games": count,
            "level": ROLLOUT_LEVEL, "plays": []}


def _advance(state: dict[str, Any], run: Iterator[tuple[int, int, list[Rollout]]]) -> bool:
    """The rollout one slice further, its figures into `state`; True when it is done."""
    deadline = time.perf_counter() + ROLLOUT_SLICE
    for done, _, found in run:
        state.update(done=done, plays=[figures.to_dict() for figures in found])
        if time.perf_counter() > deadline:
            return False
    state["running"] = False
    return True


def review_candidates(decision: dict[str, Any], stakes: Stakes | None = None,
                      ) -> tuple[Position, tuple[int, int], list[tuple[str, Position]]]:
    """A reviewed play's position and roll, and what to roll out: the best plays of the roll and
    the play made (REVIEW_PLAYS in all, the play made always among them); `stakes`: the
    reviewed game's match score, which the best plays are chosen for."""
    position = Position.parse(decision["position"])
    dice = (int(decision["dice"][0]), int(decision["dice"][1]))
    values = stakes.values(position.turn) if stakes is not None else None
    best = [item.play for item in analysis.hint(position, dice, count=REVIEW_PLAYS, values=values)]
    chosen = decision["chosen"]
    plays = best if chosen in best else [*best[: REVIEW_PLAYS - 1], chosen]
    return position, dice, [(text, parse_play(position, dice, text)) for text in plays]


def rollable(review: dict[str, Any] | None) -> dict[str, Any] | None:
    """The play decision of the review's shown turn when it may be rolled out: once every play
    is ranked, a turn shown whose play had a choice."""
    if review is None or not review.get("ranked") or review.get("shown") is None:
        return None
    for decision in review["decisions"]:
        if decision["turn"] == review["shown"] and decision["kind"] == "play":
            return None if decision["forced"] else dict(decision)
    return None


def run_review_rollout(session: Session, action: Any, games: Any = None) -> None:
    """The rollout of the review's shown turn: `start` it, take it one slice `more`, or
    `cancel` it keeping its figures (as `run_rollout` does for the hint)."""
    if action not in ACTIONS:
        raise UIError(f"a rollout is started, continued or cancelled, not {str(action)[:20]!r}")
    review = session.review
    state = review.get("rollout") if review is not None else None
    if action == "cancel":
        _stop(state)
        session.review_rollout_run = None
        return
    if action == "start":
        count = read_games(games)
        decision = rollable(review)
        if review is None or decision is None:
            session.review_rollout_run = None
            raise UIError("there is no turn of the review to roll out")
        position, _, candidates = review_candidates(decision, Stakes.of(session.game))
        session.review_rollout_run = rollout_steps(position, candidates, count, ROLLOUT_LEVEL,
                                                   stakes=Stakes.of(session.game), cube=session.game.cube_value)
        state = review["rollout"] = {**_new_state(count, len(candidates)), "turn": decision["turn"]}
    session.review_rollout_run = _go_on(state, session.review_rollout_run)
