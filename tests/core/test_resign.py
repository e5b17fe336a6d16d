"""Giving up a game (docs/rules-decisions.md, "Resigning"): backgammon's offers, which the other
side accepts or declines, and the other games' concession as the game stands."""

from __future__ import annotations

import pytest

from nardcore.bots import RandomBot, act
from nardcore.bots.neural_cube import accepts_resignation
from nardcore.dice import PresetDice, SeededDice
from nardcore.formats.gnubg import GAME_RESIGNED, match_info
from nardcore.formats.state import decode_state, encode_state
from nardcore.game import Game, GameError
from nardcore.gamedata import event_text, game_from_dict, game_to_dict
from nardcore.match import Match
from nardcore.position import BLACK, Position
from nardcore.readers import GameStateError


def after_opening(variant: str = "backgammon", dice: list[int] | None = None) -> Game:
    """A game whose first turn was played: black (for these dice) is on roll."""
    game = Game(variant, PresetDice(dice or [6, 1, 3, 2, 5, 5, 4, 4]))
    game.roll()
    game.play(game.plays().__iter__().__next__())
    return game


def round_trip(game: Game) -> Game:
    again = game_from_dict(game_to_dict(game))
    assert game_to_dict(again) == game_to_dict(game)
    thing = decode_state(encode_state(game))
    assert isinstance(thing, Game) and game_to_dict(thing) == game_to_dict(game)
    return again


@pytest.mark.parametrize(("level", "points"), [("single", 1), ("gammon", 2), ("backgammon", 3)])
def test_an_accepted_offer_ends_the_game_for_its_level_times_the_cube(level: str, points: int) -> None:
    game = after_opening()
    game.double()
    game.take()  # white owns the cube at 2
    game.roll()
    side = game.position.turn
    game.resign(level)
    assert game.phase == "resign" and game.to_act == 1 - side
    assert match_info(game).resigned == points
    round_trip(game)
    game.accept_resignation()
    assert game.over and game.dice is None
    result = game.result
    assert result is not None
    assert (result.winner, result.points, result.kind, result.cube, result.resigned) == (
        1 - side, 2 * points, level, 2, True)
    assert match_info(game).state == GAME_RESIGNED
    assert round_trip(game).result == result


def test_a_declined_offer_after_rolling_takes_the_steps_back_and_play_goes_on_with_the_same_dice() -> None:
    game = after_opening()
    game.roll()
    dice = game.dice
    game.step(game.steps_now()[0])
    board = game.position
    game.resign("gammon")
    assert game.steps == () and game.board == board  # the step was taken back
    again = round_trip(game)
    assert again.phase == "resign" and again.dice == dice
    game.decline_resignation()
    assert game.phase == "move" and game.dice == dice and game.to_act == board.turn
    assert [e["event"] for e in game.history[-2:]] == ["resign", "decline"]
    game.play(game.plays().__iter__().__next__())
    assert round_trip(game).position == game.position


def test_under_jacoby_a_gammon_offered_with_the_cube_centred_counts_single() -> None:
    game = Game("backgammon+jacoby", PresetDice([6, 1]))
    game.roll()
    game.play(game.plays().__iter__().__next__())
    game.resign("gammon")
    game.accept_resignation()
    assert game.result is not None and game.result.points == 1 and game.result.kind == "gammon"


@pytest.mark.parametrize(("variant", "kind", "points"), [
    ("narde", "mars", 2), ("narde+koks", "koks", 3), ("khachapuri", "mars", 30), ("moultezim", "mars", 2),
    ("tawla31", "checkers", 15),
])
def test_the_other_games_concede_at_once_for_what_the_game_scores_as_it_stands(variant: str, kind: str,
                                                                             points: int) -> None:
    game = Game(variant, SeededDice(3))
    while game.phase in ("opening", "roll"):
        game.roll()
    side = game.position.turn
    game.resign()
    assert game.over and game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points, game.result.resigned) == (
        1 - side, kind, points, True)
    assert round_trip(game).result == game.result


def test_a_concession_with_checkers_off_costs_less() -> None:
    position = Position.parse("narde:w:6x3:1")  # white has 12 off, black 14: white on roll concedes an oin
    game = Game("narde", SeededDice(1), position=position)
    game.resign()
    assert game.result is not None and (game.result.winner, game.result.kind, game.result.points) == (BLACK, "oin", 1)
    tawla = Game("tawla31", SeededDice(1), position=Position.parse("tawla31:w:6x3:1"))
    tawla.resign()
    assert tawla.result is not None and tawla.result.points == 3  # white's three checkers left


