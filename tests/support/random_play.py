"""The random players the tests drive games with, and `play_until`, which drives them.

- `RandomActor`: one random but legal action of the side to act in a nardcore Game: rolls,
  plays (whole, or one step at a time), cube actions (double, take, drop, beaver),
  resignations offered, accepted and declined, each with the chance the test gives.
- `random_app_action`: the same for the app (web/worker/ui.py), through the intents the page
  sends: the computer's action when it is due, take or drop, double, roll, a click on a
  movable checker and one on a destination, undo, confirm.
- `play_until(act, done, limit)`: `act()` until `done(state)`, at most `limit` times.
- `play_random_game(app, rng)`: the app played to the game's end by `random_app_action`, the
  view's invariants checked at every state.

The same seed always gives the same game: every choice comes from the test's own
random.Random, and a chance of 0 draws nothing from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from nardcore.game import RESIGN_LEVELS, Game
from support.app import check_invariants
from web.worker import ui

State = TypeVar("State")


def play_until(act: Callable[[], State], done: Callable[[State], bool], limit: int,
               what: str | None = "the game did not end") -> State | None:
    """Call `act` until `done` holds for what it answers, at most `limit` times; the last
    answer (None if `limit` is 0). After `limit` calls without `done`: AssertionError(`what`),
    or, where `what` is None, the last answer."""
    state: State | None = None
    for _ in range(limit):
        state = act()
        if done(state):
            return state
    if what is not None:
        raise AssertionError(what)
    return state


@dataclass(frozen=True)
class RandomActor:
    """Chances of a random player's choices. `step`: the chance of playing a turn one step at
    a time (once begun, the turn goes on step by step); `gnubg_safe`: resign after rolling
    only with a choice of plays (gnubg plays a forced move for the resigner)."""

    beaver: float = 0.2
    take: float = 0.7
    resign: float = 0.0
    double: float = 0.1
    step: float = 0.0
    gnubg_safe: bool = False

    def choose(self, game: Game, rng: random.Random, may_double: bool = True) -> tuple[str, Any]:
        """The action (a Game method's name) and its argument, or None; `may_double`: False
        where the player may not double now for reasons outside the game."""
        phase = game.phase
        if phase == "opening":
            return "roll", None
        if phase == "take":
            if game.may_beaver() and rng.random() < self.beaver:
                return "beaver", None
            return ("take" if rng.random() < self.take else "drop"), None
        if phase == "resign":
            return ("accept_resignation" if rng.random() < 0.5 else "decline_resignation"), None
        if self.resign and game.may_resign() and rng.random() < self.resign and (
            not self.gnubg_safe or phase != "move" or len(game.plays()) > 1
        ):
            return "resign", rng.choice(list(RESIGN_LEVELS)) if game.resign_by_offer else None
        if self.double and phase == "cube" and game.may_double() and may_double and rng.random() < self.double:
            return "double", None
        if phase in ("cube", "roll"):
            return "roll", None
        if self.step:
            if game.turn_done or not game.steps_now():
                return "confirm", None
            if game.steps or rng.random() < self.step:
                return "step", rng.choice(game.steps_now())
        plays = list(game.plays())
        if plays:
            return "play", rng.choice(sorted(plays, key=str))
        return "confirm", None

    def act(self, game: Game, rng: random.Random) -> None:
        """One random action in `game`."""
        apply(game, *self.choose(game, rng))


def apply(game: Game, action: str, argument: Any = None) -> None:
    """The action `RandomActor.choose` answered, done in `game` (its own dice roll)."""
    method = getattr(game, action)
    if action in ("play", "step", "resign"):
        method(argument)
    else:
        method()


def random_app_action(app: ui.App, view: Mapping[str, Any], rng: random.Random, *, drop: bool = True,
                      double: float = 0.05, undo: float = 0.1) -> dict[str, Any]:
    """One random action of the person (or the computer's, when due) in the app showing `view`;
    the app's answer. `drop`: a double offered is taken or dropped at random (else taken)."""
    can = view["can"]
    answer: dict[str, Any]
    if view["bot_pending"]:
        answer = app.dispatch({"type": "bot"})
    elif can["take"]:
        answer = app.dispatch({"type": rng.choice(["take", "drop"]) if drop else "take"})
    elif double and can["double"] and rng.random() < double:
        answer = app.dispatch({"type": "double"})
    elif can["roll"]:
        answer = app.dispatch({"type": "roll"})
    elif view["movable"]:
        answer = app.dispatch({"type": "click", "point": rng.choice(view["movable"])})
        if answer["view"]["destinations"]:
            answer = app.dispatch({"type": "click", "point": rng.choice(answer["view"]["destinations"])})
        if undo and rng.random() < undo and answer["view"]["can"]["undo"]:
            answer = app.dispatch({"type": "undo"})
    elif can["confirm"]:
        answer = app.dispatch({"type": "confirm"})
    else:
        raise AssertionError(f"stuck: {view['phase']} {view['position']}")
    return answer


def play_random_game(app: ui.App, rng: random.Random, limit: int = 4000) -> Mapping[str, Any]:
    """The game in `app` played to its end by random actions; the final view. The view's
    invariants (support.app.check_invariants) hold at every state."""
    view: Mapping[str, Any] = app.view()
    check_invariants(view)
    if view["phase"] == "over":
        return view

    def step() -> Mapping[str, Any]:
        nonlocal view
        view = random_app_action(app, view, rng)["view"]
        check_invariants(view)
        return view

    final = play_until(step, lambda state: state["phase"] == "over", limit)
    assert final is not None
    return final
