"""After one visit the app works with the network gone; a new build replaces the old cache."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    CHROMIUM,
    TEST_CHROMIUM_FLAGS,
    board,
    open_app,
    play_one_turn,
    start_game,
    wait_controlled,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserType, expect
from support.dist import built_dist

import build

CACHE_NAMES = "caches.keys().then(keys => keys.filter(k => k.startsWith('nard-')))"


def test_reload_works_offline_after_one_visit(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site, service_workers="allow")
    try:
        wait_controlled(page)
        assert page.evaluate(CACHE_NAMES) == [f"nard-{sw_version(build.DIST)}"]
        context.set_offline(True)
        requests_before = len(watch.requests)
        response = page.reload()
        wait_ready(page)
        assert response is not None and response.from_service_worker
        assert page.evaluate("window.nardApp.hello.ready") is True
        # Everything of the second boot came from the service worker's cache.
        assert any(u.endswith("pyodide.asm.wasm") for u in watch.requests[requests_before:])
        watch.assert_clean()
    finally:
        context.close()


def sw_version(dist: Path) -> str:
    match = re.search(r'const VERSION = "([0-9a-f]+)";', (dist / "sw.js").read_text())
    assert match, "dist/sw.js has no build version"
    return match.group(1)


@pytest.fixture()
def own_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A private copy of dist/ on its own port, free to be changed by the test: dist/ as built for
    the run (support.dist), not built again (a build with nothing to change still costs 11 CPU s)."""
    copy = tmp_path / "dist"
    shutil.copytree(built_dist(), copy)
    with build.SiteServer(copy, 0).serving() as url:
        yield copy, url


def test_a_new_build_replaces_the_old_cache_and_keeps_local_storage(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    dist, url = own_site
    context, page, watch = open_app(browser, url, service_workers="allow")
    try:
        wait_controlled(page)
        old = sw_version(dist)
        assert page.evaluate(CACHE_NAMES) == [f"nard-{old}"]
        page.evaluate("localStorage.setItem('nard.test-kept', 'still here')")

        # A new build: one file changes, so the service worker's version does too.
        new = "0" * 16
        sw = dist / "sw.js"
        sw.write_text(sw.read_text().replace(f'const VERSION = "{old}";', f'const VERSION = "{new}";'))
        for twin in (dist / "sw.js.gz", dist / "sw.js.br"):
            twin.unlink(missing_ok=True)

        page.reload()  # the navigation makes the browser check sw.js and install the new one
        wait_ready(page)
        page.wait_for_function(
            f"{CACHE_NAMES}.then(keys => keys.length === 1 && keys[0] === 'nard-{new}')", timeout=60_000, polling=250
        )
        assert page.evaluate("localStorage.getItem('nard.test-kept')") == "still here"
        page.reload()
        wait_ready(page)
        watch.assert_clean()
    finally:
        context.close()


def test_an_update_found_while_the_app_is_open_is_offered_and_live_after_one_reload(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    dist, url = own_site
    context, page, watch = open_app(browser, url + "?dice=seed:3", service_workers="allow")
    try:
        wait_controlled(page)
        start_game(page)
        play_one_turn(page)
        position = board(page)["position"]
        expect(page.locator("#update-notice")).to_be_hidden()
        new = "1" * 16
        sw = dist / "sw.js"
        sw.write_text(re.sub(r'const VERSION = "[0-9a-f]+";', f'const VERSION = "{new}";', sw.read_text()))
        for twin in (dist / "sw.js.gz", dist / "sw.js.br"):
            twin.unlink(missing_ok=True)
        # what the app does every half hour, and a navigation does too
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        expect(page.locator("#update-notice")).to_be_visible(timeout=60_000)
        expect(page.locator("#update-notice")).to_contain_text("Your games are kept")
        page.click("#update-reload")
        wait_ready(page)
        live = page.evaluate("navigator.serviceWorker.controller.scriptURL")
        assert live.endswith("/sw.js")
        assert page.evaluate(CACHE_NAMES) == [f"nard-{new}"]  # the page came from the new build's cache
        assert board(page)["position"] == position  # the game in progress survived the update
        expect(page.locator("#update-notice")).to_be_hidden()
        watch.assert_clean()
    finally:
        context.close()


def test_chromium_finds_the_app_installable(browser_type: BrowserType, site: str, tmp_path: Path) -> None:
    # a profile of its own: Chromium never installs from an off-the-record context (new_context)
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                     args=TEST_CHROMIUM_FLAGS, headless=True)
    try:
        page = context.new_page()
        page.goto(site)
        wait_ready(page)
        wait_controlled(page)
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest") and not manifest.get("errors")
    finally:
        context.close()
