"""Backgammon against gnubg's own move generator and IDs (gnubg-nn, a test-only dependency)."""

from __future__ import annotations

import functools
import os

import gnubg_nn
import pytest
from gnubg_oracle import (
    ALL_ROLLS,
    gnubg_result_boards,
    gnubg_results,
    our_result_boards,
    random_positions,
    to_gnubg,
)

from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import BAR

POSITIONS_PER_BATCH = max(1, int(5_000 * float(os.environ.get("NARD_LONG", "1"))))
BATCHES = 4  # 20,000 positions in the normal run
PARTS = 5  # each batch checked in five parts: short tests, which pytest-xdist's workers share evenly


def is_last_checker_case(position: Position) -> bool:
    """One checker of the side to move is left (on a point or on the bar)."""
    return sum(position.mover[1:]) == 1


def last_checker_results(position: Position, dice: tuple[int, int]) -> set[str]:
    """The plays of docs/RULES.md §2.4-2.7 for a lone checker, worked step by step on plain lists.

    Independent of nardcore's move generator: every order of the dice is tried, a bear-off
    ends the sequence, the sequences using the most dice win, then the higher die (§2.5).
    So 6/1*/off with 6-5 beats 6/off because it uses both dice (§2.4); gnubg-nn agrees.
    """
    mover, opponent = list(position.mover), list(position.opponent)
    start = next(q for q in range(1, BAR + 1) if mover[q])
    steps = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    found: list[tuple[list[int], tuple[int, ...], list[int]]] = []  # dice used, where, opp.

    def walk(where: int, left: list[int], used: list[int], opp: list[int]) -> None:
        found.append((used, (where,), opp))
        if where == 0:
            return  # borne off: nothing left to move
        for i, die in enumerate(left):
            if i and die == left[i - 1]:
                continue
            target = where - die
            if target <= 0:
                if where > 6:
                    continue  # bearing off only from home (the bar is not home)
                walk(0, left[:i] + left[i + 1:], used + [die], opp)
                continue
            their = 25 - target
            if opp[their] >= 2:
                continue
            after = list(opp)
            if after[their] == 1:  # a blot is hit and goes to its bar
                after[their], after[BAR] = 0, after[BAR] + 1
            walk(target, left[:i] + left[i + 1:], used + [die], after)

    walk(start, steps, [], opponent)
    most = max(len(used) for used, _, _ in found)
    best = [item for item in found if len(item[0]) == most]
    if most == 1 and dice[0] != dice[1] and any(used == [max(dice)] for used, _, _ in best):
        best = [item for item in best if item[0] == [max(dice)]]
    results = set()
    for _, (where,), opp in best:
        board = [0] * len(mover)
        board[where] += 1
        board[0] += mover[0]
        sides = (tuple(board), tuple(opp))
        after = Position(position.variant, position.turn, sides if position.turn == 0 else sides[::-1])
        results.add(str(after.pass_turn()))
    return results


@functools.cache
def batch_positions(batch: int) -> list[Position]:
    """The batch's random positions (made once per worker, whichever part asks first)."""
    return random_positions(POSITIONS_PER_BATCH, seed=1000 + batch)


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("batch", range(BATCHES))
def test_legal_results_match_gnubg_for_random_positions_and_all_rolls(batch: int, part: int) -> None:
    every = batch_positions(batch)
    positions = every[len(every) * part // PARTS : len(every) * (part + 1) // PARTS]
    checked = 0
    for position in positions:
        last_checker = is_last_checker_case(position)
        for dice in ALL_ROLLS:
            results = result_positions(position, dice)
            if last_checker:
                # docs/RULES.md §2.4, checked against the rule book itself as well as gnubg
                assert {str(p) for p in results} == last_checker_results(position, dice), f"{position} {dice}"
            if our_result_boards(results) == gnubg_result_boards(position, dice):
                checked += 1
                continue
            ours_text = {str(p) for p in results}
            theirs_text = gnubg_results(position, dice)
            assert ours_text == theirs_text, (
                f"{position} {dice}\n missing {sorted(theirs_text - ours_text)}\n"
                f" extra {sorted(ours_text - theirs_text)}"
            )
    assert checked > len(positions) * 20


def test_the_last_checker_hits_on_the_way_off_rather_than_wasting_a_die() -> None:
    position = Position.parse("backgammon:w:6:24,13x14")
    assert {str(p) for p in result_positions(position, (6, 5))} == {"backgammon:b::bar,13x14"}
    assert last_checker_results(position, (6, 5)) == {"backgammon:b::bar,13x14"}
    assert gnubg_results(position, (6, 5)) == {"backgammon:b::bar,13x14"}


def test_random_positions_cover_the_bar_and_the_bear_off() -> None:
    positions = random_positions(POSITIONS_PER_BATCH, seed=1000)
    enough = POSITIONS_PER_BATCH // 50  # a hundred in the normal run
    assert sum(1 for p in positions if p.mover[BAR]) > enough
    assert sum(1 for p in positions if not any(p.mover[7:]) and p.mover[0] < 15) > enough
    assert sum(1 for p in positions if p.mover[0] > 0) > enough


def test_gnubg_reads_the_starting_position_as_ours() -> None:
    start = Position.start("backgammon")
    board = gnubg_nn.board_from_position_id("4HPwATDgc/ABMA")
    assert [list(side) for side in to_gnubg(start)] == [list(side) for side in board]
