"""The app's state machine (web/worker/ui.py) on CPython, driven by intents as the page sends them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from nardcore.position import Position
from web.worker import ui

STARTS = {
    "backgammon": "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5",
    "narde": "narde:w:24x15:24x15",
    "khachapuri": "khachapuri:w:24x4,6x11:24x4,6x11",
    "moultezim": "moultezim:w:24x15:24x15",
    "tawla31": "tawla31:w:24x15:24x15",
}


def fresh(variant: str = "backgammon", dice: str | None = "seed:5",
          **prefs: Any) -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=dice)
    for name, value in prefs.items():
        app.dispatch({"type": "set", "name": name, "value": value})
    view = app.dispatch({"type": "new_game", "settings": {"variant": variant}})["view"]
    return app, view


def act(app: ui.App, kind: str, **args: Any) -> Mapping[str, Any]:
    view: Mapping[str, Any] = app.dispatch({"type": kind, **args})["view"]
    return view


def to_move(app: ui.App) -> Mapping[str, Any]:
    """Roll (and pass) until the side to act has a checker to move."""
    for _ in range(20):
        view = app.view()
        if view["phase"] == "move" and view["movable"]:
            return view
        if view["can"]["roll"]:
            act(app, "roll")
        elif view["can"]["confirm"]:
            act(app, "confirm")
    raise AssertionError("no movable checker after 20 actions")


def play_turns(app: ui.App, count: int) -> None:
    """`count` turns played by hand: the first movable checker to its first destination until
    the play is made, then confirm."""
    for _ in range(count):
        view = to_move(app)
        while view["movable"]:
            view = act(app, "click", point=view["movable"][0])
            view = act(app, "click", point=view["destinations"][0])
        act(app, "confirm")


def simple_action(app: ui.App, view: Mapping[str, Any]) -> Mapping[str, Any]:
    """One action from `view`, as the tests' simple player makes it: the computer's when its turn
    is pending, else roll, the first movable checker to its first destination, or confirm."""
    if view["bot_pending"]:
        return act(app, "bot")
    if view["can"]["roll"]:
        return act(app, "roll")
    if view["movable"]:
        act(app, "click", point=view["movable"][0])
        return act(app, "click", point=app.view()["destinations"][0])
    if view["can"]["confirm"]:
        return act(app, "confirm")
    raise AssertionError(f"nothing for the simple player to do in phase {view['phase']!r}")


def play_simply(app: ui.App, until: Callable[[Mapping[str, Any]], bool], limit: int = 50) -> Mapping[str, Any]:
    """`simple_action`s, the computer's included, from the app's view until `until` holds for
    the view (looked at before each action, the first too): that view. AssertionError after
    `limit` actions without it."""
    view: Mapping[str, Any] = app.view()
    for _ in range(limit):
        if until(view):
            return view
        view = simple_action(app, view)
    raise AssertionError(f"not reached in {limit} actions")


def check_invariants(view: Mapping[str, Any]) -> None:
    position = Position.parse(view["position"])
    sides = Counter(c["side"] for c in view["checkers"])
    assert sides == {"w": 15, "b": 15}
    assert len({c["id"] for c in view["checkers"]}) == 30
    counts = Counter(c["at"] for c in view["checkers"])
    for side, letter in ((0, "w"), (1, "b")):
        board = position.boards[side]
        assert counts.get(f"off-{letter}", 0) == board[0]
        assert counts.get(f"bar-{letter}", 0) == board[25]
        for point in range(1, 25):
            if board[point]:
                where = str(position.point_abs(side, point))
                assert counts[where] == board[point] == view["points"][where]["count"]
    # stacks are numbered 0..n-1 without gaps
    for where, n in counts.items():
        assert sorted(c["i"] for c in view["checkers"] if c["at"] == where) == list(range(n))


def link_game_to_move() -> tuple[ui.App, Mapping[str, Any]]:
    """A narde game by link between two apps, on the device whose player has rolled first
    (forced plays are left to the player: nothing moves unless a test moves it)."""
    host, _ = fresh("narde", dice="seed:1", auto_forced=False)
    invitation = act(host, "link_new", variant="narde", seat="w")["link"]["url"]
    guest, _ = fresh("narde", dice="seed:2", auto_forced=False)
    answer = act(guest, "load_url", fragment=invitation)["link"]["url"]
    view = act(host, "load_url", fragment=answer)
    if view["turn"] == "w":
        return host, view
    return guest, act(guest, "load_url", fragment=view["link"]["url"])
