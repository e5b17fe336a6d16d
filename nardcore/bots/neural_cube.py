"""The cube from the network's estimates (backgammon): money play, and match play by match equity.

Money. The doubler's cubeless equity E (points per cube unit, gammons counted) decides:
the taker takes while its own equity, -E, is at least TAKE_FROM (a pass loses 1; a take
risks 2 but keeps the cube, worth about 0.07: the classic ~21.5% take point); the roller
doubles from DOUBLE_FROM on (REDOUBLE_FROM when it already owns the cube: doubling gives
up its access), unless it is too good: when the taker must pass and playing on for the
gammon is worth more than the point (E >= 1); and never below WIN_FROM chances to win, so
that gammon chances alone never turn the cube. A taker clearly the favourite beavers.
Near-even positions are far below DOUBLE_FROM, so they are never doubled.

Match. Outcomes are weighed by the chance to win the match from the score they lead to
(`match_equity`): take when taking leaves more match-winning chances than dropping;
double when both answers leave the doubler better off than not doubling, and it is at
least DOUBLE_FROM ahead in cubeless terms (which keeps the cube's value to its owner).
The match equity table comes from a plain model (each game even, a quarter of wins
gammons, the Crawford rule, the trailer doubling at once after it); see `match_equity`.
"""

from __future__ import annotations

from functools import cache

from ..game import RESIGN_LEVELS, Game
from ..position import Position
from . import cube as count_cube
from .contact import is_race
from .neural import network_for

TAKE_FROM = -0.57
DOUBLE_FROM = 0.40
RACE_DOUBLE_FROM = 0.38
REDOUBLE_FROM = 0.48
TOO_GOOD = 1.0
WIN_FROM = 0.66  # and never double with less than this chance to win: gammons alone do not make a double
BEAVER_FROM = 0.05
GAMMON_SHARE = 0.25  # of wins, in the match equity model


def _outputs(position: Position) -> list[float] | None:
    network = network_for(position.variant.name)
    if network is None or position.winner() is not None:
        return None
    return network.evaluate(position)


def _money_equity(outputs: list[float]) -> float:
    p, wg, wbg, lg, lbg = outputs
    return 2 * p - 1 + wg + wbg - lg - lbg


@cache
def match_equity(need: int, other_needs: int, crawford_done: bool = False) -> float:
    """The chance that the side needing `need` points wins the match against `other_needs`.

    `crawford_done`: the Crawford game has been played (post-Crawford: the trailer doubles
    at once, so each game is worth two points to it).
    """
    if need <= 0:
        return 1.0
    if other_needs <= 0:
        return 0.0
    g = GAMMON_SHARE
    if need == 1 and other_needs == 1:
        return 0.5
    if need == 1 or other_needs == 1:
        if not crawford_done:  # this is the Crawford game: one point a game, no cube
            return 0.5 * ((1 - g) * match_equity(need - 1, other_needs, True)
                          + g * match_equity(need - 2, other_needs, True)) + 0.5 * (
                (1 - g) * match_equity(need, other_needs - 1, True) + g * match_equity(need, other_needs - 2, True))
        if need == 1:  # post-Crawford: the trailer doubles at once
            return 0.5 + 0.5 * ((1 - g) * match_equity(1, other_needs - 2, True)
                                + g * match_equity(1, other_needs - 4, True))
        return 1.0 - match_equity(other_needs, need, True)
    # before either side is one away: games for one point, a quarter of wins gammons
    win = (1 - g) * _reach(need - 1, other_needs) + g * _reach(need - 2, other_needs)
    lose = (1 - g) * _reach(need, other_needs - 1) + g * _reach(need, other_needs - 2)
    return 0.5 * win + 0.5 * lose


def _reach(need: int, other_needs: int) -> float:
    """Equity at a score reached from a pre-Crawford score (the Crawford game is still ahead)."""
    return match_equity(need, other_needs, False)


