"""The page's layout where a player looks: every dialog and panel on a touch phone and a desktop
in English and in German (the longest words), the share dialog's buttons on a phone, a move
list that follows the game and takes the room there is, a board that stays put when the side
grows, the editor's words and buttons inside its panel, a small embed's buttons and point
numbers, and the current move and Black's dot readable in the dark."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from browser_support import CHECKERS_BY_POINT_JS, TEST_CONTEXT, Watch, after, new_context, origin_of, wait_ready
from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, expect
from screens_support import SCREENS, layout_problems, open_screen, start_page

PHONE = {"has_touch": True, "is_mobile": True}
Opener = Callable[..., Page]  # the app opened on a game, in a context made with these arguments
# four parts, the last one a long word no line can break by itself (the message quotes it)
LONG_GARBAGE = "backgammon:w:24x2,13x5,8x3,6x5:" + "not-a-position-" * 8


@pytest.fixture
def open_game(browser: Browser, site: str) -> Iterator[Opener]:
    """Opens the app on a backgammon game 24 turns in, in a fresh watched context made with
    the given arguments (over open_app's TEST_CONTEXT); every context it made is checked clean
    and closed afterwards."""
    made: list[tuple[BrowserContext, Watch]] = []

    def opener(**context_args: object) -> Page:
        context, page = new_context(browser, **{**TEST_CONTEXT, **context_args})
        watch = Watch(origin_of(site)).attach(context)
        made.append((context, watch))
        start_page(page, site)
        return page

    yield opener
    try:
        for _, watch in made:
            watch.assert_clean()
    finally:
        for context, _ in made:
            context.close()


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


# -- every dialog and panel -----------------------------------------------------------------------


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone-360x740", "desktop-1280x800"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_every_dialog_and_panel_keeps_its_controls_and_words_inside_the_window(
        open_game: Opener, size: tuple[int, int], locale: str) -> None:
    width, height = size
    touch = PHONE if width < 600 else {}
    page = open_game(viewport={"width": width, "height": height}, locale=locale, **touch)
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    found = {}
    for screen in SCREENS:
        open_screen(page, screen)
        problems = layout_problems(page)
        if problems:
            found[screen.name] = problems
        screen.close(page)
    assert found == {}


def test_the_layout_check_sees_a_control_off_the_window_and_words_spilling_out(open_game: Opener) -> None:
    page = open_game(viewport={"width": 360, "height": 740}, **PHONE)
    assert layout_problems(page) == []
    page.evaluate("""() => {
      Object.assign(document.getElementById('btn-flip').style, {position: 'relative', left: '-400px'});
      Object.assign(document.getElementById('record-title').style,
                    {width: '3em', whiteSpace: 'nowrap', overflow: 'hidden'});
    }""")
    problems = layout_problems(page)
    assert any(line.startswith("control #btn-flip") for line in problems), problems
    assert any(line.startswith("text overflows #record-title") for line in problems), problems


# -- 1. the share dialog on a phone ---------------------------------------------------------------


@pytest.mark.parametrize("width", [360, 390])
def test_the_share_dialogs_buttons_wrap_inside_a_phone(open_game: Opener, width: int) -> None:
    page = open_game(viewport={"width": width, "height": 800}, **PHONE)
    after(page, lambda: page.click("#btn-share"))
    buttons = page.locator("#share .actions button")
    expect(buttons).to_have_count(7)
    rows = set()
    for i in range(buttons.count()):
        button = buttons.nth(i)
        button.scroll_into_view_if_needed()
        where = button.bounding_box()
        assert where is not None
        assert 0 <= where["x"] and where["x"] + where["width"] <= width, (button.inner_text(), where)
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), button.inner_text()
        rows.add(round(button.evaluate("b => b.offsetTop")))
    assert len(rows) >= 3  # six buttons do not fit one phone's row: they wrap
    page.locator("#share-link").click(trial=True)  # a tap reaches them
    page.locator("#share-edit").click(trial=True)


# -- 2. the move list follows the game ------------------------------------------------------------

ITEM_IN_LIST_JS = """([which]) => {
  const list = document.getElementById('record-list');
  const items = list.querySelectorAll('li');
  const item = which === 'current' ? list.querySelector('[aria-current="true"]')
    : items[which === 'first' ? 0 : items.length - 1];
  const a = list.getBoundingClientRect(), b = item.getBoundingClientRect();
  return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 && a.height > 0;
}"""


def test_the_move_list_shows_the_latest_move_and_uses_the_room_beside_the_board(open_game: Opener) -> None:
    page = open_game(viewport={"width": 1280, "height": 800})
    assert page.locator("#record-list li").count() >= 24
    assert page.evaluate(ITEM_IN_LIST_JS, ["last"])
    assert page.evaluate(ITEM_IN_LIST_JS, ["current"])  # the last move is the current one
    listed = box(page, "#record-list")
    # not a fixed box: the list reaches down the board's side, to near its bottom player's bar
    assert box(page, "#player-bottom")["y"] - 80 <= listed["y"] + listed["height"] <= 800
    after(page, lambda: page.click("#replay-first"))
    assert page.evaluate(ITEM_IN_LIST_JS, ["first"])
    for _ in range(12):
        after(page, lambda: page.click("#replay-forward"))
        assert page.evaluate(ITEM_IN_LIST_JS, ["current"])
    after(page, lambda: page.click("#replay-last"))
    assert page.evaluate(ITEM_IN_LIST_JS, ["last"])
    assert page.evaluate("window.scrollY") == 0  # the list scrolled, not the page


def test_on_a_phone_the_move_list_ends_on_the_latest_move(open_game: Opener) -> None:
    page = open_game(viewport={"width": 390, "height": 844}, **PHONE)
    assert page.evaluate(ITEM_IN_LIST_JS, ["last"])
    assert page.evaluate("window.scrollY") == 0


# -- 3. the board stays put ------------------------------------------------------------------------


def test_the_board_stays_put_and_the_bottom_bar_above_the_fold_when_the_side_grows(open_game: Opener) -> None:
    page = open_game(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    board_at = box(page, "#board svg")["y"]

    def still_in_place(what: str) -> None:
        assert abs(box(page, "#board svg")["y"] - board_at) <= 1, what
        bottom = box(page, "#player-bottom")
        assert bottom["y"] + bottom["height"] <= 800, what

    still_in_place("the game")
    page.click("#btn-review")
    page.wait_for_function("document.getElementById('review-progress').hidden", timeout=120_000)
    still_in_place("the review")
    page.click("#review-close")
    after(page, lambda: page.click("#btn-edit"))
    expect(page.locator("#editor")).to_be_visible()
    still_in_place("the editor in Russian")
    page.fill("#editor-text", LONG_GARBAGE)
    after(page, lambda: page.click("#editor-read"))
    expect(page.locator("#message")).to_be_visible()
    still_in_place("the editor's error")


# -- 5. the editor's words and buttons -----------------------------------------------------------


@pytest.mark.parametrize(("locale", "size"), [("ru-RU", (360, 740)), ("de-DE", (360, 740)), ("el-GR", (390, 844)),
                                              ("ru-RU", (1280, 800)), ("de-DE", (1280, 800))])
def test_the_editor_keeps_a_long_unreadable_string_and_its_buttons_inside(
        open_game: Opener, locale: str, size: tuple[int, int]) -> None:
    width, height = size
    page = open_game(viewport={"width": width, "height": height}, locale=locale, **(PHONE if width < 600 else {}))
    after(page, lambda: page.click("#btn-edit"))
    page.fill("#editor-text", LONG_GARBAGE)
    after(page, lambda: page.click("#editor-read"))
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert "not-a-position" in message.inner_text()  # the string is quoted...
    where = box(page, "#message")
    assert where["x"] >= 0 and where["x"] + where["width"] <= width  # ...and broken inside the window
    assert message.evaluate("m => m.scrollWidth <= m.clientWidth")
    panel = box(page, "#editor")
    for button in page.locator("#editor button:visible").all():
        inside = button.bounding_box()
        assert inside is not None
        assert panel["x"] <= inside["x"] and inside["x"] + inside["width"] <= panel["x"] + panel["width"] + 0.5, \
            button.inner_text()
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), button.inner_text()
    assert layout_problems(page) == []


# -- 8. a small embed -----------------------------------------------------------------------------

RECORD = ("narde:b:24x15:24x15  narde:w:24x15:24x13,16x2 44 24/16(2)  narde:b:24x14,9:24x13,16x2 55 24/9"
          "  narde:w:24x14,9:24x12,20,14x2 22 24/20 16/14(2)")
NUMBER_HEIGHT_JS = """(root) => {
  const number = root.querySelector('.board-svg .number');
  return number && number.checkVisibility() ? number.getBoundingClientRect().height : 0;
}"""


def test_a_320_by_240_embedded_app_keeps_its_buttons_whole_and_drops_its_unreadable_numbers(
        browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 240})
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        page.goto(f"{site}index.html?embed=1#p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5")
        wait_ready(page)
        flip = page.get_by_role("button", name="Flip board")
        expect(flip).to_be_visible()
        assert flip.get_attribute("title") == "Flip board"
        for button in page.locator(".controls button:visible").all():
            where = button.bounding_box()
            assert where is not None and where["x"] >= 0 and where["x"] + where["width"] <= 320, button.inner_text()
            assert where["y"] >= 0 and where["y"] + where["height"] <= 240, button.inner_text()
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), button.inner_text()
        assert page.evaluate(NUMBER_HEIGHT_JS, page.locator("#board").element_handle()) == 0
        assert layout_problems(page) == []
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize(("width", "numbers"), [(320, False), (720, True)])
def test_a_nard_board_shows_its_point_numbers_only_where_they_can_be_read(
        browser: Browser, site: str, width: int, numbers: bool) -> None:
    context = browser.new_context(viewport={"width": width + 40, "height": 800})
    try:
        page = context.new_page()
        page.goto(site + "embed-example.html")  # a page of this site, where embed.js may run
        page.evaluate("""([record, width]) => {
          const holder = document.createElement('div');
          holder.style.width = width + 'px';
          const element = document.createElement('nard-board');
          element.setAttribute('record', record);
          holder.append(element);
          document.body.replaceChildren(holder);
        }""", [RECORD, width])
        element = page.locator("nard-board")
        element.locator("svg.board-svg").wait_for()
        assert page.evaluate(f"({CHECKERS_BY_POINT_JS})(document.querySelector('nard-board').shadowRoot)")
        height = element.evaluate(f"e => ({NUMBER_HEIGHT_JS})(e.shadowRoot)")
        if numbers:
            assert height >= 9  # readable
        else:
            assert height == 0
        host = element.bounding_box()
        assert host is not None and abs(host["width"] - width) < 1
        for control in element.locator("button:visible, a:visible").all():
            where = control.bounding_box()
            assert where is not None
            assert host["x"] <= where["x"] and where["x"] + where["width"] <= host["x"] + host["width"] + 0.5
            assert control.evaluate("b => b.scrollWidth <= b.clientWidth")
    finally:
        context.close()


# -- 10. dark mode -----------------------------------------------------------------------------------

# WCAG contrast between an element's colour (or its border's) and the background it is drawn on
CONTRAST_JS = """([selector, property]) => {
  const el = document.querySelector(selector);
  const canvas = document.createElement('canvas').getContext('2d', {willReadFrequently: true});
  const rgb = (colour) => { canvas.clearRect(0, 0, 1, 1); canvas.fillStyle = colour; canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data].slice(0, 4); };
  const background = (node) => { for (; node; node = node.parentElement) {
    const c = rgb(getComputedStyle(node).backgroundColor); if (c[3] > 0) return c; } return rgb('white'); };
  const behind = property === 'color' ? background(el) : background(el.parentElement);
  const front = rgb(getComputedStyle(el)[property]);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [hi, lo] = [lum(front), lum(behind)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_current_move_and_blacks_dot_are_readable(open_game: Opener, scheme: str) -> None:
    page = open_game(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    current = "#record-list [aria-current='true']"
    expect(page.locator(current)).to_be_visible()
    assert page.evaluate(CONTRAST_JS, [current, "color"]) >= 4.5
    after(page, lambda: page.click("#replay-back"))
    assert page.evaluate(CONTRAST_JS, [current, "color"]) >= 4.5
    black = "#player-top[data-side='b'] .dot" if page.locator("#player-top[data-side='b']").count() else \
        "#player-bottom[data-side='b'] .dot"
    assert page.evaluate(CONTRAST_JS, [black, "borderTopColor"]) >= 3  # a shape against its card: 3:1
