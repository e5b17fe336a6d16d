"""Backgammon against gnubg's own move generator and IDs (gnubg-nn, a test-only dependency)."""

from __future__ import annotations

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

POSITIONS_PER_BATCH = 5_000 * (int(os.environ.get("NARD_LONG", "1")))
BATCHES = 4  # 20,000 positions in the normal run


def is_last_checker_case(position: Position) -> bool:
    """docs/RULES.md §2.4 (vector B13): with one checker left we require both dice when they can
    be played (6/1*/off); gnubg lets 6/off end the game. The only place we part ways."""
    return sum(position.mover[1:]) == 1


@pytest.mark.parametrize("batch", range(BATCHES))
def test_legal_results_match_gnubg_for_random_positions_and_all_rolls(batch: int) -> None:
    positions = random_positions(POSITIONS_PER_BATCH, seed=1000 + batch)
    checked = 0
    for position in positions:
        for dice in ALL_ROLLS:
            ours = our_result_boards(result_positions(position, dice))
            if ours == gnubg_result_boards(position, dice):
                checked += 1
                continue
            # say it in position strings, and excuse only the one documented difference
            ours_text = {str(p) for p in result_positions(position, dice)}
            theirs_text = gnubg_results(position, dice)
            if is_last_checker_case(position):
                # we keep only the plays that use both dice and still bear the checker off
                assert all(p.opponent[0] == 15 for p in result_positions(position, dice)), f"{position} {dice}"
                continue
            assert ours_text == theirs_text, (
                f"{position} {dice}\n missing {sorted(theirs_text - ours_text)}\n"
                f" extra {sorted(ours_text - theirs_text)}"
            )
    assert checked > POSITIONS_PER_BATCH * 20


def test_random_positions_cover_the_bar_and_the_bear_off() -> None:
    positions = random_positions(POSITIONS_PER_BATCH, seed=1000)
    assert sum(1 for p in positions if p.mover[BAR]) > 100
    assert sum(1 for p in positions if not any(p.mover[7:]) and p.mover[0] < 15) > 100
    assert sum(1 for p in positions if p.mover[0] > 0) > 100


def test_gnubg_reads_the_starting_position_as_ours() -> None:
    start = Position.start("backgammon")
    board = gnubg_nn.board_from_position_id("4HPwATDgc/ABMA")
    assert [list(side) for side in to_gnubg(start)] == [list(side) for side in board]
