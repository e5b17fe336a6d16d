"""Janowski's model in match-winning chances: the cube at a match score (backgammon).

The money model (`cubeful`) is piecewise linear in the side on roll's chance to win p, out
to the average loss at p = 0 and the average win at p = 1, through the points where one
side cashes by doubling the other out. At a match score the same holds in match-winning
chances (MWC) with the points found from the match equity table (`met`) instead of from
W and L: `Score.mwc(a, b)` is the chance to win the match of the side on roll once it needs
a points and the other side b. At cube v:

- WIN(v) and LOSE(v), the MWC of a win and of a loss, averaged over single, gammon and
  backgammon with the position's own shares of them;
- A's cash point at v: the p above which B passes A's double to 2v, where A's MWC with B
  owning 2v (live) equals what a pass gives A, mwc(a - v, b); it exists while doubling can
  gain, a > v. B's cash point likewise, from A's MWC owning 2v and mwc(a, b - v); each
  needs the cash points at 2v, so they are found from the highest useful cube down;
- the live curve: (0, LOSE), B's cash point at MWC mwc(a, b - v) (centred, or B's cube),
  A's cash point at mwc(a - v, b) (centred, or A's cube), (1, WIN);
- the cubeful MWC: x times the live curve at p plus 1 - x times the dead cube's
  p WIN + (1 - p) LOSE, x the cube's efficiency as in money play.

No double / double-take / double-pass are then: the cubeful MWC at v with the cube where
it is; at 2v with the other side owning it; mwc(a - v, b). The decision reads them as in
money play (`cubeful.decide`). The Crawford game has no cube: its MWC is the dead one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from .cubeful import CubeDecision, Owner, decide

MatchChance = Callable[[int, int], float]  # (need of the side on roll, need of the other) -> its MWC
_EPSILON = 1e-9


@dataclass(frozen=True)
class Shares:
    """The outcome chances of the side on roll: p, and its wins' and losses' shares of
    single, gammon and backgammon (each share a fraction of its wins or of its losses)."""

    p: float
    wins: tuple[float, float, float]
    losses: tuple[float, float, float]

    @classmethod
    def of(cls, outputs: Sequence[float]) -> Shares:
        p, wg, wbg, lg, lbg = (min(1.0, max(0.0, value)) for value in outputs[:5])
        wg, lg = min(wg, p), min(lg, 1 - p)
        wbg, lbg = min(wbg, wg), min(lbg, lg)
        win = (p - wg, wg - wbg, wbg)
        loss = (1 - p - lg, lg - lbg, lbg)
        return cls(p, _shares(win), _shares(loss))


def _shares(chances: tuple[float, float, float]) -> tuple[float, float, float]:
    total = sum(chances)
    if total < _EPSILON:
        return 1.0, 0.0, 0.0
    single, gammon, backgammon = (c / total for c in chances)
    return single, gammon, backgammon


def _through(points: Sequence[tuple[float, float]], p: float) -> float:
    for (p0, e0), (p1, e1) in zip(points, points[1:], strict=False):
        if p <= p1:
            return e0 if p1 - p0 < _EPSILON else e0 + (e1 - e0) * (p - p0) / (p1 - p0)
    return points[-1][1]


def _solve(points: Sequence[tuple[float, float]], target: float) -> float:
    """The first p where the (rising) curve through `points` reaches `target`, in [0, 1]."""
    if target <= points[0][1]:
        return 0.0
    for (p0, e0), (p1, e1) in zip(points, points[1:], strict=False):
        if e0 <= target <= e1:
            return p0 if e1 - e0 < _EPSILON else p0 + (p1 - p0) * (target - e0) / (e1 - e0)
    return 1.0


@dataclass(frozen=True)
class Score:
    """The side on roll needs `need` points, the other `other`; `mwc` reads the table for the
    score after this game, `cube` says whether the cube is in play in it at all."""

    need: int
    other: int
    shares: Shares
    mwc: MatchChance
    cube: bool = True

    def win(self, v: int) -> float:
        """The MWC of a win at cube v, averaged over its kinds."""
        return sum(share * self.mwc(self.need - k * v, self.other) for k, share in enumerate(self.shares.wins, 1))

    def loss(self, v: int) -> float:
        return sum(share * self.mwc(self.need, self.other - k * v) for k, share in enumerate(self.shares.losses, 1))

    @cached_property
    def _cash(self) -> dict[tuple[int, bool], float | None]:
        return {}

    def cash_point(self, v: int, mine: bool) -> float | None:
        """The side on roll's chance at which the doubled side (the other if `mine`, else
        the side on roll) is indifferent between taking and passing a double from v; None
        when that side's double cannot gain (its win at v already wins the match)."""
        key = (v, mine)
        if key in self._cash:
            return self._cash[key]
        doubler_need = self.need if mine else self.other
        if not self.cube or doubler_need <= v:
            found = None
        elif mine:  # the other side takes to own 2v; A passes it mwc(a - v, b)
            found = _solve(self.curve(2 * v, "theirs"), self.mwc(self.need - v, self.other))
        else:
            found = _solve(self.curve(2 * v, "mine"), self.mwc(self.need, self.other - v))
        self._cash[key] = found
        return found

    def curve(self, v: int, owner: Owner) -> list[tuple[float, float]]:
        """The live cube's MWC as points (p, MWC) from p = 0 to 1."""
        points = [(0.0, self.loss(v))]
        if owner in ("centred", "theirs") and (theirs := self.cash_point(v, mine=False)) is not None:
            points.append((theirs, self.mwc(self.need, self.other - v)))
        if owner in ("centred", "mine") and (mine := self.cash_point(v, mine=True)) is not None:
            points.append((mine, self.mwc(self.need - v, self.other)))
        points.append((1.0, self.win(v)))
        points.sort(key=lambda point: point[0])
        return points

    def cubeful(self, v: int, owner: Owner, x: float) -> float:
        """Janowski's cubeful MWC at cube v: x of the live curve's, 1 - x of the dead cube's."""
        p = self.shares.p
        dead = p * self.win(v) + (1 - p) * self.loss(v)
        if not self.cube:
            return dead
        return x * _through(self.curve(v, owner), p) + (1 - x) * dead


def match_decision(score: Score, v: int, owner: Owner, x: float) -> CubeDecision:
    """The cube decision of the side on roll at cube v, its equities in match-winning chances."""
    no_double = score.cubeful(v, owner, x)
    double_take = score.cubeful(2 * v, "theirs", x)
    double_pass = score.mwc(score.need - v, score.other)
    available = score.cube and owner != "theirs"
    return decide(no_double, double_take, double_pass, available)
