"""The app's state machine (web/worker/ui.py) on CPython, no browser: resigning and conceding,
offers answered, the cube's cost said, the board turned."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, play_turns, to_move

from nardcore.game import Game
from nardcore.position import Position
from web.worker import ui

# -- resigning -------------------------------------------------------------------------------------


def test_a_hot_seat_narde_game_is_conceded_for_what_it_scores_and_the_tally_counts_it() -> None:
    app, _ = fresh("narde", dice="seed:6")
    view = to_move(app)
    assert view["can"]["resign"] and view["resign"] == {"concede": 2}  # a mars: nothing is off yet
    side = view["turn"]
    act(app, "click", point=view["movable"][0])
    view = act(app, "resign")
    assert view["phase"] == "over" and view["result"]["resigned"] is True
    assert view["message"]["key"] == "resigned" and view["message"]["args"]["loser"] == side
    winner = "b" if side == "w" else "w"
    assert view["players"][winner]["score"] == 2 and view["can"]["next_game"]
    assert not view["can"]["resign"] and view["resign"] is None


def test_black_concedes_for_what_white_would_score() -> None:
    app, _ = fresh("narde")
    view = act(app, "load_url", fragment="p=narde:b:6x5:24x15&dice=52")  # White has ten off, Black none
    assert view["turn"] == "b" and view["resign"] == {"concede": 2}  # a mars for White (not White's 1)
    view = act(app, "resign")
    assert view["message"]["args"]["loser"] == "b" and view["players"]["w"]["score"] == 2


def test_a_drawn_game_is_said_as_a_draw_and_scores_nothing() -> None:
    """narde with `last-roll`: White bears off its last checker, Black's last roll bears off
    Black's last one too."""
    app, _ = fresh("narde+last-roll", dice="2,1,3,3")
    act(app, "load_url", fragment="p=narde%2Blast-roll:w:1:1&dice=21")
    act(app, "drag", **{"from": "1", "to": "off-w"})
    act(app, "confirm")
    act(app, "roll")
    view = act(app, "confirm")
    assert view["phase"] == "over" and view["result"]["winner"] is None
    assert view["message"] == {"key": "draw", "args": {"winner": None, "kind": "draw", "points": 0}}
    assert view["players"]["w"]["score"] == view["players"]["b"]["score"] == 0


def test_a_backgammon_offer_against_the_computer_is_declined_then_accepted() -> None:
    from nardcore.dice import SeededDice
    from nardcore.formats.state import encode_state

    game = Game("backgammon", SeededDice(1), position=Position.parse("backgammon:w:24x15:2"))
    app = ui.App(dice="seed:1")
    app.dispatch({"type": "load_url", "fragment": f"s={encode_state(game)}&vs=computer"})
    view: Mapping[str, Any] = app.view()
    assert [c["points"] for c in view["resign"]["levels"]] == [1, 2, 3]
    view = act(app, "resign", level="single")
    assert view["phase"] == "resign" and view["bot_pending"] and not view["can"]["answer_resign"]
    view = act(app, "bot")
    assert view["phase"] == "cube" and view["message"]["key"] == "resign_declined"
    view = act(app, "resign", level="backgammon")
    view = act(app, "bot")
    assert view["phase"] == "over" and view["result"]["points"] == 3 and view["result"]["kind"] == "backgammon"
    for level in ("everything", ["single"], {"single": 1}, 1):  # a list or an object: no TypeError
        with pytest.raises(ui.UIError, match="resign level"):
            ui.App().dispatch({"type": "resign", "level": level})


