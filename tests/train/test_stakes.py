"""Play that knows the score: the outcomes' worth at a match score (nardcore.bots.stakes), the
other four games' match equity tables (met.json "game_tables"), and the plays they change."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nardcore.bots import neural_cube
from nardcore.bots.analysis import hint, review
from nardcore.bots.base import act
from nardcore.bots.levels import make_bot
from nardcore.bots.met import build_game_table, game_parameters, game_table, match_equity
from nardcore.bots.neural import network_for
from nardcore.bots.neural_bot import rank_plays
from nardcore.bots.outcomes import OUTCOMES
from nardcore.bots.rollout import rollout
from nardcore.bots.stakes import MatchScore, Stakes, game_values, outcome_values
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.movegen import legal_plays, result_positions
from nardcore.notation import format_play
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES
from train.npnet import Net

MATCH_GAMES = ("narde", "khachapuri", "moultezim", "tawla31")

# White on roll with 5-4 against two black checkers back and one on the bar. For money the
# network blitzes (7/2* 6/2: more gammons); the Crawford leader, whose gammons count for
# nothing, makes the 9 point (14/9 13/9: more wins), as gnubg's 2-ply cubeful analysis at that
# score does too (the blitz 0.059 worse there).
BLITZ = "backgammon:w:16,14,13x3,8x2,7x2,6x4,4x2:bar,24,23,20x2,7,6x4,4x2,3x2,2"
BLITZ_PLAY, SAFE_PLAY = "7/2* 6/2", "14/9 13/9"
TOO_GOOD = "backgammon:w:8x3,6x2,5x2,4x2,3x2,2x2,1x2:barx2,13x5,8x4,6x4"  # two on the bar, a closed board


def random_game_positions(variant: str, count: int, seed: int) -> list[Position]:
    """Positions met in random games (both sides on roll)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(variant, turn=rng.randint(0, 1))
        while position.winner() is None and len(found) < count:
            found.append(position)
            position = rng.choice(result_positions(position, (rng.randint(1, 6), rng.randint(1, 6))))
    return found


def best_play(position: Position, dice: tuple[int, int], values: object = None) -> str:
    plays = legal_plays(position, dice)
    return format_play(position, plays[rank_plays(position, plays, values=values)[0].result])  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_money_and_single_games_keep_the_games_own_points(variant: str) -> None:
    assert outcome_values(variant) is OUTCOMES[variant]
    assert outcome_values(variant, MatchScore(0, 0, 0)) is OUTCOMES[variant]
    assert game_values(Game(variant), 0) is None
    assert Stakes.of(Game(variant)).values(1) is None


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_two_sides_values_of_one_outcome_add_up(variant: str) -> None:
    """What one side gains the other loses: in match-winning chances, so in these units too."""
    spec, rng = OUTCOMES[variant], random.Random(5)
    length = 31 if variant == "tawla31" else 7
    for mine, theirs in ((0, 0), (3, 5), (length - 1, 2), (4, length - 2)):
        me, them = (outcome_values(variant, MatchScore(length, a, b)) for a, b in ((mine, theirs), (theirs, mine)))
        for _ in range(5):
            outputs = [rng.random() for _ in range(spec.size)]
            assert me.equity(outputs) == pytest.approx(-them.equity(spec.flip(outputs)), abs=1e-4)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_far_from_the_end_of_a_long_match_the_values_are_near_the_points(variant: str) -> None:
    length = 31 if variant == "tawla31" else 25
    values, spec = outcome_values(variant, MatchScore(length, 0, 0)), OUTCOMES[variant]
    scale = max(abs(w) for w in spec.weights)
    even = spec.flip([0.6, *[0.2] * (spec.size - 1)])  # as likely to win as to lose, in the same ways
    even = [(a + b) / 2 for a, b in zip(even, spec.flip(even), strict=True)]
    assert values.equity(even) == pytest.approx(0.0, abs=0.02 * scale)
    if variant == "khachapuri":  # a mars (30 points) wins a match to 25 outright: worth the match, not 30
        assert values.weights[1] > 1 and values.weights[2] < -1
        pairs = list(zip(values.weights[3:], spec.weights[3:], strict=True))
    else:
        pairs = list(zip(values.weights, spec.weights, strict=True))
    for found, points in pairs:
        assert found == pytest.approx(points, abs=0.25 * scale)


