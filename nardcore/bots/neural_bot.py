"""Players on the learned evaluations: ranking plays, a human-like beginner, look-ahead.

`rank_plays` scores every legal play by the network (0-ply: the result is evaluated
with the opponent on roll). `NeuralBot` plays the best of them; with `temperature` it
draws a play with chances that fall off with its loss (the beginner: its mistakes are
the near-misses a person makes, not random moves); with `lookahead` it averages, over
the opponent's 21 rolls and best replies, the most promising plays (1-ply), within a
time budget; in backgammon and khachapuri, when its best two plays at 1-ply are close, it
looks at some of the opponent's rolls two plies deep (`deepen_rolls`, `LookedAt.deepen`).
The cube (backgammon) is decided by `neural_cube` from the same estimates.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..dice import ROLLS
from ..game import Game
from ..movegen import result_positions
from ..position import Position
from . import neural_cube
from .evaluation import evaluate
from .neural import Network, network_for
from .outcomes import Outcomes
from .stakes import mover_value, on_roll_value

# The largest number of points one game can give (cube 1): the scale of a game's equities.
POINTS_SCALE = {"backgammon": 3.0, "narde": 3.0, "moultezim": 2.0, "khachapuri": 30.0, "tawla31": 15.0}
# How loosely the beginner plays, times the game's largest win: set per game so that the
# beginner loses to the heuristic player, the level above it (docs/training.md, "Levels").
BEGINNER_TEMPERATURE = {"backgammon": 0.03, "narde": 0.03, "moultezim": 0.04, "khachapuri": 0.17, "tawla31": 0.06}


@dataclass(frozen=True)
class Ranked:
    """A legal play's result and its expected points for the side that plays it."""

    result: Position
    equity: float


def result_equity(network: Network, result: Position) -> float:
    """Expected points for the side that just played into `result` (the opponent is on roll)."""
    return -network.equity(result)


def best_reply(network: Network, position: Position, dice: tuple[int, int]) -> tuple[float, Position]:
    """The roll's play that leaves the other side (on roll after it) the least equity at 0-ply,
    cubeless, with that equity: the first such in `result_positions`' order (a pass when
    there is no legal play). Kept in `network.replies`: the look-ahead asks it of each of the
    opponent's rolls after a play, and the review's luck of the same position's rolls after
    that play is made."""
    key = (position, dice)
    replies = network.replies
    found = replies.get(key)
    if found is not None:
        replies.move_to_end(key)
        return found
    valued = [(network.equity(reply), reply) for reply in result_positions(position, dice)]
    found = min(valued, key=_first)
    if network.replies_size:
        replies[key] = found
        if len(replies) > network.replies_size:
            replies.popitem(last=False)  # the least recently used
    return found


def rank_plays(position: Position, results: Iterable[Position], network: Network | None = None,
               values: Outcomes | None = None) -> list[Ranked]:
    """Every result with its value for the mover, best first (ties in a fixed order).

    `values`: what each outcome is worth to the mover at the match score
    (`stakes.outcome_values`; None: the game's own points). Without a network for this
    game, the heuristic evaluation (in pip units) ranks them.
    """
    network = network or network_for(position.variant.name)
    if network is None:
        scored = [Ranked(r, evaluate(r, position.turn)) for r in results]
    else:
        scored = [Ranked(r, mover_value(network, r, values)) for r in results]
    scored.sort(key=lambda item: (-item.equity, str(item.result)))
    return scored


def lookahead_equity(network: Network, result: Position, values: Outcomes | None = None) -> float:
    """1-ply: the mover's expected points after each roll of the opponent's best reply."""
    return LookedAt(network, result, values).value


# Two plies deep: the opponent's rolls whose 1-ply term is replaced, likeliest first (the 15
# that are not doubles, then the doubles), and how many of them; see `NeuralBot`. The games
# where the bench says it pays (docs/training.md, "Look-ahead").
DEEPENED_GAMES = ("backgammon", "khachapuri")
DEEPENED_PLAYS = 2
DEEPENED_ROLLS = 4
DEEPEN_GAP = 0.007  # times the game's largest win (0.021 in backgammon)
DEEPEN_BUDGET = 4.0  # times the look-ahead's budget: the time from the start past which no roll is deepened
DEEPER_ROLLS = sorted(range(len(ROLLS)), key=lambda r: -ROLLS[r].probability)


def _first(pair: tuple[float, Position]) -> float:
    return pair[0]


class LookedAt:
    """A play's result looked at one ply ahead: for each of the opponent's 21 rolls its best
    reply at 0 ply (`replies`) and what that leaves the mover (`terms`, the mover on roll);
    `deepen` values a roll's reply one ply further (the mover's best play after each of its
    own rolls), gnubg's 2-ply for that roll."""

    def __init__(self, network: Network, result: Position, values: Outcomes | None = None) -> None:
        self.network = network
        self.result = result
        self.values = values  # the mover's (`stakes`); the other side's are the same chances seen from it
        self.replies: list[Position | None] = [None] * len(ROLLS)
        if result.winner() is not None:
            self.terms = [mover_value(network, result, values)] * len(ROLLS)
            return
        self.terms = []
        for r, roll in enumerate(ROLLS):
            # the opponent leaves me (on roll in each reply) as badly off as it can
            if values is None:
                worst, reply = best_reply(network, result, roll.dice)
            else:
                valued = [(on_roll_value(network, reply, values), reply)
                          for reply in result_positions(result, roll.dice)]
                worst, reply = min(valued, key=_first)
            self.terms.append(worst)
            self.replies[r] = reply

    @property
    def value(self) -> float:
        return sum(float(roll.probability) * term for roll, term in zip(ROLLS, self.terms, strict=True))

    def deepen(self, r: int) -> None:
        reply = self.replies[r]
        if reply is None or reply.winner() is not None:
            return  # the game is over: the term is exact
        network = self.network
        self.terms[r] = sum(float(roll.probability) * max(mover_value(network, mine, self.values)
                                                           for mine in result_positions(reply, roll.dice))
                            for roll in ROLLS)


