"""The turn graph's shortcuts (nardcore/movegen.py) against plain working of the rules.

`result_positions` takes shortcuts that `legal_plays` does not (no paths kept, repeated
nodes skipped as they are made, in backgammon a search that never looks at the rules
checked per step), so on every roll of many built positions the two must give the same
plays in the same order. Backgammon's plays are also worked out here from the rules of
docs/RULES.md §2 alone, one step at a time, with nothing shared with the graph.
"""

from __future__ import annotations

import random

import pytest
from test_blocks_and_runners import block_position, runner_position

from nardcore.movegen import TurnPlanner, legal_plays, result_positions
from nardcore.position import Position, PositionError
from nardcore.variant import BAR, OFF, find_variant

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7)]
BACKGAMMON = find_variant("backgammon")
Boards = tuple[tuple[int, ...], tuple[int, ...]]  # the mover's board and the opponent's


def backgammon_position(rng: random.Random) -> Position:
    """Checkers anywhere, some on the bar or borne off; often both sides close to home, where
    bearing off, entering against a closed board and hits on the last points meet."""
    while True:
        near_home = rng.random() < 0.4
        boards = []
        for _ in range(2):
            board = [0] * 26
            left = 15
            if rng.random() < 0.3:
                board[OFF] = rng.randint(1, 8)
                left -= board[OFF]
            if rng.random() < 0.3:
                board[BAR] = rng.randint(1, 3)
                left -= board[BAR]
            top = rng.choice((6, 7, 9)) if near_home else 24
            points = rng.sample(range(1, top + 1), rng.randint(1, min(top, 7)))
            for _ in range(left):
                board[rng.choice(points)] += 1
            boards.append(board)
        mover, opponent = boards
        if any(mover[p] and opponent[25 - p] for p in range(1, 25)):
            continue
        try:
            return Position.parse(str(Position(BACKGAMMON, 0, (tuple(mover), tuple(opponent)))))
        except PositionError:
            continue


def steps_from(mover: tuple[int, ...], opponent: tuple[int, ...], die: int) -> list[Boards]:
    """Every board one backgammon step by `die` gives (mover's numbering; the opponent's
    point p is the mover's 25 - p)."""
    found = []
    origins = [BAR] if mover[BAR] else [p for p in range(1, 25) if mover[p]]
    all_home = not mover[BAR] and not any(mover[7:25])
    for origin in origins:
        target = origin - die
        if target <= 0:
            highest = max(p for p in range(1, 25) if mover[p])
            if not all_home or (target < 0 and origin != highest):
                continue
            target = OFF
        new_mover, new_opponent = list(mover), list(opponent)
        new_mover[origin] -= 1
        new_mover[target] += 1
        if target != OFF:
            theirs = opponent[25 - target]
            if theirs >= 2:
                continue
            if theirs == 1:
                new_opponent[25 - target] = 0
                new_opponent[BAR] += 1
        found.append((tuple(new_mover), tuple(new_opponent)))
    return found


def plain_plays(position: Position, dice: tuple[int, int]) -> set[Boards]:
    """Backgammon's legal plays from the rules, as (mover, opponent) boards after them: as many
    dice as can be played; with only one of two different dice playable, the higher one where
    it can be."""
    d1, d2 = dice
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    start: Boards = (tuple(position.mover), tuple(position.opponent))
    by_dice_used: dict[int, set[Boards]] = {0: {start}}
    one_die: dict[int, set[Boards]] = {}  # boards after one step, by its die
    for order in orders:
        level = {start}
        for used, die in enumerate(order, 1):
            level = {after for mover, opponent in level for after in steps_from(mover, opponent, die)}
            if not level:
                break
            by_dice_used.setdefault(used, set()).update(level)
            if used == 1:
                one_die[die] = level
    most = max(by_dice_used)
    if most == 1 and d1 != d2 and max(dice) in one_die:
        return one_die[max(dice)]
    return by_dice_used[most]


