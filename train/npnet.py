"""The networks of nardcore.bots.neural in numpy: inputs for many positions at once, forward, backward.

`encode` must give exactly what `neural.features` gives (a test compares them on random
positions); it works on arrays of boards so that a turn's candidates cost one call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nardcore.bots import neural
from nardcore.bots.neural import INPUTS, OUTCOMES, SIDE_INPUTS, Network
from nardcore.position import Position
from nardcore.variant import BAR, CHECKERS, Variant

Array = npt.NDArray[np.float64]


def boards_of(positions: Sequence[Position]) -> npt.NDArray[np.int64]:
    """(n, 2, 26) slot counts, the side on roll first."""
    return np.array([(p.boards[p.turn], p.boards[1 - p.turn]) for p in positions], dtype=np.int64)


def _front_map(variant: Variant) -> npt.NDArray[np.int64]:
    """Slot 1..25 of one side in the other side's numbering (the bar sits at 0)."""
    return np.array([0 if q == BAR else variant.opponent_point(q) for q in range(1, BAR + 1)], dtype=np.int64)


def encode(boards: npt.NDArray[np.int64], variant: Variant) -> Array:
    n = len(boards)
    x = np.zeros((n, INPUTS))
    points = boards[:, :, 1:25]
    units = np.stack([points >= 1, points >= 2, points >= 3, np.maximum(points - 3, 0) / 2], axis=-1)
    weights = np.arange(1, BAR + 1)
    for block in (0, 1):
        base = block * SIDE_INPUTS
        board = boards[:, block]
        x[:, base : base + 96] = units[:, block].reshape(n, 96)
        x[:, base + 96] = board[:, BAR] / 2
        x[:, base + 97] = board[:, 0] / CHECKERS
        x[:, base + 98] = board[:, 1:] @ weights / neural.PIP_SCALE
        x[:, base + 99] = board[:, 7:].sum(axis=1) == 0
    occupied = boards[:, :, 1:] > 0  # (n, 2, 25): slots 1..25
    slot = np.arange(1, BAR + 1)
    rear = np.where(occupied, slot, 0).max(axis=2)  # (n, 2)
    mapped = _front_map(variant)
    front_in_other = np.where(occupied, mapped, 99).min(axis=2)  # each side's front in the other's numbering
    contact = (rear[:, 0] > 0) & (rear[:, 1] > 0) & (
        (rear[:, 0] > front_in_other[:, 1]) | (rear[:, 1] > front_in_other[:, 0])
    )
    x[:, neural.CONTACT] = contact
    if variant.runner_home:
        for block in (0, 1):
            x[:, neural.RUNNER + block] = boards[:, block, : variant.runner_home + 1].sum(axis=1) == 0
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
