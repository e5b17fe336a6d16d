"""Rollouts: a position, or each candidate play of a roll, played out to the end many times.

`rollout_steps` plays game after game with a level's player on both sides and yields the
figures so far after each one (a caller shows progress between games, and cancels by no
longer asking); `rollout` runs it to the end with a progress callback and a cancel check.
The figures (`Rollout`) are the means of each game's outcome, in the layout of the game's
network outputs (`neural.OUTCOMES`: win, the "win big" levels — gammon and backgammon, mars,
koks — the "lose big" levels, the checker shares), the equity in points (cubeless, by the
game's own scoring) and its 95% interval, all for the side on roll at the start (for
candidates: the side that plays them).

Variance reduction:

- the first two rolls are stratified: game i's first roll is ordered roll i mod 36 (both dice
  told apart: each of the 21 rolls as often as its chance), its second roll the (i mod 36)-th
  of a seeded shuffle of the 36, a new one each 36 games: over 36k games each roll comes up
  exactly as often as its chance, in the first and in the second turn;
- candidates are played out on the same dice (game i of every candidate rolls the same
  numbers, common random numbers), so their differences are measured more closely than
  their values;
- with `exact_races` (the default), a game that reaches a home-board race ends there with
  the bear-off database's expected outcome (`bearoff.race_outcomes`) instead of rolling on.

The interval is the mean ± 1.96 standard errors of the games' equities (the stratification
makes it a little wide, never narrow). A game whose outcome is certain gives an interval of
width 0. Narde's `last-roll` option (a draw after the starter's last checker) is not played
out: a rollout starts mid-game and the rule needs to know who started.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..movegen import result_positions
from ..position import Position
from .base import choose_at_score
from .bearoff import race_outcomes
from .levels import DEFAULT_LEVEL, make_bot
from .neural_bot import rank_plays
from .outcomes import OUTCOMES, Outcomes, final_outcome
from .stakes import Stakes

Z95 = 1.959964  # the normal distribution's 97.5th percentile: a two-sided 95% interval
MAX_TURNS = 1000  # no game comes near; stops players that never finish
ORDERED_ROLLS = tuple((first, second) for first in range(1, 7) for second in range(1, 7))


def outcome_names(variant_name: str) -> list[str]:
    """The names of a game's outcome figures, in `OUTCOMES` order (as `python -m nardcore eval`)."""
    spec = OUTCOMES[variant_name]
    names = ["win", *[f"win_{i + 2}x" for i in range(spec.levels)], *[f"lose_{i + 2}x" for i in range(spec.levels)]]
    if spec.checker_share:
        names += ["win_checkers_share", "lose_checkers_share"]
    return names


@dataclass(frozen=True)
class Rollout:
    """The figures of the games played so far, for the side on roll at the start (`play`:
    the candidate's notation, for the side that plays it)."""

    variant: str
    games: int
    outcomes: tuple[float, ...]  # the means, in OUTCOMES[variant] order
    equity: float  # mean points a game (cubeless)
    low: float  # the 95% interval of the equity
    high: float
    play: str | None = None
    total: int = 0  # games asked for

    @property
    def complete(self) -> bool:
        return self.games >= self.total

    def to_dict(self) -> dict[str, Any]:
        return {
            "play": self.play,
            "games": self.games,
            "total": self.total,
            "outcomes": {name: round(value, 4) for name, value in
                         zip(outcome_names(self.variant), self.outcomes, strict=True)},
            "equity": round(self.equity, 4),
            "low": round(self.low, 4) if math.isfinite(self.low) else None,  # None: too few games
            "high": round(self.high, 4) if math.isfinite(self.high) else None,
        }


class _Tally:
    """Running sums of one candidate's games (Welford's mean and variance of the equity)."""

    def __init__(self, size: int) -> None:
        self.games = 0
        self.sums = [0.0] * size
        self.mean = 0.0
        self.squares = 0.0

    def add(self, outcome: Sequence[float], equity: float) -> None:
        self.games += 1
        self.sums = [total + value for total, value in zip(self.sums, outcome, strict=True)]
        delta = equity - self.mean
        self.mean += delta / self.games
        self.squares += delta * (equity - self.mean)

    def figures(self, variant: str, play: str | None, total: int) -> Rollout:
        n = self.games
        if n == 0:
            return Rollout(variant, 0, tuple(self.sums), 0.0, -math.inf, math.inf, play, total)
        spread = Z95 * math.sqrt(max(0.0, self.squares) / (n - 1) / n) if n > 1 else math.inf
        if self.squares <= 1e-12 * n:  # every game gave the same: no spread at all
            spread = 0.0 if n > 1 else math.inf
        return Rollout(variant, n, tuple(total_ / n for total_ in self.sums), self.mean, self.mean - spread,
                       self.mean + spread, play, total)


