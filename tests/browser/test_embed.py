"""<nard-board> on another site's page (dist/embed.js) and the app embedded (?embed=1), as
docs/embed.md describes them: the board drawn at once without the Python runtime, a record
stepped through, the click that makes it a live game, the compact app and where it saves."""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    CHECKERS_BY_POINT_JS,
    Watch,
    eventually,
    expected_drawn,
    origin_of,
    stored_library,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page

import build

POSITION = "narde:w:24x14,19:24x15"
RECORD = ("narde:b:24x15:24x15  narde:w:24x15:24x13,16x2 44 24/16(2)  narde:b:24x14,9:24x13,16x2 55 24/9"
          "  narde:w:24x14,9:24x12,20,14x2 22 24/20 16/14(2)")
FRAMES = [frame.split(" ")[0] for frame in RECORD.split("  ")]
# What only the app needs: none of it may be asked for by a page with <nard-board>.
RUNTIME = ("pyodide", "pyscript", ".py", "nardcore.zip", "snapshot", "index.html")
# A cross-site frame may not register a service worker (third-party storage is denied there).
NO_WORKER = "console warning: service worker not registered"


def host_page(body: str, script: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>'
            f'<link rel="icon" href="data:,"><script src="{script}"></script></head>'
            f'<body style="max-width:720px">{body}</body></html>')


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served as another site (localhost, where the app is on 127.0.0.1)."""
    with build.SiteServer(tmp_path, 0).serving() as url:
        yield tmp_path, url.replace("127.0.0.1", "localhost")


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 900, "height": 900})
    yield made
    made.close()


def watched(context: BrowserContext, site: str, host: str) -> Watch:
    return Watch(origin_of(site), also_allowed=(origin_of(host),)).attach(context)


def drawn(element: Locator) -> dict[str, int]:
    """Checkers counted where they are drawn, once the moves under way have started and ended."""
    element.evaluate("""async (host) => {
      await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
      const moving = () => host.shadowRoot.getAnimations().some(a => a.playState === 'running');
      while (moving()) await new Promise(done => setTimeout(done, 20));
    }""")
    return dict(element.evaluate(f"host => ({CHECKERS_BY_POINT_JS})(host.shadowRoot)"))


def open_host(context: BrowserContext, site: str, folder: Path, host: str,
              body: str) -> tuple[Page, list[str]]:
    (folder / "host.html").write_text(host_page(body, site + "embed.js"))
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(host + "host.html")
    page.locator("nard-board").first.locator("svg.board-svg").wait_for()
    return page, requests


def test_a_board_on_another_sites_page_is_drawn_at_once_without_the_python_runtime(
        context: BrowserContext, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    watch = watched(context, site, host)
    page, requests = open_host(context, site, folder, host,
                               f'<nard-board position="{POSITION}" dice="52"></nard-board>')
    board = page.locator("nard-board")
    assert drawn(board) == expected_drawn(POSITION)
    assert board.locator(".die").count() == 2
    assert board.get_attribute("data-position") == POSITION
    # the only file asked of the app's site is embed.js, under the byte budget
    asked = [url for url in requests if url.startswith(site)]
    assert asked == [site + "embed.js"], asked
    assert not [url for url in requests if any(word in url for word in RUNTIME)]
    assert len(gzip.compress((build.DIST / "embed.js").read_bytes(), 9)) <= 60_000
    # one position: no replay controls; the link opens it in the app, dice and all
    assert not board.locator("[data-replay]").first.is_visible()
    link = board.locator("a.play")
    assert link.get_attribute("href") == f"{site}index.html#p={POSITION}&dice=52"
    assert link.get_attribute("target") == "_blank"
    watch.assert_clean()


def test_a_record_steps_back_and_forth_and_the_link_follows_the_shown_position(
        context: BrowserContext, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    watch = watched(context, site, host)
    page, _ = open_host(context, site, folder, host, f'<nard-board record="{RECORD}" flip></nard-board>')
    board = page.locator("nard-board")
    link = board.locator("a.play")

    def shows(index: int) -> None:
        assert board.get_attribute("data-position") == FRAMES[index]
        assert drawn(board) == expected_drawn(FRAMES[index])  # flipped: still on the points they stand on
        assert board.locator(".frame-count").text_content() == f"{index + 1} / {len(FRAMES)}"
        assert link.get_attribute("href") == f"{site}index.html#p={FRAMES[index]}"

    shows(len(FRAMES) - 1)  # the game as it stands
    assert board.locator(".caption").text_content() == "Black 22: 24/20 16/14(2)"
    assert board.locator("[data-replay=forward]").is_disabled()
    board.locator("[data-replay=back]").click()
    shows(len(FRAMES) - 2)
    assert board.locator(".caption").text_content() == "White 55: 24/9"
    board.locator("[data-replay=first]").click()
    shows(0)
    assert board.locator(".caption").text_content() == ""
    assert board.locator("[data-replay=back]").is_disabled()
    board.locator("[data-replay=forward]").click()
    shows(1)
    board.locator("[data-replay=forward]").focus()
    page.keyboard.press("End")
    shows(len(FRAMES) - 1)
    # the board is drawn from Black's side: Black's home at the bottom right
    assert board.locator("svg").evaluate("svg => svg.parentNode.classList.contains('flipped')")
    watch.assert_clean()


def test_a_board_that_cannot_be_read_says_why_and_the_page_goes_on(
        context: BrowserContext, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    watch = watched(context, site, host)
    page, _ = open_host(context, site, folder, host,
                        '<nard-board id="bad" position="narde:w:24x16:24x15"></nard-board>'
                        f'<nard-board id="good" position="{POSITION}"></nard-board>')
    problem = page.locator("#bad .problem")
    assert "16 checkers" in (problem.text_content() or "") and problem.is_visible()
    assert drawn(page.locator("#bad")) == {}
    assert drawn(page.locator("#good")) == expected_drawn(POSITION)
    page.locator("#good").evaluate("(el) => el.setAttribute('position', 'backgammon:b:bar,6x14:25x0')")
    assert "is not a point" in (page.locator("#good .problem").text_content() or "")
    page.locator("#good").evaluate("(el) => el.setAttribute('position', 'tawla31:b:24x15:24x15')")
    assert page.locator("#good .problem").is_hidden()
    assert drawn(page.locator("#good")) == expected_drawn("tawla31:b:24x15:24x15")
    watch.assert_clean()


def test_an_interactive_board_becomes_the_live_app_on_a_click(
        context: BrowserContext, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    watch = watched(context, site, host)
    page, requests = open_host(context, site, folder, host,
                               f'<nard-board position="{POSITION}" interactive="computer"></nard-board>')
    board = page.locator("nard-board")
    assert not [url for url in requests if any(word in url for word in RUNTIME)]  # nothing before the click
    board.locator(".board").click(position={"x": 40, "y": 40})
    frame_element = board.locator("iframe")
    frame_element.wait_for()
    src = frame_element.get_attribute("src") or ""
    assert src == f"{site}index.html?embed=1#p={POSITION}&vs=computer"
    app = page.frame_locator("nard-board iframe")
    app.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
    assert app.locator("html").get_attribute("data-ready") == "1"
    assert app.locator("#board").get_attribute("data-position") == POSITION
    assert "embed" in (app.locator("html").get_attribute("class") or "").split()
    assert app.locator(".topbar").is_hidden()
    assert app.locator("#btn-roll").is_visible()
    # another site's frame may not store anything: the app says so and plays on
    app.locator("#store-notice").wait_for(state="visible", timeout=10_000)
    assert [p for p in watch.problems if not p.startswith(NO_WORKER)] == []


def open_embedded(context: BrowserContext, site: str, fragment: str = f"p={POSITION}") -> Page:
    page = context.new_page()
    page.goto(f"{site}index.html?embed=1#{fragment}")
    wait_ready(page)
    return page


@pytest.mark.parametrize("size", [(320, 240), (780, 585)])
def test_the_embedded_app_has_no_header_and_fits_its_frame(browser: Browser, site: str, size: tuple[int, int]) -> None:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = open_embedded(context, site)
        assert page.locator(".topbar").is_hidden()
        scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        assert scroll == [width, height]
        box = page.locator("#board svg").bounding_box()
        assert box is not None and box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
        # the board is most of it, but for the message line ("Opened from a link…"), kept in sight
        message = page.locator("#message").bounding_box()
        left = height - (message["height"] if message else 0)
        assert message is None or message["y"] + message["height"] <= height
        assert box["width"] >= 0.7 * width or box["height"] >= 0.7 * left
        roll = page.locator("#btn-roll").bounding_box()
        assert roll is not None and roll["y"] + roll["height"] <= height and roll["x"] + roll["width"] <= width
        watch.assert_clean()
    finally:
        context.close()


def test_the_embedded_app_keeps_its_games_apart_from_the_sites_own(context: BrowserContext, site: str) -> None:
    watch = Watch(origin_of(site)).attach(context)
    own = context.new_page()
    own.goto(site + "?dice=seed:3#p=tawla31:w:24x15:24x15")
    wait_ready(own)
    own.click("#btn-roll")
    own.wait_for_function("document.getElementById('board').dataset.dice !== ''")
    eventually(lambda: stored_library(own)["games"])
    library = stored_library(own)
    assert len(library["games"]) == 1
    everything = "Object.fromEntries(Object.entries(localStorage))"
    before = own.evaluate(everything)
    embedded = open_embedded(context, site)
    embedded.click("#btn-roll")
    embedded.wait_for_function("document.getElementById('board').dataset.dice !== ''")
    after = embedded.evaluate(everything)
    apart = {key: value for key, value in after.items() if key.startswith("nard.embed.")}
    assert {key: value for key, value in after.items() if key not in apart} == before  # the site's own, untouched
    assert "nard.embed.view" in apart
    # its games in a database of its own; the site's own library untouched
    assert stored_library(own) == library
    embedded_games = embedded.evaluate("""() => new Promise((ok) => {
        const r = indexedDB.open('nard.embed');
        r.onsuccess = () => { const q = r.result.transaction('games').objectStore('games').getAll();
            q.onsuccess = () => { ok(q.result); r.result.close(); }; };
    })""")
    assert [entry["position"].split(":")[0] for entry in embedded_games] == ["narde"]
    watch.assert_clean()


def test_a_file_page_with_the_element_draws_its_board(context: BrowserContext, site: str, tmp_path: Path) -> None:
    shutil.copy(build.DIST / "embed.js", tmp_path / "embed.js")
    (tmp_path / "page.html").write_text(host_page(f'<nard-board record="{RECORD}"></nard-board>', "./embed.js"))
    problems: list[str] = []
    page = context.new_page()
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto((tmp_path / "page.html").as_uri())
    board = page.locator("nard-board")
    board.locator("svg.board-svg").wait_for()
    assert drawn(board) == expected_drawn(FRAMES[-1])
    board.locator("[data-replay=first]").click()
    assert drawn(board) == expected_drawn(FRAMES[0])
    assert problems == []


def test_the_example_page_shows_each_way_of_embedding(context: BrowserContext, site: str) -> None:
    watch = Watch(origin_of(site)).attach(context)
    page = context.new_page()
    page.goto(site + "embed-example.html")
    for board in page.locator("nard-board").all():
        board.locator("svg.board-svg").wait_for()
        assert drawn(board) == expected_drawn(board.get_attribute("data-position") or "")
    assert page.locator("#record [data-replay=back]").is_visible()
    app = page.frame_locator("#app-frame")
    app.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
    assert app.locator("html").get_attribute("data-ready") == "1"
    assert app.locator("#board").get_attribute("data-variant") == "tawla31"
    page.locator("#interactive .board").click()
    live = page.frame_locator("#interactive iframe")
    live.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
    assert live.locator("#board").get_attribute("data-variant") == "backgammon"
    watch.assert_clean()
