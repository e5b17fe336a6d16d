"""Helpers for the browser tests: watching a context for anything going wrong, booting the app."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlsplit

import context_pool
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Frame, Page, Request, Response, Route

CHROMIUM = os.environ.get("NARD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The tests' Chromium runs Pyodide's WebAssembly on V8's baseline compiler only (Liftoff): V8
# otherwise recompiles the interpreter's hot functions with its optimizing compiler at every
# boot, work the tests never repay (a boot takes a few seconds and the Python in the tests is
# short). Measured on the browser tests: 786 CPU seconds instead of 944, the Python no slower
# (docs/testing.md). Benchmarks of what a player waits for keep CHROMIUM_FLAGS.
TEST_CHROMIUM_FLAGS = [*CHROMIUM_FLAGS, "--js-flags=--liftoff-only"]
BOOT_TIMEOUT_MS = 60_000
# Third-party console warnings that are understood, by exact text; anything else fails a test.
KNOWN_WARNINGS = frozenset({
    # PyScript, in its worker: the DOM is on the main thread, as intended
    "Unable to use `window` or `document` in worker. This requires SharedArrayBuffer support."
    " See: https://docs.pyscript.net/latest/faq/#sharedarraybuffer",
    # Playwright, in a context opened with service_workers="block" (open_app's default)
    "Service Worker registration blocked by Playwright",
})


@dataclass
class Watch:
    """Everything that went wrong in one browser context, as readable lines."""

    origin: str
    also_allowed: tuple[str, ...] = ()  # further origins that may be requested (an embedding page)
    problems: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    # navigations begun in each frame, and how many had begun when each request was made: a
    # request the page's own navigation (a reload, a new address) cut off fails with
    # net::ERR_ABORTED, which is no fault
    navigations: dict[Frame, int] = field(default_factory=dict)
    made_after: dict[Request, int] = field(default_factory=dict)

    def attach(self, context: BrowserContext) -> Watch:
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self.problems.append(f"page error: {error.error}"))
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_request_failed)
        context.on("response", self._on_response)
        return self

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning") and message.text not in KNOWN_WARNINGS:
            self.problems.append(f"console {message.type}: {message.text} ({message.location.get('url', '')})")

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        frame = frame_of(request)
        if frame is not None:
            if request.is_navigation_request():
                self.navigations[frame] = self.navigations.get(frame, 0) + 1
            self.made_after[request] = self.navigations.get(frame, 0)
        scheme = urlsplit(request.url).scheme
        if scheme in ("data", "blob"):
            return
        if origin_of(request.url) not in (self.origin, *self.also_allowed):
            self.problems.append(f"request to another origin: {request.url}")

    def _on_request_failed(self, request: Request) -> None:
        if request.failure == "net::ERR_ABORTED" and self.cut_off_by_navigation(request):
            return
        self.problems.append(f"request failed: {request.url} ({request.failure})")

    def cut_off_by_navigation(self, request: Request) -> bool:
        """Whether its frame began another navigation after `request` was made (the document
        that made it was being replaced), or the frame is gone."""
        frame = frame_of(request)
        if frame is None or request not in self.made_after:
            return False
        return frame.is_detached() or self.navigations.get(frame, 0) > self.made_after[request]

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def mark(self) -> int:
        return len(self.problems)

    def assert_clean(self, since: int = 0) -> None:
        new = self.problems[since:]
        assert not new, "the page went wrong:\n  " + "\n  ".join(new)


def frame_of(request: Request) -> Frame | None:
    """The frame that made `request`; None for a worker's request (a service worker's has none)."""
    try:
        return request.frame
    except Exception:  # Playwright raises for requests made by a service worker
        return None


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def wait_ready(page: Page) -> None:
    """Wait for <html data-ready>; fail if the boot ended in error."""
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("document.documentElement.dataset.ready")
    assert state == "1", f"the app did not boot: data-ready={state!r}"


def wait_controlled(page: Page) -> None:
    """The service worker is active (so its precache is complete) and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


