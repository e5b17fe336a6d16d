"""Long computations tick (nardcore/progress.py), and the worker turns the ticks into word to
the page that it is alive (web/worker/engine.py), at most every ALIVE_S."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nardcore import progress
from nardcore.bots import act, make_bot
from nardcore.bots.neural import Network, network_for
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.movegen import result_positions
from web.worker import engine


@pytest.fixture
def ticks() -> Iterator[list[int]]:
    """The listener's calls, one entry each; nobody listens again afterwards."""
    calls: list[int] = []
    progress.listen(lambda: calls.append(1))
    try:
        yield calls
    finally:
        progress.listen(None)


def test_the_listener_hears_every_stride_th_tick(ticks: list[int]) -> None:
    for _ in range(progress.STRIDE * 3 - 1):
        progress.tick()
    assert len(ticks) == 2
    progress.tick()
    assert len(ticks) == 3
    progress.listen(None)
    for _ in range(progress.STRIDE * 2):
        progress.tick()
    assert len(ticks) == 3


def test_a_replayed_game_and_the_computers_search_tick(ticks: list[int]) -> None:
    game = Game("narde", SeededDice(4))
    bot = make_bot("advanced", seed=4)
    while len(game.history) < 60 or game.phase != "move":
        act(game, bot)
    played = len(ticks)
    assert played >= 20 // progress.STRIDE
    game_from_dict(game_to_dict(game), SeededDice(4))  # the replay builds every turn's graph again
    assert len(ticks) - played >= 20 // progress.STRIDE
    replayed = len(ticks)
    # the look-ahead over the opponent's 21 rolls builds a graph for each, for every candidate
    make_bot("strongest", seed=4, budget=60.0).choose_play(game.position, game.plays())
    assert len(ticks) - replayed >= 2


def test_the_network_ticks_at_each_position_it_evaluates() -> None:
    # a turn's plays weighed one by one: in the browser a hundred of them outlast the graph's tick
    start = Game("backgammon", SeededDice(7)).position
    positions = list(dict.fromkeys(result for d1 in range(1, 7) for d2 in range(d1, 7)
                                   for result in result_positions(start, (d1, d2))))
    shipped = network_for("backgammon")  # shared, its cache filled by other tests: a copy, empty
    assert shipped is not None and len(positions) > 5 * progress.STRIDE
    network = Network.from_bytes(shipped.to_bytes())
    calls: list[int] = []
    progress.listen(lambda: calls.append(1))  # set after the graphs above: their ticks are not counted
    try:
        for position in positions:
            network.evaluate(position)
        assert len(calls) == len(positions) // progress.STRIDE
        for position in positions:
            network.evaluate(position)  # from the cache: nothing long
        assert len(calls) == len(positions) // progress.STRIDE
    finally:
        progress.listen(None)


def test_the_worker_says_it_is_alive_at_most_every_alive_s() -> None:
    now = [100.0]
    said: list[str] = []
    tell = engine.alive_teller(said.append, clock=lambda: now[0])
    tell()
    assert said == []  # nothing yet: the request has only just begun
    now[0] += engine.ALIVE_S
    tell()
    tell()
    assert said == ["nard:alive"]
    now[0] += engine.ALIVE_S / 2
    tell()
    assert said == ["nard:alive"]
    now[0] += engine.ALIVE_S / 2
    tell()
    assert said == ["nard:alive", "nard:alive"]


def test_on_cpython_nobody_is_told(ticks: list[int]) -> None:
    engine.dispatch('{"type": "ping"}')  # the worker's listener is set only where `js` exists
    for _ in range(progress.STRIDE):
        progress.tick()
    assert len(ticks) == 1
