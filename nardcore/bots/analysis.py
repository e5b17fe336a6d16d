"""Hints and game review on the learned evaluations.

`hint` ranks a roll's legal plays, best first, with their value and how much each gives
up. `review` goes through a game's history turn by turn, scores every play against the
best one (and, in backgammon, every cube answer), marks the losses as inaccuracy,
mistake or blunder, records White's winning chances after each turn for a graph, and
measures each roll's luck (`luck`: at 0-ply, as gnubg's luck analysis at its default);
each side gets an error rate and a skill label (`skill`). `review_steps` does the same a
step at a time, the plays of every turn first and the luck after, so a caller shows the
graph and the marks soon and the luck as it comes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..dice import ROLLS, Roll
from ..movegen import legal_plays
from ..notation import format_play, parse_play
from ..position import SIDE_LETTERS, WHITE, Position
from .cube_judge import CubeState, CubeTrack
from .neural import Network, network_for
from .neural_bot import POINTS_SCALE, best_reply, lookahead_equity, rank_plays
from .outcomes import Outcomes
from .stakes import Stakes

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
SKILL_FACTOR = {"backgammon": 1.0, "narde": 0.44, "khachapuri": 8.7, "moultezim": 0.52, "tawla31": 3.2}
# A few choices say little: a side labelled from fewer than SKILL_LEAST_CHOICES unforced choices
# is "too_few", and the rate a label is read from is shrunk toward an intermediate player's
# (SKILL_PRIOR_RATE, times the game's factor) as if SKILL_PRIOR_CHOICES such choices came first.
# Random play then needs some 14 choices in a row that lose nothing to be called world class
# (docs/explanations.md, "Skill labels").
SKILL_LEAST_CHOICES = 5
SKILL_PRIOR_CHOICES = 5
SKILL_PRIOR_RATE = GNUBG_BOUNDS[4]
TOO_FEW = "too_few"


@dataclass(frozen=True)
class Hint:
    play: str  # notation; "" when there is no legal play
    result: Position
    equity: float  # expected points for the mover (cube 1)
    loss: float  # how much less than the best play


def hint(position: Position, dice: tuple[int, int], count: int = 5, deep: bool = False,
         values: Outcomes | None = None) -> list[Hint]:
    """The best `count` plays for `position` with `dice`, best first (`deep`: with look-ahead);
    `values`: what each outcome is worth to the mover at the match score (`stakes`)."""
    plays = legal_plays(position, dice)
    if not plays:
        return [Hint("", position.pass_turn(), _static_value(position), 0.0)]
    ranked = rank_plays(position, plays, values=values)
    network = network_for(position.variant.name)
    found = [(r.result, r.equity) for r in ranked]
    if deep and network is not None:
        top = found[: max(count, 3)]
        found = sorted(((r, lookahead_equity(network, r, values)) for r, _ in top),
                       key=lambda item: (-item[1], str(item[0])))
    best = found[0][1]
    return [Hint(format_play(position, plays[r]), r, v, best - v) for r, v in found[:count]]


def best_equity(position: Position, dice: tuple[int, int]) -> float:
    """The equity of the roll's best play for the side on roll, at 0-ply: the largest of the
    network's values of the plays' results (the luck's evaluator, as gnubg's at 0-ply)."""
    network = network_for(position.variant.name)
    if network is None:
        plays = legal_plays(position, dice)
        return rank_plays(position, plays)[0].equity if plays else _static_value(position)
    # no legal play: the one result is the position with the turn passed (_static_value);
    # the best play leaves the other side the least (kept: the look-ahead may have found it)
    return -best_reply(network, position, (max(dice), min(dice)))[0]


def luck_rolls(opening: bool = False) -> list[Roll]:
    """The rolls a roll's luck is measured against: the 21, or the opening's 15 (no double)."""
    return [r for r in ROLLS if not (opening and r.is_double)]


def roll_equities(position: Position, opening: bool = False,
                  known: Mapping[tuple[int, int], float] | None = None) -> Iterator[tuple[tuple[int, int], float]]:
    """Each roll of `luck_rolls` with its best equity (`best_equity`), one roll per step; a
    roll whose value is `known` (the played roll, ranked already) is not ranked again."""
    for roll in luck_rolls(opening):
        found = known.get(roll.dice) if known else None
        yield roll.dice, best_equity(position, roll.dice) if found is None else found


def luck_from(values: Mapping[tuple[int, int], float], dice: tuple[int, int], opening: bool = False) -> float:
    """The roll's luck from every roll's best equity (`roll_equities`): its value minus their mean."""
    rolls = luck_rolls(opening)
    weights = [float(r.probability) for r in rolls]
    mean = sum(w * values[r.dice] for w, r in zip(weights, rolls, strict=True)) / sum(weights)
    return values[(max(dice), min(dice))] - mean


def luck(position: Position, dice: tuple[int, int], opening: bool = False, rolled: float | None = None) -> float:
    """How much better the roll's best play is for the side on roll than the average roll's:
    its equity minus the mean over the 21 rolls (a double 1/36, others 2/36) of each roll's
    best equity, all at 0-ply. `opening`: the game's first roll, which cannot be a double (15
    rolls, 1/15). `rolled`: the rolled dice's best equity when it is known already."""
    key = (max(dice), min(dice))
    values = dict(roll_equities(position, opening, {key: rolled} if rolled is not None else None))
    if key not in values:  # a double as the opening roll, which no opening gives
        values[key] = best_equity(position, key) if rolled is None else rolled
    return luck_from(values, dice, opening)


