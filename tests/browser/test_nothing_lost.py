"""Nothing lost, round two: a damaged library index, a save under the wrong key, an engine that
dies without a word, two tabs acting at the same instant, an empty import, Games without the engine."""

from __future__ import annotations

import json
import time
from pathlib import Path

from browser_support import (
    after,
    board,
    kill_engine,
    open_app,
    play_one_turn,
    press,
    saved,
    start_game,
    two_tabs,
    wait_position,
    wait_ready,
)
from playwright.sync_api import Browser, Page, expect

ROLL_AT = "(at) => { setTimeout(() => document.getElementById('btn-roll').click(), at - Date.now()) }"
ENTRIES = "[...document.querySelectorAll('#games-list .game-entry')].map(li => li.dataset.gameId)"
STORED = "Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
DAMAGED = {
    "truncated": '{"schema":1,"current":null,"games":[{"id":"0123',
    "empty list": "[]",
    "future schema": '{"schema":7,"current":null,"games":[],"shelves":[{"id":"x"}]}',
    "games as an object": '{"schema":1,"current":null,"games":{"a":1}}',
    "deeply nested": '{"schema":1,"games":' + "[" * 5000 + "]" * 5000 + "}",
}


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


def test_a_damaged_library_index_is_rebuilt_from_the_saves_and_kept_aside(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:4")
    try:
        narde, backgammon = two_games(page)
        for kind, text in DAMAGED.items():
            before = page.evaluate(STORED)
            page.evaluate("(t) => { localStorage.setItem('nard.library', t); sessionStorage.clear() }", text)
            page.reload()
            wait_ready(page)
            expect(page.locator("#message")).to_contain_text("rebuilt")
            listed = open_games(page)
            assert sorted(listed) == sorted([narde, backgammon]), kind
            stored = page.evaluate(STORED)
            # the damaged index is kept aside, word for word; the saves are still there
            assert text in [v for k, v in stored.items() if k.startswith("nard.library.damaged.")], kind
            assert f"nard.game.{narde}" in stored and f"nard.game.{backgammon}" in stored, kind
            if page.evaluate("window.nardPage.gameId") != narde:
                assert stored[f"nard.game.{narde}"] == before[f"nard.game.{narde}"], kind
            page.keyboard.press("Escape")
        # a game opened from the rebuilt list is the game it was
        open_games(page)
        on_board = page.evaluate("window.nardPage.gameId")
        other, variant = (backgammon, "backgammon") if on_board == narde else (narde, "narde")
        after(page, lambda: page.click(f".game-entry[data-game-id='{other}'] .game-open"))
        assert board(page)["variant"] == variant and page.evaluate("window.nardPage.gameId") == other
        watch.assert_clean()
    finally:
        context.close()


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


def test_a_save_whose_id_differs_from_its_key_overwrites_no_other_game(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:6")
    try:
        narde, backgammon = two_games(page)
        kept = saved(page)
        odd = json.loads(page.evaluate(f"localStorage.getItem('nard.game.{narde}')"))
        odd["id"] = backgammon  # the narde game's save, claiming to be the backgammon one
        page.evaluate(f"(s) => localStorage.setItem('nard.game.{narde}', s)", json.dumps(odd))
        open_games(page)
        after(page, lambda: page.click(f".game-entry[data-game-id='{narde}'] .game-open"))
        assert page.evaluate("window.nardPage.gameId") == narde  # the key is trusted
        assert board(page)["variant"] == "narde"
        assert page.evaluate(f"localStorage.getItem('nard.game.{backgammon}')") == kept  # untouched
        expect(page.locator("#message")).to_contain_text("kept aside")
        stored = page.evaluate(STORED)
        assert json.dumps(odd) in [v for k, v in stored.items() if k.startswith("nard.game-aside.")]
        assert sorted(open_games(page)) == sorted([narde, backgammon])
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


def test_two_tabs_acting_at_the_same_instant_keep_one_turn_and_say_so(browser: Browser, site: str) -> None:
    context, first, second, watch = two_tabs(browser, site)
    try:
        tabs = (first, second)
        for _ in range(4):
            before = board(first)["position"]
            wait_position(second, before)
            for tab in tabs:
                expect(tab.locator("#btn-roll")).to_be_visible()
            at = first.evaluate("Date.now()") + 400  # one clock for both tabs: the same instant
            for tab in tabs:
                tab.evaluate(ROLL_AT, at)
            # both settle on one game, the one in storage, and its roll is not undone: its dice are
            # shown, or, when they had no legal play, the turn passed (the dice are the winning
            # tab's, and either may win). Within 30 s: each tab's roll, the other's save and its
            # sync are three answers of a loaded engine.
            deadline = time.monotonic() + 30
            while True:
                shown = [(board(tab)["position"], board(tab)["dice"]) for tab in tabs]
                rolled = bool(shown[0][1]) or shown[0][0] != before
                if shown[0] == shown[1] and rolled and saved(first) == saved(second):
                    time.sleep(0.5)  # and stay so
                    if [(board(tab)["position"], board(tab)["dice"]) for tab in tabs] == shown:
                        break
                assert time.monotonic() < deadline, f"the tabs disagree: {shown}"
                time.sleep(0.1)
            notices = [tab.locator("#message").text_content() or "" for tab in tabs]
            assert sum("same moment" in n for n in notices) == 1, notices
            play_one_turn(first)
        watch.assert_clean()
    finally:
        context.close()


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
        offline = browser.new_context(storage_state=context.storage_state())
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
        assert broken.evaluate(ENTRIES) == [backgammon]
        assert broken.evaluate(f"localStorage.getItem('nard.game.{narde}')") is None
        offline.close()
    finally:
        context.close()

