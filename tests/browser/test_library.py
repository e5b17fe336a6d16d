"""The player's library of games, through the Games screen: nothing is ever replaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import (
    AppPage,
    after,
    board,
    clear_library,
    play_one_turn,
    saved,
    start_game,
    stored_save,
    wait_ready,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)


def entries(page: Page) -> list[dict[str, str]]:
    """The Games screen's list as shown: id, position, name, whether it is on the board."""
    return list(page.evaluate("""[...document.querySelectorAll('#games-list .game-entry')].map(li => ({
        id: li.dataset.gameId, position: li.dataset.position, current: li.dataset.current || '',
        name: (li.querySelector('.game-name') || {}).textContent || ''}))"""))


def open_games(page: Page) -> None:
    page.click("#btn-games")
    expect(page.locator("#games")).to_be_visible()


def test_a_new_game_keeps_the_old_one_and_either_can_be_resumed(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    play_one_turn(page)
    narde = board(page)["position"]
    start_game(page, "backgammon")
    play_one_turn(page)
    backgammon = board(page)["position"]
    open_games(page)
    listed = entries(page)
    # newest first; the game on the board is marked and cannot be opened twice
    assert [e["position"] for e in listed] == [backgammon, narde]
    assert [e["name"] for e in listed] == ["Backgammon", "Narde"]
    assert listed[0]["current"] == "1" and listed[1]["current"] == ""
    expect(page.locator(".game-entry[data-current] .game-open")).to_be_disabled()
    after(page, lambda: page.click(f".game-entry[data-game-id='{listed[1]['id']}'] .game-open"))
    expect(page.locator("#games")).to_be_hidden()
    assert board(page)["position"] == narde and board(page)["variant"] == "narde"
    expect(page.locator("#message")).to_contain_text("opened from your library")
    # the opened game goes on, and its turns are kept under its own entry
    play_one_turn(page)
    open_games(page)
    after_turn = entries(page)
    assert [e["id"] for e in after_turn] == [listed[1]["id"], listed[0]["id"]]
    assert after_turn[0]["position"] == board(page)["position"] != narde
    assert after_turn[1]["position"] == backgammon


def test_a_link_opened_during_a_game_adds_a_game_and_replaces_nothing(app: AppPage) -> None:
    page = app.page
    start_game(page, "moultezim")
    play_one_turn(page)
    answer = page.evaluate("window.nardApp.request({type: 'export_url'})")
    shared = board(page)["position"]
    start_game(page, "tawla31")
    play_one_turn(page)
    mine = board(page)["position"]
    after(page, lambda: page.evaluate("(f) => { location.hash = f }", answer["url"]))
    assert board(page)["position"] == shared
    expect(page.locator("#message")).to_contain_text("your other games are under Games")
    open_games(page)
    listed = entries(page)
    assert [e["position"] for e in listed] == [shared, mine, shared]
    assert len({e["id"] for e in listed}) == 3  # the link is a game of its own, beside the one it came from


def test_rename_delete_with_undo_and_deleting_the_game_on_the_board(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    play_one_turn(page)
    start_game(page, "khachapuri")
    open_games(page)
    older = entries(page)[1]
    row = f".game-entry[data-game-id='{older['id']}']"
    page.click(f"{row} .game-rename")
    page.fill(f"{row} .game-name-input", "Friday with Nino <b>")
    page.keyboard.press("Enter")
    expect(page.locator(f"{row} .game-name")).to_have_text("Friday with Nino <b>")  # text, never markup
    page.click(f"{row} .game-delete")
    expect(page.locator("#games-undo")).to_contain_text("Friday with Nino")
    expect(page.locator(row)).to_have_count(0)
    assert [e["id"] for e in entries(page)] != []
    assert stored_save(page, older["id"]) is None
    page.click("#games-undo-btn")
    expect(page.locator(row)).to_have_count(1)
    back = entries(page)
    assert older["id"] in [e["id"] for e in back]
    assert next(e for e in back if e["id"] == older["id"])["name"] == "Friday with Nino <b>"
    # the game on the board deleted: the next newest takes its place
    current = next(e for e in back if e["current"])
    after(page, lambda: page.click(f".game-entry[data-game-id='{current['id']}'] .game-delete"))
    assert board(page)["position"] == older["position"] and board(page)["variant"] == "narde"
    listed = entries(page)
    assert [e["id"] for e in listed] == [older["id"]] and listed[0]["current"] == "1"


def test_export_and_import_a_game_as_a_file(app: AppPage, tmp_path: Path) -> None:
    page = app.page
    start_game(page, "narde")
    play_one_turn(page)
    position = board(page)["position"]
    open_games(page)
    with page.expect_download() as download:
        page.click(".game-entry[data-current] .game-export")
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    assert file.name.startswith("nard-narde-") and file.suffix == ".json"
    assert json.loads(file.read_text())["id"] == json.loads(saved(page) or "{}")["id"]
    after(page, lambda: page.set_input_files("#games-import", str(file)))
    assert board(page)["position"] == position
    expect(page.locator("#message")).to_contain_text("added to your games")
    open_games(page)
    assert [e["position"] for e in entries(page)] == [position, position]
    # a file that is not a saved game: said, and nothing changes
    bad = tmp_path / "notes.json"
    bad.write_text('{"app": "something else"}')
    after(page, lambda: page.set_input_files("#games-import", str(bad)))
    expect(page.locator("#message")).to_contain_text("could not be opened")
    open_games(page)
    assert len(entries(page)) == 2


@pytest.mark.dice_seed(4)  # the old data is put into the shared app and read by a reload
def test_the_single_saved_game_of_old_moves_into_the_library(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    play_one_turn(page)
    position = board(page)["position"]
    old = json.loads(saved(page) or "{}")
    del old["id"]
    old["schema"] = 1  # the app's only save before the library
    clear_library(page)
    page.evaluate("(s) => localStorage.setItem('nard.save', s)", json.dumps(old))
    page.reload()
    wait_ready(page)
    assert board(page)["position"] == position
    assert page.evaluate("localStorage.getItem('nard.save')") is None  # moved, not copied
    open_games(page)
    listed = entries(page)
    assert len(listed) == 1 and listed[0]["position"] == position and listed[0]["current"] == "1"
    assert json.loads(saved(page) or "{}")["schema"] == 2
