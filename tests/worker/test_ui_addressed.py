"""Every message is addressed to the person who reads it (web/worker/presenter.py `addressed`):
"Press Pass" and "Take or drop?" only while the person is the one to act; during the computer's
turn the message says what the computer did, and the player who doubled reads that the answer
is awaited."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from support.app import act

from nardcore.position import Position
from web.worker import ui

# Black on the bar against White's points 6 and 4: a roll of 6-4 cannot enter
BLACK_SHUT_OUT = "backgammon:b:13x5,6x5,4x5:bar,24,13x5,8x3,6x5"
# White on roll, well ahead: it may double (the cube centred)
WHITE_MAY_DOUBLE = "backgammon:w:6x5,5x5,4x5:24x2,13x5,8x3,6x5"


def app_at(position: str, dice: str, opponent: str = "computer") -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=dice)
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "opponent": opponent, "seat": "w"}})
    app.session.play_on_from(Position.parse(position))
    return app, app.view()


def test_the_computers_roll_without_a_legal_move_says_so_without_asking_the_person_to_pass() -> None:
    app, view = app_at(BLACK_SHUT_OUT, "6,4")
    assert view["bot_pending"]
    view = act(app, "bot")  # the computer rolls 6-4 and cannot enter
    # and why, in the game's terms: its checker on the bar faces a closed home board
    why = {"key": "why.nomove.bar", "args": {}}
    assert view["message"] == {"key": "no_moves_other", "args": {"side": "b", "dice": "64", "why": why}}
    assert not view["can"]["confirm"]
    view = act(app, "bot")  # and passes
    assert view["message"] is not None and view["message"]["key"] == "passed"
    assert view["message"]["args"]["why"] == why
    assert not view["bot_pending"]


def test_the_persons_own_roll_without_a_legal_move_asks_for_pass() -> None:
    app, _ = app_at(BLACK_SHUT_OUT, "6,4", opponent="human")
    app.dispatch({"type": "set", "name": "auto_forced", "value": False})
    view = act(app, "roll")
    assert view["message"] is not None and view["message"]["key"] == "no_moves"
    assert view["can"]["confirm"]


def test_the_player_who_doubles_the_computer_reads_that_the_answer_is_awaited() -> None:
    app, view = app_at(WHITE_MAY_DOUBLE, "3,1")
    assert view["can"]["double"]
    view = act(app, "double")
    assert view["phase"] == "take" and view["bot_pending"]
    assert view["message"] == {"key": "doubled_wait", "args": {"side": "w", "cube": 2}}
    view = act(app, "bot")  # the computer's answer replaces it: it takes, or drops and the game is over
    assert view["message"] is not None and view["message"]["key"] in ("took", "game_over")


def test_between_two_people_on_one_device_the_double_asks_the_other_to_take_or_drop() -> None:
    app, _ = app_at(WHITE_MAY_DOUBLE, "3,1", opponent="human")
    view = act(app, "double")
    assert view["message"] == {"key": "doubled", "args": {"side": "w", "cube": 2}}
    assert view["can"]["take"] and view["can"]["drop"]


def test_the_person_who_offers_to_resign_reads_that_the_answer_is_awaited() -> None:
    app, _ = app_at(BLACK_SHUT_OUT.replace(":b:", ":w:"), "3,1")
    view = act(app, "resign", level="single")
    assert view["phase"] == "resign" and view["bot_pending"]
    assert view["message"] == {"key": "resign_wait", "args": {"side": "w", "level": "single", "points": 1}}
    view = act(app, "bot")  # the computer's answer
    assert view["message"] is not None and view["message"]["key"] in ("resigned", "resign_declined")