def skill(rate: float, variant_name: str) -> str:
    """The label of SKILLS for an error rate (thousandths of a point per unforced decision)."""
    factor = SKILL_FACTOR.get(variant_name, 1.0)
    for name, bound in zip(SKILLS, GNUBG_BOUNDS, strict=False):
        if rate < bound * factor:
            return name
    return SKILLS[-1]


def judged_skill(rate: float, choices: int, variant_name: str) -> str | None:
    """The label of a side that made `choices` unforced choices at `rate`: None without a choice,
    TOO_FEW under SKILL_LEAST_CHOICES, else `skill` of the rate shrunk toward an intermediate's."""
    if choices <= 0:
        return None
    if choices < SKILL_LEAST_CHOICES:
        return TOO_FEW
    prior = SKILL_PRIOR_RATE * SKILL_FACTOR.get(variant_name, 1.0)
    return skill((rate * choices + prior * SKILL_PRIOR_CHOICES) / (choices + SKILL_PRIOR_CHOICES), variant_name)


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
    cube: dict[str, Any] | None = None  # a cube decision's cube (CubeState.to_dict), for a drill of it

    def to_dict(self) -> dict[str, Any]:
        return {key: value for key, value in self.__dict__.items() if key != "cube" or value is not None}


@dataclass
class Review:
    decisions: list[Decision] = field(default_factory=list)
    chances: list[float] = field(default_factory=list)  # White's winning chance after each turn
    positions: list[str] = field(default_factory=list)  # the position after each turn
    variant: str = "backgammon"
    ranked: bool = False  # every play ranked: the graph, the marks and the error rates are whole
    luck_done: int = 0  # the plays whose roll's luck is measured (the second pass)

    def _counted(self, side: str, part: str | None) -> list[Decision]:
        """One side's unforced decisions: all, or only the checker plays or the cube decisions."""
        return [d for d in self.decisions if d.side == side and not d.forced
                and (part is None or (d.kind == "play") == (part == "checker"))]

    def error_rate(self, side: str, part: str | None = None) -> float:
        """Mean loss per unforced decision of one side, in thousandths of a point (as gnubg's):
        every decision, or one `part` ("checker" or "cube"), as gnubg's statistics split them."""
        losses = [d.loss for d in self._counted(side, part)]
        return 1000 * sum(losses) / len(losses) if losses else 0.0

    def luck_total(self, side: str) -> float:
        """The sum of one side's rolls' luck (measured so far), in points."""
        return sum(d.luck for d in self.decisions if d.side == side and d.luck is not None)

    def luck_turns(self) -> int:
        """The plays whose roll has a luck to measure: every play decision."""
        return sum(1 for d in self.decisions if d.kind == "play")

    def skill(self, side: str, part: str | None = None) -> str | None:
        """The side's label of SKILLS (`judged_skill`), None while it made no choice."""
        return judged_skill(self.error_rate(side, part), len(self._counted(side, part)), self.variant)

    def part_dict(self, side: str, part: str) -> dict[str, Any]:
        """One side's checker play or cube handling alone: its choices, error rate and skill."""
        return {"choices": len(self._counted(side, part)), "error_rate": round(self.error_rate(side, part), 1),
                "skill": self.skill(side, part)}

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": [d.to_dict() for d in self.decisions],
            "chances": self.chances,
            "positions": self.positions,
            "error_rate": {s: round(self.error_rate(s), 1) for s in SIDE_LETTERS},
            "luck": {s: round(self.luck_total(s), 3) for s in SIDE_LETTERS},
            "skill": {s: self.skill(s) for s in SIDE_LETTERS},
            "checker": {s: self.part_dict(s, "checker") for s in SIDE_LETTERS},
            "cube": {s: self.part_dict(s, "cube") for s in SIDE_LETTERS},
            "ranked": self.ranked,
            "luck_done": self.luck_done,
            "luck_turns": self.luck_turns(),
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