def _outcome_equity(game: Game, side: int, outputs: list[float], cube: int) -> float:
    """Match-winning chance of `side` (on roll, `outputs` its estimates) playing on at `cube`."""
    p, wg, wbg, lg, lbg = outputs
    length = game.match_length
    need, other = length - game.score[side], length - game.score[1 - side]
    done = game.crawford or _post_crawford(game)
    wins = ((p - wg, 1), (wg - wbg, 2), (wbg, 3))
    losses = ((1 - p - lg, 1), (lg - lbg, 2), (lbg, 3))
    total = sum(max(0.0, chance) * match_equity(need - points * cube, other, done) for chance, points in wins)
    total += sum(max(0.0, chance) * match_equity(need, other - points * cube, done) for chance, points in losses)
    return total


def _post_crawford(game: Game) -> bool:
    """A side is one point away and this is not the Crawford game: that was played already."""
    return not game.crawford and max(game.score) == game.match_length - 1


def wants_double(game: Game) -> bool:
    """Should the side to act (before rolling) double now?"""
    if not game.may_double():
        return False
    position = game.position
    side = position.turn
    outputs = _outputs(position)
    if outputs is None:
        return count_cube.wants_double(game)
    equity = _money_equity(outputs)
    owned = game.cube_owner == side
    threshold = REDOUBLE_FROM if owned else RACE_DOUBLE_FROM if is_race(position) else DOUBLE_FROM
    if outputs[0] < WIN_FROM:
        return False
    if not game.match_length:
        if equity < threshold:
            return False
        return not (-equity < TAKE_FROM and equity >= TOO_GOOD)
    need = game.match_length - game.score[side]
    need_them = game.match_length - game.score[1 - side]
    if need <= game.cube_value:
        return False  # the current stake already wins the match
    if need_them == 1 and not game.crawford:
        return True  # post-Crawford: the trailer has nothing to lose by doubling
    no_double = _outcome_equity(game, side, outputs, game.cube_value)
    double_take = _outcome_equity(game, side, outputs, 2 * game.cube_value)
    double_pass = match_equity(need - game.cube_value, need_them, game.crawford or _post_crawford(game))
    return equity >= threshold and min(double_take, double_pass) > no_double


def takes(game: Game) -> bool:
    """Should the doubled side take? (The doubler is on roll in `game.position`.)"""
    position = game.position
    doubler = position.turn
    taker = 1 - doubler
    outputs = _outputs(position)
    if outputs is None:
        return count_cube.takes(game)
    if not game.match_length:
        return -_money_equity(outputs) >= TAKE_FROM
    need_them = game.match_length - game.score[doubler]
    if need_them <= game.cube_value:
        return True  # a drop loses the match: nothing to save by it
    value = game.cube_value
    after_take = 1.0 - _outcome_equity(game, doubler, outputs, 2 * value)
    after_drop = 1.0 - match_equity(need_them - value, game.match_length - game.score[taker],
                                    game.crawford or _post_crawford(game))
    return after_take >= after_drop


def beavers(game: Game) -> bool:
    """Should the doubled side beaver (money play with the beaver option)?"""
    if game.match_length or not game.may_beaver():
        return False
    outputs = _outputs(game.position)
    return outputs is not None and -_money_equity(outputs) >= BEAVER_FROM


def accepts_resignation(game: Game) -> bool:
    """Accept a resignation offer worth at least what playing on is expected to win.

    Money: the offer (in cube units) against the cubeless equity of the side that would
    accept. Match: the match-winning chances after accepting against those of playing on.
    """
    assert game.resign_offer is not None
    level = game.resign_offer[0]
    multiple = 1 if game.money and game.variant.has("jacoby") and game.cube_value == 1 else RESIGN_LEVELS[level]
    outputs = _outputs(game.position)
    if outputs is None:
        return True
    acceptor = 1 - game.position.turn
    if game.money:
        return multiple >= -_money_equity(outputs)
    need, other = (game.match_length - game.score[acceptor] - multiple * game.cube_value,
                   game.match_length - game.score[1 - acceptor])
    accepted = 1.0 if need <= 0 else match_equity(need, other, _post_crawford(game) or game.crawford)
    playing_on = 1.0 - _outcome_equity(game, game.position.turn, outputs, game.cube_value)
    return accepted >= playing_on
