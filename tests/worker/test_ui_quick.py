"""Quicker hands (web/worker/turn_input.py): a double click on a checker plays it by the larger die
it may use (or to its only destination) as one step to undo; the `auto_bear_off` preference plays
the rest of a turn that can only bear off, all ways ending alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from support.app import act

from nardcore.position import Position
from web.worker import ui

HOME = "backgammon:w:6x1,2x1,1x13:1x15"  # White bearing off, Black far away


def app_at(position: str, dice: str, **prefs: Any) -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=dice)
    for name, value in prefs.items():
        app.dispatch({"type": "set", "name": name, "value": value})
    app.dispatch({"type": "new_game", "settings": {"variant": position.split(":")[0]}})
    app.session.play_on_from(Position.parse(position))
    return app, act(app, "roll")


def test_a_double_click_plays_the_checker_by_the_larger_die() -> None:
    app, view = app_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", "6,5")
    assert view["dice_text"] == "65" and "24" in view["movable"]
    view = act(app, "quick_step", point="24")
    assert view["position"] == "backgammon:w:24,18,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    assert [d["used"] for d in view["dice"]] == [True, False]  # the 6 was used
    assert view["selected"] is None
    view = act(app, "undo")  # one step to undo, like any other
    assert view["position"] == "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    assert not any(d["used"] for d in view["dice"])


def test_a_double_click_takes_the_smaller_die_when_the_larger_cannot_move_that_checker() -> None:
    # 6-5: the checker on 8 cannot use the 6 (White's 2 is Black's closed 23 point): its only destination
    # is 3, by the 5
    app, view = app_at("backgammon:w:8x2,6x13:23x2,13x13", "6,5")
    view = act(app, "quick_step", point="8")
    assert view["position"].startswith("backgammon:w:8,6x13,3:")
    assert [d["value"] for d in view["dice"] if d["used"]] == [5]


def test_a_double_click_with_doubles_moves_the_checker_one_die_not_the_whole_way() -> None:
    app, view = app_at("backgammon:w:24x2,13x5,8x3,6x4,5:24x2,13x5,8x3,6x5", "4,4")
    assert len(app.game.destinations(24)) > 1  # 20, 16, 12, 8 ...
    view = act(app, "quick_step", point="24")
    assert view["position"] == "backgammon:w:24,20,13x5,8x3,6x4,5:24x2,13x5,8x3,6x5"
    assert sum(d["used"] for d in view["dice"]) == 1


def test_a_double_click_where_nothing_may_move_changes_nothing() -> None:
    app, view = app_at("backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5", "6,5")
    before = view["position"]
    view = act(app, "quick_step", point="7")  # an empty point
    assert view["position"] == before
    view = act(app, "quick_step", point="bar-w")
    assert view["position"] == before


def test_auto_bear_off_plays_the_rest_of_the_turn_once_only_bear_offs_are_left() -> None:
    app, view = app_at(HOME, "6,4", auto_bear_off=True)
    assert not view["can"]["confirm"]  # nothing played by itself yet: the 6 and the 4 have choices
    view = act(app, "click", point="6")
    view = act(app, "click", point="2")  # 6/2 by the 4: the 6 left can only bear off, from 2
    assert view["can"]["confirm"] and all(d["used"] for d in view["dice"])
    assert view["position"] == "backgammon:w:2,1x13:1x15"
    view = act(app, "undo")  # the bear-off played for the person is a step like any other
    assert view["position"] == "backgammon:w:2x2,1x13:1x15"


def test_without_the_preference_the_bear_off_waits_for_the_person() -> None:
    app, view = app_at(HOME, "6,4")
    view = act(app, "click", point="6")
    view = act(app, "click", point="2")
    assert not view["can"]["confirm"] and view["position"] == "backgammon:w:2x2,1x13:1x15"


def test_auto_bear_off_leaves_a_choice_of_which_checker_to_bear_off_to_the_person() -> None:
    # 6-4 on 6x1,2x1,1x13: 6/off and 2/off, or 6/2 and 2/off: not every way ends alike
    app, view = app_at(HOME, "6,4", auto_bear_off=True, auto_forced=False)
    assert not any(d["used"] for d in view["dice"]) and not view["can"]["confirm"]
    view = act(app, "click", point="6")  # 6/off or 6/2: nothing is played for the person
    assert view["selected"] == "6" and set(view["destinations"]) == {"2", "off-w"}
    assert not any(d["used"] for d in view["dice"])
