"""The app's state machine (web/worker/ui.py) on CPython: intents in, view model out, no browser."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from nardcore.dice import PresetDice
from nardcore.game import Game
from nardcore.movegen import TurnPlanner
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES
from web.worker import advice, turn_input, ui

STARTS = {
    "backgammon": "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5",
    "narde": "narde:w:24x15:24x15",
    "khachapuri": "khachapuri:w:24x4,6x11:24x4,6x11",
    "moultezim": "moultezim:w:24x15:24x15",
    "tawla31": "tawla31:w:24x15:24x15",
}


def fresh(variant: str = "backgammon", dice: str | None = "seed:5",
          **prefs: Any) -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=dice)
    for name, value in prefs.items():
        app.dispatch({"type": "set", "name": name, "value": value})
    view = app.dispatch({"type": "new_game", "settings": {"variant": variant}})["view"]
    return app, view


def act(app: ui.App, kind: str, **args: Any) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.dispatch({"type": kind, **args})["view"]
    return view


def to_move(app: ui.App) -> Mapping[str, Any]:
    """Roll (and pass) until the side to act has a checker to move."""
    for _ in range(20):
        view = app.view()
        if view["phase"] == "move" and view["movable"]:
            return view
        if view["can"]["roll"]:
            act(app, "roll")
        elif view["can"]["confirm"]:
            act(app, "confirm")
    raise AssertionError("no movable checker after 20 actions")


def play_turns(app: ui.App, count: int) -> None:
    """`count` turns played by hand: the first movable checker to its first destination until
    the play is made, then confirm."""
    for _ in range(count):
        view = to_move(app)
        while view["movable"]:
            view = act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=view["destinations"][0])
        act(app, "confirm")


def check_invariants(view: Mapping[str, Any]) -> None:
    position = Position.parse(view["position"])
    sides = Counter(c["side"] for c in view["checkers"])
    assert sides == {"w": 15, "b": 15}
    assert len({c["id"] for c in view["checkers"]}) == 30
    counts = Counter(c["at"] for c in view["checkers"])
    for side, letter in ((0, "w"), (1, "b")):
        board = position.boards[side]
        assert counts.get(f"off-{letter}", 0) == board[0]
        assert counts.get(f"bar-{letter}", 0) == board[25]
        for point in range(1, 25):
            if board[point]:
                where = str(position.point_abs(side, point))
                assert counts[where] == board[point] == view["points"][where]["count"]
    # stacks are numbered 0..n-1 without gaps
    for where, n in counts.items():
        assert sorted(c["i"] for c in view["checkers"] if c["at"] == where) == list(range(n))


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
    view = act(app, "roll")
    for _ in range(40):  # to the computer's turn, after its first step
        if view["bot_pending"] and app.game.steps:
            break
        if view["bot_pending"]:
            view = act(app, "bot")
        elif view["movable"]:
            act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(app, "confirm")
        elif view["can"]["roll"]:
            view = act(app, "roll")
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
    assert view["last"] == {"side": "w", "dice": "61", "text": "13/6", "steps": [["13", "7"], ["7", "6"]]}


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


def play_random_game(app: ui.App, rng: random.Random, limit: int = 4000) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.view()
    for _ in range(limit):
        check_invariants(view)
        if view["phase"] == "over":
            return view
        can = view["can"]
        if view["bot_pending"]:
            view = act(app, "bot")
        elif can["take"]:
            view = act(app, rng.choice(["take", "drop"]))
        elif can["double"] and rng.random() < 0.05:
            view = act(app, "double")
        elif can["roll"]:
            view = act(app, "roll")
        elif view["movable"]:
            view = act(app, "click", point=rng.choice(view["movable"]))
            view = act(app, "click", point=rng.choice(view["destinations"]))
            if rng.random() < 0.1 and view["can"]["undo"]:
                view = act(app, "undo")
        elif can["confirm"]:
            view = act(app, "confirm")
        else:
            raise AssertionError(f"stuck: {view['phase']} {view['position']}")
    raise AssertionError("the game did not end")


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
    view = act(app, "roll")  # the opening roll is the person's to make
    bot_actions = 0
    for _ in range(200):
        if view["bot_pending"]:
            assert view["can"] == {k: False for k in view["can"]} or not any(
                view["can"][k] for k in ("roll", "confirm", "undo")
            )
            view = act(app, "bot")
            bot_actions += 1
        elif view["turn"] == "w" and view["phase"] == "move" and app.game.position.turn == 0:
            break
        elif view["can"]["roll"]:
            view = act(app, "roll")
        elif view["movable"]:
            act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(app, "confirm")
    assert bot_actions >= 2
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


# -- saving -------------------------------------------------------------------------------------------


def test_a_save_mid_turn_restores_everything_exactly() -> None:
    app, _ = fresh("narde", dice="seed:8", auto_forced=False)
    view = to_move(app)
    act(app, "click", point=view["movable"][0])
    answer = app.dispatch({"type": "click", "point": app.view()["destinations"][0]})
    view = act(app, "click", point=app.view()["movable"][0]) if app.view()["movable"] else answer["view"]
    save = app.dispatch({"type": "dismiss"})["save"]
    view = app.view()
    restored = ui.App(dice="seed:8")
    again = restored.dispatch({"type": "boot", "save": save, "fragment": "", "query": "?dice=seed:8"})["view"]
    for key in (
        "position",
        "phase",
        "turn",
        "dice",
        "dice_text",
        "movable",
        "selected",
        "destinations",
        "cube",
        "players",
        "last",
        "settings",
        "prefs",
        "can",
    ):
        assert again[key] == view[key], key
    check_invariants(again)
    # the same dice come next, as if the page had never been closed
    assert restored.dice.drawn == app.dice.drawn


def test_a_checker_picked_up_from_the_bar_is_still_in_hand_after_a_reload() -> None:
    app = ui.App(dice="seed:8")
    view = act(app, "load_url", fragment="p=backgammon:w:bar,13x4,8x3,6x5,5x2:24x2,13x5,8x3,6x5&dice=31")
    assert view["movable"] == ["bar-w"]  # nothing moves before the checker on the bar is in
    view = act(app, "click", point="bar-w")
    assert view["selected"] == "bar-w" and view["destinations"]
    save = app.dispatch({"type": "dismiss"})["save"]
    again = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    assert (again["selected"], again["destinations"]) == ("bar-w", view["destinations"])


def link_game_to_move() -> tuple[ui.App, Mapping[str, Any]]:
    """A narde game by link between two apps, on the device whose player has rolled first
    (forced plays are left to the player: nothing moves unless a test moves it)."""
    host, _ = fresh("narde", dice="seed:1", auto_forced=False)
    invitation = act(host, "link_new", variant="narde", seat="w")["link"]["url"]
    guest, _ = fresh("narde", dice="seed:2", auto_forced=False)
    answer = act(guest, "load_url", fragment=invitation)["link"]["url"]
    view = act(host, "load_url", fragment=answer)
    if view["turn"] == "w":
        return host, view
    return guest, act(guest, "load_url", fragment=view["link"]["url"])


def test_a_link_games_play_not_yet_confirmed_survives_a_reload() -> None:
    mover, view = link_game_to_move()
    assert view["phase"] == "move" and view["movable"] and not any(die["used"] for die in view["dice"])
    view = act(mover, "click", point=view["movable"][0])
    view = act(mover, "click", point=view["destinations"][0])
    assert view["can"]["undo"] and any(die["used"] for die in view["dice"])  # a step played, the turn open
    save = mover.dispatch({"type": "dismiss"})["save"]
    again = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    for key in ("position", "phase", "dice", "can", "link"):
        assert again[key] == view[key], key


def test_a_link_games_saved_board_that_went_another_way_than_its_record_gives_way_to_the_record() -> None:
    mover, view = link_game_to_move()
    data = json.loads(mover.dispatch({"type": "dismiss"})["save"])
    data["game"] = Game("narde").to_dict()  # a board knowing nothing of the opening roll the record holds
    restored = ui.App()
    again = restored.dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})["view"]
    assert restored.game is not None and mover.game is not None and mover.game.dice is not None
    assert restored.game.history == mover.game.history != [] and again["link"]["gid"] == view["link"]["gid"]
    assert restored.game.dice is not None and restored.game.dice.dice == mover.game.dice.dice


def test_the_seeded_dice_go_on_after_a_reload() -> None:
    app, _ = fresh("backgammon", dice="seed:8")
    act(app, "roll")
    save = app.dispatch({"type": "dismiss"})["save"]
    restored = ui.App()
    restored.dispatch({"type": "boot", "save": save, "fragment": "", "query": "?dice=seed:8"})
    assert [app.dice.die() for _ in range(6)] == [restored.dice.die() for _ in range(6)]


@pytest.mark.parametrize(
    "blob",
    [
        "{not json",
        "[]",
        '{"schema": 99, "app": "nard"}',
        '{"schema": 1, "app": "other"}',
        '{"schema": 1, "app": "nard", "settings": {}, "prefs": {}}',
        '{"schema": 1, "app": "nard", "settings": {"variant": "chess"}, "prefs": {}, "game": {}}',
    ],
)
def test_an_unreadable_save_is_set_aside_with_a_message_and_a_fresh_game(blob: str) -> None:
    app = ui.App()
    answer = app.dispatch({"type": "boot", "save": blob, "fragment": "", "query": ""})
    assert answer["set_aside"] == blob
    view = answer["view"]
    assert view["message"]["key"] == "save_corrupt"
    assert view["phase"] == "opening" and view["position"] == STARTS["backgammon"]


def test_a_save_with_a_tampered_history_is_refused() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "6"})
    save = app.dispatch({"type": "confirm"})["save"]
    data = json.loads(save)
    assert data["game"]["history"][-1]["play"] == "13/6"
    data["game"]["history"][-1]["play"] = "24/16"  # 8 pips from a 6-1; nothing else is touched
    blob = json.dumps(data)
    answer = ui.App().dispatch({"type": "boot", "save": blob, "fragment": "", "query": ""})
    assert answer["set_aside"] == blob
    message = answer["view"]["message"]
    assert message["key"] == "save_corrupt"
    assert message["args"]["error"].startswith("history event 1 "), message  # the replay refused it
    # the same save untouched is read
    view = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    assert view["position"] == "backgammon:b:24x2,13x4,8x3,6x6:24x2,13x5,8x3,6x5" and view["message"] is None


# -- sharing by URL --------------------------------------------------------------------------------


def test_a_url_names_the_computer_opponent() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer"}})
    fragment = app.dispatch({"type": "export_url"})["url"]
    assert fragment.endswith("&vs=computer")
    other = ui.App()
    view = other.dispatch({"type": "boot", "save": None, "fragment": fragment, "query": ""})["view"]
    assert view["settings"]["opponent"] == "computer" and view["players"]["b"]["kind"] == "computer"


def test_a_url_holds_the_whole_game_mid_turn() -> None:
    app, _ = fresh("moultezim", dice="seed:2", auto_forced=False)
    view = to_move(app)
    act(app, "click", point=view["movable"][0])
    view = act(app, "click", point=app.view()["destinations"][0])
    fragment = app.dispatch({"type": "export_url"})["url"]
    assert fragment.startswith("s=") and len(fragment) < 2000
    assert set(fragment[2:]) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    other = ui.App()
    shared = other.dispatch({"type": "boot", "save": None, "fragment": "#" + fragment, "query": ""})["view"]
    for key in ("position", "phase", "turn", "dice", "movable", "cube", "settings"):
        assert shared[key] == view[key], key
    assert shared["message"]["key"] == "url_loaded"


@pytest.mark.parametrize(
    "fragment",
    [
        "s=",
        "x=abc",
        "s=!!!!",
        "s=AAAA",
        "s=" + "A" * 30_000,
        "s=eJwLycgsVgCi4vzcVIWS1OISAFXlB6Y",
        "s=AAAA&vs=robot",
        "s=AAAA&s=AAAA",
        "<img src=x>",
    ],
)
def test_a_bad_url_gives_a_message_and_changes_nothing(fragment: str) -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    before = app.view()
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad"
    assert view["position"] == before["position"] and view["phase"] == before["phase"]


# -- requests that cannot be read -------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_",
    [
        [],
        {"type": 3},
        {"type": "explode"},
        {"type": "set", "name": "lang", "value": "<b>"},
        {"type": "set", "name": "nope", "value": True},
        {"type": "new_game", "settings": {"variant": "chess"}},
        {"type": "new_game", "settings": {"match_length": -1}},
    ],
)
def test_unreadable_requests_raise_ui_errors(request_: Any) -> None:
    app = ui.App()
    with pytest.raises(ui.UIError):
        app.dispatch(request_)


def test_clicks_on_nonsense_points_are_ignored() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    before = act(app, "roll")
    for point in ("0", "25", "bar-b", "off-b", "x", None, 7, "07"):
        view = act(app, "click", point=point)
        assert view["position"] == before["position"]


@pytest.mark.parametrize("spec", ["seed:x", "7,1", "1,2,", "seed:" + "9" * 40])
def test_a_bad_dice_query_is_reported_and_ignored(spec: str) -> None:
    view = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": f"?dice={spec}"})["view"]
    assert view["message"]["key"] == "bad_dice" and view["dice_source"] is None


def test_the_language_setting_is_kept() -> None:
    app, _ = fresh()
    answer = app.dispatch({"type": "set", "name": "lang", "value": "ru"})
    assert answer["view"]["prefs"]["lang"] == "ru"
    assert json.loads(answer["save"])["prefs"]["lang"] == "ru"


def test_the_pages_language_guess_counts_only_until_a_save_says_otherwise() -> None:
    view = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": "", "lang": "ru"})["view"]
    assert view["prefs"]["lang"] == "ru"
    app, _ = fresh()
    save = app.dispatch({"type": "set", "name": "lang", "value": "en"})["save"]
    view = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": "", "lang": "ru"})["view"]
    assert view["prefs"]["lang"] == "en"


# -- the computer's levels ------------------------------------------------------------------------------


def bot_until_human(app: ui.App, view: Mapping[str, Any]) -> Mapping[str, Any]:
    for _ in range(200):
        if not view["bot_pending"]:
            return view
        view = act(app, "bot")
    raise AssertionError("the computer never finished its turn")


@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "strongest"])
def test_the_chosen_level_plays_the_computers_side(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = ui.make_bot

    def spy(name: str, seed: Any = None) -> Any:
        made.append(name)
        return real(name, seed=seed, budget=0.05) if name == "strongest" else real(name, seed=seed)

    app = ui.App(dice="seed:3", make_bot=spy)
    view = app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer",
                                                          "level": level}})["view"]
    assert view["settings"]["level"] == level
    view = play_random_game(app, random.Random(1))
    assert view["phase"] == "over" and made and set(made) == {level}
    saved = app.to_save()
    again = ui.App(dice="seed:3")
    again.dispatch({"type": "boot", "save": json.dumps(saved), "fragment": "", "query": ""})
    assert again.settings["level"] == level


def test_a_computer_player_is_made_once_per_level_and_anew_when_the_level_changes() -> None:
    made: list[str] = []
    real = ui.make_bot

    def spy(name: str, seed: Any = None) -> Any:
        made.append(name)
        return real(name, seed=seed)

    app = ui.App(dice="seed:3", make_bot=spy)
    for level in ("beginner", "advanced"):
        app.dispatch({"type": "new_game", "settings": {"variant": "tawla31", "opponent": "computer", "level": level}})
        view = play_random_game(app, random.Random(1))
        assert view["phase"] == "over"
    assert made == ["beginner", "advanced"]


def test_an_unknown_level_is_refused_and_an_old_save_gets_the_default_level() -> None:
    app = ui.App(dice="seed:3")
    with pytest.raises(ui.UIError, match="level"):
        app.dispatch({"type": "new_game", "settings": {"opponent": "computer", "level": "godlike"}})
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    saved = app.to_save()
    del saved["settings"]["level"]  # saved before levels existed
    again = ui.App(dice="seed:3")
    view = again.dispatch({"type": "boot", "save": json.dumps(saved), "fragment": "", "query": ""})["view"]
    assert view["settings"]["level"] == ui.DEFAULT_LEVEL and view["variant"] == "narde"


def test_a_failing_computer_player_is_reported_not_replaced_by_random_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = ui.DEFAULT_LEVEL

        def choose_play(self, position: Any, plays: Any) -> Any:
            raise RuntimeError("the network file is damaged")

        def wants_double(self, game: Any) -> bool:
            return False

        def takes(self, game: Any) -> bool:
            return True

    app = ui.App(dice="seed:4", make_bot=lambda level, seed=None: Broken())
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    view = act(app, "roll")
    for _ in range(50):  # to the first turn where the computer has to choose a play
        if view["bot_pending"] and app.game is not None and app.game.phase == "move":
            break
        if view["bot_pending"]:
            view = act(app, "bot")
        elif view["can"]["roll"]:
            view = act(app, "roll")
        elif view["movable"]:
            act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(app, "confirm")
    before = app.game.position if app.game else None
    with pytest.raises(RuntimeError, match="damaged"):
        app.dispatch({"type": "bot"})
    assert app.game is not None and app.game.position == before and not app.game.steps


def test_the_computer_beavers_a_double_it_should_not_have_been_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = fresh("backgammon+beaver", dice="6,1,3,2")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon+beaver", "opponent": "computer"}})
    act(app, "roll")  # white (the person) opens with 6-1
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "8", "to": "7"})
    view = act(app, "confirm")
    view = bot_until_human(app, view)
    if not view["can"]["double"]:
        pytest.fail(f"white cannot double here: {view['phase']}")
    monkeypatch.setattr(app.autopilot, "beavers", lambda bot, game: True)
    view = act(app, "double")
    view = bot_until_human(app, view)
    assert view["cube"]["value"] == 4 and view["cube"]["owner"] == "b"
    assert view["message"]["key"] == "beavered"


# -- hostile input ---------------------------------------------------------------------------------------

DEEP_LINK = "#s=7cEBDQAAAMKgoO_fwxxuQAEAAAAAAAAAAMC_AQ"  # deflated "[" x 10,000: 41 characters


@pytest.mark.parametrize("depth", [65, 10_000, 1_000_000])
def test_deeply_nested_links_saves_and_requests_are_refused_before_they_are_parsed(depth: int) -> None:
    import base64
    import zlib

    from nardcore import safejson
    from web.worker import engine

    nested = "[" * depth + "]" * depth
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    link = "#s=" + base64.urlsafe_b64encode(packer.compress(nested.encode()) + packer.flush()).decode().rstrip("=")
    for fragment, save in ((link, None), ("", nested), (DEEP_LINK, "{" * depth)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": save, "fragment": fragment, "query": ""})
        assert answer["view"]["message"]["key"] in ("url_bad", "save_corrupt")
        error = answer["view"]["message"]["args"]["error"]
        assert "nested more than" in error or "too large" in error, error
        view = to_move(app)  # the app goes on: a legal move can be played
        act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=app.view()["destinations"][0])
        assert view["position"] != STARTS["backgammon"]
    reply = json.loads(engine.dispatch(nested))
    assert "nested more than" in reply["error"]
    assert safejson.nesting_depth('{"a": "[[[[[[", "b": [1, [2]]}') == 3  # brackets inside strings do not count


# -- hints -----------------------------------------------------------------------------------------------


def test_a_hint_lists_the_best_plays_draws_the_one_asked_for_and_goes_with_the_moment() -> None:
    from nardcore.bots.analysis import hint

    app, _ = fresh("narde", dice="5,2,6,5,4,4")
    view = to_move(app)
    assert view["can"]["hint"] and view["hint"] is None
    view = act(app, "hint")
    plays = view["hint"]["plays"]
    expected = hint(app.game.position, app.game.dice.dice, count=5)  # type: ignore[union-attr]
    assert [p["play"] for p in plays] == [h.play for h in expected] and 1 <= len(plays) <= 5
    # values to the thousandth, as the panel shows them
    assert [(p["equity"], p["loss"]) for p in plays] == [(round(h.equity, 3), round(h.loss, 3)) for h in expected]
    assert [p["loss"] for p in plays] == sorted(p["loss"] for p in plays) and plays[0]["loss"] == 0
    assert view["hint"]["shown"] == 0 and plays[0]["steps"] and all(len(s) == 2 for s in plays[0]["steps"])
    if len(plays) > 1:
        assert act(app, "hint", show=len(plays) - 1)["hint"]["shown"] == len(plays) - 1
    # playing the hinted steps ends in the hinted play, and the hint is gone once anything else happens
    for origin, target in plays[0]["steps"]:
        view = act(app, "drag", **{"from": origin, "to": target})
        assert view["hint"] is None
    view = act(app, "confirm")
    assert view["last"]["text"] == plays[0]["play"]


def test_a_hint_for_the_cube_and_none_on_the_computers_turn() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,2")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "7"})
    act(app, "drag", **{"from": "8", "to": "7"})
    act(app, "confirm")
    view = act(app, "hint")  # black, before rolling, may double: the hint is a cube action
    assert view["hint"]["cube"] in ("double", "roll") and view["hint"]["plays"] == []
    view = act(app, "double")
    view = act(app, "hint")
    assert view["hint"]["cube"] in ("take", "drop")
    computer = ui.App(dice="seed:4")
    computer.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})
    view = act(computer, "roll")
    for _ in range(40):  # to the computer's turn
        if view["bot_pending"]:
            break
        if view["can"]["roll"]:
            view = act(computer, "roll")
        elif view["movable"]:
            act(computer, "click", point=view["movable"][0])
            view = act(computer, "click", point=computer.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(computer, "confirm")
    assert view["bot_pending"] and not view["can"]["hint"]
    assert act(computer, "hint")["message"]["key"] == "not_now"


def test_a_hint_is_offered_exactly_when_the_person_has_a_choice_to_make() -> None:
    app, view = fresh("narde", dice="5,2,6,5,4,4")
    assert view["phase"] == "opening" and not view["can"]["hint"]
    view = to_move(app)
    assert view["phase"] == "move" and view["movable"] and view["can"]["hint"]
    for origin, target in act(app, "hint")["hint"]["plays"][0]["steps"]:
        act(app, "drag", **{"from": origin, "to": target})
    view = act(app, "confirm")
    assert view["phase"] == "roll" and not view["can"]["hint"]  # narde has no cube: rolling is no choice
    stuck, _ = fresh("khachapuri", dice="5,2,6,6", auto_forced=False)
    act(stuck, "roll")
    view = act(stuck, "roll")
    assert view["phase"] == "move" and view["movable"] == [] and not view["can"]["hint"]  # no play at all
    cube, _ = fresh("backgammon", dice="6,1,3,2")
    act(cube, "roll")
    act(cube, "drag", **{"from": "13", "to": "7"})
    act(cube, "drag", **{"from": "8", "to": "7"})
    view = act(cube, "confirm")
    assert view["phase"] == "cube" and view["can"]["hint"]  # to double or to roll
    view = act(cube, "double")
    assert view["phase"] == "take" and view["can"]["hint"]
    assert view["message"] == {"key": "doubled", "args": {"side": "b", "cube": 2}}  # the cube offered at 2
    view = act(cube, "take")
    assert view["phase"] == "roll" and not view["can"]["hint"]  # the cube is White's: Black just rolls
    view = act(cube, "resign", level="backgammon")
    view = act(cube, "answer_resign", accept=True) if view["phase"] == "resign" else view
    assert view["phase"] == "over" and not view["can"]["hint"]


def test_no_hint_in_a_game_played_by_link() -> None:
    mover, view = link_game_to_move()  # the fair opening roll decides which device moves
    assert view["phase"] == "move" and view["movable"] and not view["link"]["waiting"]  # a move of its own
    assert not view["can"]["hint"]
    assert act(mover, "hint")["message"]["key"] == "not_now" and mover.view()["hint"] is None


# -- review ----------------------------------------------------------------------------------------------


def test_the_review_runs_in_slices_marks_blunders_and_shows_any_turns_position(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "REVIEW_SLICE", 0.0)  # one turn per request: the progress is seen
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    assert not app.view()["can"]["review"]  # nothing played yet
    final = play_random_game(app, random.Random(1))
    assert app.game is not None
    turns = sum(1 for e in app.game.history if e.get("event") in ("play", "pass"))
    assert final["can"]["review"] and turns > 10
    seen = []
    for _ in range(turns + 2):
        review = act(app, "review")["review"]
        seen.append(review["done"])
        if review["complete"]:
            break
    assert review["complete"] and review["done"] == review["total"] == turns
    assert seen[:3] == [1, 2, 3]  # progress, a turn at a time
    assert len(review["chances"]) == len(review["positions"]) == turns
    marks = [d["mark"] for d in review["decisions"]]
    assert "blunder" in marks  # random plays blunder
    worst = max(review["decisions"], key=lambda d: d["loss"])
    assert worst["mark"] == "blunder" and worst["best"] != worst["chosen"]
    assert review["error_rate"]["w"] > 0 and review["error_rate"]["b"] > 0
    shown = act(app, "review", show=worst["turn"])
    assert shown["position"] == review["positions"][worst["turn"]] != final["position"]
    assert shown["movable"] == [] and shown["review"]["shown"] == worst["turn"]
    # the message names that turn's own play; the first and last turns show, past them is refused
    for decision in [d for d in review["decisions"] if d["kind"] == "play"][:3]:
        message = act(app, "review", show=decision["turn"])["message"]
        assert message == {"key": "review_shown", "args": {"turn": decision["turn"] + 1, "side": decision["side"],
                                                             "play": decision["chosen"]}}
    assert act(app, "review", show=0)["position"] == review["positions"][0]
    assert act(app, "review", show=turns - 1)["position"] == review["positions"][turns - 1]
    for beyond in (turns, -1):
        with pytest.raises(ui.UIError, match="no such turn"):
            act(app, "review", show=beyond)
    back = act(app, "review", close=True)
    assert back["review"] is None and back["position"] == final["position"]
    with pytest.raises(ui.UIError, match="no such turn"):
        act(app, "review")
        act(app, "review", show=10_000)


def test_the_coach_holds_back_a_blunder_once_and_lets_good_plays_through() -> None:
    from nardcore.bots.analysis import hint, mark

    app, _ = fresh("backgammon", dice="6,5,6,5")
    act(app, "set", name="coach", value=True)
    view = to_move(app)
    game = app.game
    assert game is not None and game.dice is not None
    options = hint(game.position, game.dice.dice, count=1000)
    worst = options[-1]
    assert mark(worst.loss, "backgammon") == "blunder"
    steps = game.plays()[worst.result]
    for step in steps:
        act(app, "click", point=ui.point_id(0, step.origin, game.position))
        view = act(app, "click", point=ui.point_id(0, step.target, game.position))
    view = act(app, "confirm")
    assert view["message"]["key"] == "coach_blunder" and view["phase"] == "move" and view["can"]["undo"]
    assert view["message"]["args"]["best"] == options[0].play
    view = act(app, "confirm")  # confirmed anyway
    assert view["last"]["text"] == worst.play and view["message"] is None
    good, _ = fresh("backgammon", dice="6,5,6,5")
    act(good, "set", name="coach", value=True)
    to_move(good)
    assert good.game is not None
    best_steps = good.game.plays()[options[0].result]
    for step in best_steps:
        act(good, "drag", **{"from": ui.point_id(0, step.origin, good.game.position),
                             "to": ui.point_id(0, step.target, good.game.position)})
    assert act(good, "confirm")["last"]["text"] == options[0].play
    # with auto-confirm, the coach holds the blunder too; changing another preference then
    # confirms nothing by itself: the person still confirms or takes the play back
    held, _ = fresh("backgammon", dice="6,5,6,5", auto_confirm=True)
    act(held, "set", name="coach", value=True)
    to_move(held)
    assert held.game is not None
    for step in held.game.plays()[worst.result]:
        act(held, "click", point=ui.point_id(0, step.origin, held.game.position))
        view = act(held, "click", point=ui.point_id(0, step.target, held.game.position))
    assert view["message"]["key"] == "coach_blunder" and view["phase"] == "move"
    history = list(held.game.history)
    view = act(held, "set", name="flip", value=True)
    assert view["phase"] == "move" and held.game.history == history


@pytest.mark.parametrize("seed", range(6))
def test_a_match_score_is_shown_capped_at_the_length_with_the_winner_first(seed: int) -> None:
    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": "khachapuri", "match_length": 3}})
    view = play_random_game(app, random.Random(seed))  # khachapuri games give 1..14 or 30 points
    while view["can"]["next_game"]:
        act(app, "next_game")
        view = play_random_game(app, random.Random(seed))
    assert view["message"]["key"] == "match_over" and app.match is not None and app.match.over
    winner = view["result"]["winner"]
    loser = "b" if winner == "w" else "w"
    assert view["players"][winner]["score"] == 3 == view["match"]["score"]["wb".index(winner)]
    assert view["players"][loser]["score"] < 3
    assert view["message"]["args"]["score"] == f"3:{view['players'][loser]['score']}"
    assert max(app.match.score) >= 3  # the real score is kept (it may be far past 3)


def test_the_person_can_play_black_against_the_computer_and_sees_the_board_from_there() -> None:
    app = ui.App(dice="seed:4")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer",
                                                          "seat": "b"}})["view"]
    assert view["players"]["w"]["kind"] == "computer" and view["players"]["b"]["kind"] == "human"
    assert view["flipped"] is True
    view = act(app, "set", name="flip", value=True)
    assert view["flipped"] is False  # the flip button still turns it round
    view = act(app, "roll")
    for _ in range(60):  # the computer moves White, the person Black
        if view["bot_pending"]:
            assert app.game is not None and app.game.to_act == 0
            view = act(app, "bot")
        elif view["can"]["roll"]:
            view = act(app, "roll")
        elif view["movable"]:
            assert app.game is not None and app.game.to_act == 1
            act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=app.view()["destinations"][0])
        elif view["can"]["confirm"]:
            view = act(app, "confirm")
    assert app.game is not None and len(app.game.history) > 6
    assert play_random_game(app, random.Random(5))["phase"] == "over"
    with pytest.raises(ui.UIError, match="seat"):
        app.dispatch({"type": "new_game", "settings": {"seat": "red"}})


def test_the_last_move_line_starts_clean_in_the_next_game_of_a_match() -> None:
    app = ui.App(dice="seed:2")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde", "match_length": 5}})
    view = play_random_game(app, random.Random(3))
    assert view["last"] is not None and view["can"]["next_game"]
    assert act(app, "next_game")["last"] is None


def test_hundreds_of_hostile_links_and_saves_change_nothing_and_the_game_goes_on() -> None:
    from hostile import hostile_fragments, hostile_saves

    app, _ = fresh("narde", dice="seed:1")
    valid_save = json.dumps(app.to_save())
    for number, fragment in enumerate(hostile_fragments(300, seed=5)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": valid_save, "fragment": "#" + fragment, "query": ""})
        key = answer["view"]["message"]["key"]
        assert key in ("url_bad", "url_loaded"), (number, fragment[:80])  # refused, or still a valid game
        if key == "url_bad":
            assert answer["view"]["variant"] == "narde", (number, fragment[:80])  # the saved game is still there
    for number, save in enumerate(hostile_saves(300, seed=6, valid_save=valid_save)):
        app = ui.App(dice="seed:1")
        answer = app.dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})
        if answer["view"]["message"] and answer["view"]["message"]["key"] == "save_corrupt":
            assert answer["set_aside"] == save, number  # kept aside, never thrown away
        view = to_move(app)  # a legal move can be played
        act(app, "click", point=view["movable"][0])
        assert act(app, "click", point=app.view()["destinations"][0])["position"] != view["position"], number


# -- the library of games ---------------------------------------------------------------------------


def test_every_game_has_its_own_id_and_a_new_game_or_a_link_never_takes_an_old_ones() -> None:
    app, _ = fresh("narde")
    first = app.dispatch({"type": "roll"})
    assert first["entry"]["id"] == json.loads(first["save"])["id"]
    link = app.dispatch({"type": "export_url"})["url"]
    second = app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    linked = app.dispatch({"type": "load_url", "fragment": link})
    ids = [first["entry"]["id"], second["entry"]["id"], linked["entry"]["id"]]
    assert len(set(ids)) == 3
    assert linked["view"]["message"]["key"] == "url_loaded"
    assert linked["view"]["position"] == first["view"]["position"]
    # moves in a game keep its id
    assert app.dispatch({"type": "roll"})["entry"]["id"] == ids[2]


def test_the_library_entry_says_what_the_games_screen_lists() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde+koks", "match_length": 3, "opponent": "computer",
                                                   "level": "beginner", "seat": "b"}})
    entry = app.dispatch({"type": "dismiss"})["entry"]
    assert {k: entry[k] for k in ("variant", "token", "opponent", "level", "seat", "match_length", "score", "over",
                                  "winner")} == {
        "variant": "narde", "token": "narde+koks", "opponent": "computer", "level": "beginner", "seat": "b",
        "match_length": 3, "score": [0, 0], "over": False, "winner": None}
    assert entry["position"] == app.view()["position"]
    # a finished match: the winner, the score capped at the length
    hot = ui.App(dice="seed:4")
    hot.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 1}})
    for _ in range(3000):
        view = hot.view()
        if view["phase"] == "over":
            break
        can = view["can"]
        if can["roll"]:
            act(hot, "roll")
        elif view["movable"]:
            act(hot, "click", point=view["movable"][0])
            if hot.view()["destinations"]:
                act(hot, "click", point=hot.view()["destinations"][0])
        elif can["confirm"]:
            act(hot, "confirm")
    entry = hot.dispatch({"type": "dismiss"})["entry"]
    assert entry["over"] is True and entry["winner"] in ("w", "b")
    assert max(entry["score"]) == 1 and entry["score"][0] != entry["score"][1]


def test_opening_a_library_game_keeps_the_preferences_and_its_id() -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    saved = app.dispatch({"type": "dismiss"})
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    app.dispatch({"type": "set", "name": "lang", "value": "ru"})
    answer = app.dispatch({"type": "open_game", "save": saved["save"]})
    assert answer["entry"]["id"] == saved["entry"]["id"]
    assert answer["view"]["position"] == saved["view"]["position"]
    assert answer["view"]["prefs"]["lang"] == "ru"
    assert answer["view"]["message"]["key"] == "opened"
    # an imported file is a copy: an entry of its own
    copy = app.dispatch({"type": "open_game", "save": saved["save"], "copy": True})
    assert copy["entry"]["id"] != saved["entry"]["id"] and copy["view"]["message"]["key"] == "imported"


@pytest.mark.parametrize("blob", ["{", "[" * 5000, '{"schema": 2, "app": "nard", "id": "../x"}', '{"app": "nard"}'])
def test_a_library_game_that_cannot_be_read_changes_nothing(blob: str) -> None:
    app, _ = fresh("narde", dice="seed:2")
    before = app.dispatch({"type": "roll"})
    answer = app.dispatch({"type": "open_game", "save": blob})
    assert answer["view"]["message"]["key"] == "open_bad"
    assert answer["entry"]["id"] == before["entry"]["id"]
    assert answer["view"]["position"] == before["view"]["position"]


def test_a_save_from_the_single_slot_of_old_is_read_as_a_new_library_entry() -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    data = json.loads(app.dispatch({"type": "dismiss"})["save"])
    del data["id"]
    data["schema"] = 1  # as the app wrote it before the library
    answer = ui.App().dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})
    assert "set_aside" not in answer and answer["view"]["message"] is None
    assert answer["view"]["position"] == app.view()["position"]
    assert len(answer["entry"]["id"]) == 12 and json.loads(answer["save"])["schema"] == 2
    # a schema-2 save without its id is not one this app wrote
    data["schema"] = 2
    refused = ui.App().dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})
    assert refused["view"]["message"]["key"] == "save_corrupt"


def test_discarding_the_game_on_the_board_starts_a_new_one_on_the_start_screen() -> None:
    app, _ = fresh("narde", dice="seed:2")
    before = app.dispatch({"type": "roll"})
    answer = app.dispatch({"type": "discard"})
    assert answer["entry"]["id"] != before["entry"]["id"]
    assert answer["view"]["screen"] == "setup" and answer["view"]["phase"] == "opening"


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
    from nardcore.game import Game

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
    with pytest.raises(ui.UIError):
        ui.App().dispatch({"type": "resign", "level": "everything"})


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


# -- links a person can read and write ----------------------------------------------------------------


def test_a_position_link_opens_that_position_as_a_new_game_with_its_dice_cube_and_score() -> None:
    app = ui.App(dice="seed:1")
    first = app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["entry"]["id"]
    answer = app.dispatch({"type": "load_url", "fragment": "p=narde%3Ab%3A24x14%2C13%3A24x15&dice=52"})
    view = answer["view"]
    assert view["position"] == "narde:b:24x14,13:24x15" and view["phase"] == "move"
    assert [d["value"] for d in view["dice"]] == [5, 2] and view["message"]["key"] == "url_loaded"
    assert answer["entry"]["id"] != first
    view = act(app, "load_url", fragment="p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5&cube=4&owner=b"
                                         "&score=2-1&length=7")
    assert view["cube"]["value"] == 4 and view["cube"]["owner"] == "b" and view["phase"] == "roll"
    assert view["match"] == {"length": 7, "score": [2, 1], "crawford": False, "over": False}
    assert view["players"]["w"]["score"] == 2 and view["players"]["b"]["score"] == 1


def test_gnubg_and_xgid_links_open_backgammon_positions() -> None:
    app = ui.App(dice="seed:1")
    boards = STARTS["backgammon"].split(":", 1)[1]
    view = act(app, "load_url", fragment="gnubg=4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert view["position"].split(":", 1)[1] == boards and view["variant"] == "backgammon"
    start_xgid = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    for xgid in ("XGID=" + start_xgid, start_xgid):
        view = act(app, "load_url", fragment=f"xgid={xgid}")
        assert view["position"].split(":", 1)[1] == boards, xgid
        assert [d["value"] for d in view["dice"]] == [5, 2], xgid


@pytest.mark.parametrize(("fragment", "named"), [
    ("p=narde:w:24x16:24x15", "16 checkers"),
    ("p=narde:w:24x15:24x15&dice=77", "dice are two digits"),
    ("p=narde:w:24x15:24x15&cube=2&owner=w", "narde has no cube"),
    ("p=backgammon:w:6:1&cube=2", "owner"),
    ("p=backgammon:w:6:1&score=1-0", "both score"),
    ("p=backgammon:w:6:1&score=one&length=5", "score is W-B"),
    ("p=narde:w:24x15:24x15&colour=w", "does not read"),
    ("p=narde:w:24x15:24x15&p=narde:b:24x15:24x15", "twice"),
    ("s=abc&p=narde:w:24x15:24x15", "s=, p=, gnubg= or xgid="),
    ("gnubg=4HPwATDgc/ABMA:cAkAAAAAAAAA&dice=52", "p= position only"),
    ("gnubg=nonsense", "Position ID"),
    ("xgid=-b----E-C---eE---c-e----B-:0:0:1", "XGID"),
    ("p=%ZZnarde", "4 fields"),
])
def test_a_malformed_readable_link_is_refused_with_a_message_naming_what_is_wrong(fragment: str, named: str) -> None:
    app, before = fresh("narde")
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad"
    assert named.lower() in view["message"]["args"]["error"].lower(), view["message"]["args"]["error"]
    assert view["position"] == before["position"]


def test_the_share_dialogs_links_each_open_the_position_on_the_board() -> None:
    app = ui.App(dice="seed:9")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 5}})
    view = to_move(app)
    act(app, "click", point=view["movable"][0])  # a step of the turn under way
    shared = app.dispatch({"type": "share"})["share"]
    assert set(shared) == {"game", "position", "gnubg", "xgid", "svg", "mat", "record"}
    assert shared["svg"].startswith("<svg") and shared["svg"].count('class="checker') <= 30
    board, dice = app.view()["position"], [d["value"] for d in app.view()["dice"]]
    for kind in ("game", "position", "gnubg", "xgid"):
        fragment = shared[kind] if kind in ("game", "position") else f"{kind}={shared[kind]}"
        opened = ui.App().dispatch({"type": "load_url", "fragment": fragment})["view"]
        assert opened["message"]["key"] == "url_loaded", (kind, opened["message"])
        # the game link keeps the step under way; the others give the position before it, same roll
        expected = board if kind == "game" else app.game.position.__str__()
        assert opened["position"].split(":", 1)[1] == expected.split(":", 1)[1], kind
        assert sorted(d["value"] for d in opened["dice"]) == sorted(dice), kind
        assert opened["match"]["length"] == 5, kind
    # the other games: no gnubg ID or XGID
    narde = ui.App(dice="seed:9")
    narde.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    assert set(narde.dispatch({"type": "share"})["share"]) == {"game", "position", "svg", "mat", "record"}


def test_a_finished_games_share_dialog_offers_the_whole_game_but_no_position_to_play_on() -> None:
    app = ui.App(dice="seed:9")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    to_move(app)
    app.dispatch({"type": "resign"})  # narde: a resignation concedes at once
    assert app.game.over
    shared = app.dispatch({"type": "share"})["share"]
    assert "position" not in shared and shared["game"].startswith("s=")
    assert ui.App(dice="seed:1").dispatch({"type": "load_url", "fragment": shared["game"]})["view"]["phase"] == "over"


def test_a_downloaded_record_imports_as_a_new_game_and_a_bad_one_changes_nothing() -> None:
    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})
    for _ in range(6):
        to_move(app)
        app.game.play(sorted(app.game.plays(), key=str)[0])
    record = app.dispatch({"type": "share"})["share"]["mat"]
    assert record.startswith(" 3 point match")
    other = ui.App(dice="seed:5")
    other.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    before = other.view()
    view = other.dispatch({"type": "open_game", "save": record, "copy": True})["view"]
    assert view["message"]["key"] == "imported"
    assert other.game.history == app.game.history and view["position"] == str(app.game.board)
    assert view["match"]["length"] == 3 and other.session.game_id != before.get("game_id")
    bad = other.dispatch({"type": "open_game", "save": record.replace("Game 1", "Game 7"), "copy": True})["view"]
    assert bad["message"]["key"] == "open_bad" and "line 3" in bad["message"]["args"]["error"]
    assert bad["position"] == view["position"]


def test_the_share_dialogs_record_for_a_web_page_holds_each_turns_position_dice_and_play() -> None:
    app, _ = fresh("narde", dice="seed:3")
    for _ in range(3):
        to_move(app)
        for _ in range(8):
            view = app.view()
            if not view["movable"]:
                break
            act(app, "click", point=view["movable"][0])
            act(app, "click", point=app.view()["destinations"][0])
        if app.view()["can"]["confirm"]:
            act(app, "confirm")
    game = app.game
    frames = app.dispatch({"type": "share"})["share"]["record"].split("  ")
    turns = [(i, e) for i, e in enumerate(game.history) if e["event"] in ("play", "pass")]
    assert len(turns) >= 3 and len(frames) == len(turns) + 1
    positions = game.positions()
    assert frames[0] == str(positions[turns[0][0]])  # after the opening roll, before the first turn
    for frame, (index, event) in zip(frames[1:], turns):
        words = frame.split(" ")
        assert words[0] == str(positions[index + 1])
        assert words[1] == "".join(str(d) for d in event["dice"])
        assert " ".join(words[2:]) == event.get("play", "")
    assert frames[-1].split(" ")[0] == str(game.position)


# -- the record and replay ----------------------------------------------------------------------------


def test_the_record_lists_every_turn_and_replay_steps_through_it() -> None:
    app, _ = fresh("narde", dice="seed:3")
    play_turns(app, 4)
    view: Mapping[str, Any] = app.view()
    record, events = view["record"], app.game.history
    assert [e["text"] for e in record][0].startswith("opening roll") and len(record) == len(events)
    numbers = [e["number"] for e in record if e["kind"] in ("play", "pass")]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 4
    positions = app.game.positions()
    live = view["position"]
    view = act(app, "replay", to="first")
    assert view["replay"] == {"at": 0, "of": len(events)} and view["position"] == str(positions[0])
    assert not view["can"]["roll"] and not view["movable"] and view["dice"] == []
    view = act(app, "replay", to="forward")
    assert view["position"] == str(positions[1]) and view["message"]["key"] == "replay_at"
    view = act(app, "replay", to=3)
    assert view["position"] == str(positions[3])
    view = act(app, "replay", to="back")
    assert view["position"] == str(positions[2])
    view = act(app, "replay", to="last")
    assert view["replay"] is None and view["position"] == live and view["message"] is None
    with pytest.raises(ui.UIError):
        app.dispatch({"type": "replay", "to": 99})
    # any other action goes back to the game as it is
    act(app, "replay", to=1)
    assert act(app, "undo")["replay"] is None


def test_replay_at_its_ends_and_after_the_game_changes_under_it() -> None:
    app, _ = fresh("narde", dice="seed:3")
    play_turns(app, 2)
    last = len(app.game.history)
    positions = app.game.positions()
    assert act(app, "replay", to=0)["position"] == str(positions[0])  # the first event count is 0
    assert act(app, "replay", to="back")["replay"]["at"] == 0  # no further back than the start
    assert act(app, "replay", to=1)["replay"]["at"] == 1
    assert act(app, "replay", to="back")["replay"]["at"] == 0
    assert act(app, "replay", to=last)["replay"] is None  # the last event count is the game itself
    act(app, "replay", to=last - 1)
    assert act(app, "replay", to="forward")["replay"] is None
    assert act(app, "replay", to="forward")["replay"] is None  # no further than the game
    # the replay follows the game on the board: another game, or this one played on
    act(app, "replay", to=2)
    other, _ = fresh("backgammon", dice="seed:3")
    to_move(other)
    assert act(other, "replay", to=1)["position"] == str(other.game.positions()[1])
    assert act(app, "replay", to=2)["position"] == str(positions[2])
    act(app, "replay", to="last")
    play_turns(app, 2)  # two more turns: positions the replay had not seen
    grown = app.game.positions()
    assert len(grown) > len(positions) + 1
    assert act(app, "replay", to=len(grown) - 2)["position"] == str(grown[-2])


def test_replay_shows_the_game_on_the_board_when_two_games_share_their_moves() -> None:
    """Two games opened from different positions, the same play made in each: replaying one
    and then the other shows each its own start."""
    starts = ["narde:w:24x14,13:24x15", "narde:w:24x13,13,10:24x15"]
    apps = []
    for start in starts:
        app, _ = fresh("narde")
        act(app, "load_url", fragment=f"p={start}&dice=65")
        act(app, "drag", **{"from": "24", "to": "13"})
        act(app, "confirm")
        apps.append(app)
    assert apps[0].game.history == apps[1].game.history
    for app, start in (*zip(apps, starts), *zip(apps, starts)):
        assert act(app, "replay", to=0)["position"] == start


def test_play_on_from_a_replayed_position_starts_a_new_game_of_the_library() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    to_move(app)
    view: Mapping[str, Any] = app.view()
    while view["movable"]:
        view = act(app, "click", point=view["movable"][0])
        view = act(app, "click", point=view["destinations"][0])
    before = app.dispatch({"type": "confirm"})
    act(app, "replay", to=1)  # after the opening roll: the opening play to make
    shown = app.view()["position"]
    answer = app.dispatch({"type": "play_on"})
    assert answer["entry"]["id"] != before["entry"]["id"]
    view = answer["view"]
    assert view["replay"] is None and view["message"]["key"] == "played_on"
    assert view["position"] == shown and view["phase"] in ("cube", "roll")
    assert app.game.history == []
    # from the very start: a new game with its opening roll
    other, _ = fresh("narde", dice="seed:3")
    to_move(other)
    act(other, "replay", to="first")
    assert act(other, "play_on")["phase"] == "opening"
    # from a match's game: a single game, outside the match
    in_match = ui.App(dice="seed:3")
    in_match.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})
    play_turns(in_match, 1)
    act(in_match, "replay", to="first")
    view = act(in_match, "play_on")
    assert view["match"] is None and in_match.session.settings["match_length"] == 0


# -- requests out of turn and at their edges ---------------------------------------------------------


def computer_game(position: str) -> ui.App:
    """A game against the computer (black) at a set-up position; the person plays white."""
    app = ui.App(dice="seed:4")
    start = Position.parse(position)
    app.dispatch({"type": "new_game", "settings": {"variant": start.variant.token, "opponent": "computer"}})
    app.session.game = Game(start.variant, app.session.dice, position=start)
    app.session.fresh_turn()
    return app


RACE = "backgammon+beaver:{}:6x8,5x7:6x8,5x7"


@pytest.mark.parametrize(("setup", "request_"), [
    ("computer on roll", {"type": "roll"}),
    ("computer on roll", {"type": "double"}),
    ("computer on roll", {"type": "resign", "level": "single"}),
    ("person doubled", {"type": "take"}),
    ("person doubled", {"type": "drop"}),
    ("person doubled", {"type": "beaver"}),
    ("person resigned", {"type": "answer_resign", "accept": True}),
])
def test_the_person_cannot_act_for_the_computer(setup: str, request_: dict[str, Any]) -> None:
    app = computer_game(RACE.format("b" if setup == "computer on roll" else "w"))
    if setup == "person doubled":
        act(app, "double")
    elif setup == "person resigned":
        act(app, "resign", level="single")
    assert app.view()["bot_pending"]
    before = app.game.to_dict()
    app.dispatch(request_)
    assert app.game.to_dict() == before


def test_another_tabs_save_is_taken_over_and_nothing_else_is() -> None:
    other, _ = fresh("narde")
    act(other, "roll")
    saved = other.dispatch({"type": "dismiss"})["save"]
    app, _ = fresh("backgammon")
    view = app.dispatch({"type": "sync", "save": saved})["view"]
    assert view["variant"] == "narde" and app.game.to_dict() == other.game.to_dict()
    assert view["message"]["key"] == "synced"
    for bad in ("", None, 5):
        with pytest.raises(ui.UIError, match="nothing to take over"):
            app.dispatch({"type": "sync", "save": bad})
    with pytest.raises(ui.UIError, match="no game to open"):
        app.dispatch({"type": "open_game", "save": ""})


def test_an_empty_save_at_boot_is_no_save_and_no_complaint() -> None:
    view = ui.App().dispatch({"type": "boot", "save": "", "fragment": "", "query": ""})["view"]
    assert (view["message"] or {}).get("key") != "save_corrupt"


def test_turning_auto_roll_on_rolls_at_once_when_the_person_is_to_roll() -> None:
    app, view = fresh("narde")
    assert view["can"]["roll"]
    view = act(app, "set", name="auto_roll", value=True)
    assert view["phase"] == "move"
    app, _ = fresh("narde")
    view = act(app, "set", name="auto_forced", value=False)
    assert view["phase"] in ("opening", "roll")  # turning a pref off does nothing at once


def test_a_hint_draws_only_one_of_its_plays() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,2")
    act(app, "roll")
    view = act(app, "hint")
    count = len(view["hint"]["plays"])
    assert count > 1
    for show in (count - 1, 0):
        assert act(app, "hint", show=show)["hint"]["shown"] == show
    for show in (count, -1):
        assert act(app, "hint", show=show)["hint"]["shown"] == 0  # out of range: as it was


def test_a_shared_position_says_the_computer_is_the_opponent() -> None:
    app = computer_game(RACE.format("w"))
    assert app.dispatch({"type": "share"})["share"]["position"].endswith("&vs=computer")


def test_a_finished_backgammon_game_offers_no_gnubg_id_or_xgid() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    act(app, "roll")  # the opening roll
    act(app, "resign", level="single")
    act(app, "answer_resign", accept=True)
    assert app.game.over
    assert not {"gnubg", "xgid", "position"} & set(app.dispatch({"type": "share"})["share"])


@pytest.mark.parametrize(("fragment", "complaint"), [
    ("p=narde:w:24x15:24x15&cube=2", "narde has no cube"),
    ("p=narde:w:24x15:24x15&owner=w", "narde has no cube"),
    ("p=" + "x" * 24_099, "too long"),
], ids=["cube", "owner", "too long"])
def test_a_position_link_is_refused_for_what_it_gets_wrong(fragment: str, complaint: str) -> None:
    app, _ = fresh("backgammon")
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad" and complaint in view["message"]["args"]["error"]


def test_a_link_of_the_longest_length_is_read_on() -> None:
    from web.worker import links

    app, _ = fresh("backgammon")
    fragment = "p=" + "x" * (links.MAX_URL - 2)
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad" and "too long" not in view["message"]["args"]["error"]
    assert links.shorten("x" * 40) == "x" * 40 and links.shorten("x" * 41) == "x" * 40 + "…"


def test_a_single_game_record_imports_as_a_single_game_with_a_fresh_tally() -> None:
    app, _ = fresh("backgammon", dice="seed:4")
    play_turns(app, 2)
    record = app.dispatch({"type": "share"})["share"]["mat"]
    other, _ = fresh("narde", dice="seed:5")
    other.session.tally = [3, 1]  # games won in this library entry before
    view = other.dispatch({"type": "open_game", "save": record, "copy": True})["view"]
    assert view["message"]["key"] == "imported" and other.session.match is None
    assert other.session.settings["match_length"] == 0 and other.session.tally == [0, 0]
    assert other.game.history == app.game.history


def test_a_library_entry_says_whether_the_game_has_started() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    entry = app.dispatch({"type": "dismiss"})["entry"]
    assert entry["started"] is False and entry["match_length"] == 0
    assert app.dispatch({"type": "roll"})["entry"]["started"] is True
    app.dispatch({"type": "load_url", "fragment": "p=backgammon:w:6x15:6x15"})
    assert app.dispatch({"type": "dismiss"})["entry"]["started"] is True  # a set-up position is under way


def test_a_save_is_read_at_its_edges() -> None:
    from web.worker import saves

    app, _ = fresh("narde", dice="seed:3")
    to_move(app)
    movable = app.view()["movable"][0]
    act(app, "click", point=movable)
    data = json.loads(app.dispatch({"type": "dismiss"})["save"])
    other, _ = fresh("backgammon", dice="seed:3")
    saves.load_save(other.session, json.dumps(data))
    assert other.session.selected == app.session.selected is not None  # the checker held stays held
    del data["tally"]
    saves.load_save(other.session, json.dumps(data))
    assert other.session.tally == [0, 0]
    with pytest.raises(ui.UIError, match="no valid id"):
        saves.load_save(other.session, json.dumps({**data, "id": 5}))
    padded = json.dumps(data)
    padded = padded[:-1] + " " * (saves.MAX_SAVE - len(padded)) + "}"
    assert len(padded) == saves.MAX_SAVE
    saves.load_save(other.session, padded)  # at the limit: read
    with pytest.raises(ui.UIError, match="too large"):
        saves.load_save(other.session, padded[:-1] + " }")


def test_reloading_with_other_test_dice_keeps_the_dice_of_this_page() -> None:
    from web.worker import saves

    app, _ = fresh("narde", dice="seed:3")
    act(app, "roll")
    save = app.dispatch({"type": "dismiss"})["save"]
    other = ui.App(dice="seed:9")
    first = other.session.dice.die()
    again = ui.App(dice="seed:9")
    saves.load_save(again.session, save)
    assert again.session.dice.die() == first  # seed:9 from its start, not moved on by the other's count
    fresh_dice = json.loads(save)
    fresh_dice["dice"].pop("drawn", None)
    same = ui.App(dice="seed:3")
    saves.load_save(same.session, json.dumps(fresh_dice))
    assert same.session.dice.die() == ui.App(dice="seed:3").session.dice.die()  # no count: from the start


def test_the_crawford_game_is_announced_when_a_side_comes_one_point_from_the_match() -> None:
    app = ui.App(dice="seed:5")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})["view"]
    view = to_move(app)
    view = act(app, "resign", level="gammon")  # the side on roll gives two points: the other is at 2 of 3
    view = act(app, "answer_resign", accept=True)
    assert view["phase"] == "over" and max(view["match"]["score"]) == 2 and view["can"]["next_game"]
    view = act(app, "next_game")
    assert view["match"]["crawford"] and view["message"]["key"] == "crawford"
    assert app.game is not None and not app.game.may_double(0) and not app.game.may_double(1)
