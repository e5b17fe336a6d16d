"""May the person act now, decided once (web/worker/may.py): at many states of random games the
view's `can` (what the page enables) and the dispatcher (what a request does) agree. Each
action is tried on a copy of the app: it changes the game exactly when `can` offered it."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import pytest
from support.random_play import random_app_action

from nardcore.bots.random_bot import RandomBot
from web.worker import ui
from web.worker.intents import INTENTS

# every guarded action, as the page sends it (a resignation names backgammon's level; the other
# games read none)
REQUESTS: dict[str, dict[str, Any]] = {
    "roll": {"type": "roll"}, "double": {"type": "double"}, "take": {"type": "take"}, "drop": {"type": "drop"},
    "beaver": {"type": "beaver"}, "undo": {"type": "undo"}, "confirm": {"type": "confirm"},
    "hint": {"type": "hint"}, "resign": {"type": "resign", "level": "single"},
    "answer_resign": {"type": "answer_resign", "accept": True}, "next_game": {"type": "next_game"},
}


def fingerprint(app: ui.App) -> tuple[Any, ...]:
    """What an action changes: the game (which one, its board, phase, history, cube), the dice
    entered by hand, the hint."""
    session, game = app.session, app.session.game
    return (id(game), str(game.board), game.phase, len(game.history), game.cube_value, game.cube_owner,
            tuple(session.entered), session.hint is not None)


def offered(view: Mapping[str, Any], action: str) -> bool:
    """Whether the view offers the action: its `can`, and for a roll by hand the dice picker."""
    return bool(view["can"][action]) or (action == "roll" and view["hand"] is not None)


def check_agreement(app: ui.App) -> int:
    """Every guarded action tried on a copy of `app`; the number the view offered."""
    view = app.view()
    count = 0
    for action, request in REQUESTS.items():
        trial = copy.deepcopy(app)
        before = fingerprint(trial)
        by_hand = action == "roll" and trial.session.by_hand
        trial.dispatch({**request, "dice": [3, 1]} if by_hand else request)
        acted = fingerprint(trial) != before
        assert acted == offered(view, action), (action, view["phase"], view["position"], view["can"])
        count += offered(view, action)
    return count


def random_bot(level: str, seed: int | None = None) -> RandomBot:
    return RandomBot(seed)


@pytest.mark.parametrize(("variant", "opponent", "dice", "seed"), [
    ("backgammon+beaver", "human", "random", 1),
    ("backgammon", "computer", "random", 2),
    ("backgammon", "human", "hand", 3),
    ("narde", "computer", "random", 4),
    ("tawla31", "human", "random", 5),
    ("backgammon", "computer", "hand", 6),
])
def test_the_view_offers_exactly_what_the_dispatcher_takes(variant: str, opponent: str, dice: str, seed: int) -> None:
    rng = random.Random(seed)
    app = ui.App(dice=f"seed:{seed}", bot_random=random.Random(seed), make_bot=random_bot)
    settings = {"variant": variant, "opponent": opponent, "match_length": 3 if seed % 2 else 0}
    if dice == "hand":
        settings["dice"] = "hand"
    app.dispatch({"type": "new_game", "settings": settings})
    seen: set[str] = set()
    for _ in range(45):
        view = app.view()
        check_agreement(app)
        seen |= {action for action in REQUESTS if offered(view, action)}
        chance = rng.random()
        if view["replay"] is not None:  # the record replayed (nothing to play on it), then the game again
            app.dispatch({"type": "replay", "to": "last"})
        elif view["can"]["replay"] and chance < 0.05:
            app.dispatch({"type": "replay", "to": 1})
        elif view["can"]["resign"] and chance < 0.1:
            app.dispatch({"type": "resign", "level": "single"})
        elif view["can"]["answer_resign"]:
            app.dispatch({"type": "answer_resign", "accept": chance < 0.3})
        elif view["can"]["next_game"]:
            app.dispatch({"type": "next_game"})
        elif view["can"]["new_match"]:
            app.dispatch({"type": "new_game", "settings": settings})
        elif view["hand"] is not None:
            app.dispatch({"type": "roll", "dice": [rng.randint(1, 6), rng.randint(1, 6)]})
        else:
            random_app_action(app, view, rng, double=0.2)
    assert {"roll", "confirm", "undo", "hint", "resign"} <= seen  # the walk met the common actions


def test_every_guarded_intent_is_tried() -> None:
    assert {kind for kind, intent in INTENTS.items() if intent.guard is not None} == set(REQUESTS)
