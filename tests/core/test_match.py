"""Matches: games to N points, who starts the next game, the Crawford game, the end exactly at N."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from nardcore.bots import HeuristicBot, RandomBot, act
from nardcore.dice import PresetDice, SeededDice
from nardcore.game import Game
from nardcore.gamedata import game_to_dict, result_from_dict
from nardcore.match import MAX_GAMES, MAX_LENGTH, Match, default_length
from nardcore.position import Position
from nardcore.readers import GameStateError
from nardcore.scoring import GameResult


def finish_game(match: Match, seed: int) -> None:
    bots = {0: HeuristicBot(), 1: HeuristicBot(seed=seed, noise=3.0)}
    while not match.game.over:
        act(match.game, bots[match.game.to_act])  # type: ignore[index]


def test_tawla_matches_go_to_31_and_the_others_to_5_unless_told() -> None:
    assert Match("tawla31", SeededDice(1)).length == 31
    assert default_length("narde") == 5
    assert Match("narde", SeededDice(1), length=9).length == 9
    with pytest.raises(ValueError):
        Match("narde", SeededDice(1), length=0)


def test_the_winner_of_a_game_starts_the_next_one_by_rolling_both_dice() -> None:
    for variant in ("narde", "khachapuri", "moultezim", "tawla31"):
        match = Match(variant, SeededDice(4), length=99)
        finish_game(match, 4)
        winner = match.game.result.winner if match.game.result else None
        game = match.next_game()
        assert (game.phase, game.to_act, game.opening) == ("roll", winner, False)
        assert winner is not None and game.position == Position.start(variant, winner)


def test_every_backgammon_game_opens_with_the_one_die_roll() -> None:
    match = Match("backgammon", SeededDice(2), length=99)
    finish_game(match, 2)
    assert match.next_game().phase == "opening"


def play_match(variant: str, length: int, seed: int) -> list[tuple[list[int], bool]]:
    """(score before, Crawford flag) of every game of a match played to the end."""
    match = Match(variant, SeededDice(seed), length=length)
    games = []
    while True:
        games.append((match.score, match.game.crawford))
        if match.game.crawford:
            assert match.game.phase in ("opening", "roll", "move") and not match.game.may_double()
        finish_game(match, seed)
        if match.over:
            break
        assert max(match.score) < length
        match.next_game()
    score = match.score
    assert max(score) >= length and match.winner == score.index(max(score))
    with pytest.raises(ValueError, match="over"):
        match.next_game()
    return games


def test_the_crawford_game_is_the_one_right_after_a_side_first_reaches_n_minus_1() -> None:
    length = 3
    crawford_games = 0
    for seed in range(6):
        games = play_match("backgammon", length, seed)
        for number, (score, crawford) in enumerate(games):
            first_reached = number > 0 and max(score) == length - 1 and max(games[number - 1][0]) < length - 1
            assert crawford == first_reached, games
            crawford_games += crawford
    assert crawford_games >= 3


@pytest.mark.parametrize("variant", ["narde", "khachapuri", "moultezim", "tawla31"])
def test_a_match_ends_as_soon_as_a_score_reaches_the_length_and_scores_add_up(variant: str) -> None:
    match = Match(variant, SeededDice(11), length=7 if variant != "tawla31" else 31)
    total = [0, 0]
    while True:
        before = list(total)
        finish_game(match, 11)
        result = match.game.result
        assert result is not None
        if result.winner is not None:
            total[result.winner] += result.points
        assert match.score == total
        if match.over:
            break
        match.next_game()
    assert max(before) < match.length <= max(total)


def saved_match() -> Match:
    match = Match("backgammon", SeededDice(8), length=5)
    bot = RandomBot(8)
    while len(match.closed) < 2:
        while not match.game.over:
            act(match.game, bot)
        if match.over:
            break
        match.next_game()
    for _ in range(7):
        act(match.game, bot)
    return match


def test_a_match_saved_as_json_loads_back_identical() -> None:
    match = saved_match()
    data = json.loads(json.dumps(match.to_dict()))
    assert Match.from_dict(data, SeededDice(1)).to_dict() == match.to_dict()


def tampered(change: str) -> dict[str, Any]:
    data = copy.deepcopy(saved_match().to_dict())
    if change == "score":
        data["score"] = [4, 0]
    elif change == "crawford":
        data["game"]["crawford"] = True
        data["game"]["match_length"] = 5
    elif change == "game score":
        data["game"]["score"] = [0, 0]
    elif change == "after the end":
        data["games"] = [{"winner": "w", "points": 8, "kind": "drop", "cube": 8}, *data["games"]]
    elif change == "impossible points":
        data["games"][0] = {"winner": "w", "points": 5, "kind": "gammon", "cube": 1}
    elif change == "length":
        data["length"] = 0
    return data


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ("score", "does not add up"),
        ("crawford", "Crawford"),
        ("game score", "match score"),
        ("after the end", "after the match was over"),
        ("impossible points", "not a backgammon score"),
        ("length", "length"),
    ],
)
def test_loading_a_match_refuses_inconsistent_data(change: str, complaint: str) -> None:
    with pytest.raises(GameStateError, match=complaint):
        Match.from_dict(tampered(change), SeededDice(1))


@pytest.mark.parametrize(("token", "result", "ok"), [
    ("backgammon", {"winner": "w", "points": 2, "kind": "drop", "cube": 2}, True),
    ("backgammon", {"winner": "w", "points": 3, "kind": "drop", "cube": 2}, False),  # a drop wins the stake
    ("backgammon", {"winner": "w", "points": 6, "kind": "backgammon", "cube": 2}, True),
    ("backgammon", {"winner": "w", "points": 5, "kind": "gammon", "cube": 2}, False),
    ("narde", {"winner": "b", "points": 3, "kind": "koks", "cube": 1}, False),  # koks only with the option
    ("narde+koks", {"winner": "b", "points": 3, "kind": "koks", "cube": 1}, True),
    ("narde", {"winner": "b", "points": 2, "kind": "mars", "cube": 2}, False),  # narde has no cube
    ("khachapuri", {"winner": "w", "points": 30, "kind": "mars", "cube": 1}, True),
    ("khachapuri", {"winner": "w", "points": 15, "kind": "checkers", "cube": 1}, False),  # 15 left is a mars
    ("tawla31", {"winner": "w", "points": 15, "kind": "checkers", "cube": 1}, True),
    ("moultezim", {"winner": "w", "points": 1, "kind": "oin", "cube": 1}, False),  # narde's word
])
def test_a_stored_game_result_must_be_one_the_variants_scoring_can_give(token: str, result: dict[str, Any],
                                                                        ok: bool) -> None:
    from nardcore.match import _check_points
    from nardcore.variant import find_variant

    variant = find_variant(token)
    if ok:
        _check_points(variant, result_from_dict(result), 0)
    else:
        with pytest.raises(GameStateError, match="is not a"):
            _check_points(variant, result_from_dict(result), 0)


def test_the_default_length_is_the_games_own_or_five() -> None:
    assert [default_length(name) for name in ("tawla31", "narde+koks", "backgammon")] == [31, 5, 5]


# -- limits and the checks of loaded data ----------------------------------------------------------



@pytest.mark.parametrize(("length", "ok"), [(1, True), (MAX_LENGTH, True), (0, False), (MAX_LENGTH + 1, False)])
def test_a_match_is_one_to_the_longest_length(length: int, ok: bool) -> None:
    if ok:
        match = Match("backgammon", SeededDice(1), length=length)
        assert Match.from_dict(match.to_dict(), SeededDice(1)).length == length
    else:
        with pytest.raises(ValueError, match=f"match length must be 1..{MAX_LENGTH}"):
            Match("backgammon", SeededDice(1), length=length)


def won(match: Match, side: int, level: str = "single") -> None:
    """The side not on roll wins the current game by the other side's resignation."""
    game = match.game
    if game.phase == "opening":
        game.roll([6, 5] if side == 1 else [5, 6])  # the loser starts
    if game.to_act == side:
        game.roll()
        game.push(next(iter(game.plays()), "") or "")
    if game.resign_by_offer:
        game.resign(level)
        game.accept_resignation()
    else:
        game.resign()
    assert game.result is not None and game.result.winner == side


