"""The review's figures do not depend on what the caches hold: the network's evaluations and
the best replies (`neural_bot.best_reply`) the look-ahead leaves behind for the luck."""

from __future__ import annotations

import pytest

from nardcore.bots import act, make_bot
from nardcore.bots.analysis import review
from nardcore.bots.neural import Network, network_for
from nardcore.bots.neural_bot import lookahead_equity
from nardcore.dice import SeededDice
from nardcore.game import Game
from nardcore.position import Position


def played(variant: str, seed: str) -> Game:
    game = Game(variant, SeededDice(seed))
    bot = make_bot("advanced", seed=1)
    while not game.over:
        act(game, bot)
    return game


def shipped(variant: str) -> Network:
    network = network_for(variant)
    assert network is not None
    return network


@pytest.mark.parametrize("variant", ["backgammon", "narde"])
def test_a_review_after_the_look_ahead_gives_the_figures_of_one_without_any_cache(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(variant, f"review-cache-{variant}")
    network = shipped(variant)
    with monkeypatch.context() as nothing_kept:
        nothing_kept.setattr(network, "cache_size", 0)
        nothing_kept.setattr(network, "replies_size", 0)
        nothing_kept.setattr(network, "_cache", type(network._cache)())
        nothing_kept.setattr(network, "replies", type(network.replies)())
        network.misses = 0
        alone = review(game.start, game.history).to_dict()
        evaluated_alone = network.misses
        assert not network.replies and not network._cache
    # as after a game against the look-ahead: each turn's result looked at over the 21 rolls
    monkeypatch.setattr(network, "_cache", type(network._cache)())
    monkeypatch.setattr(network, "replies", type(network.replies)())
    for text in alone["positions"]:
        result = Position.parse(text)
        if result.winner() is None:
            lookahead_equity(network, result)
    network.misses = 0
    warm = review(game.start, game.history).to_dict()
    assert warm == alone
    assert alone["luck"]["w"] != 0.0 and alone["luck"]["b"] != 0.0
    # the luck of every roll came from the kept replies: a tenth of the evaluations or fewer
    assert network.misses < evaluated_alone / 10
