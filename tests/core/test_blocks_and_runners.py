"""Positions built around six-point blocks and runners, which random games almost never reach.

A generator makes legal positions with a run of five or six points (narde, khachapuri) or a
runner under the runner rule (moultezim, tawla31); every step the step-by-step view offers
along a random path is checked against a plain, slow working of just that rule from RULES.md (§4 six-block,
§6-7 runner), and so is every whole play.
"""

from __future__ import annotations

import random

import pytest

from nardcore.movegen import TurnPlanner, illegal_block, result_positions
from nardcore.position import Position
from nardcore.variant import BAR, HEAD, OFF, Variant, find_variant

POSITIONS = 1_000  # a variant, one roll each
Board = list[int]


def their_point(variant: Variant, point: int) -> int:
    """My point in the opponent's numbering (written out again, not taken from nardcore)."""
    if variant.same_direction:
        return point + 12 if point <= 12 else point - 12
    return 25 - point


def holds_illegal_block(variant: Variant, mover: Board | tuple[int, ...], opponent: Board | tuple[int, ...]) -> bool:
    """RULES.md §4: six of my points in a row on the opponent's route (q..q-5, 24 >= q >= 6)
    with no opposing checker ahead of them (on its q-6..1, or borne off)."""
    mine = {their_point(variant, p) for p in range(1, 25) if mover[p]}
    for q in range(6, 25):
        if all(q - k in mine for k in range(6)):
            ahead = opponent[OFF] + sum(opponent[p] for p in range(1, q - 5))
            if not ahead:
                return True
    return False


def runner_rule_in_force(variant: Variant, mover: Board | tuple[int, ...]) -> bool:
    """RULES.md §6-7: until some checker stands on the goal (or is off), one checker runs."""
    goal = variant.runner_home
    return mover[OFF] == 0 and not any(mover[p] for p in range(1, goal + 1))


def off_the_head(mover: Board | tuple[int, ...]) -> int:
    return sum(mover[p] for p in range(1, HEAD)) + mover[BAR]


def fill(rng: random.Random, board: Board, points: list[int], count: int) -> None:
    for _ in range(count):
        board[rng.choice(points)] += 1


def block_position(rng: random.Random, token: str) -> Position:
    """The mover holds five or six points in a row on the opponent's route; the opponent
    sometimes has a checker ahead of them. Rebuilt until the start holds no illegal block."""
    variant = find_variant(token)
    while True:
        mover, opponent = [0] * 26, [0] * 26
        q = rng.randint(7, 23)
        length = rng.choice((5, 6))
        run = [p for p in range(1, 25) if q - length < their_point(variant, p) <= q]
        for p in run:
            mover[p] = 1
        spare = [p for p in range(1, 25) if p not in run]
        fill(rng, mover, rng.sample(spare, 3) + [HEAD] * 2 + run, 15 - len(run))
        free = [their_point(variant, p) for p in range(1, 25) if not mover[p]]
        theirs = [p for p in free if p != 24] if rng.random() < 0.5 else []
        home = 24 if 24 in free else rng.choice(free)
        opponent[home] = 15
        if theirs and rng.random() < 0.6:
            opponent[home] -= 1
            opponent[rng.choice(theirs)] += 1
        if holds_illegal_block(variant, mover, opponent):
            continue
        return checked(variant, mover, opponent)


def checked(variant: Variant, mover: Board, opponent: Board) -> Position:
    """Through the position string, so the codec's checks (no shared point, 15 a side) run."""
    position = Position(variant, 0, (tuple(mover), tuple(opponent)))
    return Position.parse(str(position))


def runner_position(rng: random.Random, token: str) -> Position:
    """The mover has all fifteen on the head or fourteen and one runner short of the goal."""
    variant = find_variant(token)
    while True:
        mover, opponent = [0] * 26, [0] * 26
        mover[HEAD] = 15
        if rng.random() < 0.8:
            mover[HEAD] -= 1
            mover[rng.randint(variant.runner_home + 1, HEAD - 1)] += 1
        free = [their_point(variant, p) for p in range(1, 25) if not mover[p]]
        spread = rng.sample(free, rng.randint(1, 4))
        fill(rng, opponent, spread, 15)
        return checked(variant, mover, opponent)


def walk(rng: random.Random, position: Position, dice: tuple[int, int], check_step: object) -> int:
    """Down one random step path of the view, calling `check_step(before, after)` on every
    step offered along it (not only the one taken). Counts the steps checked."""
    planner = TurnPlanner(position, dice)
    seen = 0
    while steps := planner.steps_now():
        before = planner.position
        for step in steps:
            planner.step(step)
            check_step(before, planner.position)  # type: ignore[operator]
            planner.undo()
            seen += 1
        planner.step(rng.choice(steps))
    return seen


