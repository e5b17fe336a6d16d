"""Refusals in the player's language (docs/i18n.md, web/worker/reasons.py): a link the app
refuses, a game-by-link link it refuses, a broken position string typed into the editor and a
<nard-board> record it cannot draw each say why in the page's language, Arabic (right to left)
and German, with no English sentence on the screen. Screenshots go to $NARD_SHOTS."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import after, press
from playwright.sync_api import Browser, Page, expect
from test_embed import host_page
from test_languages import DESKTOP, ISOLATES, SHOTS, WORD, english_only_words, fresh_page, words_of

import build

LANGS = ("ar", "de")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def said(lang: str, key: str, args: dict[str, Any] | None = None) -> str:
    """The text of `key` in `lang` with its arguments, as the page writes it (without isolates)."""
    text = str(words_of(lang)[key])
    return PLACEHOLDER.sub(lambda match: str((args or {}).get(match.group(1), "")), text)


def no_english(text: str, lang: str) -> None:
    plain = ISOLATES.sub("", text)
    leaked = sorted({word for word in WORD.findall(plain) if word.lower() in english_only_words(lang)})
    assert not leaked, f"English in {plain!r}: {leaked}"


def message_of(page: Page) -> str:
    message = page.locator("#message")
    expect(message).to_be_visible()
    return ISOLATES.sub("", message.inner_text())


def shot(page: Page, name: str) -> None:
    """The screen with the message; the start screen a first visit opens over it is closed first."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.querySelector('dialog[open]')?.close()")
    page.screenshot(path=str(SHOTS / f"refusal-{name}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_link_says_why_in_the_language(browser: Browser, site: str, lang: str) -> None:
    with fresh_page(browser, site, lang, "?dice=seed:1#p=narde:x:24x15:24x15") as (page, watch):
        text = message_of(page)
        why = said(lang, "why.position_turn", {"turn": "x"})
        assert text == said(lang, "msg.url_bad", {"error": why}), text
        no_english(text, lang)
        shot(page, f"{lang}-link")
        watch.assert_clean()


# Every live region on the page: its text, whether it is drawn, whether the point at its centre
# is inside it (not under the start screen or out of the window), whether a modal dialog it is
# not in makes it inert.
LIVE_REGIONS_JS = """() => [...document.querySelectorAll('[role=alert], [role=status]')].map((el) => {
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const modal = document.querySelector('dialog:modal');
  return {text: el.textContent, drawn: el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}),
          hit: !!hit && el.contains(hit), inert: !!el.closest('[inert]') || (!!modal && !modal.contains(el))};
})"""


def assert_readable(page: Page, text: str) -> None:
    """Some live region says `text`, drawn, on top at its centre and not made inert by a dialog."""
    regions = [region for region in page.evaluate(LIVE_REGIONS_JS) if ISOLATES.sub("", region["text"]) == text]
    assert regions, f"no live region says {text!r}"
    assert any(r["drawn"] and r["hit"] and not r["inert"] for r in regions), regions


@pytest.mark.parametrize("lang", ("en", "ar"))
def test_a_refused_link_on_a_first_visit_is_said_over_the_start_screen(
        browser: Browser, site: str, lang: str) -> None:
    """A first visit opens the start screen over the board; a link it refused says why on it, not behind it."""
    with fresh_page(browser, site, lang, "?dice=seed:1#p=narde:x:24x15:24x15") as (page, watch):
        expect(page.locator("#setup")).to_be_visible()
        text = said(lang, "msg.url_bad", {"error": said(lang, "why.position_turn", {"turn": "x"})})
        expect(page.locator("#message")).to_have_text(re.compile(".+"))
        SHOTS.mkdir(parents=True, exist_ok=True)
        for size, name in ((None, "phone"), (DESKTOP, "desktop")):
            if size:
                page.set_viewport_size(size)
            assert_readable(page, text)
            page.screenshot(path=str(SHOTS / f"refusal-first-visit-{lang}-{name}.png"))
        # a game started from the start screen does not carry the refusal along
        after(page, lambda: page.click("#setup-start"))
        expect(page.locator("#setup")).to_be_hidden()
        watch.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_game_by_link_says_why_in_the_language(browser: Browser, site: str, lang: str) -> None:
    with fresh_page(browser, site, lang, "?dice=seed:1#d=g1.w0.AAAA") as (page, watch):
        text = message_of(page)
        assert text == said(lang, "msg.link_refused", {"error": said(lang, "why.duel_cut")}), text
        no_english(text, lang)
        shot(page, f"{lang}-duel")
        watch.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_position_string_in_the_editor_says_why_in_the_language(
        browser: Browser, site: str, lang: str) -> None:
    with fresh_page(browser, site, lang) as (page, watch):
        after(page, lambda: page.click("#setup-start"))
        press(page, "btn-edit")
        page.fill("#editor-text", "narde:w:24x15,7x3:24x15")
        press(page, "editor-read")
        text = message_of(page)
        why = said(lang, "why.position_checkers", {"n": 18})
        assert text == said(lang, "msg.edit_bad_text", {"error": why}), text
        no_english(text, lang)
        shot(page, f"{lang}-editor")
        watch.assert_clean()


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    with build.SiteServer(tmp_path, 0).serving() as url:
        yield tmp_path, url.replace("127.0.0.1", "localhost")


@pytest.mark.parametrize("lang", LANGS)
def test_a_board_that_cannot_be_drawn_says_why_in_the_language(
        browser: Browser, site: str, other_origin: tuple[Path, str], lang: str) -> None:
    folder, host = other_origin
    body = (f'<div lang="{lang}" dir="{"rtl" if lang == "ar" else "ltr"}">'
            '<nard-board id="record" record="24/13 narde:w:24x15:24x15"></nard-board>'
            '<nard-board id="position" position="narde:w:24x15:24x15:9"></nard-board></div>')
    (folder / "host.html").write_text(host_page(body, site + "embed.js"), encoding="utf-8")
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(host + "host.html")
        cases = {"record": said(lang, "why.position_record_start", {"word": "24/13"}),
                 "position": said(lang, "why.position_fields")}
        for name, why in cases.items():
            problem = page.locator(f"#{name} .problem")
            expect(problem).to_be_visible()
            text = ISOLATES.sub("", problem.inner_text())
            assert text == said(lang, "embed.bad", {"why": why}), text
            no_english(text, lang)
        shot(page, f"{lang}-embed")
    finally:
        context.close()
