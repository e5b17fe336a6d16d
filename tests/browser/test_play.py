"""Playing the built app in Chromium the way a person does: clicks, drags, keys, reloads.

Dice come from the test-only query `?dice=seed:N`, so every run plays the same games. Each
test boots its own page (the `app` fixture), so a test's dice and state never depend on
which tests ran before it, and a failure stays in its test.
Screenshots go to test-results/ (not committed).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from browser_support import (
    AppPage,
    after,
    assert_drawn_as_engine_says,
    board,
    click_point,
    open_app,
    points,
    press,
    put_save,
    start_game,
    stored_library,
)
from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results"
VARIANTS = ("backgammon", "narde", "khachapuri", "moultezim", "tawla31")
SEED = 11


pytestmark = [pytest.mark.dice_seed(SEED), pytest.mark.fresh_game]  # every test starts a fresh game on the same dice


@pytest.fixture(autouse=True)
def _screenshot_folder(delete_output_dir: None) -> None:
    """After pytest-playwright has emptied test-results/, where the screenshots go."""
    SHOTS.mkdir(exist_ok=True)


# -- reading the page and acting on it ---------------------------------------------------------


SETTLED = """async () => {
    // two frames: the board sets a moved checker's new place on the next frame, and its transition starts then
    await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const moving = [...document.querySelectorAll('#board .checker')].flatMap(checker => checker.getAnimations());
    await Promise.all(moving.map(animation => animation.finished.catch(() => null)));
}"""


def settle(page: Page) -> None:
    """Wait until the checkers have finished their move animation (before a screenshot)."""
    page.evaluate(SETTLED)


def visible(page: Page, button: str) -> bool:
    return page.is_visible(f"#{button}")


def mover_number(point: str, turn: str, variant: str) -> int:
    """How far a point is from the mover's finish (bear-off = -1, bar = 25)."""
    if point.startswith("off-"):
        return -1
    if point.startswith("bar-"):
        return 25
    p = int(point)
    if turn == "w":
        return p
    if variant in ("backgammon", "tawla31"):
        return 25 - p
    return p + 12 if p <= 12 else p - 12


def set_pref(page: Page, name: str, on: bool) -> None:
    page.click("#btn-settings")
    box = page.locator(f"#pref-{name}")
    if box.is_checked() != on:
        after(page, lambda: box.set_checked(on))
    page.click("#settings-close")


def play_turn(page: Page, rng: random.Random) -> None:
    """One action the way a person would: roll, answer the cube, or play every step and confirm."""
    state = board(page)
    phase = state["phase"]
    if phase in ("opening", "roll", "cube"):
        press(page, "btn-roll")
        return
    if phase == "take":
        press(page, "btn-take")
        return
    assert phase == "move", phase
    turn = state["turn"]
    for _ in range(8):
        movable = points(page, "movable")
        if not movable:
            break
        origin = rng.choice(movable)
        click_point(page, origin)
        dests = points(page, "dest")
        assert dests, f"{origin} was movable but has no destination in {board(page)['position']}"
        # race: the destination farthest along (bear off when possible)
        target = min(dests, key=lambda d: mover_number(d, turn, state["variant"]))
        click_point(page, target)
        if board(page)["phase"] != "move" or board(page)["turn"] != turn:
            return  # auto-confirm ended the turn
    if visible(page, "btn-confirm"):
        press(page, "btn-confirm")


def borne_off(position: str) -> bool:
    """Some checker is off the board (fewer than 15 listed for a side)."""
    for side in position.split(":")[2:]:
        counts = [int(item.partition("x")[2] or 1) for item in side.split(",") if item]
        if sum(counts) < 15:
            return True
    return False


