"""The hint's rollout in the app (web/worker/rollouts.py): started from the hint, run a slice per
request until done, cancelled with its figures kept, gone with the hint, refused without one."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from nardcore.bots import analysis
from nardcore.bots.rollout import rollout
from nardcore.notation import parse_play
from nardcore.position import Position
from web.worker import rollouts, ui
from web.worker.inputs import UIError

RACE = "backgammon:w:8,6x3,5x2:6x2,5x2,4x2,23"


def hinted(dice: str = "21") -> ui.App:
    app = ui.App(dice="seed:1")
    app.dispatch({"type": "load_url", "fragment": f"#p={RACE}&dice={dice}"})
    app.dispatch({"type": "hint"})
    return app


def send(app: ui.App, **request: Any) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.dispatch({"type": "rollout", "of": "hint", **request})["view"]
    return view


def test_a_rollout_runs_a_slice_per_request_until_every_play_has_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)  # one game per request
    app = hinted()
    view = send(app, action="start", games=4)
    plays = [item["play"] for item in view["hint"]["plays"]]
    state = view["hint"]["rollout"]
    assert state["running"] and state["done"] == 1 and state["total"] == 4 * len(plays) and state["games"] == 4
    seen = [state["done"]]
    while state["running"]:
        state = send(app, action="more")["hint"]["rollout"]
        seen.append(state["done"])
    assert seen == list(range(1, 4 * len(plays) + 1)) + [4 * len(plays)]  # the last request finds it done
    assert not state["stopped"] and [item["play"] for item in state["plays"]] == plays
    position = Position.parse(RACE)
    candidates = [(text, parse_play(position, (2, 1), text)) for text in plays]
    expected = rollout(position, candidates, games=4, level=rollouts.ROLLOUT_LEVEL)
    assert state["plays"] == [figures.to_dict() for figures in expected]
    assert send(app, action="more")["hint"]["rollout"] == state  # nothing more to do


def test_a_cancelled_rollout_stops_and_keeps_its_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)
    app = hinted()
    send(app, action="start")
    send(app, action="more")
    state = send(app, action="cancel")["hint"]["rollout"]
    assert not state["running"] and state["stopped"] and state["done"] == 2
    assert state["total"] == rollouts.ROLLOUT_GAMES * len(state["plays"]) and state["plays"][0]["games"] == 1
    assert send(app, action="more")["hint"]["rollout"] == state  # a late request changes nothing
    view = app.dispatch({"type": "hint", "show": 1})["view"]  # showing another play keeps it
    assert view["hint"]["rollout"] == state
    restarted = send(app, action="start", games=1)["hint"]["rollout"]
    assert restarted["running"] and restarted["done"] == 1 and restarted["total"] == len(state["plays"])


def test_the_rollout_goes_with_the_hint_and_needs_one() -> None:
    app = hinted()
    send(app, action="start", games=1)
    view = app.dispatch({"type": "click", "point": "6"})["view"]
    assert view["hint"] is None
    with pytest.raises(UIError, match="no hint"):
        send(app, action="more")
    app = hinted()
    for bad in (0, 1297, "36", True, 2.5):
        with pytest.raises(UIError, match="whole number"):
            send(app, action="start", games=bad)
    with pytest.raises(UIError, match="not 'go'"):
        send(app, action="go")
    hint = app.view()["hint"]
    assert hint is not None and hint.get("rollout") is None


# -- a turn of the review rolled out ---------------------------------------------------------------


def reviewed(seed: int = 4) -> tuple[ui.App, dict[str, Any]]:
    """A hot-seat backgammon game of random plays, reviewed as far as its first pass (the plays
    ranked: a turn may be rolled out while the luck is still measured)."""
    from support.app import act
    from support.random_play import play_random_game

    app = ui.App(dice=f"seed:{seed}")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    play_random_game(app, random.Random(seed))
    review = act(app, "review")["review"]
    while not review["ranked"]:
        review = act(app, "review")["review"]
    return app, review


def review_rollout(app: ui.App, **request: Any) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.dispatch({"type": "rollout", "of": "review", **request})["view"]
    return view


def test_a_reviewed_turn_rolls_out_the_play_made_and_the_best_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)
    app, review = reviewed()
    marked = max((d for d in review["decisions"] if d["kind"] == "play"), key=lambda d: d["loss"])
    assert marked["mark"] == "blunder"
    app.dispatch({"type": "review", "show": marked["turn"]})
    state = review_rollout(app, action="start", games=2)["review"]["rollout"]
    assert state["running"] and state["turn"] == marked["turn"] and state["done"] == 1
    while state["running"]:
        state = review_rollout(app, action="more")["review"]["rollout"]
    position = Position.parse(marked["position"])
    dice = (int(marked["dice"][0]), int(marked["dice"][1]))
    plays = [item["play"] for item in state["plays"]]
    # the best plays of the roll, the last place given to the play made when it is not among them
    best = [item.play for item in analysis.hint(position, dice, count=rollouts.REVIEW_PLAYS)]
    assert plays == [*best[: rollouts.REVIEW_PLAYS - 1], marked["chosen"]] and marked["chosen"] not in best
    assert plays[0] == marked["best"] and state["total"] == 2 * len(plays) == state["done"]
    expected = rollout(position, [(text, parse_play(position, dice, text)) for text in plays], games=2,
                       level=rollouts.ROLLOUT_LEVEL)
    assert state["plays"] == [figures.to_dict() for figures in expected]
    # the review still shows that turn
    view = app.view()
    assert view["review"] is not None and view["review"]["shown"] == marked["turn"]
    assert view["position"] == marked["position"]


def test_a_reviewed_turns_rollout_is_cancelled_goes_with_its_turn_and_needs_a_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rollouts, "ROLLOUT_SLICE", 0.0)
    app, review = reviewed(3)
    # the view says whether the shown turn may be rolled out (the page offers it by that alone)
    shown = app.view()["review"]
    assert shown is not None and shown["rollable"] is False
    with pytest.raises(UIError, match="no turn of the review"):
        review_rollout(app, action="start")  # no turn shown
    forced = next(d for d in review["decisions"] if d["kind"] == "play" and d["forced"])
    assert app.dispatch({"type": "review", "show": forced["turn"]})["view"]["review"]["rollable"] is False
    with pytest.raises(UIError, match="no turn of the review"):
        review_rollout(app, action="start")  # no choice to compare
    chosen = next(d for d in review["decisions"] if d["kind"] == "play" and not d["forced"])
    assert app.dispatch({"type": "review", "show": chosen["turn"]})["view"]["review"]["rollable"] is True
    review_rollout(app, action="start")
    review_rollout(app, action="more")
    state = review_rollout(app, action="cancel")["review"]["rollout"]
    assert not state["running"] and state["stopped"] and state["done"] == 2
    assert app.session.review_rollout_run is None
    assert review_rollout(app, action="more")["review"]["rollout"] == state  # a late request changes nothing
    # showing another turn drops it; closing the review drops a running one
    review_rollout(app, action="start")
    assert "rollout" not in app.dispatch({"type": "review", "show": forced["turn"]})["view"]["review"]
    assert app.session.review_rollout_run is None
    app.dispatch({"type": "review", "show": chosen["turn"]})
    review_rollout(app, action="start")
    assert app.dispatch({"type": "review", "close": True})["view"]["review"] is None
    assert app.session.review_rollout_run is None
    with pytest.raises(UIError, match="not 'go'"):
        review_rollout(app, action="go")
