"""Nothing lost, round two: an engine that dies without a word, two tabs acting at the same instant,
an empty import, Games without the engine (a damaged library index and a save under the wrong key:
test_library_migration.py)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import (
    after,
    board,
    kill_engine,
    open_app,
    play_one_turn,
    press,
    saved,
    start_game,
    stored_save,
    wait_position,
    wait_ready,
)
from playwright.sync_api import Browser, Page, expect

ROLL_AT = "(at) => { setTimeout(() => document.getElementById('btn-roll').click(), at - Date.now()) }"
MOVABLE = "[...document.querySelectorAll('#board [data-movable]')].length > 0"
ENTRIES = "[...document.querySelectorAll('#games-list .game-entry')].map(li => li.dataset.gameId)"


def two_games(page: Page) -> tuple[str, str]:
    """A narde game and a backgammon game (on the board), each a turn in: their ids."""
    start_game(page, "narde")
    play_one_turn(page)
    narde = page.evaluate("window.nardPage.gameId")
    start_game(page, "backgammon")
    play_one_turn(page)
    return narde, page.evaluate("window.nardPage.gameId")


def open_games(page: Page) -> list[str]:
    page.click("#btn-games")
    expect(page.locator("#games")).to_be_visible()
    return list(page.evaluate(ENTRIES))


def test_the_first_game_of_a_fresh_browser_says_nothing_of_the_library(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:4")
    try:
        # every text the message line shows from here on (the boot's own save comes first)
        page.evaluate("""() => {
            const line = document.getElementById('message');
            window.nardSaid = [line.innerText];
            new MutationObserver(() => window.nardSaid.push(line.innerText))
                .observe(line, {childList: true, subtree: true, characterData: true});
        }""")
        start_game(page, "narde")
        play_one_turn(page)
        said = page.evaluate("window.nardSaid")
        assert not [text for text in said if "rebuilt" in text], said
        assert len(open_games(page)) == 1
        watch.assert_clean()
    finally:
        context.close()


def test_a_dead_engine_is_noticed_within_seconds_and_comes_back(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:5")
    try:
        position = kill_engine(page)
        page.keyboard.press("r")
        # the watch (three seconds of silence) says so long before the 30 s answer limit would;
        # the margin keeps a loaded machine from failing the test, not the app
        expect(page.locator("#message")).to_contain_text("engine stopped", timeout=15_000)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=60_000)  # reloaded
        assert board(page)["position"] == position
        expect(page.locator("#message")).to_contain_text("restarted")
        press(page, "btn-roll")  # and it plays on
    finally:
        context.close()


def test_two_tabs_acting_at_the_same_instant_for_50_rounds_lose_neither_turn(browser: Browser, site: str) -> None:
    """Both tabs press Roll at the same instant, then one of them (each in turn) plays the turn:
    each action is applied, under the game's lock, to the game as the other tab left it. Every
    round both tabs show the game as kept, and the game's history only grows: no turn undone. A
    match to 25, so that a game won goes on in the same entry (the next game)."""
    context, first, watch = open_app(browser, site + "?dice=seed:8")
    try:
        if not first.is_visible("#setup"):
            first.click("#btn-new")
        first.check('input[name="variant"][value="backgammon"]')
        first.check('input[name="opponent"][value="human"]')
        first.select_option("#setup-match", "25")
        after(first, lambda: first.click("#setup-start"))
        play_one_turn(first)
        second = context.new_page()  # other dice, so that neither tab's dice decide the other's
        second.goto(site + "?dice=seed:9")
        wait_ready(second)
        tabs = (first, second)
        history = game_history(first)
        for round_ in range(50):
            wait_position(second, board(first)["position"])
            if first.locator("#btn-next").is_visible():  # a game won: the next one, in the same entry
                press(first, "btn-next")
                in_step(tabs, lambda shown: True)
                history = game_history(first)
            for tab in tabs:
                expect(tab.locator("#btn-roll")).to_be_visible()
            before = board(first)["position"]
            at = first.evaluate("Date.now()") + 400  # one clock for both tabs: the same instant
            for tab in tabs:
                tab.evaluate(ROLL_AT, at)
            in_step(tabs, lambda shown: bool(shown[1]) or shown[0] != before)
            player = tabs[round_ % 2]
            if player.evaluate(MOVABLE):
                play_one_turn(player)
            elif player.locator("#btn-confirm").is_visible():
                press(player, "btn-confirm")  # no legal play: the turn passes
            in_step(tabs, lambda shown: not shown[1])
            kept = game_history(first)
            assert kept[:len(history)] == history and len(kept) > len(history), round_  # a turn more, none undone
            history = kept
        assert not any("same moment" in (tab.locator("#message").text_content() or "") for tab in tabs)
        watch.assert_clean()
    finally:
        context.close()


def game_history(page: Page) -> list[object]:
    """The history of the match's game under way, as kept."""
    return list(json.loads(saved(page) or "{}")["match"]["game"]["history"])


def in_step(tabs: tuple[Page, Page], done: Callable[[tuple[str, str]], bool]) -> None:
    """Wait until both tabs show one game (position and dice), the one kept, and `done` holds of it."""
    deadline = time.monotonic() + 30
    while True:
        shown = [(board(tab)["position"], board(tab)["dice"]) for tab in tabs]
        if shown[0] == shown[1] and done(shown[0]) and saved(tabs[0]) == saved(tabs[1]):
            return
        assert time.monotonic() < deadline, f"the tabs disagree: {shown}"
        time.sleep(0.1)


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
def test_an_empty_import_file_is_named_in_words(app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = app.page
    start_game(page)
    empty = tmp_path / "empty.json"
    empty.write_text("")
    after(page, lambda: page.set_input_files("#games-import", str(empty)))
    expect(page.locator("#message")).to_contain_text("file is empty")
    expect(page.locator("#message")).not_to_contain_text("Error")


def test_games_lists_exports_and_deletes_when_the_engine_cannot_start(browser: Browser, site: str,
                                                                     tmp_path: Path) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:7")
    try:
        narde, backgammon = two_games(page)
        # the same storage in a browser where the engine's runtime cannot load
        offline = browser.new_context(storage_state=context.storage_state(indexed_db=True))
        offline.route("**/vendor/pyscript/**", lambda route: route.abort())
        broken = offline.new_page()
        broken.goto(site)
        broken.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=30_000)
        assert sorted(open_games(broken)) == sorted([narde, backgammon])
        with broken.expect_download() as download:
            broken.click(f".game-entry[data-game-id='{narde}'] .game-export")
        file = tmp_path / download.value.suggested_filename
        download.value.save_as(file)
        assert json.loads(file.read_text())["id"] == narde
        broken.click(f".game-entry[data-game-id='{narde}'] .game-delete")
        expect(broken.locator(f".game-entry[data-game-id='{narde}']")).to_have_count(0)
        assert broken.evaluate(ENTRIES) == [backgammon]
        assert stored_save(broken, narde) is None
        offline.close()
    finally:
        context.close()

