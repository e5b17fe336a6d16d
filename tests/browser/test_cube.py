"""The cube in the browser: the hint at a cube decision (the cube action, the equities of no
double, double/take and double/pass, the best in bold, and the take point at this score); the
review of a match marking a wrong take and a wrong double, with the cube's own error rate; an
earlier game of a match reopened and reviewed, and the match summary; a money session of three
games as one entry in Games and one `.mat` that Debian's gnubg imports with the running score."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import AppPage, play_one_turn, press, start_game
from playwright.sync_api import expect
from support.matches import match_of_two_games  # the worker test's match
from test_matfile import gnubg

from nardcore.bots import cube_judge
from nardcore.formats.state import encode_state
from nardcore.formats.xgid import xgid_of_position
from nardcore.position import Position

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)

AHEAD = "backgammon:w:6x4,5x3,4x3,3x3,2x2:7x2,6x4,5x3,4x3,3x3"  # 64 pips against 74: double, drop


def signed(value: float) -> str:
    return ("+" if value >= 0 else "−") + f"{abs(value):.3f}"


def test_a_hint_at_a_cube_decision_shows_the_action_and_its_equities(app: AppPage) -> None:
    page = app.page
    page.evaluate(f"location.hash = 'p={AHEAD}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {AHEAD!r}")
    page.click("#btn-hint")
    page.wait_for_selector(".hint-cube-equity")
    expected = cube_judge.advice(Position.parse(AHEAD), cube_judge.CubeState())
    assert expected is not None
    hint = page.locator("#hint")
    assert hint.locator(".hint-title").inner_text() == "Cube action: White's expected points per unit of the cube"
    assert hint.locator(".hint-cube-action").inner_text() == "Right cube action: double, drop"
    rows = hint.locator(".hint-cube-equity")
    texts = [rows.nth(i).inner_text().replace("\u2066", "").replace("\u2069", "") for i in range(rows.count())]
    equity = expected["equity"]
    assert texts == [f"No double: {signed(equity['no_double'])}", f"Double, take: {signed(equity['double_take'])}",
                     f"Double, drop: {signed(equity['double_pass'])}"]
    assert page.locator(".hint-cube-equity[aria-current='true']").get_attribute("data-cube") == "double_pass"
    point = page.locator(".hint-cube-take-point").inner_text().replace("\u2066", "").replace("\u2069", "")
    assert point == (f"Take point at this score: {100 * expected['take_point']:.1f}%. "
                     f"Black's chance to win: {100 * expected['taker_chance']:.1f}%.")


def test_a_review_of_a_match_marks_a_wrong_take_and_a_wrong_double(app: AppPage) -> None:
    page = app.page
    link = xgid_of_position(Position.parse(AHEAD), match_length=7, score=(2, 4)).removeprefix("XGID=")
    page.evaluate(f"location.hash = 'xgid={link}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {AHEAD!r}")
    press(page, "btn-double")  # right: White doubles
    press(page, "btn-take")  # wrong: Black should drop at 5-away 3-away
    play_one_turn(page)
    press(page, "btn-double")  # wrong: Black, far behind, redoubles
    press(page, "btn-take")
    press(page, "btn-review")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    items = page.locator("#review-list .review-text").all_text_contents()
    take = next(text for text in items if text.startswith("Black takes"))
    redouble = next(text for text in items if text.startswith("Black doubles"))
    assert "best drops" in take and ("blunder" in take or "mistake" in take)
    assert "best does not double" in redouble
    marked = page.locator("#review-list .review-item[class*='mark-']").all_text_contents()
    assert any("Black takes" in text for text in marked) and any("Black doubles" in text for text in marked)
    # the cube's own error rate under the checker plays', a side a column
    assert page.locator("#review-sides thead th").all_text_contents() == ["Error rate", "Skill", "Luck"]
    assert page.locator("#review-parts thead th").all_text_contents() == ["White", "Black"]
    review = page.evaluate("window.nardPage.view.review")
    black = page.locator('#review-parts tr[data-part="cube"] td[data-side="b"] .review-part-rate').text_content()
    assert black == f"{review['cube']['b']['error_rate'] / 1000:.3f}" and review["cube"]["b"]["error_rate"] > 0


def test_an_earlier_game_of_a_match_reopens_and_reviews_and_the_match_is_summed_up(app: AppPage) -> None:
    match = match_of_two_games(turns=12).session.match  # choices enough for a rating estimate
    assert match is not None
    page = app.page
    page.evaluate(f"location.hash = 's={encode_state(match)}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {str(match.game.position)!r}")
    press(page, "btn-review")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    games = page.locator("#review-games .review-game")
    assert games.all_text_contents() == ["Game 1", "Game 2"]
    assert games.nth(1).get_attribute("aria-current") == "true"
    games.nth(0).click()
    page.wait_for_function("(window.nardPage.view.review || {}).game === 0 && window.nardPage.view.review.complete",
                           timeout=180_000)
    first = match.played[0]
    assert first is not None
    review = page.evaluate("window.nardPage.view.review")
    # its own board, read-only: the first turn's position, not the game in play
    assert page.evaluate("document.getElementById('board').dataset.position") == review["positions"][0]
    assert review["positions"][0] != str(match.game.position)
    assert any(text.startswith("Black drops") or text.startswith("White drops")
               for text in page.locator("#review-list .review-text").all_text_contents())
    page.click("#review-games .review-summary-open")
    page.wait_for_function("'sides' in ((window.nardPage.view.review || {}).summary || {})", timeout=180_000)
    summary = page.evaluate("window.nardPage.view.review.summary")
    assert page.locator("#review-summary .review-summary-title").text_content() == "Match summary — games: 2"
    assert page.locator("#review-summary thead th").all_text_contents() == ["White", "Black"]
    rows = page.locator("#review-summary tbody th").all_text_contents()
    assert rows == ["Checker play", "Cube", "Error rate", "Luck", "Rating estimate"]
    for side in ("w", "b"):
        rating = page.locator(f'#review-summary tr[data-part="rating"] td[data-side="{side}"]').text_content()
        assert summary["sides"][side]["rating"] is not None and rating == str(summary["sides"][side]["rating"])
        rate = summary["sides"][side]["checker"]["error_rate"] / 1000
        checker = page.locator(f'#review-summary tr[data-part="checker"] td[data-side="{side}"] .review-part-rate')
        assert checker.text_content() == f"{rate:.3f}"


def test_a_money_session_of_three_games_is_one_entry_and_one_mat_gnubg_imports(app: AppPage, tmp_path: Path) -> None:
    page = app.page
    start_game(page, "backgammon")
    for number in range(3):
        play_one_turn(page)  # the opening's play
        press(page, "btn-double")
        press(page, "btn-drop")
        if number < 2:
            press(page, "btn-next")
    view = page.evaluate("window.nardPage.view")
    session = view["money_session"]
    assert session["games"] == 3 and sum(session["score"]) == 3  # three dropped cubes of 1
    assert "money session, games played: 3" in page.locator("#game-title").inner_text()
    press(page, "btn-share")
    with page.expect_download() as record:
        page.click("#share-mat")
    path = tmp_path / "session.mat"
    record.value.save_as(path)
    text = path.read_text()
    assert text.count(" Game ") == 3 and " 0 point match" in text
    page.click("#share-close")
    page.click("#btn-games")
    expect(page.locator("#games-list .game-entry")).to_have_count(1)  # one entry for the session
    page.click("#games-close")
    output = gnubg([f"import mat {path}", "show score"], tmp_path)
    white, black = session["score"]
    assert f"The score (after 3 games) is: Black {black}, White {white} (money session" in output, output[-800:]