def test_a_two_point_match_has_its_crawford_game_after_the_first_point() -> None:
    match = Match("backgammon", SeededDice(3), length=2)
    won(match, 0)
    assert match.score == [1, 0] and match.next_game().crawford


def test_the_played_games_are_saved_only_when_asked_and_known() -> None:
    match = Match("backgammon", SeededDice(3), length=5)
    won(match, 1)
    match.next_game()
    assert "played" in match.to_dict() and "played" not in match.to_dict(played=False)
    unknown = Match.from_dict(match.to_dict(played=False), SeededDice(1))
    assert unknown.played == [None] and "played" not in unknown.to_dict()


def test_a_loaded_match_deals_the_next_games_dice_from_the_source_given() -> None:
    match = Match("narde", SeededDice(3), length=5)
    won(match, 1)
    loaded = Match.from_dict(match.to_dict(), PresetDice([4, 2]))
    loaded.next_game()
    loaded.game.roll()
    assert loaded.game.dice is not None and loaded.game.dice.dice == (4, 2)


def test_a_match_of_draws_only_loads_up_to_its_number_of_games() -> None:
    match = Match("narde+last-roll", SeededDice(1), length=5)
    draw = {"winner": None, "points": 0, "kind": "draw", "cube": 1}
    data = match.to_dict()
    data.update(games=[draw] * MAX_GAMES, score=[0, 0])
    assert len(Match.from_dict(data, SeededDice(1)).closed) == MAX_GAMES
    data["games"] = [draw] * (MAX_GAMES + 1)
    with pytest.raises(GameStateError, match=f"games must be a list of at most {MAX_GAMES}"):
        Match.from_dict(data, SeededDice(1))


