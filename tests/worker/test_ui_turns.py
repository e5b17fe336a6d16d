"""The app's state machine (web/worker/ui.py) on CPython, no browser: starting a game, the opening
roll, selecting and moving checkers, undo and confirm, whole games, the cube and matches."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from support.app import STARTS, act, check_invariants, fresh, play_simply, to_move
from support.random_play import play_random_game

from nardcore.dice import PresetDice
from nardcore.game import Game
from nardcore.movegen import TurnPlanner
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES
from web.worker import turn_input, ui

# -- starting and the opening roll -----------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_new_game_shows_the_start_position_in_the_opening_phase(variant: str) -> None:
    _, view = fresh(variant)
    assert view["position"] == STARTS[variant]
    assert view["phase"] == "opening" and view["screen"] == "board"
    assert view["can"]["roll"] and not view["can"]["confirm"]
    check_invariants(view)


def test_the_app_opens_on_the_start_screen() -> None:
    app = ui.App()
    view = app.dispatch({"type": "boot", "save": None, "fragment": "", "query": ""})["view"]
    assert view["screen"] == "setup" and view["phase"] == "opening"
    # the catalogue of games is not resent with every view: the engine's hello carries it
    assert "variants" not in view and "languages" not in view and "levels" not in view


def test_the_opening_roll_names_the_starter_and_ties_roll_again() -> None:
    app, _ = fresh("narde", dice="3,3,2,5,6,4")
    view = act(app, "roll")
    assert view["message"]["key"] == "opening"
    assert view["message"]["args"] == {"w": 2, "b": 5, "side": "b", "ties": 1}
    assert view["phase"] == "roll" and view["turn"] == "b"  # narde: the starter rolls again
    assert view["opening_dice"] == {"w": 2, "b": 5}


def test_backgammon_starter_plays_the_opening_dice() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    view = act(app, "roll")
    assert view["phase"] == "move" and view["turn"] == "w" and view["dice_text"] == "61"


# -- selecting, moving, undo, confirm -------------------------------------------------------------


def test_clicking_a_movable_point_selects_it_and_shows_its_destinations() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    view = act(app, "roll")
    assert view["movable"] == ["6", "8", "13", "24"]
    view = act(app, "click", point="13")
    assert view["selected"] == "13"
    assert view["destinations"] == ["6", "7"]  # 13/7, and 13/7/6 with both dice (12 is black's)
    view = act(app, "click", point="13")
    assert view["selected"] is None and view["destinations"] == []


def test_a_multi_die_destination_plays_every_step_on_the_way() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    act(app, "roll")
    act(app, "click", point="13")
    view = act(app, "click", point="6")
    assert view["position"] == "backgammon:w:24x2,13x4,8x3,6x6:24x2,13x5,8x3,6x5"
    assert all(d["used"] for d in view["dice"])
    assert view["can"]["confirm"] and view["movable"] == []
    check_invariants(view)


def test_the_view_destinations_are_those_of_the_turn_planner() -> None:
    rng = random.Random(1)
    for variant in VARIANT_NAMES:
        app, _ = fresh(variant, dice=f"seed:{rng.randrange(1000)}", auto_forced=False)
        for _ in range(30):
            view = to_move(app)
            game = app.game
            assert game is not None and game.dice is not None
            planner = TurnPlanner(game.position, game.dice.dice)
            for step in game.steps:
                planner.step(step)
            side = game.position.turn
            expected_movable = sorted(ui.point_id(side, o, planner.position) for o in planner.movable())
            assert sorted(view["movable"]) == expected_movable
            origin = rng.choice(view["movable"])
            view = act(app, "click", point=origin)
            slot = app.selected
            assert slot is not None
            expected = sorted(ui.point_id(side, t, planner.position) for t in planner.destinations(slot))
            assert sorted(view["destinations"]) == expected
            act(app, "click", point=rng.choice(view["destinations"]))
            if app.view()["can"]["confirm"]:
                act(app, "confirm")
            if app.game.over:
                break


def test_undo_takes_back_a_step_and_the_checker_returns_with_its_id() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    before = act(app, "roll")
    view = act(app, "drag", **{"from": "13", "to": "7"})
    moved = {c["id"]: c["at"] for c in view["checkers"]}
    changed = {i for i, at in moved.items() if at != {c["id"]: c["at"] for c in before["checkers"]}[i]}
    assert len(changed) == 1  # exactly one checker id moved
    assert view["can"]["undo"]
    view = act(app, "undo")
    assert view["position"] == before["position"]
    assert view["checkers"] == before["checkers"]
    assert not view["can"]["undo"]


def test_an_illegal_drag_changes_nothing() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    before = act(app, "roll")
    view = act(app, "drag", **{"from": "13", "to": "1"})
    assert view["position"] == before["position"]
    view = act(app, "drag", **{"from": "2", "to": "1"})
    assert view["position"] == before["position"]


def test_point_ids_are_read_as_the_side_on_roll_numbers_them() -> None:
    white = Game("narde", PresetDice([]))
    assert [turn_input.read_point(white, v) for v in ("1", "24", "bar-w", "off-w")] == [1, 24, 25, 0]
    black = Game("narde", PresetDice([]), position=white.position.with_turn(1))
    assert [turn_input.read_point(black, v) for v in ("1", "13", "24", "12", "bar-b", "off-b")] == [
        13, 1, 12, 24, 25, 0]
    for bad in ("0", "25", "01", "+1", "1.0", " 1", "bar-b", "off-b", "bar", "", "1" * 9, None, 5, ["1"]):
        assert turn_input.read_point(white, bad) is None, bad


def test_a_drag_that_ends_the_turn_is_confirmed_like_a_click_with_auto_confirm() -> None:
    for gesture in ("drag", "click"):
        app, _ = fresh("backgammon", dice="6,1,3,3", auto_confirm=True)
        act(app, "roll")
        act(app, "drag", **{"from": "8", "to": "7"})  # 8/7 first; 13/7 ends the turn
        if gesture == "drag":
            view = act(app, "drag", **{"from": "13", "to": "7"})
        else:
            act(app, "click", point="13")
            view = act(app, "click", point="7")
        assert view["turn"] == "b" and view["position"].startswith("backgammon:b:"), gesture
        assert view["last"]["text"] == "13/7 8/7", gesture


def test_a_drag_from_a_selected_points_destination_plays_the_selected_checker_there() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,3", auto_confirm=True)
    act(app, "roll")
    act(app, "drag", **{"from": "8", "to": "7"})
    act(app, "click", point="13")
    view = act(app, "drag", **{"from": "7", "to": "7"})  # a drag that goes nowhere: a click on 7
    assert view["turn"] == "b" and view["last"]["text"] == "13/7 8/7"


def test_no_drag_click_or_undo_moves_a_checker_out_of_the_persons_turn() -> None:
    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "opponent": "computer"}})
    act(app, "roll")
    view = play_simply(app, lambda view: view["bot_pending"] and bool(app.game.steps))  # after its first step
    assert view["bot_pending"] and app.game.steps and app.game.phase == "move"
    before = (view["position"], len(app.game.steps), view["checkers"])
    step = app.game.steps_now()[0]  # a step the computer could make: not the person's to make
    board = app.game.board
    origin, target = ui.point_id(1, step.origin, board), ui.point_id(1, step.target, board)
    for kind, args in (("undo", {}), ("drag", {"from": origin, "to": target}), ("click", {"point": origin}),
                       ("click", {"point": target})):
        view = act(app, kind, **args)
        assert (view["position"], len(app.game.steps), view["checkers"]) == before, kind
    before_roll = fresh("backgammon", dice="6,1")[0]
    for kind, args in (("drag", {"from": "13", "to": "7"}), ("undo", {})):
        view = act(before_roll, kind, **args)
        assert view["phase"] == "opening" and view["position"] == str(before_roll.game.position), kind


def test_a_hit_sends_the_checker_to_the_bar_and_undo_brings_it_back() -> None:
    app, _ = fresh("backgammon", dice="6,2,6,4")
    act(app, "roll")  # white 6-2: 13/7, 13/11 leaves blots on 7 and 11
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "13", "to": "11"})
    act(app, "confirm")
    before = act(app, "roll")  # black 6-4: black's 24/18 hits white's 7 (black 18 = white 7)
    assert before["turn"] == "b" and before["dice_text"] == "64" and "bar-w" not in before["points"]
    (blot,) = [c["id"] for c in before["checkers"] if c["at"] == "7"]
    hitter = max((c for c in before["checkers"] if c["at"] == "1"), key=lambda c: c["i"])["id"]
    view = act(app, "drag", **{"from": "1", "to": "7"})
    where = {c["id"]: c["at"] for c in view["checkers"]}
    assert where[blot] == "bar-w" and where[hitter] == "7"  # the very checkers, by id
    assert view["points"]["bar-w"] == {"side": "w", "count": 1} and view["points"]["7"] == {"side": "b", "count": 1}
    assert Position.parse(view["position"]).boards[0][25] == 1  # white has a checker on the bar
    check_invariants(view)
    view = act(app, "undo")
    assert view["position"] == before["position"] and view["checkers"] == before["checkers"]
    assert "bar-w" not in view["points"] and view["points"]["7"] == {"side": "w", "count": 1}


def test_confirm_passes_the_turn_and_shows_the_last_move() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    act(app, "roll")
    act(app, "click", point="13")
    act(app, "click", point="6")
    view = act(app, "confirm")
    assert view["turn"] == "b" and view["phase"] == "cube"
    assert view["last"] == {"side": "w", "dice": "61", "text": "13/6", "steps": [["13", "7"], ["7", "6"]],
                            "read": "12/19"}  # in Black's numbering: Black is on roll


def test_with_no_legal_move_the_turn_is_a_clear_pass() -> None:
    # khachapuri: an opening 6-6 cannot be played (the opponent holds my 18)
    app, _ = fresh("khachapuri", dice="5,2,6,6", auto_forced=False)
    act(app, "roll")
    view = act(app, "roll")
    assert view["phase"] == "move" and view["movable"] == []
    assert view["message"]["key"] == "no_moves"
    assert view["can"]["confirm"]
    view = act(app, "confirm")
    assert view["turn"] == "b" and view["message"]["key"] == "passed"
    assert view["last"]["text"] == ""


def test_with_auto_roll_the_game_rolls_on_past_a_pass() -> None:
    app, view = fresh("khachapuri", dice="5,2,6,6,3,1", auto_roll=True)  # White's 6-6 cannot be played
    assert [e["event"] for e in app.game.history] == ["opening", "pass"]
    assert view["phase"] == "move" and view["turn"] == "b" and view["dice_text"] == "31"


def test_passes_and_forced_plays_happen_by_themselves_when_asked() -> None:
    app, _ = fresh("khachapuri", dice="5,2,6,6")  # auto_forced is on by default
    act(app, "roll")
    view = act(app, "roll")
    assert view["turn"] == "b" and view["message"]["key"] == "passed"
    # tawla31 opening 6-6: a single play (24/6 and 24/18), played for the mover
    app, _ = fresh("tawla31", dice="5,2,6,6")
    act(app, "roll")
    view = act(app, "roll")
    assert view["message"]["key"] == "forced"
    assert view["can"]["confirm"] and view["can"]["undo"]


def test_auto_roll_and_auto_confirm_carry_the_game_along() -> None:
    app, _ = fresh("narde", dice="seed:3", auto_roll=True, auto_confirm=True)
    view: Mapping[str, Any] = app.view()
    assert view["phase"] == "move"  # opening and the starter's roll happened at once
    turn = view["turn"]
    for _ in range(4):
        if view["turn"] != turn or not view["movable"]:
            break
        act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=app.view()["destinations"][0])
    assert view["turn"] != turn and view["phase"] == "move" and view["dice_text"]


# -- whole games ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_hot_seat_games_end_with_a_result_and_a_score(variant: str) -> None:
    app, _ = fresh(variant, dice="seed:9", auto_forced=False)
    view = play_random_game(app, random.Random(variant))
    result = view["result"]
    assert result and view["message"]["key"] in ("game_over", "draw", "match_over")
    if result["winner"]:
        assert view["players"][result["winner"]]["score"] == result["points"]
    assert view["can"]["next_game"]
    view = act(app, "next_game")
    assert view["position"].split(":", 2)[2] == STARTS[variant].split(":", 2)[2]
    # a single game opens with the opening roll; in a match (tawla 31's default) the winner starts
    starter = result["winner"] if view["match"] else "w"
    assert view["position"].split(":")[1] == starter
    assert bool(view["match"]) is (variant == "tawla31")


def test_the_computer_plays_its_side_one_action_at_a_time() -> None:
    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    act(app, "roll")  # the opening roll is the person's to make
    pending: list[Mapping[str, Any]] = []

    def back_to_the_person(view: Mapping[str, Any]) -> bool:
        if view["bot_pending"]:  # the computer's turn: none of its actions is the person's to take
            assert not any(view["can"][k] for k in ("roll", "confirm", "undo"))
            pending.append(view)
            return False
        return view["turn"] == "w" and view["phase"] == "move" and app.game.position.turn == 0

    view = play_simply(app, back_to_the_person, limit=200)
    assert len(pending) >= 2  # the computer's actions, one at a time
    assert view["players"]["b"]["kind"] == "computer"


def test_a_computer_game_plays_to_the_end() -> None:
    app = ui.App(dice="seed:12")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "opponent": "computer"}})
    view = play_random_game(app, random.Random(2))
    assert view["phase"] == "over"


# -- the cube and matches ---------------------------------------------------------------------------


def test_double_take_and_drop() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,2")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "6"})
    view = act(app, "confirm")
    assert view["can"]["double"]
    view = act(app, "double")
    assert view["phase"] == "take" and view["cube"]["offered"] and view["to_act"] == "w"
    view = act(app, "take")
    assert view["cube"] == {"enabled": True, "value": 2, "owner": "w", "offered": False}
    assert view["phase"] == "roll" and not view["can"]["double"]
    view = act(app, "roll")
    # white owns the cube: black may not double next time; play black's turn out
    while view["movable"]:
        act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=app.view()["destinations"][0])
    view = act(app, "confirm")
    assert view["can"]["double"]  # white, the owner, may redouble
    view = act(app, "double")
    view = act(app, "drop")
    assert view["phase"] == "over" and view["result"] == {"winner": "w", "points": 2, "kind": "drop", "cube": 2}
    assert view["players"]["w"]["score"] == 2


def test_a_match_goes_on_game_after_game_until_it_is_won() -> None:
    app = ui.App(dice="seed:21")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "moultezim", "match_length": 3}})["view"]
    assert view["match"] == {"length": 3, "score": [0, 0], "crawford": False, "over": False}
    rng = random.Random(5)
    games = 0
    while True:
        view = play_random_game(app, rng)
        games += 1
        if view["match"]["over"]:
            break
        view = act(app, "next_game")
        assert view["phase"] in ("roll", "opening")
    assert max(view["match"]["score"]) >= 3 and view["message"]["key"] == "match_over"
    assert view["can"]["new_match"] and not view["can"]["next_game"]
    assert games >= 2


def test_tawla31_matches_are_to_31() -> None:
    app = ui.App(dice="seed:1")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "match_length": 5}})["view"]
    assert view["match"]["length"] == 31
