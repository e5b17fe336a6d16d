"""The flow of one game: opening roll, turns step by step, passes, the cube, the end and the score."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from nardcore.bots import RandomBot, act
from nardcore.dice import PresetDice, SeededDice
from nardcore.game import Game, GameError
from nardcore.gamedata import event_text, game_from_dict, game_to_dict, result_from_dict, result_to_dict
from nardcore.movegen import Step, TurnPlanner, legal_plays
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
