"""Why one play beats another, as a player reads it: the hint's plays with their chance to win
and the sentences under them, the review's marked turn with its sentences and arrows, on a
phone and a desktop, in English and Arabic (screenshots to $NARD_SHOTS)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from browser_support import AppPage, after, open_app, play_one_turn, press, start_game
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.dice_seed(11), pytest.mark.fresh_game]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("NARD_SHOTS", "/tmp/shots"))
ENGLISH = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
START = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
# a box wider than the page, or text wider than its box
OVERFLOW = """(selector) => {
  const box = document.querySelector(selector);
  const width = document.documentElement.clientWidth;
  return [...box.querySelectorAll('*')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width && (r.left < -1 || r.right > width + 1 || e.scrollWidth > e.clientWidth + 1);
  }).map((e) => e.className || e.tagName);
}"""


def english(fact: dict[str, Any]) -> str:
    return str(ENGLISH[fact["key"]]).format(**fact["args"])


def hint_view(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("window.nardPage.view.hint"))


def open_hint(page: Page, position: str, dice: str) -> None:
    page.evaluate(f"location.hash = 'p={position}&dice={dice}'")
    page.wait_for_function(f"document.getElementById('board').dataset.position === {position!r}")
    after(page, lambda: page.click("#btn-hint"))
    page.wait_for_selector("#hint-why .why-list li")


def test_the_hint_says_why_the_best_play_beats_the_one_shown(app: AppPage) -> None:
    page = app.page
    open_hint(page, START, "31")
    hint = hint_view(page)
    best, second = hint["plays"][0], hint["plays"][1]
    # each play with its chance to win, then its expected points
    first_line = page.locator("#hint-list .hint-play").first.text_content() or ""
    assert first_line.startswith(f"{best['play']}  {100 * best['win']:.1f}%  (+{best['equity']:.3f})")
    why = page.locator("#hint-why")
    assert why.locator(".why-title").text_content() == f"Why {best['play']} rather than {second['play']}:"
    assert why.locator(".why-list li").all_text_contents() == [english(f) for f in best["why"]]
    assert any("Points made: 5 instead of" in line for p in hint["plays"][1:] for line in map(english, p["why"]))
    after(page, lambda: page.locator("#hint-list .hint-play").nth(2).click())
    third = hint_view(page)["plays"][2]
    assert why.locator(".why-title").text_content() == f"Why {best['play']} rather than {third['play']}:"
    assert why.locator(".why-list li").all_text_contents() == [english(f) for f in third["why"]]


def reviewed_marked_turn(page: Page) -> None:
    """A hot-seat backgammon game of ten simple turns, reviewed, its first marked play shown."""
    start_game(page, "backgammon")
    for _ in range(10):
        play_one_turn(page)
    press(page, "btn-review")
    page.wait_for_function("(window.nardPage.view.review || {}).complete === true", timeout=180_000)
    decisions = page.evaluate("window.nardPage.view.review.decisions")
    index = next(i for i, d in enumerate(decisions) if d["mark"] and d["kind"] == "play")
    after(page, lambda: page.locator("#review-list .review-item").nth(index).click())
    page.wait_for_selector("#review-why .why-list li")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_why_fits_a_phone_and_a_desktop(browser: Browser, site: str, lang: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((360, 740), (1280, 860)):
        context, page, watch = open_app(browser, site + "?dice=seed:11", locale=lang,
                                        viewport={"width": width, "height": height})
        try:
            open_hint(page, START, "31")
            assert page.evaluate(OVERFLOW, "#hint") == []
            page.locator("#hint").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"why-hint-{lang}-{width}.png"), full_page=True)
            reviewed_marked_turn(page)
            assert page.evaluate(OVERFLOW, "#review-why") == []
            page.locator("#review-why").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"why-review-{lang}-{width}.png"), full_page=True)
            watch.assert_clean()
        finally:
            context.close()


def test_the_notation_s_words_are_the_reader_s(browser: Browser, site: str) -> None:
    """In Arabic, "off" of "2/off" is written in Arabic in the hint."""
    off = json.loads((ROOT / "web" / "i18n" / "ar.json").read_text(encoding="utf-8"))["notation.off"]
    context, page, watch = open_app(browser, site + "?dice=seed:11", locale="ar",
                                    viewport={"width": 1280, "height": 860})
    try:
        open_hint(page, "backgammon:w:6x2,5,2:6x2,4,3", "21")
        plays = [p["play"] for p in hint_view(page)["plays"]]
        assert any("/off" in p for p in plays)
        shown = page.locator("#hint-list").text_content() or ""
        assert "off" not in shown and f"/{off}" in shown
        watch.assert_clean()
    finally:
        context.close()
