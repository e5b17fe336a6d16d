"""The cube decision spelled out and judged (backgammon): the hint's cube advice and the
review's cube errors, both from `neural_cube`'s cubeful equities.

A `CubeState` is everything about the cube and the score a decision depends on. `advice`
gives the side on roll's three equities (money: points per unit cube; match: match-winning
chances, with the equivalent money equity beside them), the proper action, and the take
point at this score: the least chance to win the doubled side needs to take, found in the
same model by moving the doubler's chance with its gammon shares kept. `double_loss`,
`no_double_loss` and `answer_loss` say what an action cost against the best one, in money
equity per unit of the current cube (match: the loss in match-winning chances normalised as
gnubg's "EMG", so that cube and checker errors add up), and `close` says whether a decision
counts in the cube error rate (gnubg counts the actual and the close ones).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..position import SIDE_LETTERS, Position
from .cubeful import CubeDecision, Owner
from .met import match_equity
from .neural import network_for
from .neural_cube import decision_for, position_decision

CLOSE_EMG = 0.16  # gnubg's threshold: a cube decision within this of the other action counts
_STEPS = 40  # bisection steps for the take point (2^-40: exact to the printed digits)


@dataclass(frozen=True)
class CubeState:
    """The cube (value, owner by side, None centred) and the score a decision is taken at."""

    value: int = 1
    owner: int | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The cube as a decision of the review keeps it (the score is the game's own)."""
        return {"value": self.value, "owner": None if self.owner is None else SIDE_LETTERS[self.owner],
                "jacoby": self.jacoby, "beavers": self.beavers}

    def relative_owner(self, side: int) -> Owner:
        return "centred" if self.owner is None else "mine" if self.owner == side else "theirs"

    def may_double(self, side: int, limit: int = 64) -> bool:
        """The rules let `side` double here (the cube is not the other side's, no Crawford
        game, room under the limit; in a match, a double that can still gain)."""
        if self.owner not in (None, side) or self.value * 2 > limit:
            return False
        if not self.match_length:
            return True
        need = self.match_length - self.score[side]
        return not self.crawford and need > self.value and self.match_length - self.score[1 - side] > 0

    def done(self) -> bool:
        """Post-Crawford or the Crawford game: the table's other half."""
        return self.crawford or (bool(self.match_length) and max(self.score) == self.match_length - 1)


def decision(position: Position, state: CubeState) -> CubeDecision:
    """The side on roll's cube decision (a roll deeper when it is close)."""
    return position_decision(position, state.value, state.relative_owner(position.turn), state.match_length,
                             state.score, state.crawford, state.jacoby and not state.match_length,
                             state.beavers and not state.match_length)


def _match_bounds(position: Position, state: CubeState) -> tuple[float, float]:
    """The side on roll's MWC after winning and after losing the current cube's points."""
    side = position.turn
    need, other = state.match_length - state.score[side], state.match_length - state.score[1 - side]
    done = state.done()
    return (match_equity(need - state.value, other, done), match_equity(need, other - state.value, done))


def to_emg(position: Position, state: CubeState, mwc: float) -> float:
    """A match-winning chance as the money equity it is worth at this cube (gnubg's mwc2eq)."""
    win, loss = _match_bounds(position, state)
    if win - loss < 1e-9:
        return 0.0
    return (2 * mwc - (win + loss)) / (win - loss)


def _emg_loss(position: Position, state: CubeState, loss: float) -> float:
    """A loss in the decision's own units as money equity per unit of the current cube."""
    if not state.match_length:
        return loss
    win, lose = _match_bounds(position, state)
    return 2 * loss / (win - lose) if win - lose > 1e-9 else 0.0


def _scaled(outputs: list[float], p: float) -> list[float]:
    """The outputs at a chance to win p, the wins' and the losses' gammon shares kept."""
    win, wg, wbg, lg, lbg = outputs[:5]
    up = p / win if win > 1e-9 else 0.0
    down = (1 - p) / (1 - win) if win < 1 - 1e-9 else 0.0
    return [p, wg * up, wbg * up, lg * down, lbg * down]


def take_point(position: Position, state: CubeState, outputs: list[float]) -> float:
    """The least chance to win the doubled side needs to take a double here (the model's live
    and dead cube mixed at this position's efficiency), its gammon shares as they are."""
    side = position.turn
    owner = state.relative_owner(side)
    jacoby = state.jacoby and not state.match_length

    def takes(p: float) -> bool:
        found = decision_for(position, _scaled(outputs, p), state.value, owner, state.match_length, state.score,
                             state.crawford, jacoby)
        return found.double_take <= found.double_pass

    low, high = 0.0, 1.0  # the doubler's chance: takes at low, passes at high
    if not takes(low):
        return 1.0
    if takes(high):
        return 0.0
    for _ in range(_STEPS):
        middle = (low + high) / 2
        low, high = (middle, high) if takes(middle) else (low, middle)
    return 1.0 - (low + high) / 2


def action_key(found: CubeDecision) -> str:
    """The proper action as a word key: "no_double_take", "double_pass", "too_good_pass" ...,
    or "unavailable" when the side on roll may not double."""
    if not found.available:
        return "unavailable"
    answer = "beaver" if found.beaver else "take" if found.take else "pass"
    first = "too_good" if found.too_good else "double" if found.double else "no_double"
    return f"{first}_{answer}"


