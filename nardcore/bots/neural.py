"""Learned evaluations: one small neural network per game, pure Python at play time.

A network estimates, for the side on roll (about to roll), the chances of each way the
game can end. The outputs depend on how the game scores (`outcomes.OUTCOMES`), always in the
order: win, then the "win big" levels, then the "lose big" levels, then, for games
scored by checkers left, the expected share of the loser's checkers when winning and
when losing. `equity` turns outputs into expected points for the side on roll.

The inputs are laid out in `nardcore.bots.inputs`. They are sparse, so a hidden unit's
input is a sum over the occupied points only: `Network` keeps, per side, point and count,
the sum of the weights that point's four units bring, and adds one row per occupied point.
A row is one packed integer (`_pack`), so that adding it to the whole hidden layer is one
addition that Python does in C: pure Python, yet about twice as fast as a sum per unit.

The training code (train/, numpy) encodes the same inputs; weights come from
`nardcore/bots/weights/VARIANT.nnw` (see `Network.from_bytes`).
"""

from __future__ import annotations

import json
import math
import operator
import struct
from array import array
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from itertools import repeat
from math import exp, tanh

from .. import progress
from ..position import Board, Position
from ..variant import CHECKERS
from .bearoff import race_outcomes
from .inputs import (
    BAR_INPUT,
    BAR_SCALE,
    INPUTS,
    OFF_INPUT,
    OFF_SCALE,
    PIP_SCALE,
    PIPS_INPUT,
    POINT_UNITS,
    SIDE_INPUTS,
    point_input,
    shared_inputs,
    side_inputs,
)

# the outputs' layout (outcomes.py), also imported from here: the command line, train/, the tests
from .outcomes import OUTCOMES as OUTCOMES
from .outcomes import Outcomes as Outcomes
from .outcomes import final_outcome as final_outcome
from .tactics import TACTICAL_INPUTS, tactical_numerators

FORMAT = "nardnet-1"
# Outputs kept per network (Network.evaluate): about 1 KB each with its position, so some
# 10 MB, more than one turn's look-ahead, hint and coach ask for (bench/bench_cache.py
# measures the hits and the time saved).
CACHE_SIZE = 10_000
# Best replies kept per network (`Network.replies`): a position and roll with the least equity
# a result leaves the side on roll after it, a few hundred bytes each. A game against the look-ahead
# leaves some 4,000, which its review's luck reads back (docs/training.md, "The evaluation cache").
REPLIES_SIZE = 20_000