def play_to_end(page: Page, variant: str, manual_turns: int = 6) -> None:
    rng = random.Random(variant)
    shot = SHOTS / f"bear-off-{variant}.png"
    shot.unlink(missing_ok=True)
    for turn in range(3000):
        if turn == manual_turns:
            set_pref(page, "auto_roll", True)
            set_pref(page, "auto_confirm", True)
        if board(page)["phase"] == "over":
            return
        play_turn(page, rng)
        if not shot.exists() and borne_off(board(page)["position"]):
            settle(page)
            page.screenshot(path=str(shot))  # the first bear-off, to look at
    raise AssertionError(f"{variant}: no end after 3000 actions; at {board(page)}")


# -- the checks ------------------------------------------------------------------------------------


def test_start_screen_offers_the_five_games_with_rules(app: AppPage) -> None:
    page = app.page
    SHOTS.mkdir(exist_ok=True)
    assert page.is_visible("#setup")
    names = page.evaluate("[...document.querySelectorAll('input[name=variant]')].map(i => i.value)")
    assert names == list(VARIANTS)
    page.check('input[name="variant"][value="narde"]')
    options = page.evaluate("[...document.querySelectorAll('input[name=option]')].map(i => i.value)")
    assert set(options) == {"simple-head", "end-block", "koks", "last-roll"}
    page.click('.variant-card:has(input[value="narde"]) .rules-link')
    assert page.is_visible("#rules")
    assert "head" in page.inner_text("#rules-body")
    page.click("#rules-close")
    page.check('input[name="variant"][value="backgammon"]')
    assert page.locator("#setup-cube-limit").count() == 1
    page.screenshot(path=str(SHOTS / "start-screen.png"))


