"""Games are never lost without a word: storage that fails, two tabs on one game, an engine that dies."""

from __future__ import annotations

from browser_support import (
    board,
    kill_engine,
    one_step,
    open_app,
    play_one_turn,
    saved,
    start_game,
    start_turn,
    two_tabs,
    wait_position,
    wait_ready,
)
from playwright.sync_api import Browser, expect


def test_a_full_storage_is_said_out_loud_and_the_game_can_be_kept_by_link(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:3")
    try:
        expect(page.locator("#store-notice")).to_be_hidden()
        page.evaluate("""() => { IDBObjectStore.prototype.put = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError') } }""")
        start_game(page)  # the first start shows the new-game dialog
        play_one_turn(page)
        notice = page.locator("#store-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("full")
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.click("#store-copy")
        expect(page.locator("#store-status")).to_have_text("Link copied.")
        link = page.evaluate("navigator.clipboard.readText()")
        assert "#s=" in link and "?dice" not in link
        watch.assert_clean()
    finally:
        context.close()


def test_storage_denied_shows_the_notice_from_the_first_save(browser: Browser, site: str) -> None:
    # the page's IndexedDB and localStorage denied (the worker's own IndexedDB still works)
    context = browser.new_context()
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('denied', 'SecurityError') } });
        IDBFactory.prototype.open = function () { throw new DOMException('denied', 'SecurityError') };""")
    page = context.new_page()
    try:
        page.goto(site)
        wait_ready(page)
        start_game(page)
        expect(page.locator("#store-notice")).to_be_visible()
        expect(page.locator("#store-text")).to_contain_text("does not let the page store")
        play_one_turn(page)  # and it plays on
    finally:
        context.close()


def test_two_tabs_on_one_game_stay_in_step_and_lose_nothing(browser: Browser, site: str) -> None:
    context, first, second, watch = two_tabs(browser, site)
    try:
        assert board(second)["position"] == board(first)["position"]
        # a turn played in the first tab shows in the idle second tab (at once: a message between tabs)
        play_one_turn(first)
        wait_position(second, board(first)["position"])
        expect(second.locator("#message")).to_contain_text("another tab")
        # the second tab begins a turn; the first one shows it, and finishes it its own way
        start_turn(second)
        one_step(second)
        mine = board(second)["position"]
        wait_position(first, mine)
        play_one_turn(first)
        wait_position(second, board(first)["position"])  # the second takes it: one game, nothing refused
        assert saved(first) == saved(second)
        watch.assert_clean()
    finally:
        context.close()


def test_a_dead_engine_is_noticed_and_restarted_from_the_last_save(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + "?dice=seed:5")
    try:
        saved = kill_engine(page, answer_limit_ms=1500)  # the request's own limit, before the heartbeat's
        page.keyboard.press("r")
        page.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=15_000)
        expect(page.locator("#message")).to_contain_text("engine stopped")
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=60_000)  # reloaded
        assert board(page)["position"] == saved
        assert any("the engine stopped" in p for p in watch.problems)  # said on the console, as an error
    finally:
        context.close()
