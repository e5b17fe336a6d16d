"""The app's state machine (web/worker/ui.py) on CPython, no browser: saving and reloading,
unreadable saves, the library of games."""

from __future__ import annotations

import json

import pytest
from support.app import STARTS, act, check_invariants, fresh, link_game_to_move, to_move

from nardcore.game import Game
from nardcore.gamedata import game_to_dict
from web.worker import ui

# -- saving -------------------------------------------------------------------------------------------


def test_a_save_mid_turn_restores_everything_exactly() -> None:
    app, _ = fresh("narde", dice="seed:8", auto_forced=False)
    view = to_move(app)
    act(app, "click", point=view["movable"][0])
    answer = app.dispatch({"type": "click", "point": app.view()["destinations"][0]})
    view = act(app, "click", point=app.view()["movable"][0]) if app.view()["movable"] else answer["view"]
    save = app.dispatch({"type": "dismiss"})["save"]
    view = app.view()
    restored = ui.App(dice="seed:8")
    again = restored.dispatch({"type": "boot", "save": save, "fragment": "", "query": "?dice=seed:8"})["view"]
    for key in (
        "position",
        "phase",
        "turn",
        "dice",
        "dice_text",
        "movable",
        "selected",
        "destinations",
        "cube",
        "players",
        "last",
        "settings",
        "prefs",
        "can",
    ):
        assert again[key] == view[key], key
    check_invariants(again)
    # the same dice come next, as if the page had never been closed
    assert restored.dice.drawn == app.dice.drawn


def test_a_checker_picked_up_from_the_bar_is_still_in_hand_after_a_reload() -> None:
    app = ui.App(dice="seed:8")
    view = act(app, "load_url", fragment="p=backgammon:w:bar,13x4,8x3,6x5,5x2:24x2,13x5,8x3,6x5&dice=31")
    assert view["movable"] == ["bar-w"]  # nothing moves before the checker on the bar is in
    view = act(app, "click", point="bar-w")
    assert view["selected"] == "bar-w" and view["destinations"]
    save = app.dispatch({"type": "dismiss"})["save"]
    again = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    assert (again["selected"], again["destinations"]) == ("bar-w", view["destinations"])


def test_a_link_games_play_not_yet_confirmed_survives_a_reload() -> None:
    mover, view = link_game_to_move()
    assert view["phase"] == "move" and view["movable"] and not any(die["used"] for die in view["dice"])
    view = act(mover, "click", point=view["movable"][0])
    view = act(mover, "click", point=view["destinations"][0])
    assert view["can"]["undo"] and any(die["used"] for die in view["dice"])  # a step played, the turn open
    save = mover.dispatch({"type": "dismiss"})["save"]
    again = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    for key in ("position", "phase", "dice", "can", "link"):
        assert again[key] == view[key], key


def test_a_link_games_saved_board_that_went_another_way_than_its_record_gives_way_to_the_record() -> None:
    mover, view = link_game_to_move()
    data = json.loads(mover.dispatch({"type": "dismiss"})["save"])
    data["game"] = game_to_dict(Game("narde"))  # a board knowing nothing of the opening roll the record holds
    restored = ui.App()
    again = restored.dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})["view"]
    assert restored.game is not None and mover.game is not None and mover.game.dice is not None
    assert restored.game.history == mover.game.history != [] and again["link"]["gid"] == view["link"]["gid"]
    assert restored.game.dice is not None and restored.game.dice.dice == mover.game.dice.dice


def test_the_seeded_dice_go_on_after_a_reload() -> None:
    app, _ = fresh("backgammon", dice="seed:8")
    act(app, "roll")
    save = app.dispatch({"type": "dismiss"})["save"]
    restored = ui.App()
    restored.dispatch({"type": "boot", "save": save, "fragment": "", "query": "?dice=seed:8"})
    assert [app.dice.die() for _ in range(6)] == [restored.dice.die() for _ in range(6)]


@pytest.mark.parametrize(
    "blob",
    [
        "{not json",
        "[]",
        '{"schema": 99, "app": "nard"}',
        '{"schema": 1, "app": "other"}',
        '{"schema": 1, "app": "nard", "settings": {}, "prefs": {}}',
        '{"schema": 1, "app": "nard", "settings": {"variant": "chess"}, "prefs": {}, "game": {}}',
    ],
)
def test_an_unreadable_save_is_set_aside_with_a_message_and_a_fresh_game(blob: str) -> None:
    app = ui.App()
    answer = app.dispatch({"type": "boot", "save": blob, "fragment": "", "query": ""})
    assert answer["set_aside"] == blob
    view = answer["view"]
    assert view["message"]["key"] == "save_corrupt"
    assert view["phase"] == "opening" and view["position"] == STARTS["backgammon"]


def test_a_save_with_a_tampered_history_is_refused() -> None:
    app, _ = fresh("backgammon", dice="6,1")
    act(app, "roll")
    act(app, "drag", **{"from": "13", "to": "6"})
    save = app.dispatch({"type": "confirm"})["save"]
    data = json.loads(save)
    assert data["game"]["history"][-1]["play"] == "13/6"
    data["game"]["history"][-1]["play"] = "24/16"  # 8 pips from a 6-1; nothing else is touched
    blob = json.dumps(data)
    answer = ui.App().dispatch({"type": "boot", "save": blob, "fragment": "", "query": ""})
    assert answer["set_aside"] == blob
    message = answer["view"]["message"]
    assert message["key"] == "save_corrupt"
    assert message["args"]["error"]["detail"].startswith("history event 1 "), message  # the replay refused it
    # the same save untouched is read
    view = ui.App().dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})["view"]
    assert view["position"] == "backgammon:b:24x2,13x4,8x3,6x6:24x2,13x5,8x3,6x5" and view["message"] is None


