"""Finished games from the app itself, for a library whose counts are known (Statistics):
each a save and its library entry as the engine writes them, the person playing the first step
shown each time against the computer's beginner (or another person at the same device)."""

from __future__ import annotations

import functools
import json
from typing import Any

from web.worker import ui


@functools.cache
def finished_game(seed: int, opponent: str = "computer", variant: str = "backgammon") -> tuple[str, dict[str, Any]]:
    """(save text, library entry) of a whole game played on `seed:<seed>` dice."""
    app = ui.App(dice=f"seed:{seed}")
    settings: dict[str, Any] = {"variant": variant, "match_length": 0, "opponent": opponent, "seat": "w"}
    if opponent == "computer":
        settings["level"] = "beginner"
    app.dispatch({"type": "new_game", "settings": settings})
    play_to_the_end(app, 1500)
    assert app.view()["phase"] == "over"
    answer = app.dispatch({"type": "dismiss"})
    return str(answer["save"]), dict(answer["entry"])


def play_to_the_end(app: ui.App, limit: int, next_games: bool = False) -> None:
    """The person's first step shown each time, the computer's turns, rolls, confirms and takes,
    until the game is over (`next_games`: until the match is, each next game started)."""
    for _ in range(limit):
        view = app.view()
        if view["phase"] == "over":
            if not (next_games and view["can"].get("next_game")):
                break
            app.dispatch({"type": "next_game"})
        elif view["bot_pending"]:
            app.dispatch({"type": "bot"})
        elif view["can"].get("roll"):
            app.dispatch({"type": "roll"})
        elif view["movable"]:
            app.dispatch({"type": "click", "point": view["movable"][0]})
            if app.view()["destinations"]:
                app.dispatch({"type": "click", "point": app.view()["destinations"][0]})
        elif view["can"].get("confirm"):
            app.dispatch({"type": "confirm"})
        elif view["can"].get("take"):
            app.dispatch({"type": "take"})


def finished_save(seed: int, opponent: str = "computer") -> str:
    return finished_game(seed, opponent)[0]


def by_hand(text: str, game_id: str = "0000000000aa") -> str:
    """The same game as if its dice had been entered by hand (its save says so), under another id."""
    save = json.loads(text)
    save["settings"]["dice"] = "hand"
    save["id"] = game_id
    return json.dumps(save)
