"""The cube from the network's estimates (backgammon): money play and match play.

The network's cubeless outcome chances for the side on roll go through Janowski's model:
in points per unit cube for money play (`cubeful`), in match-winning chances at a match
score (`match_cube`, with the match equity table of `met`); a close decision takes the
chances a roll deeper (`position_decision`). Each gives the equities of no
double, double/take and double/pass, and every decision is read from them: double when
both answers leave the doubler better off than not doubling, take when taking loses less
than passing, too good when playing on beats cashing, beaver when the taker is the
favourite after taking. The cube's efficiency x, the one parameter, is measured for contact
and for races (docs/cube.md).
"""

from __future__ import annotations

from functools import lru_cache

from ..dice import ROLLS
from ..game import RESIGN_LEVELS, Game
from ..movegen import result_positions
from ..position import Position
from . import cube as count_cube
from .contact import is_race
from .cubeful import CubeDecision, Owner, dead_equity, decide, money_decision
from .cubeful import efficiency as cube_efficiency
from .match_cube import Score, Shares, match_decision
from .met import match_equity
from .neural import OUTCOMES, Network, network_for
from .outcomes import final_outcome

__all__ = ["accepts_resignation", "beavers", "cube_decision", "decision_for", "efficiency", "match_equity",
           "one_roll_outputs", "position_decision", "takes", "wants_double"]

CLOSE = 0.15  # money: a decision this near a boundary (points per cube) is looked at a roll deeper
CLOSE_MATCH = 0.05  # match: likewise, in match-winning chances


def _outputs(position: Position) -> list[float] | None:
    network = network_for(position.variant.name)
    if network is None or position.winner() is not None:
        return None
    return network.evaluate(position)


def one_roll_outputs(network: Network, position: Position) -> list[float]:
    """The side on roll's chances a roll deeper: over its 21 rolls, the chances after the
    best play of each (by the network's equity), weighed by the roll's probability."""
    spec = OUTCOMES[position.variant.name]
    totals = [0.0] * spec.size
    for roll in ROLLS:
        results = result_positions(position, roll.dice)
        best = min(results, key=lambda result: (network.equity(result), str(result)))  # worst for the other side
        outputs = spec.flip(network.value(best))
        weight = float(roll.probability)
        for i, value in enumerate(outputs):
            totals[i] += weight * value
    return totals


def _money_equity(outputs: list[float]) -> float:
    p, wg, wbg, lg, lbg = outputs
    return 2 * p - 1 + wg + wbg - lg - lbg


def efficiency(position: Position) -> float:
    """The cube's efficiency x for this position: measured apart for races and contact, by
    the pips of the side on roll."""
    return cube_efficiency(position.pips(position.turn), is_race(position))


def _post_crawford(game: Game) -> bool:
    """A side is one point away and this is not the Crawford game: that was played already."""
    return bool(game.match_length) and not game.crawford and max(game.score) == game.match_length - 1


def decision_for(position: Position, outputs: list[float], cube_value: int = 1, owner: Owner = "centred",
                 match_length: int = 0, score: tuple[int, int] = (0, 0), crawford: bool = False,
                 jacoby: bool = False, beavers: bool = False) -> CubeDecision:
    """The cube decision of the side on roll of `position` (its outputs given), at this cube
    and score (`score` by side: white, black). Money: equities per unit of the current cube;
    match: match-winning chances."""
    x = efficiency(position)
    if not match_length:
        return money_decision(outputs, x, owner, jacoby, beavers)
    side = position.turn
    need, other = match_length - score[side], match_length - score[1 - side]
    done = crawford or (not crawford and max(score) == match_length - 1)

    def after(a: int, b: int) -> float:
        return match_equity(a, b, done)

    state = Score(need, other, Shares.of(outputs), after, cube=not crawford)
    return match_decision(state, cube_value, owner, x)


def cube_decision(game: Game) -> CubeDecision | None:
    """The cube decision of the side on roll (before its roll, or doubling now), or None
    without a network's estimate."""
    position = game.position
    if not game.variant.cube or position.winner() is not None or network_for(position.variant.name) is None:
        return None
    side = position.turn
    owner: Owner = "centred" if game.cube_owner is None else "mine" if game.cube_owner == side else "theirs"
    money = game.money
    return position_decision(position, game.cube_value, owner, game.match_length, game.score, game.crawford,
                             money and game.variant.has("jacoby"), money and game.variant.has("beaver"))