class Network:
    """A network with one hidden layer of sigmoid units and sigmoid outputs."""

    def __init__(
        self,
        variant_name: str,
        hidden_weights: Sequence[Sequence[float]],  # INPUTS rows of `hidden` weights
        hidden_bias: Sequence[float],
        output_weights: Sequence[Sequence[float]],  # `hidden` rows of `outputs` weights
        output_bias: Sequence[float],
        info: dict[str, object] | None = None,
    ) -> None:
        self.variant_name = variant_name
        self.outcomes = OUTCOMES[variant_name]
        self.hidden = len(hidden_bias)
        # backgammon's network may also read the ten tactical inputs, after the usual ones
        self.tactical = len(hidden_weights) == INPUTS + TACTICAL_INPUTS and variant_name == "backgammon"
        inputs = INPUTS + TACTICAL_INPUTS if self.tactical else INPUTS
        if len(hidden_weights) != inputs or any(len(row) != self.hidden for row in hidden_weights):
            raise ValueError(f"hidden weights must be {inputs} x {self.hidden}")
        if len(output_weights) != self.hidden or any(len(row) != self.outcomes.size for row in output_weights):
            raise ValueError(f"output weights must be {self.hidden} x {self.outcomes.size}")
        self.rows = [list(map(float, row)) for row in hidden_weights]
        self.hidden_bias = list(map(float, hidden_bias))
        # columns of the output layer, so each output is one dot product
        self.output_columns = [list(col) for col in zip(*output_weights, strict=True)]
        self.output_bias = list(map(float, output_bias))
        self.info = dict(info or {})
        self.cache_size = CACHE_SIZE
        self._cache: OrderedDict[Position, tuple[float, ...]] = OrderedDict()
        self.hits = self.misses = 0
        # (position, dice) -> (the least equity of a result for the side on roll after it, that
        # result), at 0-ply and cubeless: what the look-ahead finds for each of the opponent's
        # rolls and the luck for each roll (`neural_bot.best_reply`)
        self.replies: OrderedDict[tuple[Position, tuple[int, int]], tuple[float, Position]] = OrderedDict()
        self.replies_size = REPLIES_SIZE
        # The hidden layer's sums are added up as packed integers (`_pack`): one addition per
        # input instead of one per input and unit. _fractions[index]: an input's row divided by
        # what its values are multiples of (`_denominator`), to be multiplied by value x that;
        # _points[block][point - 1][count]: the packed sum of that point's four units' rows.
        self._bias = _pack(self.hidden_bias) + _OFFSETS[self.hidden]
        self._denominators = [_denominator(index) for index in range(len(self.rows))]
        self._fractions = [_pack([w / d for w in row]) for row, d in zip(self.rows, self._denominators, strict=True)]
        self._points = [[[sum(self._fractions[point_input(block, point) + unit] * round(2 * value)
                              for unit, value in enumerate(POINT_UNITS[count]))
                          for count in range(CHECKERS + 1)]
                         for point in range(1, 25)] for block in range(2)]
        # the tactical inputs' fractions times each multiple their values take, ready to add
        self._multiples = [[self._fractions[index] * k for k in range(_TACTICAL_MULTIPLES)] if index >= INPUTS else []
                           for index in range(len(self.rows))]
        self._tactical_multiples = [_Multiples(self._multiples[index], self._fractions[index])
                                    for index in range(INPUTS, len(self.rows))]
        # the output layer on tanh(x/2) = 2 sigmoid(x) - 1: weights halved, biases + half their sum
        self._half_columns = [[w / 2 for w in column] for column in self.output_columns]
        self._half_bias = [b + sum(column) / 2 for b, column in zip(self.output_bias, self.output_columns, strict=True)]
        self._last_sides: list[tuple[Board, int]] = [((), 0), ((), 0)]

    def evaluate(self, position: Position) -> list[float]:
        """The outputs for the side on roll of a position where nobody has won yet: exact from
        the bear-off database (`bearoff.race_outcomes`) when both sides are all in their home
        boards, else the network's (`forward`). The last `cache_size` positions' outputs are
        kept (least recently used out first): the hint, the coach, the review and the look-ahead
        ask for the same positions again; `hits` and `misses` count the lookups."""
        cache = self._cache
        found = cache.get(position)
        if found is not None:
            self.hits += 1
            cache.move_to_end(position)
            return list(found)
        self.misses += 1
        progress.tick()  # a turn's plays weighed one by one can take longer than its graph
        exact = race_outcomes(position)
        outputs = exact if exact is not None else self.forward(position)
        if self.cache_size:
            cache[position] = tuple(outputs)
            if len(cache) > self.cache_size:
                cache.popitem(last=False)  # the least recently used
        return outputs

    def forward(self, position: Position) -> list[float]:
        """The network's own outputs for the side on roll, whatever the position."""
        sides = (position.boards[position.turn], position.boards[1 - position.turn])
        total = self._bias + self._side_sum(0, sides[0]) + self._side_sum(1, sides[1])
        for index, _ in shared_inputs(position.variant, sides):
            total += self._fractions[index]
        if self.tactical:
            # the tactical inputs come in 36ths: their rows times those multiples are ready
            for multiples, k in zip(self._tactical_multiples, tactical_numerators(position), strict=True):
                if k:
                    total += multiples[k]
        sums = array("d")
        sums.frombytes(total.to_bytes(8 * self.hidden, "little"))  # each 1.5 x 2**20 + x/2 (_pack)
        # the sigmoid as 1/2 + tanh(x/2)/2, the halves folded into the output layer
        # (`_half_columns`): tanh needs no guard against overflow, and the output layer runs
        # in C (`_dot`)
        centre = _CENTRE
        halves = [tanh(field - centre) for field in sums]
        return [_sigmoid(bias + _dot(halves, column))
                for bias, column in zip(self._half_bias, self._half_columns, strict=True)]

    def _side_sum(self, block: int, board: Board) -> int:
        """The packed sum of one side's own inputs. The last one of each block is kept: the
        look-ahead evaluates one side's many plays against the same board of the other side."""
        last_board, last_sum = self._last_sides[block]
        if board == last_board:
            return last_sum
        table = self._points[block]
        total = 0
        for point in range(24):
            count = board[point + 1]
            if count:
                total += table[point][count]
        for index, value in side_inputs(board, block):
            total += self._term(index, value)
        self._last_sides[block] = (board, total)
        return total

    def _term(self, index: int, value: float) -> int:
        """An input's packed contribution: its row times its value."""
        multiple = value * self._denominators[index]
        whole = round(multiple)
        if abs(multiple - whole) < 1e-9:
            ready = self._multiples[index]
            return ready[whole] if whole < len(ready) else self._fractions[index] * whole
        return _pack([value * w for w in self.rows[index]])  # a value off its denominator's grid

    def value(self, position: Position) -> list[float]:
        """`evaluate`, or the exact outcome once the game is over; for the side on roll."""
        if position.winner() is not None:
            return final_outcome(position, position.turn)
        return self.evaluate(position)

    def equity(self, position: Position) -> float:
        """Expected points for the side on roll (cubeless)."""
        return self.outcomes.equity(self.value(position))

    # -- the weights file ----------------------------------------------------------------

    @classmethod
    def from_bytes(cls, data: bytes) -> Network:
        """Read `FORMAT`: a length-prefixed JSON header, then float32 little-endian weights
        (hidden weights row by row, hidden bias, output weights row by row, output bias)."""
        (size,) = struct.unpack_from("<I", data, 0)
        header = json.loads(data[4 : 4 + size].decode("utf-8"))
        inputs = header.get("inputs")
        if header.get("format") != FORMAT or inputs not in (INPUTS, INPUTS + TACTICAL_INPUTS):
            raise ValueError(f"not a {FORMAT} network with {INPUTS} or {INPUTS + TACTICAL_INPUTS} inputs")
        hidden, outputs = int(header["hidden"]), int(header["outputs"])
        values = array("f")
        values.frombytes(data[4 + size :])
        expected = inputs * hidden + hidden + hidden * outputs + outputs
        if len(values) != expected:
            raise ValueError(f"expected {expected} weights, found {len(values)}")
        flat = values.tolist()
        at = 0

        def take(n: int) -> list[float]:
            nonlocal at
            at += n
            return flat[at - n : at]

        hidden_weights = [take(hidden) for _ in range(inputs)]
        hidden_bias = take(hidden)
        output_weights = [take(outputs) for _ in range(hidden)]
        output_bias = take(outputs)
        return cls(str(header["variant"]), hidden_weights, hidden_bias, output_weights, output_bias, header)

    def to_bytes(self) -> bytes:
        header = dict(self.info)
        header.update(format=FORMAT, variant=self.variant_name, inputs=len(self.rows), hidden=self.hidden,
                      outputs=self.outcomes.size)
        text = json.dumps(header, sort_keys=True).encode("utf-8")
        values = array("f")
        for row in self.rows:
            values.extend(row)
        values.extend(self.hidden_bias)
        for output_row in zip(*self.output_columns, strict=True):
            values.extend(output_row)
        values.extend(self.output_bias)
        return struct.pack("<I", len(text)) + text + values.tobytes()


