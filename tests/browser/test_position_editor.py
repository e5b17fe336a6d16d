"""The position editor as a player uses it: open it, clear the board, place checkers by
clicking the drawn points, see a broken set-up refused with its reason, fix it, play from it."""

from __future__ import annotations

import pytest
from browser_support import AppPage, after, assert_drawn_as_engine_says, board, drawn, points, press, start_game
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)

# where a point is drawn, from the board's own geometry (web/geometry.js) and the SVG's transform
POINT_CENTRE = """(id) => {
  const svg = document.querySelector('#board svg');
  const hit = svg.querySelector(`[data-point="${id}"] .hit`).getBBox();
  const m = svg.getScreenCTM();
  const x = hit.x + hit.width / 2, y = hit.y + (hit.y < 368 ? 40 : hit.height - 40);
  return {x: m.a * x + m.e, y: m.d * y + m.f};
}"""


def click_on_board(page: Page, point: str) -> None:
    """A click where the point is drawn, as a person's finger lands on it."""
    centre = page.evaluate(POINT_CENTRE, point)
    after(page, lambda: page.mouse.click(centre["x"], centre["y"]))


def drag_on_board(page: Page, origin: str, target: str) -> None:
    start, end = page.evaluate(POINT_CENTRE, origin), page.evaluate(POINT_CENTRE, target)

    def drag() -> None:
        page.mouse.move(start["x"], start["y"])
        page.mouse.down()
        page.mouse.move((start["x"] + end["x"]) / 2, (start["y"] + end["y"]) / 2, steps=4)
        page.mouse.move(end["x"], end["y"], steps=4)
        page.mouse.up()

    after(page, drag)


def test_the_editor_builds_a_position_rejects_a_broken_one_with_its_reason_and_plays_on(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    press(page, "btn-edit")
    expect(page.locator("#editor")).to_be_visible()
    expect(page.locator("#btn-roll")).to_be_hidden()
    assert board(page)["phase"] == "edit"
    press(page, "editor-clear")
    assert board(page)["position"] == "backgammon:w::"
    expect(page.locator("#editor-problems li")).to_have_count(2)  # both sides would have won
    expect(page.locator("#editor-play")).to_be_disabled()
    # White: fifteen checkers placed by clicks on the drawn points
    for point, count in (("6", 5), ("8", 3), ("13", 5), ("24", 2)):
        for _ in range(count):
            click_on_board(page, point)
    # Black, with the black tool
    after(page, lambda: page.click(".editor-tool[data-tool='b']"))
    for point, count in (("19", 5), ("17", 3), ("12", 5), ("1", 2)):
        for _ in range(count):
            click_on_board(page, point)
    start = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    assert board(page)["position"] == start
    expect(page.locator("#editor-ok")).to_be_visible()
    assert drawn(page)["6:w"] == 5 and drawn(page)["19:b"] == 5
    # a sixteenth black checker: refused, with its reason, and nothing mended
    click_on_board(page, "2")
    problem = page.locator("#editor-problems li")
    expect(problem).to_have_count(1)
    expect(problem).to_have_text("Black has 16 checkers on the board: at most 15.")
    expect(page.locator("#editor-play")).to_be_disabled()
    assert board(page)["position"] == "backgammon:w:24x2,13x5,8x3,6x5:24x2,23,13x5,8x3,6x5"
    # a white checker onto a black point: a sixteenth white one, on a point with both colours
    after(page, lambda: page.click(".editor-tool[data-tool='w']"))
    click_on_board(page, "19")
    expect(problem).to_have_text(["White has 16 checkers on the board: at most 15.",
                                  "Black has 16 checkers on the board: at most 15.",
                                  "Point 19 holds both white and black checkers."])
    # fixed: the white checker dragged back onto its tray, the extra black one taken away
    drag_on_board(page, "19", "off-w")
    after(page, lambda: page.click(".editor-tool[data-tool='remove']"))
    click_on_board(page, "2")
    expect(problem).to_have_count(0)
    # a checker moved by drag, the dice set: White to play 6-5 from the set-up
    drag_on_board(page, "13", "11")
    after(page, lambda: page.select_option("#editor-dice", "65"))
    set_up = "backgammon:w:24x2,13x4,11,8x3,6x5:24x2,13x5,8x3,6x5"
    assert board(page)["position"] == set_up
    expect(page.locator("#editor-text")).to_have_value(set_up)
    expect(page.locator("#editor-play")).to_be_enabled()
    press(page, "editor-play")
    expect(page.locator("#editor")).to_be_hidden()
    state = board(page)
    assert state["phase"] == "move" and state["position"] == set_up and state["dice"] == "65"
    assert_drawn_as_engine_says(page)
    # and a move is played from it
    click_on_board(page, "24")
    assert "18" in points(page, "dest")
    click_on_board(page, "18")
    assert board(page)["position"].startswith("backgammon:w:24,18,13x4,11,8x3,6x5:")


def test_a_position_string_typed_in_is_read_and_a_bad_one_loses_nothing(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    press(page, "btn-edit")
    drag_on_board(page, "24", "20")
    before = board(page)["position"]
    assert before == "narde:w:24x14,20:24x15"
    page.fill("#editor-text", "narde:w:24x16:24x15")
    press(page, "editor-read")
    expect(page.locator("#message")).to_contain_text("the set-up is unchanged")
    assert board(page)["position"] == before
    page.fill("#editor-text", "moultezim:b:24x13,20,15:24x15")
    press(page, "editor-read")
    expect(page.locator("#editor-variant")).to_have_value("moultezim")
    expect(page.locator("#editor-problems li")).to_have_text([
        "White has 2 checkers off the head and none has reached its point 11: until one does, only one "
        "checker may move, so no game reaches this."])
    # the share dialog gives the set-up's link once it is fixed
    press(page, "editor-start")
    press(page, "editor-share")
    expect(page.locator("#share-position")).to_have_value(f"{page.url.split('?')[0]}#p=moultezim:b:24x15:24x15")
    expect(page.locator("#share-link")).to_be_hidden()
    page.click("#share-close")
    press(page, "editor-close")
    assert board(page)["position"] == "narde:w:24x15:24x15" and board(page)["phase"] == "opening"