# open_app's context options, unless a test gives its own
TEST_CONTEXT = {"reduced_motion": "reduce", "service_workers": "block"}
# the `app` fixture's window
APP_VIEWPORT = {"width": 1280, "height": 860}


def new_context(browser: Browser, **options: object) -> tuple[BrowserContext, Page]:
    """A context with no site data and a blank page in it: lent by the worker's pool of warm
    contexts (context_pool.py) when `options` are open_app's usual ones, else new."""
    warm = context_pool.pool()
    context: BrowserContext
    if warm is not None and context_pool.poolable(options, TEST_CONTEXT):
        context = cast(BrowserContext, warm.lend())
    else:
        context = browser.new_context(**options)  # type: ignore[arg-type]
    return context, context_pool.page_of(context, cast("dict[str, int] | None", options.get("viewport")))


def open_app(
    browser: Browser, site: str, routes: dict[str, Callable[[Route], None]] | None = None, **context_args: object
) -> tuple[BrowserContext, Page, Watch]:
    """A context empty of site data (no service worker yet), watched, with the app booted: lent
    by the worker's pool of warm contexts (context_pool.py) where its options allow, else new;
    requests matching a pattern of `routes` are answered by its handler. Unless `context_args`
    say otherwise, the context asks for reduced motion (the dice do not tumble, the checkers do
    not glide, the computer plays after 120 ms rather than 420-650: web/page/page.js), so a test
    waits less for the same states, and blocks the service worker (no precache of the whole
    site behind each boot; the page says so by a warning KNOWN_WARNINGS allows). Tests of the
    motion or of the service worker pass `reduced_motion="no-preference"` or
    `service_workers="allow"`."""
    context, page = new_context(browser, **{**TEST_CONTEXT, **context_args})
    watch = Watch(origin_of(site)).attach(context)
    for pattern, handler in (routes or {}).items():
        context.route(pattern, handler)
    page.goto(site)
    wait_ready(page)
    return context, page, watch


@dataclass
class AppPage:
    page: Page
    watch: Watch
    context: BrowserContext


# -- reading the page and acting on it, the way a person does -------------------------------


def board(page: Page) -> dict[str, str]:
    return dict(page.evaluate("({...document.getElementById('board').dataset})"))


def seq(page: Page) -> int:
    return int(board(page).get("seq") or 0)


def after(page: Page, action) -> None:  # type: ignore[no-untyped-def]
    """Do `action` and wait until the engine's answer is painted: an answer painted since, and
    no request of the page's left (one the page sent by itself, the luck measured ahead, may
    come before the action's own)."""
    before = seq(page)
    action()
    page.wait_for_function(f"""(() => {{
      const root = document.getElementById('board');
      return Number(root.dataset.seq || 0) > {before} && (root.dataset.pending || '0') === '0';
    }})()""", timeout=20_000)


# The library's database as web/page/library/store.js keeps it, read and written behind the
# page's back: `(work) => ...` gets its stores in one transaction (`mode`) and answers a promise.
IN_LIBRARY = """async ([mode, work, arg]) => {
    const db = await new Promise((ok, no) => {
        const r = indexedDB.open('nard'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    try {
        if (!db.objectStoreNames.contains('saves')) return null;
        const tx = db.transaction([...db.objectStoreNames], mode);
        const get = (store, request) => new Promise((ok, no) => {
            request.onsuccess = () => ok(request.result === undefined ? null : request.result);
            request.onerror = () => no(request.error);
        });
        const stores = {}; for (const n of tx.objectStoreNames) stores[n] = tx.objectStore(n);
        const answer = await (new Function('stores', 'get', 'arg', 'return (' + work + ')'))(stores, get, arg);
        await new Promise((ok) => { tx.oncomplete = ok; if (mode === 'readonly') ok(); });
        return answer;
    } finally { db.close(); }
}"""


def in_library(page: Page, work: str, arg: object = None, mode: str = "readonly") -> Any:
    """`work`, a JavaScript expression over `stores`, `get(store, request)` and `arg`, in one
    transaction of the library's database."""
    return page.evaluate(IN_LIBRARY, [mode, work, arg])


