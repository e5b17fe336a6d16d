"""train/bootstrap.py's labels: a position's one-ply chances, as the look-ahead values it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from nardcore.bots.bearoff import race_outcomes
from nardcore.bots.neural import OUTCOMES, final_outcome
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import find_variant
from train import bootstrap, distill, play, td
from train.bootstrap import flip_matrix, frozen_net, one_ply_outcomes
from train.npnet import boards_of, encode
from train.play import roll_average


def positions_from_play(variant: str, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    position = Position.start(variant)
    while len(found) < count:
        if position.winner() is not None:
            position = Position.start(variant, turn=rng.randint(0, 1))
        position = rng.choice(result_positions(position, (rng.randint(1, 6), rng.randint(1, 6))))
        if position.winner() is None and rng.random() < 0.1:
            found.append(position)
    return found


@pytest.mark.parametrize("variant", ["narde", "khachapuri", "moultezim", "tawla31"])
def test_a_label_is_the_look_ahead_value_of_the_position(variant: str) -> None:
    """Its equity is what the numpy look-ahead makes of the position (the mover's best play
    for each roll, the network at 0 ply after it), and each chance is a chance."""
    net = frozen_net(variant)
    spec = OUTCOMES[variant]
    positions = positions_from_play(variant, 6, seed=len(variant))
    labels = one_ply_outcomes(net, positions)
    assert labels.shape == (6, spec.size)
    assert labels.min() >= 0 and labels.max() <= 1 + 1e-9
    for position, label in zip(positions, labels, strict=True):
        expected = -roll_average(net, position, lambda theirs: float(theirs.min()))
        assert spec.equity(list(label)) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("variant", ["narde", "khachapuri", "moultezim", "tawla31"])
def test_a_position_won_with_every_roll_is_labelled_with_the_win(variant: str) -> None:
    """The mover's last checker bears off with any roll: the label is that win, whatever the
    network says, and the flip of the chances turns the opponent's view into the mover's."""
    mover, opponent = [0] * 26, [0] * 26
    mover[0], mover[1] = 14, 1
    opponent[0], opponent[1] = 3, 12
    position = Position(Position.start(variant).variant, 0, (tuple(mover), tuple(opponent)))
    label = one_ply_outcomes(frozen_net(variant), [position])[0]
    won = result_positions(position, (1, 2))[0]
    assert won.winner() == 0
    assert np.allclose(label, final_outcome(won, 0))
    matrix, offset = flip_matrix(OUTCOMES[variant])
    assert np.allclose(np.array(final_outcome(won, 1)) @ matrix + offset, final_outcome(won, 0))


def test_a_run_resumes_from_its_checkpoint_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed after a checkpoint, the next run starts from the saved weights, state and Adam's
    moments, not from the network it was started from."""
    monkeypatch.setattr(distill, "CHECKPOINTS", tmp_path)
    monkeypatch.setattr(bootstrap, "CHECKPOINTS", tmp_path)
    start = bootstrap.FROZEN / "moultezim.nnw"
    net, state, adam = bootstrap.load("moultezim", "resume", start)
    assert state["samples"] == 0
    grads = {k: np.full_like(a, 0.01) for k, a in net.arrays().items()}
    adam.step(net, grads, 1e-3)
    adam.step(net, grads, 1e-3)
    distill.save(net, {"samples": 512, "seconds": 3.0, "best_share": 0.55}, adam, "moultezim-resume", {})
    again, resumed, moments = bootstrap.load("moultezim", "resume", start)
    assert resumed == {"samples": 512, "seconds": 3.0, "best_share": 0.55}
    for key, array in net.arrays().items():
        assert np.array_equal(again.arrays()[key], array)
    assert moments.t == 2
    assert all(np.array_equal(moments.m[k], adam.m[k]) and np.array_equal(moments.v[k], adam.v[k]) for k in adam.m)
    fresh, _, _ = bootstrap.load("moultezim", "other", start)
    assert not np.array_equal(fresh.w1, net.w1)


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_a_share_of_the_games_is_played_against_the_heuristic(share: float, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """--versus-heuristic: in that share of the games one side is the heuristic player, whose
    choices bring positions self-play seldom reaches; none of them a race or labelled before."""
    asked: list[Position] = []

    def counted() -> play.Player:
        real = play.heuristic_player()

        def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
            asked.append(position)
            return real(position, dice, candidates)

        return choose

    monkeypatch.setattr(bootstrap, "heuristic_player", counted)
    net = frozen_net("moultezim")
    labels = bootstrap.Labels(tmp_path, OUTCOMES["moultezim"].size)
    found = bootstrap.new_positions(net, labels, 40, random.Random(7), 0.1, 0.05, versus_heuristic=share)
    assert len(found) >= 40
    assert bool(asked) == (share > 0)
    assert all(p.winner() is None and race_outcomes(p) is None for p in found)
    assert {p for p in asked if race_outcomes(p) is None} <= set(found)


def test_a_run_borrows_another_runs_labels_without_writing_to_them(tmp_path: Path) -> None:
    """--labels-from: the other run's chunks are trained on and count as known, but new chunks
    go to this run's own folder, numbered from its own count."""
    size = OUTCOMES["moultezim"].size
    positions = positions_from_play("moultezim", 6, seed=3)
    boards = boards_of(positions)
    theirs = bootstrap.Labels(tmp_path / "theirs", size)
    theirs.add_chunk(boards[:4], np.full((4, size), 0.25))
    ours = bootstrap.Labels(tmp_path / "ours", size, [tmp_path / "theirs"])
    assert (len(ours.boards), ours.chunks) == (4, 0)
    assert ours.known == theirs.known
    ours.add_chunk(boards[4:], np.full((2, size), 0.5))
    assert sorted(p.name for p in (tmp_path / "ours").iterdir()) == ["chunk-000000.npz"]
    assert len(list((tmp_path / "theirs").iterdir())) == 1
    again = bootstrap.Labels(tmp_path / "ours", size, [tmp_path / "theirs"])
    assert (len(again.boards), again.chunks) == (6, 1)
    assert np.allclose(again.target[:4], 0.25, atol=1e-4) and np.allclose(again.target[4:], 0.5, atol=1e-4)


def test_a_widened_network_plays_as_before_until_it_learns() -> None:
    """--widen-to: the new hidden units have no say in the outputs at first."""
    net = frozen_net("moultezim")
    wide = td.widen(net, 96, np.random.default_rng(1))
    assert wide.w1.shape[1] == 96 and net.w1.shape[1] < 96
    x = encode(boards_of(positions_from_play("moultezim", 20, seed=5)), find_variant("moultezim"), False)
    assert np.allclose(wide.outputs(x), net.outputs(x))


def test_a_log_given_new_columns_keeps_its_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run resumed by a newer bootstrap (the heuristic benchmark's columns) keeps its earlier rows."""
    monkeypatch.setattr(td, "LOGS", tmp_path)
    old = ["positions", "share"]
    td.log("run", {"positions": 1, "share": 0.6}, old)
    td.log("run", {"positions": 2, "share": 0.65, "heuristic_share": 0.8}, [*old, "heuristic_share"])
    rows = (tmp_path / "run.csv").read_text().splitlines()
    assert rows == ["positions,share,heuristic_share", "1,0.6,", "2,0.65,0.8"]


def test_the_checkpoint_benchmark_plays_against_frozen_and_the_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    opponents: list[str] = []

    def counted() -> play.Player:
        opponents.append("heuristic")
        return play.heuristic_player()

    monkeypatch.setattr(bootstrap, "heuristic_player", counted)
    versus_frozen, versus_heuristic = bootstrap.benchmark(frozen_net("tawla31"), 1)
    assert versus_frozen.games == versus_heuristic.games == 2 and opponents == ["heuristic"]
    # the frozen network against itself on paired dice: the same games, colours swapped
    assert versus_frozen.points_for == versus_frozen.points_against
