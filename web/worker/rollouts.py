"""The hint's rollout: the hinted plays played out many times (nardcore.bots.rollout).

A rollout runs a slice of about ROLLOUT_SLICE seconds per request, as the review does, so the
page shows its progress between slices and can cancel it; its figures live in the hint
(`hint["rollout"]`) and go with it when the hint does (any request that does not keep the
hint). The games are played by the ROLLOUT_LEVEL player, ROLLOUT_GAMES per play unless the
request asks for another number (1..MAX_GAMES), on the same dice for every play.
"""

from __future__ import annotations

import time
from typing import Any

from nardcore.bots.rollout import rollout_steps
from nardcore.notation import parse_play

from .inputs import UIError
from .session import Session

ROLLOUT_SLICE = 0.25  # seconds of rollout per request
ROLLOUT_GAMES = 36  # games per play: every first roll once
MAX_GAMES = 1296
ROLLOUT_LEVEL = "advanced"
ACTIONS = ("start", "more", "cancel")


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
        if state is not None and state["running"]:
            state.update(running=False, stopped=True)
        session.rollout_run = None
        return
    if action == "start":
        count = read_games(games)
        game = session.game
        assert game.dice is not None  # a play is hinted only once the dice are thrown
        position, dice = game.position, game.dice.dice
        candidates = [(item["play"], parse_play(position, dice, item["play"])) for item in hint["plays"]]
        session.rollout_run = rollout_steps(position, candidates, count, ROLLOUT_LEVEL)
        state = hint["rollout"] = {"running": True, "stopped": False, "done": 0, "total": count * len(candidates),
                                   "games": count, "level": ROLLOUT_LEVEL, "plays": []}
    if state is None or not state["running"] or session.rollout_run is None:
        session.rollout_run = None  # nothing under way (a late request after the end or a cancel)
        return
    deadline = time.perf_counter() + ROLLOUT_SLICE
    for done, _, found in session.rollout_run:
        state.update(done=done, plays=[figures.to_dict() for figures in found])
        if time.perf_counter() > deadline:
            break
    else:
        state["running"] = False
        session.rollout_run = None