def boards_after(results: list[Position]) -> list[Boards]:
    """Each result (the opponent on roll) as the mover's and the opponent's board."""
    return [(tuple(p.boards[1 - p.turn]), tuple(p.boards[p.turn])) for p in results]


def test_backgammon_plays_agree_with_the_rules_worked_step_by_step() -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(250):
        position = backgammon_position(rng)
        for dice in ROLLS:
            results = result_positions(position, dice)
            assert len(set(results)) == len(results), (str(position), dice)
            assert set(boards_after(results)) == plain_plays(position, dice), (str(position), dice)
            checked += 1
    assert checked == 250 * 21


def positions_of_every_kind(rng: random.Random, token: str, count: int) -> list[Position]:
    if token == "backgammon":
        return [backgammon_position(rng) for _ in range(count)]
    built = [block_position(rng, token) for _ in range(count // 2)]
    if find_variant(token).runner_home:
        built += [runner_position(rng, token) for _ in range(count // 4)]
    return built


@pytest.mark.parametrize("token", ["backgammon", "narde", "khachapuri", "khachapuri+end-block", "moultezim",
                                   "tawla31", "narde+simple-head", "moultezim+next-turn-runner"])
def test_result_positions_are_the_legal_plays_in_the_same_order(token: str) -> None:
    rng = random.Random(token)
    for position in positions_of_every_kind(rng, token, 60):
        for dice in ROLLS:
            plays = list(legal_plays(position, dice))
            results = result_positions(position, dice)
            if plays:
                assert results == plays, (str(position), dice)
            else:
                assert boards_after(results) == [(tuple(position.mover), tuple(position.opponent))]


@pytest.mark.parametrize(("mine", "origin", "expected"), [
    ("24x7,14,13x2,11,10,9,8,3", 14, [11, 13]),  # 8..11 held: 12 would be a fifth point of 7..12
    ("24x7,14,13x2,10,9,8,3,2", 14, [11, 12, 13]),  # 8..10 held: 12 is the fourth (13 is not counted)
    ("24x6,14,13x2,11,10,9x2,8,3", 9, [6, 8]),  # 8..11 held, two on 9: 7 would be a fifth point
    ("24x7,14,13x2,11,10,9,8,3", 9, [6, 7, 8]),  # the last checker leaves 9 for 7: still four points
])
def test_moultezims_table_limit_at_the_edges_of_the_table(mine: str, origin: int, expected: list[int]) -> None:
    """At most four of the mover's points on 7..12 after any step (the runner rule is over:
    a checker is home on 3); the opponent keeps to its own home, out of the way."""
    position = Position.parse(f"moultezim:w:{mine}:6x4,5x4,4x4,3x3")
    assert sorted(TurnPlanner(position, (2, 1)).destinations(origin)) == expected
    for result in result_positions(position, (2, 1)):
        after = result.boards[0]
        assert sum(1 for p in range(7, 13) if after[p]) <= 4, str(result)


def test_the_planner_counts_the_dice_left_as_steps_are_played() -> None:
    start = Position.parse("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
    planner = TurnPlanner(start, (1, 6))
    assert list(planner.dice_left) == [6, 1]
    planner.step(next(s for s in planner.steps_now() if s.die == 6))
    assert list(planner.dice_left) == [1]
    doubles = TurnPlanner(start, (3, 3))
    doubles.step(doubles.steps_now()[0])
    assert doubles.dice_left == (3, 3, 3)


def test_a_destination_off_the_board_through_the_one_point() -> None:
    """White's last checker outside the six on 3, Black holding White's 2: with 2-1 the 1
    cannot be played first, so off is reached only by 3/1/off."""
    position = Position.parse("backgammon:w:6x14,3:23x2,1x13")
    routes = TurnPlanner(position, (2, 1)).destinations(3)
    assert sorted(routes) == [0, 1]
    assert [(s.origin, s.target) for s in routes[0]] == [(3, 1), (1, 0)]
