"""The exact one-sided bear-off database, and pure races read from it.

One side's checkers, all in its home board (up to 15 on points 1..6: 54,264 positions),
are borne off the same way in all five games (docs/RULES.md §2: a double is four steps,
exactly or from the highest point, every die is played while a checker is left). For each
position the database holds, with every roll played to need the fewest rolls on average
(the play gnubg's one-sided database makes):

- `rolls`: the chances that bearing off all takes n rolls, n = 0..31 (gnubg's range; more
  than 31 has a chance below 1e-15 from every position), and from them the mean;
- `left`: the expected number of checkers still on the board after k rolls, k = 0..31:
  what khachapuri and tawla 31 score (points are linear in it, so the mean is enough);
- `first_off`, for the positions with all fifteen checkers: the chances that the first
  checker comes off on roll n, played to bear one off soonest (gnubg's gammon
  distribution): a gammon or mars is lost when the other side finishes before it.

A position's index is gnubg's (PositionBearoff): positions are ordered by their number of
checkers, and every play leads to a lower index, so one pass upward builds the table.
That takes about 25 s of CPython, so the table ships as `weights/bearoff.bin`, made by
`python -m nardcore.bots.bearoff --write` (format in `encode`), and is decoded on first use.

`race_outcomes` turns two entries into a pure race's outcome estimates for the side on
roll (it rolls first), in the layout of `outcomes.OUTCOMES`: what a network would give.
"""

from __future__ import annotations

import operator
import struct
import zlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from math import comb
from typing import TypeVar

from ..position import Position
from ..variant import CHECKERS, OFF
from .outcomes import OUTCOMES

POINTS = 6
SIZE = comb(CHECKERS + POINTS, POINTS)  # 54,264 positions, the empty one (index 0) included
FULL = comb(CHECKERS - 1 + POINTS, POINTS)  # index of the first position with all fifteen checkers
ROLLS_KEPT = 32  # rolls 0..31, as gnubg keeps them
UNIT = 65535  # fixed point of the stored chances (uint16), as gnubg stores them
MAGIC = b"nardbearoff1"
FILE_NAME = "bearoff.bin"

Counts = tuple[int, ...]  # checkers on points 1..6
Node = TypeVar("Node")

# (weight out of 36, higher die, lower die) of the 21 rolls
_ROLLS = tuple((1 if high == low else 2, high, low) for high in range(1, 7) for low in range(1, high + 1))

# _TERMS[m][t]: what the t checkers on the last m points (7-m..6) add to the index
_TERMS = tuple(tuple(comb(m - 1 + t, m) if m else 0 for t in range(CHECKERS + 1)) for m in range(POINTS + 1))


def index_of(counts: Sequence[int]) -> int:
    """gnubg's bear-off index of checkers on points 1..6 (counts[0] is point 1).

    >>> index_of((1, 0, 0, 0, 0, 0)), index_of((0, 0, 0, 0, 0, 15))
    (1, 54263)
    """
    index = total = 0
    for m in range(1, POINTS + 1):
        total += counts[POINTS - m]
        index += _TERMS[m][total]
    return index


def checkers_of(index: int) -> int:
    """The number of checkers of the position with this index (indexes run by that number)."""
    return bisect_right(_TERMS[POINTS], index) - 1


def _all_counts(points: int, most: int) -> Iterator[Counts]:
    if points == 0:
        yield ()
        return
    for first in range(most + 1):
        for rest in _all_counts(points - 1, most - first):
            yield (first, *rest)


@lru_cache(maxsize=1)
def positions() -> tuple[Counts, ...]:
    """Every position, by index."""
    found: list[Counts] = [()] * SIZE
    for counts in _all_counts(POINTS, CHECKERS):
        found[index_of(counts)] = counts
    return tuple(found)


# -- the bear-off move generator ----------------------------------------------------------

def step_results(counts: Counts, die: int) -> list[Counts]:
    """The positions one step of `die` leads to (docs/RULES.md §2, rule 7, all checkers home)."""
    highest = next((p for p in range(POINTS, 0, -1) if counts[p - 1]), 0)
    if not highest:
        return []
    found = []
    # off: exactly from the die's point, or from the highest point when the die is larger
    origin = die if counts[die - 1] else highest if die > highest else 0
    if origin:
        found.append(counts[: origin - 1] + (counts[origin - 1] - 1,) + counts[origin:])
    for point in range(die + 1, highest + 1):
        if counts[point - 1]:
            moved = list(counts)
            moved[point - 1] -= 1
            moved[point - die - 1] += 1
            found.append(tuple(moved))
    return found