def test_what_a_resignation_costs_is_said_with_the_cube_and_the_jacoby_rule() -> None:
    """The offer's message names its points: the level times the cube; with Jacoby in a money
    game and the cube not turned, any offer is one point (gammons do not count yet)."""
    for variant, double, level, points in (("backgammon", False, "gammon", 2), ("backgammon", True, "gammon", 4),
                                           ("backgammon", True, "single", 2), ("backgammon", True, "backgammon", 6),
                                           ("backgammon+jacoby", False, "backgammon", 1),
                                           ("backgammon+jacoby", True, "gammon", 4)):
        app, _ = fresh(variant, dice="6,1,3,2,5,4")
        act(app, "roll")
        act(app, "drag", **{"from": "13", "to": "7"})
        act(app, "drag", **{"from": "8", "to": "7"})
        act(app, "confirm")  # Black to act
        if double:
            act(app, "double")
            act(app, "take")  # White owns the cube at 2; White rolls
        side = app.view()["turn"]
        view = act(app, "resign", level=level)
        assert view["message"]["key"] == "resign_offered", (variant, double, level)
        assert view["message"]["args"] == {"side": side, "level": level, "points": points}, (variant, double, level)
        view = act(app, "answer_resign", accept=False)
        assert view["message"] == {"key": "resign_declined", "args": {"side": "b" if side == "w" else "w"}}


def test_a_beaver_is_said_with_the_side_that_beavered_and_the_cube_it_holds() -> None:
    app, _ = fresh("backgammon+beaver", dice="6,1,3,2")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "8", "to": "7"})
    act(app, "confirm")
    act(app, "double")  # Black doubles; White beavers: the cube at 4, White's
    view = act(app, "beaver")
    assert view["message"] == {"key": "beavered", "args": {"side": "w", "cube": 4}}


def test_the_person_answers_the_other_players_offer_in_hot_seat() -> None:
    app, _ = fresh("backgammon", dice="seed:6")
    to_move(app)
    act(app, "resign", level="gammon")
    view: Mapping[str, Any] = app.view()
    assert view["can"]["answer_resign"] and view["resign"]["offer"] == "gammon" and view["resign"]["points"] == 2
    assert view["message"]["key"] == "resign_offered"
    with pytest.raises(ui.UIError):
        app.dispatch({"type": "answer_resign", "accept": "yes"})
    view = act(app, "answer_resign", accept=False)
    assert view["phase"] == "move" and view["movable"]
    act(app, "resign", level="single")
    view = act(app, "answer_resign", accept=True)
    assert view["phase"] == "over" and view["result"]["points"] == 1


def test_a_click_on_a_checker_a_rule_holds_back_says_which_rule() -> None:
    for seed in range(1, 40):
        app, _ = fresh("narde", dice=f"seed:{seed}", auto_forced=False)
        view = to_move(app)
        if view["dice"][0]["value"] == view["dice"][1]["value"]:
            continue  # doubles may take two from the head on the first turn
        head = "24" if view["turn"] == "w" else "12"
        act(app, "click", point=head)
        view = act(app, "click", point=str(int(head) - view["dice"][0]["value"]))  # one die from the head
        if head in view["movable"] or view["can"]["confirm"]:
            continue  # the other die cannot be played, or the head may still move
        view = act(app, "click", point=head)
        assert view["message"] == {"key": "held", "args": {"why": "head"}}
        assert view["selected"] is None
        view = act(app, "undo")
        assert view["message"] is None  # it lives until the turn changes
        return
    raise AssertionError("no seed gave a first turn without doubles")


def test_hot_seat_can_turn_the_board_to_the_player_to_act() -> None:
    app, view = fresh("backgammon", dice="seed:6")
    assert view["flipped"] is False
    seen = set()
    for _ in range(2):  # without the preference the board stays on White's side for both
        view = to_move(app)
        seen.add((view["to_act"], view["flipped"]))
        play_turns(app, 1)
    assert seen == {("w", False), ("b", False)}
    act(app, "set", name="turn_board", value=True)
    seen = set()
    for _ in range(12):
        view = to_move(app)
        seen.add((view["to_act"], view["flipped"]))
        while view["movable"]:
            view = act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=view["destinations"][0])
        act(app, "confirm")
    assert seen == {("w", False), ("b", True)}
    act(app, "set", name="flip", value=True)  # the flip preference still turns it over
    assert app.view()["flipped"] == (app.view()["to_act"] == "w")
    # against the computer the board stays on the person's side
    computer = ui.App(dice="seed:6")
    computer.dispatch({"type": "set", "name": "turn_board", "value": True})
    view = computer.dispatch({"type": "new_game", "settings": {"opponent": "computer", "seat": "w"}})["view"]
    for _ in range(30):
        assert view["flipped"] is False
        view = act(computer, "bot") if view["bot_pending"] else to_move(computer)
        if view["movable"]:
            break
