"""Distillation: backgammon's network learns Open Sage's outcome chances (supervised, numpy); resumable.

    python -m train.distill                        # generate, label, train, measure, in a loop
    python -m train.distill --tag distill192 --widen-to 192 --no-generate   # a side run on the same data
    python -m train.distill --tag tactical --tactical --no-generate --start BEST.nnw   # ten inputs more

One process, one thread (Sage is called with n_threads=1; run numpy with OPENBLAS_NUM_THREADS=1).
Each round of the loop:

1. Positions (until --positions): games between Sage at 1 ply and the network being trained
   (each side either, some moves drawn at random among the near-best, --explore), every
   position met with its side on roll, plus now and then a play not chosen (the network
   must rank bad plays too). Positions already in the data are dropped.
2. Labels: Sage's chances (win, gammon+, backgammon, for each side) for the side on roll, at
   1 ply for every position and at 2 ply for a share of them (--two-ply); the 2-ply ones are
   the targets where they exist. A chunk of them is written to train/labels/backgammon-distill/
   (small: committed with the checkpoints).
3. Training: Adam on the cross-entropy of each sigmoid output against Sage's chance, in
   minibatches drawn from all the data (--replay samples for each new position; once the data
   is complete, --train-samples a round). 1 position in 64 (by its hash) is held out.
4. Every --checkpoint-minutes: the held-out figures, the checkpoint train/checkpoints/backgammon-TAG.npz
   (+ .nnw in the shipped format; Adam's moments in .adam.npz, not kept in git) and a line in
   train/logs/backgammon-TAG.csv; from --bench-minutes on, at the next checkpoint, a benchmark
   first: the network at 1 ply against gnubg 0-ply (gnubg-nn, only to measure) and Sage 1 ply,
   the same paired dice every time, a line per opponent, and the best weights against gnubg in
   train/checkpoints/backgammon-TAG-best.nnw. A new run measures its first weights the same way.

Killed at any time, the next run goes on from the last chunk and the last checkpoint.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from nardcore.bots.neural import Network
from nardcore.variant import find_variant

from . import td
from .npnet import Net, encode
from .play import Score, match_up, net_player
from .sage import Teacher, equity, flip, from_sage, sage_module, sage_player
from .td import widen, write_weights

ROOT = Path(__file__).resolve().parent.parent
CHECKPOINTS = ROOT / "train" / "checkpoints"
LOGS = ROOT / "train" / "logs"
DATA = ROOT / "train" / "labels" / "backgammon-distill"  # committed: the labels come with a checkout
SHIPPED = ROOT / "nardcore" / "bots" / "weights" / "backgammon.nnw"
VARIANT = find_variant("backgammon")
LOG_FIELDS = ["positions", "two_ply", "samples", "hours", "lr", "train_loss", "valid_loss", "valid_mp",
              "opponent", "bench_games", "share", "low", "high"]
HELD_OUT = 64  # one position in 64, by hash, never trained on
VALID_SIZE = 20_000
MAX_TURNS = 1000

F64 = npt.NDArray[np.float64]
Scalar = TypeVar("Scalar", bound=np.generic)
State = dict[str, float | str]
I64 = npt.NDArray[np.int64]

# -- the data -------------------------------------------------------------------------------

_HASH = np.random.default_rng(20261124).integers(1, 2**63, size=52, dtype=np.uint64) | np.uint64(1)


def board_hashes(boards: npt.NDArray[np.integer]) -> npt.NDArray[np.uint64]:
    """A 64-bit hash of each (2, 26) board: a random linear form, wrapping around."""
    flat = np.asarray(boards).reshape(len(boards), 52).astype(np.uint64)
    with np.errstate(over="ignore"):
        return np.asarray((flat * _HASH).sum(axis=1, dtype=np.uint64), dtype=np.uint64)


LABEL_SCALE = 65535  # chances kept as 16-bit integers: within 8e-6 of Sage's


class Data:
    """The labelled positions on disk (chunk-NNNNNN.npz, each written whole) and in memory.

    A chunk keeps each board as int8 (2, 26) in our layout, its target chances as uint16 in
    65535ths (Sage's 2-ply chances where labelled at 2 ply, else its 1-ply ones) and which
    rows are 2-ply: about 0.4 MB for 20,000 positions, small enough to commit, so that the
    data comes with a checkout (train/labels/; the chunks of the first runs, float32 with both
    plies, are read as well).
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.boards = np.zeros((0, 2, 26), dtype=np.int8)
        self.target = np.zeros((0, 5), dtype=np.float32)
        self.is_two = np.zeros(0, dtype=bool)
        self.hashes = np.zeros(0, dtype=np.uint64)
        self._known = np.zeros(0, dtype=np.uint64)  # sorted
        self.size = 0
        self.chunks = 0
        folder.mkdir(parents=True, exist_ok=True)
        for path in sorted(folder.glob("chunk-*.npz")):
            with np.load(path) as chunk:
                if "labels" in chunk:
                    self._append(chunk["boards"], chunk["labels"].astype(np.float32) / LABEL_SCALE, chunk["two_ply"])
                else:
                    one, two = chunk["one"], chunk["two"]
                    is_two = ~np.isnan(two[:, 0])
                    self._append(chunk["boards"], np.where(is_two[:, None], two, one), is_two)
            self.chunks += 1

    def _append(self, boards: npt.NDArray[np.int8], target: npt.NDArray[np.float32],
                is_two: npt.NDArray[np.bool_]) -> None:
        n = len(boards)
        if self.size + n > len(self.boards):
            capacity = max(2 * len(self.boards), self.size + n, 100_000)
            self.boards = _grow(self.boards, capacity)
            self.target = _grow(self.target, capacity)
            self.is_two = _grow(self.is_two, capacity)
            self.hashes = _grow(self.hashes, capacity)
        end = self.size + n
        self.boards[self.size : end] = boards
        self.target[self.size : end] = target
        self.is_two[self.size : end] = is_two
        hashes = board_hashes(boards)
        self.hashes[self.size : end] = hashes
        self._known = np.union1d(self._known, hashes)
        self.size = end

    def unseen(self, boards: I64) -> I64:
        """Those boards not in the data yet, each once, in their first order."""
        if not len(boards):
            return boards
        hashes = board_hashes(boards)
        _, first = np.unique(hashes, return_index=True)
        first.sort()
        fresh = first[~np.isin(hashes[first], self._known, assume_unique=False)]
        return boards[fresh]

    def add_chunk(self, boards: I64, one: F64, two: F64) -> None:
        path = self.folder / f"chunk-{self.chunks:06d}.npz"
        temp = path.with_suffix(".tmp.npz")
        is_two = ~np.isnan(two[:, 0])
        labels = np.rint(np.clip(np.where(is_two[:, None], two, one), 0, 1) * LABEL_SCALE).astype(np.uint16)
        b8 = boards.astype(np.int8)
        np.savez_compressed(temp, boards=b8, labels=labels, two_ply=is_two)
        temp.replace(path)
        self._append(b8, labels.astype(np.float32) / LABEL_SCALE, is_two)
        self.chunks += 1

    def targets(self, rows: I64) -> F64:
        """Sage's 2-ply chances where known, else its 1-ply ones."""
        return self.target[rows].astype(np.float64)

    def split(self) -> tuple[I64, I64]:
        """Rows to train on, and the held-out rows (at most VALID_SIZE, the first ones)."""
        held = self.hashes[: self.size] % np.uint64(HELD_OUT) == 0
        return np.flatnonzero(~held), np.flatnonzero(held)[:VALID_SIZE]

    @property
    def two_ply(self) -> int:
        return int(self.is_two[: self.size].sum())


def _grow(array: npt.NDArray[Scalar], capacity: int) -> npt.NDArray[Scalar]:
    bigger: npt.NDArray[Scalar] = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    if array.dtype.kind == "f":
        bigger[:] = np.nan
    bigger[: len(array)] = array
    return bigger


# -- positions from games -------------------------------------------------------------------

Chooser = Callable[[list[list[int]], list[int]], F64]  # candidates, board before -> mover's equities


def sage_values(teacher: Teacher) -> Chooser:
    def values(candidates: list[list[int]], before: list[int]) -> F64:
        return equity(teacher.after_play(np.array(candidates), "1ply", before))

    return values


def net_values(net: Net) -> Chooser:
    def values(candidates: list[list[int]], before: list[int]) -> F64:
        boards = from_sage(flip(np.array(candidates)))  # the opponent on roll
        return -equity(net.outputs(encode(boards, VARIANT, net.tactical)))

    return values


@dataclass
class Generator:
    teacher: Teacher
    net: Net
    explore: tuple[float, ...]  # per game, the chance of each play to be drawn rather than the best
    temperature: float  # points: how fast a draw's chance falls off with the play's loss
    alternatives: float  # chance that a play's result not chosen is kept too

    def game(self, rng: random.Random) -> list[list[int]]:
        """One game's positions, Sage boards from the side on roll's view (its alternatives too)."""
        cpp = self.teacher.cpp
        choosers = [sage_values(self.teacher), net_values(self.net)]
        sides = [rng.choice(choosers), rng.choice(choosers)]
        explore = rng.choice(self.explore)
        while True:
            first, second = rng.randint(1, 6), rng.randint(1, 6)
            if first != second:
                break
        board: list[int] = list(sage_module("bgsage").STARTING_BOARD)
        side, dice = rng.randint(0, 1), (first, second)
        found: list[list[int]] = []
        for _ in range(MAX_TURNS):
            found.append(board)
            candidates = [list(c) for c in cpp.possible_moves(board, *dice)]
            if candidates:
                over = [abs(cpp.check_game_over(c)) for c in candidates]
                if any(over):
                    return found
                choice = 0
                if len(candidates) > 1:
                    values = sides[side](candidates, board)
                    if rng.random() < explore:
                        weights = np.exp((values - values.max()) / self.temperature)
                        choice = rng.choices(range(len(candidates)), list(weights))[0]
                    else:
                        choice = int(np.argmax(values))
                    if rng.random() < self.alternatives:
                        other = rng.randrange(len(candidates) - 1)
                        found.append(list(cpp.flip_board(candidates[other + (other >= choice)])))
                board = candidates[choice]
            board = list(cpp.flip_board(board))
            side, dice = 1 - side, (rng.randint(1, 6), rng.randint(1, 6))
        return found


# -- training -------------------------------------------------------------------------------

PARAMS = ("w1", "b1", "w2", "b2")


class Adam:
    def __init__(self, net: Net, state: dict[str, F64] | None = None) -> None:
        arrays = net.arrays()
        self.m = {k: np.zeros_like(arrays[k]) for k in PARAMS}
        self.v = {k: np.zeros_like(arrays[k]) for k in PARAMS}
        self.t = 0
        if state is not None and all(state[f"m_{k}"].shape == arrays[k].shape for k in PARAMS):
            self.m = {k: state[f"m_{k}"] for k in PARAMS}
            self.v = {k: state[f"v_{k}"] for k in PARAMS}
            self.t = int(state["t"])

    def step(self, net: Net, grads: dict[str, F64], lr: float) -> None:
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        arrays = net.arrays()
        for k in PARAMS:
            self.m[k] = b1 * self.m[k] + (1 - b1) * grads[k]
            self.v[k] = b2 * self.v[k] + (1 - b2) * grads[k] ** 2
            m_hat = self.m[k] / (1 - b1**self.t)
            v_hat = self.v[k] / (1 - b2**self.t)
            arrays[k] -= lr * m_hat / (np.sqrt(v_hat) + eps)  # in place: the net's own arrays

    def state(self) -> dict[str, F64]:
        found = {f"m_{k}": self.m[k] for k in PARAMS} | {f"v_{k}": self.v[k] for k in PARAMS}
        found["t"] = np.array(self.t, dtype=np.float64)
        return found


def cross_entropy(out: F64, target: F64) -> float:
    """Mean over positions of the summed binary cross-entropy of the outputs."""
    o = np.clip(out, 1e-7, 1 - 1e-7)
    return float(-(target * np.log(o) + (1 - target) * np.log(1 - o)).sum(axis=1).mean())


def gradients(net: Net, x: F64, target: F64) -> tuple[float, dict[str, F64]]:
    """Cross-entropy and its gradient (sigmoid outputs: the output error is out - target)."""
    hidden, out = net.forward(x)
    d_out = (out - target) / len(x)
    d_hidden = (d_out @ net.w2.T) * hidden * (1 - hidden)
    grads = {"w2": hidden.T @ d_out, "b2": d_out.sum(axis=0), "w1": x.T @ d_hidden, "b1": d_hidden.sum(axis=0)}
    return cross_entropy(out, target), grads


def validate(net: Net, data: Data, rows: I64) -> tuple[float, float]:
    """Cross-entropy and mean equity error (millipoints) against Sage on the held-out rows."""
    if not len(rows):
        return math.nan, math.nan
    losses, errors = [], []
    for at in range(0, len(rows), 4096):
        part = rows[at : at + 4096]
        target = data.targets(part)
        out = net.outputs(encode(data.boards[part].astype(np.int64), VARIANT, net.tactical))
        losses.append(cross_entropy(out, target) * len(part))
        errors.append(np.abs(equity(out) - equity(target)).sum())
    return float(sum(losses) / len(rows)), float(1000 * sum(errors) / len(rows))


# -- files ----------------------------------------------------------------------------------


def run_name(tag: str) -> str:
    return f"backgammon-{tag}"


def net_from_nnw(path: Path) -> Net:
    return Net.from_network(Network.from_bytes(path.read_bytes()))


def load(tag: str, start: Path) -> tuple[Net, State, dict[str, F64] | None]:
    path = CHECKPOINTS / f"{run_name(tag)}.npz"
    if path.exists():
        with np.load(path) as saved:
            net = Net("backgammon", saved["w1"], saved["b1"], saved["w2"], saved["b2"])
            state = json.loads(str(saved["state"]))
        optimizer = CHECKPOINTS / f"{run_name(tag)}.adam.npz"
        moments = None
        if optimizer.exists():
            with np.load(optimizer) as saved:
                moments = {k: saved[k] for k in saved.files}
        return net, state, moments
    if start.suffix == ".npz":
        with np.load(start) as saved:
            net = Net("backgammon", saved["w1"], saved["b1"], saved["w2"], saved["b2"])
    else:
        net = net_from_nnw(start)
    return net, {"samples": 0, "seconds": 0.0, "best_share": 0.0, "start": str(start.resolve().relative_to(ROOT))}, None


def save(net: Net, state: Mapping[str, object], adam: Adam, name: str, info: dict[str, object]) -> None:
    """Run `name`'s checkpoint: weights and state (.npz), the shippable weights (.nnw) and
    Adam's moments (.adam.npz, not in git), each file replaced whole."""
    CHECKPOINTS.mkdir(parents=True, exist_ok=True)
    path = CHECKPOINTS / f"{name}.npz"
    temp = path.with_suffix(".tmp.npz")
    np.savez_compressed(temp, state=np.array(json.dumps(state)), w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2)
    temp.replace(path)
    write_weights(net, info, CHECKPOINTS / f"{name}.nnw")
    optimizer = CHECKPOINTS / f"{name}.adam.npz"
    temp = optimizer.with_suffix(".tmp.npz")
    moments: dict[str, Any] = adam.state()
    np.savez(temp, **moments)
    temp.replace(optimizer)


def log(tag: str, row: dict[str, object]) -> None:
    td.log(run_name(tag), row, LOG_FIELDS)


def as_shipped(net: Net) -> Net:
    """A copy for the benchmark (float32 weights, as the shipped file holds them)."""
    return Net(net.variant_name, *(a.astype(np.float32).astype(np.float64) for a in (net.w1, net.b1, net.w2, net.b2)))


def benchmark(net: Net, teacher: Teacher, gnubg_pairs: int, sage_pairs: int) -> list[tuple[str, Score]]:
    """The network at 1 ply against gnubg 0-ply and Sage 1 ply; the same dice every time."""
    from .opponents import gnubg_player

    ours = net_player(as_shipped(net))
    found = []
    if gnubg_pairs:
        found.append(("gnubg0", match_up(VARIANT, ours, gnubg_player(), gnubg_pairs, seed=2026)))
    if sage_pairs:
        found.append(("sage1", match_up(VARIANT, ours, sage_player(teacher), sage_pairs, seed=2027)))
    return found


# -- the loop -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tag", default="distill", help="the run's files: train/checkpoints/backgammon-TAG.*")
    parser.add_argument("--start", type=Path, default=SHIPPED, help="first weights (.nnw or .npz) of a new run")
    parser.add_argument("--widen-to", type=int, default=None, help="first widen to this many hidden units")
    parser.add_argument("--positions", type=int, default=6_000_000, help="stop generating at this many")
    parser.add_argument("--tactical", action="store_true",
                        help="add the ten tactical inputs (nardcore.bots.tactics) to a new run's network")
    parser.add_argument("--no-generate", action="store_true", help="train on the data as it is (a side run)")
    parser.add_argument("--chunk", type=int, default=20_000, help="new positions a round")
    parser.add_argument("--two-ply", type=float, default=1.0, help="share of new positions labelled at 2 ply")
    parser.add_argument("--explore", type=float, nargs="+", default=[0.0, 0.03, 0.1, 0.3],
                        help="per game, one of these: the chance of each play to be drawn, not the best")
    parser.add_argument("--temperature", type=float, default=0.1, help="of the drawn plays, in points")
    parser.add_argument("--alternatives", type=float, default=0.25, help="chance to keep a play not chosen")
    parser.add_argument("--replay", type=float, default=30.0, help="samples trained per new position")
    parser.add_argument("--train-samples", type=int, default=2_000_000, help="samples a round once data is complete")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's step size at first")
    parser.add_argument("--lr-halving", type=float, default=100e6, help="samples over which the step size halves")
    parser.add_argument("--lr-floor", type=float, default=2e-5)
    parser.add_argument("--checkpoint-minutes", type=float, default=5.0)
    parser.add_argument("--bench-minutes", type=float, default=30.0, help="a benchmark at the first checkpoint after")
    parser.add_argument("--bench-pairs", type=int, default=500, help="pairs of games against gnubg 0-ply")
    parser.add_argument("--sage-pairs", type=int, default=150, help="pairs of games against Sage 1 ply")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of labelled chunks")
    parser.add_argument("--hours", type=float, default=None, help="stop after this long (a checkpoint first)")
    args = parser.parse_args(argv)

    teacher = Teacher()
    data = Data(args.data)
    net, state, moments = load(args.tag, args.start)
    if args.widen_to:
        net = widen(net, args.widen_to, np.random.default_rng(args.seed))
    if args.tactical:
        net = net.with_tactical_inputs()
    adam = Adam(net, moments)
    generator = Generator(teacher, net, tuple(args.explore), args.temperature, args.alternatives)
    samples = int(state["samples"])
    seconds_before = float(state["seconds"])
    best_share = float(state.get("best_share", 0.0))
    started = time.time()
    last_checkpoint = last_bench = started
    last_note = 0.0
    recent_loss: list[float] = []
    train_rows, valid_rows = data.split()
    valid_loss, valid_mp = validate(net, data, valid_rows)
    print(f"distill {args.tag}: {net.w1.shape[1]} hidden units, {data.size} positions "
          f"({data.two_ply} at 2 ply), {samples} samples trained; held out: loss {valid_loss:.4f}, "
          f"{valid_mp:.1f} mp", flush=True)
    made_this_run = 0

    def lr() -> float:
        return float(max(args.lr * 0.5 ** (samples / args.lr_halving), args.lr_floor))

    def checkpoint(bench: bool) -> None:
        """Held-out figures, the checkpoint, a line in the log; with `bench`, the benchmark first."""
        nonlocal best_share, valid_loss, valid_mp, last_checkpoint, last_bench
        valid_loss, valid_mp = validate(net, data, valid_rows)
        results = benchmark(net, teacher, args.bench_pairs, args.sage_pairs) if bench else []
        hours = (seconds_before + time.time() - started) / 3600
        row: dict[str, object] = {
            "positions": data.size, "two_ply": data.two_ply, "samples": samples, "hours": round(hours, 3),
            "lr": f"{lr():.2e}", "train_loss": round(float(np.mean(recent_loss)), 5) if recent_loss else "",
            "valid_loss": round(valid_loss, 5), "valid_mp": round(valid_mp, 2)}
        notes = []
        for opponent, score in results:
            low, high = score.interval()
            notes.append(f"{score.share:.1%} vs {opponent} [{low:.1%}, {high:.1%}] in {score.games}")
            log(args.tag, row | {"opponent": opponent, "bench_games": score.games, "share": round(score.share, 4),
                                 "low": round(low, 4), "high": round(high, 4)})
        if not results:
            log(args.tag, row)
        info: dict[str, object] = {"samples": samples, "positions": data.size, "teacher": "Open Sage (bgsage)",
                                   "held_out_mp": round(valid_mp, 2)}
        if notes:
            info["benchmark"] = "; ".join(notes)
            last_bench = time.time()
        gnubg = dict(results).get("gnubg0")
        if gnubg is not None and gnubg.share > best_share:
            best_share = gnubg.share
            write_weights(net, info, CHECKPOINTS / f"{run_name(args.tag)}-best.nnw")
        new_state: State = {"samples": samples, "seconds": seconds_before + time.time() - started,
                            "best_share": best_share, "start": state.get("start", "")}
        save(net, new_state, adam, run_name(args.tag), info)
        recent_loss.clear()
        last_checkpoint = time.time()
        print(f"distill {args.tag}: checkpoint at {samples} samples, {data.size} positions; held out: loss "
              f"{valid_loss:.4f}, {valid_mp:.1f} mp; {'; '.join(notes) or 'no benchmark this time'}", flush=True)

    if samples == 0 and not (LOGS / f"{run_name(args.tag)}.csv").exists():
        checkpoint(bench=True)  # the first weights' figures, on the same dice as every later benchmark

    while True:
        generating = not args.no_generate and data.size < args.positions
        if generating:
            round_start = time.time()
            rng = random.Random(f"{args.seed}:{data.chunks}")
            found: list[list[int]] = []
            fresh = np.zeros((0, 2, 26), dtype=np.int64)
            while len(fresh) < args.chunk:
                found += generator.game(rng)
                if len(found) >= 2000:
                    fresh = np.concatenate([fresh, data.unseen(from_sage(np.array(found)))])
                    fresh = fresh[np.unique(board_hashes(fresh), return_index=True)[1]]
                    found = []
            fresh = fresh[: args.chunk]
            one = teacher.on_roll(fresh, "1ply")
            two = np.full_like(one, np.nan)
            pick = np.flatnonzero(np.random.default_rng([args.seed, data.chunks]).random(len(fresh)) < args.two_ply)
            if len(pick):
                two[pick] = teacher.on_roll(fresh[pick], "2ply")
            data.add_chunk(fresh, one, two)
            made_this_run += len(fresh)
            train_rows, valid_rows = data.split()
            to_train = int(args.replay * len(fresh))
            round_seconds = time.time() - round_start
        else:
            to_train = args.train_samples
            round_seconds = 0.0
        if not len(train_rows):
            raise SystemExit(f"no positions to train on in {args.data}")
        rng_np = np.random.default_rng([args.seed, samples])
        done = 0
        while done < to_train:
            rows = train_rows[rng_np.integers(0, len(train_rows), args.batch)]
            x = encode(data.boards[rows].astype(np.int64), VARIANT, net.tactical)
            loss, grads = gradients(net, x, data.targets(rows))
            adam.step(net, grads, lr())
            recent_loss.append(loss)
            done += args.batch
            samples += args.batch
        elapsed = time.time() - started
        if time.time() - last_note > 60:
            last_note = time.time()
            rate = made_this_run / elapsed
            left = (args.positions - data.size) / rate / 3600 if generating and rate else 0.0
            print(f"distill {args.tag}: {data.size} positions ({data.two_ply} at 2 ply), {rate:.0f}/s labelled "
                  f"this run (last round {round_seconds:.0f} s), {samples / 1e6:.1f}M samples, lr {lr():.1e}, "
                  f"loss {np.mean(recent_loss[-500:]):.4f}, {left:.1f} h of positions left; "
                  f"held out at the last checkpoint: {valid_mp:.1f} mp", flush=True)
        stop = args.hours is not None and elapsed > args.hours * 3600
        if time.time() - last_checkpoint > args.checkpoint_minutes * 60 or stop:
            checkpoint(bench=time.time() - last_bench > args.bench_minutes * 60 or stop)
        if stop:
            break


if __name__ == "__main__":
    main(sys.argv[1:])
