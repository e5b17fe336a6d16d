"""Fast games between players for training and benchmarks: dice, opening roll, scoring.

A player is a function `(position, dice, candidates) -> chosen candidate`, where the
candidates are `result_positions(position, dice)` (turn passed). Games skip the `Game`
class (no history, no notation): a benchmark plays thousands of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from nardcore.bots.bearoff import race_outcomes
from nardcore.bots.heuristic import HeuristicBot
from nardcore.bots.neural import OUTCOMES, Outcomes, final_outcome
from nardcore.bots.neural_bot import (
    DEEPEN_GAP,
    DEEPENED_GAMES,
    DEEPENED_PLAYS,
    DEEPENED_ROLLS,
    DEEPER_ROLLS,
    POINTS_SCALE,
)
from nardcore.bots.tactics import tactical_inputs
from nardcore.dice import ROLLS
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.scoring import score_game
from nardcore.variant import Variant, find_variant

from .npnet import Net, boards_of, encode

Player = Callable[[Position, tuple[int, int], list[Position]], Position]
MAX_TURNS = 1000  # no real game comes near; stops a broken player from looping forever
# Below this many positions nardcore's tactical inputs (pure Python, tables) cost less than
# train/features.py's numpy (a fixed ~10 ms a call): 71 against 492 µs a position for 20,
# 51 against 43 for 300. Both give the same values (tests/train/test_tactics.py).
PURE_TACTICS_BELOW = 200


class EndlessGame(RuntimeError):
    """Two players that keep hitting each other (an untrained network can)."""


@dataclass(frozen=True)
class Played:
    winner: int
    points: int
    seen: list[Position]  # every position met with its side on roll to play
    final: Position


def opening(variant: Variant, rng: random.Random) -> tuple[int, tuple[int, int] | None]:
    """Who starts, and the dice the starter plays at once (backgammon) or None (rolls both)."""
    while True:
        white, black = rng.randint(1, 6), rng.randint(1, 6)
        if white != black:
            starter = 0 if white > black else 1
            if variant.name == "backgammon":
                return starter, (max(white, black), min(white, black))
            return starter, None


def play_game(variant: Variant, players: Sequence[Player], rng: random.Random) -> Played:
    """One game from the opening roll to its end."""
    starter, dice = opening(variant, rng)
    position = Position.start(variant, turn=starter)
    seen: list[Position] = []
    for _ in range(MAX_TURNS):
        if dice is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        seen.append(position)
        candidates = result_positions(position, dice)
        position = candidates[0] if len(candidates) == 1 else players[position.turn](position, dice, candidates)
        dice = None
        winner = position.winner()
        if winner is not None:
            return Played(winner, score_game(position, winner).points, seen, position)
    raise EndlessGame(f"no end after {MAX_TURNS} turns: {position}")


def net_player(net: Net) -> Player:
    """Greedy 0-ply: the candidate worst for the opponent, who is on roll in it."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        return candidates[best_index(net, candidates, spec, weights)]

    return choose


def best_index(net: Net, candidates: list[Position], spec: Outcomes, weights: np.ndarray) -> int:
    """The candidate worst for its side on roll (the opponent), first in string order on ties."""
    values = on_roll_equities(net, spec, weights, candidates)
    low = values.min()
    return min((i for i in range(len(candidates)) if values[i] == low), key=lambda i: str(candidates[i]))


LookAhead = Callable[[Position, float], float]  # a result (the opponent on roll) and its 0-ply value