class NeuralBot:
    """A computer player on a game's network; see the module docstring for the options.

    `budget` (seconds) bounds the look-ahead: the plays are looked at best first and it
    stops once the budget is spent (the best play at 0-ply is always looked at). Then, if
    the best `DEEPENED_PLAYS` at 1-ply are within `deepen_gap` x the game's largest win,
    the first `deepen_rolls` of `DEEPER_ROLLS` are valued two plies deep for each of them,
    roll by roll, as long as the roll can end within `deepen_budget` seconds from the start.
    """

    def __init__(
        self,
        name: str = "advanced",
        temperature: float | Mapping[str, float] = 0.0,
        lookahead: bool = False,
        budget: float = 0.4,
        seed: int | str | None = None,
        candidates: int = 6,
        deepen_rolls: int = 0,
        deepen_gap: float = 0.0,
        deepen_budget: float = 1.2,
        knows_score: bool = True,
    ) -> None:
        self.name = name
        self.knows_score = knows_score  # told the match score's `values` (`base.choose_at_score`)
        self.temperature = temperature
        self.lookahead = lookahead
        self.budget = budget
        self.candidates = candidates
        self.deepen_rolls = deepen_rolls
        self.deepen_gap = deepen_gap
        self.deepen_budget = deepen_budget
        self.deepened = 0  # the rolls looked at two plies deep in the last choice (for the bench)
        self._random = random.Random(seed)

    def rank(self, position: Position, plays: Iterable[Position], values: Outcomes | None = None) -> list[Ranked]:
        return rank_plays(position, plays, values=values)

    def choose_play(self, position: Position, plays: Iterable[Position], values: Outcomes | None = None) -> Position:
        """The play to make; `values`: the outcomes' worth to the mover at the match score
        (`stakes.game_values`), None for money play and single games."""
        self.deepened = 0
        results = list(plays)
        if not results:
            return position.pass_turn()
        if len(results) == 1:
            return results[0]
        ranked = self.rank(position, results, values)
        network = network_for(position.variant.name)
        temperature = self._temperature(position)
        if temperature > 0:
            return self._draw(position, ranked, temperature)
        if self.lookahead and network is not None:
            return self._look_ahead(position, ranked, network, values)
        return ranked[0].result

    def _temperature(self, position: Position) -> float:
        """The temperature for this game: one for all, or one per game (by its name)."""
        if isinstance(self.temperature, Mapping):
            return self.temperature.get(position.variant.name, 0.03)
        return self.temperature

    def _draw(self, position: Position, ranked: list[Ranked], temperature: float) -> Position:
        scale = POINTS_SCALE.get(position.variant.name, 1.0) if network_for(position.variant.name) else 30.0
        best = ranked[0].equity
        weights = [math.exp((r.equity - best) / (temperature * scale)) for r in ranked]
        return self._random.choices([r.result for r in ranked], weights)[0]

    def _look_ahead(self, position: Position, ranked: list[Ranked], network: Network,
                    values: Outcomes | None = None) -> Position:
        start = time.perf_counter()
        scale = POINTS_SCALE.get(position.variant.name, 1.0)
        margin = 0.1 * scale  # plays this far behind are not looked at
        looked: list[LookedAt] = []
        for index, item in enumerate(ranked[: self.candidates]):
            if index and (item.equity < ranked[0].equity - margin or time.perf_counter() - start > self.budget):
                break
            looked.append(LookedAt(network, item.result, values))
        looked.sort(key=lambda play: -play.value)  # stable: on a tie the better play at 0 ply
        if self.deepen_rolls and position.variant.name in DEEPENED_GAMES:
            best = looked[0].value
            close = [play for play in looked[:DEEPENED_PLAYS] if best - play.value <= self.deepen_gap * scale]
            if len(close) > 1:
                # roll by roll for all of them, so that a budget spent leaves them compared on the same rolls
                longest = 0.0  # the longest roll so far: the next one is not begun if it might not end in time
                for r in DEEPER_ROLLS[: self.deepen_rolls]:
                    began = time.perf_counter()
                    if began + longest - start > self.deepen_budget:
                        break
                    for play in close:
                        play.deepen(r)
                    self.deepened += 1
                    longest = max(longest, time.perf_counter() - began)
                return max(close, key=lambda play: play.value).result
        return looked[0].result

    # -- the cube -------------------------------------------------------------------------

    def wants_double(self, game: Game) -> bool:
        return neural_cube.wants_double(game)

    def takes(self, game: Game) -> bool:
        return neural_cube.takes(game)

    def beavers(self, game: Game) -> bool:
        return neural_cube.beavers(game)
