"""The ten tactical inputs of backgammon's richer network (nardcore.bots.tactics): shots, escapes,
primes, home points and blots, against a plain count and against train/features.py's numpy."""

from __future__ import annotations

import numpy as np
from test_neural import random_game_positions

from nardcore.bots.inputs import INPUTS
from nardcore.bots.neural import Network
from nardcore.bots.tactics import TACTICAL_INPUTS, tactical_inputs
from nardcore.position import Position
from nardcore.variant import find_variant
from train.features import extra_inputs
from train.npnet import Net, boards_of, encode

BACKGAMMON = find_variant("backgammon")


def position(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """White on roll; each side's checkers by its own point (25 the bar), the rest borne off."""
    boards = []
    for counts in (mine, theirs):
        board = [0] * 26
        for point, count in counts.items():
            board[point] = count
        board[0] = 15 - sum(counts.values())
        boards.append(tuple(board))
    return Position(BACKGAMMON, 0, (boards[0], boards[1]))


def test_a_blot_six_pips_in_front_of_a_lone_checker_is_hit_by_seventeen_rolls() -> None:
    # White's blot on its 18 (Black's 7), Black's checker on its 13: six pips, nothing between
    values = tactical_inputs(position({18: 1, 6: 5}, {13: 1, 6: 5}))
    assert values[0] == 17 / 36
    assert values[5] == 17 / 36  # and Black's, six pips in front of White's, the same


def test_a_made_point_between_cuts_the_combined_shots() -> None:
    # the same with White holding its 15, three pips from Black's checker: 3-3 stops there,
    # while 4-2, 5-1 and 2-2 still find a way round it
    blocked = tactical_inputs(position({18: 1, 15: 2, 6: 2}, {13: 1, 6: 5}))[0]
    assert blocked == 16 / 36


def test_primes_home_points_and_blots_are_counted() -> None:
    values = tactical_inputs(position({4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 13: 1, 20: 1}, {24: 2}))
    assert values[2:5] == [5 / 6, 3 / 6, 2 / 6]


def test_a_checker_with_nothing_ahead_escapes_every_roll_and_none_back_is_zero() -> None:
    assert tactical_inputs(position({24: 1}, {24: 2}))[1] == 1.0
    # Black's 6-point block (White's 13..18) in front of White's checker on its 20: no way past
    assert tactical_inputs(position({20: 1}, {p: 2 for p in range(7, 13)}))[1] == 0.0
    assert tactical_inputs(position({}, {6: 2}))[1] == 0.0


def test_pure_python_agrees_with_the_numpy_inputs_on_random_positions() -> None:
    positions = random_game_positions("backgammon", 1500, seed=11)
    expected = extra_inputs(boards_of(positions))
    found = np.array([tactical_inputs(p) for p in positions])
    assert found.shape == (len(positions), TACTICAL_INPUTS)
    assert np.allclose(found, expected, atol=1e-12)
    assert (found[:, 0] > 0).any() and (found[:, 1] < 1).any()  # shots and blocked escapes met


def test_a_network_with_tactical_inputs_is_read_and_evaluated_as_trained() -> None:
    rng = np.random.default_rng(3)
    net = Net.fresh("backgammon", 16, rng).with_tactical_inputs()
    net.w1[INPUTS:] = rng.normal(0.0, 0.5, (TACTICAL_INPUTS, 16))
    network = Network.from_bytes(net.to_network().to_bytes())
    assert network.tactical and len(network.rows) == INPUTS + TACTICAL_INPUTS
    positions = random_game_positions("backgammon", 300, seed=12)
    expected = net.outputs(encode(boards_of(positions), BACKGAMMON, tactical=True))
    found = np.array([network.forward(p) for p in positions])
    assert np.abs(found - expected).max() < 1e-5  # float32 weights against float64
    # the same weights without the tactical rows answer differently: the inputs are read
    plain = Net("backgammon", net.w1[:INPUTS], net.b1, net.w2, net.b2)
    assert np.abs(plain.outputs(encode(boards_of(positions), BACKGAMMON)) - expected).max() > 1e-3