def advice(position: Position, state: CubeState) -> dict[str, Any] | None:
    """The cube decision of the side on roll, for the hint: the action, its three equities
    (money: per unit cube; match: MWC 0..1, `emg` beside them), the take point at this score
    and the doubled side's chance to win (cubeless), None without a network."""
    network = network_for(position.variant.name)
    if network is None or position.winner() is not None:
        return None
    found = decision(position, state)
    outputs = network.evaluate(position)
    equities = {"no_double": found.no_double, "double_take": found.double_take, "double_pass": found.double_pass}
    side = position.turn
    shown: dict[str, Any] = {
        "action": action_key(found),
        "money": not state.match_length,
        "equity": {key: round(value, 4) for key, value in equities.items()},
        "take_point": round(take_point(position, state, outputs), 4),
        "taker_chance": round(1.0 - outputs[0], 4),
        "doubler": SIDE_LETTERS[side],
        "taker": SIDE_LETTERS[1 - side],
        "cube": state.value,
    }
    if state.match_length:
        shown["emg"] = {key: round(to_emg(position, state, value), 3) for key, value in equities.items()}
        shown["score"] = {"length": state.match_length, "need": state.match_length - state.score[side],
                          "other": state.match_length - state.score[1 - side]}
    return shown


def double_loss(found: CubeDecision) -> float:
    """What doubling costs the doubler against its best action (the answer taken as best)."""
    doubled = min(found.double_take, found.double_pass)
    return max(0.0, max(found.no_double, doubled) - doubled)


def no_double_loss(found: CubeDecision) -> float:
    """What not doubling costs when the side on roll should have doubled."""
    if not found.available:
        return 0.0
    doubled = min(found.double_take, found.double_pass)
    return max(0.0, doubled - found.no_double)


def answer_loss(found: CubeDecision, answer: str) -> float:
    """What the doubled side's answer ("take", "drop", "beaver") costs it, in the doubler's
    units (its equity after taking is minus the doubler's, and twice that after a beaver)."""
    take, drop = -found.double_take, -found.double_pass
    values = {"take": take, "drop": drop, "beaver": 2 * take}
    best = max(take, drop, values["beaver"] if found.beaver else take)
    return max(0.0, best - values.get(answer, drop))


def in_emg(position: Position, state: CubeState, loss: float) -> float:
    """A loss as money equity per unit of the current cube (match: normalised MWC)."""
    return _emg_loss(position, state, loss)


def close(position: Position, state: CubeState, found: CubeDecision) -> bool:
    """A decision close enough to count in the cube error rate (gnubg's "close or actual"):
    doubling and not doubling within CLOSE_EMG of each other, or a take within it of a pass."""
    doubled = min(found.double_take, found.double_pass)
    near_double = abs(_emg_loss(position, state, doubled - found.no_double)) < CLOSE_EMG
    near_take = abs(_emg_loss(position, state, found.double_take - found.double_pass)) < CLOSE_EMG
    return found.available and (near_double or (found.double and near_take))


class CubeTrack:
    """The cube along a game's history, for the review: each cube decision judged as it
    comes (a dict of Decision's fields and the cube `state` it was taken at, or None where
    there is nothing to judge)."""

    def __init__(self, state: CubeState, limit: int) -> None:
        self.state = state
        self.limit = limit
        self.doubled: tuple[Position, CubeDecision] | None = None  # the double just offered

    def before_roll(self, position: Position, doubled: bool) -> dict[str, Any] | None:
        """The side on roll of `position` doubled, or rolled without doubling: judged when it
        might have doubled (a missed double only when close or lost)."""
        side = position.turn
        if not self.state.may_double(side, self.limit) or network_for(position.variant.name) is None:
            return None
        if position.winner() is not None:
            return None
        found = decision(position, self.state)
        best = "too_good" if found.too_good else "double" if found.double else "no_double"
        if doubled:
            self.doubled = (position, found)
            loss = in_emg(position, self.state, double_loss(found))
            return {"kind": "double", "chosen": "double", "best": best, "loss": loss, "state": self.state}
        loss = in_emg(position, self.state, no_double_loss(found))
        if loss <= 0 and not close(position, self.state, found):
            return None
        return {"kind": "no_double", "chosen": "no_double", "best": best, "loss": loss, "state": self.state}

    def answer(self, kind: str, taker: int) -> dict[str, Any] | None:
        """The doubled side's answer judged, and the cube moved by it."""
        judged = None
        if self.doubled is not None:
            position, found = self.doubled
            best = "beaver" if found.beaver else "take" if found.take else "drop"
            judged = {"kind": kind, "chosen": kind, "best": best,
                      "loss": in_emg(position, self.state, answer_loss(found, kind)), "position": position,
                      "state": self.state}
        self.doubled = None
        if kind in ("take", "beaver"):
            self.state = CubeState(self.state.value * (2 if kind == "take" else 4), taker, self.state.match_length,
                                   self.state.score, self.state.crawford, self.state.jacoby, self.state.beavers)
        return judged
