"""Hints and game review on the learned evaluations.

`hint` ranks a roll's legal plays, best first, with their value and how much each gives
up. `review` goes through a game's history turn by turn, scores every play against the
best one (and, in backgammon, every cube answer), marks the losses as inaccuracy,
mistake or blunder, measures each roll's luck (`luck`), and records White's winning
chances after each turn for a graph; each side gets an error rate and a skill label
(`skill`). `review_steps` does the same one turn per step, so a caller can show progress.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..dice import ROLLS
from ..movegen import legal_plays
from ..notation import format_play, parse_play
from ..position import SIDE_LETTERS, WHITE, Position
from . import neural_cube
from .neural import Network, network_for
from .neural_bot import POINTS_SCALE, lookahead_equity, rank_plays

# Losses (in points per game at cube 1, for backgammon's scale of 3) from which a play
# is marked; other games scale them by their own largest win (POINTS_SCALE).
MARKS = (("blunder", 0.16), ("mistake", 0.08), ("inaccuracy", 0.03))

# A side's skill from its error rate (thousandths of a point lost per unforced decision),
# best first: a rate below a label's bound earns it, the last label takes the rest.
# Backgammon: gnubg's published scale (analysis.c, arThrsRating, per unforced move).
# The other games: gnubg's bounds times the game's factor, how much larger its error rates
# are than backgammon's for the same players, as the review measures them: the geometric
# mean of the ratios for random plays and for the strongest level, which play alike in
# every game (bench/bench_skill.py; docs/training.md, "The review's skill labels").
SKILLS = ("supernatural", "world_class", "expert", "advanced", "intermediate", "casual", "beginner", "awful")
GNUBG_BOUNDS = (2.0, 5.0, 8.0, 12.0, 18.0, 26.0, 35.0)
SKILL_FACTOR = {"backgammon": 1.0, "narde": 0.69, "khachapuri": 13.8, "moultezim": 0.68, "tawla31": 6.0}


@dataclass(frozen=True)
class Hint:
    play: str  # notation; "" when there is no legal play
    result: Position
    equity: float  # expected points for the mover (cube 1)
    loss: float  # how much less than the best play


def hint(position: Position, dice: tuple[int, int], count: int = 5, deep: bool = False) -> list[Hint]:
    """The best `count` plays for `position` with `dice`, best first (`deep`: with look-ahead)."""
    plays = legal_plays(position, dice)
    if not plays:
        return [Hint("", position.pass_turn(), _static_value(position), 0.0)]
    ranked = rank_plays(position, plays)
    network = network_for(position.variant.name)
    values = [(r.result, r.equity) for r in ranked]
    if deep and network is not None:
        top = values[: max(count, 3)]
        values = sorted(((r, lookahead_equity(network, r)) for r, _ in top), key=lambda item: (-item[1], str(item[0])))
    best = values[0][1]
    return [Hint(format_play(position, plays[r]), r, v, best - v) for r, v in values[:count]]


def best_equity(position: Position, dice: tuple[int, int]) -> float:
    """The equity of the roll's best play for the side on roll (the review's evaluator)."""
    plays = legal_plays(position, dice)
    if not plays:
        return _static_value(position)
    return rank_plays(position, plays)[0].equity


def luck(position: Position, dice: tuple[int, int], opening: bool = False) -> float:
    """How much better the roll's best play is for the side on roll than the average roll's:
    its equity minus the mean over the 21 rolls (a double 1/36, others 2/36) of each roll's
    best equity. `opening`: the game's first roll, which cannot be a double (15 rolls, 1/15)."""
    rolls = [r for r in ROLLS if not (opening and r.is_double)]
    weights = [float(r.probability) for r in rolls]
    values = {r.dice: best_equity(position, r.dice) for r in rolls}
    mean = sum(w * values[r.dice] for w, r in zip(weights, rolls, strict=True)) / sum(weights)
    rolled = (max(dice), min(dice))
    own = values[rolled] if rolled in values else best_equity(position, rolled)
    return own - mean


def skill(rate: float, variant_name: str) -> str:
    """The label of SKILLS for an error rate (thousandths of a point per unforced decision)."""
    factor = SKILL_FACTOR.get(variant_name, 1.0)
    for name, bound in zip(SKILLS, GNUBG_BOUNDS, strict=False):
        if rate < bound * factor:
            return name
    return SKILLS[-1]


def _static_value(position: Position) -> float:
    network = network_for(position.variant.name)
    return -network.equity(position.pass_turn()) if network else 0.0


def mark(loss: float, variant_name: str) -> str | None:
    """"blunder", "mistake", "inaccuracy" or None for a loss of that many points."""
    scale = POINTS_SCALE.get(variant_name, 3.0) / 3.0
    for name, limit in MARKS:
        if loss >= limit * scale:
            return name
    return None


