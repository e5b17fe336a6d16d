"""Each game's lessons completed in the browser as a person does them, in English and in a
language of the game's players: opened by their `#learn=` link, a checker a rule holds back
touched (the message names the rule), a play that misses the task refused, the right play made
by clicks on the drawn points, every lesson marked done, and the marks kept across a reload."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import AppPage, after, board, click_point, start_game, wait_ready
from playwright.sync_api import Browser, Page, expect
from support.lessons import held_somewhere, place, plays_of
from test_languages import check_screen, fresh_page

from nardcore.movegen import Step
from web.worker.lesson_data import LESSONS

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
# the second language of each game's test: one its players speak (Arabic for tawla: right to left)
LANGUAGES = {"backgammon": "de", "narde": "ru", "khachapuri": "ka", "moultezim": "tr", "tawla31": "ar"}


def words(lang: str) -> dict[str, Any]:
    return dict(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")))


def set_language(page: Page, lang: str) -> None:
    page.click("#btn-settings")
    after(page, lambda: page.select_option("#pref-lang", lang))
    page.click("#settings-close")
    page.wait_for_function(f"document.documentElement.lang === {lang!r}")


def play(page: Page, steps: tuple[Step, ...]) -> None:
    for step in steps:
        click_point(page, place(step.origin))
        click_point(page, place(step.target))


def open_lessons(page: Page, game: str) -> None:
    after(page, lambda: page.evaluate(f"location.hash = 'learn={game}'"))
    expect(page.locator("#learn")).to_be_visible()
    expect(page.locator("#learn-list .learn-lesson")).to_have_count(len(LESSONS[game]))


@pytest.mark.parametrize("game", list(LESSONS))
def test_a_games_lessons_completed_by_hand_in_two_languages(app: AppPage, game: str) -> None:
    page = app.page
    start_game(page, game)  # a player with a game of their own, which the lessons leave as it is
    position = board(page)["position"]
    for lang in ("en", LANGUAGES[game]):
        said = words(lang)
        if lang != "en":
            set_language(page, lang)
        open_lessons(page, game)
        done = page.locator("#learn-list .learn-lesson.done")
        expect(done).to_have_count(0 if lang == "en" else len(LESSONS[game]))
        for lesson in LESSONS[game]:
            after(page, lambda lesson_id=lesson.id: page.click(f'#learn-list [data-lesson="{lesson_id}"]'))
            expect(page.locator("#learn")).to_be_hidden()
            expect(page.locator("#lesson-title")).to_have_text(said[lesson.title])
            task = lesson.tasks[0]
            assert board(page)["position"] == task.position and board(page)["dice"] == task.dice
            expect(page.locator("#board .home-band")).to_have_count(12)  # each side's home, six points each
            message = page.locator("#message")
            if task.rule is not None:  # a checker the lesson's rule holds back: touched, the rule is named
                path, origin = held_somewhere(task)
                play(page, path)
                click_point(page, place(origin))
                expect(message).to_contain_text(said[f"held.{task.rule}"])
                for _ in path:
                    after(page, lambda: page.click("#btn-undo"))
            good, bad = plays_of(task)
            if task.goal.kind != "any":  # a legal play that misses the task: refused, the board set up again
                play(page, bad[0])
                expect(message).to_have_text(said["msg.lesson_miss"])
                assert board(page)["position"] == task.position
            play(page, good[0])
            expect(page.locator("#lesson")).to_have_attribute("data-state", "done")
            expect(message).to_be_visible()
            after(page, lambda: page.click("#lesson-list"))
        expect(done).to_have_count(len(LESSONS[game]))
        expect(page.locator("#learn-progress")).to_contain_text(str(len(LESSONS[game])))
        after(page, lambda: page.click("#learn-close"))
        expect(page.locator("#lesson")).to_be_hidden()
        assert board(page)["position"] == position
        if lang == "en":  # the marks are kept: a reload, and the list again
            page.reload()
            wait_ready(page)


def test_a_lesson_by_keyboard_and_a_first_game_with_the_coach(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    open_lessons(page, "narde")
    after(page, lambda: page.click('#learn-list [data-lesson="narde-head"]'))
    for point in ("24", "14"):  # the head checker to 14 with both dice, by the keyboard alone
        page.focus(f'#board [data-point="{point}"]')
        after(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#lesson")).to_have_attribute("data-state", "done")
    after(page, lambda: page.click("#lesson-list"))
    expect(page.locator('#learn-list [data-lesson="narde-head"]')).to_have_class("learn-lesson done")
    after(page, lambda: page.click("#learn-first-game"))  # against the beginner level, White
    expect(page.locator("#learn")).to_be_hidden()
    expect(page.locator("#board .route-arrow")).to_have_count(4)
    said = words("en")
    coach = [said["msg.coach_turn"], said["msg.coach_turn_held"].split("{why}")[0]]
    for _ in range(40):  # roll (the computer plays its turns) until the person has a choice to make
        text = page.locator("#message").text_content() or ""
        if any(part in text for part in coach):
            break
        if page.is_visible("#btn-roll"):
            after(page, lambda: page.click("#btn-roll"))
        elif page.is_visible("#btn-confirm"):
            after(page, lambda: page.click("#btn-confirm"))
        else:
            page.wait_for_timeout(300)
    else:
        raise AssertionError("the coach said nothing on the first turns")


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ar", "fa", "he", "tr", "ka", "hy", "az", "el", "de", "fr", "es"])
def test_the_learn_screen_and_a_lesson_speak_the_language_and_fit(browser: Browser, site: str, lang: str) -> None:
    """Opened by a link on a first visit: the lessons' list and a lesson with its longest words, in
    the language and within the screen at 360 and 1280 px (screenshots: $NARD_SHOTS)."""
    with fresh_page(browser, site, lang, "?dice=seed:1#learn=moultezim") as (page, watch):
        expect(page.locator("#learn")).to_be_visible()
        expect(page.locator("#setup")).to_be_hidden()
        check_screen(page, lang, "learn")
        after(page, lambda: page.click('#learn-list [data-lesson="moultezim-lifts"]'))
        click_point(page, "14")
        click_point(page, "11")  # the runner reaches 11: the rule lifts
        check_screen(page, lang, "lesson")
        watch.assert_clean()
