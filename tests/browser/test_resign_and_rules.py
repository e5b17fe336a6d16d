"""Resigning and the rules said out loud, the way a player meets them on the board."""

from __future__ import annotations

import pytest
from browser_support import AppPage, after, board, click_point, one_step, open_app, press, start_game, start_turn
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)


def test_a_narde_game_is_conceded_for_the_points_the_dialog_names(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    start_turn(page)
    side = board(page)["turn"]
    page.click("#btn-resign")
    expect(page.locator("#resign")).to_be_visible()
    expect(page.locator("#resign-text")).to_contain_text("scores 2 pt")  # a mars: nothing is off yet
    after(page, lambda: page.click("#resign-choices .resign-choice"))
    winner = "Black" if side == "w" else "White"
    expect(page.locator("#message")).to_contain_text(f"resigned: {winner} wins — mars, 2 pt")
    assert board(page)["phase"] == "over"
    expect(page.locator("#btn-next")).to_be_visible()
    expect(page.locator(f"#player-{'top' if winner == 'Black' else 'bottom'} .score")).to_contain_text("2")


def test_a_backgammon_offer_is_declined_then_accepted_by_the_other_player(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    start_turn(page)
    page.click("#btn-resign")
    levels = page.locator("#resign-choices .resign-choice")
    expect(levels).to_have_count(3)
    expect(levels.nth(1)).to_have_text("Resign a gammon (2 pt)")
    after(page, lambda: levels.nth(1).click())
    expect(page.locator("#message")).to_contain_text("offers to resign a gammon (2 pt)")
    expect(page.locator("#btn-resign")).to_be_hidden()
    press(page, "btn-decline-resign")
    expect(page.locator("#message")).to_contain_text("declines the resignation")
    assert board(page)["phase"] == "move"
    page.click("#btn-resign")
    after(page, lambda: page.locator("#resign-choices .resign-choice").first.click())
    press(page, "btn-accept-resign")
    expect(page.locator("#message")).to_contain_text("wins — single game, 1 pt")


def test_a_click_on_a_checker_the_head_rule_holds_says_so(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    for _ in range(12):  # turns until one starts without doubles and leaves the head open after a step
        start_turn(page)
        view = page.evaluate("window.nardPage.view")
        dice = [d["value"] for d in view["dice"]]
        head = "24" if view["turn"] == "w" else "12"
        if dice[0] != dice[1] and head in view["movable"]:
            click_point(page, head)
            after(page, lambda: page.click(f"#board [data-point='{int(head) - dice[0]}']", force=True))
            if board(page)["phase"] == "move" and page.locator("#btn-confirm").is_hidden():
                click_point(page, head)
                expect(page.locator("#message")).to_contain_text("Head rule")
                return
        while page.evaluate("document.querySelectorAll('#board [data-movable]').length"):
            one_step(page)
        press(page, "btn-confirm")
    raise AssertionError("no turn let the head rule show")


def test_the_rules_open_at_their_title_on_a_phone(browser: Browser, site: str) -> None:
    """The rules are longer than a phone's screen: the dialog opens at its title, not
    scrolled to its Close button (where showModal puts the focus)."""
    context, page, _ = open_app(browser, site, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        start_game(page, "backgammon")
        page.click("#btn-rules")
        dialog = page.locator("#rules")
        expect(dialog).to_be_visible()
        assert page.evaluate("(d => d.scrollHeight > d.clientHeight)(document.getElementById('rules'))")
        expect(page.locator("#rules-close")).to_be_focused()
        assert page.evaluate("document.getElementById('rules').scrollTop") == 0
        title, box = page.locator("#rules-title").bounding_box(), dialog.bounding_box()
        assert title is not None and box is not None and title["y"] >= box["y"]
    finally:
        context.close()