# -- the library of games ---------------------------------------------------------------------------


def test_every_game_has_its_own_id_and_a_new_game_or_a_link_never_takes_an_old_ones() -> None:
    app, _ = fresh("narde")
    first = app.dispatch({"type": "roll"})
    assert first["entry"]["id"] == json.loads(first["save"])["id"]
    link = app.dispatch({"type": "export_url"})["url"]
    second = app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    linked = app.dispatch({"type": "load_url", "fragment": link})
    ids = [first["entry"]["id"], second["entry"]["id"], linked["entry"]["id"]]
    assert len(set(ids)) == 3
    assert linked["view"]["message"]["key"] == "url_loaded"
    assert linked["view"]["position"] == first["view"]["position"]
    # moves in a game keep its id
    assert app.dispatch({"type": "roll"})["entry"]["id"] == ids[2]


def test_the_library_entry_says_what_the_games_screen_lists() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde+koks", "match_length": 3, "opponent": "computer",
                                                   "level": "beginner", "seat": "b"}})
    entry = app.dispatch({"type": "dismiss"})["entry"]
    assert {k: entry[k] for k in ("variant", "token", "opponent", "level", "seat", "match_length", "score", "over",
                                  "winner")} == {
        "variant": "narde", "token": "narde+koks", "opponent": "computer", "level": "beginner", "seat": "b",
        "match_length": 3, "score": [0, 0], "over": False, "winner": None}
    assert entry["position"] == app.view()["position"]
    # a finished match: the winner, the score capped at the length
    hot = ui.App(dice="seed:4")
    hot.dispatch({"type": "new_game", "settings": {"variant": "backgammon", "match_length": 1}})
    for _ in range(3000):
        view = hot.view()
        if view["phase"] == "over":
            break
        can = view["can"]
        if can["roll"]:
            act(hot, "roll")
        elif view["movable"]:
            act(hot, "click", point=view["movable"][0])
            if hot.view()["destinations"]:
                act(hot, "click", point=hot.view()["destinations"][0])
        elif can["confirm"]:
            act(hot, "confirm")
    entry = hot.dispatch({"type": "dismiss"})["entry"]
    assert entry["over"] is True and entry["winner"] in ("w", "b")
    assert max(entry["score"]) == 1 and entry["score"][0] != entry["score"][1]


def test_opening_a_library_game_keeps_the_preferences_and_its_id() -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    saved = app.dispatch({"type": "dismiss"})
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    app.dispatch({"type": "set", "name": "lang", "value": "ru"})
    answer = app.dispatch({"type": "open_game", "save": saved["save"]})
    assert answer["entry"]["id"] == saved["entry"]["id"]
    assert answer["view"]["position"] == saved["view"]["position"]
    assert answer["view"]["prefs"]["lang"] == "ru"
    assert answer["view"]["message"]["key"] == "opened"
    # an imported file is a copy: an entry of its own
    copy = app.dispatch({"type": "open_game", "save": saved["save"], "copy": True})
    assert copy["entry"]["id"] != saved["entry"]["id"] and copy["view"]["message"]["key"] == "imported"


@pytest.mark.parametrize("blob", ["{", "[" * 5000, '{"schema": 2, "app": "nard", "id": "../x"}', '{"app": "nard"}'])
def test_a_library_game_that_cannot_be_read_changes_nothing(blob: str) -> None:
    app, _ = fresh("narde", dice="seed:2")
    before = app.dispatch({"type": "roll"})
    answer = app.dispatch({"type": "open_game", "save": blob})
    assert answer["view"]["message"]["key"] == "open_bad"
    assert answer["entry"]["id"] == before["entry"]["id"]
    assert answer["view"]["position"] == before["view"]["position"]


def test_a_save_from_the_single_slot_of_old_is_read_as_a_new_library_entry() -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    data = json.loads(app.dispatch({"type": "dismiss"})["save"])
    del data["id"]
    data["schema"] = 1  # as the app wrote it before the library
    answer = ui.App().dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})
    assert "set_aside" not in answer and answer["view"]["message"] is None
    assert answer["view"]["position"] == app.view()["position"]
    assert len(answer["entry"]["id"]) == 12 and json.loads(answer["save"])["schema"] == 2
    # a schema-2 save without its id is not one this app wrote
    data["schema"] = 2
    refused = ui.App().dispatch({"type": "boot", "save": json.dumps(data), "fragment": "", "query": ""})
    assert refused["view"]["message"]["key"] == "save_corrupt"


def test_discarding_the_game_on_the_board_starts_a_new_one_on_the_start_screen() -> None:
    app, _ = fresh("narde", dice="seed:2")
    before = app.dispatch({"type": "roll"})
    answer = app.dispatch({"type": "discard"})
    assert answer["entry"]["id"] != before["entry"]["id"]
    assert answer["view"]["screen"] == "setup" and answer["view"]["phase"] == "opening"


def test_a_single_games_entry_says_how_it_ended_and_a_matchs_does_not() -> None:
    app, _ = fresh("narde", dice="seed:2")
    act(app, "roll")
    assert app.dispatch({"type": "dismiss"})["entry"]["result"] is None  # still played
    entry = app.dispatch({"type": "resign"})["entry"]
    # conceded before a checker was off: a mars, 2 points to the other side
    assert entry["over"] is True and entry["result"] == {"points": 2, "kind": "mars"}
    match = ui.App(dice="seed:2")
    match.dispatch({"type": "new_game", "settings": {"variant": "narde", "match_length": 3}})
    act(match, "roll")
    assert match.dispatch({"type": "resign"})["entry"]["result"] is None