def play_roll(start: Node, high: int, low: int, steps: Callable[[Node, int], Iterable[Node]]) -> set[Node]:
    """The results of the legal plays of a roll (high >= low): only sequences using the most
    dice, and with one die playable the higher one if it can be (rules 4 and 5). With
    nothing to move, the start itself. `steps(node, die)` gives one step's results."""
    if high == low:
        level = {start}
        for _ in range(4):
            deeper = {after for node in level for after in steps(node, high)}
            if not deeper:
                break
            level = deeper
        return level
    both: set[Node] = set()
    one: dict[Node, int] = {}  # a result of one die, with the highest die that reaches it
    for first, second in ((high, low), (low, high)):
        for node in steps(start, first):
            after = steps(node, second)
            if after:
                both.update(after)
            elif not both:
                one[node] = max(one.get(node, 0), first)
    if both:
        return both
    if one:
        return {node for node, die in one.items() if die == high} or set(one)
    return {start}


def bearoff_plays(counts: Sequence[int], dice: tuple[int, int]) -> set[Counts]:
    """The results of the legal plays of a roll, for checkers all home (`counts`: points 1..6)."""
    return play_roll(tuple(counts), max(dice), min(dice), step_results)


# -- building -----------------------------------------------------------------------------

TIE = 1e-9  # means closer than this are equal: exact ties are common, and rounding must not decide them


def best_result(results: Iterable[int], mean: Callable[[int], float], checkers: Callable[[int], int]) -> int:
    """The result (an index) with the fewest rolls to go on average; among equal ones the one
    with the fewest checkers left (what khachapuri and tawla 31 count), then the lowest index."""
    found = list(results)
    least = min(map(mean, found))
    return min((after for after in found if mean(after) <= least + TIE), key=lambda after: (checkers(after), after))


@dataclass
class Tables:
    """The database as the build makes it: per index, exact floats (first_off from FULL on)."""

    mean: list[float]
    rolls: list[list[float]]
    left: list[list[float]]
    first_off: list[list[float]]  # index - FULL
    first_off_mean: list[float]


def build(limit: int = SIZE, full_limit: int = SIZE) -> Tables:
    """The database for the indexes below `limit` (and the first-off distributions for the
    fifteen-checker indexes below `full_limit`): a dynamic programme from the empty position
    up, each roll played to the result with the fewest rolls to go on average."""
    table = positions()
    where = {counts: index for index, counts in enumerate(table)}
    step_cache: dict[tuple[int, int], tuple[int, ...]] = {}

    def steps(index: int, die: int) -> tuple[int, ...]:
        key = (index, die)
        found = step_cache.get(key)
        if found is None:
            found = step_cache[key] = tuple(where[after] for after in step_results(table[index], die))
        return found

    checkers = [sum(counts) for counts in table]
    mean = [0.0] * limit
    rolls: list[list[float]] = [[1.0] + [0.0] * (ROLLS_KEPT - 1)]
    left: list[list[float]] = [[0.0] * ROLLS_KEPT]
    for index in range(1, limit):
        weight_of: dict[int, int] = {}
        for weight, high, low in _ROLLS:
            best = best_result(play_roll(index, high, low, steps), mean.__getitem__, checkers.__getitem__)
            weight_of[best] = weight_of.get(best, 0) + weight
        total = 0.0
        dist = [0.0] * ROLLS_KEPT
        going = [float(sum(table[index]))] + [0.0] * (ROLLS_KEPT - 1)
        for best, weight in weight_of.items():
            w = weight / 36
            total += w * mean[best]
            before, gone = rolls[best], left[best]
            for n in range(1, ROLLS_KEPT):
                dist[n] += w * before[n - 1]
                going[n] += w * gone[n - 1]
        mean[index] = 1.0 + total
        rolls.append(dist)
        left.append(going)
    first_off: list[list[float]] = []
    first_off_mean: list[float] = []
    for index in range(FULL, full_limit):
        dist = [0.0] * ROLLS_KEPT
        total = 0.0
        for weight, high, low in _ROLLS:
            w = weight / 36
            results = play_roll(index, high, low, steps)
            if min(results) < FULL:  # a checker comes off now: nothing can do better
                dist[1] += w
                continue
            best = best_result(results, lambda after: first_off_mean[after - FULL], lambda after: 0)
            total += w * first_off_mean[best - FULL]
            before = first_off[best - FULL]
            for n in range(1, ROLLS_KEPT):
                dist[n] += w * before[n - 1]
        first_off.append(dist)
        first_off_mean.append(1.0 + total)
    return Tables(mean, rolls, left, first_off, first_off_mean)


# -- the shipped file ---------------------------------------------------------------------

LEFT_UNIT = 64  # the checkers borne off on one roll on average, in 64ths of a checker: one byte
_HEADER = struct.Struct("<4I")  # positions, first fifteen-checker index, rolls kept, LEFT_UNIT


