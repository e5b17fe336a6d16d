"""One booted app per pytest worker, shared by the tests that need only a fresh game.

A boot costs a few CPU seconds (Pyodide's runtime, the snapshot, the first view: docs/testing.md);
a test marked `fresh_game` that takes the `app` fixture gets instead the worker's app, booted once
and reset through the app before each test: its open dialogs closed, the page taken down
(`window.nardPage.destroy()`), everything it keeps emptied (the library's database, localStorage,
sessionStorage), the address set to `?dice=seed:N`, and the page mounted again
(`nardApp.mountPage`), whose boot request makes the engine start a new session
(web/worker/engine.py). The page is then as a first visit leaves it, on the test's dice.

The app is booted anew after a test that failed, that left the page watch's list of problems not
empty, closed or navigated its page away, opened another page, or changed its context in a way
that is not undone between tests (routes, listeners, permissions, offline, init scripts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import cast

import context_pool
from browser_support import APP_VIEWPORT, AppPage, clear_library, open_app, wait_ready
from playwright.sync_api import Browser, BrowserContext

# Taken down, emptied by the caller, then mounted again on the address the test's dice need.
UNMOUNT = """() => {
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    window.nardPage.destroy();
}"""
MOUNT = """async (query) => {
    history.replaceState(null, "", location.pathname + query);
    const page = window.nardApp.mountPage(document.getElementById("board"), window.nardApp);
    await page.start();
}"""

READY = "Boolean(window.nardPage && window.nardApp) && document.documentElement.dataset.ready === '1'"


@dataclass
class _Shared:
    app: AppPage
    lent: context_pool.LentContext
    listeners: int  # the watch's own


_shared: _Shared | None = None


def held() -> context_pool.LentContext | None:
    """The context the worker's shared app lives in, if any."""
    return None if _shared is None else _shared.lent


def lend(browser: Browser, site: str, seed: int, failed: Callable[[], bool]) -> Iterator[AppPage]:
    """The `app` fixture's body for a `fresh_game` test."""
    global _shared
    query = f"?dice=seed:{seed}"
    shared = _shared if _shared is not None and _usable(_shared, site) else None
    if shared is None:
        _drop()
        context, page, watch = open_app(browser, site + query, viewport=APP_VIEWPORT)
        lent = cast(object, context)  # lent by the pool: fresh_game is only used where the pool is
        assert isinstance(lent, context_pool.LentContext)
        shared = _Shared(AppPage(page, watch, context), lent, len(lent._listeners))  # noqa: SLF001
    else:
        _reset(shared.app, query)
    _shared = shared
    try:
        yield shared.app
        shared.app.watch.assert_clean()
    finally:
        if failed() or not _usable(shared, site):
            _drop()


def _reset(app: AppPage, query: str) -> None:
    page = app.page
    if page.viewport_size != APP_VIEWPORT:
        page.set_viewport_size(APP_VIEWPORT)  # type: ignore[arg-type]
    page.evaluate(UNMOUNT)
    clear_library(page)
    page.evaluate(MOUNT, query)
    wait_ready(page)


def _usable(shared: _Shared, site: str) -> bool:
    lent, page, watch = shared.lent, shared.app.page, shared.app.watch
    if lent.returned or lent.tainted or lent._routes or lent._offline or lent._permissions:  # noqa: SLF001
        return False
    if len(lent._listeners) != shared.listeners or watch.problems:  # noqa: SLF001
        return False
    context: BrowserContext = lent._context  # noqa: SLF001
    if page.is_closed() or len(context.pages) != 2:  # its blank page and the app's
        return False
    if not page.url.startswith(site.rstrip("/") + "/") or "embed" in page.url:
        return False
    try:
        return bool(page.evaluate(READY))
    except Exception:  # a page gone or navigating
        return False


def _drop() -> None:
    global _shared
    if _shared is not None:
        _shared.lent.close()
        _shared = None
