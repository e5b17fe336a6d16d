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
    app = ui.App(dice="seed:1")
    answer = app.dispatch({"type": "boot", "save": None, "fragment": "", "query": "", "lang": lang})
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
