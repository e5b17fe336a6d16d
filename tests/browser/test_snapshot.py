"""Python starts from the memory snapshot build.py makes; without a usable one it boots the plain way.

Whatever way Python started, the game plays. The snapshot reaches the browser compressed: as
brotli or gzip through Content-Encoding where the host sends it so, else as its gzip twin that
the page unpacks itself (web/snapshot.js); the service worker keeps it for offline starts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import (
    board,
    click_point,
    open_app,
    points,
    press,
    start_game,
    wait_controlled,
    wait_ready,
)
from playwright.sync_api import Browser, Page

import build

SNAPSHOT = "**/vendor/pyodide/snapshot.bin"
SEEDED = "?dice=seed:5"  # the same dice in every run


def boot_how(page: Page) -> str:
    return str(page.evaluate("window.nardApp.hello.boot"))


def play_a_step(page: Page) -> None:
    """A hot-seat backgammon game: roll, pick a checker, move it. The engine answers every click."""
    start_game(page, "backgammon")
    for _ in range(5):  # the opening roll may tie; with seeded dice a few rolls always do
        if board(page)["phase"] == "move":
            break
        press(page, "btn-roll")
    assert board(page)["phase"] == "move", "no move after five rolls"
    before = board(page)["position"]
    click_point(page, points(page, "movable")[0])
    click_point(page, points(page, "dest")[0])
    assert board(page)["position"] != before


def test_python_starts_from_the_memory_snapshot_and_plays(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + SEEDED)
    try:
        assert boot_how(page) == "snapshot"
        play_a_step(page)
        watch.assert_clean()
    finally:
        context.close()


def test_a_corrupt_snapshot_falls_back_to_a_plain_boot_that_plays(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site + SEEDED, {SNAPSHOT: lambda route: route.fulfill(
        status=200, content_type="application/octet-stream", body=b"not a snapshot" * 1000)})
    try:
        assert boot_how(page).startswith("plain (")
        play_a_step(page)
        # the app says why it boots the slow way, and nothing else went wrong
        fallback = "console warning: booting Python without the memory snapshot:"
        assert [p for p in watch.problems if p.startswith(fallback)], watch.problems
        assert [p for p in watch.problems if not p.startswith(fallback)] == []
    finally:
        context.close()


def test_a_missing_snapshot_falls_back_to_a_plain_boot_that_plays(browser: Browser, site: str) -> None:
    not_found = {SNAPSHOT: lambda route: route.fulfill(status=404, body="not found")}
    context, page, watch = open_app(browser, site + SEEDED, not_found)
    try:
        assert boot_how(page).startswith("plain (")
        play_a_step(page)
        # the 404 itself (and the browser's note of it) is all that went wrong: no error of ours
        assert [p for p in watch.problems if "snapshot.bin" not in p] == []
    finally:
        context.close()


def test_two_boots_from_the_same_snapshot_roll_different_dice(browser: Browser, site: str) -> None:
    rolls = []
    for _ in range(2):
        context, page, _watch = open_app(browser, site)
        try:
            assert boot_how(page) == "snapshot"
            rolls.append(page.evaluate("""async () => {
                const seen = [];
                for (let game = 0; game < 10; game++) {
                    await nardApp.request({type: "new_game", settings: {variant: "narde", opponent: "human"}});
                    await nardApp.request({type: "roll"});            // the opening roll
                    const answer = await nardApp.request({type: "roll"});  // the starter's dice
                    seen.push(answer.view.dice.map(die => die.value).join(""));
                }
                return seen.join(" ");
            }"""))
        finally:
            context.close()
    # 10 rolls each: the chance that two truly random sequences agree is below 1 in 10^12
    assert rolls[0] != rolls[1], rolls


@pytest.fixture()
def plain_host(site: str) -> Iterator[str]:
    """dist/ from a host that cannot set Content-Encoding: every file goes out as it is."""
    with build.SiteServer(build.DIST, 0, precompressed=False).serving() as url:
        yield url


def test_where_the_host_cannot_compress_the_page_unpacks_the_gzip_twin_and_keeps_it_offline(
    browser: Browser, plain_host: str
) -> None:
    context, page, watch = open_app(browser, plain_host, service_workers="allow")
    try:
        assert boot_how(page) == "snapshot"
        requested = list(watch.requests)
        assert any(url.endswith("/vendor/pyodide/snapshot.bin.gz") for url in requested)
        # the raw 31 MB answer was dropped as soon as its headers came; nothing else went wrong
        assert [p for p in watch.problems if not p.endswith("snapshot.bin (net::ERR_ABORTED)")] == []

        wait_controlled(page)  # the service worker has stored the snapshot, unpacked
        installed = len(watch.requests)
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert boot_how(page) == "snapshot"
        assert any(url.endswith("/vendor/pyodide/snapshot.bin") for url in watch.requests[installed:])
        assert not any(url.endswith(".gz") for url in watch.requests[installed:])
        play_a_step(page)
    finally:
        context.close()
