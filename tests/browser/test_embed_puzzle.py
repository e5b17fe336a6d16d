"""A puzzle on another page (docs/embed.md): the app in an iframe at ?embed=1#puzzle=ID, and
<nard-board puzzle=ID>, which draws it at once and turns into that frame on a click. Either way
the answer is hidden until the reader has tried, a wrong play is told with the best and why,
and the best play is accepted; the app's Share dialog offers the snippet that embeds it."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_support import AppPage, Watch, expected_drawn, origin_of, wait_ready
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect
from test_embed import NO_WORKER, RUNTIME, drawn, host_page

import build
from nardcore.movegen import legal_plays
from nardcore.position import Position
from nardcore.puzzles import Puzzle, puzzles
from web.worker.layout import point_id
from web.worker.study import puzzle_games

PUZZLE = puzzles(puzzle_games()[0])[0]
WRONG = next(result for result in legal_plays(PUZZLE.position, PUZZLE.dice) if result != PUZZLE.plays[0].result)


def dice_text(puzzle: Puzzle) -> str:
    return f"{puzzle.dice[0]}{puzzle.dice[1]}"


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served as another site (localhost, where the app is on 127.0.0.1)."""
    with build.SiteServer(tmp_path, 0).serving() as url:
        yield tmp_path, url.replace("127.0.0.1", "localhost")


def seq(frame: Page | Frame) -> int:
    return int(frame.evaluate("Number(document.getElementById('board').dataset.seq || 0)"))


def after(frame: Page | Frame, action: Callable[[], object]) -> None:
    """Do `action` in the app and wait until the engine's answer is painted."""
    before = seq(frame)
    action()
    frame.wait_for_function(f"Number(document.getElementById('board').dataset.seq || 0) > {before}", timeout=20_000)


def click_on(frame: Page | Frame, selector: str) -> Callable[[], None]:
    return lambda: frame.click(selector)


def play(frame: Page | Frame, result: Position) -> None:
    """The puzzle's play that ends in `result`, by clicks on the drawn points, then Confirm."""
    side = PUZZLE.position.turn
    for step in legal_plays(PUZZLE.position, PUZZLE.dice)[result]:
        for point in (step.origin, step.target):
            after(frame, click_on(frame, f'#board [data-point="{point_id(side, point, PUZZLE.position)}"]'))
    after(frame, lambda: frame.click("#btn-confirm"))


def answer_and_check(frame: Page | Frame) -> None:
    """Hidden before a try; a wrong play told with the best and why; then the best accepted."""
    board = frame.locator("#board")
    expect(board).to_have_attribute("data-position", str(PUZZLE.position))
    expect(board).to_have_attribute("data-dice", dice_text(PUZZLE))
    expect(frame.locator("#study-task")).to_contain_text(f"{PUZZLE.dice[0]}-{PUZZLE.dice[1]}: find the best play")
    # nothing gives the answer away before a try: no Hint, and a hint asked for anyway draws nothing
    expect(frame.locator("#btn-hint")).to_be_hidden()
    asked = frame.evaluate("window.nardApp.request({type: 'hint'}).then(a => [a.view.hint, a.view.study.result])")
    assert asked == [None, None]
    assert frame.locator("#board .hint-move").count() == 0
    assert frame.locator("#hint-list li").count() == 0
    expect(frame.locator("#study-verdict")).to_be_hidden()
    expect(frame.locator("#study-why")).to_be_hidden()
    # a puzzle on its own: no other puzzles, games or rating in the frame
    for hidden in ("#study-next", "#study-daily", "#study-game", "#study-close", "#study-rating", "#study-link"):
        expect(frame.locator(hidden)).to_be_hidden()
    play(frame, WRONG)
    verdict = frame.locator("#study-verdict")
    expect(verdict).to_contain_text("Not the best")
    expect(verdict).to_contain_text(PUZZLE.best)
    expect(verdict).not_to_contain_text("Rating")  # no rating on another site's page
    why = frame.locator("#study-why li")
    expect(why.first).to_be_visible()
    assert all(text.strip() and "why.play" not in text for text in why.all_inner_texts())  # words, not keys
    expect(frame.locator("#board .hint-move").first).to_be_attached()  # the best play drawn
    after(frame, lambda: frame.click("#study-again"))
    expect(verdict).to_be_hidden()
    play(frame, PUZZLE.plays[0].result)
    expect(verdict).to_contain_text(f"Solved: {PUZZLE.best}")
    expect(frame.locator("#study-why li").first).to_be_visible()  # why it beats the second best


