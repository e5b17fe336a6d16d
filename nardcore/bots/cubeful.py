"""Cubeful equity from cubeless chances by Janowski's model (backgammon, money play).

Rick Janowski, "Take-Points in Money Games" (1993). The cubeless outputs of the side on
roll, [win, win gammon, win backgammon, lose gammon, lose backgammon] (each level counting
the ones above it), give the average value of a win W = 1 + (wg + wbg)/p and of a loss
L = 1 + (lg + lbg)/(1 - p). With a perfectly live cube (the chances move without jumps,
so the cube is turned exactly at the other side's take point) the equity is piecewise linear
in p, through the take point TP = (L - 1/2)/(W + L + 1/2) (equity -1: the other side
cashes) and the cash point CP = (L + 1)/(W + L + 1/2) (equity +1), out to -L at p = 0 and
+W at p = 1 (the side then too good to cash plays on). With a dead cube it is the cubeless
equity. The real cube lies between: E = x * E_live + (1 - x) * E_dead, where x, the cube's
efficiency, is how much of the live cube's value real games keep (market losers, the last
roll's jumps). x is measured, not guessed: train/cube_efficiency.py plays cubeful games and
fits it (docs/cube.md), separately for contact and races and by the pips of the side on
roll (a short race has few rolls left to use the cube in: its x is much lower).

The decisions come out of the equities: double when min(double/take, double/pass) beats no
double; take when double/take is at most double/pass (+1); too good when no double beats
+1; beaver when the taker gains by taking (double/take below 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

# Measured by train/cube_efficiency.py (docs/cube.md "Cube efficiency"): x over all its
# games of each kind, and by the pips of the side on roll, as (mean pips of a bin, its x),
# read between the bins' means by straight lines and flat beyond the first and the last.
CONTACT_X = 0.719
RACE_X = 0.684
CONTACT_X_BY_PIPS = ((60.2, 0.591), (94.7, 0.686), (142.7, 0.744))
RACE_X_BY_PIPS = ((8.5, 0.397), (20.0, 0.644), (29.8, 0.682), (58.4, 0.758))

Owner = Literal["centred", "mine", "theirs"]
_EPSILON = 1e-7


def efficiency(pips: int, race: bool) -> float:
    """The cube's efficiency x for the side on roll with `pips` to bear off, in a race or not."""
    knots = RACE_X_BY_PIPS if race else CONTACT_X_BY_PIPS
    return _through(knots if pips > knots[0][0] else knots[:1], float(pips))


def average_win_loss(outputs: Sequence[float]) -> tuple[float, float]:
    """W and L: the average value of a win and of a loss, in points at a cube of 1."""
    p, wg, wbg, lg, lbg = outputs[:5]
    win = 1.0 + (wg + wbg) / p if p > _EPSILON else 1.0
    loss = 1.0 + (lg + lbg) / (1.0 - p) if p < 1.0 - _EPSILON else 1.0
    return win, loss


def dead_equity(outputs: Sequence[float], jacoby: bool = False) -> float:
    """The cubeless equity (gammons not counted under the Jacoby rule)."""
    p, wg, wbg, lg, lbg = outputs[:5]
    if jacoby:
        return 2 * p - 1
    return 2 * p - 1 + wg + wbg - lg - lbg


def take_and_cash_points(outputs: Sequence[float]) -> tuple[float, float]:
    """The live-cube take point and cash point, as the side on roll's chance to win."""
    win, loss = average_win_loss(outputs)
    return (loss - 0.5) / (win + loss + 0.5), (loss + 1.0) / (win + loss + 0.5)


def _through(points: Sequence[tuple[float, float]], p: float) -> float:
    """The piecewise linear function through `points` (sorted by p) at p."""
    for (p0, e0), (p1, e1) in zip(points, points[1:], strict=False):
        if p <= p1:
            return e0 if p1 - p0 < _EPSILON else e0 + (e1 - e0) * (p - p0) / (p1 - p0)
    return points[-1][1]


def live_equity(outputs: Sequence[float], owner: Owner, jacoby: bool = False) -> float:
    """The fully live cube's equity, per unit cube, for the side on roll."""
    p = outputs[0]
    win, loss = average_win_loss(outputs)
    take, cash = take_and_cash_points(outputs)
    if owner == "centred":
        low, high = (-1.0, 1.0) if jacoby else (-loss, win)  # Jacoby: no gammon before a double
        return _through(((0.0, low), (take, -1.0), (cash, 1.0), (1.0, high)), p)
    if owner == "mine":
        return _through(((0.0, -loss), (cash, 1.0), (1.0, win)), p)
    return _through(((0.0, -loss), (take, -1.0), (1.0, win)), p)


def cubeful_equity(outputs: Sequence[float], owner: Owner, x: float, jacoby: bool = False) -> float:
    """Janowski's cubeful equity, per unit cube: x of the live cube's, 1 - x of the dead's."""
    dead_jacoby = jacoby and owner == "centred"
    return x * live_equity(outputs, owner, jacoby) + (1 - x) * dead_equity(outputs, dead_jacoby)


@dataclass(frozen=True)
class CubeDecision:
    """The side on roll's cube decision, equities per unit of the current cube, its view."""

    no_double: float
    double_take: float
    double_pass: float
    double: bool  # the side on roll should double
    take: bool  # the other side, doubled, should take
    beaver: bool  # ... and beaver (where beavers are played)
    too_good: bool  # playing on beats cashing: the side on roll plays for more than the cube
    available: bool = True  # the side on roll may double at all

    @property
    def action(self) -> str:
        """The proper cube action in words, as gnubg and XG write it."""
        answer = "beaver" if self.beaver else "take" if self.take else "pass"
        if not self.available:
            return "no double (the cube is not available)"
        if self.too_good:
            return f"too good, {answer}"
        if self.double:
            return f"double, {answer}"
        return f"no double, {answer}"

    def as_dict(self) -> dict[str, object]:
        return {"double": self.double, "take": self.take, "action": self.action,
                "equity": {"no_double": round(self.no_double, 6), "double_take": round(self.double_take, 6),
                           "double_pass": round(self.double_pass, 6)}}


def decide(no_double: float, double_take: float, double_pass: float, available: bool = True,
           beavers: bool = False) -> CubeDecision:
    """The decision from the three equities (the side on roll's view; higher is better)."""
    take = double_take <= double_pass + _EPSILON
    double = available and min(double_take, double_pass) > no_double + _EPSILON  # a tie keeps the cube
    beaver = beavers and take and double_take < -_EPSILON
    too_good = available and no_double > double_pass + _EPSILON  # playing on beats the cash
    return CubeDecision(no_double, double_take, double_pass, double, take, beaver, too_good, available)


def money_decision(outputs: Sequence[float], x: float, owner: Owner = "centred", jacoby: bool = False,
                   beavers: bool = False) -> CubeDecision:
    """Money play: the cube decision of the side on roll (owner "centred" or "mine"; with
    "theirs" it may not double, and the figures say what a double would be worth)."""
    no_double = cubeful_equity(outputs, owner, x, jacoby)
    double_take = 2 * cubeful_equity(outputs, "theirs", x)
    return decide(no_double, double_take, 1.0, owner != "theirs", beavers)
