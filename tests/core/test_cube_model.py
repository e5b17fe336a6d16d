"""The cube by Janowski's model (nardcore.bots.cubeful, match_cube), the match equity table
(nardcore.bots.met), and the decisions the bots and the app take from them (neural_cube)."""

from __future__ import annotations

import json

import pytest

from nardcore.bots import neural_cube
from nardcore.bots.cubeful import CONTACT_X, RACE_X, cubeful_equity, dead_equity, live_equity, money_decision
from nardcore.bots.match_cube import Score, Shares, match_decision
from nardcore.bots.met import TABLE_FILE, build_table, match_equity, shipped_table
from nardcore.game import Game
from nardcore.position import Position


def plain(p: float, gammons: float = 0.0) -> list[float]:
    """Outputs with a share `gammons` of each side's wins and losses gammons, no backgammons."""
    return [p, p * gammons, 0.0, (1 - p) * gammons, 0.0]


def test_the_measured_efficiency_lies_between_a_dead_and_a_live_cube() -> None:
    for x in (CONTACT_X, RACE_X):
        assert 0.4 < x < 0.95


def test_live_cube_equity_passes_through_janowskis_take_and_cash_points() -> None:
    # no gammons: take point 20%, cash point 80%, where the live equity is -1 and +1
    assert live_equity(plain(0.2), "centred") == pytest.approx(-1.0)
    assert live_equity(plain(0.8), "centred") == pytest.approx(1.0)
    assert live_equity(plain(0.5), "centred") == pytest.approx(0.0)
    assert live_equity(plain(0.5), "mine") == pytest.approx(0.25)  # owning the cube is worth a quarter point
    assert live_equity(plain(0.5), "theirs") == pytest.approx(-0.25)
    # the dead cube is the cubeless equity, and x mixes the two
    outputs = plain(0.6, 0.25)
    mixed = cubeful_equity(outputs, "centred", 0.5)
    assert mixed == pytest.approx(0.5 * live_equity(outputs, "centred") + 0.5 * dead_equity(outputs))


@pytest.mark.parametrize(("x", "take_point"), [(0.0, 0.25), (1.0, 0.20)])
def test_the_take_point_goes_from_the_dead_cubes_25_to_the_live_cubes_20_percent(x: float, take_point: float) -> None:
    assert money_decision(plain(1 - take_point - 0.002), x).take  # the taker a little above the point
    assert not money_decision(plain(1 - take_point + 0.002), x).take


def test_money_decisions_come_out_of_the_equities() -> None:
    x = CONTACT_X
    even = money_decision(plain(0.5, 0.2), x)
    assert not even.double and even.take and even.action == "no double, take"
    window = money_decision(plain(0.72, 0.1), x)  # in the window: double, take
    assert window.double and window.take and window.double_take > window.no_double
    market = money_decision(plain(0.83), x)  # past the taker's point: double, pass
    assert market.double and not market.take and market.action == "double, pass"
    gammonish = money_decision([0.9, 0.7, 0.05, 0.0, 0.0], x)  # many gammons: play on
    assert gammonish.too_good and not gammonish.double and gammonish.no_double > 1
    assert gammonish.action == "too good, pass"
    # owning the cube, the same chances are a no double where the centred cube doubles
    assert money_decision(plain(0.72), x).double and not money_decision(plain(0.72), x, owner="mine").double


def test_a_taker_who_is_the_favourite_beavers_where_beavers_are_played() -> None:
    decision = money_decision(plain(0.45), CONTACT_X, beavers=True)
    assert decision.take and decision.beaver and decision.action == "no double, beaver"
    assert not money_decision(plain(0.45), CONTACT_X).beaver  # not without the option
    assert not money_decision(plain(0.6), CONTACT_X, beavers=True).beaver


def test_the_shipped_table_is_what_its_recorded_method_builds() -> None:
    data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    rebuilt = build_table(data["gammons"] / data["games"], data["backgammons"] / data["games"], data["x"], 9,
                          [(weight, p) for weight, p in data["first_chances"]])
    table = shipped_table()
    for a in range(1, 10):
        assert table.post[a - 1] == pytest.approx(rebuilt.post[a - 1], abs=1e-6)
        for b in range(1, 10):
            assert table.pre[a - 1][b - 1] == pytest.approx(rebuilt.pre[a - 1][b - 1], abs=1e-6)


