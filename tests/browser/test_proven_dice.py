"""Dice you can check in the browser (docs/fair-dice.md): a game against the computer with the
player's own words mixed into the dice, the seed shown on asking, Verify dice saying every roll
matches, and the exported game verified by the command line. No `?dice=` here: these are the
app's own proven dice. Screenshots of the panel at 1280 and 360 px go to test-results/."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import MOVABLE, after, board, eventually, one_step, open_app, press, start_game, stored_save
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"


@pytest.fixture(autouse=True)
def _screenshot_folder(delete_output_dir: None) -> None:
    SHOTS.mkdir(exist_ok=True)


def my_roll(page: Page) -> None:
    """Wait until the computer has played and the person may roll (or the game is over)."""
    page.wait_for_function("document.getElementById('btn-roll').checkVisibility() || document.getElementById('board')"
                           ".dataset.phase === 'over'", timeout=120_000)


def my_turn(page: Page) -> None:
    """The person's next turn: roll, the first movable checker to its first destination until the
    play is made (a forced play makes itself), confirm."""
    my_roll(page)
    if board(page).get("phase") == "over":
        return
    press(page, "btn-roll")
    while page.evaluate(MOVABLE):
        one_step(page)
    if page.locator("#btn-confirm").is_visible():
        press(page, "btn-confirm")


@pytest.mark.parametrize("width", [1280, 360])
def test_words_typed_in_then_the_seed_shown_and_every_roll_verified(browser: Browser, site: str, width: int,
                                                                  tmp_path: Path) -> None:
    context, page, watch = open_app(browser, site, viewport={"width": width, "height": 860})
    try:
        start_game(page, "narde", opponent="computer")
        panel = page.locator("#dice-panel")
        expect(panel).to_be_visible()
        assert panel.evaluate("d => d.open") is True  # open by itself while words may be added
        commitment = page.input_value("#dice-commitment")
        assert re.fullmatch(r"[0-9a-f]{64}", commitment)
        page.fill("#dice-entropy", "the cat sat on 7 mats")
        after(page, lambda: page.click("#dice-entropy-add"))
        expect(page.locator("#dice-entropy-shown")).to_contain_text("the cat sat on 7 mats")
        expect(page.locator("#message")).to_contain_text("Your words are mixed into the dice")
        page.screenshot(path=str(SHOTS / f"fair-dice-before-{width}.png"), full_page=True)
        press(page, "btn-roll")  # the opening roll: the words are fixed from now on
        expect(page.locator("#dice-entropy-row")).to_be_hidden()
        my_turn(page)
        my_roll(page)
        assert page.input_value("#dice-commitment") == commitment
        after(page, lambda: page.click("#dice-reveal"))
        expect(page.locator("#dice-seeds li")).to_have_count(1)
        assert page.input_value("#dice-commitment") != commitment  # the next rolls: a fresh commitment
        after(page, lambda: page.click("#dice-verify"))
        result = page.locator("#dice-result")
        expect(result).to_contain_text("Every roll matches the commitment made before the game")
        assert result.get_attribute("data-ok") == "1"
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"fair-dice-verified-{width}.png"), full_page=True)
        # this game's dice beside the board, a setting
        page.click("#btn-settings")
        after(page, lambda: page.locator("#pref-dice_history").set_checked(True))
        page.click("#settings-close")
        history = page.locator("#dice-history")
        expect(history).to_be_visible()
        expect(page.locator("#history-body tr")).to_have_count(7)
        assert len(page.text_content("#history-rolls") or "") >= 3 * 4 - 1  # three rolls at least
        history.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"dice-history-{width}.png"), full_page=True)
        # the game exported from the Games screen verifies on the command line
        page.click("#btn-games")
        with page.expect_download() as download:
            page.click(".game-entry[data-current] .game-export")
        file = tmp_path / "game.json"
        download.value.save_as(file)
        assert json.loads(file.read_text())["fair_dice"]["proof"]["segments"][0]["commitment"] == commitment
        done = subprocess.run([sys.executable, "-m", "nardcore", "verify-dice", str(file)], capture_output=True,
                              text=True, cwd=ROOT, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        assert board(page)["variant"] == "narde"
        watch.assert_clean()
    finally:
        context.close()


def test_the_link_play_choice_says_what_fair_dice_means(browser: Browser, site: str) -> None:
    context, page, watch = open_app(browser, site, viewport={"width": 360, "height": 860})
    try:
        if not page.is_visible("#setup"):
            page.click("#btn-new")
        expect(page.locator(".setup-fair")).to_contain_text("neither player can choose a roll")
        expect(page.locator(".setup-fair")).to_contain_text("Dice you can check")
        page.locator(".setup-fair").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "fair-dice-setup-360.png"))
        watch.assert_clean()
    finally:
        context.close()


# -- dice entered by hand ----------------------------------------------------------------------


def enter(page: Page, roll: str) -> None:
    after(page, lambda: page.click(f'#hand-grid [data-roll="{roll}"]'))


def move_and_confirm(page: Page) -> None:
    while page.evaluate(MOVABLE):
        one_step(page)
    if page.locator("#btn-confirm").is_visible():
        press(page, "btn-confirm")


@pytest.mark.parametrize("width", [1280, 360])
def test_a_game_with_the_rolls_entered_by_hand_is_reviewed_and_marked(browser: Browser, site: str,
                                                                       width: int) -> None:
    context, page, watch = open_app(browser, site, viewport={"width": width, "height": 860})
    try:
        if not page.is_visible("#setup"):
            page.click("#btn-new")
        page.check('input[name="variant"][value="narde"]')
        page.check('input[name="opponent"][value="human"]')
        page.select_option("#setup-match", "0")
        page.check("#setup-hand")
        after(page, lambda: page.click("#setup-start"))
        picker = page.locator("#hand-dice")
        expect(picker).to_be_visible()
        expect(page.locator("#btn-roll")).to_be_hidden()
        expect(page.locator("#dice-panel")).to_be_hidden()  # no proof: the dice are the player's own
        assert page.locator("#hand-grid [data-roll]").count() == 36
        page.screenshot(path=str(SHOTS / f"hand-dice-{width}.png"), full_page=True)
        enter(page, "33")  # a tie: the opening again
        expect(page.locator("#message")).to_contain_text("roll the opening again")
        enter(page, "52")  # White 5, Black 2: White starts, and rolls both dice
        page.keyboard.press("6")  # two digits typed: the first marks its row
        expect(page.locator("#hand-grid .typed")).to_have_count(6)
        after(page, lambda: page.keyboard.press("4"))
        assert board(page)["phase"] == "move"
        move_and_confirm(page)
        enter(page, "31")  # Black's roll
        move_and_confirm(page)
        game_id = page.evaluate("window.nardPage.gameId")
        eventually(lambda: stored_save(page, game_id) is not None)
        entered = [e["dice"] for e in json.loads(stored_save(page, game_id) or "")["game"]["history"]]
        assert entered == [[3, 3], [5, 2], [6, 4], [3, 1]]
        press(page, "btn-review")
        expect(page.locator("#review")).to_be_visible()
        page.click("#btn-games")
        expect(page.locator(".game-entry[data-current]")).to_contain_text("dice by hand")
        watch.assert_clean()
    finally:
        context.close()
