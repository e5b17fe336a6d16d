"""Puzzles and the opening book as a player uses them: a puzzle opened by its link, solved by
clicks on the board and confirmed, the rating kept after a reload; a wrong answer shows the
best play drawn; the Openings screen's rolls and plays; a bad puzzle link said in words; a cube
drill of the Practice deck answered with its buttons."""

from __future__ import annotations

import json

import pytest
from browser_support import AppPage, after, board, click_point, press, saved, start_game
from playwright.sync_api import Page, expect

from nardcore.movegen import legal_plays
from nardcore.position import Position
from nardcore.puzzles import Puzzle, puzzles
from web.worker import drills
from web.worker.layout import point_id
from web.worker.study import book_games, puzzle_games

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)
AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # 64 pips against 74: double, drop


def app_address(page: Page) -> str:
    """The app's address without its query (the test's dice) or fragment: what a link is made of."""
    return page.url.split("#")[0].split("?")[0]


def open_fragment(page: Page, fragment: str) -> None:
    """A link pasted into the address bar of the open app."""
    after(page, lambda: page.evaluate("(f) => { location.hash = f; }", fragment))


def play(page: Page, puzzle: Puzzle, result: Position) -> None:
    """The play that ends in `result`, by clicks on the drawn points, then Confirm."""
    side = puzzle.position.turn
    for step in legal_plays(puzzle.position, puzzle.dice)[result]:
        click_point(page, point_id(side, step.origin, puzzle.position))
        click_point(page, point_id(side, step.target, puzzle.position))
    press(page, "btn-confirm")


def test_a_puzzle_by_link_solved_on_the_board_keeps_the_rating_after_a_reload(app: AppPage) -> None:
    page = app.page
    puzzle = puzzles(puzzle_games()[0])[0]
    open_fragment(page, f"puzzle={puzzle.id}")
    expect(page.locator("#study")).to_be_visible()
    assert board(page)["position"] == str(puzzle.position)
    expect(page.locator("#study-task")).to_contain_text(f"{puzzle.dice[0]}-{puzzle.dice[1]}: find the best play")
    expect(page.locator("#study-rating")).to_contain_text("1500?")
    expect(page.locator("#btn-hint")).to_be_hidden()  # no hint before the answer
    expect(page.locator("#study-url")).to_have_value(f"{app_address(page)}#puzzle={puzzle.id}")
    play(page, puzzle, puzzle.plays[0].result)
    verdict = page.locator("#study-verdict")
    expect(verdict).to_contain_text("Solved")
    rating = page.locator("#study-rating").inner_text().split(":")[1].split("?")[0].strip()
    assert int(rating) > 1500
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    if page.locator("#setup").is_visible():  # a first visit's start screen: a game first
        press(page, "setup-start")
    press(page, "btn-puzzles")
    expect(page.locator("#study-rating")).to_contain_text(rating)
    # a wrong answer to the next: the best play drawn, the rating down
    shown = page.locator("#study-task")
    expect(shown).to_be_visible()
    current = next(p for p in puzzles(puzzle.position.variant.name) if str(p.position) == board(page)["position"]
                   and f"{p.dice[0]}{p.dice[1]}" == board(page)["dice"])
    wrong = next(r for r in legal_plays(current.position, current.dice) if r != current.plays[0].result)
    play(page, current, wrong)
    expect(verdict).to_contain_text(current.best)
    expect(page.locator("#board .hint-move").first).to_be_attached()
    expect(page.locator("#hint-list li").first).to_contain_text(current.best)
    after_miss = page.locator("#study-rating").inner_text().split(":")[1].split("?")[0].strip()
    assert int(after_miss) < int(rating)
    press(page, "study-close")
    expect(page.locator("#study")).to_be_hidden()


def test_a_bad_puzzle_link_is_said_and_the_game_stays(app: AppPage) -> None:
    page = app.page
    before = board(page)["position"]
    open_fragment(page, "puzzle=<img src=x onerror=alert(1)>")
    expect(page.locator("#message")).to_contain_text("does not open a puzzle")
    expect(page.locator("#study")).to_be_hidden()
    assert board(page)["position"] == before
    assert page.locator("#message img").count() == 0


def test_the_openings_screen_shows_each_roll_and_draws_its_best_play(app: AppPage) -> None:
    page = app.page
    name = book_games()[0]
    open_fragment(page, f"openings={name}")
    expect(page.locator("#study-title")).to_have_text("Opening book")
    rolls = page.locator("#study-rolls button")
    assert rolls.count() >= 1
    expect(page.locator("#study-plays tr")).not_to_have_count(0)
    expect(page.locator("#study-plays th").nth(2)).to_have_text("Wins")
    expect(page.locator("#board .hint-move").first).to_be_attached()
    last = rolls.nth(rolls.count() - 1)
    dice = last.inner_text().replace("-", "").strip("\u2066\u2069")
    after(page, last.click)
    assert board(page)["dice"] == dice
    expect(last).to_have_attribute("aria-current", "true")
    expect(page.locator("#study-url")).to_have_value(f"{app_address(page)}#openings={name}")


def test_a_cube_drill_is_answered_with_its_own_buttons_and_explained_by_the_equities(app: AppPage) -> None:
    """A wrong take of the player's, in the Practice deck: asked as a take, answered with Drop."""
    page = app.page
    start_game(page, "backgammon")
    card = drills.new_cube_card("backgammon", AHEAD, "take", "take", "drop", 0.4, drills.today(),
                                {"value": 1, "owner": None, "jacoby": False, "beavers": False})
    save = json.loads(saved(page) or "{}")
    save["prefs"]["study"] = {"puzzles": {}, "drills": [card]}
    # the deck as another tab of this browser leaves it, taken in and painted
    page.evaluate("(save) => window.nardApp.request({type: 'sync', save}).then((a) => window.nardPage.paint(a.view))",
                  json.dumps(save))
    expect(page.locator("#btn-practice")).to_have_text("Practice (1)")
    press(page, "btn-practice")
    assert board(page)["position"] == AHEAD
    expect(page.locator("#study-task")).to_have_text("Black is doubled to 2: take or drop?")
    expect(page.locator("#study-about")).to_contain_text("In your game: take.")
    answers = page.locator("#study-cube button")
    expect(answers).to_have_text(["Take", "Drop"])
    after(page, lambda: page.click("#study-cube button[data-action='drop']"))
    expect(page.locator("#study-verdict")).to_contain_text("Right: drop.")
    expect(page.locator("#study-cube")).to_be_hidden()
    # the explanation: the cube's three equities in the hint, the best marked
    expect(page.locator("#hint-list .hint-cube-equity")).to_have_count(3)
    expect(page.locator("#hint-list .hint-cube-equity[aria-current='true']")).to_have_attribute("data-cube",
                                                                                               "double_pass")
    expect(page.locator("#btn-practice")).to_have_text("Practice")
    press(page, "study-close")
