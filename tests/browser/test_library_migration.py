"""The library moves from localStorage into IndexedDB at the first start, with nothing lost: real
saves of the page of before (data/library_of_2026.json, made by data/make_library_of_2026.py with
that page), the longest match a player can have (1.9 MB), a damaged index, a save that claims
another game's id."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from browser_support import AppPage, after, board, clear_library, play_one_turn, stored_library, wait_ready
from playwright.sync_api import Page, expect
from support.long_record import GAMES, long_match_data, match_save

TODAY = json.loads((Path(__file__).parent / "data" / "library_of_2026.json").read_text())
SAVES = {key.removeprefix("nard.game."): text for key, text in TODAY.items() if key.startswith("nard.game.")}
INDEX = json.loads(TODAY["nard.library"])
LONG_ID = "0123456789ab"
UNSTARTED = "0ec4e493ad89"  # the game on the board then: tawla 31, nobody had rolled yet
ENTRIES = "[...document.querySelectorAll('#games-list .game-entry')].map(li => li.dataset.gameId)"
LEFT_IN_LOCAL_STORAGE = "Object.keys(localStorage).filter(k => /^nard\\.(game|library|save)/.test(k))"
DAMAGED = {
    "truncated": '{"schema":1,"current":null,"games":[{"id":"0123',
    "empty list": "[]",
    "future schema": '{"schema":7,"current":null,"games":[],"shelves":[{"id":"x"}]}',
    "games as an object": '{"schema":1,"current":null,"games":{"a":1}}',
    "deeply nested": '{"schema":1,"games":' + "[" * 5000 + "]" * 5000 + "}",
}


def unstamped(text: str) -> str:
    """A save without the old page's revision stamp ({"rev":N,"tab":"...", ...)."""
    return re.sub(r'^\{"rev":\d+,"tab":"[0-9a-z]*",', "{", text)


def keep_as_before(page: Page, stored: dict[str, str]) -> None:
    """Nothing in IndexedDB; `stored` in localStorage, as the page of before kept it; reloaded."""
    clear_library(page)
    page.evaluate("(kept) => { for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v) }", stored)
    page.reload()
    wait_ready(page)


def games_listed(page: Page) -> list[str]:
    page.click("#btn-games")
    expect(page.locator("#games")).to_be_visible()
    listed = list(page.evaluate(ENTRIES))
    page.keyboard.press("Escape")
    return listed


@pytest.fixture(scope="module")
def long_save() -> str:
    """The longest match, as the page of before kept it: stamped with its revision; its dice those of
    the test's query (else the start would write it again with them)."""
    save = json.loads(match_save(copy.deepcopy(long_match_data(GAMES, seed=1)), LONG_ID))
    save["dice"] = {"spec": "seed:3", "drawn": 0}
    return '{"rev":7,"tab":"k2x",' + json.dumps(save, separators=(",", ":"))[1:]


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py): the old data is put in and read by a reload
@pytest.mark.dice_seed(3)
def test_todays_library_and_the_longest_match_move_over_whole(app: AppPage, long_save: str) -> None:
    page = app.page
    entry = {"id": LONG_ID, "variant": "narde", "token": "narde", "opponent": "human", "level": "advanced",
             "seat": "w", "match_length": 999, "score": [0, 0], "position": "", "phase": "roll", "over": False,
             "winner": None, "started": True, "link": None, "name": "The long one", "created": 5, "updated": 9}
    index = {**INDEX, "current": LONG_ID, "games": [*INDEX["games"], entry]}
    keep_as_before(page, {**TODAY, "nard.library": json.dumps(index), f"nard.game.{LONG_ID}": long_save})
    assert page.evaluate("window.nardPage.gameId") == LONG_ID  # the game on the board, as before
    assert board(page)["variant"] == "narde"
    kept = stored_library(page)
    saves = kept["saves"]
    assert isinstance(saves, dict)
    # every save, word for word (without the old stamp, which revisions beside it replace)
    assert saves[LONG_ID] == unstamped(long_save)
    for game_id, text in SAVES.items():
        assert saves[game_id] == unstamped(text), game_id
    entries = {e["id"]: e for e in kept["games"]}
    assert entries.keys() == {*SAVES, LONG_ID}
    for old in INDEX["games"]:
        assert entries[old["id"]]["name"] == old["name"] and entries[old["id"]]["created"] == old["created"]
    assert entries["0a43969fa39c"]["outcome"] == "lost"  # the conceded game, from the player's side
    assert page.evaluate(LEFT_IN_LOCAL_STORAGE) == []  # moved, not copied
    assert sorted(games_listed(page)) == sorted({*SAVES, LONG_ID})
    # the long match plays on and is kept whole
    play_one_turn(page)
    after_turn = json.loads(stored_library(page)["saves"][LONG_ID])
    assert after_turn["match"]["played"] == json.loads(unstamped(long_save))["match"]["played"]
    assert after_turn["match"]["game"]["history"]
    # a game of before opens as it was
    page.click("#btn-games")
    after(page, lambda: page.click(".game-entry[data-game-id='6e79550fe3db'] .game-open"))
    assert board(page)["variant"] == "backgammon"
    assert board(page)["position"] == next(e for e in INDEX["games"] if e["id"] == "6e79550fe3db")["position"]


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py): the old data is put in and read by a reload
@pytest.mark.dice_seed(4)
def test_a_damaged_index_is_rebuilt_from_the_saves_and_kept_aside(app: AppPage) -> None:
    page = app.page
    saves = {k: v for k, v in TODAY.items() if k.startswith("nard.game.")}
    for kind, text in DAMAGED.items():
        keep_as_before(page, {**saves, "nard.library": text})
        expect(page.locator("#message")).to_contain_text("rebuilt")
        kept = stored_library(page)
        assert [a["text"] for a in kept["aside"] if a["kind"] == "library_index"] == [text], kind
        on_board = page.evaluate("window.nardPage.gameId")
        for game_id, save in SAVES.items():
            now = kept["saves"][game_id]
            if game_id != on_board:
                assert now == unstamped(save), kind
            else:  # opened with the test's dice: the game itself as it was
                assert json.loads(now)["game"] == json.loads(unstamped(save))["game"], kind
        assert sorted(games_listed(page)) == sorted(SAVES), kind


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py): the old data is put in and read by a reload
@pytest.mark.dice_seed(6)
def test_a_save_claiming_another_games_id_overwrites_no_other_game(app: AppPage) -> None:
    page = app.page
    narde, backgammon = "f86074b95d50", "6e79550fe3db"
    odd = json.loads(unstamped(SAVES[narde]))
    odd["id"] = backgammon  # the narde game's save, claiming to be the backgammon one
    keep_as_before(page, {**TODAY, f"nard.game.{narde}": json.dumps(odd)})
    expect(page.locator("#message")).to_contain_text("kept aside")
    page.click("#btn-games")
    after(page, lambda: page.click(f".game-entry[data-game-id='{narde}'] .game-open"))
    assert page.evaluate("window.nardPage.gameId") == narde  # the key is trusted
    assert board(page)["variant"] == "narde"
    kept = stored_library(page)
    assert kept["saves"][backgammon] == unstamped(SAVES[backgammon])
    assert json.dumps(odd) in [a["text"] for a in kept["aside"]]
    # the tawla 31 game on the board before, in which nobody had rolled, gave the narde game its place
    assert sorted(games_listed(page)) == sorted(set(SAVES) - {UNSTARTED})
