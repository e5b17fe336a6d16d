"""The app in the players' languages (docs/i18n.md): a first visit follows the browser's
languages, a choice made in the app wins afterwards, right-to-left languages mirror the page
but not the board, no English is left on the screen, nothing spills out of a 360 px phone or a
1280 px screen, and counts take their plural forms.

Each test opens a fresh browser context (empty storage) with Playwright's `locale`, which sets
navigator.language(s). Screenshots of every screen checked go to $NARD_SHOTS (default
/tmp/shots), outside the repository.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import TEST_CONTEXT, Watch, after, origin_of, play_one_turn, press, wait_ready
from playwright.sync_api import Browser, Page, ViewportSize, expect

from web.worker.rules_text import rules_sections

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "i18n"
SHOTS = Path(os.environ.get("NARD_SHOTS", "/tmp/shots"))
PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
RIGHT_TO_LEFT = ("ar", "fa", "he")
CHECKED = ("ar", "fa", "he", "tr", "ka", "de", "ru", "en")
FIRST_GAME = {"ar": "tawla31", "ka": "khachapuri", "ru": "narde"}  # of CHECKED; backgammon for the others
# Latin words that may show in any language: move notation ("bar/22*", "6/off").
NOTATION_WORDS = {"bar", "off"}
ISOLATES = re.compile("[\u2066-\u2069]")
WORD = re.compile(r"[A-Za-z]{3,}")


def words_of(lang: str) -> dict[str, Any]:
    return dict(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")))


def texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(line) for line in value]
    if isinstance(value, dict):
        return [str(text) for name, text in value.items() if name != "plural"]
    return []


def english_only_words(lang: str) -> set[str]:
    """Words of English strings that `lang` does not have: seen on its screen, they are English
    left untranslated. Strings the same in both (names, notation) and words the language file
    itself uses ("Backgammon", "Pips" in German) do not count."""
    english, own = words_of("en"), words_of(lang)
    theirs = {word.lower() for value in own.values() for text in texts(value) for word in WORD.findall(text)}
    found: set[str] = set()
    for key, value in english.items():
        if key.startswith("_") or own.get(key) == value:
            continue
        found |= {word.lower() for text in texts(value) for word in WORD.findall(text)}
    return found - theirs - NOTATION_WORDS


@contextmanager
def fresh_page(browser: Browser, site: str, locale: str, path: str = "?dice=seed:1", *, wait: bool = True,
               init_script: str | None = None, color_scheme: str = "light") -> Iterator[tuple[Page, Watch]]:
    """A new context in `locale` with empty storage, the app opened at `path` (booted unless `wait` is false)."""
    context = browser.new_context(**TEST_CONTEXT, locale=locale, viewport=PHONE,  # type: ignore[arg-type]
                                  color_scheme=color_scheme)  # type: ignore[arg-type]
    watch = Watch(origin_of(site)).attach(context)
    try:
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        page.goto(site + path)
        if wait:
            wait_ready(page)
        else:  # the language file is in: i18n.js set <html dir>
            page.wait_for_function("document.documentElement.hasAttribute('dir')", timeout=30_000)
        yield page, watch
    finally:
        context.close()


def page_language(page: Page) -> tuple[str, str]:
    return str(page.evaluate("document.documentElement.lang")), str(page.evaluate("document.documentElement.dir"))


VISIBLE_TEXT_JS = r"""() => {
  const seen = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, template, option") || !seen(el)) continue;
    if (node.nodeValue.trim()) found.push(node.nodeValue);
  }
  for (const select of document.querySelectorAll("select")) {
    if (seen(select) && select.selectedOptions[0]) found.push(select.selectedOptions[0].textContent);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!seen(el)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (el.getAttribute(name)) found.push(el.getAttribute(name));
    }
  }
  found.push(document.title);
  return found;
}"""

LAYOUT_JS = r"""() => {
  const seen = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const width = document.documentElement.clientWidth;
  const classes = (el) => (typeof el.className === "string" && el.className.trim()
    ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const text = (el) => (el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40);
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${classes(el)} «${text(el)}»`;
  const wrong = [];
  const boxes = "button, label, select, input, legend, h1, h2, h3, p, li, "
    + ".player, .player span, .variant-card, .field, .option, .game-entry";
  for (const el of document.querySelectorAll(boxes)) {
    if (!seen(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.left < -1 || r.right > width + 1) {
      wrong.push(`${name(el)} reaches ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
    const style = getComputedStyle(el);
    const clips = el.tagName !== "SELECT" && el.tagName !== "INPUT" && style.display !== "inline";
    if (clips && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      wrong.push(`${name(el)} overflows: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  const scrolled = document.documentElement.scrollWidth;
  if (scrolled > width + 1) wrong.push(`the page scrolls sideways: ${scrolled} > ${width}`);
  return wrong;
}"""

# Where a step of notation is drawn: the left edge of each `tokens` in the element's text.
TOKEN_X_JS = r"""([selector, tokens]) => {
  const el = document.querySelector(selector);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const xs = [];
  for (const token of tokens) {
    let x = null;
    walker.currentNode = el;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue.indexOf(token);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + token.length);
      x = range.getBoundingClientRect().left;
      break;
    }
    xs.push(x);
  }
  return xs;
}"""

SCROLL_DIALOG_JS = """(to) => {
  const dialog = document.querySelector("dialog[open]");
  if (dialog) dialog.scrollTop = to === "end" ? dialog.scrollHeight : 0;
  return Boolean(dialog);
}"""

POINT_X_JS = """(id) => {
  const r = document.querySelector(`#board [data-point="${id}"] .hit`).getBoundingClientRect();
  const b = document.querySelector('#board svg').getBoundingClientRect();
  return (r.left + r.width / 2 - b.left) / b.width;
}"""


def english_on_screen(page: Page, lang: str) -> list[str]:
    english = english_only_words(lang)
    found = []
    for text in page.evaluate(VISIBLE_TEXT_JS):
        plain = ISOLATES.sub("", str(text))
        leaked = sorted({word for word in WORD.findall(plain) if word.lower() in english})
        if leaked:
            found.append(f"{leaked} in {plain.strip()[:80]!r}")
    return found


def check_screen(page: Page, lang: str, screen: str) -> None:
    """No English and nothing out of its box on this screen, at the phone's and the desktop's
    width; a screenshot of each."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if lang != "en":
        leaked = english_on_screen(page, lang)
        assert not leaked, f"{lang} {screen}: English on the screen:\n  " + "\n  ".join(leaked)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.evaluate("new Promise((done) => requestAnimationFrame(() => done(null)))")  # drawn at this size
        wrong = page.evaluate(LAYOUT_JS)
        shot = SHOTS / f"lang-{lang}-{screen}-{size['width']}.png"
        page.screenshot(path=str(shot), full_page=screen == "board")
        if page.evaluate(SCROLL_DIALOG_JS, "end"):  # a dialog's end as well
            page.screenshot(path=str(shot.with_name(f"{shot.stem}-end.png")))
            page.evaluate(SCROLL_DIALOG_JS, "start")
        assert not wrong, f"{lang} {screen} at {size['width']} px:\n  " + "\n  ".join(wrong)
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", CHECKED)
def test_a_first_visit_speaks_the_browsers_language(browser: Browser, site: str, lang: str) -> None:
    own = words_of(lang)
    rtl = lang in RIGHT_TO_LEFT
    with fresh_page(browser, site, lang) as (page, watch):
        assert page_language(page) == (lang, "rtl" if rtl else "ltr")
        # the first visit opens on the start screen, in the language
        assert page.locator("#setup").is_visible()
        assert page.inner_text("#setup-start") == own["btn.start"]
        assert page.title() == own["app.title"]
        check_screen(page, lang, "setup")
        # the game offered first is the one played where the language is spoken (docs/first-game.md)
        offered = page.evaluate("document.querySelector('input[name=variant]:checked').value")
        assert offered == FIRST_GAME.get(lang, "backgammon")
        page.check('input[name="variant"][value="backgammon"]')  # what follows is drawn for backgammon
        after(page, lambda: page.click("#setup-start"))
        press(page, "btn-roll")  # the opening roll: its message
        play_one_turn(page)  # a line in the record, the last move
        page.evaluate("document.activeElement && document.activeElement.blur()")
        check_screen(page, lang, "board")
        # the board is drawn as in every language: White's home (1) on the right, 12 and 13 on the left
        assert page.get_attribute("#board", "dir") == "ltr"
        assert page.evaluate(POINT_X_JS, "1") > 0.5 > page.evaluate(POINT_X_JS, "12")
        assert page.evaluate(POINT_X_JS, "24") > 0.5 > page.evaluate(POINT_X_JS, "13")
        # the notation of the move just played reads left to right, also inside a right-to-left line
        play = str(page.evaluate("window.nardPage.view.last.read"))  # as the board's numbers read it
        steps = play.split()
        if len(steps) > 1:
            for selector in ("#last-move", "#record-list li:last-child .record-item"):
                xs = page.evaluate(TOKEN_X_JS, [selector, steps])
                assert None not in xs and xs == sorted(xs), f"{selector}: {steps} drawn at {xs}"
        # the record's arrows: "back" points to where the record starts, on the left or on the right
        back = page.locator("#replay-back").bounding_box()
        forward = page.locator("#replay-forward").bounding_box()
        assert back and forward
        assert (back["x"] > forward["x"]) is rtl
        assert page.inner_text("#replay-back") == ("▶" if rtl else "◀")
        assert page.inner_text("#replay-first") == ("»" if rtl else "«")
        first = page.locator("#replay-first").bounding_box()
        assert first and (first["x"] > back["x"]) is rtl
        page.keyboard.press("ArrowRight" if rtl else "ArrowLeft")  # a step back, as the arrow points
        page.wait_for_function("window.nardPage.view && window.nardPage.view.replay !== null", timeout=20_000)
        after(page, lambda: page.keyboard.press("End"))
        # dark, at the phone's width
        page.emulate_media(color_scheme="dark")
        page.screenshot(path=str(SHOTS / f"lang-{lang}-board-360-dark.png"), full_page=True)
        watch.assert_clean()


# each game's rules in a language of its players, one right to left, light and dark
RULES_SHOWN = [("backgammon", "de", "light"), ("narde", "ru", "dark"), ("khachapuri", "ka", "light"),
               ("moultezim", "tr", "light"), ("tawla31", "ar", "dark"), ("narde", "he", "light")]


@pytest.mark.parametrize(("game", "lang", "scheme"), RULES_SHOWN)
def test_each_games_rules_are_shown_whole_in_the_language_and_fit(browser: Browser, site: str, game: str,
                                                                  lang: str, scheme: str) -> None:
    own = words_of(lang)
    with fresh_page(browser, site, lang, color_scheme=scheme) as (page, watch):
        page.click(f'.variant-card:has(input[value="{game}"]) .rules-link')
        expect(page.locator("#rules")).to_be_visible()
        assert page.inner_text("#rules-title") == own[f"variant.{game}.title"]
        shown = page.evaluate("[...document.querySelectorAll('#rules-body > *')]"
                              ".map((e) => [e.tagName, e.textContent])")
        wanted: list[list[str]] = []
        for section in rules_sections(game):
            wanted += [["H3", own[section["heading"]]], *(["P", own[key]] for key in section["text"])]
        assert shown == wanted
        check_screen(page, lang, f"rules-{game}-{scheme}")
        watch.assert_clean()


NON_WESTERN_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")
# Each dialog, the button that opens it and the one that closes it.
DIALOGS = [("games", "#btn-games", "#games-close"), ("settings", "#btn-settings", "#settings-close"),
           ("rules", "#btn-rules", "#rules-close"), ("resign", "#btn-resign", "#resign-cancel")]


@pytest.mark.parametrize("lang", ["ar", "fa", "he", "de", "hy"])
def test_the_dialogs_and_the_editor_speak_the_language_and_fit(browser: Browser, site: str, lang: str) -> None:
    with fresh_page(browser, site, lang) as (page, watch):
        after(page, lambda: page.click("#setup-start"))
        press(page, "btn-roll")
        for screen, opener, closer in DIALOGS:
            page.click(opener)
            page.wait_for_selector(f"dialog#{screen}[open]")
            check_screen(page, lang, screen)
            if screen == "games":  # a date in the language, in Western digits
                detail = page.inner_text("#games-list .game-detail")
                assert re.search(r"\d", detail) and not NON_WESTERN_DIGITS.search(detail), detail
            page.click(closer)
        press(page, "btn-share")
        page.wait_for_selector("dialog#share[open]")
        check_screen(page, lang, "share")
        page.click("#share-close")
        press(page, "btn-edit")
        check_screen(page, lang, "editor")
        press(page, "editor-close")
        watch.assert_clean()


@pytest.mark.parametrize("lang", ["uk", "hy", "az", "el", "fr", "es"])
def test_the_other_languages_fit_and_leave_no_english(browser: Browser, site: str, lang: str) -> None:
    with fresh_page(browser, site, lang) as (page, watch):
        assert page_language(page) == (lang, "ltr")
        check_screen(page, lang, "setup")
        after(page, lambda: page.click("#setup-start"))
        press(page, "btn-roll")
        check_screen(page, lang, "board")
        watch.assert_clean()


@pytest.mark.parametrize(("locale", "expected"),
                         [("pt-BR", "en"), ("az-Latn-AZ", "az"), ("fa-IR", "fa"), ("de-CH", "de")])
def test_the_browsers_language_is_matched_whole_then_by_its_language(browser: Browser, site: str, locale: str,
                                                                     expected: str) -> None:
    with fresh_page(browser, site, locale, wait=False) as (page, _):
        assert page_language(page)[0] == expected


def test_the_browsers_languages_are_tried_in_order(browser: Browser, site: str) -> None:
    languages = "Object.defineProperty(navigator, 'languages', {get: () => ['pt-BR', 'xx', 'he-IL', 'ru']});"
    with fresh_page(browser, site, "pt-BR", wait=False, init_script=languages) as (page, _):
        assert page_language(page) == ("he", "rtl")


def test_a_language_chosen_in_the_app_wins_over_the_browsers(browser: Browser, site: str) -> None:
    with fresh_page(browser, site, "ar") as (page, watch):
        assert page_language(page) == ("ar", "rtl")
        after(page, lambda: page.click("#setup-start"))
        page.set_viewport_size(DESKTOP)  # the header's language switch (on a phone it is in the settings)
        after(page, lambda: page.select_option("#lang-switch", "de"))
        assert page_language(page) == ("de", "ltr")
        page.reload()
        wait_ready(page)
        assert page_language(page) == ("de", "ltr")
        assert page.inner_text("#btn-new") == words_of("de")["btn.new"]
        watch.assert_clean()
    # a choice kept in this browser before, on a first game: the same
    stored = "try { localStorage.setItem('nard.lang', 'tr'); } catch (_) { /* a frame without storage */ }"
    with fresh_page(browser, site, "ar", init_script=stored) as (page, watch):
        assert page_language(page) == ("tr", "ltr")
        assert page.inner_text("#setup-start") == words_of("tr")["btn.start"]
        watch.assert_clean()


# -- plural forms -----------------------------------------------------------------------------

def opening_with_ties(page: Page, ties: int) -> str:
    """The message of an opening roll that tied `ties` times (the dice come from the query)."""
    page.wait_for_selector("#setup-start", state="visible")
    after(page, lambda: page.click("#setup-start"))
    press(page, "btn-roll")
    return ISOLATES.sub("", page.inner_text("#message"))


def dice_for_ties(*ties: int) -> str:
    """?dice= for one opening per count, each tying that many times (3-3 each) and then 6-5."""
    dice: list[int] = []
    for n in ties:
        dice += [3, 3] * n + [6, 5]
    return "?dice=" + ",".join(map(str, dice))


def pips_of(page: Page) -> tuple[str, str]:
    bottom, top = (ISOLATES.sub("", page.inner_text(f"#player-{where} .pips")) for where in ("bottom", "top"))
    return bottom, top


LAST_CHECKERS = "#p=backgammon:w:1:2"  # White's last checker on its 1-point, Black's on its 2-point


@pytest.mark.parametrize(("lang", "ties", "pips"), [
    ("en", {1: "(after 1 tie)", 2: "(after 2 ties)"}, ("1 pip", "2 pips")),
    ("ru", {1: "(перебрасывали 1 раз)", 2: "(перебрасывали 2 раза)", 5: "(перебрасывали 5 раз)"},
     ("пипсов: 1", "пипсов: 2")),
    ("ar", {1: "(بعد 1 تعادل)", 2: "(بعد 2 تعادلين)", 3: "(بعد 3 تعادلات)"}, ("1 خطوة", "2 خطوتان")),
    ("he", {}, ("1 צעד", "2 צעדים")),
])
def test_counts_take_the_languages_plural_forms(browser: Browser, site: str, lang: str, ties: dict[int, str],
                                                pips: tuple[str, str]) -> None:
    with fresh_page(browser, site, lang, dice_for_ties(*ties)) as (page, watch):
        for n, wanted in ties.items():
            if not page.locator("#setup").is_visible():
                page.click("#btn-new")
            message = opening_with_ties(page, n)
            assert wanted in message, message
        if page.locator("#setup").is_visible():
            after(page, lambda: page.click("#setup-start"))
        after(page, lambda: page.evaluate(f"location.hash = {LAST_CHECKERS[1:]!r}"))
        assert pips_of(page) == pips
        watch.assert_clean()
