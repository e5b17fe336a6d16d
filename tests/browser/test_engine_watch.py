"""The engine watched during a long request: a worker that hangs while the computer thinks is
noticed within seconds (the worker says it is alive from inside nardcore's long computations,
web/worker/engine.py; a hung one says nothing), not after the 30 s answer limit, and the app
comes back from its last save; a long computation that goes on is left to finish."""

from __future__ import annotations

from collections.abc import Callable

from browser_support import after, board, open_app, play_one_turn, press, start_game, start_turn, wait_ready
from playwright.sync_api import Browser, Route, expect

# Appended to the worker's script (web/worker/main.py) at its first load only: a hint request
# spins forever in plain Python, as a bug would, never reaching nardcore's ticks.
HANGING_HINT = """

from web.worker import engine as _engine


def dispatch(request_json):
    if '"type":"hint"' in request_json:
        while True:
            pass
    return _engine.dispatch(request_json)
"""

# The same, but the hint thinks for five seconds first, through nardcore's ticks as every long
# computation does: a worker that long silent would be taken for hung.
LONG_HINT = """

import time

from nardcore import progress
from web.worker import engine as _engine


def dispatch(request_json):
    if '"type":"hint"' in request_json:
        end = time.monotonic() + 5
        while time.monotonic() < end:
            progress.tick()
    return _engine.dispatch(request_json)
"""


def patched_worker(code: str, loads: list[str]) -> Callable[[Route], None]:
    """A route handler: the worker's script with `code` appended at its first load, then the app's own."""

    def worker_script(route: Route) -> None:
        loads.append(route.request.url)
        if len(loads) > 1:
            route.continue_()
            return
        original = route.fetch()
        route.fulfill(response=original, body=original.text() + code)

    return worker_script


def test_a_worker_hung_during_the_computers_thinking_is_noticed_and_restarted(browser: Browser, site: str) -> None:
    loads: list[str] = []
    worker = patched_worker(HANGING_HINT, loads)
    context, page, _ = open_app(
        browser, site + "?dice=seed:5", routes={"**/web/worker/main.py": worker}, service_workers="block"
    )
    try:
        start_game(page)
        play_one_turn(page)
        start_turn(page)  # the next side has rolled: a hint may be asked
        position = board(page)["position"]
        page.click("#btn-hint")  # a slow request: the computer thinks
        # well within the 30 s answer limit: the silence of the worker gives it away
        expect(page.locator("#message")).to_contain_text("engine stopped", timeout=10_000)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=60_000)  # reloaded
        wait_ready(page)
        assert len(loads) == 2
        assert board(page)["position"] == position
        expect(page.locator("#message")).to_contain_text("restarted")
        press(page, "btn-hint")  # and the restarted engine thinks again
        expect(page.locator("#hint")).to_be_visible()
    finally:
        context.close()


def test_a_long_computation_that_says_it_is_alive_is_left_to_finish(browser: Browser, site: str) -> None:
    loads: list[str] = []
    worker = patched_worker(LONG_HINT, loads)
    context, page, watch = open_app(browser, site + "?dice=seed:5", routes={"**/web/worker/main.py": worker})
    try:
        start_game(page)
        play_one_turn(page)
        start_turn(page)
        position = board(page)["position"]
        page.evaluate("window.notReloaded = true")
        after(page, lambda: page.click("#btn-hint"))  # answered after five seconds of thinking
        expect(page.locator("#hint")).to_be_visible()
        assert page.evaluate("document.documentElement.dataset.ready") == "1"
        expect(page.locator("#message")).not_to_contain_text("engine stopped")
        assert board(page)["position"] == position
        assert page.evaluate("window.notReloaded === true")  # never restarted
        watch.assert_clean()
    finally:
        context.close()