def look_ahead_player(net: Net, deeper: LookAhead, candidates: int, margin_share: float) -> Player:
    """The best `candidates` plays at 0-ply (within `margin_share` of the game's largest win of
    the best), looked at again by `deeper`; the best of them by that value is played."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    margin = margin_share * POINTS_SCALE[net.variant_name]

    def choose(position: Position, dice: tuple[int, int], results: list[Position]) -> Position:
        mine = -on_roll_equities(net, spec, weights, results)
        order = sorted(range(len(results)), key=lambda i: (-mine[i], str(results[i])))
        best, best_value = order[0], -np.inf
        for rank, i in enumerate(order[:candidates]):
            if rank and mine[i] < mine[order[0]] - margin:
                break
            result = results[i]
            value = float(mine[i]) if result.winner() is not None else deeper(result, float(mine[i]))
            if value > best_value:
                best, best_value = i, value
        return results[best]

    return choose


def roll_average(net: Net, position: Position, best: Callable[[np.ndarray], float]) -> float:
    """The average over the 21 rolls of the side on roll in `position` of `best` of the values
    (for that side's opponent, on roll after it) of the roll's results."""
    spec = OUTCOMES[net.variant_name]
    by_roll = [result_positions(position, roll.dice) for roll in ROLLS]
    values = on_roll_equities(net, spec, np.array(spec.weights), [r for results in by_roll for r in results])
    total, at = 0.0, 0
    for roll, results in zip(ROLLS, by_roll, strict=True):
        total += float(roll.probability) * best(values[at : at + len(results)])
        at += len(results)
    return total


def net_lookahead_player(net: Net, candidates: int = 6, margin_share: float = 0.1, blend: float = 0.0) -> Player:
    """The `strongest` level's choice (NeuralBot with look-ahead, no time limit), in numpy:
    1-ply, the opponent's best reply to each of its rolls.

    Variants measured on the bench: more `candidates` or a wider `margin_share` (of the game's
    largest win) look at more plays; `blend` weighs the 0-ply value into the 1-ply one."""

    def one_ply(result: Position, quick: float) -> float:
        value = roll_average(net, result, lambda mine: float(mine.min()))  # the reply worst for me
        return (1 - blend) * value + blend * quick

    return look_ahead_player(net, one_ply, candidates, margin_share)


def reply_terms(net: Net, result: Position) -> tuple[list[Position | None], list[float]]:
    """`LookedAt` of nardcore.bots.neural_bot in numpy: for each of the opponent's 21 rolls its
    best reply at 0 ply and that reply's value for me (on roll in it)."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    if result.winner() is not None:
        mine = -float(on_roll_equities(net, spec, weights, [result])[0])
        return [None] * len(ROLLS), [mine] * len(ROLLS)
    by_roll = [result_positions(result, roll.dice) for roll in ROLLS]
    values = on_roll_equities(net, spec, weights, [r for results in by_roll for r in results])
    replies: list[Position | None] = []
    terms: list[float] = []
    at = 0
    for results in by_roll:
        block = values[at : at + len(results)]
        index = int(block.argmin())  # the first of the worst for me, as min() in nardcore
        replies.append(results[index])
        terms.append(float(block[index]))
        at += len(results)
    return replies, terms


def mover_weights(spec: Outcomes) -> tuple[float, np.ndarray]:
    """The weights (constant, per output) that value a result, read for its side on roll, for
    the side that played into it: `spec.equity(spec.flip(outputs))` as one dot product."""
    size, n = spec.size, spec.levels
    index = list(range(size))
    flip = [0, *index[1 + n : 1 + 2 * n], *index[1 : 1 + n]]
    if spec.checker_share:
        flip += [2 + 2 * n, 1 + 2 * n]
    weights = np.zeros(size)
    for j in range(1, size):
        weights[flip[j]] += spec.weights[j]
    weights[0] = -spec.weights[0]  # the mover wins when the side on roll loses
    return spec.constant + spec.weights[0], weights


ValuesFor = Callable[[Position], Outcomes | None]  # the mover's outcome values at the score (`stakes`)


def net_strongest_player(net: Net, deepen_rolls: int = DEEPENED_ROLLS, deepen_gap: float = DEEPEN_GAP,
                         games: tuple[str, ...] = DEEPENED_GAMES, values_for: ValuesFor | None = None) -> Player:
    """The `strongest` level's choice (NeuralBot with look-ahead, no time limit), in numpy:
    1-ply over at most 6 plays within 0.1 x the game's largest win at 0 ply; in `games`,
    when the best two at 1 ply are within `deepen_gap` x the largest win, `deepen_rolls` of
    the opponent's rolls valued two plies deep for both (docs/training.md, "Look-ahead").
    `values_for`: what each outcome is worth to the side to play at the match score
    (nardcore.bots.stakes; None or a None answer: the game's own points)."""
    spec = OUTCOMES[net.variant_name]
    scale = POINTS_SCALE[net.variant_name]
    deepened = net.variant_name in games and deepen_rolls > 0

    def value(terms: list[float]) -> float:
        return sum(float(roll.probability) * term for roll, term in zip(ROLLS, terms, strict=True))

    def choose(position: Position, dice: tuple[int, int], results: list[Position]) -> Position:
        valued = (values_for(position) if values_for is not None else None) or spec
        on_roll = np.array(valued.weights)
        mover_constant, mover = mover_weights(valued)

        def mover_values(positions: list[Position]) -> np.ndarray:
            return np.asarray(mover_constant + on_roll_outcomes(net, positions) @ mover)

        def terms_of(result: Position) -> tuple[list[Position | None], list[float]]:
            if result.winner() is not None:
                return [None] * len(ROLLS), [float(mover_values([result])[0])] * len(ROLLS)
            by_roll = [result_positions(result, roll.dice) for roll in ROLLS]
            values = on_roll_equities(net, valued, on_roll, [r for found in by_roll for r in found])
            replies: list[Position | None] = []
            terms: list[float] = []
            at = 0
            for found in by_roll:
                block = values[at : at + len(found)]
                index = int(block.argmin())  # the first of the worst for me, as min() in nardcore
                replies.append(found[index])
                terms.append(float(block[index]))
                at += len(found)
            return replies, terms

        def my_one_ply(reply: Position) -> float:
            if reply.winner() is not None:
                return float(on_roll_equities(net, valued, on_roll, [reply])[0])
            by_roll = [result_positions(reply, roll.dice) for roll in ROLLS]
            values = mover_values([r for found in by_roll for r in found])
            total, at = 0.0, 0
            for roll, found in zip(ROLLS, by_roll, strict=True):
                total += float(roll.probability) * float(values[at : at + len(found)].max())
                at += len(found)
            return total

        mine = mover_values(results)
        order = sorted(range(len(results)), key=lambda i: (-mine[i], str(results[i])))
        looked = [(i, *terms_of(results[i])) for rank, i in enumerate(order[:6])
                  if not rank or mine[i] >= mine[order[0]] - 0.1 * scale]
        looked.sort(key=lambda item: -value(item[2]))  # stable, as in nardcore
        if deepened:
            best = value(looked[0][2])
            close = [item for item in looked[:DEEPENED_PLAYS] if best - value(item[2]) <= deepen_gap * scale]
            if len(close) > 1:
                for r in DEEPER_ROLLS[:deepen_rolls]:
                    for _, replies, terms in close:
                        reply = replies[r]
                        if reply is not None and reply.winner() is None:
                            terms[r] = my_one_ply(reply)
                return results[max(close, key=lambda item: value(item[2]))[0]]
        return results[looked[0][0]]

    return choose


def net_advanced_player(net: Net, values_for: ValuesFor | None = None) -> Player:
    """The `advanced` level's choice (NeuralBot at 0 ply) in numpy: the result worth most to the
    mover, its outcomes valued by `values_for` at the match score (None or a None answer: the
    game's own points), the first in string order on ties."""
    spec = OUTCOMES[net.variant_name]

    def choose(position: Position, dice: tuple[int, int], results: list[Position]) -> Position:
        valued = (values_for(position) if values_for is not None else None) or spec
        constant, mover = mover_weights(valued)
        mine = constant + on_roll_outcomes(net, results) @ mover
        high = mine.max()
        return min((result for result, value in zip(results, mine, strict=True) if value == high), key=str)

    return choose


def net_two_ply_player(net: Net, candidates: int = 3, margin_share: float = 0.1) -> Player:
    """A deeper look-ahead, measured on the bench only (docs/training.md, "Look-ahead"): for the
    best `candidates` plays at 0-ply (within the margin), the average over the opponent's 21
    rolls of its best reply at 0-ply, that reply valued at 1-ply (the average over my 21 rolls
    of my best play at 0-ply): gnubg's 2-ply with a filter of one reply a roll."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)

    def my_one_ply(reply: Position) -> float:
        """For me, on roll in the opponent's reply: my best play after each of my rolls."""
        if reply.winner() is not None:
            return float(on_roll_equities(net, spec, weights, [reply])[0])
        return roll_average(net, reply, lambda theirs: -float(theirs.min()))

    def two_ply(result: Position, quick: float) -> float:
        value = 0.0
        for roll in ROLLS:
            replies = result_positions(result, roll.dice)
            reply = replies[int(on_roll_equities(net, spec, weights, replies).argmin())]
            value += float(roll.probability) * my_one_ply(reply)
        return value

    return look_ahead_player(net, two_ply, candidates, margin_share)


def softmax_player(net: Net, temperature: float, rng: random.Random) -> Player:
    """The beginner level's choice: plays drawn with weights exp(-loss / (temperature x scale))."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    scale = temperature * POINTS_SCALE[net.variant_name]

    def choose(position: Position, dice: tuple[int, int], results: list[Position]) -> Position:
        mine = -on_roll_equities(net, spec, weights, results)
        chances = np.exp((mine - mine.max()) / scale)
        return rng.choices(results, list(chances))[0]

    return choose


def on_roll_equities(net: Net, spec: Outcomes, weights: np.ndarray, positions: list[Position]) -> np.ndarray:
    """Equity of each position for its side on roll: exact when the game is over, from the
    bear-off database in a home-board race (as `Network.evaluate`), else the network's."""
    return np.asarray(spec.constant + on_roll_outcomes(net, positions) @ weights)


def on_roll_outcomes(net: Net, positions: list[Position]) -> np.ndarray:
    """The outcome chances of each position for its side on roll (`on_roll_equities`' sources)."""
    values = np.empty((len(positions), OUTCOMES[net.variant_name].size))
    live = []
    for i, p in enumerate(positions):
        if p.winner() is not None:
            values[i] = final_outcome(p, p.turn)
        elif (exact := race_outcomes(p)) is not None:
            values[i] = exact
        else:
            live.append(i)
    if live:
        chosen = [positions[i] for i in live]
        if net.tactical and len(chosen) < PURE_TACTICS_BELOW:
            tactics = np.array([tactical_inputs(p) for p in chosen])
            x = np.hstack([encode(boards_of(chosen), chosen[0].variant), tactics])
        else:
            x = encode(boards_of(chosen), chosen[0].variant, net.tactical)
        values[live] = net.outputs(x)
    return values


def heuristic_player() -> Player:
    """Today's heuristic bot (one ply over `evaluation.evaluate`), deterministic."""
    bot = HeuristicBot()

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        return bot.rank(position, dict.fromkeys(candidates))[0][1]

    return choose


def random_player(rng: random.Random) -> Player:
    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        return rng.choice(candidates)

    return choose


@dataclass
class Score:
    games: int = 0
    points_for: int = 0
    points_against: int = 0
    per_pair: list[int] | None = None

    @property
    def share(self) -> float:
        total = self.points_for + self.points_against
        return self.points_for / total if total else 0.5

    def interval(self) -> tuple[float, float]:
        """95% interval of the points share, from the spread of the paired results."""
        pairs = self.per_pair or []
        if len(pairs) < 2:
            return (0.0, 1.0)
        total = self.points_for + self.points_against
        mean = sum(pairs) / len(pairs)
        var = sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1)
        # share = (for) / total, with total ~ fixed: its error is that of the net points / (2 total)
        half = 1.96 * math.sqrt(var * len(pairs)) / (2 * total) if total else 0.5
        return (max(0.0, self.share - half), min(1.0, self.share + half))


def match_up(
    variant: Variant | str,
    ours: Player,
    theirs: Player,
    pairs: int,
    seed: int,
    *,
    score: Score | None = None,
    on_pair: Callable[[Score], None] | None = None,
) -> Score:
    """`pairs` pairs of games on the same dice, colours swapped; points by each game's rules.

    Given the `score` of an interrupted run, play goes on from the pair after its last one.
    """
    if isinstance(variant, str):
        variant = find_variant(variant)
    score = score or Score(per_pair=[])
    assert score.per_pair is not None
    for pair in range(len(score.per_pair), pairs):
        net = 0
        for our_side in (0, 1):
            rng = random.Random(f"{seed}:{pair}")
            players = [ours, theirs] if our_side == 0 else [theirs, ours]
            played = play_game(variant, players, rng)
            winner, points = played.winner, played.points
            score.games += 1
            if winner == our_side:
                score.points_for += points
                net += points
            else:
                score.points_against += points
                net -= points
        score.per_pair.append(net)
        if on_pair:
            on_pair(score)
    return score
