"""Dice entered by hand (settings "dice": "hand"): every roll, the computer's too, comes from the
dice the person enters; such games carry no dice proof and are marked so in the library."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from support.app import act

from web.worker import ui


def hand_game(variant: str = "narde", opponent: str = "computer") -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=None)
    view = act(app, "new_game", settings={"variant": variant, "opponent": opponent, "level": "beginner",
                                          "dice": "hand"})
    return app, view


def rolls(app: ui.App) -> list[list[int]]:
    return [e["dice"] for e in app.game.history if "dice" in e]


def test_the_opening_and_every_roll_are_the_dice_entered() -> None:
    app, view = hand_game()
    assert view["hand"] == {"side": None, "opening": True} and not view["can"]["roll"] and view["fair"] is None
    view = act(app, "roll", dice=[3, 3])  # a tie: the opening again
    assert view["phase"] == "opening" and view["message"]["key"] == "hand_tie"
    view = act(app, "roll", dice=[5, 2])  # White 5, Black 2: White starts and rolls both dice (narde)
    assert rolls(app) == [[3, 3], [5, 2]] and view["hand"] == {"side": "w", "opening": False}
    view = act(app, "roll", dice=[6, 4])
    assert app.game.dice is not None and app.game.dice.dice == (6, 4)
    while view["movable"]:
        act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=app.view()["destinations"][0])
    view = act(app, "confirm")
    # the computer's roll: entered by the person, then the computer plays it
    assert view["hand"] == {"side": "b", "opening": False} and not view["bot_pending"]
    view = act(app, "bot")
    assert len(app.game.history) == 3  # asked before its dice are entered, the computer waits
    view = act(app, "roll", dice=[2, 1])
    assert view["bot_pending"] and view["hand"] is None
    for _ in range(10):
        if not view["bot_pending"]:
            break
        view = act(app, "bot")
    assert rolls(app)[-1] == [2, 1] and view["hand"] == {"side": "w", "opening": False}


def test_a_roll_that_is_not_two_dice_is_refused_in_words() -> None:
    app, _ = hand_game()
    for dice in (None, [7, 1], [1], [1, 2, 3], ["6", "5"], [True, 1]):
        view = act(app, "roll", dice=dice)
        assert view["phase"] == "opening"
        assert view["message"]["args"]["error"]["key"] == "why.hand_dice"


def test_a_hand_game_is_marked_in_the_library_and_reloads_by_hand() -> None:
    app, _ = hand_game("backgammon", opponent="human")
    answer = app.dispatch({"type": "roll", "dice": [6, 1]})
    assert answer["entry"]["hand"] is True and "fair_dice" not in json.loads(answer["save"])
    again = ui.App(dice=None)
    view = again.dispatch({"type": "boot", "save": answer["save"], "fragment": "", "query": ""})["view"]
    assert view["settings"]["dice"] == "hand" and view["fair"] is None
    # an app's own game is not marked
    plain = ui.App(dice=None)
    assert plain.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["entry"]["hand"] is False


def test_automatic_rolling_waits_for_the_dice_entered() -> None:
    app = ui.App(dice=None)
    act(app, "set", name="auto_roll", value=True)
    view = act(app, "new_game", settings={"variant": "narde", "dice": "hand"})
    assert view["phase"] == "opening" and not app.game.history


def test_a_game_by_link_after_a_hand_game_rolls_its_own_dice() -> None:
    app, _ = hand_game("narde", opponent="human")
    view = act(app, "link_new", variant="narde", seat="w")
    assert view["link"] is not None and view["hand"] is None and view["settings"]["dice"] == "app"
