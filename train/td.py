"""TD(lambda) self-play training of one game's network; resumes from its checkpoint.

    python -m train.td backgammon            # train until --games (default 400,000), resumable
    python -m train.td narde --games 100000 --bench-every 5000

Each game is played greedily by the network against itself (0-ply). After the game, the
lambda-returns of its positions are computed backwards from the final result (each
position seen from its side on roll, so a step back flips the view) and the network takes
one gradient step towards them: TD(lambda), forward view, one update per game.

Every `--bench-every` games: a benchmark (backgammon: Tesauro's pubeval through gnubg-nn,
a test-only package, used only to measure; the other games: nardcore's heuristic bot), a
line in train/logs/VARIANT.csv, the checkpoint train/checkpoints/VARIANT.npz, and the
shipped weights nardcore/bots/weights/VARIANT.nnw. Interrupt at any time: the next run
continues from the last checkpoint (at most `--bench-every` games are lost).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from nardcore.bots.neural import OUTCOMES, final_outcome
from nardcore.position import Position
from nardcore.variant import VARIANT_NAMES, find_variant

from .npnet import Net, boards_of, encode
from .play import EndlessGame, heuristic_player, match_up, net_player, play_game

ROOT = Path(__file__).resolve().parent.parent
CHECKPOINTS = ROOT / "train" / "checkpoints"
LOGS = ROOT / "train" / "logs"
WEIGHTS = ROOT / "nardcore" / "bots" / "weights"
HIDDEN = {"backgammon": 80}
# Self-play alone never found moultezim's long primes (the network lost 70-85% of the points
# to the heuristic player after 30,000 games); a share of games against that player shows them.
SPARRING = {"moultezim": 0.3}
LOG_FIELDS = ["games", "hours", "alpha", "opponent", "bench_games", "share", "low", "high", "error"]


def alpha_at(games: int, start: float) -> float:
    """The step size: `start` at first, halved at 30k, 100k and 250k games."""
    drops = sum(games >= g for g in (30_000, 100_000, 250_000))
    return float(start / (2**drops))


def lambda_returns(
    net: Net, game_positions: list[Position], final_position: Position, lam: float
) -> tuple[np.ndarray, np.ndarray]:
    """Inputs of each position, and its lambda-return target, from its own side on roll."""
    spec = OUTCOMES[net.variant_name]
    variant = game_positions[0].variant
    x = encode(boards_of(game_positions), variant, net.tactical)
    values = net.outputs(x)
    targets = np.empty_like(values)
    last = len(game_positions) - 1
    targets[last] = final_outcome(final_position, game_positions[last].turn)
    for t in range(last - 1, -1, -1):
        blended = (1 - lam) * values[t + 1] + lam * targets[t + 1]
        if game_positions[t].turn != game_positions[t + 1].turn:
            blended = np.array(spec.flip(blended))
        targets[t] = blended
    return x, targets


def benchmark(net: Net, pairs: int, seed: int) -> tuple[str, object]:
    variant = find_variant(net.variant_name)
    ours = net_player(net)
    if variant.name == "backgammon":
        from .opponents import pubeval_player

        return "pubeval", match_up(variant, ours, pubeval_player(), pairs, seed)
    return "heuristic", match_up(variant, ours, heuristic_player(), pairs, seed)


def run_name(variant: str, tag: str | None) -> str:
    """The file name of a run: the game's own (its shipped weights), or a tagged side run."""
    return f"{variant}-{tag}" if tag else variant


def load(variant: str, hidden: int, seed: int, tag: str | None = None) -> tuple[Net, dict[str, float]]:
    """The run's checkpoint; a new tagged run starts from the game's own checkpoint."""
    for name in (run_name(variant, tag), variant):
        path = CHECKPOINTS / f"{name}.npz"
        if path.exists():
            data = np.load(path)
            net = Net(variant, data["w1"], data["b1"], data["w2"], data["b2"])
            return net, json.loads(str(data["state"]))
    return Net.fresh(variant, hidden, np.random.default_rng(seed)), {"games": 0, "seconds": 0.0}


def widen(net: Net, hidden: int, rng: np.random.Generator) -> Net:
    """The same network with `hidden` units: the new ones see the inputs through small random
    weights and start with no say in the outputs, so the network plays as before."""
    extra = hidden - net.w1.shape[1]
    if extra <= 0:
        return net
    return Net(
        net.variant_name,
        np.hstack([net.w1, rng.normal(0.0, 0.1, (net.w1.shape[0], extra))]),
        np.concatenate([net.b1, np.zeros(extra)]),
        np.vstack([net.w2, np.zeros((extra, net.w2.shape[1]))]),
        net.b2.copy(),
    )


def save(net: Net, state: dict[str, float], info: dict[str, object], tag: str | None = None) -> None:
    """The checkpoint; the shipped weights too, unless this is a tagged side run."""
    CHECKPOINTS.mkdir(parents=True, exist_ok=True)
    path = CHECKPOINTS / f"{run_name(net.variant_name, tag)}.npz"
    temp = path.with_suffix(".tmp.npz")
    np.savez_compressed(temp, state=np.array(json.dumps(state)), w1=net.w1, b1=net.b1, w2=net.w2, b2=net.b2)
    temp.replace(path)
    weights = (CHECKPOINTS if tag else WEIGHTS) / f"{run_name(net.variant_name, tag)}.nnw"
    write_weights(net, info, weights)