def stored_save(page: Page, game_id: str) -> str | None:
    """A game's save as the library keeps it (web/page/library/store.js), None when it is not kept."""
    text = in_library(page, "get('saves', stores.saves.get(arg))", game_id)
    return None if text is None else str(text)


def stored_library(page: Page) -> dict[str, Any]:
    """Everything the library keeps: {"games": [entry ...], "saves": {id: save}, "aside": [...]}."""
    return dict(in_library(page, """(async () => ({
        games: await get('games', stores.games.getAll()),
        saves: Object.fromEntries(await Promise.all((await get('saves', stores.saves.getAllKeys())).map(
            async (k) => [k, await get('saves', stores.saves.get(k))]))),
        aside: await get('aside', stores.aside.getAll()),
    }))()"""))


def eventually(check: Callable[[], object], timeout: float = 20) -> None:
    """Wait until `check()` is true: what the page keeps is written after the answer is painted."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not kept in time"
        time.sleep(0.1)


def clear_library(page: Page) -> None:
    """Nothing kept: the library's database emptied, localStorage and sessionStorage cleared."""
    in_library(page, "Promise.all(Object.values(stores).map((s) => get('', s.clear())))", mode="readwrite")
    page.evaluate("localStorage.clear(); sessionStorage.clear()")


def saved(page: Page) -> str | None:
    """The save of the game on the board, as the library keeps it (web/page/library/store.js)."""
    return stored_save(page, str(page.evaluate("window.nardPage.gameId")))


def put_save(page: Page, text: str) -> None:
    """Overwrite the save of the game on the board (a reload then reads it)."""
    in_library(page, "get('saves', stores.saves.put(arg[1], arg[0]))",
               [page.evaluate("window.nardPage.gameId"), text], mode="readwrite")


def wait_position(page: Page, position: str, timeout: float = 30_000) -> None:
    """Wait until the board shows `position` (another tab's turn arriving, a restart)."""
    page.wait_for_function(f"document.getElementById('board').dataset.position === {position!r}", timeout=timeout)


def points(page: Page, flag: str) -> list[str]:
    return list(page.evaluate(f"[...document.querySelectorAll('#board [data-{flag}]')].map(e => e.dataset.point)"))


def click_point(page: Page, point: str) -> None:
    after(page, lambda: page.click(f'#board [data-point="{point}"]'))


def press(page: Page, button: str) -> None:
    after(page, lambda: page.click(f"#{button}"))


MOVABLE = "[...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point)"


def start_turn(page: Page) -> None:
    """Roll (the opening roll too) until the side to move has a checker to move (forced plays
    are played by themselves: a few turns may go by)."""
    for _ in range(20):
        if page.evaluate(MOVABLE):
            return
        if page.locator("#btn-roll").is_visible():
            press(page, "btn-roll")
        elif page.locator("#btn-confirm").is_visible():  # no legal play: the turn passes
            press(page, "btn-confirm")
    raise AssertionError("no checker to move")


def one_step(page: Page) -> None:
    """The first movable checker to its first destination, by two clicks on the board."""
    origin = page.evaluate(MOVABLE)[0]
    after(page, lambda: page.click(f"#board [data-point='{origin}']", force=True))
    target = page.evaluate("document.querySelector('#board [data-dest]').dataset.point")
    after(page, lambda: page.click(f"#board [data-point='{target}']", force=True))


def play_one_turn(page: Page) -> None:
    """The first movable checker to its first destination until the turn is complete, then confirm."""
    start_turn(page)
    while page.evaluate(MOVABLE):
        one_step(page)
    press(page, "btn-confirm")


def two_tabs(browser: Browser, site: str) -> tuple[BrowserContext, Page, Page, Watch]:
    """One game open in two tabs of one browser (one storage): the first tab starts it and plays
    a turn, then the second opens (with other dice, so that neither tab's dice decide the other's)."""
    context, first, watch = open_app(browser, site + "?dice=seed:8")
    start_game(first)
    play_one_turn(first)
    second = context.new_page()
    second.goto(site + "?dice=seed:9")
    wait_ready(second)
    return context, first, second, watch


