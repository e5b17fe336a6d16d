"""Legal-play generation: nardcore against gnubg's C move generator on the same positions.

    python bench/bench_core.py [--positions N] [--repeat R]

Prints microseconds per (position, roll) for both, their ratio, and nardcore's
throughput per game on positions from seeded random games. Not a test: the
figures depend on the machine; the ratio is what the project tracks (target ≤ 20×).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from nardcore.dice import SeededDice, roll  # noqa: E402
from nardcore.movegen import result_positions  # noqa: E402
from nardcore.position import Position  # noqa: E402
from nardcore.variant import VARIANT_NAMES  # noqa: E402

ALL_ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]


def best_of(repeat: int, run) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def game_positions(variant: str, count: int, seed: int) -> list[Position]:
    dice = SeededDice(seed)
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(variant)
        while position.winner() is None and len(found) < count:
            found.append(position)
            position = rng.choice(result_positions(position, roll(dice).dice))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    try:
        import gnubg_nn
        from gnubg_oracle import random_positions, to_gnubg
    except ImportError:
        gnubg_nn = None
    print(f"Python {sys.version.split()[0]}, {args.positions} positions x 21 rolls, best of {args.repeat}")
    if gnubg_nn is not None:
        positions = [p for p in random_positions(args.positions, seed=7) if p.winner() is None]
        boards = [[list(side) for side in to_gnubg(p)] for p in positions]
        calls = len(positions) * len(ALL_ROLLS)

        def ours() -> None:
            for position in positions:
                for dice in ALL_ROLLS:
                    result_positions(position, dice)

        def theirs() -> None:
            moves = gnubg_nn.moves
            for board in boards:
                for d1, d2 in ALL_ROLLS:
                    moves(board, d1, d2)

        ours_us = best_of(args.repeat, ours) / calls * 1e6
        theirs_us = best_of(args.repeat, theirs) / calls * 1e6
        print(f"backgammon  nardcore {ours_us:8.1f} us/call   gnubg {theirs_us:6.1f} us/call"
              f"   ratio {ours_us / theirs_us:5.1f}x (target <= 20x)")
    else:
        print("gnubg-nn not installed: install the test extras for the comparison")
    for variant in VARIANT_NAMES:
        positions = game_positions(variant, args.positions // 4, seed=11)
        calls = len(positions) * len(ALL_ROLLS)

        def run(positions: list[Position] = positions) -> None:
            for position in positions:
                for dice in ALL_ROLLS:
                    result_positions(position, dice)

        per_call = best_of(args.repeat, run) / calls
        print(f"{variant:<11} {per_call * 1e6:8.1f} us/call   {1 / per_call:9.0f} (position, roll)/s")


if __name__ == "__main__":
    main()
