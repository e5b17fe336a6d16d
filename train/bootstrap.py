"""Bootstrapping from search: a game's network learns its own one-ply look-ahead (numpy); resumable.

    python -m train.bootstrap narde --tag boot --start train/checkpoints/narde-long-55k.nnw --hours 2
    python -m train.bootstrap moultezim --tag wide --start train/checkpoints/moultezim-boot.nnw \
        --widen-to 128 --labels-from boot      # a wider network, on the boot run's labels as well

TD(lambda) learns a position's value from the next positions of self-play at 0 ply, and in the
four games without a teacher it levels off (docs/training.md, "Bootstrapping"). Here the target
is a better estimate of the same network: the average over the 21 rolls of the outcome chances
after the mover's best play at 0 ply (what the `strongest` level's look-ahead sees, one ply
deeper than the network). The network trained on it answers at 0 ply about as its look-ahead
did, and its look-ahead again one ply better: each round of new labels comes from the network
as it stands. Each round:

1. Positions from games of the network against itself (each play drawn by its value with
   --temperature in a share --explore of the games' moves) and, in a share --versus-heuristic
   of the games, against the heuristic player (the positions it steers into, which self-play
   seldom reaches), each with its side on roll; home-
   board races (the bear-off database answers them exactly) and positions already labelled left
   out.
2. Labels: the one-ply chances, kept in train/labels/VARIANT-TAG/chunk-NNNNNN.npz (int8 boards,
   uint16 chances; small, committed with the checkpoints).
3. Training: Adam on the cross-entropy of each output, minibatches drawn from all the labels
   (--replay samples for each new position); 1 position in 64 (by its hash) held out.
4. Every --checkpoint-minutes: the checkpoint (train/checkpoints/VARIANT-TAG.npz and .nnw,
   Adam's moments in .adam.npz, not in git), a benchmark at 0 ply against the frozen network
   (bench/frozen/VARIANT.nnw) and against the heuristic player (the same paired dice every
   time) and a line in train/logs/VARIANT-TAG.csv; the best weights so far (the higher mean
   of the two shares) in VARIANT-TAG-best.nnw.

Killed at any time, the next run goes on from the last chunk and checkpoint.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nardcore.bots.bearoff import race_outcomes
from nardcore.bots.neural import OUTCOMES, Network, Outcomes
from nardcore.dice import ROLLS
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant

from . import td
from .distill import CHECKPOINTS, Adam, as_shipped, board_hashes, cross_entropy, gradients, save
from .npnet import Net, boards_of, encode
from .play import EndlessGame, Player, Score, heuristic_player, match_up, net_player, on_roll_outcomes, play_game

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "train" / "labels"
FROZEN = ROOT / "bench" / "frozen"
LABEL_SCALE = 65535
HELD_OUT = 64
LOG_FIELDS = ["positions", "samples", "hours", "lr", "train_loss", "valid_loss", "valid_mp",
              "bench_games", "share", "low", "high", "heuristic_share", "heuristic_low", "heuristic_high"]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


def flip_matrix(spec: Outcomes) -> tuple[F64, F64]:
    """`spec.flip` as an affine map (rows @ matrix + offset): it swaps and complements outputs."""
    offset = np.array(spec.flip([0.0] * spec.size))
    matrix = np.array([np.array(spec.flip(list(row))) - offset for row in np.eye(spec.size)])
    return matrix, offset


def one_ply_outcomes(net: Net, positions: list[Position]) -> F64:
    """For each position (its side on roll about to roll): the average over the 21 rolls of
    the chances, for that side, after its best play by the network at 0 ply."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    matrix, offset = flip_matrix(spec)
    results: list[Position] = []
    spans: list[tuple[int, int]] = []
    for position in positions:
        for roll in ROLLS:
            found = result_positions(position, roll.dice)
            spans.append((len(results), len(found)))
            results += found
    theirs = on_roll_outcomes(net, results)  # each result's chances for the opponent, on roll in it
    their_equity = theirs @ weights
    mine = theirs @ matrix + offset
    labels = np.zeros((len(positions), spec.size))
    for k, (start, count) in enumerate(spans):
        best = start + int(np.argmin(their_equity[start : start + count]))
        labels[k // len(ROLLS)] += float(ROLLS[k % len(ROLLS)].probability) * mine[best]
    return labels


class Labels:
    """The labelled positions on disk (chunk-NNNNNN.npz, each written whole) and in memory;
    `borrowed`: other runs' folders, read first and never written to."""

    def __init__(self, folder: Path, size: int, borrowed: Sequence[Path] = ()) -> None:
        self.folder = folder
        self.boards = np.zeros((0, 2, 26), dtype=np.int8)
        self.target = np.zeros((0, size), dtype=np.float32)
        self.hashes = np.zeros(0, dtype=np.uint64)
        self.known: set[int] = set()
        folder.mkdir(parents=True, exist_ok=True)
        own = sorted(folder.glob("chunk-*.npz"))
        boards, target = [self.boards], [self.target]
        for path in [*(p for other in borrowed for p in sorted(other.glob("chunk-*.npz"))), *own]:
            with np.load(path) as chunk:
                boards.append(chunk["boards"])
                target.append((chunk["labels"] / LABEL_SCALE).astype(np.float32))
        self._append(np.concatenate(boards), np.concatenate(target))  # once: not a copy per chunk
        self.chunks = len(own)  # this run's own

    def _append(self, boards: npt.NDArray[np.int8], target: npt.NDArray[np.float32]) -> None:
        self.boards = np.concatenate([self.boards, boards])
        self.target = np.concatenate([self.target, target])
        hashes = board_hashes(boards)
        self.hashes = np.concatenate([self.hashes, hashes])
        self.known.update(int(h) for h in hashes)

    def add_chunk(self, boards: I64, labels: F64) -> None:
        path = self.folder / f"chunk-{self.chunks:06d}.npz"
        temp = path.with_suffix(".tmp.npz")
        b8 = boards.astype(np.int8)
        stored = np.rint(np.clip(labels, 0, 1) * LABEL_SCALE).astype(np.uint16)
        np.savez_compressed(temp, boards=b8, labels=stored)
        temp.replace(path)
        self._append(b8, (stored / LABEL_SCALE).astype(np.float32))
        self.chunks += 1

    def split(self) -> tuple[I64, I64]:
        held = self.hashes % np.uint64(HELD_OUT) == 0
        return np.flatnonzero(~held), np.flatnonzero(held)


def explorer(net: Net, rng: random.Random, explore: float, temperature: float) -> Player:
    """The network at 0 ply; in a share `explore` of its moves a play drawn by value."""
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    greedy = net_player(net)
    scale = temperature * max(abs(w) for w in spec.weights)

    def choose(position: Position, dice: tuple[int, int], candidates: list[Position]) -> Position:
        if rng.random() >= explore:
            return greedy(position, dice, candidates)
        mine = -(on_roll_outcomes(net, candidates) @ weights)
        chances = np.exp((mine - mine.max()) / scale)
        return rng.choices(candidates, list(chances))[0]

    return choose


def new_positions(net: Net, labels: Labels, count: int, rng: random.Random, explore: float,
                  temperature: float, versus_heuristic: float = 0.0) -> list[Position]:
    """At least `count` positions from self-play (a share `versus_heuristic` of the games
    against the heuristic player, on either side), none labelled yet, no home-board races."""
    variant = find_variant(net.variant_name)
    player = explorer(net, rng, explore, temperature)
    heuristic = heuristic_player()
    found: dict[int, Position] = {}
    while len(found) < count:
        players = [player, player]
        if rng.random() < versus_heuristic:
            players[rng.randrange(2)] = heuristic
        try:
            played = play_game(variant, players, rng)
        except EndlessGame:
            continue
        live = [p for p in played.seen if race_outcomes(p) is None]
        if not live:
            continue
        for h, p in zip(board_hashes(boards_of(live)), live, strict=True):
            if int(h) not in labels.known:
                found.setdefault(int(h), p)
    return list(found.values())


def validate(net: Net, labels: Labels, rows: I64) -> tuple[float, float]:
    """Cross-entropy and mean equity error (millipoints) on the held-out rows."""
    if not len(rows):
        return float("nan"), float("nan")
    spec = OUTCOMES[net.variant_name]
    weights = np.array(spec.weights)
    variant = find_variant(net.variant_name)
    out = net.outputs(encode(labels.boards[rows].astype(np.int64), variant, net.tactical))
    target = labels.target[rows].astype(np.float64)
    return cross_entropy(out, target), float(1000 * np.abs((out - target) @ weights).mean())


def load(variant: str, tag: str, start: Path) -> tuple[Net, dict[str, float], Adam]:
    name = f"{variant}-{tag}"
    path = CHECKPOINTS / f"{name}.npz"
    if path.exists():
        with np.load(path) as saved:
            net = Net(variant, saved["w1"], saved["b1"], saved["w2"], saved["b2"])
            state = json.loads(str(saved["state"]))
        moments = CHECKPOINTS / f"{name}.adam.npz"
        if moments.exists():
            with np.load(moments) as saved:
                return net, state, Adam(net, {k: saved[k] for k in saved.files})
        return net, state, Adam(net)
    net = Net.from_network(Network.from_bytes(start.read_bytes()))
    return net, {"samples": 0, "seconds": 0.0, "best_mean_share": 0.0}, Adam(net)


def frozen_net(variant: str) -> Net:
    return Net.from_network(Network.from_bytes((FROZEN / f"{variant}.nnw").read_bytes()))


def benchmark(net: Net, pairs: int) -> tuple[Score, Score]:
    """The network at 0 ply (float32 weights, as shipped) against the frozen one at 0 ply, and
    against the heuristic player: the issue's two yardsticks, which can move apart."""
    ours = net_player(as_shipped(net))
    frozen = net_player(frozen_net(net.variant_name))
    return (match_up(net.variant_name, ours, frozen, pairs, seed=2028),
            match_up(net.variant_name, ours, heuristic_player(), pairs, seed=2029))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", choices=VARIANT_NAMES[1:])
    parser.add_argument("--tag", default="boot", help="the run's files: train/checkpoints/VARIANT-TAG.*")
    parser.add_argument("--start", type=Path, default=None, help="first weights (.nnw) of a new run")
    parser.add_argument("--chunk", type=int, default=4000, help="new positions a round")
    parser.add_argument("--explore", type=float, default=0.1, help="share of moves drawn by value")
    parser.add_argument("--temperature", type=float, default=0.05, help="of a draw, in the game's largest win")
    parser.add_argument("--versus-heuristic", type=float, default=0.0,
                        help="share of the games played against the heuristic player")
    parser.add_argument("--widen-to", type=int, default=None,
                        help="a new run first widens the network to this many hidden units (new units start silent)")
    parser.add_argument("--labels-from", nargs="*", default=[], metavar="TAG",
                        help="also train on these runs' labels of the same game (read, never written)")
    parser.add_argument("--replay", type=float, default=20.0, help="samples trained per new position")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-4, help="Adam's step size at first")
    parser.add_argument("--lr-halving", type=float, default=20e6, help="samples over which the step size halves")
    parser.add_argument("--checkpoint-minutes", type=float, default=20.0)
    parser.add_argument("--bench-pairs", type=int, default=300,
                        help="pairs of games against frozen, and against the heuristic, at 0 ply")
    parser.add_argument("--hours", type=float, default=None, help="stop after this long (a checkpoint first)")
    args = parser.parse_args(argv)

    variant = args.variant
    name = f"{variant}-{args.tag}"
    start = args.start or (ROOT / "nardcore" / "bots" / "weights" / f"{variant}.nnw")
    net, state, adam = load(variant, args.tag, start)
    if args.widen_to and not state["samples"]:
        net = td.widen(net, args.widen_to, np.random.default_rng(0))
        adam = Adam(net)
    borrowed = [LABELS / f"{variant}-{tag}" for tag in args.labels_from]
    labels = Labels(LABELS / name, OUTCOMES[variant].size, borrowed)
    samples = int(state["samples"])
    rng = random.Random(f"{variant}:{labels.chunks}")
    np_rng = np.random.default_rng(labels.chunks)
    started = last_checkpoint = time.time()
    seconds_before = float(state["seconds"])
    losses: list[float] = []
    print(f"{name}: {len(labels.boards)} labelled positions, {samples} samples trained so far", flush=True)

    def lr() -> float:
        return float(args.lr * 0.5 ** (samples / args.lr_halving))

    def checkpoint() -> None:
        nonlocal last_checkpoint
        _, held = labels.split()
        valid_loss, valid_mp = validate(net, labels, held)
        score, versus_heuristic = benchmark(net, args.bench_pairs)
        low, high = score.interval()
        heuristic_low, heuristic_high = versus_heuristic.interval()
        hours = (seconds_before + time.time() - started) / 3600
        td.log(name, {"positions": len(labels.boards), "samples": samples, "hours": round(hours, 3),
                      "lr": f"{lr():.2e}", "train_loss": round(float(np.mean(losses)) if losses else 0.0, 5),
                      "valid_loss": round(valid_loss, 5), "valid_mp": round(valid_mp, 2),
                      "bench_games": score.games, "share": round(score.share, 4), "low": round(low, 4),
                      "high": round(high, 4), "heuristic_share": round(versus_heuristic.share, 4),
                      "heuristic_low": round(heuristic_low, 4), "heuristic_high": round(heuristic_high, 4)},
               LOG_FIELDS)
        losses.clear()
        info = {"positions": len(labels.boards), "samples": samples,
                "benchmark": f"{score.share:.1%} vs frozen, {versus_heuristic.share:.1%} vs heuristic, 0 ply"}
        state.update(samples=samples, seconds=seconds_before + time.time() - started)
        # the best: the higher mean of the two shares (both targets count)
        mean_share = (score.share + versus_heuristic.share) / 2
        if mean_share > state.get("best_mean_share", 0.0):
            state["best_mean_share"] = mean_share
            td.write_weights(net, info, CHECKPOINTS / f"{name}-best.nnw")
        save(net, state, adam, f"{net.variant_name}-{args.tag}", info)
        print(f"{name}: checkpoint, {len(labels.boards)} positions, held-out error {valid_mp:.1f} mp, "
              f"{score.share:.1%} [{low:.1%}, {high:.1%}] of the points against frozen, "
              f"{versus_heuristic.share:.1%} [{heuristic_low:.1%}, {heuristic_high:.1%}] against the heuristic, "
              "at 0 ply", flush=True)
        last_checkpoint = time.time()

    game = find_variant(variant)
    if not labels.chunks:
        checkpoint()  # the starting network's figures, to compare the rounds with
    while True:
        t0 = time.time()
        fresh = new_positions(net, labels, args.chunk, rng, args.explore, args.temperature, args.versus_heuristic)
        t1 = time.time()
        labels.add_chunk(boards_of(fresh), np.concatenate(
            [one_ply_outcomes(net, fresh[at : at + 200]) for at in range(0, len(fresh), 200)]))
        t2 = time.time()
        train_rows, _ = labels.split()
        for _ in range(int(args.replay * len(fresh)) // args.batch):
            rows = train_rows[np_rng.integers(0, len(train_rows), args.batch)]
            x = encode(labels.boards[rows].astype(np.int64), game, net.tactical)
            loss, grads = gradients(net, x, labels.target[rows].astype(np.float64))
            adam.step(net, grads, lr())
            losses.append(loss)
            samples += args.batch
        t3 = time.time()
        print(f"{name}: {len(labels.boards)} positions (games {t1 - t0:.0f} s, labels {t2 - t1:.0f} s, "
              f"training {t3 - t2:.0f} s), loss {np.mean(losses[-200:]):.4f}, lr {lr():.1e}", flush=True)
        stop = args.hours is not None and time.time() - started > args.hours * 3600
        if stop or time.time() - last_checkpoint > args.checkpoint_minutes * 60:
            checkpoint()
        if stop:
            break


if __name__ == "__main__":
    main(sys.argv[1:])