def test_the_table_is_symmetric_and_monotone_in_each_score() -> None:
    size = shipped_table().size
    assert size >= 15
    for a in range(1, size + 1):
        for b in range(1, size + 1):
            value = match_equity(a, b)
            assert 0 < value < 1
            assert value + match_equity(b, a) == pytest.approx(1.0, abs=1e-6)  # one of the two wins
            if a > 1:
                assert value < match_equity(a - 1, b)  # nearer the end is better
            if b > 1:
                assert value > match_equity(a, b - 1)
        assert match_equity(a, a) == pytest.approx(0.5)
    for b in range(2, size + 1):  # post-Crawford: the leader's chance grows with the trailer's need
        assert match_equity(1, b, True) >= match_equity(1, b - 1, True)
        assert match_equity(1, b, True) < match_equity(1, b, False)  # the Crawford game is worth having
        assert match_equity(b, 1, True) == pytest.approx(1 - match_equity(1, b, True))
    assert match_equity(1, 1, True) == 0.5
    # the free drop: a trailer needing an even number has less than needing one fewer (the leader
    # drops when the trailer's first chances are good), but not by a game
    for b in (2, 4, 6):
        assert match_equity(1, b - 1, True) < match_equity(1, b, True) < match_equity(1, b + 1, True)
        assert match_equity(1, b, True) - match_equity(1, b - 1, True) < 0.03
    assert match_equity(0, 3) == 1.0 and match_equity(3, 0) == 0.0


def test_match_take_points_follow_the_score() -> None:
    """28% to win without gammons: a take for money, a pass at 2-away 2-away (the drop
    leaves 1-away 2-away Crawford, worth more than a quarter; taking plays for the match)."""
    after = shipped_table()

    def score(need: int, other: int, done: bool = False) -> Score:
        return Score(need, other, Shares.of(plain(0.72)), lambda a, b: after.equity(a, b, done))

    assert money_decision(plain(0.72), CONTACT_X).take
    two_away = match_decision(score(2, 2), 1, "centred", CONTACT_X)
    assert two_away.double and not two_away.take
    assert two_away.double_pass == pytest.approx(match_equity(1, 2))
    # post-Crawford, the trailer doubles at once and the leader takes
    trailer = Score(4, 1, Shares.of(plain(0.5, 0.25)), lambda a, b: after.equity(a, b, True))
    early = match_decision(trailer, 1, "centred", CONTACT_X)
    assert early.double and early.take
    # the Crawford game has no cube
    crawford = Score(1, 4, Shares.of(plain(0.8)), lambda a, b: after.equity(a, b, True), cube=False)
    assert not match_decision(crawford, 1, "centred", CONTACT_X).double


TOO_GOOD = "backgammon:w:8x3,6x2,5x2,4x2,3x2,2x2,1x2:barx2,13x5,8x4,6x4"  # two on the bar, a closed board


def test_the_bot_plays_on_when_too_good_and_the_other_side_would_pass() -> None:
    game = Game("backgammon", position=Position.parse(TOO_GOOD))
    decision = neural_cube.cube_decision(game)
    assert decision is not None and decision.too_good and not decision.take
    assert not neural_cube.wants_double(game)
    game.double()
    assert not neural_cube.takes(game)


def test_the_game_asks_the_model_at_a_match_score() -> None:
    start = Position.start("backgammon")
    assert not neural_cube.wants_double(Game("backgammon", position=start, match_length=5, score=(1, 1)))
    post = Game("backgammon", position=start, match_length=5, score=(2, 4))  # white trails, after Crawford
    assert neural_cube.wants_double(post)
    post.double()
    assert neural_cube.takes(post)
    crawford = Game("backgammon", position=Position.parse(TOO_GOOD), match_length=5, score=(2, 4), crawford=True)
    assert not neural_cube.wants_double(crawford)
