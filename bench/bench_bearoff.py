"""The bear-off database: building it in pure Python, decoding the shipped file, lookups.

    python bench/bench_bearoff.py [--no-build]
    python bench/bench_bearoff.py --decisions [--checkers 3] [--count 3000]

Prints the time of a whole build (what `python -m nardcore.bots.bearoff --write` spends; it
is why the table ships as a file), the file's size, decoding it, one position's entry read
out of the file (uncached), and a pure race's estimate (`race_outcomes`, entries cached as in
play). Not a test: the figures depend on the machine.

`--decisions`: the quality of the players' bear-off plays against an exact calculation. For
races of up to `--checkers` checkers a side (backgammon), every roll with more than one
play, the exact best play is found by two-sided expectimax (each side playing to win); the
`advanced` level's choice with the database (`Network.evaluate`) and with the network alone
(`Network.forward`) each give up some winning chance, reported per decision as
millipoints of cubeless equity (2 x the chance: no gammon is left in such races), with the
share of decisions that differ from the best.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from nardcore.bots import bearoff  # noqa: E402
from nardcore.bots.neural import network_for  # noqa: E402
from nardcore.dice import ROLLS  # noqa: E402
from nardcore.position import WHITE, Position, make_board  # noqa: E402
from nardcore.variant import find_variant  # noqa: E402

Counts = tuple[int, ...]


@functools.cache
def two_sided_win(mine: Counts, theirs: Counts) -> float:
    """The exact chance that the side on roll wins, both sides playing each roll to win."""
    total = 0.0
    for roll in ROLLS:
        total += float(roll.probability) * max(1.0 if not any(after) else 1.0 - two_sided_win(theirs, after)
                                               for after in bearoff.bearoff_plays(mine, roll.dice))
    return total


def race(mine: Counts, theirs: Counts) -> Position:
    return Position(find_variant("backgammon"), WHITE, (make_board({p: c for p, c in enumerate(mine, 1) if c}),
                                                        make_board({p: c for p, c in enumerate(theirs, 1) if c})))


def decisions(checkers: int, count: int) -> None:
    network = network_for("backgammon")
    assert network is not None
    small = [counts for counts in bearoff.positions() if 0 < sum(counts) <= checkers]
    rng = random.Random(6)
    cases: list[tuple[Counts, Counts, list[Counts]]] = []
    while len(cases) < count:
        mine, theirs, roll = rng.choice(small), rng.choice(small), rng.choice(ROLLS)
        plays = sorted(bearoff.bearoff_plays(mine, roll.dice))
        if len(plays) > 1 and not any(not any(after) for after in plays):  # a choice, none that wins at once
            cases.append((mine, theirs, plays))
    start = time.perf_counter()
    for way, evaluate in (("database", network.evaluate), ("network alone", network.forward)):
        lost, wrong = 0.0, 0
        for mine, theirs, plays in cases:
            exact = {after: 1.0 - two_sided_win(theirs, after) for after in plays}
            # the advanced level: the play whose result is worst for the other side, on roll there
            chosen = min(plays, key=lambda after: (evaluate(race(theirs, after))[0], after))
            loss = max(exact.values()) - exact[chosen]
            lost += loss
            wrong += loss > 1e-12
        print(f"{way:14} {2000 * lost / len(cases):7.2f} millipoints a decision, "
              f"{wrong / len(cases):6.1%} not the best ({len(cases)} decisions, up to {checkers} checkers a side)")
    print(f"({time.perf_counter() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="skip the whole build (about 25 s of CPU)")
    parser.add_argument("--decisions", action="store_true", help="bear-off plays against exact two-sided play")
    parser.add_argument("--checkers", type=int, default=3, help="most checkers a side (--decisions)")
    parser.add_argument("--count", type=int, default=3000, help="decisions (--decisions)")
    args = parser.parse_args()
    if args.decisions:
        decisions(args.checkers, args.count)
        return
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
