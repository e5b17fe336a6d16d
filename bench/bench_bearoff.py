"""The bear-off database: building it in pure Python, decoding the shipped file, lookups.

    python bench/bench_bearoff.py [--no-build]

Prints the time of a whole build (what `python -m nardcore.bots.bearoff --write` spends; it
is why the table ships as a file), the file's size, decoding it, one position's entry read
out of the file (uncached), and a pure race's estimate (`race_outcomes`, entries cached as in
play). Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import bearoff  # noqa: E402
from nardcore.position import Position  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="skip the whole build (about 25 s of CPU)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    if not args.no_build:
        start = time.perf_counter()
        data = bearoff.encode(bearoff.build())
        print(f"build      {time.perf_counter() - start:8.1f} s    ({len(data):,} bytes encoded)")
    shipped = bearoff._SHIPPED
    if shipped is None:
        print(f"no weights/{bearoff.FILE_NAME}: python -m nardcore.bots.bearoff --write")
        return
    start = time.perf_counter()
    database = bearoff.Database(shipped)
    print(f"decode     {(time.perf_counter() - start) * 1e3:8.1f} ms   ({len(shipped):,} bytes shipped)")
    rng = random.Random(1)
    indexes = [rng.randrange(bearoff.SIZE) for _ in range(20_000)]
    start = time.perf_counter()
    for index in indexes:
        database._entry(index)
    print(f"lookup     {(time.perf_counter() - start) / len(indexes) * 1e6:8.1f} us   (one entry, uncached)")
    table = bearoff.positions()
    races = []
    for _ in range(2_000):
        mine, theirs = table[rng.randrange(1, bearoff.SIZE)], table[rng.randrange(1, bearoff.SIZE)]
        sides = [",".join(f"{p}x{c}" for p, c in zip(range(6, 0, -1), reversed(side), strict=True) if c)
                 for side in (mine, theirs)]
        races.append(Position.parse(f"khachapuri:w:{sides[0]}:{sides[1]}"))
    for position in races:
        bearoff.race_outcomes(position)  # entries cached, as in a game
    start = time.perf_counter()
    for position in races:
        bearoff.race_outcomes(position)
    print(f"race       {(time.perf_counter() - start) / len(races) * 1e6:8.1f} us   (race_outcomes, khachapuri)")


if __name__ == "__main__":
    main()