def game_rolls(seed: int, game: int) -> Iterator[tuple[int, int]]:
    """The dice of game `game` of a rollout: the first two turns stratified (module docstring),
    then seeded random rolls; the same for every candidate."""
    block, at = divmod(game, 36)
    order = list(range(36))
    random.Random(seed * 7919 + block).shuffle(order)
    yield ORDERED_ROLLS[at]
    yield ORDERED_ROLLS[order[at]]
    rng = random.Random(seed * 1_000_003 + game + 1)
    while True:
        yield rng.randint(1, 6), rng.randint(1, 6)


Chooser = Callable[[Position, list[Position]], Position]


def play_out(position: Position, choose: Chooser, rolls: Iterator[tuple[int, int]],
             exact_races: bool = True) -> list[float]:
    """One game from `position` (its side on roll to roll) to its end: the outcome for that side,
    in OUTCOMES order (the database's expectation once a home-board race is reached)."""
    side = position.turn
    spec = OUTCOMES[position.variant.name]
    for _ in range(MAX_TURNS):
        winner = position.winner()
        if winner is not None:
            return final_outcome(position, side)
        if exact_races:
            exact = race_outcomes(position)
            if exact is not None:
                return exact if position.turn == side else spec.flip(exact)
        results = result_positions(position, next(rolls))
        position = results[0] if len(results) == 1 else choose(position, results)
    raise RuntimeError(f"no end after {MAX_TURNS} turns: {position}")


def rollout_steps(
    position: Position,
    candidates: Sequence[tuple[str | None, Position]] | None = None,
    games: int = 36,
    level: str = DEFAULT_LEVEL,
    seed: int = 1,
    exact_races: bool = True,
    stakes: Stakes | None = None,
    cube: int = 1,
) -> Iterator[tuple[int, int, list[Rollout]]]:
    """Play out `position` (side on roll to roll), or each of `candidates` (notation and the
    position after the play, the other side on roll), `games` times each, game i of every
    candidate before game i + 1 of any; after each game, (games played, games in all, the
    figures of every candidate so far: one `Rollout` when no candidates are given). With
    `stakes` (a match score) both sides play for it at this cube, and the equity is the
    outcomes' worth at that score (`stakes.outcome_values`), in points."""
    if OUTCOMES.get(position.variant.name) is None:
        raise ValueError(f"no rollout for {position.variant.name}")
    if games < 1:
        raise ValueError(f"a rollout needs at least one game, not {games}")
    if candidates is None and position.winner() is not None:
        raise ValueError(f"the game is over: {position}")
    bot = make_bot(level, seed=seed)
    spec = OUTCOMES[position.variant.name]
    starts = list(candidates) if candidates is not None else [(None, position)]
    if not starts:
        raise ValueError("no candidate to roll out")
    tallies = [_Tally(spec.size) for _ in starts]
    total, done = games * len(starts), 0
    by_side = [stakes.values(side, cube) if stakes is not None else None for side in (0, 1)]
    valued = by_side[position.turn] or spec  # the outcomes are the mover's

    def choose(at: Position, results: list[Position]) -> Position:
        return choose_at_score(bot, at, results, by_side[at.turn])

    for game in range(games):
        for (_, start), tally in zip(starts, tallies, strict=True):
            outcome = play_out(start, choose, game_rolls(seed, game), exact_races)
            if candidates is not None:  # played from the other side's roll: back to the mover's view
                outcome = spec.flip(outcome)
            tally.add(outcome, valued.equity(outcome))
            done += 1
            yield done, total, [tally.figures(position.variant.name, play, games)
                                for (play, _), tally in zip(starts, tallies, strict=True)]


def candidate_plays(position: Position, dice: tuple[int, int], count: int = 5,
                    values: Outcomes | None = None) -> list[tuple[str, Position]]:
    """The roll's best `count` plays by the network at 0-ply (notation, resulting position);
    `values`: the mover's at the match score (`stakes`)."""
    from ..movegen import legal_plays
    from ..notation import format_play

    plays = legal_plays(position, dice)
    if not plays:
        return [("", position.pass_turn())]
    ranked = rank_plays(position, plays, values=values)[: max(1, count)]
    return [(format_play(position, plays[item.result]), item.result) for item in ranked]


def rollout(
    position: Position,
    candidates: Sequence[tuple[str | None, Position]] | None = None,
    games: int = 36,
    level: str = DEFAULT_LEVEL,
    seed: int = 1,
    exact_races: bool = True,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    stakes: Stakes | None = None,
    cube: int = 1,
) -> list[Rollout]:
    """`rollout_steps` run through: `progress(done, total)` after each game (of any candidate),
    and the figures so far as soon as `cancelled()` says so (asked after each game)."""
    spec = OUTCOMES[position.variant.name]
    found = [_Tally(spec.size).figures(position.variant.name, play, games)
             for play, _ in (candidates if candidates is not None else [(None, position)])]
    for done, total, found in rollout_steps(position, candidates, games, level, seed, exact_races,
                                             stakes, cube):
        if progress is not None:
            progress(done, total)
        if cancelled is not None and done < total and cancelled():
            break
    return found
