"""The flow of one game: opening roll, turns step by step, passes, the cube, the end and the score."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_game_saves import reloaded

from nardcore.dice import PresetDice, SeededDice
from nardcore.game import Game, GameError
from nardcore.gamedata import event_text, game_from_dict, game_to_dict
from nardcore.movegen import Step
from nardcore.position import BLACK, WHITE, Position
from nardcore.readers import GameStateError
from nardcore.scoring import GameResult, score_game


def scored(text: str, winner: int = WHITE, cube: int = 1, jacoby: bool = False) -> tuple[int, str]:
    result = score_game(Position.parse(text), winner, cube, jacoby)
    return result.points, result.kind


# -- scoring --------------------------------------------------------------------------------


def test_backgammon_scores_single_gammon_and_backgammon_times_the_cube() -> None:
    assert scored("backgammon:b::6") == (1, "single")
    assert scored("backgammon:b::6x15") == (2, "gammon")
    assert scored("backgammon:b::19,6x14") == (3, "backgammon")
    assert scored("backgammon:b::bar,6x14") == (3, "backgammon")
    assert scored("backgammon:b::6x15", cube=4) == (8, "gammon")


def test_jacoby_counts_a_gammon_once_while_the_cube_is_not_turned() -> None:
    assert scored("backgammon:b::6x15", jacoby=True) == (1, "gammon")
    assert scored("backgammon:b::6x15", cube=2, jacoby=True) == (4, "gammon")


def test_narde_scores_oin_mars_and_koks_only_with_the_option() -> None:
    assert scored("narde:b::6") == (1, "oin")
    assert scored("narde:b::6x15") == (2, "mars")
    assert scored("narde:b::20,6x14") == (2, "mars")
    assert scored("narde+koks:b::20,6x14") == (3, "koks")
    assert scored("narde+koks:b::6x15") == (2, "mars")


def test_khachapuri_scores_the_losers_checkers_on_board_and_30_for_mars() -> None:
    assert scored("khachapuri:b::6x3") == (3, "checkers")
    assert scored("khachapuri:b::14,6x14") == (30, "mars")


def test_moultezim_scores_one_or_two_and_tawla_one_per_checker_left() -> None:
    assert scored("moultezim:b::6") == (1, "single")
    assert scored("moultezim:b::6x15") == (2, "mars")
    assert scored("tawla31:b::6x7") == (7, "checkers")
    assert scored("tawla31:b::6x15") == (15, "checkers")
    assert scored("tawla31:w:6x4:", winner=BLACK) == (4, "checkers")


# -- opening, turns, passes ----------------------------------------------------------------


def test_opening_ties_roll_again_and_the_backgammon_starter_plays_those_two_dice() -> None:
    game = Game("backgammon", PresetDice([4, 4, 3, 5]))
    assert game.phase == "opening"
    game.roll()
    assert [e["dice"] for e in game.history] == [[4, 4], [3, 5]]
    assert (game.phase, game.to_act, str(game.dice)) == ("move", BLACK, "53")
    assert game.starter == BLACK


def test_in_the_other_games_the_opening_winner_rolls_both_dice_again() -> None:
    for variant in ("narde", "khachapuri", "moultezim", "tawla31"):
        game = Game(variant, PresetDice([6, 2, 3, 1]))
        game.roll()
        assert (game.phase, game.to_act, game.dice) == ("roll", WHITE, None)
        game.roll()
        assert str(game.dice) == "31"


def test_an_opening_round_with_given_dice_records_a_tie_and_waits() -> None:
    game = Game("narde", SeededDice(1))
    game.roll([2, 2])
    assert game.phase == "opening" and game.history == [{"event": "opening", "dice": [2, 2]}]
    game.roll([1, 5])
    assert (game.phase, game.to_act) == ("roll", BLACK)


def test_with_no_legal_play_the_turn_passes_on_confirm() -> None:
    game = Game("khachapuri", starter=WHITE)  # white's 18 is closed: 6-6 cannot move
    game.roll([6, 6])
    assert game.plays() == {} and game.steps_now() == [] and game.turn_done
    game.confirm()
    assert game.history[-1] == {"event": "pass", "side": "w", "dice": [6, 6]}
    assert (game.phase, game.to_act) == ("roll", BLACK)


def test_steps_can_be_played_undone_and_confirmed_once_they_make_a_whole_play() -> None:
    game = Game("backgammon", starter=WHITE)
    game.roll([6, 5])
    before = game.board
    game.step((24, 18, 6))
    assert game.board != before and not game.turn_done
    with pytest.raises(GameError, match="not a whole legal play"):
        game.confirm()
    assert game.undo() == Step(24, 18, 6, False)
    assert game.board == before
    assert set(game.destinations(24)) == {18, 13}  # 19 is closed: 24/13 goes by 18
    game.step((24, 18, 6))
    game.step((18, 13, 5))
    game.confirm()
    assert game.history[-1] == {"event": "play", "side": "w", "dice": [6, 5], "play": "24/13"}
    assert game.position == Position.parse("backgammon:b:24,13x6,8x3,6x5:24x2,13x5,8x3,6x5")


def test_a_whole_play_is_accepted_as_text_or_as_its_result_and_refused_when_illegal() -> None:
    game = Game("narde", starter=WHITE)
    game.roll([6, 5])
    with pytest.raises(GameError, match="not a legal play"):
        game.play("24/18 24/19")  # one checker leaves the head per turn
    game.play("24/18/13")
    assert game.history[-1]["play"] == "24/13"  # stored canonically
    game.roll([3, 1])
    result = next(iter(game.plays()))
    game.play(result)
    assert game.position == result


def test_actions_out_of_their_phase_are_refused() -> None:
    game = Game("backgammon", starter=WHITE)
    for action in (game.take, game.drop, game.beaver, game.confirm):
        with pytest.raises(GameError):
            action()
    with pytest.raises(GameError):
        game.step((24, 18, 6))
    game.roll([6, 5])
    with pytest.raises(GameError):
        game.roll()
    with pytest.raises(GameError):
        game.double()


# -- the cube ----------------------------------------------------------------------------------


def test_a_take_doubles_the_stake_gives_the_cube_and_the_doubler_then_rolls() -> None:
    game = Game("backgammon", starter=WHITE)
    assert game.phase == "cube" and game.may_double()
    game.double()
    assert (game.phase, game.to_act) == ("take", BLACK)
    game.take()
    assert (game.cube_value, game.cube_owner, game.phase, game.to_act) == (2, BLACK, "roll", WHITE)
    game.roll([3, 1])
    game.play("8/5 6/5")
    assert game.phase == "cube"  # black owns the cube
    game.roll([3, 1])
    game.play("8/5 6/5")
    assert game.phase == "roll"  # white no longer holds it
    with pytest.raises(GameError, match="opponent owns the cube"):
        game.phase = "cube"
        game.double()


def test_a_drop_loses_the_stake_before_the_double() -> None:
    game = Game("backgammon", starter=WHITE, cube=2, cube_owner=WHITE)
    game.double()
    game.drop()
    assert game.result == GameResult(WHITE, 2, "drop", 2)
    assert game.over and game.to_act is None


def test_no_doubling_beyond_the_cube_limit() -> None:
    game = Game("backgammon+cube-limit-2", starter=WHITE)
    game.double()
    game.take()
    game.roll([3, 1])
    game.play("8/5 6/5")
    assert game.phase == "roll" and not game.may_double()


def test_a_beaver_redoubles_at_once_and_the_taker_keeps_the_cube_in_money_play_only() -> None:
    game = Game("backgammon+beaver", starter=WHITE)
    game.double()
    assert game.may_beaver()
    game.beaver()
    assert (game.cube_value, game.cube_owner, game.phase, game.to_act) == (4, BLACK, "roll", WHITE)
    in_match = Game("backgammon+beaver", starter=WHITE, match_length=5)
    in_match.double()
    with pytest.raises(GameError, match="beaver"):
        in_match.beaver()
    no_option = Game("backgammon", starter=WHITE)
    no_option.double()
    assert not no_option.may_beaver()


def test_there_is_no_doubling_in_the_crawford_game_nor_outside_backgammon() -> None:
    crawford = Game("backgammon", starter=WHITE, match_length=5, crawford=True, score=(4, 2))
    assert crawford.phase == "roll"
    with pytest.raises(GameError):
        crawford.double()
    narde = Game("narde", starter=WHITE)
    assert narde.phase == "roll" and not narde.may_double()


def test_jacoby_applies_to_money_play_only() -> None:
    almost = Position.parse("backgammon+jacoby:w:1:6x15")
    for match_length, points in ((0, 1), (3, 2)):
        game = Game("backgammon+jacoby", position=almost, match_length=match_length)
        game.roll([2, 1])
        game.play("1/off")
        assert game.result is not None
        assert (game.result.kind, game.result.points) == ("gammon", points)


# -- narde's last roll -----------------------------------------------------------------------


def test_with_last_roll_the_second_player_at_14_off_rolls_once_more_and_a_finish_is_a_draw() -> None:
    game = Game("narde+last-roll", position=Position.parse("narde+last-roll:w:1:1"))
    game.roll([2, 1])
    game.play("1/off")
    assert (game.phase, game.to_act, game.last_roll) == ("roll", BLACK, True)
    game.roll([1, 1])
    game.play("1/off")
    assert game.result == GameResult(None, 0, "draw")


def test_a_game_saved_during_the_last_roll_loads_back_in_it() -> None:
    game = Game("narde+last-roll", position=Position.parse("narde+last-roll:w:1:1"))
    game.roll([2, 1])
    game.play("1/off")
    again = game_from_dict(json.loads(json.dumps(game_to_dict(game))))
    assert (again.phase, again.to_act, again.last_roll) == ("roll", BLACK, True)
    again.roll([1, 1])
    again.play("1/off")
    assert again.result == GameResult(None, 0, "draw")


def test_with_last_roll_a_second_player_who_cannot_finish_loses_a_single_game() -> None:
    game = Game("narde+last-roll", position=Position.parse("narde+last-roll:w:1:6"))
    game.roll([2, 1])
    game.play("1/off")
    game.roll([2, 1])
    game.play("6/3")
    assert game.result == GameResult(WHITE, 1, "oin")


def test_last_roll_is_only_for_the_second_player_and_only_with_the_option() -> None:
    second_finishes = Game("narde+last-roll", position=Position.parse("narde+last-roll:w:6,5:1"))
    second_finishes.roll([1, 1])
    second_finishes.play("6/2")
    second_finishes.roll([2, 1])
    second_finishes.play("1/off")
    assert second_finishes.result == GameResult(BLACK, 1, "oin")
    plain = Game("narde", position=Position.parse("narde:w:1:1"))
    plain.roll([2, 1])
    plain.play("1/off")
    assert plain.result == GameResult(WHITE, 1, "oin")


# -- actions at their edges ------------------------------------------------------------------


def test_while_a_resignation_is_offered_mid_turn_no_checker_moves_and_a_decline_resumes_the_turn() -> None:
    game = Game("backgammon", starter=WHITE)
    game.roll([6, 5])
    before = game.board
    assert game.held_back(6) is not None  # no bearing off yet
    game.step((24, 18, 6))
    game.resign("single")
    assert (game.phase, game.to_act) == ("resign", BLACK)
    assert game.steps_now() == [] and game.destinations(24) == {} and game.plays() == {}
    assert game.board == before and game.held_back(24) is None and game.held_back(6) is None
    game.decline_resignation()
    assert (game.phase, game.steps, game.board) == ("move", (), before)
    assert game.steps_now() and set(game.destinations(24)) == {18, 13} and game.plays()
    game.resign("single")  # offered again on the same dice: saved and loaded as it happened
    data = game_to_dict(game)
    assert game_to_dict(reloaded(data)) == data


def test_a_roll_with_no_legal_play_is_passed_by_playing_the_position_with_the_turn_passed() -> None:
    game = Game("khachapuri", starter=WHITE)
    game.roll([6, 6])
    with pytest.raises(GameError, match="the turn passes"):
        game.play(game.position.with_turn(BLACK).pass_turn())  # a position that is not the pass
    game.play(game.position.pass_turn())
    assert game.history[-1] == {"event": "pass", "side": "w", "dice": [6, 6]}


@pytest.mark.parametrize("dice", [[7, 1], [1, 0], [True, 2], [2.0, 3], [1], [1, 2, 3], "12"])
def test_dice_thrown_by_hand_are_two_whole_numbers_one_to_six(dice: Any) -> None:
    game = Game("backgammon", starter=WHITE)
    with pytest.raises(GameError, match="dice must be two numbers 1..6"):
        game.roll(dice)
    assert game.phase == "cube" and game.dice is None


def test_a_step_may_be_given_as_the_values_of_a_step_hit_flag_included() -> None:
    game = Game("backgammon", starter=WHITE, position=Position.parse("backgammon:w:13x15:18,19x14"))
    game.roll([6, 5])
    hitting = next(step for step in game.steps_now() if step.hit)
    game.step(list(hitting))  # as a step comes back from JSON: origin, target, die, hit
    assert game.steps == (hitting,)


def test_a_double_records_the_cube_it_offers() -> None:
    game = Game("backgammon", starter=WHITE)
    game.double()
    assert game.history[-1] == {"event": "double", "side": "w", "cube": 2}
    game.take()
    game.roll([3, 1])
    game.play("8/5 6/5")
    game.double()
    assert game.history[-1] == {"event": "double", "side": "b", "cube": 4}


def test_a_beaver_by_white_gives_white_the_cube() -> None:
    game = Game("backgammon+beaver", starter=BLACK)
    game.double()
    game.beaver()
    assert (game.cube_value, game.cube_owner, game.to_act) == (4, WHITE, BLACK)
    assert game.history[-1] == {"event": "beaver", "side": "w", "cube": 4}


@pytest.mark.parametrize(("variant", "cube", "level", "points"), [
    ("backgammon", 1, "gammon", 2),
    ("backgammon", 1, "backgammon", 3),
    ("backgammon", 2, "gammon", 4),
    ("backgammon+jacoby", 1, "gammon", 1),  # a gammon counts once while the cube is centred
    ("backgammon+jacoby", 2, "gammon", 4),
])
def test_an_accepted_resignation_scores_its_level_times_the_cube(variant: str, cube: int, level: str,
                                                                 points: int) -> None:
    game = Game(variant, starter=WHITE, cube=cube, cube_owner=None if cube == 1 else WHITE)
    game.resign(level)
    game.accept_resignation()
    assert game.result == GameResult(BLACK, points, level, cube, resigned=True)



def test_push_rolls_when_needed_then_plays_or_passes() -> None:
    game = Game("backgammon", PresetDice([3, 1, 6, 6]), starter=WHITE)
    game.push("8/5 6/5")  # rolled from the cube phase
    assert game.history[-1] == {"event": "play", "side": "w", "dice": [3, 1], "play": "8/5 6/5"}
    game.roll([6, 5])
    game.push("24/13")  # already rolled: no second roll
    assert game.history[-1]["dice"] == [6, 5] and game.to_act == WHITE
    with pytest.raises(GameError, match="a legal play exists"):
        game.push("")  # 6-6 has plays: no passing
    assert game.phase == "move" and game.dice is not None and game.dice.dice == (6, 6)
    blocked = Game("khachapuri", PresetDice([6, 6, 6, 6]), starter=WHITE)
    with pytest.raises(GameError, match="no play is possible"):
        blocked.push("24/18")  # no legal play: a written play is refused, not taken for the pass
    assert blocked.history == [] and blocked.phase == "move"
    blocked.push("")
    assert blocked.history[-1] == {"event": "pass", "side": "w", "dice": [6, 6]}
    blocked.push(blocked.position.pass_turn())  # black passes too (its 18 is closed as well)
    assert [e["event"] for e in blocked.history] == ["pass", "pass"]


def test_pop_takes_back_the_last_turn_with_the_cube_actions_after_it() -> None:
    game = Game("backgammon", starter=WHITE)
    with pytest.raises(GameError, match="no turn to take back"):
        game.pop()
    game.roll([3, 1])
    game.play("8/5 6/5")
    before_black = game_to_dict(game)
    game.roll([6, 4])
    game.play("24/14")
    game.double()
    game.take()
    popped = game.pop()
    assert popped == {"event": "play", "side": "b", "dice": [6, 4], "play": "24/14"}
    assert game_to_dict(game) == before_black
    assert game.pop()["side"] == "w" and game.history == [] and game.position == Position.start("backgammon")


def test_a_set_up_game_refuses_a_cube_beyond_the_largest() -> None:
    data = game_to_dict(Game("backgammon", starter=WHITE), history=False)
    data.update(cube=2**16, cube_owner="w")
    with pytest.raises(GameStateError, match="cube must be a whole number 1..32768"):
        reloaded(data)


def test_each_event_reads_as_a_line_of_text() -> None:
    lines: dict[str, dict[str, Any]] = {
        "opening roll: white 5, black 3": {"event": "opening", "dice": [5, 3]},
        "opening roll: white 4, black 4 (tie, again)": {"event": "opening", "dice": [4, 4]},
        "w 65: 24/13": {"event": "play", "side": "w", "dice": [6, 5], "play": "24/13"},
        "b 66: no legal play": {"event": "pass", "side": "b", "dice": [6, 6]},
        "w doubles to 2": {"event": "double", "side": "w", "cube": 2},
        "b beavers to 4": {"event": "beaver", "side": "b", "cube": 4},
        "w resigns a gammon": {"event": "resign", "side": "w", "level": "gammon"},
        "b resigns": {"event": "resign", "side": "b"},
        "w takes": {"event": "take", "side": "w"},
        "b drops": {"event": "drop", "side": "b"},
        "w accepts": {"event": "accept", "side": "w"},
    }
    for text, event in lines.items():
        assert event_text(event) == text
    assert event_text({"event": "play", "side": "w", "dice": [6, 5], "play": "24/13"}, side_prefix=False) == "65: 24/13"