@dataclass(frozen=True)
class Decision:
    """One decision of the game: a play (or a cube answer) with what the best was."""

    turn: int  # index in the list of turns, from 0
    side: str  # "w" or "b"
    kind: str  # "play", "double", "take", "drop", "beaver"
    position: str  # before the decision
    dice: str  # "65", or "" for cube decisions
    chosen: str  # the play's notation, or the cube action
    best: str  # the best play's notation, or the best cube action
    loss: float
    mark: str | None
    luck: float | None = None  # the roll's luck for the mover (plays only)
    forced: bool = False  # one legal play (or none): no choice, left out of the error rate

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Review:
    decisions: list[Decision] = field(default_factory=list)
    chances: list[float] = field(default_factory=list)  # White's winning chance after each turn
    positions: list[str] = field(default_factory=list)  # the position after each turn
    variant: str = "backgammon"

    def error_rate(self, side: str) -> float:
        """Mean loss per unforced decision of one side, in thousandths of a point (as gnubg's)."""
        losses = [d.loss for d in self.decisions if d.side == side and not d.forced]
        return 1000 * sum(losses) / len(losses) if losses else 0.0

    def luck_total(self, side: str) -> float:
        """The sum of one side's rolls' luck, in points."""
        return sum(d.luck for d in self.decisions if d.side == side and d.luck is not None)

    def skill(self, side: str) -> str | None:
        """The side's label of SKILLS, None while it made no choice."""
        if not any(d.side == side and not d.forced for d in self.decisions):
            return None
        return skill(self.error_rate(side), self.variant)

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": [d.to_dict() for d in self.decisions],
            "chances": self.chances,
            "positions": self.positions,
            "error_rate": {s: round(self.error_rate(s), 1) for s in SIDE_LETTERS},
            "luck": {s: round(self.luck_total(s), 3) for s in SIDE_LETTERS},
            "skill": {s: self.skill(s) for s in SIDE_LETTERS},
        }


def white_chance(network: Network | None, position: Position) -> float:
    """White's chance to win (cubeless) with the side on roll of `position` to roll."""
    winner = position.winner()
    if winner is not None:
        return 1.0 if winner == WHITE else 0.0
    if network is None:
        return 0.5
    win = network.evaluate(position)[0]
    return win if position.turn == WHITE else 1.0 - win


def review_steps(start: Position, history: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int, int, Review]]:
    """Review a game's history (Game.history, as gamedata.game_to_dict saves it) from `start`, one turn per step.

    Yields (turns done, turns in all, the review so far); the last yield is complete.
    """
    network = network_for(start.variant.name)
    plays = [e for e in history if e.get("event") in ("play", "pass")]
    review = Review(variant=start.variant.name)
    opening = [tuple(sorted(e["dice"])) for e in history if e.get("event") == "opening"][-1:]
    position = start
    turn = 0
    total = len(plays)
    for event in history:
        kind = event.get("event")
        if kind == "opening":
            continue
        side = SIDE_LETTERS.index(str(event.get("side")))
        if kind in ("take", "drop", "beaver") and network is not None and start.variant.cube:
            review.decisions.append(_cube_answer(network, position, side, turn, kind))
            continue
        if kind not in ("play", "pass"):
            continue
        position = position.with_turn(side)
        dice_list = list(event["dice"])
        dice = (int(dice_list[0]), int(dice_list[1]))
        text = str(event.get("play", ""))
        options = hint(position, dice, count=1_000)
        result = parse_play(position, dice, text) if text else position.pass_turn()
        chosen = next((h for h in options if h.result == result), options[0])
        loss = max(0.0, chosen.loss)
        # the first turn's roll is the opening's own when the opening decided it (no double)
        first = turn == 0 and opening == [tuple(sorted(dice))]
        review.decisions.append(Decision(
            turn, SIDE_LETTERS[side], "play", str(position), f"{max(dice)}{min(dice)}", text,
            options[0].play, round(loss, 4), mark(loss, start.variant.name),
            round(luck(position, dice, opening=first), 4), len(options) < 2,
        ))
        position = result
        review.positions.append(str(position))
        review.chances.append(round(white_chance(network, position), 4))
        turn += 1
        yield turn, total, review
    if not total:
        yield 0, 0, review


def review(start: Position, history: Sequence[Mapping[str, Any]]) -> Review:
    """The whole review at once (see `review_steps`)."""
    done = Review()
    for _, _, done in review_steps(start, history):
        pass
    return done


def _cube_answer(network: Network, position: Position, side: int, turn: int, kind: str) -> Decision:
    """A take, drop or beaver by `side`, against the money-play estimate (the doubler is on roll)."""
    doubler_position = position.with_turn(1 - side)
    outputs = network.evaluate(doubler_position) if doubler_position.winner() is None else None
    taker_equity = -neural_cube._money_equity(outputs) if outputs else 0.0
    take_value = 2 * (taker_equity - neural_cube.TAKE_FROM - 0.5)  # above -1 when taking beats passing
    best = "take" if take_value >= -1 else "drop"
    if best == "take" and position.variant.has("beaver") and taker_equity >= neural_cube.BEAVER_FROM:
        best = "beaver"
    chosen_value = {"drop": -1.0, "take": take_value, "beaver": 2 * take_value}[kind]
    best_value = {"drop": -1.0, "take": take_value, "beaver": 2 * take_value}[best]
    loss = max(0.0, best_value - chosen_value)
    return Decision(turn, SIDE_LETTERS[side], kind, str(doubler_position), "", kind, best, round(loss, 4),
                    mark(loss, position.variant.name))
