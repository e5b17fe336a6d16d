"""The game offered first (docs/first-game.md): on a first visit, the game of the page's
language; from the first game chosen on, the game chosen last, kept with the preferences."""

from __future__ import annotations

import json
from typing import Any

import pytest

from web.worker import ui
from web.worker.inputs import UIError
from web.worker.settings import checked_prefs, read_pref

# who plays what: the first game for each language's players (docs/first-game.md)
OFFERED = {"ru": "narde", "uk": "narde", "az": "narde", "hy": "narde", "ka": "khachapuri", "ar": "tawla31",
           "tr": "backgammon", "fa": "backgammon", "he": "backgammon", "el": "backgammon", "en": "backgammon",
           "de": "backgammon", "fr": "backgammon", "es": "backgammon"}


def first_visit(lang: str) -> tuple[ui.App, dict[str, Any]]:
    app = ui.App()
    # the opening: White 1, Black 3, Black to start
    answer = app.dispatch({"type": "boot", "save": None, "fragment": "", "query": "?dice=1,3,5,2", "lang": lang})
    return app, answer


@pytest.mark.parametrize(("lang", "game"), sorted(OFFERED.items()))
def test_a_first_visit_offers_the_game_of_its_language(lang: str, game: str) -> None:
    _, answer = first_visit(lang)
    view = answer["view"]
    assert view["screen"] == "setup" and view["settings"]["variant"] == game and view["variant"] == game
    assert view["prefs"]["game"] == ""  # nothing chosen yet: a guess, not a choice


def test_the_game_chosen_last_is_offered_from_then_on_and_survives_a_reload() -> None:
    app, _ = first_visit("ru")
    app.dispatch({"type": "new_game", "settings": {"variant": "moultezim"}})
    save = app.dispatch({"type": "dismiss"})["save"]
    assert json.loads(save)["prefs"]["game"] == "moultezim"
    again = ui.App(dice="seed:1")
    view = again.dispatch({"type": "boot", "save": save, "fragment": "", "query": "", "lang": "ru"})["view"]
    assert view["prefs"]["game"] == "moultezim" and view["variant"] == "moultezim"
    # another game on the board (a backgammon game by link) leaves the choice as it was
    start = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    view = again.dispatch({"type": "load_url", "fragment": f"p={start}"})["view"]
    assert view["variant"] == "backgammon" and view["prefs"]["game"] == "moultezim"
    # a game chosen with options is remembered by its name
    view = again.dispatch({"type": "new_game", "settings": {"variant": "narde+koks"}})["view"]
    assert view["prefs"]["game"] == "narde"


@pytest.mark.parametrize("junk", ["chess", 3, None, ["narde"], "narde+koks"])
def test_a_saved_game_preference_that_is_no_game_is_left_at_its_default(junk: object) -> None:
    assert checked_prefs({"game": junk})["game"] == ""
    with pytest.raises(UIError):
        read_pref("game", junk)
    assert checked_prefs({"game": "khachapuri"})["game"] == "khachapuri"


def test_a_first_game_of_each_game_shows_the_way_round_and_the_homes() -> None:
    app, view = first_visit("ar")
    assert view["view"]["guide"] is None  # the start screen's board: no game chosen yet
    view = app.dispatch({"type": "new_game", "settings": {"variant": "tawla31"}})["view"]
    guide = view["guide"]
    assert guide is not None and guide["home"]["w"] == [str(p) for p in range(1, 7)]
    assert guide["home"]["b"] == [str(p) for p in range(24, 18, -1)]  # tawla 31: opposite ways
    assert view["prefs"]["way_shown"] == ["tawla31"]
    assert guide["route"][0] == {"from": "24", "to": "19"}  # White's way: White to start the opening
    view = app.dispatch({"type": "roll"})["view"]
    # the way of the side on roll, which reads the board: Black's 24 is White's 1 in tawla 31
    assert view["numbers"] == ["b"] and view["guide"]["route"][0] == {"from": "1", "to": "6"}
    assert view["guide"]["home"] == guide["home"]  # for the whole game
    # the second game of it, and backgammon's first, go without
    assert app.dispatch({"type": "new_game", "settings": {"variant": "tawla31"}})["view"]["guide"] is None
    assert app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})["view"]["guide"] is None
    view = app.dispatch({"type": "new_game", "settings": {"variant": "khachapuri"}})["view"]
    assert view["guide"] is not None and view["guide"]["home"]["b"] == [str(p) for p in range(13, 19)]
    assert view["prefs"]["way_shown"] == ["tawla31", "backgammon", "khachapuri"]


def test_the_games_whose_way_was_shown_are_read_strictly_and_never_set_by_hand() -> None:
    assert checked_prefs({"way_shown": ["narde", "narde", "tawla31"]})["way_shown"] == ["narde", "tawla31"]
    for junk in (["chess"], "narde", [1], None):
        assert checked_prefs({"way_shown": junk})["way_shown"] == []
    with pytest.raises(UIError):
        read_pref("way_shown", ["narde"])