def kill_engine(page: Page, answer_limit_ms: int | None = None) -> str:
    """Start a game, play a turn, then terminate the engine's worker behind the page's back, as a
    crash would: the position on the board, which a restart should bring back. `answer_limit_ms`
    shortens, once the turn is played, how long the page waits for an answer (app.js)."""
    start_game(page)
    play_one_turn(page)
    position = board(page)["position"]
    if answer_limit_ms is not None:
        page.evaluate(f"window.nardAnswerTimeoutMs = {int(answer_limit_ms)}")
    page.evaluate("document.querySelector('script[type=\"py\"][name=\"engine\"]').xworker.terminate()")
    return position


def start_game(page: Page, variant: str | None = None, options: tuple[str, ...] = (), opponent: str = "human") -> None:
    """Start a game from the start dialog (as it stands, or set to `variant`, `options` and
    `opponent`, no match) and wait until it is on the board: until then the buttons still show
    the state before it, such as a roll button that the opening roll then hides."""
    if variant is not None:
        if not page.is_visible("#setup"):
            page.click("#btn-new")
        page.check(f'input[name="variant"][value="{variant}"]')
        for option in options:
            page.check(f'input[name="option"][value="{option}"]')
        page.check(f'input[name="opponent"][value="{opponent}"]')
        page.select_option("#setup-match", "0")
    after(page, lambda: page.click("#setup-start"))
    if variant is not None:
        assert board(page)["variant"] == variant


# -- where checkers are drawn, as a player sees them ------------------------------------------

# `root`: the app's #board, or the shadow root of a <nard-board>
CHECKERS_BY_POINT_JS = """(root) => {
  const slots = [...root.querySelectorAll('[data-point]')].map(g => {
    const r = g.querySelector('.hit').getBoundingClientRect();
    return {id: g.dataset.point, r};
  });
  const found = {};
  for (const c of root.querySelectorAll('[data-checker]')) {
    const b = c.getBoundingClientRect();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    const side = c.classList.contains('side-w') ? 'w' : c.classList.contains('side-b') ? 'b' : '?';
    const hit = slots.filter(s => x >= s.r.left && x <= s.r.right && y >= s.r.top && y <= s.r.bottom);
    const key = (hit.length === 1 ? hit[0].id : 'nowhere:' + hit.map(s => s.id).join('|')) + ':' + side;
    found[key] = (found[key] || 0) + 1;
  }
  return found;
}"""


def drawn(page: Page) -> dict[str, int]:
    """Checkers counted where they are drawn: `{"<point id>:<side>": count}`, each checker's
    centre matched against the board's point areas once every move animation has ended."""
    page.wait_for_function(
        "document.getAnimations().filter(a => a.playState === 'running').length === 0", timeout=10_000
    )
    return dict(page.evaluate(f"({CHECKERS_BY_POINT_JS})(document.querySelector('#board'))"))


def expected_drawn(position_text: str) -> dict[str, int]:
    """The same count from a position string (each side in its own numbering; the board's
    point ids are White's numbering)."""
    from nardcore.position import Position  # the rules core, for the numbering only
    from nardcore.variant import BAR, OFF

    position = Position.parse(position_text)
    found: dict[str, int] = {}
    for side, letter in ((0, "w"), (1, "b")):
        counts = position.boards[side]
        for slot, count in enumerate(counts):
            if not count:
                continue
            if slot == BAR:
                key = f"bar-{letter}"
            elif slot == OFF:
                key = f"off-{letter}"
            else:
                key = str(slot if side == 0 else position.variant.opponent_point(slot))
            found[f"{key}:{letter}"] = count
    return found


def assert_drawn_as_engine_says(page: Page) -> None:
    """Every checker is drawn on the point the engine's position puts it (borne-off checkers
    in their tray)."""
    state = page.evaluate("({...document.getElementById('board').dataset})")
    assert drawn(page) == expected_drawn(state["position"]), state["position"]
