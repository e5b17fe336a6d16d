"""Measure the cube's efficiency x of Janowski's model by cubeful self-play (backgammon, money).

    python -m train.cube_efficiency play [--games 6000] [--kind contact|race] [--x-contact X --x-race X]
    python -m train.cube_efficiency fit [--results FILE ...]

`play`: start positions are drawn from seeded 0-ply self-play games of the shipped network
(every position before a roll, of the kind asked, whose live and dead cube equities differ
by at least MIN_GAP), each given a cube at random: centred at 1, or at 2 owned by the side
on roll or by the other side. From each, the game is played out by the same 0-ply player
with the cube, until its first cube action: at every later turn the side on roll doubles,
and the other side takes or passes, by Janowski's model (`nardcore.bots.cubeful`) at the
trial x; the first turn is rolled without a double, so that what is measured is the
no-double equity. Each game's record goes to a JSON-lines file, appended to, so a run resumes.

`fit`: the model says E[cubeful] = E_dead + x (E_live - E_dead). Measured is D = cubeful -
cubeless, game by game in the same dice: 0 for a game that ends with no cube action; at the
first double, the cube's value against the network's cubeless equity there for a pass, and
for a take the model's own cubeful equity of the taker's cube, 2 (x E_live + (1 - x) E_dead),
against it: D = alpha + beta x, a truncated cubeful rollout (the first market jump played,
what follows valued by the model). x is the fixed point of the least-squares slope of D on
(E_live - E_dead), with a 95% bootstrap interval, for contact and race.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from nardcore.bots.contact import is_race
from nardcore.bots.cubeful import Owner, dead_equity, live_equity, money_decision
from nardcore.bots.neural import network_for
from nardcore.movegen import result_positions
from nardcore.position import Position
from nardcore.variant import find_variant

from .npnet import Net
from .play import MAX_TURNS, net_player, on_roll_outcomes, play_game

BACKGAMMON = find_variant("backgammon")
LOGS = Path(__file__).resolve().parent / "logs"  # cube-efficiency-contact.jsonl, cube-efficiency-race.jsonl
MIN_GAP = 0.05  # live and dead equity closer than this tell little about x
OWNERS: tuple[Owner, ...] = ("centred", "centred", "mine", "theirs")


def starts(net: Net, kind: str, seed: int) -> Iterator[tuple[Position, list[float]]]:
    """Positions before a roll from seeded self-play, of `kind`, with their outputs."""
    player = net_player(net)
    rng = random.Random(seed)
    while True:
        played = play_game(BACKGAMMON, [player, player], rng)
        chosen = [p for p in played.seen[2:] if is_race(p) == (kind == "race")]
        rng.shuffle(chosen)
        for position in chosen[:3 if kind == "contact" else 8]:  # a few from each game, for variety
            yield position, list(on_roll_outcomes(net, [position])[0])


def play_out(net: Net, start: Position, owner: Owner, x: dict[str, float],
             rng: random.Random) -> tuple[float, float]:
    """One cubeful game from `start` (cube 1 or 2 as `owner` says) to its first cube action:
    (alpha, beta) with D = cubeful - cubeless = alpha + beta x, per unit of the start's cube,
    for the side on roll at the start (see the module's note)."""
    player = net_player(net)
    me = start.turn
    value = 1 if owner == "centred" else 2
    holder = None if owner == "centred" else me if owner == "mine" else 1 - me
    position = start
    for turn in range(MAX_TURNS):
        side = position.turn
        if turn and holder in (None, side):
            outputs = on_roll_outcomes(net, [position])[0]
            mine: Owner = "centred" if holder is None else "mine"
            decision = money_decision(outputs, x["race" if is_race(position) else "contact"], mine)
            if decision.double:
                sign = (1 if side == me else -1) * value / (1 if owner == "centred" else 2)
                dead = dead_equity(outputs)
                if not decision.take:  # cubeful: the cube's value; cubeless: the network's estimate
                    return sign * (1 - dead), 0.0
                live = live_equity(outputs, "theirs")
                return sign * (2 * dead - dead), sign * 2 * (live - dead)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        candidates = result_positions(position, dice)
        position = candidates[0] if len(candidates) == 1 else player(position, dice, candidates)
        if position.winner() is not None:
            return 0.0, 0.0  # no cube action: cubeful and cubeless results are the same
    raise RuntimeError(f"no end after {MAX_TURNS} turns from {start}")


def play(args: argparse.Namespace) -> None:
    network = network_for("backgammon")
    assert network is not None
    net = Net.from_network(network)
    x = {"contact": args.x_contact, "race": args.x_race}
    path = Path(args.results or LOGS / f"cube-efficiency-{args.kind}.jsonl")
    path.parent.mkdir(parents=True, exist_ok=True)
    done = sum(1 for line in path.read_text().splitlines() if json.loads(line)["kind"] == args.kind) \
        if path.exists() else 0
    rng = random.Random(f"{args.seed}-{args.kind}-{done}")
    owners = random.Random(f"owners-{args.seed}-{args.kind}-{done}")
    found = starts(net, args.kind, random.Random(f"starts-{args.seed}-{args.kind}-{done}").getrandbits(32))
    with path.open("a") as out:
        while done < args.games:
            position, outputs = next(found)
            owner = owners.choice(OWNERS)
            dead = dead_equity(outputs)
            live = live_equity(outputs, owner)
            if abs(live - dead) < MIN_GAP:
                continue
            for _ in range(args.per_start):
                alpha, beta = play_out(net, position, owner, x, rng)
                record = {"kind": args.kind, "owner": owner, "position": str(position), "p": round(outputs[0], 5),
                          "dead": round(dead, 5), "live": round(live, 5), "x": x[args.kind],
                          "alpha": round(alpha, 6), "beta": round(beta, 6)}
                out.write(json.dumps(record) + "\n")
                done += 1
            out.flush()
            if done % 200 < args.per_start:
                print(f"{args.kind}: {done} games", file=sys.stderr, flush=True)


def fit_x(records: list[dict[str, float]], rng: np.random.Generator) -> tuple[float, float, float, int]:
    """The fixed point x = sum(gap D(x)) / sum(gap^2), D = alpha + beta x, gap = live - dead,
    with a 95% interval from 1,000 bootstrap resamples of the games."""
    gap = np.array([r["live"] - r["dead"] for r in records])
    alpha = np.array([r["alpha"] for r in records])
    beta = np.array([r["beta"] for r in records])

    def solve(i: np.ndarray) -> float:
        return float(gap[i] @ alpha[i] / (gap[i] @ gap[i] - gap[i] @ beta[i]))

    every = np.arange(len(records))
    spread = sorted(solve(rng.integers(0, len(records), len(records))) for _ in range(1000))
    return solve(every), spread[25], spread[974], len(records)


# The start's pips (side on roll) in bins: x grows with the game's length left
BINS = {"contact": (0, 80, 110, 999), "race": (0, 15, 25, 35, 999)}


def fit(args: argparse.Namespace) -> None:
    paths = [Path(p) for p in args.results] if args.results else sorted(LOGS.glob("cube-efficiency-*.jsonl"))
    records = [json.loads(line) for path in paths for line in path.read_text().splitlines()]
    for kind in ("contact", "race"):
        for owner in (None, "centred", "mine", "theirs"):
            chosen = [r for r in records if r["kind"] == kind and owner in (None, r["owner"])]
            if len(chosen) < 10:
                continue
            x, low, high, n = fit_x(chosen, np.random.default_rng(1))
            print(f"{kind:8} {owner or 'all':8} x = {x:.3f} [{low:.3f}, {high:.3f}]  ({n} games)")
        chosen = [r for r in records if r["kind"] == kind]
        pips = {id(r): _pips(r) for r in chosen}
        edges = BINS[kind]
        for low_pips, high_pips in zip(edges, edges[1:], strict=False):
            part = [r for r in chosen if low_pips <= pips[id(r)] < high_pips]
            if len(part) >= 10:
                x, low, high, n = fit_x(part, np.random.default_rng(1))
                mean = sum(pips[id(r)] for r in part) / n
                print(f"{kind:8} pips {low_pips:3}-{high_pips:<3} (mean {mean:5.1f}) x = {x:.3f} "
                      f"[{low:.3f}, {high:.3f}]  ({n} games)")


def _pips(record: dict[str, float]) -> int:
    position = Position.parse(str(record["position"]))
    return position.pips(position.turn)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("play")
    run.add_argument("--games", type=int, default=6000)
    run.add_argument("--kind", choices=("contact", "race"), default="contact")
    run.add_argument("--x-contact", type=float, default=2 / 3, help="the trial x the games' cubes are decided by")
    run.add_argument("--x-race", type=float, default=2 / 3)
    run.add_argument("--per-start", type=int, default=2)
    run.add_argument("--seed", type=int, default=42)
    run.add_argument("--results", default=None, help="default: train/logs/cube-efficiency-KIND.jsonl")
    measured = commands.add_parser("fit")
    measured.add_argument("--results", nargs="*", default=None)
    args = parser.parse_args()
    if args.command == "play":
        play(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
