"""The embed's slips, each kept from coming back (docs/embed.md): Play here never over the dice,
no word of a Games menu the embedded app does not have, the message line in sight in a short
frame (why a turn passes), no blank band under a board gone live, and no repository path in
the Share dialog."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import AppPage, Watch, origin_of, wait_ready
from playwright.sync_api import Browser, BrowserContext, Frame, Locator, Page, expect
from test_embed import NO_WORKER, host_page

import build

POSITION = "narde:w:24x14,19:24x15"
# White on the bar against a closed board: no move with any roll, the turn passes and the
# message says why.
CLOSED_OUT = "backgammon:w:bar,13x5,8x3,6x5,5:6x2,5x3,4x3,3x3,2x2,1x2"
ENGLISH = json.loads((Path(__file__).resolve().parents[2] / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
WIDTHS = [360, 1280]


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served as another site (localhost, where the app is on 127.0.0.1)."""
    with build.SiteServer(tmp_path, 0).serving() as url:
        yield tmp_path, url.replace("127.0.0.1", "localhost")


def new_context(browser: Browser, width: int, height: int = 900) -> BrowserContext:
    return browser.new_context(viewport={"width": width, "height": height})


def open_host(context: BrowserContext, site: str, folder: Path, host: str, body: str) -> Page:
    (folder / "host.html").write_text(host_page(body, site + "embed.js"))
    page = context.new_page()
    page.goto(host + "host.html")
    page.locator("nard-board").first.locator("svg.board-svg").wait_for()
    return page


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.mark.parametrize("width", WIDTHS)
def test_play_here_and_solve_never_cover_the_dice(
        browser: Browser, site: str, other_origin: tuple[Path, str], width: int) -> None:
    folder, host = other_origin
    context = new_context(browser, width)
    try:
        page = open_host(context, site, folder, host,
                         f'<nard-board id="game" position="{POSITION}" dice="52" interactive="computer"></nard-board>'
                         '<nard-board id="puzzle" puzzle="narde-1" position="narde:w:24x13,18,3:24x12,18,11,7" '
                         'dice="65"></nard-board>')
        for name in ("game", "puzzle"):
            board = page.locator(f"#{name}")
            button = board.locator(".live")
            expect(button).to_be_visible()
            dice = board.locator(".die").all()
            assert len(dice) == 2
            for die in dice:
                assert not overlap(box(button), box(die)), (name, box(button), box(die))
            # under the board, not over any of it
            drawn = box(board.locator("svg.board-svg"))
            assert box(button)["y"] >= drawn["y"] + drawn["height"] - 0.5, name
    finally:
        context.close()


def test_the_embedded_app_points_to_no_games_menu(browser: Browser, site: str) -> None:
    context = new_context(browser, 360, 640)
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        page.goto(f"{site}index.html?embed=1#p={POSITION}")
        wait_ready(page)
        message = page.locator("#message")
        expect(message).to_have_text(ENGLISH["msg.url_loaded_embed"])
        expect(page.locator("#btn-games")).to_be_hidden()
        assert ENGLISH["btn.games"] not in (message.text_content() or "")
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", [(320, 240), (360, 300), (480, 400)])
def test_a_short_frame_keeps_the_message_line_in_sight(browser: Browser, site: str, size: tuple[int, int]) -> None:
    width, height = size
    context = new_context(browser, width, height)
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        page.goto(f"{site}index.html?embed=1#p={CLOSED_OUT}&dice=66")
        wait_ready(page)
        message = page.locator("#message")
        expect(message).to_contain_text("no legal move")
        line = box(message)
        assert line["height"] >= 12 and line["y"] >= 0 and line["y"] + line["height"] <= height + 0.5, line
        # every word of it can be read: it is in sight, or scrolls in its own line
        assert message.evaluate("m => m.scrollHeight <= m.clientHeight + 1 || getComputedStyle(m).overflowY === 'auto'")
        board = box(page.locator("#board svg"))
        assert board["y"] + board["height"] <= height + 0.5 and not overlap(board, line)
        assert page.evaluate("document.documentElement.scrollHeight") == height  # no scrollbar for it
        watch.assert_clean()
    finally:
        context.close()


def blank_under_the_board(frame: Frame) -> float:
    """How much of the app's frame is left empty below its board: under the bottom player's
    line where the controls are beside the board, under the last thing shown where they are under it."""
    return float(frame.evaluate("""() => {
      const bottom = (el) => el.getBoundingClientRect().bottom;
      const board = document.querySelector('#board svg').getBoundingClientRect();
      const side = document.querySelector('.side');
      const beside = side.getBoundingClientRect().left >= board.right - 1;
      const shown = [...document.querySelectorAll('.table > .player, #board svg')]
        .concat(beside ? [] : [...side.children]).filter(el => el.offsetParent !== null);
      return innerHeight - Math.min(innerHeight, Math.max(...shown.map(bottom)));
    }"""))


@pytest.mark.parametrize("width", WIDTHS)
def test_no_blank_band_under_a_board_gone_live(
        browser: Browser, site: str, other_origin: tuple[Path, str], width: int) -> None:
    folder, host = other_origin
    context = new_context(browser, width)
    watch = Watch(origin_of(site), also_allowed=(origin_of(host),)).attach(context)
    try:
        page = open_host(context, site, folder, host,
                         f'<nard-board position="{POSITION}" dice="52" interactive="computer"></nard-board>')
        page.locator("nard-board .live").click()
        handle = page.locator("nard-board iframe").element_handle()
        assert handle is not None
        frame = handle.content_frame()
        assert frame is not None
        frame.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
        frame.locator("#message").wait_for()
        blank = blank_under_the_board(frame)
        assert blank <= 48, blank
        # the frame of another site plays on, though the browser denies it storage and locks
        before = int(frame.evaluate("Number(document.getElementById('board').dataset.seq)"))
        frame.click("#btn-flip")
        frame.wait_for_function(f"Number(document.getElementById('board').dataset.seq) > {before}", timeout=20_000)
        assert frame.evaluate("document.documentElement.dataset.ready") == "1"
        assert [p for p in watch.problems if not p.startswith(NO_WORKER)] == []
    finally:
        context.close()


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
def test_share_shows_players_no_repository_path(app: AppPage) -> None:
    page = app.page
    if page.locator("#setup").is_visible():  # a first visit's start screen: a game first
        page.click("#setup-start")
    page.click("#btn-share")
    dialog = page.locator("#share")
    expect(dialog.locator("label[for=share-embed]")).to_have_text(ENGLISH["share.embed"])
    text = dialog.inner_text()
    assert "docs/" not in text and ".md" not in text
