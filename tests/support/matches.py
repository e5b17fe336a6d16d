"""A short match played through the app's intents (web/worker/ui.py), for the match review's
tests on CPython and in the browser."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nardcore.bots import analysis
from support.app import act
from web.worker import ui


def play_turn(app: ui.App) -> Mapping[str, Any]:
    """Roll and play the network's best play (one turn of the side to act)."""
    view = act(app, "roll")
    game = app.session.game
    if game.phase == "move" and game.dice is not None:
        best = analysis.hint(game.position, game.dice.dice, count=1)[0]
        for origin, target in ui_steps(app, best.play):
            view = act(app, "drag", **{"from": origin, "to": target})
        view = act(app, "confirm")
    return view


def ui_steps(app: ui.App, play: str) -> list[list[str]]:
    return next(p["steps"] for p in act(app, "hint")["hint"]["plays"] if p["play"] == play)


def match_of_two_games(turns: int = 4) -> ui.App:
    """A 3-point match between two people: game 1 played `turns` turns and ended by a double
    and a drop, game 2 begun."""
    app = ui.App(dice="seed:8")
    act(app, "new_game", settings={"variant": "backgammon", "match_length": 3})
    for _ in range(turns):
        play_turn(app)
    act(app, "double")
    act(app, "drop")
    act(app, "next_game")
    for _ in range(2):
        play_turn(app)
    return app
