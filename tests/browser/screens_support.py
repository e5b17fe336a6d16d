"""Every screen of the app, opened the way a player opens it, and two checks run on each: the
layout (no control outside the window, no text overflowing its box) and axe-core's rules.

`SCREENS` lists the main screen, each dialog and each panel beside the board with how to open
and close it, on a backgammon game some turns in (`long_game_fragment`), so the record, the
review, the hint, the resign dialog and the share dialog's every row have something to show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from browser_support import after, board
from playwright.sync_api import Page, expect
from support.app import fresh, play_turns

from web.worker import saves

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def long_game_fragment(turns: int = 24) -> str:
    """`s=…`: a backgammon game between two people here, `turns` turns played (seeded dice)."""
    app, _ = fresh("backgammon", dice="seed:5")
    play_turns(app, turns)
    return saves.export_url(app.session)


def _click(selector: str) -> Callable[[Page], None]:
    return lambda page: page.click(selector)


def _sent(selector: str) -> Callable[[Page], None]:
    """A click whose intent the engine answers: wait for its paint."""
    return lambda page: after(page, lambda: page.click(selector))


def _open_statistics(page: Page) -> None:
    page.click("#btn-games")
    page.click("#games-statistics")
    expect(page.locator("#stats-body .stats-section")).to_have_count(3, timeout=60_000)


def _open_review(page: Page) -> None:
    page.click("#btn-review")
    expect(page.locator("#review-list li").first).to_be_visible(timeout=60_000)
    page.wait_for_function("document.getElementById('review-progress').hidden", timeout=120_000)  # complete


def _open_hint(page: Page) -> None:
    if page.locator("#btn-roll").is_visible():
        after(page, lambda: page.click("#btn-roll"))
    after(page, lambda: page.click("#btn-hint"))
    expect(page.locator("#hint")).to_be_visible()


def _open_link_game(page: Page) -> None:
    page.click("#btn-new")
    page.check('input[name="variant"][value="backgammon"]')
    page.check('input[name="opponent"][value="link"]')
    after(page, lambda: page.click("#setup-start"))
    expect(page.locator("#link-panel")).to_be_visible()


def _nothing(page: Page) -> None:
    pass


@dataclass(frozen=True)
class Screen:
    name: str
    open: Callable[[Page], None]
    close: Callable[[Page], None]
    shown: str  # the element that must be visible once it is open


# In this order on one page: the hint rolls the dice, the game by link replaces the game.
SCREENS = (
    Screen("main", _nothing, _nothing, "#board"),
    Screen("setup", _click("#btn-new"), _click("#setup-cancel"), "#setup"),
    Screen("games", _click("#btn-games"), _click("#games-close"), "#games"),
    Screen("statistics", _open_statistics, _click("#stats-close"), "#statistics"),
    Screen("rules", _click("#btn-rules"), _click("#rules-close"), "#rules"),
    Screen("share", _sent("#btn-share"), _click("#share-close"), "#share"),
    Screen("settings", _click("#btn-settings"), _click("#settings-close"), "#settings"),
    Screen("resign", _click("#btn-resign"), _click("#resign-cancel"), "#resign"),
    Screen("review", _open_review, _click("#review-close"), "#review"),
    Screen("editor", _sent("#btn-edit"), _sent("#editor-close"), "#editor"),
    Screen("replay", _sent("#replay-first"), _sent("#replay-last"), "#record"),
    Screen("puzzles", _sent("#btn-puzzles"), _sent("#study-close"), "#study"),
    Screen("openings", _sent("#btn-openings"), _sent("#study-close"), "#study"),
    Screen("hint", _open_hint, _nothing, "#hint"),
    Screen("link", _open_link_game, _nothing, "#link-panel"),
)


def open_screen(page: Page, screen: Screen) -> None:
    screen.open(page)
    expect(page.locator(screen.shown)).to_be_visible()
    # the checkers' and dialogs' transitions ended
    page.wait_for_function("document.getAnimations().filter(a => a.playState === 'running').length === 0")


def start_page(page: Page, site: str) -> None:
    """The app on a game 24 turns in, ready."""
    page.goto(site + "?dice=seed:3#" + long_game_fragment())
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    page.wait_for_function("Number(document.getElementById('board').dataset.seq || 0) > 0")
    assert board(page)["variant"] == "backgammon"


# What is wrong with the layout as a player sees it, one line each:
# - a control (button, input, select, a, [role=button]) with its box outside the window; a control
#   inside a scrolled box (a dialog's body, a list) counts by how far that box scrolls; while a
#   modal dialog is open, only its controls count (the page behind is inert);
# - text wider than its box (scrollWidth > clientWidth) in any element that holds text itself.
LAYOUT_PROBLEMS_JS = """() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const problems = [];
  const shown = (el) => {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: false})) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const classes = (el) => typeof el.className === 'string' && el.className.trim()
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
  const name = (el) => el.id ? '#' + el.id :
    el.tagName.toLowerCase() + classes(el) + ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '"';
  const at = (r) => `x ${Math.round(r.left)}..${Math.round(r.right)}, y ${Math.round(r.top)}..${Math.round(r.bottom)}`;
  const scroller = (el, axis) => {
    for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      const overflow = axis === 'x' ? s.overflowX : s.overflowY;
      if (overflow === 'auto' || overflow === 'scroll') return p;
    }
    return null;
  };
  const dialog = [...document.querySelectorAll('dialog[open]')].pop() || null;
  const scope = dialog || document;
  const fits = (lo, hi, from, to) => lo >= from - 1 && hi <= to + 1;
  if (dialog) {
    const d = dialog.getBoundingClientRect();
    if (!fits(d.left, d.right, 0, vw) || !fits(d.top, d.bottom, 0, vh))
      problems.push(`dialog ${name(dialog)} at ${at(d)} in ${vw}x${vh}`);
  }
  for (const el of scope.querySelectorAll('button, input, select, a, [role=button]')) {
    if (!shown(el) || el.closest('svg')) continue;
    const r = el.getBoundingClientRect();
    for (const axis of ['x', 'y']) {
      const lo = axis === 'x' ? r.left : r.top, hi = axis === 'x' ? r.right : r.bottom;
      const box = scroller(el, axis);
      let ok;
      if (box) {
        const b = box.getBoundingClientRect();
        const start = axis === 'x' ? b.left - box.scrollLeft : b.top - box.scrollTop;
        const size = axis === 'x' ? box.scrollWidth : box.scrollHeight;
        ok = fits(lo, hi, start, start + size);
        // and the scrolled box itself within the window across the other axis
        if (ok && axis === 'x') ok = fits(b.left, b.right, 0, vw);
      } else if (axis === 'x') {
        ok = fits(lo, hi, 0, vw);
      } else {
        ok = lo + window.scrollY >= -1 && (dialog ? hi <= vh + 1 : true);  // the page scrolls down, never up
      }
      if (!ok) problems.push(`control ${name(el)} at ${at(r)} in ${vw}x${vh}`);
    }
  }
  for (const el of scope.querySelectorAll('body *')) {
    if (el.closest('svg, select') || ['INPUT', 'TEXTAREA', 'OPTION', 'SCRIPT', 'STYLE'].includes(el.tagName)) continue;
    const s = getComputedStyle(el);
    if (['inline', 'contents'].includes(s.display) || ['auto', 'scroll'].includes(s.overflowX)) continue;
    const inline = (c) => getComputedStyle(c).display === 'inline';
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) ||
      (el.children.length > 0 && [...el.children].every(inline) && el.textContent.trim());
    if (!text || !shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(`text overflows ${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return problems;
}"""


def layout_problems(page: Page) -> list[str]:
    return list(page.evaluate(LAYOUT_PROBLEMS_JS))


def axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line per element
    (the context must bypass the page's content security policy to take axe's script)."""
    if not page.evaluate("'axe' in window"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""() => axe.run(document, {resultTypes: ['violations']}).then((result) =>
      result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) =>
        v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}: `
          + (n.failureSummary || '').replace(/\\s+/g, ' '))))""")
    return list(found)
