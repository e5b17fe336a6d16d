"""Browser tests: the built site (dist/) in Debian's headless Chromium through pytest-playwright.

- `site`: builds dist/ once per session and serves it on a free 127.0.0.1 port in a thread.
- `browser_type_launch_args`: Debian's /usr/bin/chromium (`playwright install` is never
  needed) with flags that keep it off the network it does not have.
Helpers live in browser_support.py (and are re-exported here):

- `Watch`: records, for a whole browser context (pages, the engine worker, the service
  worker), every console error, page error, failed request, HTTP error and request to
  another origin. `watch.assert_clean()` fails the test with the list.
- `app`: one page per test module with the app booted (each boot costs 4-5 s), watched;
  an autouse check fails any test during which something new went wrong on it.
  Tests that need their own browser context use `open_app(browser, site)`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from browser_support import (  # noqa: E402 - also re-exported: `from conftest import AppPage, open_app`
    CHROMIUM,
    CHROMIUM_FLAGS,
    AppPage,
    Watch,
    open_app,
    origin_of,
    wait_ready,
)

import build  # noqa: E402

__all__ = ["AppPage", "Watch", "open_app", "origin_of", "wait_ready"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:  # type: ignore[type-arg]
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing (python build.py test installs Debian's chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The URL of dist/, freshly built, served on 127.0.0.1 for the whole session."""
    build.build(quiet=True)
    with build.SiteServer(build.DIST, 0).serving() as url:
        yield url


@pytest.fixture(scope="module")
def app(browser: Browser, site: str) -> Iterator[AppPage]:
    """The app booted once for the whole module, in its own watched context."""
    context, page, watch = open_app(browser, site)
    watch.assert_clean()
    try:
        yield AppPage(page, watch, context)
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _nothing_goes_wrong(request: pytest.FixtureRequest) -> Iterator[None]:
    """Any test using `app` fails if the page logs an error or a request fails meanwhile."""
    if "app" not in request.fixturenames:
        yield
        return
    shared: AppPage = request.getfixturevalue("app")
    since = shared.watch.mark()
    yield
    shared.watch.assert_clean(since)
