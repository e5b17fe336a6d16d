"""A game's data: saved as JSON and loaded back in every phase, and a stranger's data refused at each
field's limit with what is wrong (the flow of a game itself: test_game.py)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.game import Game, GameError
from nardcore.gamedata import game_from_dict, game_to_dict, result_from_dict, result_to_dict
from nardcore.movegen import TurnPlanner, legal_plays
from nardcore.position import BLACK, WHITE, Position
from nardcore.readers import GameStateError
from nardcore.scoring import GameResult

# -- saving and loading ---------------------------------------------------------------------


def played(variant: str, seed: int, turns: int) -> Game:
    game = Game(variant, SeededDice(seed))
    bot = RandomBot(seed)
    while not game.over and len(game.history) < turns:
        act(game, bot)
    return game


def reloaded(data: dict[str, Any]) -> Game:
    return game_from_dict(json.loads(json.dumps(data)), SeededDice(0))


@pytest.mark.parametrize(
    "variant", ["backgammon+jacoby+beaver", "narde+koks+last-roll", "khachapuri", "moultezim", "tawla31"]
)
def test_a_game_saved_as_json_loads_back_identical_in_every_phase_and_mid_turn(variant: str) -> None:
    game = Game(variant, SeededDice(5))
    bot = RandomBot(5)
    while True:
        events = len(game.history)
        if events > 30 and events % 10 and not game.over:  # early states all, later ones sampled
            act(game, bot)
            continue
        data = game_to_dict(game)
        assert game_to_dict(reloaded(data)) == data
        if game.phase == "move" and game.steps_now():
            game.step(game.steps_now()[0])  # a turn half played is saved too
            data = game_to_dict(game)
            assert game_to_dict(reloaded(data)) == data
            game.undo_all()
        if game.over:
            break
        act(game, bot)


def test_a_game_saved_without_history_loads_as_a_set_up_position() -> None:
    game = played("backgammon", 3, 12)
    game.double()
    data = game_to_dict(game, history=False)
    loaded = reloaded(data)
    assert (loaded.position, loaded.phase, loaded.cube_value, loaded.to_act) == (
        game.position, "take", 1, game.to_act
    )


def tampered(change: str) -> dict[str, Any]:
    game = played("backgammon", 2, 9)
    data = copy.deepcopy(game_to_dict(game))
    plays = [e for e in data["history"] if e["event"] == "play"]
    if change == "unknown field":
        data["cheat"] = True
    elif change == "missing field":
        del data["phase"]
    elif change == "version":
        data["version"] = 99
    elif change == "position":
        data["position"] = data["position"].replace("w:", "b:", 1) if ":w:" in data["position"] else "x"
    elif change == "illegal play":
        plays[1]["play"] = "24/1"
    elif change == "wrong side":
        plays[1]["side"] = "b" if plays[1]["side"] == "w" else "w"
    elif change == "dice":
        plays[1]["dice"] = [7, 1]
    elif change == "cube":
        data["cube"] = 3
    elif change == "phase":
        data["phase"] = "party"
    elif change == "result":
        data["result"] = {"winner": "w", "points": 3, "kind": "backgammon", "cube": 1}
    elif change == "history type":
        data["history"] = "everything"
    elif change == "unknown event":
        data["history"].append({"event": "resign", "side": "w"})
    elif change == "bool as number":
        data["match_length"] = True
    return data


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ("unknown field", "unknown fields: cheat"),
        ("missing field", "lacks fields: phase"),
        ("version", "version 99"),
        ("position", "position"),
        ("illegal play", "history event"),
        ("wrong side", "turn to act"),
        ("dice", "dice must be two numbers"),
        ("cube", "cube"),
        ("phase", "phase 'party'"),
        ("result", "result"),
        ("history type", "history must be a list"),
        ("unknown event", "event"),
        ("bool as number", "match_length"),
    ],
)
def test_loading_refuses_data_that_breaks_a_rule_and_says_what(change: str, complaint: str) -> None:
    with pytest.raises(GameStateError, match=complaint):
        reloaded(tampered(change))


def test_loading_refuses_what_is_not_an_object() -> None:
    cases: tuple[object, ...] = (None, [], "game", 3)
    for data in cases:
        with pytest.raises(GameStateError, match="must be an object"):
            game_from_dict(data)


@pytest.mark.parametrize("dice", [(7, 1), (1, 7), (0, 3), (3, 0)])
def test_the_move_generator_refuses_dice_outside_one_to_six(dice: tuple[int, int]) -> None:
    start = Position.start("backgammon")
    with pytest.raises(ValueError, match="dice must be 1..6"):
        legal_plays(start, dice)
    with pytest.raises(ValueError, match="dice must be 1..6"):
        TurnPlanner(start, dice)


@pytest.mark.parametrize(("variant", "settings", "accepted"), [
    ("backgammon", {"match_length": 9999}, True),
    ("backgammon", {"match_length": 10000}, False),
    ("backgammon", {"match_length": -1}, False),
    ("backgammon", {"match_length": 5, "crawford": True, "score": (4, 0)}, True),
    ("backgammon", {"crawford": True}, False),  # no Crawford game outside a match
    ("narde", {"match_length": 5, "crawford": True}, False),  # nor in a game without a cube
    ("backgammon", {"match_length": 5, "score": (5, 0)}, False),  # the match is over
    ("backgammon", {"match_length": 5, "score": (0, 4)}, True),
    ("backgammon", {"match_length": 5, "score": (0, -1)}, False),
    ("backgammon", {"score": (1, 0)}, False),  # a single game has no score
    ("narde", {"cube": 2, "cube_owner": 0}, False),
    ("narde", {"cube_owner": 0}, False),
    ("backgammon", {"cube": 64, "cube_owner": 1}, True),
    ("backgammon", {"cube": 128, "cube_owner": 1}, False),  # beyond the cube limit
    ("backgammon+cube-limit-8", {"cube": 8, "cube_owner": 0}, True),
    ("backgammon+cube-limit-8", {"cube": 16, "cube_owner": 0}, False),
    ("backgammon", {"cube": 3, "cube_owner": 0}, False),
    ("backgammon", {"cube": 2}, False),  # a turned cube has an owner
    ("backgammon", {"cube_owner": 1}, False),  # a centred one has none
    ("backgammon", {"cube": 2, "cube_owner": 2}, False),
])
def test_a_games_settings_are_checked_at_their_limits(variant: str, settings: dict[str, Any], accepted: bool) -> None:
    if accepted:
        game = Game(variant, SeededDice(1), **settings)
        assert game.match_length == settings.get("match_length", 0) and game.cube_value == settings.get("cube", 1)
    else:
        with pytest.raises(GameError):
            Game(variant, SeededDice(1), **settings)


@pytest.mark.parametrize(("saved", "readable"), [
    ({"winner": "w", "points": 10**6, "kind": "single"}, True),
    ({"winner": "w", "points": 10**6 + 1, "kind": "single"}, False),
    ({"winner": "w", "points": 0, "kind": "single"}, True),
    ({"winner": "w", "points": -1, "kind": "single"}, False),
    ({"winner": "b", "points": 2, "kind": "gammon", "cube": 2**15}, True),
    ({"winner": "b", "points": 2, "kind": "gammon", "cube": 2**15 + 1}, False),
    ({"winner": "b", "points": 2, "kind": "gammon", "cube": 0}, False),
    ({"winner": "b", "points": 2, "kind": "mars", "resigned": True}, True),
    ({"winner": "b", "points": 2, "kind": "drop", "resigned": True}, False),  # a drop is no resignation
    ({"winner": None, "points": 0, "kind": "draw", "resigned": True}, False),
    ({"winner": None, "points": 0, "kind": "draw"}, True),
    ({"winner": None, "points": 1, "kind": "single"}, False),  # only a draw has no winner
    ({"winner": "w", "points": 1, "kind": "everything"}, False),
])
def test_a_saved_result_is_read_at_its_limits(saved: dict[str, Any], readable: bool) -> None:
    if readable:
        result = result_from_dict(saved)
        assert result_to_dict(result) == {"cube": 1, **saved}
    else:
        with pytest.raises(GameStateError):
            result_from_dict(saved)


def test_a_resignation_is_written_and_read_back_as_one() -> None:
    result = GameResult(1, 2, "gammon", 1, True)
    assert result_to_dict(result)["resigned"] is True and result_from_dict(result_to_dict(result)).resigned
    assert "resigned" not in result_to_dict(GameResult(1, 2, "gammon", 1))


@pytest.mark.parametrize(("cube", "beaver"), [(1, True), (2, True), (16, True), (32, False)])
def test_a_beaver_is_offered_while_the_cube_after_it_stays_within_the_limit(cube: int, beaver: bool) -> None:
    """The beaver turns the taken cube once more: 2 x cube x 2 must not pass the limit (64)."""
    owner = None if cube == 1 else 0  # White owns it and may redouble
    game = Game("backgammon+beaver", SeededDice(1), starter=0, cube=cube, cube_owner=owner)
    game.double()
    assert game.phase == "take" and game.may_beaver() is beaver


# -- loading a stranger's data at its limits ---------------------------------------------------


def saved_with(**changes: Any) -> dict[str, Any]:
    data = game_to_dict(played("backgammon", 2, 9))
    data.update(changes)
    return data


@pytest.mark.parametrize(("data", "complaint"), [
    (saved_with(variant="b" * 201), "variant must be text of at most 200 characters"),
    (saved_with(variant="b" * 200), "unknown game"),
    (saved_with(variant=5), "variant must be text"),
    (saved_with(start="b" * 401), "start must be text of at most 400"),
    (saved_with(position="b" * 401), "position must be text of at most 400"),
    (saved_with(match_length=10000), "match_length must be a whole number 0..9999"),
    (saved_with(score=[0, 10000]), r"score must be a whole number 0..9999"),
    (saved_with(score=[10000, 0]), r"score must be a whole number 0..9999"),
    (saved_with(score="ab"), r"score must be \[white, black\]"),
    (saved_with(score=[0, 0, 0]), r"score must be \[white, black\]"),
    (saved_with(start_cube=2**16), "start_cube must be a whole number 1..32768"),
    (saved_with(history=[{"event": "opening", "dice": [3, 3]}] * 1501), "at most 1500 events"),
    (saved_with(opening=True, start="backgammon:w:6x15:6x15"), "starts from the start position"),
    (saved_with(steps="ab"), "steps must be a list of at most 4"),
    (saved_with(dice=[6, 6], steps=[[24, 18, 6]] * 5), "steps must be a list of at most 4"),
    (saved_with(dice=[6, 5], steps=[[24, 18]]), r"a step is \[origin, target, die\]"),
    (saved_with(dice=[6, 5], steps=[[24, 18, "6"]]), r"a step is \[origin, target, die\]"),
    (saved_with(dice=[6, 5], steps=["abc"]), r"a step is \[origin, target, die\]"),
])
def test_loading_checks_each_field_at_its_limit_and_names_it(data: dict[str, Any], complaint: str) -> None:
    with pytest.raises(GameStateError, match=complaint):
        reloaded(data)


def test_a_history_at_its_size_limit_still_loads() -> None:
    game = Game("backgammon", SeededDice(1))
    for _ in range(1500):
        game.roll([3, 3])  # opening ties, each an event
    data = game_to_dict(game)
    assert len(data["history"]) == 1500 and game_to_dict(reloaded(data)) == data


def test_a_play_written_longer_than_any_play_is_refused_by_its_length() -> None:
    data = game_to_dict(played("backgammon", 2, 9))
    next(e for e in data["history"] if e["event"] == "play")["play"] = "24/18 " * 34
    with pytest.raises(GameStateError, match="play must be text of at most 200"):
        reloaded(data)


def test_a_turn_of_four_steps_is_saved_and_loaded_mid_way() -> None:
    game = Game("backgammon", starter=WHITE, position=Position.parse("backgammon:w:24x4,13x11:6x15"))
    game.roll([1, 1])
    for _ in range(4):
        game.step((24, 23, 1)) if game.destinations(24) else game.step(game.steps_now()[0])
    assert len(game.steps) == 4 and game.turn_done
    data = game_to_dict(game)
    assert game_to_dict(reloaded(data)) == data
    assert reloaded(game_to_dict(game, history=False)).steps == game.steps


@pytest.mark.parametrize(("cube", "owner"), [(64, "w"), (32, "b")])
def test_a_cube_beyond_thirty_is_kept_with_or_without_history(cube: int, owner: str) -> None:
    game = Game("backgammon", starter=WHITE, cube=cube, cube_owner="wb".index(owner))
    for history in (True, False):
        loaded = reloaded(game_to_dict(game, history=history))
        assert (loaded.cube_value, loaded.cube_owner) == (cube, "wb".index(owner))


@pytest.mark.parametrize("variant", ["backgammon", "narde", "khachapuri", "moultezim", "tawla31"])
def test_a_game_saved_without_history_keeps_its_phase_dice_and_steps(variant: str) -> None:
    game = Game(variant, SeededDice(4), starter=WHITE)
    assert game.phase == ("cube" if variant == "backgammon" else "roll")
    for _ in range(3):
        data = game_to_dict(game, history=False)
        loaded = reloaded(data)
        assert (loaded.position, loaded.phase, loaded.dice, loaded.steps) == (
            game.position, game.phase, game.dice, game.steps)
        if game.phase in ("cube", "roll"):
            game.roll()
        else:
            game.step(game.steps_now()[0])


def test_a_game_saved_without_history_may_wait_for_a_roll_or_a_double_only_when_it_could() -> None:
    may_double = Game("backgammon", starter=WHITE)
    data = game_to_dict(may_double, history=False)
    data["phase"] = "roll"  # the side on roll chose to roll without doubling
    assert reloaded(data).phase == "roll"
    owned = Game("backgammon", starter=WHITE, cube=2, cube_owner=BLACK)
    data = game_to_dict(owned, history=False)
    assert data["phase"] == "roll"
    data["phase"] = "cube"
    with pytest.raises(GameStateError, match="may not double"):
        reloaded(data)


def test_a_game_without_a_cube_refuses_a_turned_cube_for_that_reason() -> None:
    cases: list[dict[str, Any]] = [{"cube": 2}, {"cube": 2, "cube_owner": 0}, {"cube_owner": 0}]
    for settings in cases:
        with pytest.raises(GameError, match="narde has no cube"):
            Game("narde", **settings)
