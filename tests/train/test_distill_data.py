"""The distillation's labelled positions on disk (train/distill.py `Data`): the compact chunks
that are committed, read back as written, and the first runs' float chunks still read."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from train.distill import LABEL_SCALE, Data


def chances(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.random((n, 5))


def boards(rng: np.random.Generator, n: int) -> np.ndarray:
    found = np.zeros((n, 2, 26), dtype=np.int64)
    found[:, :, 1:25] = rng.integers(0, 4, (n, 2, 24))
    return found


def test_a_chunk_is_read_back_as_written_with_its_two_ply_rows(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    data = Data(tmp_path)
    written = boards(rng, 300)
    one, two = chances(rng, 300), chances(rng, 300)
    two[::3] = np.nan  # a third labelled at 1 ply only
    data.add_chunk(written, one, two)

    again = Data(tmp_path)
    assert again.size == 300 and again.chunks == 1
    assert np.array_equal(again.boards[:300], written)
    rows = np.arange(300)
    expected = np.where(np.isnan(two), one, two)
    assert np.abs(again.targets(rows) - expected).max() <= 0.5 / LABEL_SCALE + 1e-9
    assert again.two_ply == 200
    # the same positions are not new any more; others are
    assert len(again.unseen(written)) == 0
    assert len(again.unseen(boards(np.random.default_rng(6), 10))) == 10


def test_a_chunk_is_small_enough_to_commit(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    data = Data(tmp_path)
    data.add_chunk(boards(rng, 2000), chances(rng, 2000), chances(rng, 2000))
    size = (tmp_path / "chunk-000000.npz").stat().st_size
    # 52 board bytes and five 16-bit chances a position, compressed: under 40 bytes each even for
    # these random (incompressible) boards
    assert size < 40 * 2000


def test_the_first_runs_float_chunks_are_read(tmp_path: Path) -> None:
    rng = np.random.default_rng(8)
    written = boards(rng, 50).astype(np.int8)
    one = chances(rng, 50).astype(np.float32)
    two = chances(rng, 50).astype(np.float32)
    two[:10] = np.nan
    np.savez_compressed(tmp_path / "chunk-000000.npz", boards=written, one=one, two=two)

    data = Data(tmp_path)
    assert data.size == 50 and data.two_ply == 40
    assert np.allclose(data.targets(np.arange(50)), np.where(np.isnan(two), one, two))
