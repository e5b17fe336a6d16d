"""Browser tests: the built site (dist/) in Debian's headless Chromium through pytest-playwright.

- `site`: builds dist/ once per run (support.dist: one build for all pytest-xdist workers)
  and serves it on a free 127.0.0.1 port in a thread, one server per worker.
- `browser_type_launch_args`: Debian's /usr/bin/chromium (`playwright install` is never
  needed) with flags that keep it off the network it does not have.
Helpers live in browser_support.py (and are re-exported here):

- `Watch`: records, for a whole browser context (pages, the engine worker, the service
  worker), every console error, page error, failed request, HTTP error and request to
  another origin. `watch.assert_clean()` fails the test with the list.
- `warm_contexts`: the worker's pool of persistent contexts that open_app lends, one test at a
  time, emptied of site data in between (context_pool.py: a boot in a used profile costs 40%
  less CPU than in a fresh incognito one, which keeps no code cache).
- `app`: a watched context empty of site data and a page for each test with the app booted on seeded dice
  (each boot costs a few seconds), under reduced motion and without its service worker (the
  marker `service_worker` lets it register); the test fails if anything went wrong on it.
  Tests that need their own browser context use `open_app(browser, site)`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import context_pool
import pytest
import shared_app
from browser_support import (  # also re-exported here
    APP_VIEWPORT,
    CHROMIUM,
    TEST_CHROMIUM_FLAGS,
    TEST_CONTEXT,
    AppPage,
    Watch,
    open_app,
    origin_of,
    wait_ready,
)
from playwright.sync_api import Browser, expect
from support.dist import built_dist

import build

__all__ = ["AppPage", "Watch", "open_app", "origin_of", "wait_ready"]


# expect()'s patience, as wait_for_function's in these tests: 20 s rather than Playwright's 5, for a
# machine running three workers on two cores (a restart or a computer's answer can take seconds
# there); a condition that holds is seen at once, so passing tests wait no longer.
expect.set_options(timeout=20_000)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fresh_game: the test needs only a fresh game: the `app` fixture gives "
                            "the worker's booted app, reset through the app rather than booted again")
    config.addinivalue_line("markers", "dice_seed(n): the seed of the dice the `app` page boots with")
    config.addinivalue_line("markers", "service_worker: the `app` page registers its service worker "
                            "(open_app blocks it otherwise)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:  # type: ignore[type-arg]
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (python build.py test installs Debian's chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": TEST_CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The URL of dist/, freshly built (once per run: support.dist), served for the whole
    session on a free 127.0.0.1 port (its own for each pytest-xdist worker)."""
    with build.SiteServer(built_dist(), 0).serving() as url:
        yield url


@pytest.fixture(scope="session", autouse=True)
def warm_contexts(browser: Browser, site: str, browser_type_launch_args: dict) -> Iterator[None]:  # type: ignore[type-arg]
    """The worker's pool of warm contexts (context_pool.py), which open_app lends from; none with
    NARD_COLD_CONTEXTS=1 (every context new, as a first visit: to tell a fault of the pool apart)."""
    if os.environ.get("NARD_COLD_CONTEXTS") == "1":
        yield
        return
    pool = context_pool.start_pool(browser, browser_type_launch_args, TEST_CONTEXT, origin_of(site))
    yield
    pool.close()


@pytest.fixture(autouse=True)
def contexts_given_back() -> Iterator[None]:
    """Whatever context a test left lent (it failed before closing it) goes back after it."""
    yield
    pool = context_pool.pool()
    if pool is not None:
        pool.give_back_all(keep=shared_app.held())


# A test that failed leaves the worker's shared app behind (its state is not to be trusted).
FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if outcome.get_result().failed:  # type: ignore[attr-defined]
        item.stash[FAILED] = True


@pytest.fixture
def app(browser: Browser, site: str, request: pytest.FixtureRequest) -> Iterator[AppPage]:
    """A context empty of site data and a page for each test, booted on `?dice=seed:N` (N from the test's
    `dice_seed` marker, else 1), so nothing a test does reaches another one. Fails the test
    if anything went wrong on the page meanwhile (console errors and warnings included).
    A test marked `fresh_game` gets the worker's booted app reset through the app instead (shared_app.py),
    unless NARD_BOOT_EACH=1 (every test boots its own: to tell a fault of the sharing apart)."""
    marker = request.node.get_closest_marker("dice_seed")
    seed = marker.args[0] if marker else 1
    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
    if (request.node.get_closest_marker("fresh_game") and workers == "block" and context_pool.pool() is not None
            and os.environ.get("NARD_BOOT_EACH") != "1"):
        yield from shared_app.lend(browser, site, seed, lambda: request.node.stash.get(FAILED, False))
        return
    context, page, watch = open_app(browser, site + f"?dice=seed:{seed}", viewport=APP_VIEWPORT,
                                    service_workers=workers)
    try:
        yield AppPage(page, watch, context)
        watch.assert_clean()
    finally:
        context.close()
