"""The record beside the board, stepping through it, and playing on from a step."""

from __future__ import annotations

import pytest
from browser_support import AppPage, after, assert_drawn_as_engine_says, board, play_one_turn, press, start_game
from playwright.sync_api import expect

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)


def test_the_moves_are_listed_and_the_arrow_keys_and_buttons_step_through_them(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    play_one_turn(page)
    play_one_turn(page)
    live = board(page)["position"]
    items = page.locator("#record-list .record-item")
    count = items.count()
    assert count >= 3 and "opening roll" in items.first.inner_text().lower()
    assert items.nth(1).inner_text().startswith("1. ")
    page.locator("body").focus()
    after(page, lambda: page.keyboard.press("ArrowLeft"))
    back = board(page)["position"]
    assert back != live and board(page)["dice"] == ""
    expect(page.locator("#record-list [aria-current='true']")).to_have_count(1)
    assert_drawn_as_engine_says(page)
    expect(page.locator("#btn-roll")).to_be_hidden()  # the game waits while its record is shown
    after(page, lambda: page.click("#replay-first"))
    assert board(page)["position"] == "narde:w:24x15:24x15"
    expect(page.locator("#replay-back")).to_be_disabled()
    after(page, lambda: items.nth(1).click())  # the first turn played
    after(page, lambda: page.keyboard.press("End"))
    assert board(page)["position"] == live
    expect(page.locator("#btn-play-on")).to_be_hidden()


def test_play_on_from_a_step_adds_a_game_and_keeps_the_original(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    play_one_turn(page)
    play_one_turn(page)
    live = board(page)["position"]
    after(page, lambda: page.click("#replay-back"))
    shown = board(page)["position"]
    press(page, "btn-play-on")
    assert board(page)["position"] == shown
    expect(page.locator("#message")).to_contain_text("new game from that position")
    page.click("#btn-games")
    page.wait_for_selector("dialog#games[open]")  # opened once its list is drawn
    positions = page.evaluate(
        "[...document.querySelectorAll('#games-list .game-entry')].map(li => li.dataset.position)")
    assert positions == [shown, live]


def test_the_record_is_worded_in_the_players_language(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    play_one_turn(page)
    page.select_option("#lang-switch", "ru")
    expect(page.locator("#record-list .record-item").first).to_contain_text("Розыгрыш первого хода")
    expect(page.locator("#record-list .record-item").nth(1)).to_contain_text("1. ")
    page.click("#btn-resign")  # the dialog opens: nothing is sent yet
    after(page, lambda: page.locator("#resign-choices .resign-choice").nth(1).click())
    expect(page.locator("#record-list .record-item").last).to_contain_text("предлагают сдаться: гаммон")