def test_a_gammon_is_worth_nothing_to_the_side_whose_single_win_wins_the_match() -> None:
    crawford_leader = outcome_values("backgammon", MatchScore(5, 4, 1, crawford=True))
    assert crawford_leader.weights[1:3] == pytest.approx((0.0, 0.0))  # its own gammons and backgammons
    assert crawford_leader.weights[3] < -0.5  # the trailer's gammons still cost it
    # post-Crawford, the trailer 2-away owning a cube of 2: any win wins the match
    trailer = outcome_values("backgammon", MatchScore(5, 3, 4), cube=2)
    assert trailer.weights[1:3] == pytest.approx((0.0, 0.0))
    for name in ("narde", "moultezim", "khachapuri"):  # a mars likewise, in a match of the other games
        leader = outcome_values(name, MatchScore(5, 4, 2))
        assert leader.weights[1] == pytest.approx(0.0, abs=1e-9)
    for name, length in (("khachapuri", 7), ("tawla31", 31)):  # and how many checkers a win is by
        leader = outcome_values(name, MatchScore(length, length - 1, 3))
        assert leader.weights[-2] == pytest.approx(0.0, abs=1e-9) and leader.weights[-1] < -1
        assert outcome_values(name, MatchScore(length, 3, length - 1)).weights[-2] > 1


def test_a_dead_gammon_changes_the_play_and_money_keeps_the_money_play() -> None:
    position = Position.parse(BLITZ)
    leader = outcome_values("backgammon", MatchScore(5, 4, 1, crawford=True))
    assert best_play(position, (5, 4)) == BLITZ_PLAY
    assert best_play(position, (5, 4), leader) == SAFE_PLAY
    assert best_play(position, (5, 4), outcome_values("backgammon", MatchScore(5, 1, 4, crawford=True))) == BLITZ_PLAY
    for level in ("advanced", "strongest"):  # the bots as the game asks them
        for kwargs, expected in (({}, BLITZ_PLAY), ({"match_length": 5, "score": (4, 1), "crawford": True}, SAFE_PLAY)):
            game = Game("backgammon", SeededDice(1), position=position, **kwargs)  # type: ignore[arg-type]
            game.roll((5, 4))
            assert act(game, make_bot(level, budget=60)) == expected, (level, kwargs)


def test_hints_reviews_and_rollouts_rank_for_the_score() -> None:
    position = Position.parse(BLITZ)
    leader = outcome_values("backgammon", MatchScore(5, 4, 1, crawford=True))
    assert hint(position, (5, 4), 1)[0].play == BLITZ_PLAY
    assert hint(position, (5, 4), 1, values=leader)[0].play == SAFE_PLAY
    assert hint(position, (5, 4), 1, deep=True, values=leader)[0].play == SAFE_PLAY
    game = Game("backgammon", SeededDice(1), position=position, match_length=5, score=(4, 1), crawford=True)
    game.roll((5, 4))
    game.play(BLITZ_PLAY)
    money = next(d for d in review(position, game.history, with_luck=False).decisions if d.kind == "play")
    at_score = next(d for d in review(position, game.history, with_luck=False, stakes=Stakes.of(game)).decisions
                    if d.kind == "play")
    assert money.loss == 0.0 and at_score.loss > 0.02 and at_score.best == SAFE_PLAY
    # a rollout at the score values its outcomes by the score's weights
    figures = rollout(position, games=4, level="advanced", stakes=Stakes.of(game))[0]
    assert figures.equity == pytest.approx(leader.equity(figures.outcomes), abs=1e-6)


def test_a_too_good_position_is_played_on_at_a_match_score() -> None:
    for score in ((0, 0), (3, 3), (2, 5)):
        game = Game("backgammon", position=Position.parse(TOO_GOOD), match_length=7, score=score)
        decision = neural_cube.cube_decision(game)
        assert decision is not None and decision.too_good and not decision.take
        assert not neural_cube.wants_double(game)


