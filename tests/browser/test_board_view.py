"""The board draws its own part of the view model (BoardView): the arrows of the last move and
of the hint shown, and which way up it is, all as the engine's view says."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import (
    MOVABLE,
    AppPage,
    after,
    board,
    click_point,
    one_step,
    play_one_turn,
    press,
    start_game,
    start_turn,
)
from playwright.sync_api import Page

pytestmark = [pytest.mark.dice_seed(11), pytest.mark.fresh_game]

# the arrows drawn, by class; and the view's, as the board is to draw them
DRAWN_ARROWS = "[...document.querySelectorAll('#board .marks path')].map(p => p.getAttribute('class'))"


def view(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("window.nardPage.view"))


def drawn_arrows(page: Page) -> list[str]:
    return sorted(page.evaluate(DRAWN_ARROWS))


def expected_arrows(arrows: list[dict[str, str]]) -> list[str]:
    return sorted(f"last-move side-{a['side']}" if a["kind"] == "last" else "hint-move" for a in arrows)


def test_the_last_move_and_the_shown_hint_are_drawn_as_arrows(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    play_one_turn(page)
    shown = view(page)
    last = shown["last"]
    assert last and last["steps"], shown
    assert shown["arrows"] == [{"from": a, "to": b, "kind": "last", "side": last["side"]} for a, b in last["steps"]]
    assert drawn_arrows(page) == expected_arrows(shown["arrows"])
    flagged = page.evaluate("[...document.querySelectorAll('#board [data-last-to]')].map(e => e.dataset.point)")
    assert sorted(flagged) == sorted({b for _, b in last["steps"]})
    start_turn(page)
    assert page.is_visible("#btn-hint")
    press(page, "btn-hint")
    shown = view(page)
    hint = shown["hint"]
    assert hint["shown"] == 0 and hint["plays"][0]["steps"]
    hinted = [a for a in shown["arrows"] if a["kind"] == "hint"]
    assert [[a["from"], a["to"]] for a in hinted] == hint["plays"][0]["steps"]
    assert drawn_arrows(page) == expected_arrows(shown["arrows"])
    assert drawn_arrows(page).count("hint-move") == len(hint["plays"][0]["steps"])


def test_the_board_turns_with_the_flip_preference(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    flipped_class = "document.getElementById('board').classList.contains('flipped')"
    assert view(page)["flipped"] is False and not page.evaluate(flipped_class)
    page.click("#btn-settings")
    after(page, lambda: page.locator("#pref-flip").set_checked(True))
    page.click("#settings-close")
    assert view(page)["flipped"] is True and board(page)["position"]
    assert page.evaluate(flipped_class)
    # Black's 24-point (White's 1) is drawn where White's 24 was: top left becomes bottom right
    one = page.locator('#board [data-point="1"] .hit').bounding_box()
    twenty_four = page.locator('#board [data-point="24"] .hit').bounding_box()
    assert one and twenty_four and one["y"] < twenty_four["y"]


# Every write to the page from now on, by the part of it written to (web/page/dom.js setText,
# board.js redraw: a part writes only what changed, as what is written is painted again).
WATCH_WRITES = """() => {
  window.writtenTo = new Set();
  const parts = '#record-list, #board .points, #board .marks, #board .checkers, #board .counts, #board .dice,'
    + ' #board .cube-layer, .player, #game-title, #last-move, #message';
  new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const part = node && node.closest(parts);
      if (part) window.writtenTo.add(part.id ? '#' + part.id : '.' + part.classList[0]);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def test_an_answer_rewrites_only_the_parts_of_the_page_it_changes(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    play_one_turn(page)
    start_turn(page)
    page.evaluate("window.firstLine = document.querySelector('#record-list li')")
    page.evaluate(WATCH_WRITES)
    origin = page.evaluate(MOVABLE)[0]
    click_point(page, origin)  # a checker picked up: its destinations are marked, nothing else changes
    assert view(page)["selected"] == origin
    written = set(page.evaluate("[...window.writtenTo]"))
    assert written == {".points", ".marks"}, written
    lines = page.locator("#record-list li").count()
    click_point(page, view(page)["destinations"][0])  # the step, then the rest of the turn
    while page.evaluate(MOVABLE):
        one_step(page)
    press(page, "btn-confirm")
    # a line more, and the first one, unchanged, is the same element: the record was not made again
    assert page.locator("#record-list li").count() > lines
    assert page.evaluate("window.firstLine === document.querySelector('#record-list li')")