def test_rule_options_the_cube_limit_and_the_length_chosen_in_the_dialog_are_the_game_played(app: AppPage) -> None:
    page = app.page
    page.check('input[name="variant"][value="narde"]')
    page.check('input[name="option"][value="koks"]')
    page.check('input[name="option"][value="end-block"]')
    lengths = page.evaluate("[...document.querySelectorAll('#setup-match option')].map(o => o.value)")
    assert "0" in lengths and "31" not in lengths
    page.select_option("#setup-match", "3")
    after(page, lambda: page.click("#setup-start"))
    view = page.evaluate("window.nardPage.view")
    assert view["token"] == "narde+end-block+koks" and view["match"]["length"] == 3
    assert "match to 3" in page.inner_text("#game-title")
    # backgammon with the cube capped at 8, a single game
    page.click("#btn-new")
    page.check('input[name="variant"][value="backgammon"]')
    assert page.locator('input[name="option"][value="koks"]').count() == 0  # options follow the game
    page.select_option("#setup-cube-limit", "8")
    page.select_option("#setup-match", "0")
    after(page, lambda: page.click("#setup-start"))
    view = page.evaluate("window.nardPage.view")
    assert view["token"] == "backgammon+cube-limit-8" and view["cube_limit"] == 8 and view["match"] is None
    # tawla 31 is played to 31: choosing it proposes that length, and a single game stays possible
    page.click("#btn-new")
    page.check('input[name="variant"][value="tawla31"]')
    assert page.evaluate("[...document.querySelectorAll('#setup-match option')].map(o => o.value)") == ["0", "31"]
    assert page.input_value("#setup-match") == "31"
    after(page, lambda: page.click("#setup-start"))
    assert page.evaluate("window.nardPage.view.match.length") == 31


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_starts_drawn_correctly(app: AppPage, variant: str) -> None:
    page = app.page
    start_game(page, variant)
    expected = {
        "backgammon": "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5",
        "narde": "narde:w:24x15:24x15",
        "khachapuri": "khachapuri:w:24x4,6x11:24x4,6x11",
        "moultezim": "moultezim:w:24x15:24x15",
        "tawla31": "tawla31:w:24x15:24x15",
    }[variant]
    state = board(page)
    assert state["position"] == expected and state["phase"] == "opening"
    # both stacks where the rules put them, and 30 checkers drawn
    assert page.locator("#board [data-checker]").count() == 30
    assert_drawn_as_engine_says(page)
    label = page.get_attribute('#board [data-point="24"]', "aria-label")
    assert label and "24" in label
    black_head = {"backgammon": "1", "narde": "12", "khachapuri": "12", "moultezim": "12", "tawla31": "1"}[variant]
    assert "Black" in (page.get_attribute(f'#board [data-point="{black_head}"]', "aria-label") or "")
    settle(page)
    page.screenshot(path=str(SHOTS / f"start-{variant}.png"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_hot_seat_game_reaches_its_end_by_clicking(app: AppPage, variant: str) -> None:
    page = app.page
    start_game(page, variant)
    play_to_end(page, variant)
    state = board(page)
    assert state["phase"] == "over"
    message = page.inner_text("#message")
    assert "wins" in message or "Draw" in message, message
    assert page.is_visible("#btn-next")
    settle(page)
    page.screenshot(path=str(SHOTS / f"end-{variant}.png"))
    winner_off = page.evaluate("[...document.querySelectorAll('.player .off')].map(e => e.textContent)")
    assert any("15 off" in text for text in winner_off), winner_off
    set_pref(page, "auto_roll", False)
    set_pref(page, "auto_confirm", False)


def roll_until_move(page: Page) -> None:
    for _ in range(10):
        phase = board(page)["phase"]
        if phase == "move" and points(page, "movable"):
            return
        if phase == "move":
            press(page, "btn-confirm")  # no legal move: pass
        else:
            press(page, "btn-roll")
    raise AssertionError("never got a movable checker")


def test_drag_moves_a_checker_and_undo_restores(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon")
    roll_until_move(page)
    before = board(page)["position"]
    origin = points(page, "movable")[0]
    click_point(page, origin)
    target = points(page, "dest")[0]
    after(page, lambda: page.keyboard.press("Escape"))  # put it down again (a second click would play it)
    source = page.locator(f'#board [data-point="{origin}"] .hit').bounding_box()
    goal = page.locator(f'#board [data-point="{target}"] .hit').bounding_box()
    assert source and goal
    gx, gy = goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(gx, gy, steps=8)
    after(page, lambda: page.mouse.up())
    moved = board(page)["position"]
    assert moved != before
    assert_drawn_as_engine_says(page)  # the checker is drawn where it was dropped
    assert visible(page, "btn-undo") and page.is_enabled("#btn-undo")
    press(page, "btn-undo")
    assert board(page)["position"] == before
    assert_drawn_as_engine_says(page)
    assert page.is_disabled("#btn-undo")


def test_keyboard_alone_rolls_moves_and_confirms(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(12):
        if board(page)["phase"] == "move" and points(page, "movable"):
            break
        key = "Enter" if board(page)["phase"] == "move" else "r"  # Enter confirms a forced play or a pass
        after(page, lambda: page.keyboard.press(key))
    assert board(page)["phase"] == "move"
    turn = board(page)["turn"]
    movable = points(page, "movable")
    page.focus(f'#board [data-point="{movable[0]}"]')
    after(page, lambda: page.keyboard.press("Enter"))
    assert points(page, "selected") == [movable[0]]
    for _ in range(150):  # Tab through the page's controls and points to a destination
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.point")
        if focused in points(page, "dest"):
            break
    else:
        raise AssertionError("no destination reachable with Tab")
    after(page, lambda: page.keyboard.press("Enter"))
    for _ in range(4):
        if not points(page, "movable"):
            break
        page.focus(f'#board [data-point="{points(page, "movable")[0]}"]')
        after(page, lambda: page.keyboard.press(" "))
        page.focus(f'#board [data-point="{points(page, "dest")[0]}"]')
        after(page, lambda: page.keyboard.press(" "))
    page.evaluate("document.activeElement && document.activeElement.blur()")
    after(page, lambda: page.keyboard.press("Enter"))
    assert board(page)["turn"] != turn


def test_reload_mid_turn_restores_the_exact_state(app: AppPage) -> None:
    page = app.page
    start_game(page, "khachapuri")
    roll_until_move(page)
    click_point(page, points(page, "movable")[0])
    click_point(page, points(page, "dest")[0])
    before = board(page)
    dice_before = page.evaluate("[...document.querySelectorAll('#board .die')].map(d => d.getAttribute('class'))")
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    page.wait_for_function("document.getElementById('board').dataset.seq")
    after_reload = board(page)
    for key in ("position", "phase", "dice", "turn", "variant"):
        assert after_reload[key] == before[key], key
    assert (
        page.evaluate("[...document.querySelectorAll('#board .die')].map(d => d.getAttribute('class'))") == dice_before
    )
    assert page.is_enabled("#btn-undo")
    press(page, "btn-undo")
    assert board(page)["position"] != before["position"]


def test_a_corrupt_save_gives_a_message_and_a_fresh_game(app: AppPage) -> None:
    page = app.page
    put_save(page, '{"schema":2,"app":"nard","settings":{}, "game": 7')
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    page.wait_for_function("document.getElementById('board').dataset.seq")
    assert "could not be read" in page.inner_text("#message")
    kept = [a["text"] for a in stored_library(page)["aside"] if a["kind"] == "engine_refused"]
    assert kept, "the unreadable save was not kept aside"
    assert kept[-1].endswith('"game": 7')
    assert board(page)["phase"] == "opening"


def test_a_shared_link_opens_the_same_game_and_a_bad_one_changes_nothing(
    app: AppPage, browser: Browser, site: str
) -> None:
    page = app.page
    start_game(page, "moultezim")
    roll_until_move(page)
    click_point(page, points(page, "movable")[0])
    click_point(page, points(page, "dest")[0])
    state = board(page)
    press(page, "btn-share")
    link = page.input_value("#share-game")
    page.click("#share-close")
    assert "#s=" in link
    context, other, watch = open_app(browser, link)
    try:
        other.wait_for_function("document.getElementById('board').dataset.seq")
        shared = board(other)
        for key in ("position", "phase", "dice", "turn"):
            assert shared[key] == state[key], key
        assert "#" not in other.url
        bad = link.split("#")[0] + "#s=AAAA" + "x" * 10
        after(other, lambda: other.goto(bad))  # the same page: only the fragment changes
        assert "does not hold a game" in other.inner_text("#message")
        assert board(other)["position"] == state["position"]
        watch.assert_clean()
    finally:
        context.close()


def test_the_computer_answers_with_its_own_moves(app: AppPage) -> None:
    page = app.page
    start_game(page, "backgammon", opponent="computer")
    for _ in range(40):
        state = board(page)
        if state["phase"] == "move" and state["turn"] == "w" and points(page, "movable"):
            break
        if page.is_visible("#btn-roll"):
            press(page, "btn-roll")
        elif page.is_visible("#btn-confirm"):
            press(page, "btn-confirm")
        else:  # the computer is acting: wait for the board's next paint
            page.wait_for_function(
                f"Number(document.getElementById('board').dataset.seq || 0) > {int(state.get('seq') or 0)}",
                timeout=30_000,
            )
    else:
        pytest.fail(f"White never had a move to make: {board(page)}")
    # play White's turn, then the computer plays Black's by itself
    rng = random.Random(3)
    play_turn(page, rng)
    page.wait_for_function(
        "(() => { const d = document.getElementById('board').dataset;"
        " return d.turn === 'w' || d.phase === 'over'; })()",
        timeout=30_000,
    )
    assert "computer" in page.inner_text("#player-top")
    assert page.inner_text("#last-move").startswith("Last: Black")


def test_the_russian_interface_speaks_russian(app: AppPage) -> None:
    page = app.page
    after(page, lambda: page.select_option("#lang-switch", "ru"))
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.inner_text("#btn-new") == "Новая игра"
    assert "пипсов" in page.inner_text("#player-bottom")
    label = page.get_attribute('#board [data-point="24"]', "aria-label") or ""
    assert label.startswith("Пункт 24")
    page.screenshot(path=str(SHOTS / "russian.png"))
    after(page, lambda: page.select_option("#lang-switch", "en"))
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("#btn-new") == "New game"