def narde_match_after_a_black_win() -> dict[str, Any]:
    match = Match("narde", SeededDice(3), length=5)
    won(match, 1)
    match.next_game()
    return copy.deepcopy(match.to_dict())


def test_loading_checks_each_field_of_a_match_and_names_it() -> None:
    cases: list[tuple[dict[str, Any], str]] = []
    base = saved_match().to_dict()
    changes: list[tuple[dict[str, Any], str]] = [
        ({"variant": "b" * 201}, "variant must be text"),
        ({"variant": 5}, "variant must be text"),
        ({"variant": "b" * 200}, "unknown game"),
        ({"games": "ab"}, "games must be a list"),
        ({"played": "ab"}, "played must list one game"),
        ({"games": [{"winner": "w", "points": 3, "kind": "backgammon", "cube": 1},
                    {"winner": "w", "points": 2, "kind": "gammon", "cube": 1}], "length": 3},
         "game 2 was played after the match was over"),
    ]
    for change, complaint in changes:
        data = copy.deepcopy(base)
        data.update(change)
        data.pop("played", None) if "played" not in change else None
        cases.append((data, complaint))
    wrong_start = narde_match_after_a_black_win()
    wrong_start["game"] = game_to_dict(Game("narde", SeededDice(1), match_length=5,
                                            score=tuple(wrong_start["score"])))
    cases.append((wrong_start, r"should begin with b \(the last winner\) starting"))
    wrong_game = narde_match_after_a_black_win()
    wrong_game["played"][0]["match_length"] = 7
    wrong_game["played"][0]["score"] = [0, 0]
    cases.append((wrong_game, "game 1 is played to 7"))
    no_opening = copy.deepcopy(base)
    no_opening["game"] = game_to_dict(Game("backgammon", SeededDice(1), starter=0, match_length=5,
                                           score=tuple(no_opening["score"])))
    cases.append((no_opening, "should begin with an opening roll"))
    for data, complaint in cases:
        with pytest.raises(GameStateError, match=complaint):
            Match.from_dict(data, SeededDice(1))


def test_the_winner_starts_the_next_game_of_a_loaded_match() -> None:
    data = narde_match_after_a_black_win()
    loaded = Match.from_dict(data, SeededDice(1))
    assert loaded.game.start.turn == 1 and not loaded.game.opening


def test_a_drawn_game_scores_nothing_in_a_match() -> None:
    from nardcore.match import _check_points
    from nardcore.variant import find_variant

    _check_points(find_variant("narde+last-roll"), GameResult(None, 0, "draw"), 0)
