"""The networks of nardcore.bots.neural in numpy: inputs for many positions at once, forward, backward.

`encode` lays the inputs out as `nardcore.bots.inputs` says (its unit table, indices and
scales), vectorised over arrays of boards so that a turn's candidates cost one call; a test
compares it with `inputs.features` on random positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardcore.bots import inputs
from nardcore.bots.contact import in_other_numbering
from nardcore.bots.inputs import INPUTS, SIDE_INPUTS
from nardcore.bots.neural import OUTCOMES, Network
from nardcore.bots.tactics import TACTICAL_INPUTS
from nardcore.position import Position
from nardcore.variant import BAR, OFF, Variant

from .features import extra_inputs

Array = npt.NDArray[np.float64]

POINT_UNITS = np.array(inputs.POINT_UNITS)  # (16, 4): a point's four units by its count
_SLOTS = np.arange(1, BAR + 1)  # points 1..24 and the bar


def boards_of(positions: Sequence[Position]) -> npt.NDArray[np.int64]:
    """(n, 2, 26) slot counts, the side on roll first."""
    return np.array([(p.boards[p.turn], p.boards[1 - p.turn]) for p in positions], dtype=np.int64)


def _other_numbering(variant: Variant) -> npt.NDArray[np.int64]:
    """Slot 1..25 of one side in the other side's numbering (the bar sits at 0)."""
    return np.array([in_other_numbering(variant, slot) for slot in range(1, BAR + 1)], dtype=np.int64)


def encode(boards: npt.NDArray[np.int64], variant: Variant, tactical: bool = False) -> Array:
    """The inputs of `inputs.features` for (n, 2, 26) boards, one row each; with `tactical`, the
    ten of `nardcore.bots.tactics` after them (train/features.py computes them in numpy)."""
    n = len(boards)
    x = np.zeros((n, INPUTS))
    units = POINT_UNITS[boards[:, :, 1:25]]  # (n, 2, 24, 4)
    for block in (0, 1):
        base = block * SIDE_INPUTS
        board = boards[:, block]
        first = inputs.point_input(block, 1)
        x[:, first : first + 96] = units[:, block].reshape(n, 96)
        x[:, base + inputs.BAR_INPUT] = board[:, BAR] / inputs.BAR_SCALE
        x[:, base + inputs.OFF_INPUT] = board[:, OFF] / inputs.OFF_SCALE
        x[:, base + inputs.PIPS_INPUT] = board[:, 1:] @ _SLOTS / inputs.PIP_SCALE
        x[:, base + inputs.HOME_INPUT] = board[:, 7:].sum(axis=1) == 0
    occupied = boards[:, :, 1:] > 0  # (n, 2, 25): slots 1..25
    rear = np.where(occupied, _SLOTS, 0).max(axis=2)  # (n, 2)
    front_in_other = np.where(occupied, _other_numbering(variant), 99).min(axis=2)  # each side's, in the other's
    contact = (rear[:, 0] > 0) & (rear[:, 1] > 0) & (
        (rear[:, 0] > front_in_other[:, 1]) | (rear[:, 1] > front_in_other[:, 0])
    )
    x[:, inputs.CONTACT] = contact
    if variant.runner_home:
        for block in (0, 1):
            x[:, inputs.RUNNER + block] = boards[:, block, : variant.runner_home + 1].sum(axis=1) == 0
    if tactical:
        return np.hstack([x, extra_inputs(boards)])
    return x


def _sigmoid(z: Array) -> Array:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))


@dataclass
class Net:
    variant_name: str
    w1: Array
    b1: Array
    w2: Array
    b2: Array

    @classmethod
    def fresh(cls, variant_name: str, hidden: int, rng: np.random.Generator) -> Net:
        outputs = OUTCOMES[variant_name].size
        return cls(
            variant_name,
            rng.normal(0.0, 0.1, (INPUTS, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 0.1, (hidden, outputs)),
            np.zeros(outputs),
        )

    @classmethod
    def from_network(cls, network: Network) -> Net:
        """nardcore's network (a .nnw file read) as numpy arrays, for the same game."""
        return cls(network.variant_name, np.array(network.rows), np.array(network.hidden_bias),
                   np.array(network.output_columns).T, np.array(network.output_bias))

    @property
    def tactical(self) -> bool:
        """Whether the network reads the ten tactical inputs after the usual ones."""
        return bool(self.w1.shape[0] == INPUTS + TACTICAL_INPUTS)

    def forward(self, x: Array) -> tuple[Array, Array]:
        hidden = _sigmoid(x @ self.w1 + self.b1)
        return hidden, _sigmoid(hidden @ self.w2 + self.b2)

    def outputs(self, x: Array) -> Array:
        return self.forward(x)[1]

    def step(self, x: Array, target: Array, alpha: float) -> float:
        """One gradient step on the squared error, summed over rows; returns the mean error."""
        hidden, out = self.forward(x)
        error = out - target
        d_out = error * out * (1 - out)
        d_hidden = (d_out @ self.w2.T) * hidden * (1 - hidden)
        self.w2 -= alpha * hidden.T @ d_out
        self.b2 -= alpha * d_out.sum(axis=0)
        self.w1 -= alpha * x.T @ d_hidden
        self.b1 -= alpha * d_hidden.sum(axis=0)
        return float(np.mean(error**2))

    def to_network(self, info: dict[str, object] | None = None) -> Network:
        return Network(
            self.variant_name,
            self.w1.astype(np.float32).tolist(),
            self.b1.astype(np.float32).tolist(),
            self.w2.astype(np.float32).tolist(),
            self.b2.astype(np.float32).tolist(),
            info,
        )

    def arrays(self) -> dict[str, Array]:
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}

    def with_tactical_inputs(self) -> Net:
        """The same network reading the ten tactical inputs too, their weights at zero (so it
        answers as before until trained)."""
        if self.tactical:
            return self
        rows = np.zeros((TACTICAL_INPUTS, self.w1.shape[1]))
        return Net(self.variant_name, np.vstack([self.w1, rows]), self.b1, self.w2, self.b2)