@pytest.mark.parametrize("size", [(360, 640), (1280, 720)])
def test_a_puzzle_in_the_apps_iframe_hides_the_answer_checks_it_and_explains(
        browser: Browser, site: str, size: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        page.goto(f"{site}index.html?embed=1#puzzle={PUZZLE.id}")
        wait_ready(page)
        answer_and_check(page)
        watch.assert_clean()
    finally:
        context.close()


def open_host(context: BrowserContext, site: str, folder: Path, host: str, body: str) -> tuple[Page, list[str]]:
    (folder / "host.html").write_text(host_page(body, site + "embed.js"))
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(host + "host.html")
    return page, requests


def app_frame(page: Page) -> Frame:
    handle = page.locator("nard-board iframe").first.element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert frame.evaluate("document.documentElement.dataset.ready") == "1"
    return frame


def test_nard_board_puzzle_draws_the_puzzle_at_once_and_checks_the_answer_in_the_app(
        browser: Browser, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    context = browser.new_context(viewport={"width": 900, "height": 900})
    watch = Watch(origin_of(site), also_allowed=(origin_of(host),)).attach(context)
    try:
        page, requests = open_host(context, site, folder, host,
                                   f'<nard-board puzzle="{PUZZLE.id}" position="{PUZZLE.position}" '
                                   f'dice="{dice_text(PUZZLE)}"></nard-board>')
        board = page.locator("nard-board")
        board.locator("svg.board-svg").wait_for()
        assert drawn(board) == expected_drawn(str(PUZZLE.position))
        assert board.locator(".die").count() == (4 if PUZZLE.dice[0] == PUZZLE.dice[1] else 2)
        side = "White" if PUZZLE.position.turn == 0 else "Black"
        task = f"{side} to play {PUZZLE.dice[0]}-{PUZZLE.dice[1]}: find the best play"
        expect(board.locator(".task")).to_have_text(task)
        # the element shows no answer of its own, and loads nothing of the app before a click
        assert PUZZLE.best not in (board.evaluate("host => host.shadowRoot.textContent") or "")
        assert not [url for url in requests if any(word in url for word in RUNTIME)]
        assert board.locator("a.play").get_attribute("href") == f"{site}index.html#puzzle={PUZZLE.id}"
        board.locator(".live").click()
        frame_element = board.locator("iframe")
        frame_element.wait_for()
        assert frame_element.get_attribute("src") == f"{site}index.html?embed=1#puzzle={PUZZLE.id}"
        answer_and_check(app_frame(page))
        assert [p for p in watch.problems if not p.startswith(NO_WORKER)] == []
    finally:
        context.close()


def test_nard_board_puzzle_without_a_position_is_the_apps_frame_at_once(
        browser: Browser, site: str, other_origin: tuple[Path, str]) -> None:
    folder, host = other_origin
    context = browser.new_context(viewport={"width": 360, "height": 800})
    try:
        odd = 'narde-1" onload="alert(1)'  # an id is only ever a link's field, encoded
        page, _ = open_host(context, site, folder, host, f'<nard-board puzzle="{PUZZLE.id}"></nard-board>'
                            f'<nard-board id="odd" puzzle="{html.escape(odd)}"></nard-board>')
        frame = app_frame(page)
        expect(frame.locator("#board")).to_have_attribute("data-position", str(PUZZLE.position))
        odd_src = page.locator("#odd iframe").get_attribute("src") or ""
        assert odd_src.endswith("#puzzle=narde-1%22%20onload%3D%22alert(1)")
    finally:
        context.close()


@pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
def test_share_offers_the_open_puzzle_with_the_snippet_that_embeds_it(app: AppPage) -> None:
    page = app.page
    page.evaluate(f"() => {{ location.hash = 'puzzle={PUZZLE.id}'; }}")
    expect(page.locator("#study")).to_be_visible()
    page.click("#btn-share")
    expect(page.locator("#share")).to_be_visible()
    base = page.url.split("#")[0].split("?")[0]
    expect(page.locator("#share-puzzle")).to_have_value(f"{base}#puzzle={PUZZLE.id}")
    snippet = page.locator("#share-puzzle_embed").input_value()
    assert snippet == (f'<script src="{base.rsplit("/", 1)[0]}/embed.js"></script> <nard-board puzzle="{PUZZLE.id}" '
                       f'position="{PUZZLE.position}" dice="{dice_text(PUZZLE)}"></nard-board>')
    text = page.locator("#share").inner_text()
    assert "docs/" not in text and ".md" not in text  # no repository path for players
    expect(page.locator("#share-game")).to_have_count(0)  # the puzzle, not the game underneath