@pytest.mark.parametrize("token", ["narde", "khachapuri", "narde+end-block", "khachapuri+end-block"])
def test_no_step_or_play_leaves_an_illegal_six_block(token: str) -> None:
    rng = random.Random(token)
    per_step = "end-block" not in token
    threatened = steps = 0
    for _ in range(POSITIONS):
        position = block_position(rng, token)
        variant = position.variant
        dice = (rng.randint(1, 6), rng.randint(1, 6))

        def check(before: Position, after: Position) -> None:
            if per_step:
                assert not holds_illegal_block(variant, after.mover, after.opponent), (
                    f"{position} {dice}: a step to {after} leaves an illegal block"
                )

        steps += walk(rng, position, dice, check)
        for play in result_positions(position, dice):
            # the result has the turn passed: the side that moved is now the opponent
            assert not holds_illegal_block(variant, play.opponent, play.mover), f"{position} {dice}: {play}"
        # the rule has work to do: some single step (of the dice rolled) would close a block
        for point in range(1, 25):
            for die in set(dice):
                target = point - die
                if position.mover[point] and target >= 1 and not position.opponent[their_point(variant, target)]:
                    board = list(position.mover)
                    board[point] -= 1
                    board[target] += 1
                    threatened += holds_illegal_block(variant, board, position.opponent)
    assert steps > POSITIONS and threatened > POSITIONS // 10


@pytest.mark.parametrize("token", ["moultezim", "tawla31", "moultezim+next-turn-runner", "tawla31+next-turn-runner"])
def test_only_the_runner_moves_while_the_runner_rule_holds(token: str) -> None:
    rng = random.Random(token)
    next_turn = "next-turn-runner" in token
    held = 0
    for _ in range(POSITIONS):
        position = runner_position(rng, token)
        variant = position.variant
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        at_start = runner_rule_in_force(variant, position.mover)

        def check(before: Position, after: Position) -> None:
            nonlocal held
            # next-turn-runner: the state at the start of the turn holds for the whole roll
            in_force = at_start if next_turn else runner_rule_in_force(variant, before.mover)
            if in_force:
                held += 1
                assert off_the_head(after.mover) <= 1, f"{position} {dice}: a second checker left the head"

        walk(rng, position, dice, check)
        for play in result_positions(position, dice):
            # still in force at the end means it held for every step of the play
            if at_start and (next_turn or runner_rule_in_force(variant, play.opponent)):
                assert off_the_head(play.opponent) <= 1, f"{position} {dice}: {play}"
    assert held > POSITIONS


@pytest.mark.parametrize("token", ["narde", "khachapuri"])
def test_the_whole_play_block_check_agrees_with_the_rule_on_random_boards(token: str) -> None:
    """movegen.illegal_block (end-block's check of a finished play) against the plain working,
    on boards with blocks of five to seven, with and without opposing checkers ahead or off."""
    variant = find_variant(token)
    rng = random.Random(77)
    found = {True: 0, False: 0}
    for _ in range(3000):
        mover, opponent = [0] * 26, [0] * 26
        start = rng.randint(1, 24)
        for k in range(rng.randint(4, 7)):
            mover[(start + k - 1) % 24 + 1] = 1
        fill(rng, opponent, [p for p in range(1, 25) if not mover[their_point(variant, p)]], rng.randint(1, 14))
        opponent[OFF] = rng.choice([0, 0, 0, 1])
        expected = holds_illegal_block(variant, mover, opponent)
        assert illegal_block(variant, mover, opponent) == expected, (mover, opponent)
        found[expected] += 1
    assert min(found.values()) > 100  # both answers met often



def in_illegal_block(variant: Variant, point: int, mover: tuple[int, ...], opponent: tuple[int, ...]) -> bool:
    """`point` (mine) is one of six in a row that make an illegal block (RULES.md §4)."""
    mine = {their_point(variant, p) for p in range(1, 25) if mover[p]}
    at = their_point(variant, point)
    for q in range(max(6, at), min(24, at + 5) + 1):
        if all(q - k in mine for k in range(6)):
            if not opponent[OFF] + sum(opponent[p] for p in range(1, q - 5)):
                return True
    return False


@pytest.mark.parametrize("token", ["narde", "khachapuri"])
def test_from_a_start_that_breaks_the_block_rule_no_step_lands_in_the_block(token: str) -> None:
    """An edited board may start with an illegal block. Steps onto points the mover holds
    need no check from a lawful start (they take no new point), but from this one a step onto
    a point of the illegal block is still refused."""
    variant = find_variant(token)
    rng = random.Random(token + "broken")
    refused = 0
    while refused < 300:
        mover, opponent = [0] * 26, [0] * 26
        q = rng.randint(7, 21)
        run = [p for p in range(1, 25) if q - 6 < their_point(variant, p) <= q]
        for p in run:
            mover[p] = 1
        fill(rng, mover, run + rng.sample([p for p in range(1, 25) if p not in run], 3), 9)
        # every opposing checker behind the block: it is illegal from the start
        behind = [their_point(variant, p) for p in range(1, 25) if not mover[p] and their_point(variant, p) > q]
        if not behind:
            continue
        fill(rng, opponent, rng.sample(behind, min(len(behind), 3)), 15)
        position = checked(variant, mover, opponent)
        assert holds_illegal_block(variant, position.mover, position.opponent)
        dice = (rng.randint(1, 6), rng.randint(1, 6))

        def check(before: Position, after: Position) -> None:
            target = next((p for p in range(1, 25) if after.mover[p] > before.mover[p]), OFF)
            in_block = target != OFF and in_illegal_block(variant, target, after.mover, after.opponent)
            assert not in_block, f"{position} {dice}: {after}"

        # only starts where the rule has a step to refuse count (a checker a die away from the block)
        refused += any(mover[p] and p - d in run for p in range(1, 25) for d in dice if p != p - d >= 1)
        walk(rng, position, dice, check)
