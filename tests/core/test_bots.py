"""Computer players: the random one plays any legal play, the heuristic one plays sensibly, the cube by count."""

from __future__ import annotations

import pytest

from nardcore.bots import Bot, HeuristicBot, RandomBot, act
from nardcore.bots.contact import in_contact
from nardcore.bots.cube import keith_count, takes, wants_double
from nardcore.bots.evaluation import evaluate
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.movegen import legal_plays
from nardcore.position import BLACK, WHITE, Position
from nardcore.variant import VARIANT_NAMES

START = Position.start("backgammon")


def test_the_random_bot_picks_a_legal_play_and_repeats_itself_with_the_same_seed() -> None:
    plays = legal_plays(START, (3, 1))
    first = [RandomBot(seed=5).choose_play(START, plays) for _ in range(3)]
    again = [RandomBot(seed=5).choose_play(START, plays) for _ in range(3)]
    assert first == again and all(choice in plays for choice in first)
    picks = {RandomBot(seed=s).choose_play(START, plays) for s in range(60)}
    assert len(picks) > 8  # spread over the plays, not stuck on one


def test_the_heuristic_bot_makes_the_five_point_with_an_opening_31() -> None:
    plays = legal_plays(START, (3, 1))
    choice = HeuristicBot().choose_play(START, plays)
    assert choice == Position.parse("backgammon:b:24x2,13x5,8x2,6x4,5x2:24x2,13x5,8x3,6x5")


def test_the_heuristic_bot_hits_a_blot_in_its_home_board_rather_than_leaving_it() -> None:
    position = Position.parse("backgammon:w:13x3,8x4,6x5,5x3:24x2,21,13x5,8x4,6x3")  # black blot on white's 4
    plays = legal_plays(position, (4, 2))
    choice = HeuristicBot().choose_play(position, plays)
    assert choice.boards[BLACK][25] == 1


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_heuristic_bot_beats_the_random_bot_in_most_games(variant: str) -> None:
    wins = 0
    games = 12
    for seed in range(games):
        game = Game(variant, SeededDice(seed))
        heuristic = seed % 2
        players: dict[int | None, Bot] = {heuristic: HeuristicBot(), 1 - heuristic: RandomBot(seed)}
        while not game.over:
            act(game, players[game.to_act])
        assert game.result is not None
        wins += game.result.winner == heuristic
    assert wins >= 9, f"{wins} of {games}"


def test_evaluation_is_from_the_given_sides_view_and_knows_a_finished_game() -> None:
    ahead = Position.parse("narde:b:6x15:24x15")
    assert evaluate(ahead, WHITE) > 0 > evaluate(ahead, BLACK)
    assert evaluate(Position.parse("narde:b::24x15"), WHITE) > evaluate(ahead, WHITE)
    assert not in_contact(START.variant, *Position.parse("backgammon:w:6x15:6x15").boards)
    assert in_contact(START.variant, START.mover, START.opponent)


def test_the_keith_count_adds_wastage_to_the_pips() -> None:
    board = Position.parse("backgammon:w:6x4,4x3,3x4,1x4:6x15").boards[WHITE]
    # pips 24+12+12+4 = 52; 1-point +6, 3-point +1, empty 5-point +1
    assert keith_count(board) == 60


def race(white: str, black: str, turn: str = "w") -> Game:
    return Game("backgammon", position=Position.parse(f"backgammon:{turn}:{white}:{black}"))


@pytest.mark.parametrize(
    ("black", "double", "take"),
    [
        ("6x5,5x5,4x4,3", False, True),  # 75 (85.7 counted) against 74: too close to double
        ("6x10,5x2,4x3", True, True),  # against 82: margin 3.7, a double and a take
        ("6x11,5x2,4x2", True, False),  # against 84: margin 1.7, a double and a drop
    ],
)
def test_in_a_race_the_cube_follows_the_keith_count(black: str, double: bool, take: bool) -> None:
    game = race("6x5,5x5,4x5", black)
    assert wants_double(game) == double
    game.double()
    assert takes(game) == take


def test_after_the_crawford_game_the_trailer_doubles_at_once() -> None:
    game = Game("backgammon", starter=WHITE, match_length=5, score=(1, 4))
    assert wants_double(game)
    leader = Game("backgammon", starter=BLACK, match_length=5, score=(1, 4))
    assert not wants_double(leader)  # winning at the current stake already wins the match


@pytest.mark.parametrize("level", ["advanced", "strongest"])
def test_a_double_in_a_near_even_early_position_is_taken(level: str) -> None:
    from nardcore.bots.levels import make_bot

    game = Game("backgammon", position=Position.parse("backgammon:w:24x2,13x4,8x3,6x6:24x2,13x5,8x3,6x5"))
    game.double()  # white, a pip ahead after its 31-like opening: far too early to drop
    bot = make_bot(level, seed=1)
    assert bot.takes(game) and not bot.wants_double(Game("backgammon", position=Position.start("backgammon")))
