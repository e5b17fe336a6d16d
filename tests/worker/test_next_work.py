"""The view's `next` (web/worker/next_work.py): the worker says what the page sends by itself and
after how long; following it alone plays the computer's turns, runs a rollout and a review to
their end, and stops where the person is to act."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from support.app import act, fresh, play_simply, play_turns, to_move
from support.random_play import play_random_game

from web.worker import next_work, rollouts, ui

RACE = "backgammon:w:8,6x3,5x2:6x2,5x2,4x2,23"


def follow(app: ui.App, view: Mapping[str, Any], limit: int = 400) -> tuple[Mapping[str, Any], list[dict[str, Any]]]:
    """The view's `next` sent until there is none; the last view and every request sent."""
    sent: list[dict[str, Any]] = []
    for _ in range(limit):
        if view["next"] is None:
            return view, sent
        request = dict(view["next"]["request"])
        sent.append(request)
        view = app.dispatch(request)["view"]
    raise AssertionError("the page would never stop sending")


def test_the_computer_plays_its_turns_by_the_views_next_with_its_pace() -> None:
    app = ui.App(dice="seed:7")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "narde", "opponent": "computer"}})["view"]
    view = play_simply(app, lambda view: view["bot_pending"] and view["phase"] != "move")  # the computer to roll
    assert view["next"] == {"request": {"type": "bot"}, "delay_ms": next_work.ACTION_MS, "paced": True}
    plays = len([e for e in app.game.history if e.get("event") in ("play", "pass")])
    view, sent = follow(app, view)
    # the computer's turn, then, the person to act, the luck of the turns so far measured ahead
    kinds = [request["type"] for request in sent]
    assert kinds == ["bot"] * kinds.count("bot") + ["luck_ahead"] * kinds.count("luck_ahead")
    assert kinds.count("bot") >= 2 and kinds.count("luck_ahead") >= 1
    assert not view["bot_pending"] and app.game.to_act == 0  # the person's turn: nothing more to send
    assert len([e for e in app.game.history if e.get("event") in ("play", "pass")]) == plays + 1


def test_a_step_of_the_computers_play_waits_less_than_its_roll() -> None:
    view = {"hint": None, "review": None, "bot_pending": True, "screen": "board"}
    assert next_work.next_work({**view, "phase": "move"})["delay_ms"] == next_work.STEP_MS  # type: ignore[index]
    assert next_work.next_work({**view, "phase": "roll"})["delay_ms"] == next_work.ACTION_MS  # type: ignore[index]
    assert next_work.next_work({**view, "phase": "roll", "screen": "setup"}) is None  # the dialog holds it
    assert next_work.STEP_MS < next_work.ACTION_MS


def test_a_hint_rollout_runs_to_its_end_by_the_views_next(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)
    app = ui.App(dice="seed:1")
    app.dispatch({"type": "load_url", "fragment": f"#p={RACE}&dice=21"})
    app.dispatch({"type": "hint"})
    view = app.dispatch({"type": "rollout", "of": "hint", "action": "start", "games": 2})["view"]
    assert view["next"] == {"request": {"type": "rollout", "of": "hint", "action": "more"}, "delay_ms": 0,
                            "paced": False}
    view, sent = follow(app, view)
    rollout = view["hint"]["rollout"]
    assert not rollout["running"] and rollout["done"] == rollout["total"] == 2 * len(view["hint"]["plays"])
    assert len(sent) == rollout["total"]  # a game a slice, the first with the start; the last finds it done


def test_a_review_runs_to_its_end_by_the_views_next_and_a_rollout_of_its_turn_goes_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)
    app = ui.App(dice="seed:4")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    play_random_game(app, random.Random(4))
    view = act(app, "review")
    assert view["next"] == {"request": {"type": "review"}, "delay_ms": 0, "paced": False}
    while not view["review"]["ranked"]:
        view = act(app, "review")
    turn = next(d["turn"] for d in view["review"]["decisions"] if d["kind"] == "play" and not d["forced"])
    act(app, "review", show=turn)
    view = app.dispatch({"type": "rollout", "of": "review", "action": "start", "games": 1})["view"]
    assert view["next"]["request"] == {"type": "rollout", "of": "review", "action": "more"}
    view, sent = follow(app, view, limit=5000)
    assert view["review"]["complete"] and not view["review"]["rollout"]["running"]
    kinds = [request["type"] for request in sent]
    assert kinds == ["rollout"] * kinds.count("rollout") + ["review"] * kinds.count("review")  # the rollout first
    assert kinds.count("rollout") >= 2 and kinds.count("review") >= 1
    assert view["bot_pending"] is False and view["next"] is None


def test_while_the_person_is_to_act_only_the_luck_is_measured_ahead_after_a_pause() -> None:
    app, view = fresh("backgammon")
    assert view["next"] is None
    view = to_move(app)
    assert view["next"] is None  # the game's first play to make: no roll's luck to measure yet
    play_turns(app, 1)
    view = to_move(app)
    assert view["next"] == {"request": {"type": "luck_ahead"}, "delay_ms": next_work.IDLE_MS, "paced": False}
    position, history = view["position"], list(app.game.history)
    view, sent = follow(app, view)
    assert sent and all(request == {"type": "luck_ahead"} for request in sent) and view["next"] is None
    assert view["position"] == position and app.game.history == history  # the game as it was