def _rounded(chances: Sequence[float]) -> list[int]:
    """Chances in 65535ths that add up to exactly UNIT: floors, then the largest remainders up."""
    scaled = [chance * UNIT for chance in chances]
    whole = [int(value) for value in scaled]
    short = UNIT - sum(whole)
    if not 0 <= short <= len(whole):
        raise ValueError(f"chances add up to {sum(chances)!r}, not 1")
    for n in sorted(range(len(whole)), key=lambda n: (whole[n] - scaled[n], n))[:short]:
        whole[n] += 1
    return whole


def _planes(rows: Sequence[Sequence[int]]) -> bytes:
    """uint16 rows, column by column (roll n of every position side by side), low bytes then
    high bytes: neighbouring positions have similar columns, so zlib finds more to share."""
    columns = [row[n] for n in range(ROLLS_KEPT) for row in rows]
    return bytes(value & 0xFF for value in columns) + bytes(value >> 8 for value in columns)


def encode(tables: Tables) -> bytes:
    """The shipped file: MAGIC, then zlib of the header, the `rolls` chances (uint16, in
    planes), the checkers borne off on each roll 1..31 (`LEFT_UNIT`ths, one byte, column by
    column) and the `first_off` chances of the fifteen-checker positions (as `rolls`)."""
    if len(tables.rolls) != SIZE or len(tables.first_off) != SIZE - FULL:
        raise ValueError("encode needs the whole database")
    table = positions()
    borne = bytearray()
    for k in range(1, ROLLS_KEPT):
        for index, going in enumerate(tables.left):
            before = sum(table[index]) * LEFT_UNIT if k == 1 else round(going[k - 1] * LEFT_UNIT)
            borne.append(before - round(going[k] * LEFT_UNIT))  # at most 4 checkers a roll: < 256
    payload = b"".join((
        _HEADER.pack(SIZE, FULL, ROLLS_KEPT, LEFT_UNIT),
        _planes([_rounded(dist) for dist in tables.rolls]),
        bytes(borne),
        _planes([_rounded(dist) for dist in tables.first_off]),
    ))
    return MAGIC + zlib.compress(payload, 9)


@dataclass(frozen=True)
class OneSided:
    """One side's bear-off: see the module docstring (all tuples have ROLLS_KEPT entries)."""

    rolls: tuple[float, ...]  # chance that the last checker comes off on roll n
    left: tuple[float, ...]  # expected checkers on the board after k rolls
    first_off: tuple[float, ...] | None  # chance that the first comes off on roll n (all 15 on the board)

    @property
    def mean(self) -> float:
        """The expected number of rolls to bear off all (from the stored chances)."""
        return sum(n * chance for n, chance in enumerate(self.rolls))

    # What a race reads, kept with the (cached) entry: a race is evaluated many times a move.
    @cached_property
    def going(self) -> tuple[float, ...]:
        """The chance that some checker is still on the board after k rolls."""
        return _still(self.rolls)

    @cached_property
    def none_off(self) -> tuple[float, ...]:
        """The chance that none has come off after k rolls (0 with one off already)."""
        return _still(self.first_off) if self.first_off else (0.0,) * ROLLS_KEPT

    @cached_property
    def left_without_mars(self) -> tuple[float, ...]:
        """`left`, counting nothing where none has come off (a mars scores instead)."""
        return tuple(max(0.0, left - CHECKERS * none) for left, none in zip(self.left, self.none_off, strict=True))


def _still(chances: Sequence[float]) -> tuple[float, ...]:
    """From the chances of an event on roll n, the chances that it has not happened after k rolls."""
    found, gone = [], 0.0
    for chance in chances:
        gone += chance
        found.append(max(0.0, 1.0 - gone))
    return tuple(found)