def write_weights(net: Net, info: dict[str, object], path: Path) -> None:
    """The network as a .nnw file, replaced whole (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_suffix(".tmp").write_bytes(net.to_network(info).to_bytes())
    path.with_suffix(".tmp").replace(path)


def log(name: str, row: dict[str, object], fields: list[str] = LOG_FIELDS) -> None:
    """One row appended to train/logs/NAME.csv (its header first when the file is new; a log
    whose header lacks some of `fields` is rewritten with them, its rows' new cells empty)."""
    LOGS.mkdir(parents=True, exist_ok=True)
    path = LOGS / f"{name}.csv"
    new = not path.exists()
    if not new:
        with path.open(newline="") as file:
            reader = csv.DictReader(file)
            rows = list(reader)
            header = reader.fieldnames or []
        if set(header) < set(fields):
            with path.open("w", newline="") as file:
                writer = csv.DictWriter(file, fieldnames=fields)
                writer.writeheader()
                writer.writerows({key: old.get(key, "") for key in fields} for old in rows)
    with path.open("a", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=fields)
        if new:
            writer.writeheader()
        writer.writerow(row)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant", choices=VARIANT_NAMES)
    parser.add_argument("--games", type=int, default=400_000, help="train until this many games in all")
    parser.add_argument("--hidden", type=int, default=None, help="hidden units of a new network")
    parser.add_argument("--alpha", type=float, default=0.1, help="step size at the start (per position)")
    parser.add_argument("--lam", type=float, default=0.7, help="TD lambda")
    parser.add_argument("--bench-every", type=int, default=2000)
    parser.add_argument("--bench-pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hours", type=float, default=None, help="stop after this long (a checkpoint first)")
    parser.add_argument("--tag", default=None,
                        help="a side run: its own checkpoint, log and weights (train/checkpoints/VARIANT-TAG.nnw), "
                        "starting from the game's checkpoint; the shipped weights are left alone")
    parser.add_argument("--widen-to", type=int, default=None,
                        help="first widen the network to this many hidden units (new units start silent)")
    parser.add_argument(
        "--sparring",
        type=float,
        default=None,
        help="share of games against the heuristic player, the network learning from both sides "
        "(default: 0.3 for moultezim, else 0)",
    )
    args = parser.parse_args(argv)

    hidden = args.hidden or HIDDEN.get(args.variant, 64)
    sparring = SPARRING.get(args.variant, 0.0) if args.sparring is None else args.sparring
    net, state = load(args.variant, hidden, args.seed, args.tag)
    if args.widen_to:
        net = widen(net, args.widen_to, np.random.default_rng(args.seed))
    variant = find_variant(args.variant)
    games = int(state["games"])
    rng = random.Random(f"{args.seed}:{games}")  # a resumed run is reproducible from its checkpoint
    player = net_player(net)
    sparring_partner = heuristic_player()
    started = time.time()
    seconds_before = float(state["seconds"])
    best_share = float(state.get("best_share", 0.0))
    last_bench = "none yet"
    errors: list[float] = []
    endless = 0
    tty = sys.stdout.isatty()
    print(f"{args.variant}: {net.w1.shape[1]} hidden units, {games} games so far, target {args.games}", flush=True)
    while games < args.games:
        players = [player, player]
        if sparring and rng.random() < sparring:
            players[rng.randrange(2)] = sparring_partner
        try:
            played = play_game(variant, players, rng)
        except EndlessGame:
            endless += 1  # an early network can hit back and forth for ever: no result to learn from
            continue
        x, targets = lambda_returns(net, played.seen, played.final, args.lam)
        errors.append(net.step(x, targets, alpha_at(games, args.alpha)))
        games += 1
        elapsed = time.time() - started
        if games % (100 if tty else 2000) == 0:
            rate = (games - int(state["games"])) / max(elapsed, 1e-9)
            left = (args.games - games) / rate if rate else 0
            line = (
                f"{args.variant}: {games} games, {rate:.1f}/s, {elapsed / 60:.0f} min this run, "
                f"{left / 3600:.1f} h left; error {np.mean(errors[-100:]):.4f}, {endless} endless; "
                f"last bench: {last_bench}"
            )
            print(("\r" if tty else "") + line + "   ", end="" if tty else "\n", flush=True)
        stop = args.hours is not None and elapsed > args.hours * 3600
        if games % args.bench_every == 0 or games >= args.games or stop:
            opponent, score = benchmark(net, args.bench_pairs, seed=games)
            low, high = score.interval()  # type: ignore[attr-defined]
            last_bench = f"{score.share:.1%} vs {opponent} [{low:.0%}, {high:.0%}]"  # type: ignore[attr-defined]
            hours = (seconds_before + time.time() - started) / 3600
            row = {
                "games": games,
                "hours": round(hours, 3),
                "alpha": alpha_at(games, args.alpha),
                "opponent": opponent,
                "bench_games": score.games,  # type: ignore[attr-defined]
                "share": round(score.share, 4),  # type: ignore[attr-defined]
                "low": round(low, 4),
                "high": round(high, 4),
                "error": round(float(np.mean(errors)) if errors else 0.0, 5),
            }
            errors.clear()
            log(run_name(args.variant, args.tag), row)
            info = {"games": games, "benchmark": last_bench, "lambda": args.lam}
            if score.share > best_share:  # type: ignore[attr-defined]
                # the weights jitter from one benchmark to the next: keep the best one seen
                best_share = score.share  # type: ignore[attr-defined]
                write_weights(net, info, CHECKPOINTS / f"{run_name(args.variant, args.tag)}-best.nnw")
            new_state = {"games": games, "seconds": seconds_before + time.time() - started, "best_share": best_share}
            save(net, new_state, info, args.tag)
            print(f"\n{args.variant}: checkpoint at {games} games; {last_bench}", flush=True)
            if stop:
                break
    print(f"\n{args.variant}: done, {games} games", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