# below it the sigmoid is taken as 0.0 (far enough down, exp(-x) would overflow)
_SIGMOID_FLOOR = -40.0


def _dot_by_map(a: Sequence[float], b: Sequence[float]) -> float:
    total: float = sum(map(operator.mul, a, b))
    return total


# Python 3.12's math.sumprod runs in C; before it, map over built-ins (the inner loop in C too)
_dot: Callable[[Sequence[float], Sequence[float]], float] = getattr(math, "sumprod", _dot_by_map)


def _sigmoid(x: float) -> float:
    if x < _SIGMOID_FLOOR:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


# A vector of the hidden layer as one integer: unit i's half sum x/2 in fixed point (units
# of 2**-32) in bits 64i..64i+63. Python adds such integers in C at once, so summing an
# input's row into the hidden layer costs one addition, not one per unit. Each field of the
# bias also holds _OFFSET: the bits of the float 1.5 x 2**20, whose last bit is worth
# 2**-32. The field of a sum then holds, bit for bit, the float 1.5 x 2**20 + x/2: `forward`
# reads the fields as floats at once (array "d"). The offset keeps every field positive, so
# none borrows from the next, as long as |x/2| < 2**19 (a network's sums are within +-100).
# The rounding (2**-33 a weight) is below float32's own.
_UNIT = 2.0**-32
_TACTICAL_MULTIPLES = 91  # k/36 for k up to 90: 15 blots / 6
_OFFSET = (1023 + 20) << 52 | 1 << 51
_CENTRE = 1.5 * 2.0**20
assert struct.unpack("<d", _OFFSET.to_bytes(8, "little")) == (_CENTRE,)


