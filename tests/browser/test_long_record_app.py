"""A long record locks nothing: the longest match a player can have (a narde match to 999 of 316
games, 1.9 MB saved) starts, plays on and is kept whole; an import too long to check in
reasonable time is refused at once, naming its size; Games works with it when the engine cannot
start. No timing is asserted here (bench/bench_startup.py measures it)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from browser_support import (
    AppPage,
    after,
    board,
    clear_library,
    open_app,
    play_one_turn,
    press,
    stored_library,
    stored_save,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from support.long_record import GAMES, long_match_data, match_save

from nardcore.dice import SeededDice
from nardcore.formats.mat import write_mat
from nardcore.match import Match

GAME_ID = "0123456789ab"
ENTRIES = "[...document.querySelectorAll('#games-list .game-entry')].map(li => li.dataset.gameId)"


@pytest.fixture(scope="module")
def longest() -> dict[str, object]:
    return long_match_data(GAMES, seed=1)


def store_long_record(page: Page, data: dict[str, object]) -> str:
    """The long match as the library keeps it (its save and its entry), then the page reloaded."""
    save = match_save(copy.deepcopy(data), GAME_ID)
    entry = {"id": GAME_ID, "variant": "narde", "token": "narde", "opponent": "human", "level": "intermediate",
             "seat": "w", "match_length": 999, "score": data["score"], "position": "", "phase": "roll",
             "over": False, "winner": None, "started": True, "link": None, "name": "", "created": 1, "updated": 1}
    clear_library(page)
    page.evaluate("""([save, entry]) => {
        localStorage.setItem('nard.game.' + entry.id, save);
        localStorage.setItem('nard.library', JSON.stringify({schema: 1, current: entry.id, games: [entry]}));
    }""", [save, entry])
    return save


def download(page: Page, selector: str, folder: Path) -> str:
    with page.expect_download() as got:
        page.click(selector)
    path = folder / got.value.suggested_filename
    got.value.save_as(path)
    return path.read_text()


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py); the record is read by a reload
@pytest.mark.dice_seed(3)
def test_the_longest_record_starts_plays_on_and_is_kept_whole(app: AppPage, tmp_path: Path,
                                                              longest: dict[str, object]) -> None:
    page = app.page
    store_long_record(page, longest)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nardPage.gameId") == GAME_ID
    assert board(page)["variant"] == "narde"
    expect(page.locator("#message")).not_to_contain_text("could not")
    # the whole record: the share dialog's .mat is the match's, every one of its 317 games
    press(page, "btn-share")
    record = download(page, "#share-mat", tmp_path)
    # (written by nardcore from the data stored; tests/worker/test_long_record.py: as the match played would be)
    assert record == write_mat(Match.from_dict(copy.deepcopy(longest), SeededDice(1), lazy=True))
    assert f" Game {GAMES + 1}\n" in record
    page.keyboard.press("Escape")
    # it plays on, and the last game's record steps back to its start and forward again
    play_one_turn(page)
    live = board(page)["position"]
    after(page, lambda: page.click("#replay-first"))
    assert board(page)["position"] != live
    after(page, lambda: page.keyboard.press("End"))
    assert board(page)["position"] == live
    # kept whole: the finished games as they were, the turn played added to the game under way
    kept = json.loads(stored_save(page, GAME_ID) or "{}")
    assert kept["match"]["played"] == longest["played"] and kept["match"]["games"] == longest["games"]
    assert kept["match"]["game"]["history"]
    # and a reload starts it again, as it now stands
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nardPage.gameId") == GAME_ID and board(page)["position"] == live


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py); the record is read by a reload
@pytest.mark.dice_seed(3)
def test_the_start_replays_no_finished_game_and_a_damaged_one_loses_nothing(app: AppPage,
                                                                            longest: dict[str, object]) -> None:
    """The start reads the finished games' results, not their moves: a finished game whose moves
    no longer replay (changed by hand) does not stop the match from opening, and stays as it was."""
    damaged = copy.deepcopy(longest)
    played = damaged["played"]
    assert isinstance(played, list)
    played[100]["history"][5]["play"] = "24/1"  # no legal play
    page = app.page
    save = store_long_record(page, damaged)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.nardPage.gameId") == GAME_ID  # opened, not set aside
    assert stored_library(page)["aside"] == []
    play_one_turn(page)
    kept = json.loads(stored_save(page, GAME_ID) or "{}")
    assert kept["match"]["played"] == json.loads(save)["match"]["played"]  # the damaged game as it was


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
@pytest.mark.dice_seed(3)
def test_an_import_too_long_to_check_is_refused_at_once_naming_its_size(app: AppPage, tmp_path: Path,
                                                                        longest: dict[str, object]) -> None:
    page = app.page
    after(page, lambda: page.click("#setup-start"))  # the new game is on the board before its id is read
    on_board = page.evaluate("window.nardPage.gameId")
    record = tmp_path / "long.mat"
    record.write_text(write_mat(Match.from_dict(copy.deepcopy(longest), SeededDice(1), lazy=True)))
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({"app": "nard", "junk": "x" * 16_100_000}))
    huge_record = tmp_path / "huge.mat"
    huge_record.write_text(" 0 point match\n" + "; a comment\n" * 850_000)
    size = f"{huge_record.stat().st_size / 1e6:.1f} MB"
    for path, said in ((huge_record, f"That record is {size}: records up to 10 MB"),
                       (huge, "That file is 16.1 MB: a saved game is at most 16 MB")):
        page.click("#btn-games")
        page.set_input_files("#games-import", str(path))
        expect(page.locator("#games-undo-text")).to_contain_text(said)
        expect(page.locator("#games")).to_be_visible()  # nothing sent: the game on the board stays
        assert page.evaluate("window.nardPage.gameId") == on_board
        page.keyboard.press("Escape")
    # the long record itself is imported: its finished games are replayed only when asked for
    page.click("#btn-games")
    after(page, lambda: page.set_input_files("#games-import", str(record)))
    expect(page.locator("#message")).to_contain_text("added to your games")
    assert page.evaluate("window.nardPage.gameId") != on_board and board(page)["variant"] == "narde"
    on_board = page.evaluate("window.nardPage.gameId")
    # a shorter record of the same match is imported
    short = tmp_path / "short.mat"
    short.write_text("\n Game ".join(record.read_text().split("\n Game ")[:6]) + "\n")
    page.click("#btn-games")
    after(page, lambda: page.set_input_files("#games-import", str(short)))
    expect(page.locator("#message")).to_contain_text("added to your games")
    assert page.evaluate("window.nardPage.gameId") != on_board and board(page)["variant"] == "narde"


def test_games_lists_exports_and_deletes_the_long_record_when_the_engine_cannot_start(
        browser: Browser, site: str, tmp_path: Path, longest: dict[str, object]) -> None:
    context, page, _ = open_app(browser, site + "?dice=seed:3")
    offline: BrowserContext | None = None
    try:
        save = store_long_record(page, longest)
        offline = browser.new_context(storage_state=context.storage_state())
        offline.route("**/vendor/pyscript/**", lambda route: route.abort())
        broken = offline.new_page()
        broken.goto(site)
        broken.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=30_000)
        broken.click("#btn-games")
        expect(broken.locator("#games")).to_be_visible()
        assert broken.evaluate(ENTRIES) == [GAME_ID]
        exported = download(broken, f".game-entry[data-game-id='{GAME_ID}'] .game-export", tmp_path)
        assert json.loads(exported)["match"] == json.loads(save)["match"]
        broken.click(f".game-entry[data-game-id='{GAME_ID}'] .game-delete")
        expect(broken.locator(".game-entry")).to_have_count(0)
        assert stored_save(broken, GAME_ID) is None
    finally:
        if offline is not None:
            offline.close()
        context.close()