def one_roll_decision(network: Network, position: Position, cube_value: int, owner: Owner, match_length: int,
                      score: tuple[int, int], crawford: bool, jacoby: bool, beavers: bool) -> CubeDecision:
    """The cube decision a roll deeper, cubeful (as gnubg's 1-ply): for each of the side on
    roll's 21 rolls, its best play (the network's cubeless choice), and there the other side's
    own best cube action by the model (`decision_for`), for the cube as it is (no double) and
    as after a take (2v, the other side's); the values weighed by the rolls' probabilities."""
    money = not match_length
    other_owner: dict[Owner, Owner] = {"centred": "centred", "mine": "theirs", "theirs": "mine"}
    states: tuple[tuple[int, Owner], ...] = ((cube_value, owner), (2 * cube_value, "theirs"))
    totals = [0.0, 0.0]
    for roll in ROLLS:
        results = result_positions(position, roll.dice)
        best = min(results, key=lambda result: (network.equity(result), str(result)))  # worst for the other side
        weight = float(roll.probability)
        if best.winner() is not None:
            mine = final_outcome(best, position.turn)
            for i, (value, holder) in enumerate(states):
                if money:
                    totals[i] += weight * (value / cube_value) * dead_equity(mine, jacoby and holder == "centred")
                else:
                    totals[i] += weight * _won(position, mine, value, match_length, score, crawford)
            continue
        theirs = network.evaluate(best)
        for i, (value, holder) in enumerate(states):
            answer = decision_for(best, theirs, value, other_owner[holder], match_length, score, crawford, jacoby)
            best_for_them = max(answer.no_double, min(answer.double_take, answer.double_pass)) if answer.available \
                else answer.no_double
            if money:
                totals[i] += weight * (value / cube_value) * -best_for_them
            else:
                totals[i] += weight * (1.0 - best_for_them)
    side = position.turn
    pass_value = 1.0 if money else match_equity(match_length - score[side] - cube_value,
                                                match_length - score[1 - side], _done(match_length, score, crawford))
    available = owner != "theirs" and not (match_length and crawford)
    return decide(totals[0], totals[1], pass_value, available, beavers)


def _done(match_length: int, score: tuple[int, int], crawford: bool) -> bool:
    return crawford or max(score) == match_length - 1


def _won(position: Position, outputs: list[float], value: int, match_length: int, score: tuple[int, int],
         crawford: bool) -> float:
    """The side on roll's match-winning chance once the game has ended as `outputs` say."""
    side = position.turn
    need, other = match_length - score[side], match_length - score[1 - side]
    done = _done(match_length, score, crawford)
    return Score(need, other, Shares.of(outputs), lambda a, b: match_equity(a, b, done), cube=False).cubeful(
        value, "centred", 0.0)


@lru_cache(maxsize=64)  # the game asks for the double, then for the take, of one position
def position_decision(position: Position, cube_value: int = 1, owner: Owner = "centred", match_length: int = 0,
                      score: tuple[int, int] = (0, 0), crawford: bool = False, jacoby: bool = False,
                      beavers: bool = False) -> CubeDecision:
    """`decision_for` from the network's chances; a close decision (within CLOSE of doubling
    or of passing: points per cube for money, CLOSE_MATCH of match-winning chances) from its
    chances a roll deeper (`one_roll_outputs`), as gnubg and XG judge the cube deeper too."""
    network = network_for(position.variant.name)
    assert network is not None

    def decide(outputs: list[float]) -> CubeDecision:
        return decision_for(position, outputs, cube_value, owner, match_length, score, crawford, jacoby, beavers)

    decision = decide(network.evaluate(position))
    margin = CLOSE_MATCH if match_length else CLOSE
    doubled = min(decision.double_take, decision.double_pass)
    if abs(doubled - decision.no_double) < margin or abs(decision.double_take - decision.double_pass) < margin:
        decision = one_roll_decision(network, position, cube_value, owner, match_length, score, crawford, jacoby,
                                     beavers)
    return decision


def wants_double(game: Game) -> bool:
    """Should the side to act (before rolling) double now?"""
    if not game.may_double():
        return False
    decision = cube_decision(game)
    if decision is None:
        return count_cube.wants_double(game)
    return decision.double


def takes(game: Game) -> bool:
    """Should the doubled side take? (The doubler is on roll in `game.position`.)"""
    decision = cube_decision(game)
    if decision is None:
        return count_cube.takes(game)
    return decision.take


def beavers(game: Game) -> bool:
    """Should the doubled side beaver (money play with the beaver option)?"""
    if game.match_length or not game.may_beaver():
        return False
    decision = cube_decision(game)
    return decision is not None and decision.beaver


def _outcome_equity(game: Game, side: int, outputs: list[float], cube: int) -> float:
    """Match-winning chance of `side` (on roll, `outputs` its estimates) playing on at
    `cube` with a dead cube."""
    need, other = game.match_length - game.score[side], game.match_length - game.score[1 - side]
    done = game.crawford or _post_crawford(game)
    return Score(need, other, Shares.of(outputs), lambda a, b: match_equity(a, b, done), cube=False).cubeful(
        cube, "centred", 0.0)


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
