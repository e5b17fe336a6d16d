"""The app's state machine (web/worker/ui.py) on CPython, no browser: requests that cannot be read,
settings kept, requests out of turn and at their edges."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.app import act, fresh, play_turns, to_move

from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from nardcore.position import Position
from web.worker import ui

# -- requests that cannot be read -------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_",
    [
        [],
        {"type": 3},
        {"type": "explode"},
        {"type": "set", "name": "lang", "value": "<b>"},
        {"type": "set", "name": "nope", "value": True},
        {"type": "new_game", "settings": {"variant": "chess"}},
        {"type": "new_game", "settings": {"match_length": -1}},
    ],
)
def test_unreadable_requests_raise_ui_errors(request_: Any) -> None:
    app = ui.App()
    with pytest.raises(ui.UIError):
        app.dispatch(request_)


def test_clicks_on_nonsense_points_are_ignored() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    before = act(app, "roll")
    for point in ("0", "25", "bar-b", "off-b", "x", None, 7, "07"):
        view = act(app, "click", point=point)
        assert view["position"] == before["position"]


@pytest.mark.parametrize("spec", ["seed:x", "7,1", "1,2,", "seed:" + "9" * 40])
def test_a_bad_dice_query_is_reported_and_ignored(spec: str) -> None:
    view = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": f"?dice={spec}"})["view"]
    assert view["message"]["key"] == "bad_dice" and view["dice_source"] is None


def test_the_language_setting_is_kept() -> None:
    app, _ = fresh()
    answer = app.dispatch({"type": "set", "name": "lang", "value": "ru"})
    assert answer["view"]["prefs"]["lang"] == "ru"
    assert json.loads(answer["save"])["prefs"]["lang"] == "ru"


def test_the_pages_language_guess_counts_only_until_a_save_says_otherwise() -> None:
    view = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": "", "lang": "ru"})["view"]
    assert view["prefs"]["lang"] == "ru"
    app, _ = fresh()
    save = app.dispatch({"type": "set", "name": "lang", "value": "en"})["save"]
    view = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": "", "lang": "ru"})["view"]
    assert view["prefs"]["lang"] == "en"


# -- requests out of turn and at their edges ---------------------------------------------------------


def computer_game(position: str) -> ui.App:
    """A game against the computer (black) at a set-up position; the person plays white."""
    app = ui.App(dice="seed:4")
    start = Position.parse(position)
    app.dispatch({"type": "new_game", "settings": {"variant": start.variant.token, "opponent": "computer"}})
    app.session.game = Game(start.variant, app.session.dice, position=start)
    app.session.fresh_turn()
    return app


RACE = "backgammon+beaver:{}:6x8,5x7:6x8,5x7"


@pytest.mark.parametrize(("setup", "request_"), [
    ("computer on roll", {"type": "roll"}),
    ("computer on roll", {"type": "double"}),
    ("computer on roll", {"type": "resign", "level": "single"}),
    ("person doubled", {"type": "take"}),
    ("person doubled", {"type": "drop"}),
    ("person doubled", {"type": "beaver"}),
    ("person resigned", {"type": "answer_resign", "accept": True}),
])
def test_the_person_cannot_act_for_the_computer(setup: str, request_: dict[str, Any]) -> None:
    app = computer_game(RACE.format("b" if setup == "computer on roll" else "w"))
    if setup == "person doubled":
        act(app, "double")
    elif setup == "person resigned":
        act(app, "resign", level="single")
    assert app.view()["bot_pending"]
    before = game_to_dict(app.game)
    app.dispatch(request_)
    assert game_to_dict(app.game) == before


def test_another_tabs_save_is_taken_over_and_nothing_else_is() -> None:
    other, _ = fresh("narde")
    act(other, "roll")
    saved = other.dispatch({"type": "dismiss"})["save"]
    app, _ = fresh("backgammon")
    view = app.dispatch({"type": "sync", "save": saved})["view"]
    assert view["variant"] == "narde" and game_to_dict(app.game) == game_to_dict(other.game)
    assert view["message"]["key"] == "synced"
    for bad in ("", None, 5):
        with pytest.raises(ui.UIError, match="nothing to take over"):
            app.dispatch({"type": "sync", "save": bad})
    with pytest.raises(ui.UIError, match="no game to open"):
        app.dispatch({"type": "open_game", "save": ""})


def test_an_empty_save_at_boot_is_no_save_and_no_complaint() -> None:
    view = ui.App().dispatch({"type": "boot", "save": "", "fragment": "", "query": ""})["view"]
    assert (view["message"] or {}).get("key") != "save_corrupt"


def test_turning_auto_roll_on_rolls_at_once_when_the_person_is_to_roll() -> None:
    app, view = fresh("narde")
    assert view["can"]["roll"]
    view = act(app, "set", name="auto_roll", value=True)
    assert view["phase"] == "move"
    app, _ = fresh("narde")
    view = act(app, "set", name="auto_forced", value=False)
    assert view["phase"] in ("opening", "roll")  # turning a pref off does nothing at once


def test_a_hint_draws_only_one_of_its_plays() -> None:
    app, _ = fresh("backgammon", dice="6,1,3,2")
    act(app, "roll")
    view = act(app, "hint")
    count = len(view["hint"]["plays"])
    assert count > 1
    for show in (count - 1, 0):
        assert act(app, "hint", show=show)["hint"]["shown"] == show
    for show in (count, -1):
        assert act(app, "hint", show=show)["hint"]["shown"] == 0  # out of range: as it was


def test_a_shared_position_says_the_computer_is_the_opponent() -> None:
    app = computer_game(RACE.format("w"))
    assert app.dispatch({"type": "share"})["share"]["position"].endswith("&vs=computer")


def test_a_finished_backgammon_game_offers_no_gnubg_id_or_xgid() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    act(app, "roll")  # the opening roll
    act(app, "resign", level="single")
    act(app, "answer_resign", accept=True)
    assert app.game.over
    assert not {"gnubg", "xgid", "position"} & set(app.dispatch({"type": "share"})["share"])


@pytest.mark.parametrize(("fragment", "complaint"), [
    ("p=narde:w:24x15:24x15&cube=2", "narde has no cube"),
    ("p=narde:w:24x15:24x15&owner=w", "narde has no cube"),
    ("p=" + "x" * 24_099, "too long"),
], ids=["cube", "owner", "too long"])
def test_a_position_link_is_refused_for_what_it_gets_wrong(fragment: str, complaint: str) -> None:
    app, _ = fresh("backgammon")
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad" and complaint in view["message"]["args"]["error"]["detail"]


def test_a_link_of_the_longest_length_is_read_on() -> None:
    from web.worker import links

    app, _ = fresh("backgammon")
    fragment = "p=" + "x" * (links.MAX_URL - 2)
    view = act(app, "load_url", fragment=fragment)
    assert view["message"]["key"] == "url_bad" and "too long" not in view["message"]["args"]["error"]["detail"]
    assert links.shorten("x" * 40) == "x" * 40 and links.shorten("x" * 41) == "x" * 40 + "…"


def test_a_single_game_record_imports_as_a_single_game_with_a_fresh_tally() -> None:
    app, _ = fresh("backgammon", dice="seed:4")
    play_turns(app, 2)
    record = app.dispatch({"type": "share"})["share"]["mat"]
    other, _ = fresh("narde", dice="seed:5")
    other.session.tally = [3, 1]  # games won in this library entry before
    view = other.dispatch({"type": "open_game", "save": record, "copy": True})["view"]
    assert view["message"]["key"] == "imported" and other.session.match is None
    assert other.session.settings["match_length"] == 0 and other.session.tally == [0, 0]
    assert other.game.history == app.game.history


def test_a_library_entry_says_whether_the_game_has_started() -> None:
    app, _ = fresh("backgammon", dice="seed:3")
    entry = app.dispatch({"type": "dismiss"})["entry"]
    assert entry["started"] is False and entry["match_length"] == 0
    assert app.dispatch({"type": "roll"})["entry"]["started"] is True
    app.dispatch({"type": "load_url", "fragment": "p=backgammon:w:6x15:6x15"})
    assert app.dispatch({"type": "dismiss"})["entry"]["started"] is True  # a set-up position is under way


def test_a_save_is_read_at_its_edges() -> None:
    from web.worker import saves

    app, _ = fresh("narde", dice="seed:3")
    to_move(app)
    movable = app.view()["movable"][0]
    act(app, "click", point=movable)
    data = json.loads(app.dispatch({"type": "dismiss"})["save"])
    other, _ = fresh("backgammon", dice="seed:3")
    saves.load_save(other.session, json.dumps(data))
    assert other.session.selected == app.session.selected is not None  # the checker held stays held
    del data["tally"]
    saves.load_save(other.session, json.dumps(data))
    assert other.session.tally == [0, 0]
    with pytest.raises(ui.UIError, match="no valid id"):
        saves.load_save(other.session, json.dumps({**data, "id": 5}))
    padded = json.dumps(data)
    padded = padded[:-1] + " " * (saves.MAX_SAVE - len(padded)) + "}"
    assert len(padded) == saves.MAX_SAVE
    saves.load_save(other.session, padded)  # at the limit: read
    with pytest.raises(ui.UIError, match="too large"):
        saves.load_save(other.session, padded[:-1] + " }")


def test_reloading_with_other_test_dice_keeps_the_dice_of_this_page() -> None:
    from web.worker import saves

    app, _ = fresh("narde", dice="seed:3")
    act(app, "roll")
    save = app.dispatch({"type": "dismiss"})["save"]
    other = ui.App(dice="seed:9")
    first = other.session.dice.die()
    again = ui.App(dice="seed:9")
    saves.load_save(again.session, save)
    assert again.session.dice.die() == first  # seed:9 from its start, not moved on by the other's count
    fresh_dice = json.loads(save)
    fresh_dice["dice"].pop("drawn", None)
    same = ui.App(dice="seed:3")
    saves.load_save(same.session, json.dumps(fresh_dice))
    assert same.session.dice.die() == ui.App(dice="seed:3").session.dice.die()  # no count: from the start


def test_the_crawford_game_is_announced_when_a_side_comes_one_point_from_the_match() -> None:
    app = ui.App(dice="seed:5")
    view = app.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 3}})["view"]
    view = to_move(app)
    view = act(app, "resign", level="gammon")  # the side on roll gives two points: the other is at 2 of 3
    view = act(app, "answer_resign", accept=True)
    assert view["phase"] == "over" and max(view["match"]["score"]) == 2 and view["can"]["next_game"]
    view = act(app, "next_game")
    assert view["match"]["crawford"] and view["message"]["key"] == "crawford"
    assert app.game is not None and not app.game.may_double(0) and not app.game.may_double(1)
