"""The clocks of a game played live (web/worker/duel/liveclock.py) with a controlled clock: every time
is given, nothing waits. A flag falls when the reserve is spent, not a moment before; the delay
of each turn is free; a pause (the line dropped) stops the time."""

from __future__ import annotations

import doctest

import pytest

from web.worker.duel import liveclock
from web.worker.duel.liveclock import Clocks


def test_doctests() -> None:
    assert doctest.testmod(liveclock).failed == 0


def test_the_flag_falls_when_the_reserve_is_spent_and_not_before() -> None:
    clocks = Clocks(delay=10, reserve=30)
    clocks.start("w", now=100)
    assert clocks.flagged(now=139.999) is None and clocks.left("w", now=139.999) > 0
    assert clocks.flagged(now=140) == "w" and clocks.left("w", now=140) == 0
    assert clocks.left("b", now=140) == 30  # the other side's reserve untouched


def test_the_delay_of_each_turn_is_free_and_the_reserve_carries_over() -> None:
    clocks = Clocks(delay=5, reserve=20)
    clocks.start("w", now=0)
    clocks.start("b", now=4)  # played within the delay: nothing taken
    assert clocks.left("w", now=4) == 20
    clocks.start("w", now=10)  # b took 6 s: 1 s of its reserve
    assert clocks.left("b", now=10) == 19
    clocks.start("b", now=25)  # w took 15 s: 10 s of its reserve
    assert clocks.left("w", now=25) == 10
    clocks.start("w", now=25)
    assert clocks.flagged(now=39.99) is None and clocks.flagged(now=40) == "w"  # 5 s delay + 10 s left


def test_a_pause_stops_the_time_and_resuming_gives_the_turn_its_delay_again() -> None:
    clocks = Clocks(delay=5, reserve=20)
    clocks.start("b", now=0)
    clocks.pause(now=15)  # 10 s of b's reserve taken
    assert clocks.left("b", now=1000) == 10 and clocks.flagged(now=1000) is None
    clocks.resume(now=1000)
    assert clocks.flagged(now=1014.9) is None and clocks.flagged(now=1015) == "b"
    assert clocks.view(now=1002)["delay"] == 3.0 and clocks.view(now=1002)["running"] == "b"


def test_stopped_clocks_flag_nobody() -> None:
    clocks = Clocks(delay=0, reserve=1)
    assert clocks.flagged(now=10**6) is None
    clocks.start("w", now=0)
    clocks.stop(now=0.5)
    assert clocks.flagged(now=10**6) is None and clocks.left("w", now=10**6) == 0.5


@pytest.mark.parametrize("value", [-1, True, "12", float("nan"), 10**9])
def test_a_time_control_out_of_range_is_refused(value: object) -> None:
    with pytest.raises(ValueError, match="seconds"):
        Clocks(delay=value, reserve=60)  # type: ignore[arg-type]
