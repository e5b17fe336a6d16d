"""Why a checker may not move (TurnPlanner.held_back): each rule named where it decides, and,
over random games, a reason for exactly the checkers that cannot move, each one checked
against the board."""

from __future__ import annotations

import random

import pytest
from test_blocks_and_runners import block_position, runner_position

from nardcore.bots import RandomBot, act
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.movegen import HELD_BACK, Node, TurnPlanner, illegal_block, unpack
from nardcore.position import Position, PositionError
from nardcore.variant import BAR, HEAD, find_variant

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7)]

HELD = {"bar", "runner", "head", "dice", "block", "table", "higher", "home", "blocked", "done"}


def held(text: str, dice: tuple[int, int], origin: int, first_steps: int = 0) -> str | None:
    planner = TurnPlanner(Position.parse(text), dice)
    for _ in range(first_steps):
        planner.step(planner.steps_now()[0])
    return planner.held_back(origin)


@pytest.mark.parametrize(("text", "dice", "origin", "steps", "reason"), [
    # a checker on the bar enters first
    ("backgammon:w:bar,13x14:24x2,13x5,8x3,6x5", (3, 1), 13, 0, "bar"),
    # narde: one checker from the head per turn (3-1 is no first-turn exception)
    ("narde:w:24x15:24x15", (3, 1), HEAD, 1, "head"),
    # moultezim: the runner left the head, the head waits
    ("moultezim:w:24x15:24x15", (5, 3), HEAD, 1, "runner"),
    # both 12 and 11 are black's points: 13 cannot move a 1 or a 2
    ("backgammon:w:13,6x14:13x2,14x2,1x11", (2, 1), 13, 0, "blocked"),
    # 6-6 would bear off from 6 while 13 is still out
    ("backgammon:w:13,6x14:1x15", (6, 6), 6, 0, "home"),
    # all home, 5-4: the 3 may not bear off while 6 holds checkers
    ("backgammon:w:6,3x14:1x15", (5, 4), 3, 0, "higher"),
    # the whole roll played: nothing more moves
    ("narde:w:24x15:24x15", (6, 5), 13, 2, "done"),
    # a checker that can move has nothing holding it back; an empty point neither
    ("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", (3, 1), 8, 0, None),
    ("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", (3, 1), 7, 0, None),
])
def test_each_rule_is_named_where_it_holds_a_checker_back(text: str, dice: tuple[int, int], origin: int, steps: int,
                                                          reason: str | None) -> None:
    assert held(text, dice, origin, steps) == reason


def test_a_six_block_is_named() -> None:
    # white holds 17..13 (black's 5..1, five in a row, all black still on its head): 19 -> 18 by a 1
    # would make six with no black checker ahead; other checkers can play the 1s
    text = "narde:w:24x9,19,17,16,15,14,13:24x15"
    assert held(text, (1, 1), 19) == "block"
    assert held(text, (2, 1), 19) is None  # a 2 takes it to 17 instead


def test_over_random_games_every_checker_that_cannot_move_gets_a_reason_that_fits_the_board() -> None:
    seen: set[str] = set()
    for variant in ("backgammon", "narde", "khachapuri", "moultezim", "tawla31", "narde+end-block"):
        for seed in range(8):
            game = Game(variant, SeededDice(seed))
            bot = RandomBot(seed=seed)
            while not game.over:
                if game.phase == "move" and game.planner is not None:
                    check_reasons(game.planner)
                    seen.update(r for o in range(1, BAR + 1) if (r := game.planner.held_back(o)))
                act(game, bot)
    assert {"bar", "blocked", "home", "higher", "dice", "runner"} <= seen


def check_reasons(planner: TurnPlanner) -> None:
    node = planner.node
    mover, opponent = unpack(node[0]), unpack(node[1])
    movable = set(planner.movable())
    for origin in range(1, BAR + 1):
        reason = planner.held_back(origin)
        if not mover[origin] or origin in movable:
            assert reason is None, (origin, reason)
            continue
        assert reason in HELD, (origin, reason)
        if reason == "bar":
            assert mover[BAR] and origin != BAR
        elif reason == "home":
            assert any(mover[7:BAR + 1]) and any(origin - die <= 0 for die in node[2])
        elif reason == "higher":
            assert not any(mover[7:BAR + 1]) and any(mover[origin + 1:7])
        elif reason == "block":
            variant = planner.graph.variant
            board = list(mover)
            assert any(_makes_block(variant, board, list(opponent), origin, die) for die in node[2])


def _makes_block(variant: object, board: list[int], opponent: list[int], origin: int, die: int) -> bool:
    target = origin - die
    if target <= 0:
        return False
    after = list(board)
    after[origin] -= 1
    after[target] += 1
    return illegal_block(variant, after, opponent)  # type: ignore[arg-type]


