"""The whole library as one file (Games: Export all, Import): read back in a fresh browser, the
same Games list and the same progress; imported twice, nothing added; a damaged file refused
with its reason, nothing lost; many files at once, each reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import AppPage, after, open_app, play_one_turn, saved, start_game
from playwright.sync_api import Browser, Page, expect

PROGRESS = {"learned": ["narde-head"], "study": {
    "puzzles": {"narde": {"rating": {"rating": 1620.5, "deviation": 290.1, "volatility": 0.06, "solved": 1,
                                     "missed": 0}, "seen": ["n-1"]}},
    "drills": [{"id": "0123456789ab", "variant": "narde", "position": "narde:w:24x15:24x15", "dice": "64",
                "played": "24/14", "best": "24/18 24/20", "loss": 0.2, "due": 739000, "interval": 0, "ease": 2.5,
                "reps": 0, "lapses": 0}]}}


def listed(page: Page) -> list[dict[str, str]]:
    """Games as listed: id, position, name, and the line under it (the result, the date)."""
    return list(page.evaluate("""[...document.querySelectorAll('#games-list .game-entry')].map(li => ({
        id: li.dataset.gameId, position: li.dataset.position,
        name: li.querySelector('.game-name').textContent,
        detail: li.querySelector('.game-detail').textContent.replace(/ · on the board now$/, '')}))"""))


def progress(page: Page) -> dict[str, object]:
    prefs = dict(page.evaluate("window.nardApp.request({type: 'export_library'})")["library"]["prefs"])
    return {key: value for key, value in prefs.items() if key != "lang"}


def import_files(page: Page, *files: Path) -> list[str]:
    """Files chosen in Games' Import; the report's lines once painted."""
    page.click("#btn-games")
    page.set_input_files("#games-import", [str(f) for f in files])
    expect(page.locator("#games-report")).to_be_visible(timeout=60_000)
    lines = [str(t) for t in page.locator("#games-report li").all_text_contents()]
    page.keyboard.press("Escape")
    return lines


def test_a_library_exported_from_one_browser_reads_back_in_a_fresh_one(browser: Browser, site: str,
                                                                       tmp_path: Path) -> None:
    home, page, watch = open_app(browser, site + "?dice=seed:5")
    try:
        start_game(page, "narde")
        play_one_turn(page)
        # progress as the study screens leave it, taken into the session as another tab's game is
        save = json.loads(saved(page) or "{}")
        save["prefs"].update(PROGRESS, coach=True)
        page.evaluate("(save) => window.nardApp.request({type: 'sync', save})", json.dumps(save))
        start_game(page, "backgammon")
        play_one_turn(page)
        page.click("#btn-games")
        expect(page.locator("#games-list .game-entry")).to_have_count(2)
        mine = listed(page)
        with page.expect_download() as download:
            page.click("#games-export-all")
        file = tmp_path / download.value.suggested_filename
        download.value.save_as(file)
        page.keyboard.press("Escape")
        assert file.name.startswith("nard-library-")
        kept = progress(page)
        assert kept["study"] == PROGRESS["study"] and kept["coach"] is True
        watch.assert_clean()
    finally:
        home.close()
    away, page, watch = open_app(browser, site + "?dice=seed:6")
    try:
        after(page, lambda: page.click("#setup-start"))
        own = page.evaluate("window.nardPage.gameId")  # the fresh browser's own new game
        report = import_files(page, file)
        assert report[0] == f"{file.name}: imported, games: 2."
        assert report[-1] == "In your library: new 2, replaced by a later copy 0, already there 0."
        page.click("#btn-games")
        expect(page.locator("#games-list .game-entry")).to_have_count(3)
        assert [e for e in listed(page) if e["id"] != own] == mine
        page.keyboard.press("Escape")
        assert progress(page) == kept
        # the same file again adds nothing
        again = import_files(page, file)
        assert again[-1] == "In your library: new 0, replaced by a later copy 0, already there 2."
        page.click("#btn-games")
        expect(page.locator("#games-list .game-entry")).to_have_count(3)
        assert [e for e in listed(page) if e["id"] != own] == mine
        page.keyboard.press("Escape")
        assert progress(page) == kept
        # a damaged file, a foreign one and a game record at once: each said, nothing lost
        damaged = tmp_path / "damaged.json"
        damaged.write_text(file.read_text()[:-40])
        foreign = tmp_path / "foreign.json"
        foreign.write_text('{"app": "nard", "kind": "library", "version": 99, "games": []}')
        lines = import_files(page, damaged, foreign, tmp_path / file.name)
        assert lines[0].startswith("damaged.json: not imported — This is not a library file of this app, or it is")
        assert lines[1].startswith("foreign.json: not imported — The library file was written by another version")
        assert lines[2] == f"{file.name}: imported, games: 2."
        page.click("#btn-games")
        expect(page.locator("#games-list .game-entry")).to_have_count(3)
        assert [e for e in listed(page) if e["id"] != own] == mine
        watch.assert_clean()
    finally:
        away.close()


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
@pytest.mark.dice_seed(7)
def test_one_game_file_still_opens_on_the_board(app: AppPage, tmp_path: Path) -> None:
    page = app.page
    start_game(page, "tawla31")
    play_one_turn(page)
    file = tmp_path / "one.json"
    file.write_text(saved(page) or "")
    page.click("#btn-games")
    after(page, lambda: page.set_input_files("#games-import", str(file)))
    expect(page.locator("#games")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("added to your games")