def test_who_may_resign_and_how() -> None:
    game = Game("backgammon", PresetDice([6, 1]))
    with pytest.raises(GameError, match="side on roll"):
        game.resign("single")  # the opening roll is nobody's turn
    game = after_opening()
    with pytest.raises(GameError, match="resign what"):
        game.resign()
    with pytest.raises(GameError, match="resign what"):
        game.resign("triple")
    with pytest.raises(GameError, match="not now"):
        game.accept_resignation()
    narde = Game("narde", SeededDice(3))
    while narde.phase in ("opening", "roll"):
        narde.roll()
    with pytest.raises(GameError, match="without a level"):
        narde.resign("gammon")
    game.double()
    with pytest.raises(GameError, match="side on roll"):
        game.resign("single")  # a double is answered by take or drop


def test_a_history_with_an_answer_nobody_asked_for_is_refused() -> None:
    game = after_opening()
    data = game_to_dict(game)
    data["history"].append({"event": "accept", "side": "b"})
    with pytest.raises(GameStateError, match="not now"):
        game_from_dict(data)
    game.resign("single")
    data = game_to_dict(game)
    data["history"][-1]["level"] = "gammon"  # the stored summary no longer matches
    data["history"].append({"event": "accept", "side": "w"})
    with pytest.raises(GameStateError, match="stored"):
        game_from_dict(data)


def test_a_resigned_game_counts_in_a_match() -> None:
    match = Match("narde", SeededDice(4), 3)
    while match.game.phase in ("opening", "roll"):
        match.game.roll()
    loser = match.game.position.turn
    match.game.resign()
    assert match.score[1 - loser] == 2 and match.score[loser] == 0
    assert Match.from_dict(match.to_dict()).score == match.score


def test_the_computer_accepts_an_offer_worth_what_it_expects_and_declines_less() -> None:
    # white on roll, all fifteen checkers in black's home board; black has one checker left
    hopeless = Position.parse("backgammon:w:24x15:2")
    for level, accepted in (("single", False), ("gammon", False), ("backgammon", True)):
        game = Game("backgammon", SeededDice(1), position=hopeless)
        game.resign(level)
        assert accepts_resignation(game) is accepted, level
        act(game, RandomBot(seed=1))  # every bot answers by the same measure
        assert game.over is accepted
    start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    even = Game("backgammon", SeededDice(1), position=start)
    even.resign("single")
    assert accepts_resignation(even)  # a point for nothing


def test_random_games_with_resignations_replay_exactly() -> None:
    for seed in range(40):
        game = Game(("backgammon", "narde", "tawla31")[seed % 3], SeededDice(seed))
        bot = RandomBot(seed=seed)
        turns = 0
        while not game.over:
            if game.may_resign() and game.phase != "opening" and turns == 10 + seed % 7:
                game.resign("gammon" if game.resign_by_offer else None)
                if game.phase == "resign" and seed % 2:
                    game.decline_resignation()
            if not game.over:
                act(game, bot)
            turns += 1
        assert round_trip(game).result == game.result


# -- a loss on time (a game played live on clocks, docs/live.md "Clocks") -------------------


def test_a_loss_on_time_mid_turn_takes_the_steps_back_and_ends_the_game_at_the_cubes_value() -> None:
    game = after_opening()
    game.double()
    game.take()  # white owns the cube at 2
    game.roll()
    side = game.position.turn
    board = game.position
    game.step(game.steps_now()[0])
    game.lose_on_time(side)
    assert game.over and game.board == board and game.dice is None
    result = game.result
    assert result is not None
    assert (result.winner, result.points, result.kind, result.cube) == (1 - side, 2, "time", 2)
    assert game.history[-1] == {"event": "time", "side": "wb"[side]}
    assert event_text(game.history[-1]) == f"{'wb'[side]} loses on time"
    again = round_trip(game)
    assert again.result == result and again.over
    with pytest.raises(GameError, match="over"):
        game.lose_on_time(1 - side)


@pytest.mark.parametrize("phase", ["opening", "take", "resign"])
def test_either_side_may_lose_on_time_in_any_phase_whoever_is_to_act(phase: str) -> None:
    game = after_opening() if phase != "opening" else Game("backgammon", PresetDice([6, 1]))
    if phase == "take":
        game.double()
    elif phase == "resign":
        game.resign("single")
    assert game.phase == phase
    for side in (0, 1):
        copy = game_from_dict(game_to_dict(game))
        copy.lose_on_time(side)
        assert copy.result is not None and copy.result.winner == 1 - side and copy.result.points == 1
        assert copy.resign_offer is None
        assert round_trip(copy).result == copy.result


def test_a_saved_loss_on_time_after_the_game_ended_is_refused() -> None:
    game = after_opening()
    game.lose_on_time(0)
    data = game_to_dict(game)
    data["history"].append({"event": "time", "side": "b"})
    with pytest.raises(GameStateError, match="over"):
        game_from_dict(data)
    data["history"][-2:] = [{"event": "time"}]  # whose time ran out is not said
    with pytest.raises(GameStateError, match="side"):
        game_from_dict(data)
