"""Browser contexts kept warm between tests, each test's storage wiped.

A fresh Playwright context is an incognito profile: Chromium keeps no code cache there, so every
boot compiles the page's scripts and Pyodide's WebAssembly again (4.9 CPU seconds a boot here,
against 2.8 in a profile that was used before; docs/testing.md). A pool keeps, per pytest
worker, persistent contexts (a profile on disk each) launched with open_app's usual options,
and lends one to each test that asks for those; when the test is done the context is handed back: its pages
closed, its listeners, routes, permissions and offline mode undone, and everything the site
stored (local storage, IndexedDB, the service worker and its caches, cookies) cleared, so the
next test meets an empty browser with a warm code cache. A test that changes what cannot be
undone (an init script) taints its context: it is closed rather than lent again.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

# What a test may do with a lent context and how it is undone; anything else taints it.
_RECORDED = {"on", "route", "grant_permissions", "set_offline"}
_HARMLESS = {"new_page", "pages", "storage_state", "remove_listener", "unroute", "unroute_all", "cookies",
             "wait_for_event", "expect_page", "expect_event", "clear_permissions", "new_cdp_session", "browser"}
# Everything a site keeps in a profile but the HTTP cache and the code cache
# (Chrome DevTools Protocol, Storage.clearDataForOrigin)
_SITE_DATA = ("cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql,"
              "shared_storage,storage_buckets")
# idle contexts kept per worker (each is a Chromium of its own; a test may hold a few at once)
_KEEP = 4


class LentContext:
    """A pooled context as a test sees it: a BrowserContext whose close() hands it back."""

    def __init__(self, pool: ContextPool, context: BrowserContext) -> None:
        self._pool, self._context = pool, context
        self._listeners: list[tuple[str, Callable[..., Any]]] = []
        self._routes: list[str] = []
        self._offline = False
        self._permissions = False
        self.tainted = False
        self.returned = False

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._context, name)
        if name not in _RECORDED and name not in _HARMLESS and callable(value):
            self.tainted = True  # add_init_script, expose_binding and the like: not undone
        return value

    def on(self, event: str, handler: Callable[..., Any]) -> None:
        self._listeners.append((event, handler))
        self._context.on(event, handler)  # type: ignore[call-overload]

    def route(self, pattern: str, handler: Callable[..., Any]) -> None:
        self._routes.append(pattern)
        self._context.route(pattern, handler)

    def grant_permissions(self, permissions: list[str], **options: Any) -> None:
        self._permissions = True
        self._context.grant_permissions(permissions, **options)

    def set_offline(self, offline: bool) -> None:
        self._offline = offline
        self._context.set_offline(offline)

    def close(self) -> None:
        if not self.returned:
            self.returned = True
            self._pool.give_back(self)

    def undo(self, origin: str) -> None:
        """Undo what the test did and clear what the site stored; raises if that fails."""
        context = self._context
        for page in list(context.pages)[1:]:  # all but the blank page it was launched with
            page.close()
        for event, handler in self._listeners:
            context.remove_listener(event, handler)
        for pattern in self._routes:
            context.unroute(pattern)
        if self._offline:
            context.set_offline(False)
        if self._permissions:
            context.clear_permissions()
        blank = context.new_page()
        try:
            session = context.new_cdp_session(blank)
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": _SITE_DATA})
            session.detach()
        finally:
            blank.close()


class ContextPool:
    """Per worker: persistent contexts launched with the same options, lent one test at a time."""

    def __init__(self, browser_type: BrowserType, launch_args: dict[str, Any], origin: str) -> None:
        self._type, self._launch_args, self.origin = browser_type, launch_args, origin
        self._idle: list[BrowserContext] = []  # the last given back first
        self._folders: dict[int, str] = {}
        self._lent: list[LentContext] = []

    def lend(self) -> LentContext:
        """A context empty of site data (pages set their own viewport)."""
        if self._idle:
            context = self._idle.pop(0)
        else:
            folder = tempfile.mkdtemp(prefix="nard-profile-")
            context = self._type.launch_persistent_context(folder, **self._launch_args)
            self._folders[id(context)] = folder
            # The blank page a persistent context opens with stays open while it is lent: with no
            # page left, Chromium lets go of what it compiled (a boot then costs as in a new one).
            for page in list(context.pages)[1:]:
                page.close()
        lent = LentContext(self, context)
        self._lent.append(lent)
        return lent

    def give_back(self, lent: LentContext) -> None:
        if lent in self._lent:
            self._lent.remove(lent)
        context = lent._context  # noqa: SLF001 - the pool's own
        try:
            if lent.tainted:
                raise RuntimeError("tainted")
            lent.undo(self.origin)
        except Exception:  # a context that cannot be put back as it was is not lent again
            self._close(context)
            return
        self._idle.insert(0, context)
        while len(self._idle) > _KEEP:
            self._close(self._idle.pop())

    def give_back_all(self, keep: LentContext | None = None) -> None:
        """Hand back whatever a test left lent (a test that failed before closing its context), but `keep`
        (the worker's shared app: shared_app.py)."""
        for lent in list(self._lent):
            if lent is not keep:
                lent.close()

    def close(self) -> None:
        self.give_back_all()
        for context in self._idle:
            self._close(context)
        self._idle.clear()

    def _close(self, context: BrowserContext) -> None:
        try:
            context.close()
        except Exception:  # already gone with its browser
            pass
        folder = self._folders.pop(id(context), None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


_pool: ContextPool | None = None


def start_pool(browser: Browser, launch_args: dict[str, Any], usual: dict[str, Any], origin: str) -> ContextPool:
    """The worker's pool, its contexts launched with `launch_args` and the `usual` context options."""
    global _pool
    _pool = ContextPool(browser.browser_type, {**launch_args, **usual}, origin)
    return _pool


def pool() -> ContextPool | None:
    return _pool


def poolable(options: dict[str, Any], usual: dict[str, Any]) -> bool:
    """Whether a pooled context stands for a new one made with `options`: only the usual options
    (a page sets its own viewport). Others (a locale, touch, a service worker that runs, stored
    data to start from) come rarely: a browser launched for them would cost more than it saves."""
    return {name: value for name, value in options.items() if name != "viewport"} == usual


def page_of(context: BrowserContext | LentContext, viewport: dict[str, int] | None) -> Page:
    page = context.new_page()
    if viewport is not None:
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
    return page
