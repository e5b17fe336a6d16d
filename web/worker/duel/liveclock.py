"""Clocks of a game played live (docs/live.md, "Clocks"): a delay per move and a reserve per
game, as live backgammon sites have them. On a player's turn the first `delay` seconds are free;
after that the reserve runs; a player whose reserve is spent loses on time.

Time is given, never read here: every call takes `now` (seconds, any monotonic origin), so the
clocks are tested with a controlled clock and no waiting.

>>> clock = Clocks(delay=12, reserve=60)
>>> clock.start("w", now=0)
>>> clock.left("w", now=30)          # 12 s free, then 18 s of the reserve
42.0
>>> clock.flagged(now=71.9), clock.flagged(now=72)
(None, 'w')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SIDES = ("w", "b")
MAX_SECONDS = 24 * 3600  # of a delay or a reserve
# The time controls offered when inviting (delay, reserve) in seconds, as live sites offer them
# (docs/live.md "Clocks"); a game by link is one game, so the reserve is the game's.
CONTROLS = ((8, 60), (12, 120), (15, 300), (20, 600))
GRACE = 3.0  # seconds this device waits past the other's flag for the other device to say it


def read_control(value: Any) -> tuple[float, float] | None:
    """A time control as a request or a live link gives it: `[delay, reserve]`, or None for no
    clocks; ValueError (naming what is wrong) for anything else."""
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"a time control is [delay, reserve] in seconds, not {str(value)[:60]!r}")
    delay, reserve = value
    Clocks(delay=delay, reserve=reserve)  # checks both
    if reserve <= 0:
        raise ValueError("a time control's reserve is more than 0 seconds")
    return float(delay), float(reserve)


@dataclass
class Clocks:
    """Both players' clocks: the reserve each has left, whose clock runs and since when."""

    delay: float
    reserve: float
    reserves: dict[str, float] = field(default_factory=dict)
    running: str | None = None  # the side whose turn is timed now
    since: float = 0.0  # when its turn began
    paused: bool = False

    def __post_init__(self) -> None:
        for name, value in (("delay", self.delay), ("reserve", self.reserve)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_SECONDS:
                raise ValueError(f"the clocks' {name} is a number of seconds from 0 to {MAX_SECONDS}, not {value!r}")
        if not self.reserves:
            self.reserves = {side: float(self.reserve) for side in SIDES}

    @classmethod
    def carried(cls, value: Any) -> Clocks:
        """Clocks as a live link carries them: `[delay, reserve, white's left, black's left]`
        (docs/live.md), paused; ValueError when they are not of that shape."""
        if not isinstance(value, list) or len(value) != 4:
            raise ValueError("the clocks are [delay, reserve, white's reserve left, black's]")
        delay, reserve, white, black = value
        clocks = cls(delay=delay, reserve=reserve)
        for left in (white, black):
            if isinstance(left, bool) or not isinstance(left, int | float) or not 0 <= left <= reserve:
                raise ValueError("a reserve left is a number of seconds from 0 to the reserve")
        clocks.reserves = {"w": float(white), "b": float(black)}
        return clocks

    def carry(self, now: float) -> list[float]:
        """What a live link carries of these clocks at `now` (read back by `carried`)."""
        return [self.delay, self.reserve, round(self.left("w", now), 1), round(self.left("b", now), 1)]

    def _used(self, now: float) -> float:
        """What the running turn has taken from its player's reserve so far."""
        return max(0.0, now - self.since - self.delay) if self.running and not self.paused else 0.0

    def left(self, side: str, now: float) -> float:
        """The reserve `side` has left at `now` (its delay aside)."""
        spent = self._used(now) if side == self.running else 0.0
        return max(0.0, self.reserves[side] - spent)

    def start(self, side: str, now: float) -> None:
        """`side`'s turn begins: its delay, then its reserve, run from `now`."""
        self.stop(now)
        self.running, self.since, self.paused = side, now, False

    def stop(self, now: float) -> None:
        """The running turn ends (its player has played): what it took is taken from its reserve."""
        if self.running is not None and not self.paused:
            self.reserves[self.running] = self.left(self.running, now)
        self.running = None

    def pause(self, now: float) -> None:
        """The line dropped: nobody's time runs until `resume` (the turn's delay starts again then)."""
        if self.running is not None and not self.paused:
            self.reserves[self.running] = self.left(self.running, now)
            self.paused = True

    def resume(self, now: float) -> None:
        if self.running is not None and self.paused:
            self.since, self.paused = now, False

    def flagged(self, now: float) -> str | None:
        """The side whose reserve is spent at `now` (it loses on time), or None."""
        if self.running is None or self.paused:
            return None
        return self.running if self.left(self.running, now) <= 0 else None

    def view(self, now: float) -> dict[str, Any]:
        """What the page shows: each side's reserve at `now`, whose clock runs, and the delay
        left of its turn (the page counts down from these until the next view)."""
        delay_left = max(0.0, self.delay - (now - self.since)) if self.running and not self.paused else 0.0
        return {"w": round(self.left("w", now), 1), "b": round(self.left("b", now), 1), "running": self.running,
                "delay": round(delay_left, 1), "paused": self.paused}