def reasons_by_rule(planner: TurnPlanner, origin: int) -> set[str]:
    """Every rule that stops each die's single step from `origin` (docs/RULES.md, worked on
    plain lists), for a checker with no single step at all."""
    variant = planner.graph.variant
    mover, opponent = list(unpack(planner.node[0])), list(unpack(planner.node[1]))
    all_home = not any(mover[7:BAR + 1])
    highest = max(p for p in range(1, BAR + 1) if mover[p])
    found = set()
    for die in set(planner.node[2]):
        target = origin - die
        if target <= 0:
            if not all_home:
                found.add("home")
            elif target < 0 and origin != highest:
                found.add("higher")
            continue
        theirs = opponent[variant.opponent_point(target)]
        if theirs >= 2 or (theirs and not variant.hitting):
            found.add("blocked")
            continue
        after = list(mover)
        after[origin] -= 1
        after[target] += 1
        if variant.table_limit and 7 <= target <= 12 and sum(1 for p in range(7, 13) if after[p]) > 4:
            found.add("table")
        elif variant.six_block and not variant.has("end-block") and illegal_block(variant, after, opponent):
            found.add("block")
    return found


def ends_in_a_block(planner: TurnPlanner, nodes: list[Node]) -> bool:
    """Some way on from `nodes` plays as many dice as a legal play and ends in an illegal block
    (end-block: the rule judges the whole play)."""
    graph = planner.graph
    dice_left_at_the_end = len(next(iter(graph.finals))[2])

    def ends_badly(node: Node) -> bool:
        if len(node[2]) == dice_left_at_the_end:
            return illegal_block(graph.variant, unpack(node[0]), unpack(node[1]))
        return any(ends_badly(child) for child in graph.children(node))

    return any(ends_badly(node) for node in nodes)


def check_reason_by_rule(planner: TurnPlanner) -> None:
    """A checker that has no single step is held back by the first rule (in HELD_BACK's order)
    that stops one of its dice; one that has steps but no play through them, by the dice."""
    graph = planner.graph
    mover = unpack(planner.node[0])
    complete = not planner.node[2] or (bool(planner.steps) and not planner.steps_now())
    for origin in range(1, BAR + 1):
        reason = planner.held_back(origin)
        if mover[origin] and origin not in planner.movable():
            assert (reason == "done") is complete, (str(planner.position), planner.steps, origin, reason)
        if reason in (None, "done", "bar", "runner", "head"):
            continue
        steps = [c for c in graph.children(planner.node) if graph.step_between(planner.node, c).origin == origin]
        if steps:
            assert reason in ("dice", "block"), (str(planner.position), origin, reason)
            assert (reason == "block") is (graph.end_block and ends_in_a_block(planner, steps)), (
                str(planner.position), planner.node[2], origin, reason)
            continue
        rules = reasons_by_rule(planner, origin)
        expected = next((r for r in HELD_BACK if r in rules), "blocked")
        assert reason == expected, (str(planner.position), planner.node[2], origin, reason, rules)


def table_position(rng: random.Random, token: str) -> Position:
    """Moultezim after the runner rule: four or five of the mover's points on 7..12 taken, the
    rest spread, so that steps onto a fifth point meet the table limit."""
    variant = find_variant(token)
    while True:
        mover, opponent = [0] * 26, [0] * 26
        mover[rng.randint(1, 6)] = 1  # the runner rule is over
        for point in rng.sample(range(7, 13), rng.choice((4, 4, 5))):
            mover[point] += 1
        for _ in range(15 - sum(mover)):
            mover[rng.choice((*range(13, 25), *range(7, 13)))] += 1
        free = [variant.opponent_point(p) for p in range(1, 25) if not mover[p]]
        for _ in range(15):
            opponent[rng.choice(free)] += 1
        try:
            return Position.parse(str(Position(variant, 0, (tuple(mover), tuple(opponent)))))
        except PositionError:
            continue


@pytest.mark.parametrize("token", ["backgammon", "narde", "khachapuri", "khachapuri+end-block", "moultezim",
                                   "tawla31"])
def test_each_reason_names_the_first_rule_that_holds_the_checker(token: str) -> None:
    rng = random.Random(token)
    positions = [table_position(rng, token) for _ in range(40)] if token == "moultezim" else []
    if find_variant(token).six_block:
        positions += [block_position(rng, token) for _ in range(40)]
    if find_variant(token).runner_home:
        positions += [runner_position(rng, token) for _ in range(20)]
    bot = RandomBot(seed=7)
    for _ in range(3):  # and the positions of three whole games
        game = Game(token, SeededDice(rng.randrange(1000)))
        while not game.over:
            if game.phase == "move":
                positions.append(game.position)
            act(game, bot)
    reasons: set[str] = set()
    for position in positions:
        for d1, d2 in ROLLS:
            planner = TurnPlanner(position, (d1, d2))
            for _ in range(rng.randint(0, 2)):  # sometimes after a step or two of the turn
                steps = planner.steps_now()
                if not steps:
                    break
                planner.step(rng.choice(steps))
            check_reason_by_rule(planner)
            reasons.update(r for o in range(1, BAR + 1) if (r := planner.held_back(o)))
    variant = find_variant(token)
    expected = {"blocked", "dice"} | ({"table"} if variant.table_limit else set()) | (
        {"block"} if variant.six_block else set()) | ({"home", "higher"} if token == "backgammon" else set())
    assert expected <= reasons, reasons
