"""The luck measured ahead while the person thinks (web/worker/luck_ahead.py): it changes nothing
shown, stops where a screen is over the game or a review runs, and leaves the review's luck
nothing to weigh, with the same figures as a review from nothing."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

import pytest
from support.app import act, fresh, play_turns, to_move
from support.random_play import play_random_game

from nardcore.bots import analysis, neural_bot
from nardcore.bots.neural import network_for
from web.worker import luck_ahead, ui


def catch_up(app: ui.App) -> list[dict[str, Any]]:
    """The view's `next` followed while it asks for the luck: the requests sent."""
    sent = []
    view = app.view()
    while view["next"] is not None and view["next"]["request"] == {"type": "luck_ahead"}:
        sent.append(dict(view["next"]["request"]))
        view = app.dispatch(view["next"]["request"])["view"]
        assert len(sent) < 5000
    return sent


def played(seed: int, variant: str = "backgammon") -> ui.App:
    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": variant}})
    play_random_game(app, random.Random(seed))
    return app


def emptied(variant: str) -> None:
    network = network_for(variant)
    assert network is not None
    network._cache, network.replies = OrderedDict(), OrderedDict()


@pytest.mark.parametrize("variant", ["backgammon", "narde"])
def test_after_the_luck_is_measured_ahead_the_review_weighs_no_roll_and_finds_the_same_luck(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = played(3, variant)
    assert app.game.over
    emptied(variant)
    cold = analysis.review(app.game.start, app.game.history)
    emptied(variant)
    sent = catch_up(app)
    assert len(sent) >= 1 and app.view()["next"] is None
    # every roll the luck asks for is kept: finding one's plays again would fail the review

    def no_more(*_args: object) -> object:
        raise AssertionError("a roll weighed again")

    monkeypatch.setattr(neural_bot, "result_positions", no_more)
    warm = analysis.review(app.game.start, app.game.history)
    assert [d.luck for d in warm.decisions] == [d.luck for d in cold.decisions]
    assert warm.luck_done == cold.luck_done > 0


def test_a_slice_weighs_at_least_one_roll_and_changes_nothing_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(luck_ahead, "SLICE", 0.0)
    app, _ = fresh("backgammon")
    to_move(app)
    play_turns(app, 2)
    view = to_move(app)
    before = {k: v for k, v in view.items() if k != "next"}
    ahead = app.session.luck_ahead
    waiting = len(ahead.waiting)
    assert waiting in (20 + 20, 14 + 20)  # two turns' other rolls (of the opening's 15 when it decided the first)
    after = act(app, "luck_ahead")
    assert len(ahead.waiting) == waiting - 1
    assert {k: v for k, v in after.items() if k != "next"} == before


def test_no_luck_is_measured_under_a_screen_over_the_game_or_while_a_review_runs() -> None:
    app, _ = fresh("backgammon")
    to_move(app)
    play_turns(app, 1)
    view = to_move(app)
    assert view["next"] == {"request": {"type": "luck_ahead"}, "delay_ms": 400, "paced": False}
    assert act(app, "edit_open")["next"] is None
    assert act(app, "edit_close")["next"] is not None
    app.dispatch({"type": "hint"})
    assert app.view()["next"] is not None  # a hint shown: the luck goes on under it
    done = played(8)
    view = act(done, "review")
    assert view["next"] == {"request": {"type": "review"}, "delay_ms": 0, "paced": False}  # the review's own luck


def test_a_new_game_walks_its_own_record() -> None:
    app = played(5)
    catch_up(app)
    assert app.view()["next"] is None
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    assert app.view()["next"] is None  # nothing played in it yet
    to_move(app)
    play_turns(app, 1)
    to_move(app)
    ahead = app.session.luck_ahead
    assert ahead.start == app.game.start and ahead.walked == app.game.history and ahead.plays >= 1 and ahead.waiting


def test_the_same_game_copied_goes_on_where_its_walk_was_and_one_taken_back_walks_again() -> None:
    """A game by link or a save read again puts a copy of the game on the board: the walk goes
    on (every view asks, so a walk started again would read the whole record each time)."""
    app = played(5)
    catch_up(app)
    ahead = app.session.luck_ahead
    app.session.game = app.game.copy()
    assert app.view()["next"] is None and app.session.luck_ahead is ahead
    app.session.game = shorter = app.game.copy()
    shorter.history[:] = shorter.history[:-3]
    app.view()
    assert app.session.luck_ahead is not ahead and app.session.luck_ahead.walked == shorter.history