def _pack(values: Sequence[float]) -> int:
    """The halves of `values`, packed: each made positive by 2**62 for its 64 bits in the
    bytes, the 2**62s taken away again from the whole (fields may be negative)."""
    progress.tick()  # a network is built from a thousand of these, on its first use
    lifted = array("q", map(operator.add, map(int, map(operator.mul, values, repeat(1 / (2 * _UNIT)))),
                            repeat(_LIFT)))
    return int.from_bytes(lifted.tobytes(), "little") - _LIFTS[len(values)]


class _Multiples(dict[int, int]):
    """An input's packed row times each whole multiple: the ready ones, the others made on
    first use (the same integers `Network._term` gives for values on the input's grid)."""

    def __init__(self, ready: Sequence[int], fraction: int) -> None:
        super().__init__(enumerate(ready))
        self.fraction = fraction

    def __missing__(self, k: int) -> int:
        self[k] = found = self.fraction * k
        return found


class _Repeated(dict[int, int]):
    """A field's value in each of `size` fields, packed, by size."""

    def __init__(self, field: int) -> None:
        super().__init__()
        self.field = field

    def __missing__(self, size: int) -> int:
        self[size] = found = int.from_bytes(array("Q", [self.field] * size).tobytes(), "little")
        return found


_OFFSETS = _Repeated(_OFFSET)
_LIFT = 1 << 62
_LIFTS = _Repeated(_LIFT)


def _denominator(index: int) -> int:
    """What an input's values are multiples of (1 / it): a point unit's half checker, a checker
    on the bar or off, a pip, and the tactical inputs' shares of 36 rolls (and of six points:
    6/36)."""
    if index >= INPUTS:
        return 36
    if index >= 2 * SIDE_INPUTS:
        return 1
    within = index % SIDE_INPUTS
    if within < BAR_INPUT:
        return 2  # a point's units (POINT_UNITS)
    return {BAR_INPUT: BAR_SCALE, OFF_INPUT: OFF_SCALE, PIPS_INPUT: int(PIP_SCALE)}.get(within, 1)


def _read_shipped(variant_name: str) -> bytes | None:
    try:
        return resources.files(__package__).joinpath("weights", f"{variant_name}.nnw").read_bytes()
    except OSError:
        return None


# The weights are read when this module is imported, not when first used: in the browser the
# app starts from a memory snapshot of the interpreter, which keeps what is in memory but not
# the package's files. Networks are built from these bytes on first use (a built one is ~3 MB
# of Python floats, too big for the snapshot).
_SHIPPED = {name: data for name in OUTCOMES if (data := _read_shipped(name)) is not None}


@cache
def network_for(variant_name: str) -> Network | None:
    """The shipped network of a game, or None if it has none."""
    data = _SHIPPED.get(variant_name)
    return Network.from_bytes(data) if data is not None else None