@pytest.mark.parametrize("variant", MATCH_GAMES)
def test_each_games_table_is_symmetric_monotone_and_rebuilt_from_its_numbers(variant: str) -> None:
    table = game_table(variant)
    size = len(table.starts)
    for a in range(1, size + 1):
        for b in range(1, size + 1):
            # the side starting the next game needing a against b is the other side waiting
            assert table.equity(a, b, True) + table.equity(b, a, False) == pytest.approx(1.0, abs=2e-6)
            for starting in (True, False):
                here = table.equity(a, b, starting)
                assert 0.0 < here < 1.0
                if a < size:
                    assert table.equity(a + 1, b, starting) <= here + 1e-9  # needing more is worse
                if b < size:
                    assert table.equity(a, b + 1, starting) >= here - 1e-9
            assert table.equity(a, b, True) >= table.equity(a, b, False) - 1e-9  # starting is an edge
    found = game_parameters(variant)
    games = int(found["games"])  # type: ignore[call-overload]
    points = {int(k): int(v) / games for k, v in found["points"].items()}  # type: ignore[attr-defined]
    rebuilt = build_game_table(int(found["starter_wins"]) / games, points, size)  # type: ignore[call-overload]
    assert np.allclose(rebuilt.starts, table.starts, atol=2e-6) and np.allclose(rebuilt.waits, table.waits, atol=2e-6)


# (level, game, positions compared): the look-ahead is the costlier, so fewer of its positions
NUMPY_PLAYERS = [("strongest", "backgammon", 12), ("strongest", "narde", 12), ("strongest", "khachapuri", 12),
                 ("advanced", "narde", 40), ("advanced", "moultezim", 40), ("advanced", "tawla31", 40)]


@pytest.mark.parametrize(("level", "variant", "count"), NUMPY_PLAYERS)
def test_the_benchmarks_numpy_players_know_the_score_as_the_shipped_levels_do(level: str, variant: str,
                                                                              count: int) -> None:
    from train.play import net_advanced_player, net_strongest_player

    shipped = network_for(variant)
    assert shipped is not None
    net = Net.from_network(shipped)
    numpy_player = net_strongest_player if level == "strongest" else net_advanced_player
    length = 31 if variant == "tawla31" else 5
    scores = [MatchScore(length, length - 1, 1, crawford=variant == "backgammon"), MatchScore(length, 1, length - 1),
              MatchScore(length, 2, 3), None]  # None: a single game, the game's own points
    shipped_level = make_bot(level, budget=1e9)
    rng = random.Random(3)
    compared = 0
    for n, position in enumerate(random_game_positions(variant, 200, seed=21)):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        results = result_positions(position, dice)
        if len(results) < 2:
            continue
        score = scores[n % len(scores)]
        values = outcome_values(variant, score) if score else None
        fast = numpy_player(net, values_for=lambda _: values)  # noqa: B023
        assert fast(position, dice, results) == shipped_level.choose_play(position, results, values)  # type: ignore[call-arg]
        compared += 1
        if compared == count:
            break
    assert compared == count


def test_the_backgammon_values_come_from_the_shipped_table() -> None:
    values = outcome_values("backgammon", MatchScore(7, 2, 4))
    need, other = 5, 3
    won, lost = match_equity(need - 1, other), match_equity(need, other - 1)
    unit, middle = (won - lost) / 2, (won + lost) / 2
    gammon_won = match_equity(need - 2, other)
    assert values.weights[1] == pytest.approx((gammon_won - won) / unit)
    assert values.constant == pytest.approx((lost - middle) / unit)


def test_a_drill_from_a_match_keeps_its_score_and_is_judged_at_it() -> None:
    from web.worker import drills

    review_data = {"decisions": [{"kind": "play", "mark": "mistake", "forced": False, "side": "w",
                                  "position": BLITZ, "dice": "54", "chosen": BLITZ_PLAY, "best": SAFE_PLAY,
                                  "loss": 0.06}]}
    stakes = Stakes("backgammon", 5, (4, 1), crawford=True)
    cards, added = drills.collect([], review_data, "backgammon", ("w",), 100, stakes)
    assert added == 1 and cards[0]["score"] == [5, 4, 1, 1]
    assert drills.card_values(cards[0]) == outcome_values("backgammon", MatchScore(5, 4, 1, crawford=True))
    assert drills.read_cards(cards) == cards  # saved and read back as it was
    money, _ = drills.collect([], review_data, "backgammon", ("w",), 100)
    assert "score" not in money[0] and drills.card_values(money[0]) is None
    for junk in ([5, 5, 1, 0], [5, 4, 1, 2], [5, 4, "1", 0], [5, 4, 1], "5-4-1", [0, 0, 0, 0]):
        read = drills.read_cards([{**cards[0], "score": junk}])
        assert len(read) == 1 and "score" not in read[0], junk  # the card stays, without the bad score