@dataclass(frozen=True)
class _LuckJob:
    """What the second pass needs of a play: its decision, the position and roll, whether it
    was the opening's roll, and the rolled dice's best equity the first pass found."""

    index: int
    position: Position
    dice: tuple[int, int]
    opening: bool
    rolled: float


def review_steps(start: Position, history: Sequence[Mapping[str, Any]],
                 with_luck: bool = True, cube: CubeState | None = None,
                 cube_limit: int = 64, stakes: Stakes | None = None) -> Iterator[tuple[int, int, Review]]:
    """Review a game's history (Game.history, as gamedata.game_to_dict saves it) from `start`.

    Two passes, so the useful part comes first: the first ranks each turn's plays (the
    losses, marks, error rates and the graph; `Review.ranked` once done), one turn per step;
    the second measures each roll's luck (`with_luck`), one of the 21 rolls per step, the
    played roll's value taken from the first pass. Yields (turns ranked, turns in all, the
    review so far); the last yield is complete. In backgammon every cube decision is judged
    too, at the game's cube and score (`cube`; money with a centred cube when not given):
    doubles, missed doubles, too good, takes, drops and beavers (`cube_judge.CubeTrack`).
    `stakes`: the game's match score, for which the plays are ranked (at the cube as it stands
    at each play).
    """
    network = network_for(start.variant.name)
    plays = [e for e in history if e.get("event") in ("play", "pass")]
    review = Review(variant=start.variant.name)
    opening = [tuple(sorted(e["dice"])) for e in history if e.get("event") == "opening"][-1:]
    track = CubeTrack(cube or CubeState(), cube_limit) if start.variant.cube and network is not None else None
    jobs: list[_LuckJob] = []
    position = start
    turn = 0
    total = len(plays)
    doubled = False  # the side on roll doubled before this turn's roll
    cube_level = cube.value if cube is not None else 1
    for event in history:
        kind = event.get("event")
        if kind == "opening":
            continue
        if kind in ("take", "beaver"):
            cube_level *= 2 if kind == "take" else 4
        side = SIDE_LETTERS.index(str(event.get("side")))
        if track is not None and kind == "double":
            _add_cube(review, track.before_roll(position.with_turn(side), True), position.with_turn(side), side, turn)
            doubled = True
            continue
        if track is not None and kind in ("take", "drop", "beaver"):
            judged = track.answer(str(kind), side)
            if judged is not None:
                _add_cube(review, judged, judged.pop("position"), side, turn)
            continue
        if kind not in ("play", "pass"):
            continue
        position = position.with_turn(side)
        if track is not None and not doubled and not (turn == 0 and opening):  # the opening roll: no cube
            _add_cube(review, track.before_roll(position, False), position, side, turn)
        doubled = False
        dice_list = list(event["dice"])
        dice = (int(dice_list[0]), int(dice_list[1]))
        text = str(event.get("play", ""))
        result = parse_play(position, dice, text) if text else position.pass_turn()
        weights = stakes.values(side, cube_level) if stakes is not None else None
        decision, rolled = _ranked_play(position, dice, text, result, turn, weights)
        # the first turn's roll is the opening's own when the opening decided it (no double)
        first = turn == 0 and opening == [tuple(sorted(dice))]
        jobs.append(_LuckJob(len(review.decisions), position, dice, first, rolled))
        review.decisions.append(decision)
        position = result
        review.positions.append(str(position))
        review.chances.append(round(white_chance(network, position), 4))
        turn += 1
        if turn == total:
            review.ranked = True
        yield turn, total, review
    review.ranked = True
    if not total:
        yield 0, 0, review
    if not with_luck:
        return
    for job in jobs:
        key = (max(job.dice), min(job.dice))
        values: dict[tuple[int, int], float] = {key: job.rolled}
        steps = roll_equities(job.position, job.opening, values)
        for roll, value in steps:
            values[roll] = value
            if roll != key:
                yield total, total, review
        found = round(luck_from(values, job.dice, job.opening), 4)
        review.decisions[job.index] = replace(review.decisions[job.index], luck=found)
        review.luck_done += 1
        yield total, total, review