class Database:
    """The shipped file, decoded: one position's entry is read out of its columns on demand."""

    def __init__(self, data: bytes) -> None:
        if not data.startswith(MAGIC):
            raise ValueError("not a bear-off database")
        payload = zlib.decompress(data[len(MAGIC):])
        if _HEADER.unpack_from(payload) != (SIZE, FULL, ROLLS_KEPT, LEFT_UNIT):
            raise ValueError("a bear-off database of another shape")
        parts = [ROLLS_KEPT * SIZE] * 2 + [(ROLLS_KEPT - 1) * SIZE] + [ROLLS_KEPT * (SIZE - FULL)] * 2
        if len(payload) != _HEADER.size + sum(parts):
            raise ValueError("a bear-off database of the wrong length")
        at = _HEADER.size
        cut = []
        for part in parts:
            cut.append(payload[at:at + part])
            at += part
        self._rolls_low, self._rolls_high, self._borne, self._first_low, self._first_high = cut
        self.entry = lru_cache(maxsize=8192)(self._entry)  # a race looks at the same few again and again

    def _entry(self, index: int) -> OneSided:
        low, high = self._rolls_low, self._rolls_high
        rolls = tuple((low[at] | high[at] << 8) / UNIT for at in range(index, ROLLS_KEPT * SIZE, SIZE))
        on_board = checkers_of(index) * LEFT_UNIT
        left = [float(on_board)]
        for at in range(index, (ROLLS_KEPT - 1) * SIZE, SIZE):
            on_board -= self._borne[at]
            left.append(on_board)
        first_off = None
        if index >= FULL:
            low, high, size = self._first_low, self._first_high, SIZE - FULL
            first_off = tuple((low[at] | high[at] << 8) / UNIT for at in range(index - FULL, ROLLS_KEPT * size, size))
        return OneSided(rolls, tuple(count / LEFT_UNIT for count in left), first_off)


def _read_shipped() -> bytes | None:
    try:
        return resources.files(__package__).joinpath("weights", FILE_NAME).read_bytes()
    except OSError:
        return None


# Read when imported, decoded when first used, as the networks' weights are (neural.py): the
# browser's memory snapshot keeps what is in memory, not the package's files.
_SHIPPED = _read_shipped()


@lru_cache(maxsize=1)
def database() -> Database | None:
    """The shipped database, or None when the file is not there."""
    return Database(_SHIPPED) if _SHIPPED is not None else None


def one_sided(counts: Sequence[int]) -> OneSided | None:
    """The entry of checkers on points 1..6 (`counts[0]`: point 1), or None without the file."""
    found = database()
    return found.entry(index_of(counts)) if found is not None else None


# -- pure races ---------------------------------------------------------------------------

def race_outcomes(position: Position) -> list[float] | None:
    """The outcome estimates of a pure race for the side on roll, in the layout of
    `outcomes.OUTCOMES[game]` (what `Network.evaluate` returns), or None when it is not one:
    some checker outside its home board, the game over, no shipped file, or narde's
    `last-roll` option (a draw needs to know who started).

    Each side bears off independently with the database's play (gnubg's one-sided race
    evaluation: playing to win rather than to finish soonest may differ, very slightly), the
    side on roll rolling first: it wins if it needs no more rolls than the other. A gammon or mars is the other
    side still with all fifteen when it finishes (that side playing to bear one off soonest);
    a backgammon or koks cannot happen from here. Checkers left are the expected count after
    the loser's rolls so far, without the mars cases where a mars scores instead.
    """
    variant = position.variant
    mine, theirs = position.mover, position.opponent
    spec = OUTCOMES.get(variant.name)
    if spec is None or variant.has("last-roll") or CHECKERS in (mine[OFF], theirs[OFF]):
        return None
    if any(mine[7:]) or any(theirs[7:]):
        return None
    found = database()
    if found is None:
        return None
    me, them = found.entry(index_of(mine[1:7])), found.entry(index_of(theirs[1:7]))
    # I finish on my roll n (n >= 1) after the other side's n - 1 rolls; it finishes on its
    # roll n after my n rolls. Built-in map and sum: this runs for every play a player weighs.
    mine_now, theirs_now = me.rolls[1:], them.rolls[1:]
    outputs = [sum(map(operator.mul, mine_now, them.going))]
    if spec.levels:
        extra = [0.0] * (spec.levels - 1)  # backgammon, koks: never from a home-board race
        win_big = sum(map(operator.mul, mine_now, them.none_off))
        lose_big = sum(map(operator.mul, theirs_now, me.none_off[1:]))
        outputs += [win_big, *extra, lose_big, *extra]
    if spec.checker_share:
        # where a mars is scored (khachapuri) the checkers left are not
        mine_left, their_left = (me.left_without_mars, them.left_without_mars) if spec.levels else (me.left, them.left)
        share_win = sum(map(operator.mul, mine_now, their_left))
        share_lose = sum(map(operator.mul, theirs_now, mine_left[1:]))
        outputs += [share_win / CHECKERS, share_lose / CHECKERS]
    return [min(1.0, max(0.0, value)) for value in outputs]


# -- the command line -----------------------------------------------------------------------

def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import time
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m nardcore.bots.bearoff", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"build the database and write weights/{FILE_NAME}")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "weights" / FILE_NAME)
    args = parser.parse_args(argv)
    if not args.write:
        parser.print_help()
        return 0
    start = time.perf_counter()
    data = encode(build())
    args.out.write_bytes(data)
    print(f"built in {time.perf_counter() - start:.1f} s; wrote {args.out} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