def _ranked_play(position: Position, dice: tuple[int, int], text: str, result: Position,
                 turn: int, values: Outcomes | None = None) -> tuple[Decision, float]:
    """A play against the roll's best (every legal play ranked at 0-ply, as `hint`), and the
    best play's equity (the rolled dice's value for the roll's luck)."""
    variant = position.variant.name
    plays = legal_plays(position, dice)
    if not plays:
        decision = Decision(turn, SIDE_LETTERS[position.turn], "play", str(position), f"{max(dice)}{min(dice)}",
                            text, "", 0.0, mark(0.0, variant), None, True)
        return decision, _static_value(position)
    ranked = rank_plays(position, plays, values=values)
    best = ranked[0]
    chosen = next((r for r in ranked if r.result == result), best)
    loss = max(0.0, best.equity - chosen.equity)
    decision = Decision(turn, SIDE_LETTERS[position.turn], "play", str(position), f"{max(dice)}{min(dice)}", text,
                        format_play(position, plays[best.result]), round(loss, 4), mark(loss, variant), None,
                        len(ranked) < 2)
    # the luck compares the 21 rolls in the game's own points: the rolled one's value likewise
    return decision, best.equity if values is None else best_equity(position, dice)


def review(start: Position, history: Sequence[Mapping[str, Any]], with_luck: bool = True,
           cube: CubeState | None = None, cube_limit: int = 64, stakes: Stakes | None = None) -> Review:
    """The whole review at once (see `review_steps`)."""
    done = Review()
    for _, _, done in review_steps(start, history, with_luck, cube, cube_limit, stakes):
        pass
    return done


def _add_cube(review: Review, judged: Mapping[str, Any] | None, position: Position, side: int, turn: int) -> None:
    """A judged cube decision (`CubeTrack`) into the review, marked by its loss as a play is."""
    if judged is None:
        return
    loss = max(0.0, float(judged["loss"]))
    state = judged.get("state")
    review.decisions.append(Decision(turn, SIDE_LETTERS[side], str(judged["kind"]), str(position), "",
                                     str(judged["chosen"]), str(judged["best"]), round(loss, 4),
                                     mark(loss, position.variant.name),
                                     cube=state.to_dict() if isinstance(state, CubeState) else None))
